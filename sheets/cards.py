"""Apple cards (A side column, B side row, half apples) and ability cards, poker size, nine to a page.

Each card is a pair of drawings (front, back) in its own trim box; the layout places them, mirrors the backs
for a long-edge flip and moves them by the measured offset.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from companion.core.language import N_, _, pgettext
from companion.sheets import pictograms, symbols
from companion.sheets.canvas import HAIRLINE, PT, THIN, Canvas, Document, Point, Stroke
from companion.sheets.cutter import Cutter, cutter_grid, mark_page, write_cut_file
from companion.sheets.documents import open_document
from companion.sheets.layout import POKER, CardGrid, CardSize, LayoutError, Paper, Slot, card_grid
from companion.sheets.text import fit, wrap
from companion.sssnake.edition import AbilityCard, AppleCard, edition

W, H = POKER.width, POKER.height
ABILITY_TINT = "#fbf3e4"
BACK_GREEN = "#3f6b3a"
GRID_CELL = 3.0  # mm, the apple cards' little sheet grid


@dataclass(frozen=True)
class Face:
    """How one side of the apple deck looks: the A side is green with round badges and the column marked in a
    grid strip across the foot; the B side blue with square badges and the row marked in a strip down the side.
    Positions in mm in the trim box: badges, the apple (x, y, r), the grid strip, the half apple."""

    side: str
    word: str
    tint: str
    ink: str
    round_badge: bool
    badge: Point
    small_badge: Point
    apple: tuple[float, float, float]
    strip: Point
    half_apple: Point

    @property
    def across(self) -> bool:
        return self.side == "A"


FACES = {"A": Face("A", N_("column"), "#eaf4df", "#2e5a2a", True, (10, 10), (W - 9, H - 9), (W / 2, 36, 15),
                   (W / 2 - 8 * GRID_CELL, 61.5), (W - 8.5, 13)),
         "B": Face("B", N_("row"), "#e3eef8", "#27507a", False, (W - 10, 10), (9, H - 9), (W / 2 + 6, 38, 15), (7, 20),
                   (W - 10, 70))}


@dataclass(frozen=True)
class Card:
    """One double-sided card: how to draw each side inside its trim box (bleed extends past it)."""

    label: str
    front: Callable[[Canvas, float], None]
    back: Callable[[Canvas, float], None] | None = None  # None: a one-sided card, never on a back page


def _ground(cv: Canvas, bleed: float, tint: str, ink_saver: bool) -> None:
    """The card's background, printed into the bleed so a slightly-off cut shows no white edge; ink-saver: a
    thin frame instead."""
    if ink_saver:
        cv.rect(3, 3, W - 6, H - 6, Stroke("#777777", 0.3), radius=2.5)
        return
    cv.rect(-bleed, -bleed, W + 2 * bleed, H + 2 * bleed, stroke=None, fill=tint)
    cv.rect(3, 3, W - 6, H - 6, Stroke("#ffffff", 0.8), radius=2.5)


def _badge(cv: Canvas, face: Face, cx: float, cy: float, r: float, ink_saver: bool) -> None:
    """The side's letter in a circle (A) or a square (B): the shape tells the sides apart without colour."""
    pen, fill = Stroke(face.ink if not ink_saver else "#000000", 0.5), None if ink_saver else face.ink
    if face.round_badge:
        cv.circle(cx, cy, r, pen, fill)
    else:
        cv.rect(cx - r, cy - r, 2 * r, 2 * r, pen, fill, radius=r * 0.2)
    cv.text(cx, cy + r * 0.5, face.side, r * 4, "middle", bold=True, colour="#000000" if ink_saver else "#ffffff")


def _strip_size(face: Face) -> tuple[int, int]:
    return (16, 3) if face.across else (3, 16)


def _face(cv: Canvas, face: Face, ink_saver: bool) -> None:
    """What every card shows on this side (drawn once per document and stamped): the ground, badges, the apple,
    and the sheet's 16 columns (A) or rows (B) three squares deep."""
    _ground(cv, 0, face.tint, ink_saver)
    _badge(cv, face, *face.badge, 6, ink_saver)
    _badge(cv, face, *face.small_badge, 3.8, ink_saver)
    x, y = face.badge
    cv.text(x + 9 if face.across else x - 9, y + 2, _(face.word), 9, "start" if face.across else "end", bold=True,
            colour="#000000" if ink_saver else face.ink)
    pictograms.apple(cv, *face.apple, ink_saver)
    (x, y), (cols, rows) = face.strip, _strip_size(face)
    cv.rect(x, y, cols * GRID_CELL, rows * GRID_CELL, THIN, fill="#ffffff")
    for i in range(1, max(cols, rows)):
        if i < cols:
            cv.line(x + i * GRID_CELL, y, x + i * GRID_CELL, y + rows * GRID_CELL, HAIRLINE)
        if i < rows:
            cv.line(x, y + i * GRID_CELL, x + cols * GRID_CELL, y + i * GRID_CELL, HAIRLINE)


def apple_side(cv: Canvas, bleed: float, card: AppleCard, side: str, ink_saver: bool = False) -> None:
    """A side: the column number; B side: the row number; the apple carries the number, a half apple is drawn
    where the edition prints one. The sides differ in badge shape, layout and grid strip, not only in colour."""
    face = FACES[side]
    number, half = (card.a, card.half_a) if face.across else (card.b, card.half_b)
    if bleed and not ink_saver:
        cv.rect(-bleed, -bleed, W + 2 * bleed, H + 2 * bleed, stroke=None, fill=face.tint)
    cv.stamp(f"apple-{side}{'-inksaver' if ink_saver else ''}", W, H, partial(_face, face=face, ink_saver=ink_saver))
    (x, y), (cols, rows), k = face.strip, _strip_size(face), (number - 1) * GRID_CELL
    band = (x + k, y, GRID_CELL, rows * GRID_CELL) if face.across else (x, y + k, cols * GRID_CELL, GRID_CELL)
    if ink_saver:
        cv.hatch(*band, 45, 0.8, Stroke(width=0.25))
        cv.rect(*band, Stroke(width=0.5))
    else:
        cv.rect(*band, Stroke(face.ink, 0.3), fill=face.ink)
    ax, ay, ar = face.apple
    size = 40 if number < 10 else 34
    cv.text(ax, ay + size * PT * 0.36, str(number), size, "middle", bold=True,
            colour="#000000" if ink_saver else "#ffffff")
    cv.text(ax, ay + ar + 8.5, f"{side} {_(face.word)} {number}", 11, "middle", bold=True)
    if half:
        hx, hy = face.half_apple
        pictograms.half_apple(cv, hx, hy, 5, ink_saver)
        cv.text(hx - 2.5, hy + 9, _("half apple"), 6, "middle", colour="#333333")
    cv.text(W / 2, H - 5, f"#{card.id}", 6, "middle", colour="#555555")


def ability_front(cv: Canvas, bleed: float, card: AbilityCard, ink_saver: bool = False) -> None:
    """Number, name, type symbols (permanent / single use, 3+ players), a pictogram and the effect (Ability Cards).
    The type is a symbol and a word, never a colour alone."""
    _ground(cv, bleed, ABILITY_TINT, ink_saver)
    badge = Stroke(width=0.5)
    cv.circle(11, 11, 6, badge, fill="#ffffff")
    cv.text(11, 13.6, str(card.number), 14, "middle", bold=True)
    cv.circle(W - 11, 11, 6, badge, fill="#ffffff")
    if card.permanent:
        symbols.infinity(cv, W - 11, 11, 4.3, Stroke(width=0.8))
    else:
        symbols.lightning(cv, W - 11, 11, 4.3)
    if card.three_plus:
        cv.circle(W - 24, 11, 5, badge, fill="#ffffff")
        symbols.three_snakes(cv, W - 24, 11, 3.8, Stroke(width=0.45))
    name = _(card.name)
    size = fit(name, W - 12, 14, bold=True, smallest=10)
    cv.text(W / 2, 26, name, size, "middle", bold=True)
    cv.rect(8, 29.5, W - 16, 25, Stroke("#555555", 0.3), fill="#ffffff", radius=2)
    pictograms.PICTOGRAMS[card.number](cv, W / 2, 42, 10.5, ink_saver)
    lines = wrap(_(card.effect), W - 13, 8.2)
    for i, line in enumerate(lines):
        cv.text(6.5, 60.5 + i * 3.7, line, 8.2)
    if 60.5 + (len(lines) - 1) * 3.7 > H - 10:
        raise LayoutError(_("ability card {number} {name}: its effect runs into the card's foot").format(
            number=card.number, name=name))
    cv.line(8, H - 9, W - 8, H - 9, HAIRLINE)
    kind = _("permanent") if card.permanent else _("single use: carried out at once")
    cv.text(6.5, H - 5.5, kind, 6.5, colour="#333333")
    if card.three_plus:
        cv.text(W - 6.5, H - 5.5, _("3+ players"), 6.5, "end", colour="#333333")


def ability_back(cv: Canvas, ink_saver: bool = False) -> None:
    """The same back for every ability card, so a face-down card gives nothing away; ink-saver: lines only."""
    line, band = ("#000000", "#ffffff") if ink_saver else ("#6f9b63", BACK_GREEN)
    if ink_saver:
        cv.rect(3, 3, W - 6, H - 6, Stroke("#777777", 0.3), radius=2.5)
    else:
        cv.rect(0, 0, W, H, stroke=None, fill=BACK_GREEN)
        cv.rect(3, 3, W - 6, H - 6, Stroke("#ffffff", 0.8), radius=2.5)
    for y in (H / 2 + sign * (14 + 11 * k) for sign in (-1, 1) for k in range(3)):
        cv.polyline([(8 + k * 4.7, y + (1.6 if k % 2 else -1.6)) for k in range(11)],
                    Stroke(line, 0.4 if ink_saver else 1.2))
    cv.rect(8, H / 2 - 9, W - 16, 18, stroke=Stroke(width=0.4) if ink_saver else None, fill=band)
    text = "#000000" if ink_saver else "#ffffff"
    cv.text(W / 2, H / 2 - 1, "Sssnake", 16, "middle", bold=True, colour=text)
    cv.text(W / 2, H / 2 + 6, _("ability"), 9, "middle", colour=text)


def decks(name: str, ink_saver: bool = False) -> list[list[Card]]:
    """The decks to print: apples, abilities, or all (apples first); each deck starts on a new page."""
    ed = edition()
    apples = [Card(f"apple card #{c.id}", partial(apple_side, card=c, side="A", ink_saver=ink_saver),
                   partial(apple_side, card=c, side="B", ink_saver=ink_saver)) for c in ed.apples]
    abilities = [Card(f"ability card {c.number}", partial(ability_front, card=c, ink_saver=ink_saver),
                      partial(_ability_back, ink_saver=ink_saver)) for c in ed.abilities.values()]
    return {"apples": [apples], "abilities": [abilities], "all": [apples, abilities]}[name]


def deck_title(name: str) -> str:
    """A deck's name (apples, abilities, all: what `--deck` takes) as a page's caption says it."""
    return {"apples": pgettext("deck", "apples"), "abilities": pgettext("deck", "abilities"),
            "all": pgettext("deck", "all")}[name]


def _ability_back(cv: Canvas, bleed: float, ink_saver: bool = False) -> None:
    if bleed and not ink_saver:
        cv.rect(-bleed, -bleed, W + 2 * bleed, H + 2 * bleed, stroke=None, fill=BACK_GREEN)
    cv.stamp(f"ability-back{'-inksaver' if ink_saver else ''}", W, H, partial(ability_back, ink_saver=ink_saver))


def render_cards(deck_name: str, paper: Paper, bleed: float, duplex: bool, offset: tuple[float, float], fmt: str,
                 path, ink_saver: bool = False, size: CardSize = POKER, cutter: Cutter | None = None,
                 cut_file: Path | None = None) -> int:
    """Fronts nine to a page with crop marks; each back page mirrors its front's columns for a long-edge flip.

    With duplex, each back page follows its front page; without, all back pages follow all fronts (print them
    separately and glue, or cut and pair by the number in the corner). With a cutter, the fronts carry its
    registration marks and `cut_file` gets the trim lines. Returns the page count.
    """
    doc = open_document(fmt)
    doc.duplex = duplex
    draw_cards(doc, deck_name, paper, bleed, duplex, offset, ink_saver, size, cutter,
               cut_file.name if cut_file else "")
    pages = doc.save(Path(path))
    if cutter and cut_file:
        write_cut_file(cut_file, cutter_grid(paper, size, bleed, cutter), cutter)
    return pages


def draw_cards(doc: Document, deck_name: str, paper: Paper, bleed: float, duplex: bool,
               offset: tuple[float, float], ink_saver: bool = False, size: CardSize = POKER,
               cutter: Cutter | None = None, cut_name: str = "") -> None:
    """The card pages onto `doc`: a file of cards, or a part of a booklet (page numbers count within the part)."""
    grid = cutter_grid(paper, size, bleed, cutter) if cutter else card_grid(paper, size, 3, 3, bleed)
    sheets = [cards[i:i + grid.per_page] for cards in decks(deck_name, ink_saver)
              for i in range(0, len(cards), grid.per_page)]
    fronts = [(chunk, False, _("front {n}").format(n=n)) for n, chunk in enumerate(sheets, 1)]
    backs = [(chunk, True, _("back of front {n}").format(n=n)) for n, chunk in enumerate(sheets, 1)]
    order = [p for pair in zip(fronts, backs, strict=True) for p in pair] if duplex else fronts + backs
    for n, (chunk, is_back, caption) in enumerate(order, 1):
        with doc.page(grid.page_w, grid.page_h) as cv:
            card_page(cv, grid, chunk, is_back, offset if is_back else (0.0, 0.0),
                      _("{deck}: {side} - page {page}/{pages} - print at 100%").format(
                          deck=deck_title(deck_name), side=caption, page=n, pages=len(order)))
            if cutter and not is_back:
                mark_page(cv, grid, cutter, cut_name)


def draw_in_slot(cv: Canvas, slot: Slot, draw: Callable[[Canvas, float], None]) -> None:
    """One side of a card in its slot. A slot larger than the 63 x 88 mm drawing (a 2.5 x 3.5 in poker card) gets
    the drawing centred, its ground grown to the slot's edge and bleed and cut off there."""
    mx, my = (slot.w - W) / 2, (slot.h - H) / 2
    if mx <= 0 and my <= 0:  # the card's own size (a counter's is smaller)
        with cv.translated(slot.x, slot.y) as c:
            draw(c, slot.bleed)
        return
    b = slot.bleed
    with cv.clipped(slot.x - b, slot.y - b, slot.w + 2 * b, slot.h + 2 * b) as clip:
        with clip.translated(slot.x + mx, slot.y + my) as c:
            draw(c, b + max(mx, my))


def card_page(cv: Canvas, grid: CardGrid, chunk: list[Card], is_back: bool, offset: tuple[float, float],
              caption: str) -> None:
    """One page of a card grid: each card's front (or back, mirrored) in its slot, crop marks, the caption."""
    slots = grid.back_slots(offset) if is_back else grid.slots()
    for card, slot in zip(chunk, slots, strict=False):
        draw_in_slot(cv, slot, card.back if is_back else card.front)
    for x1, y1, x2, y2 in grid.crop_marks(offset):
        cv.line(x1, y1, x2, y2, THIN)
    if grid.bleed:
        cv.document.trim(*grid.trim_area(offset), grid.bleed)
    first = grid.slots()[0]
    cv.text(first.x + first.w / 2, first.y - first.bleed - 1.6, caption, 5, "middle", colour="#555555")
