"""Geometry of a printed Bolotomus layout, for the tests: where each passage runs, whether a straight line meets a box
or another line, and how close it comes to a point. All in mm, on the layout's map area."""
from __future__ import annotations

import math

from companion.sheets.map_drawing import CHANNEL_GAP
from companion.sheets.map_layout import MapLayout, meets, passage_ends, tag_point
from companion.snits.bolotomus import Bolotomus

BADGE = 2.6  # mm, the radius of a Compositor's "M" and a smasher's star at its box's top-right corner


def segments(layout: MapLayout, board: Bolotomus) -> list[tuple[str, str, str, tuple, tuple]]:
    """Each passage as (organ, organ, kind, start, end), as drawn: from box edge to box edge."""
    out = []
    for p, (kind, a, b) in zip(board.passages, passage_ends(layout, board), strict=True):
        out.append((board.organs[p.a].name, board.organs[p.b].name, kind, a, b))
    return out


def meets_box(p, q, box, margin: float = 0.0) -> bool:
    """The segment p-q passes through the box grown by margin on every side (touching its edge is not meeting)."""
    return meets(p, q, (box[0] - margin, box[1] - margin, box[2] + 2 * margin, box[3] + 2 * margin))


def cross(p1, p2, p3, p4) -> bool:
    """Two segments cross (a shared end is not a crossing)."""
    def side(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    return side(p3, p4, p1) * side(p3, p4, p2) < 0 and side(p1, p2, p3) * side(p1, p2, p4) < 0


def distance(point, p, q) -> float:
    """From a point to the segment p-q."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    t = max(0.0, min(1.0, ((point[0] - p[0]) * dx + (point[1] - p[1]) * dy) / (dx * dx + dy * dy or 1.0)))
    return math.dist(point, (p[0] + t * dx, p[1] + t * dy))


def half_width(kind: str) -> float:
    """How far a passage's ink reaches from its centre line: a channel's walls stand CHANNEL_GAP off it."""
    return CHANNEL_GAP + 0.2 if kind == "channel" else 0.4


def tag_box(kind: str, a, b, crossings=()) -> tuple[float, float, float, float]:
    """The limit tag (map_drawing._limit_tag) at a passage's middle, or moved off a crossing on it: "no Snits"
    12 x 4.4 mm, a number's circle."""
    x, y = tag_point(a, b, list(crossings))
    w, h = (12.0, 4.4) if kind == "red" else (4.2, 4.2)
    return x - w / 2, y - h / 2, w, h


def badges(layout: MapLayout, board: Bolotomus) -> dict[str, tuple[float, float]]:
    """The centre of each Compositor's and smasher's badge."""
    out = {}
    for o in board.organs:
        if o.compositor or o.smasher:
            x, y, w, _ = layout.box(o.name)
            out[o.name] = (x + w - 1, y + 1)
    return out


def crossings(layout: MapLayout, board: Bolotomus) -> list[tuple[str, str]]:
    """Pairs of passages (named a-b) whose lines cross."""
    segs = segments(layout, board)
    out = []
    for i, (a1, b1, _, p1, q1) in enumerate(segs):
        for a2, b2, _, p2, q2 in segs[i + 1:]:
            if not {a1, b1} & {a2, b2} and cross(p1, q1, p2, q2):
                out.append((f"{a1}-{b1}", f"{a2}-{b2}"))
    return out
