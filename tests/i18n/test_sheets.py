"""The printables in German: every word drawn goes through the catalog, and no German label runs out of its box.

Each printable is drawn onto a canvas that only measures: a text's box comes from the Helvetica metrics the drawing
code wraps and fits with (sheets/text.py's width), a frame's from its rectangle. A label overflows when it leaves
its card, counter or page, runs into another label, crosses a frame's edge, or runs sideways out of a filled
rectangle (a band, a corner mark). English passes the same check, so it finds what German breaks, not what was
drawn that way on purpose.
"""
from __future__ import annotations

import math
from contextlib import contextmanager
from pathlib import Path

import pytest

from companion.core import language
from companion.core.games import GAMES
from companion.sheets import booklet, calibration, cards, counter_sheet, reference, sheet, tiles
from companion.sheets.bolotomus_map import draw_map_page
from companion.sheets.canvas import PT, Canvas, Document
from companion.sheets.layout import A3, A6, PAPERS, POKER, LayoutError
from companion.sheets.reference_card import fits
from companion.sheets.sheet_layout import BOX_H, BOX_W
from companion.sheets.state_card import draw_card
from companion.sheets.text import width
from companion.sssnake.edition import edition

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in mm on the page
SLACK = 0.05  # mm: touching is not crossing


class Sheet(Document):
    """Pages that are only measured: each page's texts and rectangles."""

    def __init__(self) -> None:
        super().__init__()
        self.logs: list[dict] = []
        self.sizes: list[tuple[float, float]] = []

    @contextmanager
    def page(self, w, h, name=""):
        log: dict = {"texts": [], "frames": [], "fills": []}
        self.logs.append(log)
        self.sizes.append((w, h))
        yield Measure(self, log)
        self.pages += 1

    def _write(self, tmp: Path) -> None:
        raise NotImplementedError


class Measure(Canvas):
    """Records where each text and each rectangle lands, through translations, rotations and stamps."""

    def __init__(self, document: Document, log: dict, matrix=(1.0, 0.0, 0.0, 1.0, 0.0, 0.0)) -> None:
        self.document, self.log, self.m = document, log, matrix

    def _box(self, points) -> Box:
        a, b, c, d, e, f = self.m
        moved = [(a * x + c * y + e, b * x + d * y + f) for x, y in points]
        return (min(p[0] for p in moved), min(p[1] for p in moved), max(p[0] for p in moved),
                max(p[1] for p in moved))

    def _then(self, a2, b2, c2, d2, e2, f2) -> Measure:
        a, b, c, d, e, f = self.m
        return Measure(self.document, self.log, (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
                                                 a * e2 + c * f2 + e, b * e2 + d * f2 + f))

    def rect(self, x, y, w, h, stroke=None, fill=None, radius=0.0):
        self.log["frames" if stroke is not None else "fills"].append(self._box([(x, y), (x + w, y + h)]))

    def text(self, x, y, s, size=9, anchor="start", bold=False, colour="#000000"):
        w = width(s, size, bold)
        x0 = x - w * {"start": 0.0, "middle": 0.5, "end": 1.0}[anchor]
        self.log["texts"].append((s, self._box([(x0, y - 0.7 * size * PT), (x0 + w, y)])))

    def polyline(self, points, stroke=None, fill=None, closed=False):
        return None

    def circle(self, cx, cy, r, stroke=None, fill=None):
        return None

    def boxes(self, rects, fill):
        return None

    @contextmanager
    def translated(self, dx, dy):
        yield self._then(1, 0, 0, 1, dx, dy)

    @contextmanager
    def clipped(self, x, y, w, h):
        yield self

    @contextmanager
    def rotated(self, degrees):
        t = math.radians(degrees)
        yield self._then(math.cos(t), math.sin(t), -math.sin(t), math.cos(t), 0, 0)

    def place(self, name, x=0.0, y=0.0):
        draw = self.document.definitions[name][2]
        with self.translated(x, y) as at:
            draw(at)


def _meets(a: Box, b: Box) -> bool:
    return a[0] < b[2] - SLACK and b[0] < a[2] - SLACK and a[1] < b[3] - SLACK and b[1] < a[3] - SLACK


def _crosses(text: Box, frame: Box) -> bool:
    """The text runs over one of the frame's edges: partly inside it, partly out."""
    inside = (frame[0] - SLACK <= text[0] and text[2] <= frame[2] + SLACK and frame[1] - SLACK <= text[1]
              and text[3] <= frame[3] + SLACK)
    return _meets(text, frame) and not inside


def _sideways(text: Box, fill: Box) -> bool:
    """The text runs over the left or right edge of a filled rectangle (a band's top and bottom are soft)."""
    return _meets(text, fill) and (text[0] < fill[0] - SLACK or text[2] > fill[2] + SLACK)


def faults(log: dict, bounds: Box) -> list[str]:
    """Every text out of `bounds`, over another text, across a frame's edge or sideways out of a fill."""
    texts, found = [(s, b) for s, b in log["texts"] if s.strip()], []
    for i, (s, b) in enumerate(texts):
        if b[0] < bounds[0] - SLACK or b[2] > bounds[2] + SLACK or b[1] < bounds[1] - SLACK or b[3] > bounds[3] + SLACK:
            found.append(f"{s!r} leaves its {bounds[2] - bounds[0]:g} x {bounds[3] - bounds[1]:g} mm")
        found += [f"{s!r} runs into {t!r}" for t, other in texts[i + 1:] if _meets(b, other)]
        found += [f"{s!r} crosses a frame's edge" for frame in log["frames"] if _crosses(b, frame)]
        found += [f"{s!r} runs out of a filled box" for fill in log["fills"] if _sideways(b, fill)]
    return found


def drawn(draw, w: float, h: float, inset: float = 0.0) -> list[str]:
    """The faults of one drawing `draw(canvas)` in a w x h box (a card, a counter, a page less its margin)."""
    doc = Sheet()
    with doc.page(w, h) as cv:
        draw(cv)
    return faults(doc.logs[0], (inset, inset, w - inset, h - inset))


def pages(draw) -> list[str]:
    """The faults of every page a renderer draws onto a document, each within its printable margin."""
    doc = Sheet()
    draw(doc)
    return [f for log, (w, h) in zip(doc.logs, doc.sizes, strict=True) for f in faults(log, (3, 3, w - 3, h - 3))]


def card_faces() -> list[str]:
    """Every card's front and back (apples, abilities) and every reference card, each within its 63 x 88 mm."""
    sides = [side for deck in cards.decks("all") for card in deck for side in (card.front, card.back)]
    sides += [card.front for kind in ("sssnake", "snits") for card in reference.game_sets(kind)[0][1]]
    return [f for side in sides for f in drawn(lambda cv, side=side: side(cv, 0.0), POKER.width, POKER.height)]


def counters() -> list[str]:
    return [f for kind in counter_sheet.sections("all") for c in kind
            for f in drawn(lambda cv, c=c: c.face(cv, 0.0), counter_sheet.S, counter_sheet.S)]


def pad() -> list[str]:
    """Each landscape's sheet with its page part, within the sheet's box."""
    from companion.sheets.landscape import landscape_map

    def one(slug):
        def draw(cv):
            sheet.draw_static(cv, landscape_map(slug), False)
            sheet.draw_page_part(cv, "S-TEST", "ABCDEF", 38, 160, 0)
        return drawn(draw, BOX_W, BOX_H)
    return [f for slug in edition().landscapes for f in one(slug)]


def booklets() -> list[str]:
    def front_matter(doc):
        for kind in ("sssnake", "snits"):
            book = booklet.booklet(kind, PAPERS["a4"], "TEST1")
            for draw in (booklet._cover, booklet._print_guide, booklet._cut_guide):
                with doc.page(210, 297) as cv:
                    draw(cv, book, 210)
                    booklet._footer(cv, 210, 297, 3, 17)
    return pages(front_matter)


def maps() -> list[str]:
    return [f for paper in (PAPERS["a4"], PAPERS["letter"], A3)
            for f in pages(lambda doc, paper=paper: draw_map_page(doc, paper, False))]


def state_card() -> list[str]:
    lines = ["Snits' Revenge - R-TEST", "a line of the game's state"]
    return drawn(lambda cv: draw_card(cv, "R1-TOKEN", GAMES["snits"].title, lines, language._(
        "companion resume --photo <picture of this card>")), A6.width, A6.height, 3)


def calibration_page() -> list[str]:
    def draw(doc):
        with doc.page(210, 297) as cv:
            calibration._front(cv, 210, 297, PAPERS["a4"], (0.5, -1.0))
        with doc.page(210, 297) as cv:
            calibration._back(cv, 210, 297, (0.5, -1.0))
    return pages(draw)


def poster() -> list[str]:
    """A 2 x 2 poster's labels and glue notes (the map on it is the map's own test)."""
    t = tiles.Tiling(2, 2, 210, 297)
    return pages(lambda doc: tiles.render_tiles(doc, t, "poster", lambda cv: None, "The Bolotomus - second edition",
                                                "organs hold 9 counters of 15 x 15 mm"))


def charts() -> list[str]:
    """The history's chart (many lines: the legend says how many more) and the balance lab's."""
    from companion.sheets import balance_chart, chart

    lines = [(f"Player {n}, Am Fluss", [n, 2 * n, 3]) for n in range(40)]
    data = {"rows": [{"variation": "baseline", "snits_win_rate": 0.4, "interval_95": [0.3, 0.5], "snits": 40,
                      "games": 100, "unfinished": 2}, {"variation": "organs_to_win=8", "snits_win_rate": None}],
            "players": {"Snits": "greedy", "Bolotomus": "greedy"}, "games": 100, "seeds": [1, 100]}
    return (drawn(lambda cv: chart.draw_chart(cv, "Sssnake", lines), chart.PAGE_W, chart.PAGE_H, 3)
            + drawn(lambda cv: balance_chart.draw_chart(cv, data), balance_chart.PAGE_W, 80, 3))


PRINTABLES = {"cards": card_faces, "counters": counters, "pad": pad, "booklet": booklets, "map": maps,
              "state card": state_card, "calibration": calibration_page, "poster": poster, "charts": charts}


@pytest.mark.parametrize("name", PRINTABLES)
def test_english_passes_the_measure(name):
    assert PRINTABLES[name]() == []


@pytest.mark.parametrize("name", PRINTABLES)
def test_no_german_label_overflows(german, name):
    assert PRINTABLES[name]() == []


def test_the_measure_finds_a_label_too_long(german, monkeypatch):
    """A German label three times as long (as a careless translation would be) is caught on the sheet and a card."""
    from companion.sheets import sheet_panels

    def longer(message: str) -> str:  # a label, not a paragraph (that one wraps)
        return language._(message) * (3 if len(message) < 25 else 1)

    for module in (sheet_panels, cards):
        monkeypatch.setattr(module, "_", longer)
    assert any("crosses" in f or "runs into" in f for f in pad())
    assert any("leaves" in f or "runs into" in f for f in card_faces())


def test_a_reference_card_refuses_german_that_runs_past_its_foot(german):
    with pytest.raises(LayoutError, match="läuft .* über ihren unteren Rand"):
        fits("Sssnake: Runden", 90.0)


def _texts(draw, w: float, h: float) -> list[str]:
    doc = Sheet()
    with doc.page(w, h) as cv:
        draw(cv)
    return [s for s, _box in doc.logs[0]["texts"]]


def test_the_sheet_speaks_german_and_keeps_names_and_numbers(german):
    from companion.sheets.landscape import landscape_map

    words = _texts(lambda cv: sheet.draw_static(cv, landscape_map("am-fluss"), False), BOX_W, BOX_H)
    assert {"Spieler", "Punkte", "Schlangenlänge", "Gelände"} <= set(words)
    assert "Am Fluss" in words and "Player" not in words and "Points" not in words
    assert {str(n) for n in range(1, 41)} <= set(words)  # the squares' and the track's numbers, unchanged


def test_ability_and_apple_cards_speak_german(german):
    card = edition().abilities[1]
    words = _texts(lambda cv: cards.ability_front(cv, 0.0, card), POKER.width, POKER.height)
    assert any(w in ("dauerhaft", "einmalig: sofort ausführen") for w in words)
    apple = edition().apples[0]
    words = _texts(lambda cv: cards.apple_side(cv, 0.0, apple, "A"), POKER.width, POKER.height)
    assert f"A Spalte {apple.a}" in words and f"#{apple.id}" in words


def test_counters_keep_their_invented_names(german):
    words = [w for kind in counter_sheet.sections("all") for c in kind
             for w in _texts(lambda cv, c=c: c.face(cv, 0.0), counter_sheet.S, counter_sheet.S)]
    assert {"Snorg", "Makum", "Runnungitm", "Splop!", "Funke", "Totem"} <= set(words)


def test_the_map_speaks_german_round_its_organs(german):
    doc = Sheet()
    draw_map_page(doc, PAPERS["a4"], False)
    words = [s for s, _box in doc.logs[0]["texts"]]
    assert "Spielrunde" in words and "Eingang von außen:" in words and "Lapotum" in words
    assert any(w.startswith("Der Bolotomus - ") for w in words)
