"""How a terrain square looks: a light tint plus a sparse pattern of its own, so pencil stays readable on it
and every terrain is told apart in grey-scale, by colour-blind players and in ink-saver mode (pattern only)."""
from __future__ import annotations

import math

from companion.sheets.canvas import Canvas, Stroke
from companion.sheets.landscape import Terrain


def draw_square(cv: Canvas, x: float, y: float, s: float, terrain: Terrain, ink_saver: bool) -> None:
    """One square of `terrain`, `s` mm wide, top-left at (x, y); the grid lines are drawn by the caller."""
    if not ink_saver:
        cv.rect(x, y, s, s, stroke=None, fill=terrain.tint)
    PATTERNS[terrain.pattern](cv, x, y, s, Stroke(terrain.ink, 0.18, round_cap=True))


def _tufts(cv, x, y, s, pen):
    for fx, fy in ((0.25, 0.75), (0.72, 0.32)):
        bx, by = x + fx * s, y + fy * s
        for dx in (-0.12, 0.0, 0.12):
            cv.line(bx, by, bx + dx * s, by - 0.12 * s, pen)


def _waves(cv, x, y, s, pen):
    for fy in (0.35, 0.7):
        pts = [(x + s * (0.12 + 0.76 * i / 12), y + s * fy + 0.05 * s * math.sin(i * math.pi / 3)) for i in range(13)]
        cv.polyline(pts, pen)


def _dots(cv, x, y, s, pen):
    for fx, fy in ((0.2, 0.25), (0.6, 0.18), (0.4, 0.55), (0.8, 0.6), (0.22, 0.82), (0.66, 0.86)):
        cv.circle(x + fx * s, y + fy * s, 0.03 * s, stroke=None, fill=pen.colour)


def _swirls(cv, x, y, s, pen):
    for fx, fy in ((0.3, 0.32), (0.7, 0.7)):
        cx, cy = x + fx * s, y + fy * s
        pts = [(cx + 0.018 * s * t * math.cos(t), cy + 0.018 * s * t * math.sin(t)) for t in
               (i * 0.45 for i in range(22))]
        cv.polyline(pts, pen)


def _hatch(cv, x, y, s, pen):
    cv.hatch(x, y, s, s, 45, s / 6, pen)


def _flakes(cv, x, y, s, pen):
    for fx, fy in ((0.28, 0.3), (0.72, 0.72)):
        cx, cy, r = x + fx * s, y + fy * s, 0.11 * s
        for a in (0, 60, 120):
            t = math.radians(a)
            cv.line(cx - r * math.cos(t), cy - r * math.sin(t), cx + r * math.cos(t), cy + r * math.sin(t), pen)


def _cracks(cv, x, y, s, pen):
    cv.polyline([(x + 0.1 * s, y + 0.2 * s), (x + 0.35 * s, y + 0.42 * s), (x + 0.45 * s, y + 0.38 * s),
                 (x + 0.9 * s, y + 0.82 * s)], pen)
    cv.line(x + 0.45 * s, y + 0.38 * s, x + 0.62 * s, y + 0.12 * s, pen)


def _leaves(cv, x, y, s, pen):
    for fx, fy, a in ((0.3, 0.32, 30), (0.7, 0.7, -40)):
        cx, cy, r, t = x + fx * s, y + fy * s, 0.17 * s, math.radians(a)
        ux, uy = r * math.cos(t), r * math.sin(t)
        vx, vy = -0.45 * uy, 0.45 * ux
        cv.polyline([(cx - ux, cy - uy), (cx + vx, cy + vy), (cx + ux, cy + uy), (cx - vx, cy - vy)], pen, closed=True)
        cv.line(cx - ux, cy - uy, cx + ux, cy + uy, pen)


PATTERNS = {"tufts": _tufts, "waves": _waves, "dots": _dots, "swirls": _swirls,
            "hatch": _hatch, "flakes": _flakes, "cracks": _cracks, "leaves": _leaves}
