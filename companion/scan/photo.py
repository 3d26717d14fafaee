"""A photo opened for reading: checked against the same limits as any image the companion reads (tokens/qr.py),
turned upright by its EXIF orientation, in grey at full size (the track is read at the photo's own sharpness)."""
from __future__ import annotations

import io

import numpy as np

from companion.scan.reading import Unreadable
from companion.tokens.qr import FORMATS, MAX_BYTES, MAX_PIXELS

HELP = "use a JPEG or PNG photo of the whole sheet"


def open_photo(data: bytes) -> np.ndarray:
    """The photo as a 2-D array of grey levels 0-255 (uint8), upright."""
    from PIL import Image, ImageOps, UnidentifiedImageError

    if not data:
        raise Unreadable(f"the photo is empty; {HELP}")
    if len(data) > MAX_BYTES:
        raise Unreadable(f"the photo is over {MAX_BYTES // 2 ** 20} MB; {HELP}, as the phone's camera saves it")
    pillow_limit, Image.MAX_IMAGE_PIXELS = Image.MAX_IMAGE_PIXELS, None  # the size is bounded below, in one line
    try:
        with Image.open(io.BytesIO(data), formats=FORMATS) as image:
            if image.width * image.height > MAX_PIXELS:
                raise Unreadable(f"the photo is {image.width} x {image.height} pixels, more than any phone takes; "
                                 f"{HELP}")
            image.draft("L", image.size)  # a JPEG decodes straight to grey
            grey = ImageOps.exif_transpose(image.convert("L"))
            return np.asarray(grey, dtype=np.uint8)
    # what Pillow raises on a damaged, cut-short or unknown file (tokens/qr.py read names them)
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError, EOFError):
        raise Unreadable(f"this is not a photo the companion can read (damaged, cut short or not an image); {HELP}")\
            from None
    finally:
        Image.MAX_IMAGE_PIXELS = pillow_limit
