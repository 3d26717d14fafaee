"""A token as a QR code (module matrix, terminal text, PNG) and back from a photo; imports its libraries on use."""
from __future__ import annotations

from pathlib import Path

QUIET_ZONE = 4  # modules of light margin the QR standard asks for around the code
DARK_ON_LIGHT = "\x1b[30;107m"  # black on bright white, whatever the terminal's own colours
RESET = "\x1b[0m"
HALF_BLOCKS = {(False, False): " ", (True, False): "\u2580", (False, True): "\u2584", (True, True): "\u2588"}


class ImageError(ValueError):
    """A photo that yields no token: missing, unreadable, or without a QR code."""


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


def read(path: Path) -> list[str]:
    """The texts of every QR code found in an image, in the order the decoder found them."""
    import zxingcpp
    from PIL import Image, UnidentifiedImageError

    if not path.is_file():
        raise ImageError(f"no image file at {path}")
    try:
        with Image.open(path) as image:
            image.load()
            found = zxingcpp.read_barcodes(image.convert("L"), formats=zxingcpp.BarcodeFormat.QRCode)
    except (UnidentifiedImageError, Image.DecompressionBombError, OSError) as exc:
        raise ImageError(f"{path} is not an image this companion can read ({exc.__class__.__name__}); "
                         "use a PNG or JPEG") from None
    texts = [barcode.text for barcode in found if barcode.valid and barcode.text]
    if not texts:
        raise ImageError(f"no QR code found in {path}; photograph the card flat, whole, well lit and in focus")
    return texts
