"""The photo commands' way in to the reader: this module needs no numpy, so a copy without the `scan` extra says
which extra to install instead of failing on an import."""
from __future__ import annotations

from companion.core.language import _
from companion.scan.reading import Reading, Unreadable


def read_sheet(data: bytes) -> Reading:
    """The photo read (companion.scan.read), for the terminal and the pages alike; without numpy, Unreadable names
    the `scan` extra to install."""
    try:
        from companion.scan.read import read_photo
    except ModuleNotFoundError as exc:
        if (exc.name or "").partition(".")[0] != "numpy":
            raise
        from companion.core.extras import install_line

        raise Unreadable(_("reading a photo needs the scan extra: {install}").format(install=install_line("scan"))) \
            from None
    return read_photo(data)
