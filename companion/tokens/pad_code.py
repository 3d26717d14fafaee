"""What a printed pad sheet's QR code says (layout, paper, landscape, pad, sheet), written by sheets/sheet.py and read
by `resume --image` and the photo reader (companion/scan): one grammar for both sides.

Layout 2 (pads printed since the photo reader) says `S2:A:FJ:C3SUWG:2`: 18 characters, a version-1 code whose
modules are 1 mm wide at the size printed. Layout 1 said `SSSNAKE:FIRST:FJORD:C3SUWG:2`, with no paper: it still
reads, and the reader tries both papers.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from companion.sssnake.edition import edition

LAYOUT = 2  # the pad layout printed now: corner marks, a larger QR with this shorter code, golden apples ticked
PAPER_LETTERS = {"a4": "A", "letter": "L"}


@dataclass(frozen=True)
class PadSheet:
    """One printed sheet: `paper` is None on a layout-1 sheet, whose code does not say it."""

    layout: int
    paper: str | None
    landscape: str  # slug
    serial: str
    page: int


def land_code(slug: str) -> str:
    """A landscape in two letters: its slug's first two (am-fluss AM, sahara SA, fjord FJ, foxtrail FO)."""
    return slug[:2].upper()


def pad_code(slug: str, paper: str, serial: str, page: int) -> str:
    """The code printed on a sheet of today's layout, in the QR alphanumeric set."""
    return f"S{LAYOUT}:{PAPER_LETTERS[paper]}:{land_code(slug)}:{serial}:{page}"


def old_code(slug: str, serial: str, page: int) -> str:
    """The code a layout-1 sheet carries: edition, landscape, pad serial, page."""
    return f"SSSNAKE:{edition().name.upper()}:{slug.upper()}:{serial}:{page}"


def read_pad_code(text: str) -> PadSheet | None:
    """The sheet a code names, or None for any text no sheet of this edition prints (checked by writing it again)."""
    text = text.strip()
    new = re.fullmatch(r"S2:([AL]):([A-Z]{2}):([A-Z0-9]{1,12}):([1-9][0-9]{0,3})", text)
    if new:
        paper = {v: k for k, v in PAPER_LETTERS.items()}[new[1]]
        slug = next((s for s in edition().landscapes if land_code(s) == new[2]), None)
        return PadSheet(2, paper, slug, new[3], int(new[4])) if slug else None
    old = re.fullmatch(r"SSSNAKE:[A-Z0-9.-]{1,40}:([A-Z-]{1,20}):([A-Z0-9]{1,12}):([0-9]{1,4})", text)
    if not old:
        return None
    slug, serial, page = old[1].lower(), old[2], int(old[3])
    if slug not in edition().landscapes or old_code(slug, serial, page) != text:
        return None
    return PadSheet(1, None, slug, serial, page)
