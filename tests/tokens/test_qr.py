"""The QR code of a token, on screen and as a PNG, read back by a real decoder (zxing-cpp)."""
import re

import pytest
from PIL import Image

from companion.tokens import game_token as token
from companion.tokens import qr

TEXT = token.pack("sssnake", "sssnake-1", {"players": ["Ann", "Bob", "Cy", "Di"], "lengths": [4, 9, 12, 6]})


def screen_to_image(text: str, scale: int = 6) -> Image.Image:
    """What a phone sees: each half-block character is two modules, dark on light."""
    rows = []
    for line in re.sub(r"\x1b\[[0-9;]*m", "", text).splitlines():
        rows.append([c in "\u2580\u2588" for c in line])
        rows.append([c in "\u2584\u2588" for c in line])
    image = Image.new("L", (len(rows[0]), len(rows)), 255)
    image.putdata([0 if dark else 255 for row in rows for dark in row])
    return image.resize((image.width * scale, image.height * scale), Image.NEAREST)


def test_terminal_code_scans(tmp_path):
    """Scannable from the screen: half blocks with a quiet zone decode back to the token."""
    path = tmp_path / "screen.png"
    screen_to_image(qr.terminal(TEXT)).save(path)
    assert qr.read(path) == [TEXT]


def test_terminal_code_is_dark_on_light_with_quiet_zone():
    """Every line sets black on white itself, and the outer 4 modules (2 lines, 4 columns) are light."""
    lines = qr.terminal(TEXT).splitlines()
    assert all(line.startswith(qr.DARK_ON_LIGHT) and line.endswith(qr.RESET) for line in lines)
    plain = [re.sub(r"\x1b\[[0-9;]*m", "", line) for line in lines]
    assert plain[0].strip() == plain[1].strip() == plain[-1].strip() == ""
    assert all(line[:4] == line[-4:] == "    " for line in plain)


def test_png_scans(tmp_path):
    """An image of the code decodes back to the token."""
    qr.png(TEXT, tmp_path / "out" / "code.png")
    assert qr.read(tmp_path / "out" / "code.png") == [TEXT]


# Characters a QR code of version 1..10 holds in alphanumeric mode at error correction M (ISO/IEC 18004 table 7).
CAPACITY_M = (20, 38, 61, 90, 122, 154, 178, 221, 262, 311)


@pytest.mark.parametrize("length", [20, 21, 122, 200, 311])
def test_smallest_version_in_alphanumeric_mode_at_level_m(length):
    """The token fits QR alphanumeric mode (5.5 bits a character) at level M, in the smallest version that holds it."""
    text = ("CT1S:" + "AB$% *+-./:09" * 30)[:length]
    assert qr.version(text) == next(v for v, cap in enumerate(CAPACITY_M, 1) if cap >= length)


def test_missing_image_is_one_line(tmp_path):
    with pytest.raises(qr.ImageError, match="no image file at"):
        qr.read(tmp_path / "nope.png")


def test_not_an_image_is_one_line(tmp_path):
    path = tmp_path / "notes.png"
    path.write_text("not a picture")
    with pytest.raises(qr.ImageError, match="not an image this companion can read"):
        qr.read(path)


def test_image_without_code_is_one_line(tmp_path):
    path = tmp_path / "blank.png"
    Image.new("L", (200, 200), 255).save(path)
    with pytest.raises(qr.ImageError, match="no QR code found"):
        qr.read(path)
