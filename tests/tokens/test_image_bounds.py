"""`resume --image` decodes a bounded number of pixels: a huge image is one line, a large photo is scaled down."""
import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from PIL import Image

from companion.tokens import qr

ROOT = Path(__file__).resolve().parents[2]
LIMIT_MB = 200
# runs `companion ARGS` as its own child and prints the child's exit code and peak memory in kB
MEASURE = ("import resource, subprocess, sys\n"
           "code = subprocess.run([sys.executable, '-m', 'companion', *sys.argv[1:]]).returncode\n"
           "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss\n"
           "print(code, peak // 1024 if sys.platform == 'darwin' else peak, file=sys.stderr)")


def png(path: Path, width: int, height: int, colour: int = 0, depth: int = 1, white: bool = True) -> None:
    """A PNG made in a blink at any size (colour 0 grey, 2 RGB, 3 palette): white, or no rows for a header-only read."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    row = b"\x00" + b"\xff" * ((width * depth * (3 if colour == 2 else 1) + 7) // 8)
    header = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 0)
    palette = chunk(b"PLTE", b"\xff\xff\xff") if colour == 3 else b""
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + palette
                     + chunk(b"IDAT", zlib.compress(row * height if white else b"", 1)) + chunk(b"IEND", b""))


def measured(home: Path, *args) -> tuple[int, str, str, float]:
    """(exit code, stdout, stderr without the measurement, peak MB) of `companion ARGS` in a fresh process."""
    env = dict(os.environ, COMPANION_HOME=str(home))
    result = subprocess.run([sys.executable, "-c", MEASURE, *map(str, args)], cwd=ROOT, env=env,
                            capture_output=True, text=True, check=True)
    *lines, last = result.stderr.splitlines()
    code, peak_kb = map(int, last.split())
    return code, result.stdout, "".join(line + "\n" for line in lines), peak_kb / 1024


def test_a_huge_image_is_refused_in_one_line_without_decoding_it(home, tmp_path):
    """A 13,300 x 13,300 white PNG used 1.23 GB and printed Pillow's DecompressionBombWarning first."""
    png(tmp_path / "white.png", 13_300, 13_300)
    code, out, err, peak = measured(home, "resume", "--image", tmp_path / "white.png")
    assert code == 1 and out == ""
    assert err == f"error: {tmp_path / 'white.png'} is 13300 x 13300 pixels, too large to look for a QR code in; " \
                  f"scale it down to at most {qr.MAX_SIDE} pixels a side\n"
    assert peak < LIMIT_MB


def test_a_photo_sized_code_still_decodes_after_scaling_down(cli, tmp_path):
    """A 4000 x 3000 photo with a game's code in a sixth of its width is read at 3000 x 2250, in bounded memory."""
    assert cli("sssnake", "new", "--players", "Ann,Bob,Cid,Dee", "--seed", "7").exit_code == 0
    assert cli("qr", "--format", "png", "-o", tmp_path / "code.png").exit_code == 0
    photo = Image.new("RGB", (4000, 3000), (120, 110, 100))
    photo.paste(Image.open(tmp_path / "code.png").resize((660, 660)).convert("RGB"), (2100, 900))
    photo.save(tmp_path / "photo.jpg", quality=85)
    with Image.open(tmp_path / "photo.jpg") as image:
        assert qr.gray(image, "photo.jpg").size == (qr.MAX_SIDE, 2250)
    code, out, err, peak = measured(tmp_path / "other", "resume", "--image", tmp_path / "photo.jpg")
    assert (code, err) == (0, "") and out.startswith("resumed as sssnake-1: ")
    assert peak < LIMIT_MB


def test_a_large_jpeg_is_decoded_at_a_fraction_of_its_size(tmp_path, monkeypatch):
    """JPEG's reduced-size decoding: an 8000 x 6000 photo is decoded at 4000 x 3000 and only then scaled down."""
    Image.new("L", (8000, 6000), 250).save(tmp_path / "big.jpg")
    decoded, scale_down = [], Image.Image.thumbnail

    def thumbnail(self, *args, **kwargs):
        self.load()
        decoded.append(self.size)
        scale_down(self, *args, **kwargs)

    monkeypatch.setattr(Image.Image, "thumbnail", thumbnail)
    with Image.open(tmp_path / "big.jpg") as image:
        assert qr.gray(image, "big.jpg").size == (qr.MAX_SIDE, 2250)
    assert decoded == [(4000, 3000)]


@pytest.mark.parametrize("colour, depth, size", [(2, 8, (5600, 4200)), (3, 8, (8000, 8000)), (0, 8, (10_001, 10_000))])
def test_an_image_that_would_hold_too_much_is_refused_before_decoding(tmp_path, colour, depth, size):
    """Over 100 megapixels, or more bytes than decoding may hold: refused from the header (the file has no pixels)."""
    png(tmp_path / "big.png", *size, colour, depth, white=False)
    with pytest.raises(qr.ImageError, match=f"big.png is {size[0]} x {size[1]} pixels, too large"):
        qr.read(tmp_path / "big.png")


def test_an_eps_file_is_not_opened(tmp_path):
    """Only photo and screenshot formats: an EPS would run Ghostscript on whatever it holds."""
    (tmp_path / "card.eps").write_text("%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\n")
    with pytest.raises(qr.ImageError, match="not an image this companion can read"):
        qr.read(tmp_path / "card.eps")


def chunked(path: Path, kind: bytes, data: bytes) -> None:
    """A small white PNG with one more chunk after its header (the bombs of issue 34, 3 are a few KB)."""
    png(path, 8, 8)
    raw = path.read_bytes()
    extra = struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    path.write_bytes(raw[:33] + extra + raw[33:])


BOMB = zlib.compress(b"a" * (20 * 2 ** 20), 9)  # 20 MB of text in about 20 KB


@pytest.mark.parametrize("damage", ["cut", "ztxt", "iccp"])
@pytest.mark.parametrize("command", [("resume", "--image"), ("sssnake", "verify", "--image")])
def test_a_damaged_image_is_refused_in_one_line(cli, tmp_path, damage, command):
    """Issue 34, 2-3: a PNG cut short (a TypeError from the decoder once), or one whose text or colour-profile chunk
    inflates past Pillow's limit (a ValueError once): one `error:` line naming the file, exit 1, no traceback."""
    image = tmp_path / "card.png"
    if damage == "cut":
        qr.png("SSSNAKE TOKEN THAT IS LONG ENOUGH TO FILL ROWS", image)
        image.write_bytes(image.read_bytes()[:300])
    else:
        chunked(image, b"zTXt" if damage == "ztxt" else b"iCCP", b"k\x00\x00" + BOMB)
    result = cli(*command, image)
    assert result.exit_code == 1, result.output
    assert result.output.startswith("error: ") and result.output.count("\n") == 1
    assert "card.png is not an image this companion can read" in result.output


def test_an_image_file_over_the_byte_bound_is_refused_unopened(tmp_path, monkeypatch):
    """Bounded in bytes too: a file past MAX_BYTES is never handed to Pillow."""
    png(tmp_path / "big.png", 8, 8)
    monkeypatch.setattr(qr, "MAX_BYTES", 10)
    with pytest.raises(qr.ImageError, match="big.png is over .* MB, too large"):
        qr.read(tmp_path / "big.png")
