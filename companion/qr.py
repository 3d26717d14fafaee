"""A token as a QR code (module matrix, terminal text, PNG) and back from a photo; imports its libraries on use."""
from __future__ import annotations

from pathlib import Path

QUIET_ZONE = 4  # modules of light margin the QR standard asks for around the code
DARK_ON_LIGHT = "\x1b[30;107m"  # black on bright white, whatever the terminal's own colours
RESET = "\x1b[0m"
HALF_BLOCKS = {(False, False): " ", (True, False): "\u2580", (False, True): "\u2584", (True, True): "\u2588"}


class ImageError(ValueError):
    """A photo that yields no token: missing, unreadable, or without a QR code."""


def code(text: str, box_size: int = 1):
    """The QR code for a token at error correction M (a smudge or a fold still reads), smallest version that fits."""
    import qrcode
    from qrcode.constants import ERROR_CORRECT_M

    qr = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=QUIET_ZONE, box_size=box_size)
    qr.add_data(text)
    qr.make(fit=True)
    return qr


def version(text: str) -> int:
    """The QR version (1-40) a token needs at level M; the goal for a game is 10 or lower."""
    return code(text).version


def matrix(text: str) -> list[list[bool]]:
    """Rows of modules (True = dark), the quiet zone included."""
    return code(text).get_matrix()


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


def png(text: str, path: Path, scale: int = 8) -> None:
    """A PNG with `scale` pixels per module, black on white, quiet zone included."""
    image = code(text, box_size=scale).make_image(fill_color="black", back_color="white")
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path, format="PNG")


def read(path: Path) -> list[str]:
    """The texts of every QR code found in an image, best first."""
    import zxingcpp
    from PIL import Image, UnidentifiedImageError

    if not path.is_file():
        raise ImageError(f"no image file at {path}")
    try:
        with Image.open(path) as image:
            image.load()
            found = zxingcpp.read_barcodes(image.convert("L"), formats=zxingcpp.BarcodeFormat.QRCode)
    except (UnidentifiedImageError, OSError) as exc:
        raise ImageError(f"{path} is not an image this companion can read ({exc.__class__.__name__}); "
                         "use a PNG or JPEG") from None
    texts = [barcode.text for barcode in found if barcode.valid and barcode.text]
    if not texts:
        raise ImageError(f"no QR code found in {path}; photograph the card flat, whole, well lit and in focus")
    return texts
