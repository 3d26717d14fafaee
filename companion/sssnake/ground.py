"""The ground a digital sheet's snake walks on: terrain letters, shade and objects, the falcon's line, the paw.

Read from this edition's landscape, or drawn by hand in a test (any width and height), so the movement rules are
checked on small sheets worked out from the rulebook.
"""
from __future__ import annotations

from companion.core.record import Record
from companion.sssnake.actions import Square

SHADE = "o"  # overlay letter of a shaded square; capitals are immovable objects
EDGE = tuple[tuple[int, int], tuple[int, int]]  # a unit length of square edge between two corners
MOVES = {"U": (0, -1), "D": (0, 1), "L": (-1, 0), "R": (1, 0)}  # up is towards row 1
BACK = {"U": "D", "D": "U", "L": "R", "R": "L"}


class Ground(Record):
    """`terrain[row - 1][col - 1]` is a terrain letter (terrains.toml); `overlay` the same shape ('.', 'o', capitals)."""

    def __init__(self, terrain: list[str], overlay: list[str] | None = None, falcon: list | None = None,
                 paw: int | None = None, fresh: tuple[Square, ...] = (), rotten: tuple[Square, ...] = (),
                 golden: tuple[Square, ...] = ()):
        self.terrain = list(terrain)
        self.height, self.width = len(terrain), len(terrain[0])
        self.overlay = list(overlay or ["." * self.width] * self.height)
        if any(len(r) != self.width for r in self.terrain + self.overlay) or len(self.overlay) != self.height:
            raise ValueError("terrain and overlay rows must all be as wide as the first and as many")
        self.falcon = falcon_edges(falcon or [])
        self.paw = paw  # FoxTrail: the snake length needed to move on foliage
        self.fresh, self.rotten, self.golden = tuple(fresh), tuple(rotten), tuple(golden)  # printed apples

    def letter(self, sq: Square) -> str:
        return self.terrain[sq[1] - 1][sq[0] - 1]

    def on(self, sq: Square) -> bool:
        return 1 <= sq[0] <= self.width and 1 <= sq[1] <= self.height

    def shade(self, sq: Square) -> bool:
        return self.overlay[sq[1] - 1][sq[0] - 1] == SHADE

    def object(self, sq: Square) -> bool:
        """An immovable object (a capital in the overlay): snakes bump into it, apples roll off it."""
        return self.overlay[sq[1] - 1][sq[0] - 1].isupper()

    def next(self, sq: Square, d: str, wrap: bool) -> Square | None:
        """The square one step in direction `d`; past the edge None, or round to the far side when `wrap`
        (Intelligent: 'imagine the landscape as a ball')."""
        dc, dr = MOVES[d]
        col, row = sq[0] + dc, sq[1] + dr
        if wrap:
            return (col - 1) % self.width + 1, (row - 1) % self.height + 1
        return (col, row) if self.on((col, row)) else None

    def crosses(self, a: Square, b: Square) -> bool:
        """Whether a step between two side-by-side squares passes over the falcon's line of shadow."""
        return bool(self.falcon) and between(a, b) in self.falcon

    def squares(self):
        return ((c, r) for r in range(1, self.height + 1) for c in range(1, self.width + 1))


def between(a: Square, b: Square) -> EDGE | None:
    """The edge two neighbouring squares share, as corners counted from the sheet's top-left (0-based)."""
    (ca, ra), (cb, rb) = a, b
    if ra == rb and abs(ca - cb) == 1:
        x = max(ca, cb) - 1
        return (x, ra - 1), (x, ra)
    if ca == cb and abs(ra - rb) == 1:
        y = max(ra, rb) - 1
        return (ca - 1, y), (ca, y)
    return None


def falcon_edges(points: list) -> frozenset[EDGE]:
    """The unit edges along a polyline of corners whose segments run along the grid."""
    edges = set()
    for (x1, y1), (x2, y2) in zip(points, points[1:], strict=False):
        if x1 != x2 and y1 != y2:
            raise ValueError(f"the falcon's line runs along square edges, not from {x1},{y1} to {x2},{y2}")
        for k in range(abs(x2 - x1) + abs(y2 - y1)):
            if x1 != x2:
                x = min(x1, x2) + k
                edges.add(((x, y1), (x + 1, y1)))
            else:
                y = min(y1, y2) + k
                edges.add(((x1, y), (x1, y + 1)))
    return frozenset(edges)


def ground(slug: str) -> Ground:
    """This edition's landscape as ground (read once per process)."""
    if slug not in _GROUNDS:
        from companion.sssnake.edition import edition

        land = edition().landscapes[slug]
        extra = land.extra
        _GROUNDS[slug] = Ground(extra["terrain"], extra["overlay"], extra.get("falcon_line"), land.paw_length,
                                tuple(map(tuple, extra.get("fresh_apples", ()))),
                                tuple(map(tuple, extra.get("rotten_apples", ()))), land.golden_apples)
    return _GROUNDS[slug]


_GROUNDS: dict[str, Ground] = {}
