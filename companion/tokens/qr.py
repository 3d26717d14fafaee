"""A token as a QR code (module matrix, terminal text, PNG) and back from a photo; imports its libraries on use."""
from __future__ import annotations

import os

QUIET_ZONE = 4  # modules of light margin the QR standard asks for around the code
DARK_ON_LIGHT = "\x1b[30;107m"  # black on bright white, whatever the terminal's own colours
RESET = "\x1b[0m"
HALF_BLOCKS = {(False, False): " ", (True, False): "\u2580", (False, True): "\u2584", (True, True): "\u2588"}
FORMATS = ("PNG", "JPEG", "WEBP", "GIF", "BMP", "TIFF")  # photos and screenshots; not EPS, which runs Ghostscript
MAX_PIXELS = 100_000_000  # an image's own size, read from its header, above which it is refused undecoded
MAX_HELD = 112 * 2 ** 20  # bytes decoding may hold (see gray), so reading any image stays under 200 MB
MAX_SIDE = 3000  # longest side handed to the decoder: a code filling a tenth of the width keeps 4 pixels a module


class ImageError(ValueError):
    """A photo that yields no token: missing, unreadable, too large, or without a QR code."""


def matrix(text: str) -> list[list[bool]]:
    """Rows of modules (True = dark) with the quiet zone around them; the code itself is the one the printed
    state card carries (sheets.qr: level M, alphanumeric mode), so screen, PNG and card always agree."""
    from companion.sheets.qr import qr_matrix

    core = qr_matrix(text)
    margin = [False] * QUIET_ZONE
    blank = [False] * (len(core) + 2 * QUIET_ZONE)
    return [blank] * QUIET_ZONE + [margin + row + margin for row in core] + [blank] * QUIET_ZONE


def version(text: str) -> int:
    """The QR version (1-40) a token needs at level M: a version-v code is 17 + 4v modules wide."""
    return (len(matrix(text)) - 2 * QUIET_ZONE - 17) // 4


def drawable(encoding: str | None) -> bool:
    """Whether a console of this encoding has the half blocks the terminal code is drawn with (cp1252 has not)."""
    try:
        "".join(HALF_BLOCKS.values()).encode(encoding or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def terminal(text: str) -> str:
    """Half-block characters, two module rows per line, dark on light: scannable from the screen."""
    rows = matrix(text)
    if len(rows) % 2:
        rows = rows + [[False] * len(rows[0])]
    lines = []
    for top, bottom in zip(rows[::2], rows[1::2]):
        cells = "".join(HALF_BLOCKS[pair] for pair in zip(top, bottom))
        lines.append(f"{DARK_ON_LIGHT}{cells}{RESET}")
    return "\n".join(lines)


def png(text: str, path, scale: int = 8) -> None:
    """A PNG with `scale` pixels per module, black on white, quiet zone included; written whole or not at all."""
    from PIL import Image

    from companion.sheets.canvas import write_atomically

    rows = matrix(text)
    image = Image.new("L", (len(rows), len(rows)), 255)
    image.putdata([0 if dark else 255 for row in rows for dark in row])
    image = image.resize((len(rows) * scale, len(rows) * scale), Image.NEAREST)
    write_atomically(path, lambda tmp: image.save(tmp, format="PNG"))


def read(path) -> list[str]:
    """The texts of every QR code found in an image, in the order the decoder found them."""
    import zxingcpp
    from PIL import Image, UnidentifiedImageError

    if not os.path.isfile(path):
        raise ImageError(f"no image file at {path}")
    pillow_limit, Image.MAX_IMAGE_PIXELS = Image.MAX_IMAGE_PIXELS, None  # gray() bounds the size, in one line
    try:
        with Image.open(path, formats=FORMATS) as image:
            found = zxingcpp.read_barcodes(gray(image, path), formats=zxingcpp.BarcodeFormat.QRCode)
    except (UnidentifiedImageError, OSError) as exc:
        raise ImageError(f"{path} is not an image this companion can read ({exc.__class__.__name__}); "
                         "use a PNG or JPEG") from None
    finally:
        Image.MAX_IMAGE_PIXELS = pillow_limit
    texts = [barcode.text for barcode in found if barcode.valid and barcode.text]
    if not texts:
        raise ImageError(f"no QR code found in {path}; photograph the card flat, whole, well lit and in focus")
    return texts


def gray(image, path):
    """The opened image in grey, at most MAX_SIDE pixels a side, refused unread if decoding would hold too much."""
    from PIL import Image

    width, height = image.size
    scale = max(width, height) / MAX_SIDE
    if scale > 1:  # a JPEG decodes straight to grey at 1/2, 1/4 or 1/8 of its size; other formats ignore this
        image.draft("L", (max(1, int(width / scale)), max(1, int(height / scale))))
    if width * height > MAX_PIXELS or held(image, width * height) > MAX_HELD:
        raise ImageError(f"{path} is {width} x {height} pixels, too large to look for a QR code in; "
                         f"scale it down to at most {MAX_SIDE} pixels a side")
    grey = image if image.mode == "L" else image.convert("L")
    grey.thumbnail((MAX_SIDE, MAX_SIDE), Image.Resampling.BOX)
    return grey


def held(image, original: int) -> int:
    """Bytes decoding `image` (drafted, not loaded) into grey holds at once, over-estimated where it varies."""
    pixels = image.width * image.height
    decoded = pixels * (1 if image.mode in ("1", "L", "P") else 4)  # Pillow keeps colour in 4 bytes a pixel
    if image.info.get("progressive"):
        decoded += 2 * image.layers * original  # libjpeg keeps every coefficient (2 bytes) until the last scan
    return decoded + pixels * (0 if image.mode == "L" else 5)  # the grey copy; CMYK goes through RGB
