"""A printable state card: a game's token as a QR code with a few lines a person can read, A6 on A4."""
from __future__ import annotations

from pathlib import Path

from companion.core.language import _
from companion.sheets.canvas import HAIRLINE, Canvas
from companion.sheets.documents import open_document
from companion.sheets.layout import A6, PAPERS, card_grid
from companion.sheets.text import wrap
from companion.tokens.qr import qr_matrix

PAD = 8.0  # mm inside the card's trim


def draw_card(cv: Canvas, token: str, title: str, lines: list[str], how: str) -> None:
    """The card face within an A6 trim box at the origin; `how`, at its foot, the command that resumes it."""
    w = A6.width
    cv.text(w / 2, PAD + 6, title, 14, "middle", bold=True)
    size = w - 2 * PAD - 10
    cv.qr((w - size) / 2, PAD + 11, size, qr_matrix(token))
    y = PAD + 11 + size + 7
    for line in lines:
        for part in wrap(line, w - 2 * PAD, 9):
            cv.text(PAD, y, part, 9)
            y += 4.6
    cv.text(w / 2, A6.height - PAD + 2, how, 7, "middle", colour="#555555")


def render(token: str, title: str, lines: list[str], fmt: str, path, how: str | None = None) -> int:
    """Write the state card to `path` as "pdf" or "svg" (one file either way); returns the page count. `how`
    defaults to resuming from a photo of this card."""
    how = _("companion resume --photo <picture of this card>") if how is None else how
    grid = card_grid(PAPERS["a4"], A6, 1, 1)
    doc = open_document(fmt, single_file=True)
    with doc.page(grid.page_w, grid.page_h) as cv:
        for x1, y1, x2, y2 in grid.crop_marks():
            cv.line(x1, y1, x2, y2, HAIRLINE)
        slot = grid.slots()[0]
        with cv.translated(slot.x, slot.y) as card:
            draw_card(card, token, title, lines, how)
        cv.text(grid.page_w / 2, grid.page_h - 8, _("Print at 100% (no scaling); cut along the crop marks."), 8,
                "middle", colour="#555555")
    return doc.save(Path(path))
