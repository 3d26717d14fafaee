"""The fold layout, for printers that cannot print double-sided straight: each card's back under its front on one
landscape page, turned upside down, so folding the sheet along the middle puts every back behind its front.

A front and its back make one 63 x 176 mm strip (two cards tall), four strips to a landscape page; the crop marks
are the card grid's, and dashed fold marks in the side margins show the one fold across the whole page. Folded,
the back lies upright for a card turned over sideways, as a long-edge duplex print does it.
"""
from __future__ import annotations

from pathlib import Path

from companion.core.language import _
from companion.sheets.canvas import THIN, Canvas, Stroke
from companion.sheets.cards import Card, deck_title, decks, draw_in_slot
from companion.sheets.documents import open_document
from companion.sheets.layout import CROP_GAP, MIN_MARGIN, POKER, CardGrid, CardSize, Paper, Slot, card_grid

PER_PAGE = 4  # strips side by side on a landscape page
FOLD = Stroke(width=0.3, dash=(2.0, 1.0))


def fold_grid(paper: Paper, size: CardSize, bleed: float) -> CardGrid:
    """Four front-and-back strips on the landscape paper, or a LayoutError saying what fits."""
    strip = CardSize(_("{card} with its back folded under it").format(card=_(size.label).split(" (")[0]),
                     size.width, 2 * size.height)
    return card_grid(paper, strip, PER_PAGE, 1, bleed, landscape=True)


def render_fold(deck_name: str, paper: Paper, bleed: float, fmt: str, path, ink_saver: bool = False,
                size: CardSize = POKER) -> int:
    """The deck as fold-and-glue pages, each deck from a new page; returns the page count."""
    doc = open_document(fmt)
    grid = fold_grid(paper, size, bleed)
    chunks = [cards[i:i + PER_PAGE] for cards in decks(deck_name, ink_saver) for i in range(0, len(cards), PER_PAGE)]
    for n, chunk in enumerate(chunks, 1):
        with doc.page(grid.page_w, grid.page_h, f"fold-{n:03d}") as cv:
            fold_page(cv, grid, size, chunk, _("{deck}: fold page {page}/{pages} - print one-sided at 100%, fold "
                                               "along the dashed marks (backs behind), glue, then cut").format(
                                                 deck=deck_title(deck_name), page=n, pages=len(chunks)))
    return doc.save(Path(path))


def fold_line(grid: CardGrid, size: CardSize) -> float:
    """Where the page folds: the fronts' bottom edge and the backs' top edge, mm from the top of the page."""
    return grid.slots()[0].y + size.height


def fold_page(cv: Canvas, grid: CardGrid, size: CardSize, chunk: list[Card], caption: str) -> None:
    """Each card's front above the fold and its back below, upside down; each half cut off at the fold, so neither
    side's bleed reaches across it."""
    b, w, h, fold = grid.bleed, size.width, size.height, fold_line(grid, size)
    for card, strip in zip(chunk, grid.slots(), strict=False):
        with cv.clipped(strip.x - b, strip.y - b, w + 2 * b, h + b) as front:
            draw_in_slot(front, Slot(strip.x, strip.y, w, h, b), card.front)
        if card.back is None:
            continue
        with cv.clipped(strip.x - b, fold, w + 2 * b, h + b) as half:
            with half.translated(strip.x + w, fold + h) as corner, corner.rotated(180) as back:
                draw_in_slot(back, Slot(0, 0, w, h, b), card.back)
    for x1, y1, x2, y2 in grid.crop_marks():
        cv.line(x1, y1, x2, y2, THIN)
    _fold_marks(cv, grid, fold)
    if b:
        cv.document.trim(*grid.trim_area(), b)
    first = grid.slots()[0]
    cv.text(first.x - b, first.y - b - CROP_GAP - grid.crop - 1.5, caption, 6, colour="#555555")


def _fold_marks(cv: Canvas, grid: CardGrid, fold: float) -> None:
    """Dashed marks on the fold's extension in both side margins, and the word 'fold' beside them."""
    slots = grid.slots()
    left, right = slots[0].x - grid.bleed - CROP_GAP, slots[-1].x + slots[-1].w + grid.bleed + CROP_GAP
    cv.line(MIN_MARGIN, fold, left, fold, FOLD)
    cv.line(right, fold, grid.page_w - MIN_MARGIN, fold, FOLD)
    cv.text(MIN_MARGIN, fold - 1.2, _("fold"), 6, colour="#555555")
    cv.text(grid.page_w - MIN_MARGIN, fold - 1.2, _("fold"), 6, "end", colour="#555555")

