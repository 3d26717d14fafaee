"""Apple cards (A side column, B side row, half apples) and ability cards, poker size, nine to a page.

Each card is a pair of drawings (front, back) in its own trim box; the layout places them, mirrors the backs
for a long-edge flip and moves them by the measured offset.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from companion.sssnake.edition import AbilityCard, AppleCard, edition
from companion.sheets import symbols
from companion.sheets.canvas import HAIRLINE, THIN, Canvas, Document, Stroke, open_document
from companion.sheets.layout import POKER, CardGrid, Paper, card_grid
from companion.sheets.text import wrap

W, H = POKER.width, POKER.height
APPLE_TINT = {"A": "#eaf4df", "B": "#e3eef8"}
ABILITY_TINT = "#fbf3e4"
BACK_NAME = "ability-back"


@dataclass(frozen=True)
class Card:
    """One double-sided card: how to draw each side inside its trim box (bleed extends past it)."""

    label: str
    front: Callable[[Canvas, float], None]
    back: Callable[[Canvas, float], None] | None = None  # None: a one-sided card, never on a back page


def _ground(cv: Canvas, bleed: float, tint: str) -> None:
    """The card's background, printed into the bleed so a slightly-off cut shows no white edge."""
    cv.rect(-bleed, -bleed, W + 2 * bleed, H + 2 * bleed, stroke=None, fill=tint)
    cv.rect(3, 3, W - 6, H - 6, Stroke("#ffffff", 0.8), radius=2.5)


def apple_side(cv: Canvas, bleed: float, card: AppleCard, side: str) -> None:
    """A side: the column number; B side: the row number; a half apple where the edition prints one."""
    number, half, word = (card.a, card.half_a, "column") if side == "A" else (card.b, card.half_b, "row")
    _ground(cv, bleed, APPLE_TINT[side])
    for x, anchor in ((6, "start"), (W - 6, "end")):
        cv.text(x, 12, side, 16, anchor, bold=True)
    cv.text(W / 2, 56, str(number), 72, "middle", bold=True)
    cv.text(W / 2, 66, f"{side} {word} {number}", 10, "middle")
    if half:
        symbols.apple(cv, W / 2 + 4, 76, 5, "fresh", half=True)
        cv.text(W / 2 + 2, 85, "half apple", 6, "middle", colour="#555555")
    cv.text(6, H - 5, f"#{card.id}", 6, colour="#777777")


def ability_front(cv: Canvas, bleed: float, card: AbilityCard) -> None:
    """Number, name, type symbols (permanent / single use, 3+ players) and the effect (Ability Cards)."""
    _ground(cv, bleed, ABILITY_TINT)
    cv.circle(11, 11, 6, Stroke(width=0.5), fill="#ffffff")
    cv.text(11, 13.6, str(card.number), 14, "middle", bold=True)
    if card.permanent:
        symbols.infinity(cv, W - 11, 11, 5.5, Stroke(width=0.8))
    else:
        symbols.lightning(cv, W - 11, 11, 5.5)
    for i, line in enumerate(wrap(card.name, W - 14, 14, bold=True)):
        cv.text(W / 2, 28 + i * 6, line, 14, "middle", bold=True)
    cv.line(10, 36, W - 10, 36, HAIRLINE)
    for i, line in enumerate(wrap(card.effect, W - 14, 9)):
        cv.text(7, 43 + i * 4.4, line, 9)
    kind = "permanent" if card.permanent else "single use: carried out at once"
    cv.text(7, H - 8, kind, 7, colour="#444444")
    if card.three_plus:
        symbols.three_snakes(cv, W - 11, H - 12, 4.5, Stroke(width=0.5))
        cv.text(W - 11, H - 5, "3+ players", 6, "middle", colour="#444444")


def ability_back(cv: Canvas) -> None:
    """The same back for every ability card, so a face-down card gives nothing away."""
    cv.rect(0, 0, W, H, stroke=None, fill="#3f6b3a")
    cv.rect(3, 3, W - 6, H - 6, Stroke("#ffffff", 0.8), radius=2.5)
    for i in range(7):
        y = 12 + i * 11
        cv.polyline([(8 + k * 4.7, y + (1.6 if k % 2 else -1.6)) for k in range(11)], Stroke("#6f9b63", 1.2))
    cv.rect(8, H / 2 - 9, W - 16, 18, stroke=None, fill="#3f6b3a")
    cv.text(W / 2, H / 2 - 1, "Sssnake", 16, "middle", bold=True, colour="#ffffff")
    cv.text(W / 2, H / 2 + 6, "ability", 9, "middle", colour="#ffffff")


def decks(name: str) -> list[list[Card]]:
    """The decks to print: apples, abilities, or all (apples first); each deck starts on a new page."""
    ed = edition()
    apples = [Card(f"apple card #{c.id}", lambda cv, b, c=c: apple_side(cv, b, c, "A"),
                   lambda cv, b, c=c: apple_side(cv, b, c, "B")) for c in ed.apples]
    abilities = [Card(f"ability card {c.number}", lambda cv, b, c=c: ability_front(cv, b, c),
                      _ability_back) for c in ed.abilities.values()]
    return {"apples": [apples], "abilities": [abilities], "all": [apples, abilities]}[name]


def _ability_back(cv: Canvas, bleed: float) -> None:
    if bleed:
        cv.rect(-bleed, -bleed, W + 2 * bleed, H + 2 * bleed, stroke=None, fill="#3f6b3a")
    cv.stamp(BACK_NAME, W, H, ability_back)


def render_cards(deck_name: str, paper: Paper, bleed: float, duplex: bool, offset: tuple[float, float], fmt: str,
                 path) -> int:
    """Fronts nine to a page with crop marks; each back page mirrors its front's columns for a long-edge flip.

    With duplex, each back page follows its front page; without, all back pages follow all fronts (print them
    separately and glue, or cut and pair by the number in the corner). Returns the page count.
    """
    doc = open_document(fmt)
    draw_cards(doc, deck_name, paper, bleed, duplex, offset)
    return doc.save(Path(path))


def draw_cards(doc: Document, deck_name: str, paper: Paper, bleed: float, duplex: bool,
               offset: tuple[float, float]) -> None:
    """The card pages onto `doc`: a file of cards, or a part of a booklet (page numbers count within the part)."""
    grid = card_grid(paper, POKER, 3, 3, bleed)
    sheets = [cards[i:i + grid.per_page] for cards in decks(deck_name) for i in range(0, len(cards), grid.per_page)]
    fronts = [(chunk, False, f"front {n}") for n, chunk in enumerate(sheets, 1)]
    backs = [(chunk, True, f"back of front {n}") for n, chunk in enumerate(sheets, 1)]
    order = [p for pair in zip(fronts, backs) for p in pair] if duplex else fronts + backs
    for n, (chunk, is_back, caption) in enumerate(order, 1):
        with doc.page(grid.page_w, grid.page_h) as cv:
            card_page(cv, grid, chunk, is_back, offset if is_back else (0.0, 0.0),
                       f"{deck_name}: {caption} - page {n}/{len(order)} - print at 100%")


def card_page(cv: Canvas, grid: CardGrid, chunk: list[Card], is_back: bool, offset: tuple[float, float],
              caption: str) -> None:
    """One page of a card grid: each card's front (or back, mirrored) in its slot, crop marks, the caption."""
    slots = grid.back_slots(offset) if is_back else grid.slots()
    for card, slot in zip(chunk, slots):
        with cv.translated(slot.x, slot.y) as c:
            (card.back if is_back else card.front)(c, slot.bleed)
    for x1, y1, x2, y2 in grid.crop_marks(offset):
        cv.line(x1, y1, x2, y2, THIN)
    first = grid.slots()[0]
    cv.text(first.x + first.w / 2, first.y - first.bleed - 1.6, caption, 5, "middle", colour="#555555")
