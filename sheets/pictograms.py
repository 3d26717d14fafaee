"""The pictures on the card faces: an apple whole and halved, and one pictogram per ability card, drawn from the
canvas primitives so they print the same in PDF and SVG.

Each drawing is an outline first: colour only fills what the outline already shows, so it reads in grey-scale and
for colour-blind players, and `ink_saver` drops the fills and keeps the lines.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from companion.sheets.canvas import Canvas, Point, Stroke
from companion.sheets.symbols import star

INK = "#222222"
SKIN, FLESH, SEED = "#c8372d", "#fff1d0", "#4a3520"
STEM, LEAF = "#5a3d22", "#3f7a2a"
SNAKE = "#4f8a3a"
WATER, WATER_INK = "#d6e8f7", "#2f6fa8"
SAND, SAND_INK = "#ecd695", "#a88420"


def _fill(colour: str, ink_saver: bool) -> str | None:
    return None if ink_saver else colour


def _at(cx: float, cy: float, r: float, pts: Sequence[Point]) -> list[Point]:
    """Points given in units of r around the centre, in millimetres."""
    return [(cx + x * r, cy + y * r) for x, y in pts]


def _ellipse(cx: float, cy: float, rx: float, ry: float, a0: float = 0, a1: float = 360, n: int = 32) -> list[Point]:
    """Points along an ellipse from angle a0 to a1 (degrees, clockwise on paper since y points down)."""
    return [(cx + rx * math.cos(math.radians(a0 + (a1 - a0) * i / n)),
             cy + ry * math.sin(math.radians(a0 + (a1 - a0) * i / n))) for i in range(n + 1)]


def _arrowhead(cv: Canvas, tip: Point, frm: Point, size: float, colour: str = INK) -> None:
    """A filled triangle at `tip`, pointing away from `frm`."""
    a = math.atan2(tip[1] - frm[1], tip[0] - frm[0])
    left = (tip[0] - size * math.cos(a - 0.45), tip[1] - size * math.sin(a - 0.45))
    right = (tip[0] - size * math.cos(a + 0.45), tip[1] - size * math.sin(a + 0.45))
    cv.polyline([tip, left, right], None, fill=colour, closed=True)


def _snake(cv: Canvas, pts: Sequence[Point], r: float, ink_saver: bool) -> None:
    """A snake along `pts`: a thick round-capped body and a head with an eye at the last point."""
    body = Stroke(INK if ink_saver else SNAKE, r * 0.13, round_cap=True)
    cv.polyline(pts, body)
    (hx, hy), (px, py) = pts[-1], pts[-2]
    cv.circle(hx, hy, r * 0.12, Stroke(INK, r * 0.03), fill="#ffffff" if ink_saver else SNAKE)
    a = math.atan2(hy - py, hx - px)
    cv.circle(hx + r * 0.04 * math.cos(a - 1.2), hy + r * 0.04 * math.sin(a - 1.2), r * 0.025, None, fill=INK)


def _curve(cx: float, cy: float, r: float, pts: Sequence[Point], n: int = 8) -> list[Point]:
    """A smooth line through control points (units of r): a Catmull-Rom spline sampled n times a segment."""
    p = [pts[0], *pts, pts[-1]]
    out = []
    for i in range(1, len(p) - 2):
        for k in range(n):
            t = k / n
            out.append(tuple(0.5 * (2 * p[i][j] + (p[i + 1][j] - p[i - 1][j]) * t
                                    + (2 * p[i - 1][j] - 5 * p[i][j] + 4 * p[i + 1][j] - p[i + 2][j]) * t * t
                                    + (3 * p[i][j] - p[i - 1][j] - 3 * p[i + 1][j] + p[i + 2][j]) * t ** 3)
                              for j in (0, 1)))
    out.append(pts[-1])
    return _at(cx, cy, r, out)


def _wave(x0: float, x1: float, y: float, amp: float, periods: float) -> list[Point]:
    return [(x0 + (x1 - x0) * i / 24, y + amp * math.sin(i / 24 * periods * 2 * math.pi)) for i in range(25)]


def apple_outline(cx: float, cy: float, r: float, n: int = 48) -> list[Point]:
    """An apple's silhouette, r the half-width: wider at the shoulders, dipped at the stem and a little below."""
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n  # 0 at the top, clockwise
        top = math.atan2(math.sin(t), math.cos(t))
        rr = 1 - 0.24 * math.exp(-(top / 0.42) ** 2) - 0.07 * math.exp(-((t - math.pi) / 0.4) ** 2)
        pts.append((cx + 1.04 * r * rr * math.sin(t), cy - r * rr * math.cos(t)))
    return pts


def _stem_and_leaf(cv: Canvas, cx: float, cy: float, r: float, ink_saver: bool, pen: Stroke) -> None:
    cv.polyline(_at(cx, cy, r, [(0, -0.72), (0.04, -0.95), (0.14, -1.2)]),
                Stroke(INK if ink_saver else STEM, r * 0.09, round_cap=True))
    cv.polyline(_at(cx, cy, r, [(0.12, -0.98), (0.35, -1.22), (0.7, -1.2), (0.5, -0.98)]), pen,
                fill=_fill(LEAF, ink_saver), closed=True)


def apple(cv: Canvas, cx: float, cy: float, r: float, ink_saver: bool) -> None:
    """A whole fresh apple with stem, leaf and a highlight; the card prints its number on it."""
    pen = Stroke(INK, max(0.2, r * 0.045))
    cv.polyline(apple_outline(cx, cy, r), pen, fill=_fill(SKIN, ink_saver), closed=True)
    cv.polyline(_ellipse(cx - 0.55 * r, cy - 0.35 * r, 0.13 * r, 0.24 * r, 200, 290, 8),
                Stroke(INK if ink_saver else "#f2a79f", r * 0.07, round_cap=True))
    _stem_and_leaf(cv, cx, cy, r, ink_saver, pen)


def half_apple(cv: Canvas, cx: float, cy: float, r: float, ink_saver: bool) -> None:
    """The left half of an apple cut through the core: skin round the curve, flesh, seed pocket and two pips."""
    pen = Stroke(INK, max(0.2, r * 0.06))
    outline = apple_outline(cx, cy, r)
    half = outline[len(outline) // 2:] + [outline[0]]
    cv.polyline(half, pen, fill=_fill(FLESH, ink_saver), closed=True)
    if not ink_saver:
        cv.polyline(half, Stroke(SKIN, r * 0.12))
    cv.polyline(_ellipse(cx, cy + 0.05 * r, 0.3 * r, 0.45 * r, 90, 270, 16), Stroke(INK, r * 0.04))
    for dy in (-0.15, 0.2):
        cv.polyline(_at(cx, cy, r, [(-0.1, dy - 0.14), (-0.2, dy), (-0.1, dy + 0.1), (-0.02, dy)]), None,
                    fill=INK if ink_saver else SEED, closed=True)
    _stem_and_leaf(cv, cx, cy, r, ink_saver, pen)


def _small_apple(cv: Canvas, cx: float, cy: float, r: float, ink_saver: bool) -> None:
    pen = Stroke(INK, max(0.15, r * 0.1))
    cv.polyline(apple_outline(cx, cy, r, 24), pen, fill=_fill(SKIN, ink_saver), closed=True)
    cv.line(cx, cy - 0.75 * r, cx + 0.15 * r, cy - 1.15 * r, pen)


# The pictograms: each fits a box of about 2r x 2r around its centre.

def climbing(cv: Canvas, cx: float, cy: float, r: float, ink_saver: bool) -> None:
    """A rock with a snake over its top."""
    pen = Stroke(INK, r * 0.05)
    rock = [(-1, 0.8), (-0.8, 0.1), (-0.4, -0.35), (-0.05, -0.2), (0.3, -0.7), (0.75, -0.2), (1, 0.8)]
    cv.polyline(_at(cx, cy, r, rock), pen, fill=_fill("#b9b2aa", ink_saver), closed=True)
    for crack in ([(-0.4, -0.35), (-0.3, 0.15), (-0.5, 0.55)], [(0.3, -0.7), (0.25, -0.1), (0.5, 0.35)]):
        cv.polyline(_at(cx, cy, r, crack), Stroke(INK, r * 0.03))
    cv.line(cx - r, cy + 0.8 * r, cx + r, cy + 0.8 * r, pen)
    _snake(cv, _curve(cx, cy, r, [(-0.95, 0.55), (-0.7, 0.0), (-0.35, -0.5), (0.0, -0.35), (0.3, -0.85),
                                  (0.55, -0.75)]), r, ink_saver)


def swimming(cv: Canvas, cx: float, cy: float, r: float, ink_saver: bool) -> None:
    """Waves, and a snake's head held above them."""
    if not ink_saver:
        cv.rect(cx - r, cy, 2 * r, 0.85 * r, stroke=None, fill=WATER)
    for fy in (0.0, 0.35, 0.7):
        cv.polyline(_wave(cx - r, cx + r, cy + fy * r, 0.08 * r, 3), Stroke(INK if ink_saver else WATER_INK, r * 0.06))
    _snake(cv, _curve(cx, cy, r, [(-0.6, 0.0), (-0.35, -0.3), (-0.05, -0.25), (0.15, -0.6), (0.4, -0.7)]), r,
           ink_saver)


def digging(cv: Canvas, cx: float, cy: float, r: float, ink_saver: bool) -> None:
    """A shovel in a sand mound beside the hole it dug."""
    pen = Stroke(INK, r * 0.05)
    mound = _ellipse(cx, cy + 0.8 * r, r, 0.7 * r, 180, 360, 24)
    cv.polyline(mound, pen, fill=_fill(SAND, ink_saver), closed=True)
    for fx, fy in ((-0.7, 0.65), (-0.15, 0.35), (0.3, 0.6), (0.75, 0.62), (-0.45, 0.4)):
        cv.circle(cx + fx * r, cy + fy * r, 0.04 * r, None, fill=INK if ink_saver else SAND_INK)
    cv.polyline(_ellipse(cx - 0.35 * r, cy + 0.3 * r, 0.32 * r, 0.11 * r), pen, fill=INK if ink_saver else SEED,
                closed=True)
    cv.line(cx + 0.1 * r, cy - 0.95 * r, cx + 0.45 * r, cy + 0.05 * r, Stroke(INK if ink_saver else STEM, r * 0.1,
                                                                                round_cap=True))
    cv.line(cx - 0.05 * r, cy - 0.9 * r, cx + 0.25 * r, cy - 1.0 * r, Stroke(INK, r * 0.08, round_cap=True))
    blade = [(0.33, -0.02), (0.6, -0.12), (0.75, 0.3), (0.62, 0.55), (0.45, 0.4)]
    cv.polyline(_at(cx, cy, r, blade), pen, fill=_fill("#9aa3ad", ink_saver), closed=True)


def diving(cv: Canvas, cx: float, cy: float, r: float, ink_saver: bool) -> None:
    """Into the water at one place, out at another: a down arrow and an up arrow joined under water."""
    if not ink_saver:
        cv.rect(cx - r, cy - 0.2 * r, 2 * r, r, stroke=None, fill=WATER)
    cv.polyline(_wave(cx - r, cx + r, cy - 0.2 * r, 0.07 * r, 3), Stroke(INK if ink_saver else WATER_INK, r * 0.06))
    pen = Stroke(INK, r * 0.1, round_cap=True)
    cv.line(cx - 0.55 * r, cy - 0.95 * r, cx - 0.55 * r, cy + 0.2 * r, pen)
    _arrowhead(cv, (cx - 0.55 * r, cy + 0.45 * r), (cx - 0.55 * r, cy), 0.3 * r)
    cv.line(cx + 0.55 * r, cy + 0.5 * r, cx + 0.55 * r, cy - 0.65 * r, pen)
    _arrowhead(cv, (cx + 0.55 * r, cy - 0.9 * r), (cx + 0.55 * r, cy), 0.3 * r)
    cv.polyline(_ellipse(cx, cy + 0.5 * r, 0.55 * r, 0.25 * r, 0, 180, 16), Stroke(INK, r * 0.05, (0.6, 0.5)))
    for fx, fy, fr in ((-0.1, 0.1, 0.08), (0.05, -0.05, 0.06), (0.15, 0.2, 0.05)):
        cv.circle(cx + fx * r, cy + fy * r, fr * r, Stroke(INK, r * 0.03))


def intelligent(cv: Canvas, cx: float, cy: float, r: float, ink_saver: bool) -> None:
    """The landscape as a ball: a globe, and an arrow that goes off one side and round."""
    pen = Stroke(INK, r * 0.05)
    cv.circle(cx, cy, 0.72 * r, pen, fill=_fill("#dbe8f4", ink_saver))
    thin = Stroke(INK, r * 0.03)
    cv.polyline(_ellipse(cx, cy, 0.32 * r, 0.72 * r), thin)
    cv.line(cx, cy - 0.72 * r, cx, cy + 0.72 * r, thin)
    for fy, w in ((0, 0.72), (-0.38, 0.61), (0.38, 0.61)):
        cv.line(cx - w * r, cy + fy * r, cx + w * r, cy + fy * r, thin)
    orbit = _ellipse(cx, cy, 0.98 * r, 0.4 * r, 200, 520, 40)
    cv.polyline(orbit[:-3], Stroke(INK, r * 0.07, round_cap=True))
    _arrowhead(cv, orbit[-1], orbit[-4], 0.28 * r)


def tricky(cv: Canvas, cx: float, cy: float, r: float, ink_saver: bool) -> None:
    """The column and row of an apple card swapped: 7 and 11 above, crossing arrows, 11 and 7 below."""
    pen = Stroke(INK, r * 0.05)
    for row, words in ((-0.72, ("7", "11")), (0.72, ("11", "7"))):
        for k, word in zip((-1, 1), words, strict=True):
            x, fill = cx + k * 0.55 * r, "#e2efd6" if word == "7" else "#dbe7f3"
            cv.rect(x - 0.34 * r, cy + (row - 0.25) * r, 0.68 * r, 0.5 * r, pen, fill=_fill(fill, ink_saver),
                    radius=0.08 * r)
            cv.text(x, cy + (row + 0.16) * r, word, r * 1.05, "middle", bold=True, colour=INK)
    for a, b in (((-0.45, -0.38), (0.45, 0.38)), ((0.45, -0.38), (-0.45, 0.38))):
        tip, tail = _at(cx, cy, r, [b, a])
        mid = _at(cx, cy, r, [(0.8 * b[0] + 0.2 * a[0], 0.8 * b[1] + 0.2 * a[1])])[0]
        cv.line(*tail, *mid, Stroke(INK, r * 0.08, round_cap=True))
        _arrowhead(cv, tip, tail, 0.28 * r)


def flexible(cv: Canvas, cx: float, cy: float, r: float, ink_saver: bool) -> None:
    """A snake leaping straight over its own body (the jump dashed)."""
    _snake(cv, _at(cx, cy, r, [(-0.95, 0.1), (0.95, 0.1)]), r, ink_saver)
    cv.polyline(_at(cx, cy, r, [(-0.2, 0.95), (-0.2, 0.45)]), Stroke(INK if ink_saver else SNAKE, r * 0.13,
                                                                     round_cap=True))
    cv.polyline(_ellipse(cx - 0.2 * r, cy + 0.1 * r, 0.4 * r, 0.35 * r, 90, -90, 16),
                Stroke(INK, r * 0.06, (0.5, 0.45)))
    _snake(cv, _at(cx, cy, r, [(-0.2, -0.25), (-0.2, -0.85)]), r, ink_saver)


def elastic(cv: Canvas, cx: float, cy: float, r: float, ink_saver: bool) -> None:
    """A spring with arrows both ways: some squares more or fewer."""
    spring = [(cx - 0.6 * r + 1.2 * r * i / 12, cy - 0.25 * r + (0.3 * r if i % 2 else -0.1 * r)) for i in range(13)]
    cv.polyline(spring, Stroke(INK if ink_saver else SNAKE, r * 0.1, round_cap=True))
    cv.circle(*spring[-1], 0.12 * r, Stroke(INK, r * 0.03), fill="#ffffff" if ink_saver else SNAKE)
    pen = Stroke(INK, r * 0.07)
    y = cy + 0.55 * r
    cv.line(cx - 0.7 * r, y, cx + 0.7 * r, y, pen)
    _arrowhead(cv, (cx - 0.98 * r, y), (cx, y), 0.3 * r)
    _arrowhead(cv, (cx + 0.98 * r, y), (cx, y), 0.3 * r)
    for x, sign in ((cx - 0.75 * r, "-"), (cx + 0.75 * r, "+")):
        cv.line(x - 0.13 * r, cy - 0.75 * r, x + 0.13 * r, cy - 0.75 * r, pen)
        if sign == "+":
            cv.line(x, cy - 0.88 * r, x, cy - 0.62 * r, pen)


def thieving(cv: Canvas, cx: float, cy: float, r: float, ink_saver: bool) -> None:
    """A bandit's mask over an apple."""
    _small_apple(cv, cx, cy + 0.58 * r, 0.36 * r, ink_saver)
    mask = [(-0.95, -0.45), (-0.5, -0.6), (0, -0.45), (0.5, -0.6), (0.95, -0.45), (0.9, -0.05), (0.45, 0.1),
            (0, -0.08), (-0.45, 0.1), (-0.9, -0.05)]
    cv.polyline(_at(cx, cy, r, mask), Stroke(INK, r * 0.05), fill=_fill("#3a3a3a", ink_saver), closed=True)
    for k in (-1, 1):
        cv.polyline(_ellipse(cx + k * 0.45 * r, cy - 0.25 * r, 0.2 * r, 0.12 * r), Stroke(INK, r * 0.04),
                    fill="#ffffff", closed=True)
        cv.polyline(_at(cx, cy, r, [(k * 0.93, -0.3), (k * 1.05, -0.05), (k * 0.98, 0.2)]),
                    Stroke(INK, r * 0.05, round_cap=True))


def poisonous(cv: Canvas, cx: float, cy: float, r: float, ink_saver: bool) -> None:
    """A drop of venom with crossed bones."""
    drop = [(cx, cy - r)] + _ellipse(cx, cy + 0.3 * r, 0.62 * r, 0.62 * r, -30, 210, 24)
    cv.polyline(drop, Stroke(INK, r * 0.05), fill=_fill("#7d5aa6", ink_saver), closed=True)
    bone = Stroke(INK if ink_saver else "#ffffff", r * 0.11, round_cap=True)
    for a, b in (((-0.32, 0.05), (0.32, 0.6)), ((0.32, 0.05), (-0.32, 0.6))):
        cv.line(*_at(cx, cy, r, [a])[0], *_at(cx, cy, r, [b])[0], bone)
        for end in (a, b):
            cv.circle(*_at(cx, cy, r, [end])[0], 0.08 * r, None, fill=bone.colour)


def winter_stores(cv: Canvas, cx: float, cy: float, r: float, ink_saver: bool) -> None:
    """Three apples stacked, and a snowflake."""
    for fx, fy in ((-0.42, 0.6), (0.3, 0.6), (-0.06, -0.05)):
        _small_apple(cv, cx + fx * r, cy + fy * r, 0.34 * r, ink_saver)
    pen = Stroke(INK, r * 0.05, round_cap=True)
    fx, fy, fr = cx + 0.7 * r, cy - 0.65 * r, 0.28 * r
    for a in (0, 60, 120):
        t = math.radians(a)
        cv.line(fx - fr * math.cos(t), fy - fr * math.sin(t), fx + fr * math.cos(t), fy + fr * math.sin(t), pen)


def _run(ring: list[Point], keep: Callable[[Point], bool]) -> list[Point]:
    """The points of a closed ring that `keep` accepts, as one run in ring order (the ring crosses in and out once)."""
    flags = [keep(p) for p in ring]
    start = next(i for i in range(len(ring)) if flags[i] and not flags[i - 1])
    return [ring[(start + k) % len(ring)] for k in range(len(ring)) if flags[(start + k) % len(ring)]]


def nocturnal(cv: Canvas, cx: float, cy: float, r: float, ink_saver: bool) -> None:
    """A crescent moon (a disc less an offset disc) and stars."""
    (ox, oy, orr), (ix, iy, ir) = (cx - 0.15 * r, cy, 0.8 * r), (cx + 0.2 * r, cy - 0.25 * r, 0.66 * r)
    outer = _run(_ellipse(ox, oy, orr, orr, n=96)[:-1], lambda p: math.dist(p, (ix, iy)) > ir)
    inner = _run(_ellipse(ix, iy, ir, ir, n=96)[:-1], lambda p: math.dist(p, (ox, oy)) < orr)
    if math.dist(inner[0], outer[-1]) > math.dist(inner[-1], outer[-1]):
        inner.reverse()
    cv.polyline(outer + inner, Stroke(INK, r * 0.05), fill=_fill("#f0c93a", ink_saver), closed=True)
    for fx, fy, fr in ((0.45, -0.15, 0.2), (0.78, -0.65, 0.15), (0.68, 0.55, 0.12)):
        star(cv, cx + fx * r, cy + fy * r, fr * r, INK)


def two_headed(cv: Canvas, cx: float, cy: float, r: float, ink_saver: bool) -> None:
    """A body that forks at a drawn X into two heads."""
    colour = INK if ink_saver else SNAKE
    cv.polyline(_curve(cx, cy, r, [(0.3, 0.95), (-0.1, 0.65), (0, 0.25)]), Stroke(colour, r * 0.13, round_cap=True))
    for k in (-1, 1):
        _snake(cv, _curve(cx, cy, r, [(0, 0.25), (k * 0.3, -0.1), (k * 0.55, -0.45), (k * 0.45, -0.8)]), r,
               ink_saver)
    pen = Stroke(INK, r * 0.06, round_cap=True)
    cv.line(cx - 0.2 * r, cy + 0.05 * r, cx + 0.2 * r, cy + 0.45 * r, pen)
    cv.line(cx + 0.2 * r, cy + 0.05 * r, cx - 0.2 * r, cy + 0.45 * r, pen)


def moulting(cv: Canvas, cx: float, cy: float, r: float, ink_saver: bool) -> None:
    """A snake crawling out of its old skin (dashed), and the card it draws at random."""
    skin = _curve(cx, cy, r, [(-0.95, 0.8), (-0.55, 0.45), (-0.75, 0.05), (-0.4, -0.3)])
    cv.polyline(skin, Stroke(INK, r * 0.22, (0.5, 0.45), round_cap=True))
    cv.polyline(skin, Stroke("#ffffff", r * 0.12, round_cap=True))
    _snake(cv, _curve(cx, cy, r, [(-0.4, -0.3), (-0.05, -0.55), (0.1, -0.25), (0.05, 0.2)]), r, ink_saver)
    cv.rect(cx + 0.35 * r, cy - 0.05 * r, 0.6 * r, 0.85 * r, Stroke(INK, r * 0.05), fill=_fill("#fbf3e4", ink_saver),
            radius=0.08 * r)
    cv.text(cx + 0.65 * r, cy + 0.6 * r, "?", r * 1.8, "middle", bold=True, colour=INK)


def intuition(cv: Canvas, cx: float, cy: float, r: float, ink_saver: bool) -> None:
    """A 5 x 5 square with an apple in it that brings one more."""
    s, x0, y0 = 0.3 * r, cx - r, cy - 0.75 * r
    if not ink_saver:
        cv.rect(x0, y0, 5 * s, 5 * s, stroke=None, fill="#fdf3d8")
    for i in range(6):
        cv.line(x0 + i * s, y0, x0 + i * s, y0 + 5 * s, Stroke(INK, r * 0.02))
        cv.line(x0, y0 + i * s, x0 + 5 * s, y0 + i * s, Stroke(INK, r * 0.02))
    cv.rect(x0, y0, 5 * s, 5 * s, Stroke(INK, r * 0.07))
    _small_apple(cv, x0 + 2.5 * s, y0 + 2.6 * s, 0.42 * s, ink_saver)
    cv.text(cx + 0.56 * r, cy - 0.45 * r, "+1", r * 1.1, bold=True, colour=INK)


def offspring(cv: Canvas, cx: float, cy: float, r: float, ink_saver: bool) -> None:
    """Three eggs in a nest."""
    pen = Stroke(INK, r * 0.05)
    for fx, fy in ((-0.5, 0.15), (0.5, 0.15), (0, -0.05)):
        egg = [(cx + fx * r + 0.3 * r * math.sin(t) * (1 - 0.18 * math.cos(t)),
                cy + fy * r - 0.4 * r * math.cos(t)) for t in (2 * math.pi * i / 32 for i in range(32))]
        cv.polyline(egg, pen, fill=_fill("#f4ecd8", ink_saver), closed=True)
    nest = _ellipse(cx, cy + 0.35 * r, 0.95 * r, 0.5 * r, 0, 180, 20)
    cv.polyline(nest, pen, fill=_fill("#b08654", ink_saver), closed=True)
    for k in range(5):
        y = cy + (0.45 + 0.1 * k) * r
        cv.polyline(_wave(cx - (0.85 - 0.12 * k) * r, cx + (0.85 - 0.12 * k) * r, y, 0.04 * r, 4),
                    Stroke(INK, r * 0.025))


PICTOGRAMS: dict[int, Callable[[Canvas, float, float, float, bool], None]] = {
    1: climbing, 2: swimming, 3: digging, 4: diving, 5: intelligent, 6: tricky, 7: flexible, 8: elastic,
    9: thieving, 10: poisonous, 11: winter_stores, 12: nocturnal, 13: two_headed, 14: moulting, 15: intuition,
    16: offspring,
}
