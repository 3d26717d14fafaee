"""Small pictures drawn from primitives (the standard PDF fonts have no such glyphs), shared by sheets and cards."""
from __future__ import annotations

import math

from companion.sheets.canvas import THIN, Canvas, Stroke

APPLE_RED = "#c8372d"
GOLD = "#d9a520"
ROTTEN = "#6b4a2b"


def apple(cv: Canvas, cx: float, cy: float, r: float, kind: str = "fresh", ink_saver: bool = False,
          half: bool = False) -> None:
    """An apple: fresh (outline), rotten (coloured in), golden (double ring); `half` draws the left half only."""
    colour = {"fresh": APPLE_RED, "rotten": ROTTEN, "golden": GOLD}[kind]
    pen = Stroke(colour if not ink_saver else "#000000", max(0.2, r * 0.12))
    fill = None
    if kind == "rotten":
        fill = ROTTEN if not ink_saver else "#777777"
    elif not ink_saver:
        fill = {"fresh": "#fbe3e0", "golden": "#fbefc8"}[kind]
    steps = 24
    arc = [(cx + r * math.cos(t), cy + r * math.sin(t))
           for t in (math.pi / 2 + i * math.pi / steps for i in range(steps + 1))] if half else None
    if half:
        cv.polyline(arc, pen, fill=fill, closed=True)
        cv.line(cx, cy - r, cx, cy + r, Stroke(pen.colour, pen.width, dash=(0.6, 0.6)))
    else:
        cv.circle(cx, cy, r, pen, fill)
        if kind == "golden":
            cv.circle(cx, cy, r * 0.72, pen)
    cv.line(cx, cy - r, cx + r * 0.15, cy - r * 1.45, Stroke("#4a3520", pen.width, round_cap=True))
    cv.polyline([(cx + r * 0.1, cy - r * 1.1), (cx + r * 0.6, cy - r * 1.45), (cx + r * 0.75, cy - r * 1.05)],
                Stroke("#3f7a2a", pen.width), closed=True)


def paw(cv: Canvas, cx: float, cy: float, r: float, colour: str = "#000000") -> None:
    """The fox's paw print: a pad and four toes."""
    cv.circle(cx, cy + r * 0.25, r * 0.45, stroke=None, fill=colour)
    for dx, dy in ((-0.55, -0.3), (-0.2, -0.65), (0.2, -0.65), (0.55, -0.3)):
        cv.circle(cx + dx * r, cy + dy * r, r * 0.2, stroke=None, fill=colour)


def infinity(cv: Canvas, cx: float, cy: float, r: float, pen: Stroke = THIN) -> None:
    """Permanent: a lemniscate."""
    pts = []
    for i in range(49):
        t = i * 2 * math.pi / 48
        d = 1 + math.sin(t) ** 2
        pts.append((cx + r * math.cos(t) / d, cy + r * math.sin(t) * math.cos(t) / d))
    cv.polyline(pts, pen, closed=True)


def lightning(cv: Canvas, cx: float, cy: float, r: float, fill: str = "#000000") -> None:
    """Single use: a lightning bolt."""
    pts = [(0.15, -1), (-0.55, 0.15), (-0.05, 0.15), (-0.25, 1), (0.55, -0.25), (0.05, -0.25), (0.35, -1)]
    cv.polyline([(cx + x * r, cy + y * r) for x, y in pts], None, fill=fill, closed=True)


def three_snakes(cv: Canvas, cx: float, cy: float, r: float, pen: Stroke = THIN) -> None:
    """3+ players: three little wavy snakes side by side, each with a head."""
    for k in (-1, 0, 1):
        x0 = cx + k * r * 0.6
        pts = [(x0 + 0.18 * r * math.sin(i * math.pi / 3), cy + r * (-0.8 + 1.6 * i / 9)) for i in range(10)]
        cv.polyline(pts, pen)
        cv.circle(pts[0][0], pts[0][1], r * 0.13, stroke=None, fill=pen.colour)


def star(cv: Canvas, cx: float, cy: float, r: float, fill: str = "#000000") -> None:
    """A five-pointed star: marks the lengths that bring a new ability."""
    pts = []
    for i in range(10):
        t = -math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.45
        pts.append((cx + rr * math.cos(t), cy + rr * math.sin(t)))
    cv.polyline(pts, None, fill=fill, closed=True)


def tree(cv: Canvas, cx: float, cy: float, r: float, ink_saver: bool) -> None:
    cv.rect(cx - r * 0.12, cy + r * 0.45, r * 0.24, r * 0.5, stroke=THIN, fill=None if ink_saver else "#8a6a48")
    cv.circle(cx, cy - r * 0.15, r * 0.6, stroke=THIN, fill=None if ink_saver else "#b9d9a5")


def fox(cv: Canvas, cx: float, cy: float, r: float, ink_saver: bool) -> None:
    """The fox's head: ears, face and nose."""
    face = [(-1, -0.9), (-0.55, -0.35), (0.55, -0.35), (1, -0.9), (0.75, 0.1), (0, 0.9), (-0.75, 0.1)]
    cv.polyline([(cx + x * r, cy + y * r) for x, y in face], THIN, fill=None if ink_saver else "#f0b27a",
                closed=True)
    cv.circle(cx, cy + 0.75 * r, 0.12 * r, stroke=None, fill="#000000")
    for dx in (-0.35, 0.35):
        cv.circle(cx + dx * r, cy - 0.05 * r, 0.09 * r, stroke=None, fill="#000000")


def ship(cv: Canvas, cx: float, cy: float, r: float, ink_saver: bool) -> None:
    hull = [(-1, 0.2), (1, 0.2), (0.7, 0.7), (-0.7, 0.7)]
    cv.polyline([(cx + x * r, cy + y * r) for x, y in hull], THIN, fill=None if ink_saver else "#9b7653", closed=True)
    cv.line(cx, cy + 0.2 * r, cx, cy - 0.9 * r)
    cv.polyline([(cx, cy - 0.85 * r), (cx + 0.6 * r, cy), (cx, cy)], THIN, fill=None if ink_saver else "#ffffff",
                closed=True)


def quay(cv: Canvas, x: float, y: float, w: float, h: float, ink_saver: bool) -> None:
    """The harbour's wooden quay: planks across the squares."""
    cv.rect(x, y, w, h, stroke=None, fill="#ffffff" if ink_saver else "#e8d6bd")
    step = 1.6
    k = y + step
    while k < y + h:
        cv.line(x + 0.6, k, x + w - 0.6, k, Stroke("#8a6a48", 0.2))
        k += step


def falcon(cv: Canvas, cx: float, cy: float, r: float, colour: str = "#000000") -> None:
    """A falcon seen from below: swept wings and a tail."""
    pts = [(0, -0.35), (0.35, -0.45), (1, -0.1), (0.35, -0.05), (0.12, 0.2), (0.2, 0.6), (-0.2, 0.6),
           (-0.12, 0.2), (-0.35, -0.05), (-1, -0.1), (-0.35, -0.45)]
    cv.polyline([(cx + x * r, cy + y * r) for x, y in pts], None, fill=colour, closed=True)


def hammer(cv: Canvas, cx: float, cy: float, r: float, fill: str = "#000000") -> None:
    """A Strong Snit's badge: a mallet head on a slanted handle."""
    head = [(-0.95, -0.95), (0.15, -0.95), (0.15, -0.35), (-0.95, -0.35)]
    handle = [(-0.5, -0.35), (-0.2, -0.35), (0.7, 1.0), (0.4, 1.0)]
    for shape in (head, handle):
        cv.polyline([(cx + x * r, cy + y * r) for x, y in shape], None, fill=fill, closed=True)
