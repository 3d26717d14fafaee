"""Cards with a face: the apple drawing, A and B sides told apart by shape and layout (not colour alone), half
apples drawn as half an apple, one pictogram per ability, and --ink-saver without tints or large fills."""
import math
from contextlib import contextmanager

import pytest

from companion.sheets import cards, pictograms
from companion.sheets.canvas import THIN, Canvas
from companion.sheets.cards import FACES, GRID_CELL, ability_front, apple_side, decks
from companion.sssnake.edition import edition


class Recorder(Canvas):
    """A canvas that keeps every shape it is given, in page millimetres, instead of drawing it."""

    def __init__(self):
        self.document = self
        self.definitions = {}
        self.shapes = []  # (kind, fill, stroke colour, points)
        self.texts = []
        self.dx = self.dy = 0.0

    def define(self, name, w, h, draw):
        self.definitions.setdefault(name, (w, h, draw))

    def _add(self, kind, stroke, fill, pts):
        self.shapes.append((kind, fill, stroke.colour if stroke else None,
                            tuple((round(x + self.dx, 2), round(y + self.dy, 2)) for x, y in pts)))

    def rect(self, x, y, w, h, stroke=THIN, fill=None, radius=0.0):
        self._add("rect", stroke, fill, [(x, y), (x + w, y), (x + w, y + h), (x, y + h)])

    def polyline(self, points, stroke=THIN, fill=None, closed=False):
        self._add("polygon" if closed or fill else "polyline", stroke, fill, points)

    def circle(self, cx, cy, r, stroke=THIN, fill=None):
        self._add("circle", stroke, fill, [(cx - r, cy), (cx + r, cy), (cx, cy - r), (cx, cy + r)])

    def text(self, x, y, s, size=9, anchor="start", bold=False, colour="#000000"):
        self.texts.append((s, colour))

    def boxes(self, rects, fill):
        for x, y, w, h in rects:
            self.rect(x, y, w, h, None, fill)

    @contextmanager
    def translated(self, dx, dy):
        self.dx, self.dy = self.dx + dx, self.dy + dy
        yield self
        self.dx, self.dy = self.dx - dx, self.dy - dy

    def place(self, name, x=0.0, y=0.0):
        with self.translated(x, y):
            self.definitions[name][2](self)

    @contextmanager
    def clipped(self, x, y, w, h):  # cards draw nothing clipped or turned: the recorder keeps neither
        yield self

    @contextmanager
    def rotated(self, degrees):
        yield self


def area(kind, pts):
    """The area a filled shape covers, in mm²."""
    if kind == "circle":
        return math.pi * ((pts[1][0] - pts[0][0]) / 2) ** 2
    return abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1], strict=True))) / 2


def luminance(colour):
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def inky_fills(recorder, largest=40.0):
    """Fills an ink-saver page must not have: a tint (a light colour that is not white) or a large dark area."""
    bad = []
    for kind, fill, _, pts in recorder.shapes:
        if fill is None or fill.lower() == "#ffffff":
            continue
        if luminance(fill) > 0.6 or area(kind, pts) > largest:
            bad.append((kind, fill, round(area(kind, pts), 1)))
    return bad


def draw(fn, *args, **kw):
    rec = Recorder()
    fn(rec, *args, **kw)
    return rec


def geometry(rec):
    """What is drawn, colours left out: two faces that differ only in colour have the same geometry."""
    return sorted((kind, pts) for kind, _, _, pts in rec.shapes)


CARD = edition().apples[1]  # A 2 (half apple), B 15


def test_a_and_b_faces_differ_in_their_drawing_not_only_in_colour():
    a, b = draw(apple_side, 0, CARD, "A"), draw(apple_side, 0, CARD, "B")
    assert geometry(a) != geometry(b)
    badge_a = [s for s in a.shapes if s[0] == "circle" and s[1] == FACES["A"].ink]
    badge_b = [s for s in b.shapes if s[0] == "rect" and s[1] == FACES["B"].ink and area("rect", list(s[3])) > 50]
    assert len(badge_a) == 2 and len(badge_b) == 2  # round A badges, square B badges, top and bottom
    assert ("A", "#ffffff") in a.texts and ("B", "#ffffff") in b.texts


@pytest.mark.parametrize("side", ["A", "B"])
def test_the_grid_strip_marks_the_column_on_a_and_the_row_on_b(side):
    """A: a band three squares tall at the card's column; B: a band three squares wide at its row."""
    rec = draw(apple_side, 0, CARD, side)
    bands = [pts for kind, fill, _, pts in rec.shapes if kind == "rect" and fill == FACES[side].ink
             and area(kind, list(pts)) == pytest.approx(3 * GRID_CELL ** 2)]
    (x0, y0), _, (x1, y1), _ = bands[0]
    if side == "A":
        assert (x1 - x0, y1 - y0) == pytest.approx((GRID_CELL, 3 * GRID_CELL))
        assert x0 == pytest.approx(FACES["A"].strip[0] + (CARD.a - 1) * GRID_CELL)
    else:
        assert (x1 - x0, y1 - y0) == pytest.approx((3 * GRID_CELL, GRID_CELL))
        assert y0 == pytest.approx(FACES["B"].strip[1] + (CARD.b - 1) * GRID_CELL)


def test_every_apple_card_shows_its_number_on_the_apple_in_white():
    for card in edition().apples:
        for side, number in (("A", card.a), ("B", card.b)):
            assert (str(number), "#ffffff") in draw(apple_side, 0, card, side).texts
    # white on the apple's red keeps its contrast in grey-scale: the red is darker than 40 % luminance
    assert luminance(pictograms.SKIN) < 0.4


def test_a_half_apple_is_drawn_as_the_left_half_of_the_apple():
    whole, half = draw(pictograms.apple, 30, 30, 5, False), draw(pictograms.half_apple, 30, 30, 5, False)
    outline = max((s for s in half.shapes if s[0] == "polygon"), key=lambda s: len(s[3]))[3]
    xs = [x for x, _ in outline]
    assert max(xs) == pytest.approx(30) and min(xs) == pytest.approx(30 - 5 * 1.04, abs=0.1)
    whole_xs = [x for kind, _, _, pts in whole.shapes if kind == "polygon" and len(pts) > 40 for x, _ in pts]
    assert min(whole_xs) == pytest.approx(min(xs)) and max(whole_xs) == pytest.approx(60 - min(xs))


def test_half_apple_faces_draw_the_half_apple_and_the_others_do_not():
    for card in edition().apples:
        for side, half in (("A", card.half_a), ("B", card.half_b)):
            assert (("half apple", "#333333") in draw(apple_side, 0, card, side).texts) == half


def test_sixteen_distinct_pictograms_each_inside_its_box():
    drawings = {n: draw(pic, 0, 0, 10, False) for n, pic in pictograms.PICTOGRAMS.items()}
    assert sorted(drawings) == sorted(edition().abilities) == list(range(1, 17))
    assert len({tuple(geometry(rec)) for rec in drawings.values()}) == 16
    for n, rec in drawings.items():
        points = [p for *_, pts in rec.shapes for p in pts]
        assert len(rec.shapes) >= 3, n
        assert all(abs(x) <= 13 and abs(y) <= 13 for x, y in points), n  # the 25 mm panel holds r = 10.5


def test_the_ability_kind_is_a_shape_and_a_word_not_a_colour():
    """Permanent: a 49-point lemniscate and 'permanent'; single use: the 7-point bolt and 'single use'."""
    for card in edition().abilities.values():
        rec = draw(ability_front, 0, card)
        corner = [pts for kind, _, _, pts in rec.shapes if kind == "polygon"
                  and all(math.dist(p, (cards.W - 11, 11)) < 6 for p in pts)]  # the top-right badge
        sizes = {len(pts) for pts in corner}
        assert (49 in sizes, 7 in sizes) == (card.permanent, not card.permanent), card.name
        words = " ".join(s for s, _ in rec.texts)
        assert ("permanent" in words) == card.permanent and ("single use" in words) != card.permanent
        assert card.name in words and (str(card.number), "#000000") in rec.texts


@pytest.mark.parametrize("bleed", [0, 1])
def test_ink_saver_cards_have_no_tint_and_no_large_fill(bleed):
    faces = [side for deck in decks("all", ink_saver=True) for card in deck for side in (card.front, card.back)]
    for face in faces:
        assert inky_fills(draw(face, bleed)) == []
    coloured = [side for deck in decks("all") for card in deck for side in (card.front, card.back)]
    assert all(inky_fills(draw(face, bleed)) for face in coloured)  # the check would see a tint
