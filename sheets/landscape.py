"""A landscape's map read from its edition file: the terrain of each square, objects, shade and printed items.

Pure data, no drawing: the sheet draws it, the tests check it is playable. Squares are (column, row), 1-16.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

from companion.core.edition_data import read_template
from companion.sssnake.edition import Landscape, landscape

SIZE = 16
SHADE = "o"
OBJECTS = {"T": "tree", "F": "fox", "H": "harbour quay", "S": "ship"}  # overlay capitals: immovable objects

Square = tuple[int, int]


@dataclass(frozen=True)
class Terrain:
    letter: str
    name: str
    move: str  # "yes", "no" or "paw" (only at the paw length)
    end: str
    note: str
    tint: str
    ink: str
    pattern: str


@dataclass(frozen=True)
class Region:
    """Connected squares drawn as one outlined shape: an immovable object or a patch of shade."""

    kind: str  # the overlay letter: "o" shade, capitals objects
    squares: frozenset[Square]


@dataclass(frozen=True)
class LandscapeMap:
    meta: Landscape
    terrain: tuple[tuple[str, ...], ...]  # terrain[row-1][col-1] = terrain name
    objects: tuple[Region, ...]
    shade: tuple[Region, ...]
    falcon_line: tuple[tuple[int, int], ...]
    fresh_apples: tuple[Square, ...]
    rotten_apples: tuple[Square, ...]

    def at(self, square: Square) -> str:
        col, row = square
        return self.terrain[row - 1][col - 1]

    def blocked(self) -> frozenset[Square]:
        """Squares under immovable objects."""
        return frozenset(sq for region in self.objects for sq in region.squares)


@lru_cache(maxsize=1)
def terrains() -> dict[str, Terrain]:
    """The terrain types by name, in legend order."""
    rows = read_template("sssnake", "terrains.toml")["terrain"]
    return {t["name"]: Terrain(**t) for t in rows}


def neighbours(square: Square) -> list[Square]:
    """The up to four squares a snake can step to from `square` without leaving the sheet."""
    c, r = square
    return [(x, y) for x, y in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)) if 1 <= x <= SIZE and 1 <= y <= SIZE]


def _grid(slug: str, key: str, rows: list) -> list[str]:
    if len(rows) != SIZE or any(not isinstance(r, str) or len(r) != SIZE for r in rows):
        raise ValueError(f"landscape {slug}: {key} must be {SIZE} strings of {SIZE} letters")
    return rows


def _regions(overlay: list[str]) -> list[Region]:
    """Group the overlay's marked squares into connected patches of the same letter."""
    seen: set[Square] = set()
    out = []
    for r, line in enumerate(overlay, 1):
        for c, ch in enumerate(line, 1):
            if ch == "." or (c, r) in seen:
                continue
            patch, todo = set(), [(c, r)]
            while todo:
                sq = todo.pop()
                if sq in patch:
                    continue
                patch.add(sq)
                todo.extend(n for n in neighbours(sq) if overlay[n[1] - 1][n[0] - 1] == ch)
            seen |= patch
            out.append(Region(ch, frozenset(patch)))
    return out


@cache
def landscape_map(slug: str) -> LandscapeMap:
    """The map of one landscape of the edition, read once per process."""
    return read_map(landscape(slug))


def read_map(meta: Landscape) -> LandscapeMap:
    """A landscape's map, checked: known letters, the right shape, printed apples on open squares."""
    slug, data = meta.slug, meta.extra
    letters = {t.letter: t.name for t in terrains().values()}
    grid = _grid(slug, "terrain", data.get("terrain", []))
    bad = sorted({ch for line in grid for ch in line} - set(letters))
    if bad:
        raise ValueError(f"landscape {slug}: unknown terrain letter(s) {''.join(bad)}; use {''.join(letters)}")
    overlay = _grid(slug, "overlay", data.get("overlay", []))
    bad = sorted({ch for line in overlay for ch in line} - {".", SHADE, *OBJECTS})
    if bad:
        raise ValueError(f"landscape {slug}: unknown overlay letter(s) {''.join(bad)}; use . {SHADE} {' '.join(OBJECTS)}")
    regions = _regions(overlay)
    lmap = LandscapeMap(
        meta=meta,
        terrain=tuple(tuple(letters[ch] for ch in line) for line in grid),
        objects=tuple(r for r in regions if r.kind in OBJECTS),
        shade=tuple(r for r in regions if r.kind == SHADE),
        falcon_line=tuple(tuple(p) for p in data.get("falcon_line", ())),
        fresh_apples=tuple(tuple(p) for p in data.get("fresh_apples", ())),
        rotten_apples=tuple(tuple(p) for p in data.get("rotten_apples", ())),
    )
    blocked = lmap.blocked()
    for sq in (*meta.golden_apples, *lmap.fresh_apples, *lmap.rotten_apples):
        if sq in blocked or lmap.at(sq) == "rocks":
            raise ValueError(f"landscape {slug}: the apple printed at A{sq[0]}/B{sq[1]} sits on an object or rocks")
    return lmap
