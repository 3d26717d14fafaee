"""A digital player's sheet printed: the landscape sheet exactly as the pad prints it, with the pencil marks the
player would have drawn on it (rulebook Movement, Growing, Apple cards, Digging/Diving), in a hand-drawn grey.

The marks are drawn from square centres with a small seeded wobble, so the same sheet always prints the same.
"""
from __future__ import annotations

import math
import random
from pathlib import Path

from companion.core.language import _
from companion.sheets.canvas import Canvas, Point, Stroke, write_png
from companion.sheets.documents import open_document
from companion.sheets.landscape import landscape_map
from companion.sheets.layout import Paper
from companion.sheets.sheet import draw_static
from companion.sheets.sheet_layout import (
    BOX_W,
    CELL,
    GRID_TOP,
    GRID_X,
    GRID_Y,
    POINTS_Y,
    SIDE_W,
    SIDE_X,
    Lower,
    box_height,
    lower,
    track_centre,
)
from companion.sssnake.actions import Square
from companion.sssnake.edition import edition
from companion.sssnake.ground import MOVES, Ground, ground
from companion.sssnake.sheet import Sheet
from companion.sssnake.sheet_text import HOP, JUMP, WRAP, links

PENCIL = "#4d4f55"  # graphite: dark enough to read over every terrain tint, grey enough to look pencilled
SHADING = "#8c8e93"  # a pencil coloured-in area (rotten apples, circles on the track)
LINE = Stroke(PENCIL, 1.5, round_cap=True)  # the snake's body
PEN = Stroke(PENCIL, 0.45, round_cap=True)  # everything else
BOLD = Stroke(PENCIL, 0.9, round_cap=True)  # Two-headed's X, over the body line
DASHED = Stroke(PENCIL, 0.45, dash=(0.9, 0.7), round_cap=True)
WOBBLE = 0.12  # mm: how far a hand-drawn line strays from the ruler
PNG_DPI = 150
STALKS = 5  # stalks drawn at most; more apples on one square are also written in the apple


def render_sheet(slug: str, sheet: Sheet, fmt: str, path, paper: Paper, name: str = "", info: dict | None = None,
                 golden_gone=(), dpi: int = PNG_DPI) -> int:
    """One page: the sheet of `slug` with the pencil marks; `info` may hold "length", "abilities" (names) and
    "track" (f/r/g per circle, as Snake.track); golden_gone the golden apples crossed out. Returns the page count."""
    if fmt == "png":
        return _png(slug, sheet, path, paper, name, info, golden_gone, dpi)
    doc = open_document(fmt, single_file=True)
    w, h = paper.size()
    box_h = box_height(paper)
    ox, oy = (w - BOX_W) / 2, (h - box_h) / 2
    lmap = landscape_map(slug)
    with doc.page(w, h, f"sheet-{slug}") as cv:
        cv.stamp(f"sheet-{slug}", BOX_W, box_h, lambda c: draw_static(c, lmap, False, box_h), ox, oy)
        with cv.translated(ox, oy) as box:
            draw_pencil(box, ground(slug), sheet, golden_gone)
            draw_boxes(box, name, info or {}, lower(lmap, box_h))
    return doc.save(Path(path))


def _png(slug, sheet, path, paper, name, info, golden_gone, dpi) -> int:
    """The sheet's PDF rasterised (write_png)."""
    write_png(path, lambda pdf: render_sheet(slug, sheet, "pdf", pdf, paper, name, info, golden_gone), dpi)
    return 1


def draw_pencil(cv: Canvas, gr: Ground, sheet: Sheet, golden_gone=()) -> None:
    """Everything the player draws on the grid, in the order a pencil would lay it down."""
    for sq in sorted(set(map(tuple, gr.golden)) & set(map(tuple, golden_gone))):
        _cross(cv, _centre(sq, 0.1), CELL * 0.24, f"golden{sq}")  # over the printed apple (sheet.py's _grid)
    for sq, n in sorted(sheet.apples.items()):
        _apple(cv, sq, n, sq in sheet.rotten)
    for sq in sorted(sheet.crossed):
        _cross(cv, _centre(sq), CELL * 0.4, f"crossed{sq}")
    for k, group in enumerate(sheet.eggs, 1):
        for sq in group:
            _egg(cv, sq, k if len(sheet.eggs) > 1 else None)
    for sq in sheet.caves:
        _cave(cv, sq)
    _snake(cv, gr, sheet)
    if sheet.split:
        _cross(cv, _centre(sheet.split), CELL * 0.36, f"split{sheet.split}", BOLD)
    for sq, d in zip(sheet.heads, sheet.last + [None] * 2, strict=False):
        _head(cv, sq, d)


def _centre(sq: Square, down: float = 0.0) -> Point:
    """The middle of a square in mm (`down` a fraction of a square lower)."""
    return GRID_X + (sq[0] - 0.5) * CELL, GRID_Y + (sq[1] - 0.5 + down) * CELL


def _wobbly(points: list[Point], seed: str, step: float = 2.0) -> list[Point]:
    """A ruler-straight polyline redrawn by hand: cut into short pieces whose inner ends stray a little."""
    rng = random.Random(seed)
    out = [points[0]]
    for (x1, y1), (x2, y2) in zip(points, points[1:], strict=False):
        length = math.dist((x1, y1), (x2, y2)) or 1.0
        n = max(1, round(length / step))
        nx, ny = (y1 - y2) / length, (x2 - x1) / length
        for i in range(1, n + 1):
            t, off = i / n, rng.uniform(-WOBBLE, WOBBLE) if i < n else 0.0
            out.append((x1 + (x2 - x1) * t + nx * off, y1 + (y2 - y1) * t + ny * off))
    return out


def _ring(cx: float, cy: float, rx: float, ry: float, seed: str, turn: float = 1.06) -> list[Point]:
    """A hand-drawn oval: it ends a little past where it began, as a pencil does."""
    rng = random.Random(seed)
    start = rng.uniform(0, 2 * math.pi)
    pts = []
    for i in range(33):
        t = start + turn * 2 * math.pi * i / 32
        wob = 1 + rng.uniform(-0.04, 0.04)
        pts.append((cx + rx * wob * math.cos(t), cy + ry * wob * math.sin(t)))
    return pts


def _snake(cv: Canvas, gr: Ground, sheet: Sheet) -> None:
    """The body as a line from square centre to square centre: wrap-arounds broken at the sheet's edge, hops over
    itself with a bump, digs and dives as dashed holes where the snake goes down and comes up."""
    for a, b, kind, d in links(gr, sheet):
        seed = f"snake{a}{b}"
        if kind == JUMP:
            _hole(cv, a, "in")
            _hole(cv, b, "out")
        elif kind == WRAP:
            for piece in _wrapped(gr, a, b, d):
                cv.polyline(_wobbly(piece, seed), LINE)
        elif kind == HOP:
            cv.polyline(_arch(a, b), LINE)
        else:
            cv.polyline(_wobbly([_centre(a), _centre(b)], seed), LINE)


def _wrapped(gr: Ground, a: Square, b: Square, d: str) -> list[list[Point]]:
    """A step round the edge (Intelligent): out to the edge past `a`, in from the far edge to `b`."""
    dc, dr = MOVES[d]
    (ax, ay), (bx, by) = _centre(a), _centre(b)
    left, top = GRID_X, GRID_Y
    right, bottom = GRID_X + gr.width * CELL, GRID_Y + gr.height * CELL
    out_edge = (right if dc > 0 else left if dc < 0 else ax, bottom if dr > 0 else top if dr < 0 else ay)
    in_edge = (left if dc > 0 else right if dc < 0 else bx, top if dr > 0 else bottom if dr < 0 else by)
    return [[(ax, ay), out_edge], [in_edge, (bx, by)]]


def _arch(a: Square, b: Square) -> list[Point]:
    """A hop over the snake (Flexible): straight on, with a bump round the middle of the square jumped, as a wire
    hops over another in a circuit diagram."""
    (x1, y1), (x2, y2) = _centre(a), _centre(b)
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    ux, uy = (x2 - x1) / (2 * CELL), (y2 - y1) / (2 * CELL)
    r = CELL * 0.38
    bump = [(mx - ux * r * math.cos(t) + uy * r * math.sin(t), my - uy * r * math.cos(t) - ux * r * math.sin(t))
            for t in (math.pi * i / 12 for i in range(13))]
    return [(x1, y1), *bump, (x2, y2)]


def _hole(cv: Canvas, sq: Square, way: str) -> None:
    """Where a digging or diving snake goes down (a chevron pointing in) or comes up (pointing out): a dashed ring."""
    cx, cy = _centre(sq)
    cv.polyline(_ring(cx, cy, CELL * 0.36, CELL * 0.36, f"hole{sq}", 1.0), DASHED, closed=True)
    s = CELL * 0.14 * (1 if way == "in" else -1)
    cv.polyline([(cx - CELL * 0.16, cy - s), (cx, cy), (cx + CELL * 0.16, cy - s)], PEN)


def _cave(cv: Canvas, sq: Square) -> None:
    """A cave: a dark mouth under a shaded arch, where the snake's line starts."""
    cx, cy = _centre(sq)
    for r, fill in ((CELL * 0.4, SHADING), (CELL * 0.22, PENCIL)):
        base = cy + CELL * 0.25
        arch = [(cx - r * math.cos(t), base - r * math.sin(t)) for t in (math.pi * i / 16 for i in range(17))]
        cv.polyline(_wobbly(arch, f"cave{sq}{r}", 1.5), PEN, fill=fill, closed=True)


def _head(cv: Canvas, sq: Square, d: str | None) -> None:
    """The head: a dark oval over the line's end, eyes and a forked tongue towards its last step."""
    cx, cy = _centre(sq)
    dx, dy = MOVES.get(d, (0, -1))
    cv.polyline(_ring(cx, cy, CELL * 0.3, CELL * 0.3, f"head{sq}", 1.0), PEN, fill=PENCIL, closed=True)
    for side in (-1, 1):
        ex, ey = cx + dx * CELL * 0.1 - dy * side * CELL * 0.12, cy + dy * CELL * 0.1 + dx * side * CELL * 0.12
        cv.circle(ex, ey, CELL * 0.05, stroke=None, fill="#ffffff")
    if d:
        tip = (cx + dx * CELL * 0.46, cy + dy * CELL * 0.46)
        cv.line(cx + dx * CELL * 0.3, cy + dy * CELL * 0.3, *tip, PEN)
        for side in (-1, 1):
            cv.line(*tip, tip[0] + (dx - dy * side) * CELL * 0.06, tip[1] + (dy + dx * side) * CELL * 0.06, PEN)


def _apple(cv: Canvas, sq: Square, n: int, rotten: bool) -> None:
    """An apple with one stalk per apple (Apple cards), coloured in when rotten; past STALKS, its count in it too."""
    cx, cy = _centre(sq, 0.12)
    r = CELL * 0.25
    cv.polyline(_ring(cx, cy, r, r * 0.9, f"apple{sq}"), PEN, fill=SHADING if rotten else None, closed=True)
    stalks = min(n, STALKS)
    for i in range(stalks):
        t = math.radians(-90 + (i - (stalks - 1) / 2) * 28)
        x0, y0 = cx, cy - r * 0.8
        cv.line(x0, y0, x0 + CELL * 0.24 * math.cos(t), y0 + CELL * 0.24 * math.sin(t), PEN)
    if n > stalks:
        cv.text(cx, cy + 1.1, str(n), 6.5, "middle", bold=True, colour="#ffffff" if rotten else PENCIL)


def _egg(cv: Canvas, sq: Square, group: int | None) -> None:
    """An Offspring egg, numbered when there are several sets of three (the first set hatches first)."""
    cx, cy = _centre(sq)
    cv.polyline(_ring(cx, cy, CELL * 0.22, CELL * 0.3, f"egg{sq}"), PEN, closed=True)
    if group:
        cv.text(cx, cy + 1, str(group), 6, "middle", colour=PENCIL)


def _cross(cv: Canvas, centre: Point, half: float, seed: str, pen: Stroke = PEN) -> None:
    """Two strokes corner to corner: a square crossed out, a golden apple gone, Two-headed's X."""
    cx, cy = centre
    for sx in (-1, 1):
        cv.polyline(_wobbly([(cx - sx * half, cy - half), (cx + sx * half, cy + half)], f"{seed}{sx}", 1.5), pen)


def draw_boxes(cv: Canvas, name: str, info: dict, low: Lower) -> None:
    """What the player writes beside the grid: the name, abilities gained, snake length, circles on the track (as
    the box of this height places them)."""
    if name:
        cv.text(125, 6.5, name, 11, colour=PENCIL)
    for i, ability in enumerate(info.get("abilities", ())):
        cv.text(SIDE_X + 1.5, _ability_line(i), _(ability), 7, colour=PENCIL)
    if "length" in info:
        cv.text(SIDE_X + SIDE_W - 3.75, POINTS_Y + 2 + 5.6, str(info["length"]), 9, "middle", colour=PENCIL)
    for k, letter in enumerate(info.get("track", "")):
        _circle(cv, k, letter, low)


def _ability_line(i: int) -> float:
    """Where the i-th ability is written: in its box, past the boxes on the lines under "more:" (sheet.py)."""
    boxes = len(edition().ability_thresholds)
    top = GRID_TOP + 5
    return top + i * 9 + 6.2 if i < boxes else top + boxes * 9 + 6.2 + (i - boxes) * 6


def _circle(cv: Canvas, k: int, letter: str, low: Lower) -> None:
    """The k-th circle drawn on the length track (Growing): f a circle, r coloured in, g a double circle."""
    ed = edition()
    n = (ed.start_length + k) % ed.track_max + 1
    (cx, cy), r = track_centre(n, low), low.radius + 0.5
    ring = _ring(cx, cy, r, r, f"track{k}")
    if letter == "r":
        cv.polyline(ring, None, fill=SHADING, closed=True)
        cv.text(cx, cy + 1.1, str(n), 8, "middle", colour="#ffffff")
    cv.polyline(ring, PEN)
    if letter == "g":
        cv.polyline(_ring(cx, cy, r + 0.9, r + 0.9, f"gold{k}"), PEN)
