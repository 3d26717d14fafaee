"""A photo opened for reading: checked against the same limits as any image the companion reads (tokens/qr.py),
turned upright by its EXIF orientation, in grey at full size (the track is read at the photo's own sharpness)."""
from __future__ import annotations

import io

import numpy as np

from companion.core.language import N_, _
from companion.scan.reading import Unreadable
from companion.tokens.qr import FORMATS, MAX_BYTES, MAX_PIXELS

HELP = N_("use a JPEG or PNG photo of the whole sheet")


def open_photo(data: bytes) -> np.ndarray:
    """The photo as a 2-D array of grey levels 0-255 (uint8), upright."""
    from PIL import Image, ImageOps, UnidentifiedImageError

    if not data:
        raise Unreadable(_("the photo is empty; {help}").format(help=_(HELP)))
    if len(data) > MAX_BYTES:
        raise Unreadable(_("the photo is over {size} MB; {help}, as the phone's camera saves it").format(
            size=MAX_BYTES // 2 ** 20, help=_(HELP)))
    pillow_limit, Image.MAX_IMAGE_PIXELS = Image.MAX_IMAGE_PIXELS, None  # the size is bounded below, in one line
    try:
        with Image.open(io.BytesIO(data), formats=FORMATS) as image:
            if image.width * image.height > MAX_PIXELS:
                raise Unreadable(_("the photo is {width} x {height} pixels, more than any phone takes; {help}")
                                 .format(width=image.width, height=image.height, help=_(HELP)))
            image.draft("L", image.size)  # a JPEG decodes straight to grey
            grey = ImageOps.exif_transpose(image.convert("L"))
            return np.asarray(grey, dtype=np.uint8)
    # what Pillow raises on a damaged, cut-short or unknown file (tokens/qr.py read names them)
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError, EOFError):
        raise Unreadable(_("this is not a photo the companion can read (damaged, cut short or not an image); {help}")
                         .format(help=_(HELP))) from None
    finally:
        Image.MAX_IMAGE_PIXELS = pillow_limit
