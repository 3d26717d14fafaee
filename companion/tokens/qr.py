"""A token as a QR code (module matrix, terminal text, PNG) and back from a photo; imports its libraries on use.

The encoder (qr_matrix, at level M) is the one maker of QR codes: the screen, the PNG, the printed state card and
the sheets' codes (sheets/) all take their modules from it, so they always agree.
"""
from __future__ import annotations

import os

from companion.core.language import _

ALPHANUMERIC = set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")
CAPACITY = 3391  # alphanumeric characters the largest QR code (version 40) holds at error correction M
QUIET_ZONE = 4  # modules of light margin the QR standard asks for around the code
DARK_ON_LIGHT = "\x1b[30;107m"  # black on bright white, whatever the terminal's own colours
RESET = "\x1b[0m"
HALF_BLOCKS = {(False, False): " ", (True, False): "\u2580", (False, True): "\u2584", (True, True): "\u2588"}
FORMATS = ("PNG", "JPEG", "WEBP", "GIF", "BMP", "TIFF")  # photos and screenshots; not EPS, which runs Ghostscript
MAX_PIXELS = 100_000_000  # an image's own size, read from its header, above which it is refused undecoded
MAX_HELD = 112 * 2 ** 20  # bytes decoding may hold (see gray), so reading any image stays under 200 MB
MAX_SIDE = 3000  # longest side handed to the decoder: a code filling a tenth of the width keeps 4 pixels a module
MAX_BYTES = 64 * 2 ** 20  # an image file's size: a 12 MP photo is a few MB, a lossless screenshot some tens


class TooLong(ValueError):
    """Text no QR code holds at level M: refused in one line instead of qrcode's 'Invalid version (was 41 ...)'."""


class ImageError(ValueError):
    """A photo that yields no token: missing, unreadable, too large, or without a QR code."""


def _code(text: str, mask: int | None):
    # qrcode ships no type information (its stubs, types-qrcode, are no dependency of the companion)
    import qrcode  # type: ignore[import-untyped]
    from qrcode.exceptions import DataOverflowError  # type: ignore[import-untyped]
    from qrcode.util import MODE_8BIT_BYTE, MODE_ALPHA_NUM, QRData  # type: ignore[import-untyped]

    mode = MODE_ALPHA_NUM if set(text) <= ALPHANUMERIC else MODE_8BIT_BYTE
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=0, mask_pattern=mask)
    code.add_data(QRData(text, mode=mode))
    try:
        code.best_fit()
    except (DataOverflowError, ValueError):  # qrcode says ValueError when the fit runs past version 40
        raise TooLong(_("{n} characters do not fit a QR code (at most {most} at error correction M)").format(
            n=len(text), most=CAPACITY)) from None
    return code


def qr_matrix(text: str, mask: int | None = None) -> list[list[bool]]:
    """The modules of `text` at error correction M, alphanumeric mode when the text allows it (denser).

    `mask` None picks the mask by the standard's penalty rule, the slow part (about 8 ms); a pad picks it once
    for its first sheet and passes it for every sheet, whose codes differ only in the page number.
    """
    code = _code(text, mask)
    code.make(fit=False)
    return code.get_matrix()


def best_mask(text: str) -> int:
    """The mask (0-7) the standard's penalty rule chooses for `text`."""
    return _code(text, None).best_mask_pattern()


def matrix(text: str) -> list[list[bool]]:
    """Rows of modules (True = dark) with the quiet zone around them: qr_matrix's code, as the printed state card
    carries it."""
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
    for top, bottom in zip(rows[::2], rows[1::2], strict=True):
        cells = "".join(HALF_BLOCKS[pair] for pair in zip(top, bottom, strict=True))
        lines.append(f"{DARK_ON_LIGHT}{cells}{RESET}")
    return "\n".join(lines)


def png(text: str, path, scale: int = 8, caption: tuple[str, ...] = ()) -> None:
    """A PNG with `scale` pixels per module, black on white, quiet zone included, and under it the `caption` lines
    (what the code holds, for the person who sees the picture); written whole or not at all."""
    from PIL import Image

    from companion.core.files import write_atomically

    rows = matrix(text)
    image = Image.new("L", (len(rows), len(rows)), 255)
    image.putdata([0 if dark else 255 for row in rows for dark in row])
    image = image.resize((len(rows) * scale, len(rows) * scale), Image.Resampling.NEAREST)
    if caption:
        image = captioned(image, caption, 3 * scale)
    write_atomically(path, lambda tmp: image.save(tmp, format="PNG"))


def captioned(image, lines: tuple[str, ...], size: int):
    """The code with its lines of text under it, centred, each shrunk to the code's width if it must be (Vera, the
    font reportlab ships, so no system font is needed)."""
    import os

    import reportlab.lib  # type: ignore[import-untyped]
    from PIL import Image, ImageDraw, ImageFont

    vera = os.path.join(os.path.dirname(os.path.dirname(reportlab.lib.__file__)), "fonts", "Vera.ttf")
    width = image.width
    fonts = []
    for line in lines:
        font = ImageFont.truetype(vera, size)
        while font.getlength(line) > width - size and font.size > 8:
            font = ImageFont.truetype(vera, font.size - 1)
        fonts.append(font)
    step = int(size * 1.4)
    out = Image.new("L", (width, image.height + step * len(lines) + size // 2), 255)
    out.paste(image, (0, 0))
    draw = ImageDraw.Draw(out)
    for i, (line, font) in enumerate(zip(lines, fonts, strict=True)):
        draw.text(((width - font.getlength(line)) / 2, image.height - size // 2 + i * step), line, fill=0, font=font)
    return out


def read(path) -> list[str]:
    """The texts of every QR code found in an image, in the order the decoder found them."""
    import zxingcpp
    from PIL import Image, UnidentifiedImageError

    if not os.path.isfile(path):
        raise ImageError(_("no image file at {path}").format(path=path))
    if os.path.getsize(path) > MAX_BYTES:
        raise ImageError(_("{path} is over {mb} MB, too large to look for a QR code in; use a PNG or JPEG of the code")
                         .format(path=path, mb=MAX_BYTES // 2 ** 20))
    pillow_limit, Image.MAX_IMAGE_PIXELS = Image.MAX_IMAGE_PIXELS, None  # gray() bounds the size, in one line
    try:
        with Image.open(path, formats=FORMATS) as image:
            grey = gray(image, path)
            grey.load()  # decoded here, where a truncated or corrupt file is caught, not inside the decoder
            # the binding takes one BarcodeFormat as the set of it (its docs: BarcodeFormat|BarcodeFormats); the stub
            # names only the set, and a BarcodeFormats(...) of our own would depend on the version's constructor
            found = zxingcpp.read_barcodes(grey, formats=zxingcpp.BarcodeFormat.QRCode)  # type: ignore[arg-type]
    except ImageError:
        raise
    # OSError: truncated or unreadable; ValueError: a text or colour-profile chunk inflating past Pillow's limit;
    # SyntaxError and EOFError: what Pillow's format readers raise on a broken stream
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError, EOFError) as exc:
        raise ImageError(_("{path} is not an image this companion can read ({error}: damaged or cut short); use a "
                           "PNG or JPEG").format(path=path, error=exc.__class__.__name__)) from None
    finally:
        Image.MAX_IMAGE_PIXELS = pillow_limit
    texts = [barcode.text for barcode in found if barcode.valid and barcode.text]
    if not texts:
        raise ImageError(_("no QR code found in {path}; photograph the card flat, whole, well lit and in focus").format(
            path=path))
    return texts


def gray(image, path):
    """The opened image in grey, at most MAX_SIDE pixels a side, refused unread if decoding would hold too much."""
    from PIL import Image

    width, height = image.size
    scale = max(width, height) / MAX_SIDE
    if scale > 1:  # a JPEG decodes straight to grey at 1/2, 1/4 or 1/8 of its size; other formats ignore this
        image.draft("L", (max(1, int(width / scale)), max(1, int(height / scale))))
    if width * height > MAX_PIXELS or held(image, width * height) > MAX_HELD:
        raise ImageError(_("{path} is {width} x {height} pixels, too large to look for a QR code in; scale it down to "
                           "at most {most} pixels a side").format(path=path, width=width, height=height, most=MAX_SIDE))
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


def svg(text: str, label: str) -> str:
    """An SVG image, one square unit per module, black on white with the quiet zone, named `label` for a screen
    reader: for a page that shows a code to scan."""
    from xml.sax.saxutils import escape

    rows = matrix(text)
    dark = "".join(f"M{x} {y}h1v1h-1z" for y, row in enumerate(rows) for x, on in enumerate(row) if on)
    n = len(rows)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {n} {n}" shape-rendering="crispEdges" '
            f'role="img" aria-label="{escape(label, {chr(34): "&quot;"})}"><rect width="{n}" height="{n}" '
            f'fill="#fff"/><path d="{dark}" fill="#000"/></svg>')
