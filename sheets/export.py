"""Print-shop export: every card face and back as its own PNG, sized for a print-on-demand service, and a manifest.

Each side is drawn by the same code as the printed sheets, on a PDF page the size of the card plus bleed, and that
page is rasterised by pdfium at the dpi. Pixels per side: the size in mm / 25.4 x dpi, half a pixel rounded up
(69 mm at 300 dpi is 814.96, so 815 px). Files are numbered so an uploader pairs them: 001-front.png, 001-back.png.
"""
from __future__ import annotations

import csv
import math
import re
from collections import Counter as Tally
from fractions import Fraction
from pathlib import Path

from companion.core.files import write_atomically
from companion.core.language import _
from companion.sheets.cards import Card, decks, draw_in_slot
from companion.sheets.counter_sheet import COUNTER_15MM, sections
from companion.sheets.counter_sheet import back as counter_back
from companion.sheets.documents import open_document
from companion.sheets.layout import POKER, CardSize, LayoutError, Slot

DPI_RANGE = (72, 1200)  # a screen proof up to a photo lab; print shops ask for 300
MAX_BLEED = 10.0  # mm; services ask for 3 mm (or 1/8 in)
MANIFEST = "manifest.csv"
EXPORTED = re.compile(r"\d{3,}-(front|back)\.png")  # what an earlier export left, besides its manifest


def pixels(mm: float, dpi: int) -> int:
    """Pixels across `mm` at `dpi`: exact decimal arithmetic, half a pixel rounds up (as 2.75 in x 300 = 825)."""
    return math.floor(Fraction(str(mm)) / Fraction("25.4") * dpi + Fraction(1, 2))


def image_size(card: CardSize, bleed: float, dpi: int) -> tuple[int, int]:
    """Width and height in pixels of one side: the trim size plus `bleed` mm on every edge."""
    return pixels(card.width + 2 * bleed, dpi), pixels(card.height + 2 * bleed, dpi)


def card_sides(deck: str, size: CardSize = POKER) -> tuple[CardSize, list[Card]]:
    """The cards of `deck` (apples, abilities or all) in `size`, as `companion print cards` lays them out."""
    return size, [card for cards in decks(deck) for card in cards]


def counter_sides(clan: str) -> tuple[CardSize, list[Card]]:
    """The 15 mm counters of `clan` (or all), each with the one counter back."""
    return COUNTER_15MM, [Card(c.label, c.face, counter_back) for kind in sections(clan) for c in kind]


def export(card: CardSize, cards: list[Card], bleed: float, dpi: int, folder, force: bool) -> int:
    """Write each distinct card's sides as PNGs into `folder`, and manifest.csv; returns the number of images.

    Cards with the same label are the same drawing (the four Splops): one pair of images, its copies counted.
    """
    from companion.core.extras import install_line

    try:
        import pypdfium2 as pdfium
    except ImportError:
        raise LayoutError(_("--export png needs pypdfium2: {install}").format(install=install_line('png'))) from None
    lo, hi = DPI_RANGE
    if not lo <= dpi <= hi:
        raise LayoutError(_("--dpi must be {lo} to {hi} (print shops ask for 300), not {dpi}").format(
            lo=lo, hi=hi, dpi=dpi))
    if not 0 <= bleed <= MAX_BLEED:  # also catches nan
        raise LayoutError(_("--bleed must be 0 to {most:g} mm (print shops ask for 3), not {bleed:g}").format(
            most=MAX_BLEED, bleed=bleed))
    folder = Path(folder)
    _check_folder(folder, force)
    copies = Tally(c.label for c in cards)
    unique = list({c.label: c for c in cards}.values())  # one card per label, in order of first appearance
    digits = max(3, len(str(len(unique))))
    rows = [(f"{n:0{digits}d}-{side}.png", c.label, side, copies[c.label])
            for n, c in enumerate(unique, 1) for side in ("front", "back") if side == "front" or c.back]
    pdf = pdfium.PdfDocument(_pdf(card, unique, bleed))
    size = image_size(card, bleed, dpi)

    def write(tmp: Path) -> None:
        tmp.mkdir()
        for i, (name, *_rest) in enumerate(rows):
            # pdfium rounds the page up to whole pixels; the cut drops a sliver under half a pixel wide
            image = pdf[i].render(scale=dpi / 72).to_pil().crop((0, 0, *size))
            image.save(tmp / name, format="PNG", dpi=(dpi, dpi), compress_level=1)  # 3x faster, 1/5 bigger
        with open(tmp / MANIFEST, "w", newline="", encoding="utf-8") as f:
            csv.writer(f).writerows([("file", "card", "side", "copies"), *rows])

    try:
        write_atomically(folder, write)  # beside the target, then swapped in whole: a kill leaves the old export
    finally:
        pdf.close()
    return len(rows)


def _pdf(card: CardSize, cards: list[Card], bleed: float) -> bytes:
    """Each side on its own page of the card's size plus bleed, in manifest order (front, back, front, ...)."""
    doc = open_document("pdf")
    for c in cards:
        for draw in (c.front, c.back):
            if draw is None:
                continue
            with doc.page(card.width + 2 * bleed, card.height + 2 * bleed) as cv:
                draw_in_slot(cv, Slot(bleed, bleed, card.width, card.height, bleed), draw)
    doc.c.save()  # reportlab writes the PDF into the document's buffer; pdfium reads it from memory
    return doc.buffer.getvalue()


def _check_folder(folder: Path, force: bool) -> None:
    """Refuse a folder that is not new, empty or (with --force) an earlier export."""
    if folder.exists() and not folder.is_dir():
        raise LayoutError(_("{folder} is a file; --export png writes a folder: choose a folder name with -o").format(
            folder=folder))
    entries = list(folder.iterdir()) if folder.exists() else []
    if not entries:
        return
    if any(not (p.name == MANIFEST or EXPORTED.fullmatch(p.name)) or p.is_dir() for p in entries):
        raise LayoutError(_("{folder} holds more than an earlier export; --force replaces only that: choose a new "
                            "folder with -o").format(folder=folder))
    if not force:
        raise LayoutError(_("{folder} exists; --force would replace its images (or choose another folder with "
                            "-o)").format(folder=folder))
