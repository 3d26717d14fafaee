"""The Sssnake game sheet and pads of them: the static sheet is drawn once per document; each page adds its QR.

Everything the rulebook lists on a sheet (Game sheets): place name, ability-card setup, A columns and B rows,
player name, terrain (with a legend of what each allows), abilities gained, snake length and points scored.
Where each goes is sheet_layout's; sheet_grid draws the squares, sheet_panels what is round them.
"""
from __future__ import annotations

from pathlib import Path

from companion.core.language import _
from companion.sheets.canvas import THIN, Canvas, Document
from companion.sheets.documents import open_document
from companion.sheets.landscape import LandscapeMap, landscape_map
from companion.sheets.layout import Paper
from companion.sheets.sheet_grid import draw_grid
from companion.sheets.sheet_layout import (
    BOX_H,
    BOX_W,
    GOLD_BOX,
    MARK,
    SIDE_W,
    SIDE_X,
    box_height,
    corner_marks,
    golden_boxes,
    lower,
    qr_place,
)
from companion.sheets.sheet_panels import draw_abilities, draw_header, draw_legend, draw_points, draw_track
from companion.tokens.pad_code import LAYOUT, pad_code
from companion.tokens.qr import best_mask, qr_matrix

QR_X, QR_Y, QR_SIZE, QR_QUIET = qr_place(LAYOUT)


def render_pad(slugs: list[str], copies: int, paper: Paper, fmt: str, ink_saver: bool, serial: str, path) -> int:
    """`copies` sheets of each landscape in one PDF (or a folder of SVGs); returns the page count."""
    doc = open_document(fmt)
    draw_pad(doc, slugs, copies, paper, ink_saver, serial)
    return doc.save(Path(path))


def draw_pad(doc: Document, slugs: list[str], copies: int, paper: Paper, ink_saver: bool, serial: str) -> None:
    """The pad's pages onto `doc`: a pad file of its own, or a part of a booklet."""
    w, h = paper.size()
    box_h = box_height(paper)
    ox, oy = (w - BOX_W) / 2, (h - box_h) / 2
    total = copies * len(slugs)
    mask = best_mask(pad_code(slugs[0], paper.key, serial, 1))
    page = 0
    for slug in slugs:
        lmap = landscape_map(slug)
        name = f"sheet-{slug}{'-inksaver' if ink_saver else ''}"
        for _copy in range(copies):
            page += 1
            with doc.page(w, h, f"{page:03d}-{slug}") as cv:
                cv.stamp(name, BOX_W, box_h, lambda c, lmap=lmap: draw_static(c, lmap, ink_saver, box_h), ox, oy)
                with cv.translated(ox, oy) as box:
                    draw_page_part(box, pad_code(slug, paper.key, serial, page), serial, page, total, mask)


def draw_page_part(cv: Canvas, code: str, serial: str, page: int, total: int, mask: int) -> None:
    """What differs from page to page: the QR naming this sheet and its number."""
    cv.qr(QR_X, QR_Y, QR_SIZE, qr_matrix(code, mask), QR_QUIET)
    cv.text(SIDE_X + SIDE_W / 2, QR_Y + QR_SIZE + 3, _("pad {serial}").format(serial=serial), 5.5, "middle")
    cv.text(SIDE_X + SIDE_W / 2, QR_Y + QR_SIZE + 5.6, _("sheet {page} of {total}").format(page=page, total=total),
            5.5, "middle")


def draw_static(cv: Canvas, lmap: LandscapeMap, ink_saver: bool, box_h: float = BOX_H) -> None:
    """The whole sheet except the page's own QR code and number, in a box `box_h` tall."""
    low = lower(lmap, box_h)
    for x, y in corner_marks(box_h):
        cv.rect(x, y, MARK, MARK, stroke=None, fill="#000000")
    for x, y in golden_boxes(lmap, low):
        cv.rect(x, y, GOLD_BOX, GOLD_BOX, THIN, fill="#ffffff")
    draw_header(cv, lmap, ink_saver)
    draw_grid(cv, lmap, ink_saver)
    draw_abilities(cv)
    draw_points(cv, ink_saver)
    cv.text(SIDE_X + SIDE_W / 2, QR_Y + QR_SIZE + 9, _("Print at 100%"), 6, "middle", bold=True)
    cv.text(SIDE_X + SIDE_W / 2, QR_Y + QR_SIZE + 11.6, _("(no scaling)"), 6, "middle", bold=True)
    draw_track(cv, ink_saver, low, bool(lmap.meta.golden_apples))
    draw_legend(cv, lmap, ink_saver, low)
