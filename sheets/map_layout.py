"""Where each organ of the printed Bolotomus map sits on paper, in mm, and where its passages run.

The rules' map of each edition (organs, passages) comes from templates/snits/map-EDITION.toml through
companion.snits.bolotomus; where each organ sits on paper comes from that edition's templates/snits/layout-EDITION.toml
(the big map scales it). A player's own map (`print map --map FILE.toml`, edition "") is laid out on a grid instead, on
the default edition's map area: each organ in the free cell nearest its x, y.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import cache

from companion.core.edition_data import read_template
from companion.core.language import _
from companion.sheets.canvas import Point
from companion.snits.bolotomus import DEFAULT_EDITION, EDITIONS, Bolotomus, Organ, load

GRID = (7, 4)    # a player's map: columns and rows of organ cells (rows far enough apart for an entry's arrow)
COUNTER = 15.0  # mm, the counters of `companion print counters`
SIDE, BAND, FOOT = 1.0, 5.0, 0.5  # mm round an organ's counter places: each side, the name band above, below
BIG_SPOTS = (3, 3)  # counter places (columns, rows) in an organ of the big map: room for eight and more
ENTRY = 14.0  # mm an orifice's entry arrow and its words take below the organ
WORK = 1_000_000  # passage-by-organ checks a player's map's layout search makes at most: a few seconds on any map


@dataclass(frozen=True)
class MapLayout:
    """Organ centres and sizes on the printed map, in mm from the map area's top-left corner."""

    width: float
    height: float
    organ_w: float
    organ_h: float
    key: tuple[float, float, float, float]
    centres: dict[str, Point]

    @property
    def spots(self) -> tuple[int, int]:
        """How many counters fit an organ below its name band: columns, rows."""
        return (int((self.organ_w - 2 * SIDE) // COUNTER), int((self.organ_h - BAND - FOOT) // COUNTER))

    def scaled(self, s: float, spots: tuple[int, int]) -> MapLayout:
        """The map `s` times as large with organs sized for cols x rows counters; the key keeps its size, centred
        where the scaled key would be."""
        kx, ky, kw, kh = self.key
        key = (kx * s + kw * (s - 1) / 2, ky * s + kh * (s - 1) / 2, kw, kh)
        return MapLayout(self.width * s, self.height * s, 2 * SIDE + spots[0] * COUNTER,
                         BAND + spots[1] * COUNTER + FOOT, key,
                         {name: (x * s, y * s) for name, (x, y) in self.centres.items()})

    def box(self, name: str) -> tuple[float, float, float, float]:
        x, y = self.centres[name]
        return x - self.organ_w / 2, y - self.organ_h / 2, self.organ_w, self.organ_h

    def edge_point(self, name: str, toward: Point) -> Point:
        """Where the straight line from the organ's centre toward `toward` leaves its box."""
        (x, y), (tx, ty) = self.centres[name], toward
        dx, dy = tx - x, ty - y
        t = min(self.organ_w / 2 / abs(dx) if dx else math.inf, self.organ_h / 2 / abs(dy) if dy else math.inf)
        return x + dx * t, y + dy * t


def map_layout(edition: str = DEFAULT_EDITION) -> MapLayout:
    """An edition's print layout (layout-EDITION.toml), checked against that edition's organs so no organ is left
    off the map and no centre names an organ the map does not have. ValueError for a name that is not an edition.
    One object per edition, however it is asked for."""
    return edition_layout(edition)


@cache
def edition_layout(edition: str) -> MapLayout:
    board = load(edition)
    file = f"layout-{edition}.toml"
    data = read_template("snits", file)
    centres = {name: (float(x), float(y)) for name, (x, y) in data["centre"].items()}
    missing = [o.name for o in board.organs if o.name not in centres]
    if missing:
        raise ValueError(f"{file}: no centre for {', '.join(missing)}")
    unknown = [name for name in centres if name not in board.named]
    if unknown:
        raise ValueError(f"{file}: a centre for {', '.join(unknown)}, not an organ of the {edition} map")
    return MapLayout(data["width"], data["height"], data["organ_w"], data["organ_h"], tuple(data["key"]), centres)


def page_layout(board: Bolotomus) -> MapLayout:
    """Where a board's organs sit on the A4/Letter page: its edition's layout, or a player's map on the grid."""
    edition = same_edition(board)
    return map_layout(edition) if edition else auto_layout(board)


def same_edition(board: Bolotomus) -> str:
    """The edition whose map `board` is, by name or saved as a file unchanged (its organs, places and passages), so
    the edition's drawn layout is used for it; "" for a map of a player's own."""
    if board.edition:
        return board.edition
    return next((e for e in EDITIONS if shape(load(e)) == shape(board)), "")


def shape(board: Bolotomus) -> tuple:
    """What a map is, without its name: two maps of one shape are drawn alike."""
    return board.organs, board.passages


def big_layout(board: Bolotomus | None, w: float, h: float, title: float) -> tuple[MapLayout, Bolotomus]:
    """The big map's layout filling w x h mm less a title line, organs of BIG_SPOTS counters; and its board (None:
    the default edition's). An edition's layout is scaled; a player's map goes on the grid of the scaled area."""
    board = load() if board is None else board
    edition = same_edition(board)
    base = map_layout(edition or DEFAULT_EDITION)
    scaled = base.scaled(min(w / base.width, (h - title) / base.height), BIG_SPOTS)
    return (scaled if edition else auto_layout(board, scaled)), board


_searched: dict[tuple, MapLayout] = {}  # a map's shape and its map area -> its layout: searched once a process


def auto_layout(board: Bolotomus, base: MapLayout | None = None) -> MapLayout:
    """search()'s layout, once per process for a map's shape on a map area (the pages draw a board often)."""
    base = base or map_layout()
    key = (shape(board), base.width, base.height, base.organ_w, base.organ_h, base.key)
    if key not in _searched:
        _searched[key] = search(board, base)
    return _searched[key]


def search(board: Bolotomus, base: MapLayout) -> MapLayout:
    """A player's map on an edition's map area (`base`, the default edition's page unless given): a grid of organ
    cells above the bottom ENTRY mm (an orifice's entry arrow and words go there), the key where no passage or entry
    runs under it; each organ (in the map's order) takes the free cell nearest its x, y, then organs move or swap
    while that takes a passage off a third organ. LayoutError when the map has more organs than cells, or when every
    place of the key has a passage or an entry under it."""
    from companion.sheets.layout import LayoutError

    base = base or map_layout()
    tried = sorted((t for t in (_placed(board, base, key) for key in _key_places(base)) if t), key=lambda t: t[0])
    if not tried:
        most = max(len(_cells(base, key)) for key in _key_places(base))
        raise LayoutError(_("the map {map} has {organs} organs; a printed page holds {most}").format(
            map=board.name, organs=len(board.organs), most=most))
    best = None
    room = WORK // (len(board.passages) * len(board.organs) + 1)  # layouts the search may still weigh
    for placed in tried:  # the least moved first; improved until one has nothing under its key or over an organ
        placed, used = _improved(board, base, *placed, room)
        room -= used
        best = placed if best is None or placed[0] < best[0] else best
        if placed[0][:2] == (0, 0) or room <= 0:
            break
    (under, _moved, _passes), layout = best
    if under:
        raise LayoutError(_("the map {map}: wherever the key goes on the printed page, a passage or an entry runs "
                            "under it; move an organ's x, y in the map file").format(map=board.name))
    return layout


def _key_places(base: MapLayout) -> list[tuple[float, float, float, float]]:
    """Where the key box may go on a player's map: the edition's place first, then along the bottom and the top."""
    kx, ky, kw, kh = base.key
    xs = [i * (base.width - kw) / 8 for i in range(9)]
    return [base.key] + [(x, y, kw, kh) for y in (base.height - kh, 0.0) for x in xs]


def _cells(base: MapLayout, key) -> list[Point]:
    """The grid's organ cells clear of the key box, the bottom ENTRY mm left to the entries."""
    cols, rows = GRID
    kx, ky, kw, kh = key
    cells = []
    for r in range(rows):
        for c in range(cols):
            x = base.organ_w / 2 + c * (base.width - base.organ_w) / (cols - 1)
            y = base.organ_h / 2 + r * (base.height - ENTRY - base.organ_h) / (rows - 1)
            if not (abs(x - kx - kw / 2) < (base.organ_w + kw) / 2 and abs(y - ky - kh / 2) < (base.organ_h + kh) / 2):
                cells.append((x, y))
    return cells


Cost = tuple[int, int, float]  # passages and entries under the key, passages over a third organ, mm moved


def _placed(board: Bolotomus, base: MapLayout, key) -> tuple[Cost, MapLayout] | None:
    """The organs in the free cells nearest their x, y with the key at `key`, and the cost; None when the cells
    are too few."""
    cells = _cells(base, key)
    if len(board.organs) > len(cells):
        return None
    centres = {}
    for organ in board.organs:
        cell = min(cells, key=lambda spot: math.dist(spot, _wish(base, organ)))
        cells.remove(cell)
        centres[organ.name] = cell
    return _cost(board, base, key, centres)


def _improved(board: Bolotomus, base: MapLayout, cost: Cost, layout: MapLayout,
              room: int) -> tuple[tuple[Cost, MapLayout], int]:
    """The layout with one organ at a time moved to a free cell or swapped with another, while that takes a
    passage off the key or a third organ, weighing at most `room` layouts; and how many it weighed."""
    best, used = (cost, layout), 0
    for _round in range(len(board.organs)):
        if best[0][:2] == (0, 0) or used >= room:
            break
        centres = best[1].centres
        free = [c for c in _cells(base, layout.key) if c not in centres.values()]
        trials = [{**centres, name: cell} for name in centres for cell in free]
        trials += [{**centres, a: centres[b], b: centres[a]} for a in centres for b in centres if a < b]
        trials = trials[:room - used]
        used += len(trials)
        found = min((_cost(board, base, layout.key, t) for t in trials), key=lambda c: c[0])
        if found[0][:2] >= best[0][:2]:
            break
        best = found
    return best, used


def _wish(base: MapLayout, organ: Organ) -> Point:
    """Where the map file's x, y (percent) put the organ on the map area."""
    return organ.x / 100 * base.width, organ.y / 100 * base.height


def _cost(board: Bolotomus, base: MapLayout, key, centres: dict[str, Point]) -> tuple[Cost, MapLayout]:
    layout = MapLayout(base.width, base.height, base.organ_w, base.organ_h, tuple(key), centres)
    kx, ky, kw, kh = key
    grown = (kx - 1, ky - 1, kw + 2, kh + 2)  # a passage's ink reaches a millimetre off its line
    ends = passage_ends(layout, board)
    under = sum(meets(a, b, grown) for _kind, a, b in ends)
    for organ in (o for o in board.organs if o.orifice):
        x, y, w, h = layout.box(organ.name)
        under += meets((x, y + h), (x + w, y + h + ENTRY), grown, diagonal=False)
    boxes = [layout.box(o.name) for o in board.organs]
    over = sum(meets(a, b, boxes[o]) for (_kind, a, b), p in zip(ends, board.passages, strict=True)
               for o in range(len(boxes)) if o not in (p.a, p.b))
    moved = sum(math.dist(centres[o.name], _wish(base, o)) for o in board.organs)
    return (under, over, moved), layout


def meets(p: Point, q: Point, box, diagonal: bool = True) -> bool:
    """The segment p-q runs through the box (diagonal), or the rectangle with corners p and q overlaps it."""
    x, y, w, h = box
    if not (min(p[0], q[0]) < x + w and max(p[0], q[0]) > x and min(p[1], q[1]) < y + h and max(p[1], q[1]) > y):
        return False  # the rectangle misses the box, so the segment does: most pairs end here, cheaply
    if not diagonal:
        return True
    t0, t1 = 0.0, 1.0
    dx, dy = q[0] - p[0], q[1] - p[1]
    for pk, qk in ((-dx, p[0] - x), (dx, x + w - p[0]), (-dy, p[1] - y), (dy, y + h - p[1])):
        if pk == 0:
            if qk <= 0:
                return False
        elif pk < 0:
            t0 = max(t0, qk / pk)
        else:
            t1 = min(t1, qk / pk)
    return t1 - t0 > 1e-9


TAG_CLEAR = 8.0  # mm a passage's tag keeps from a crossing on it (the bridge there would cut it)


def tag_point(a: Point, b: Point, crossings: list[Point]) -> Point:
    """Where a passage's tag sits: its middle, or where it is farthest from the crossings on it when one is near."""
    along = [(a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])) for t in (0.5, 0.35, 0.65, 0.25, 0.75)]
    if all(math.dist(along[0], c) >= TAG_CLEAR for c in crossings):
        return along[0]
    return max(along, key=lambda p: min(math.dist(p, c) for c in crossings))


def bridges(board: Bolotomus, ends: list[tuple[str, Point, Point]]) -> list[tuple[int, int, Point]]:
    """Where two passages of different organs cross on the page: (the passage drawn over, the one beneath, the
    point). A channel goes over a canal; of two alike, the first. A player following a passage by eye sees the other
    pass beneath."""
    out = []
    for i, j in itertools.combinations(range(len(ends)), 2):
        if {board.passages[i].a, board.passages[i].b} & {board.passages[j].a, board.passages[j].b}:
            continue
        point = meeting(ends[i][1:], ends[j][1:])
        if point is not None:
            out.append((j, i, point) if ends[j][0] == "channel" and ends[i][0] != "channel" else (i, j, point))
    return out


def meeting(first: tuple[Point, Point], second: tuple[Point, Point]) -> Point | None:
    """The point where two segments cross (not merely touch), or None."""
    (x1, y1), (x2, y2) = first
    (x3, y3), (x4, y4) = second
    det = (x2 - x1) * (y4 - y3) - (y2 - y1) * (x4 - x3)
    if abs(det) < 1e-9:
        return None
    t = ((x3 - x1) * (y4 - y3) - (y3 - y1) * (x4 - x3)) / det
    u = ((x3 - x1) * (y2 - y1) - (y3 - y1) * (x2 - x1)) / det
    return (x1 + t * (x2 - x1), y1 + t * (y2 - y1)) if 0 < t < 1 and 0 < u < 1 else None


def tag_points(board: Bolotomus, ends: list[tuple[str, Point, Point]]) -> list[Point]:
    """Each passage's tag, clear of the crossings on it."""
    crossed = bridges(board, ends)
    return [tag_point(a, b, [point for over, under, point in crossed if k in (over, under)])
            for k, (_kind, a, b) in enumerate(ends)]


def passage_ends(layout: MapLayout, board: Bolotomus) -> list[tuple[str, Point, Point]]:
    """Each passage as (kind, start, end), from one organ box's edge to the other's."""
    out = []
    for p in board.passages:
        a, b = board.organs[p.a].name, board.organs[p.b].name
        out.append((p.kind, layout.edge_point(a, layout.centres[b]), layout.edge_point(b, layout.centres[a])))
    return out
