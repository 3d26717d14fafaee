"""The printed Bolotomus map for Snits' Revenge: 16 organs with places for 15 x 15 mm counters (four each on an A4
or Letter page, nine on the big map: A3, or tiled over 2 or 4 sheets), passages drawn by kind (tell-apart in
grey-scale), the orifices' entries, and a turn-sequence box.

There are two edition maps (companion.snits.bolotomus.EDITIONS): the rules' map of each (organs, passages) comes from
templates/snits/map-EDITION.toml through companion.snits.bolotomus; where each organ sits on paper comes from that
edition's templates/snits/layout-EDITION.toml (the big map scales it). A player's own map (`print map --map
FILE.toml`, edition "") is laid out on a grid instead, on the default edition's map area: each organ in the free cell
nearest its x, y.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from companion.core.edition_data import read_template
from companion.sheets import symbols
from companion.sheets.canvas import HAIRLINE, Canvas, Document, Point, Stroke
from companion.sheets.documents import open_document
from companion.sheets.layout import Paper
from companion.sheets.text import width
from companion.snits.bolotomus import DEFAULT_EDITION, Bolotomus, Organ, load
from companion.snits.options import table

TITLE_H = 10.0  # mm above the map area for the title line
GRID = (7, 4)    # a player's map: columns and rows of organ cells (rows far enough apart for an entry's arrow)
RED = "#c0392b"
FLESH = "#fbece6"
PASSAGE_INK = "#333333"
CHANNEL_GAP = 1.0  # mm from a channel's centre line to each of its two walls
CANAL = Stroke(PASSAGE_INK, 0.6)
CHANNEL_WALL = Stroke(PASSAGE_INK, 0.4)
RED_CANAL = Stroke(RED, 0.8, dash=(2.0, 1.2))
SPOT = Stroke("#b0b0b0", 0.2, dash=(1.0, 1.0))
COUNTER = 15.0  # mm, the counters of `companion print counters`
SIDE, BAND, FOOT = 1.0, 5.0, 0.5  # mm round an organ's counter places: each side, the name band above, below
BIG_SPOTS = (3, 3)  # counter places (columns, rows) in an organ of the big map: room for eight and more
PLAYING = 6  # counters a busy organ holds (its Snorg, three or four Snits, a thingy): the least to play on
ENTRY = 14.0  # mm an orifice's entry arrow and its words take below the organ
PAGE_MARGIN = 10.0  # mm round the big map on an A3 page
POSTER_EDGE = 3.0  # mm kept free inside a tiled poster's edge, so no badge or arrow is cut off at the last tile
SNIT_TURN = ("1 Move Snits (in through orifices too)", "2 Snit kicking", "3 Fast Snits move again (not in)")
BOLOTOMUS_TURN = ("1 Compositors compose (a Makum each)", "2 Move thingies", "3 Chomping",
                  "4 Makums transform", "5 Has anybody won yet? (9 organs out)")


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
    return map_layout(board.edition) if board.edition else auto_layout(board)


def auto_layout(board: Bolotomus, base: MapLayout | None = None) -> MapLayout:
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
        raise LayoutError(f"the map {board.name} has {len(board.organs)} organs; a printed page holds {most}")
    best = None
    for placed in tried:  # the least moved first; improved until one has nothing under its key or over an organ
        placed = _improved(board, base, *placed)
        best = placed if best is None or placed[0] < best[0] else best
        if placed[0][:2] == (0, 0):
            break
    (under, _, _), layout = best
    if under:
        raise LayoutError(f"the map {board.name}: wherever the key goes on the printed page, a passage or an entry "
                          "runs under it; move an organ's x, y in the map file")
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


def _improved(board: Bolotomus, base: MapLayout, cost: Cost, layout: MapLayout) -> tuple[Cost, MapLayout]:
    """The layout with one organ at a time moved to a free cell or swapped with another, while that takes a
    passage off the key or a third organ."""
    best = (cost, layout)
    for _ in range(len(board.organs)):
        if best[0][:2] == (0, 0):
            break
        centres = best[1].centres
        free = [c for c in _cells(base, layout.key) if c not in centres.values()]
        trials = [{**centres, name: cell} for name in centres for cell in free]
        trials += [{**centres, a: centres[b], b: centres[a]} for a in centres for b in centres if a < b]
        found = min((_cost(board, base, layout.key, t) for t in trials), key=lambda c: c[0])
        if found[0][:2] >= best[0][:2]:
            break
        best = found
    return best


def _wish(base: MapLayout, organ: Organ) -> Point:
    """Where the map file's x, y (percent) put the organ on the map area."""
    return organ.x / 100 * base.width, organ.y / 100 * base.height


def _cost(board: Bolotomus, base: MapLayout, key, centres: dict[str, Point]) -> tuple[Cost, MapLayout]:
    layout = MapLayout(base.width, base.height, base.organ_w, base.organ_h, tuple(key), centres)
    kx, ky, kw, kh = key
    grown = (kx - 1, ky - 1, kw + 2, kh + 2)  # a passage's ink reaches a millimetre off its line
    ends = passage_ends(layout, board)
    under = sum(meets(a, b, grown) for _, a, b in ends)
    for organ in (o for o in board.organs if o.orifice):
        x, y, w, h = layout.box(organ.name)
        under += meets((x, y + h), (x + w, y + h + ENTRY), grown, diagonal=False)
    over = sum(meets(a, b, layout.box(o.name)) for (_, a, b), p in zip(ends, board.passages)
               for o in board.organs if o.index not in (p.a, p.b))
    moved = sum(math.dist(centres[o.name], _wish(base, o)) for o in board.organs)
    return (under, over, moved), layout


def meets(p: Point, q: Point, box, diagonal: bool = True) -> bool:
    """The segment p-q runs through the box (diagonal), or the rectangle with corners p and q overlaps it."""
    x, y, w, h = box
    if not diagonal:
        return min(p[0], q[0]) < x + w and max(p[0], q[0]) > x and min(p[1], q[1]) < y + h and max(p[1], q[1]) > y
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


def passage_ends(layout: MapLayout, board: Bolotomus) -> list[tuple[str, Point, Point]]:
    """Each passage as (kind, start, end), from one organ box's edge to the other's."""
    out = []
    for p in board.passages:
        a, b = board.organs[p.a].name, board.organs[p.b].name
        out.append((p.kind, layout.edge_point(a, layout.centres[b]), layout.edge_point(b, layout.centres[a])))
    return out


def render_map(paper: Paper, fmt: str, ink_saver: bool, path, board: Bolotomus | None = None,
               tiles: tuple[int, int] | None = None) -> int:
    """An edition's map (`board`: load(EDITION); None: the default edition's) or a player's: one landscape page
    (A4 and Letter as drawn in its layout-EDITION.toml; A3 the big map), or the big map over cols x rows `tiles`.
    Returns the page count."""
    from companion.sheets.tiles import render_tiles, tiling

    board = load() if board is None else board
    doc = open_document(fmt)
    if tiles is not None:
        # no title line on the poster (each tile's label names the map): Letter's 2 x 1 needs that height
        base = map_layout(board.edition or DEFAULT_EDITION)
        t, turned = tiling(paper, *tiles, base.width, base.height)
        w, h = t.size
        area = (h, w) if turned else (w, h)
        layout, board = big_layout(board, area[0] - 2 * POSTER_EDGE, area[1] - 2 * POSTER_EDGE, 0.0)

        def poster(cv: Canvas) -> None:
            if not turned:
                return _map_in(cv, layout, board, ink_saver, *area)
            with cv.translated(w, 0) as at, at.rotated(90) as r:  # the map's top along the poster's right edge
                _map_in(r, layout, board, ink_saver, *area)

        render_tiles(doc, t, "bolotomus-map", poster, map_title(board), _holds(layout))
        return doc.save(Path(path))
    draw_map_page(doc, paper, ink_saver, board)
    return doc.save(Path(path))


def draw_map_page(doc: Document, paper: Paper, ink_saver: bool, board: Bolotomus | None = None) -> None:
    """The one-page map of `board` (None: the default edition's) onto `doc` (A4 and Letter as drawn in its
    layout-EDITION.toml, A3 the big map): a map file of its own, or a part of a booklet."""
    w, h = paper.size(landscape=True)
    board = load() if board is None else board
    if paper.key in ("a4", "letter"):
        layout = page_layout(board)
    else:
        layout, board = big_layout(board, w - 2 * PAGE_MARGIN, h - 2 * PAGE_MARGIN, TITLE_H)
    with doc.page(w, h, "bolotomus-map") as cv:
        _sheet(cv, layout, board, ink_saver, f"{paper.label}, landscape", w, h)


def big_layout(board: Bolotomus | None, w: float, h: float, title: float) -> tuple[MapLayout, Bolotomus]:
    """The big map's layout filling w x h mm less a title line, organs of BIG_SPOTS counters; and its board (None:
    the default edition's). An edition's layout is scaled; a player's map goes on the grid of the scaled area."""
    board = load() if board is None else board
    base = map_layout(board.edition or DEFAULT_EDITION)
    scaled = base.scaled(min(w / base.width, (h - title) / base.height), BIG_SPOTS)
    return (scaled if board.edition else auto_layout(board, scaled)), board


def map_title(board: Bolotomus) -> str:
    """The map's name, above the page's map or on every tile's label: its edition, or a player's map's file name."""
    return "The Bolotomus - " + (board.edition.replace("-", " ") if board.edition else board.name or "a player's map")


def too_small(layout: MapLayout) -> bool:
    """Its organs hold fewer counters than a busy organ has (PLAYING): an overview, not a map to play on."""
    cols, rows = layout.spots
    return cols * rows < PLAYING


SMALL = ("Too small to play on (a busy organ has 5-7 counters): play on the big map, 9 an organ: "
         "companion print map --tiles 2x1 (two sheets) or --paper a3")


def _holds(layout: MapLayout) -> str:
    """What an organ holds, so a player knows the printed places fit the counters."""
    cols, rows = layout.spots
    return f"organs hold {cols * rows} counters of {COUNTER:g} x {COUNTER:g} mm"


def _sheet(cv: Canvas, layout: MapLayout, board: Bolotomus, ink_saver: bool, paper: str, w: float, h: float) -> None:
    """Title, note and map, centred in w x h mm; a map whose organs hold too few counters to play on says so and
    names the big map."""
    ox, oy = (w - layout.width) / 2, (h - layout.height - TITLE_H) / 2
    cv.text(ox, oy + 6, map_title(board), 14, bold=True)
    note = f"{paper} - print at 100% (no scaling) - {_holds(layout)}"
    small = too_small(layout)
    cv.text(ox + layout.width, oy + (3.5 if small else 6), note, 6, "end", colour="#555555")
    if small:
        cv.text(ox + layout.width, oy + 7.5, SMALL, 6, "end", bold=True, colour=RED)
    with cv.translated(ox, oy + TITLE_H) as m:
        draw_map(m, layout, board, ink_saver)


def _map_in(cv: Canvas, layout: MapLayout, board: Bolotomus, ink_saver: bool, w: float, h: float) -> None:
    """The map alone, centred in w x h mm."""
    with cv.translated((w - layout.width) / 2, (h - layout.height) / 2) as m:
        draw_map(m, layout, board, ink_saver)


def draw_map(cv: Canvas, layout: MapLayout, board: Bolotomus, ink_saver: bool) -> None:
    """Passages first, then the organs over their ends, the entries from outside, and the key."""
    for kind, a, b in passage_ends(layout, board):
        draw_passage(cv, kind, a, b)
    for organ in board.organs:
        _organ(cv, layout, organ, ink_saver, board)
    _key(cv, layout, board, ink_saver)


def draw_passage(cv: Canvas, kind: str, a: Point, b: Point, label: bool = True) -> None:
    """A channel as two walls ("2"), a canal as one line ("1"), a red canal red and dashed ("no Snits")."""
    if kind == "channel":
        length = math.dist(a, b) or 1.0
        nx, ny = -(b[1] - a[1]) / length * CHANNEL_GAP, (b[0] - a[0]) / length * CHANNEL_GAP
        for s in (1, -1):
            cv.line(a[0] + s * nx, a[1] + s * ny, b[0] + s * nx, b[1] + s * ny, CHANNEL_WALL)
    else:
        cv.line(a[0], a[1], b[0], b[1], RED_CANAL if kind == "red" else CANAL)
    if label:
        _limit_tag(cv, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2, kind)


def _limit_tag(cv: Canvas, x: float, y: float, kind: str) -> None:
    """The passage's limit in a white tag at its middle: pieces per phase, or that Snits may not use it."""
    text = "no Snits" if kind == "red" else str(table()[kind])
    colour = RED if kind == "red" else "#000000"
    if kind == "red":
        cv.rect(x - 6, y - 2.2, 12, 4.4, Stroke(RED, 0.3), fill="#ffffff", radius=1.2)
        cv.text(x, y + 1.1, text, 5.5, "middle", bold=True, colour=colour)
    else:
        cv.circle(x, y, 2.1, Stroke(PASSAGE_INK, 0.3), fill="#ffffff")
        cv.text(x, y + 1.1, text, 7, "middle", bold=True, colour=colour)


def _organ(cv: Canvas, layout: MapLayout, organ: Organ, ink_saver: bool, board: Bolotomus) -> None:
    x, y, w, h = layout.box(organ.name)
    cv.rect(x, y, w, h, Stroke(width=0.7), fill=None if ink_saver else FLESH, radius=3)
    big = 1.25 if layout.spots[0] > 2 else 1.0  # the big map's names a size larger
    cv.text(x + w / 2, y + 3.6, organ.name, (6.5 if len(organ.name) < 15 else 5.8) * big, "middle", bold=True)
    cv.line(x + 1.5, y + 4.6, x + w - 1.5, y + 4.6, HAIRLINE)
    cols, rows = layout.spots
    spots = [(x + SIDE + c * COUNTER, y + BAND + r * COUNTER) for r in range(rows) for c in range(cols)]
    for sx, sy in spots:
        cv.rect(sx, sy, COUNTER, COUNTER, SPOT)
    if not organ.snorg:
        _printed_snorg(cv, *spots[0], organ.name)
    if organ.compositor:
        _badge(cv, x + w - 1, y + 1, "M")
    if organ.smasher:
        cv.circle(x + w - 1, y + 1, 2.6, Stroke(RED, 0.4), fill="#ffffff")
        symbols.star(cv, x + w - 1, y + 1, 2.1, RED)
    if organ.orifice:
        _entry(cv, organ, x + 5, y + h, smashers(board), w - 7.5)


def _badge(cv: Canvas, x: float, y: float, letter: str) -> None:
    cv.circle(x, y, 2.6, Stroke(width=0.4), fill="#ffffff")
    cv.text(x, y + 1.1, letter, 7, "middle", bold=True)


def _printed_snorg(cv: Canvas, x: float, y: float, organ: str) -> None:
    """The Lapotum's Snorg is printed on the map: it has no counter and can never be killed."""
    cv.rect(x + 0.5, y + 0.5, COUNTER - 1, COUNTER - 1, Stroke(width=0.5), fill="#ffffff", radius=1)
    cv.text(x + COUNTER / 2, y + 5, organ, 5.5, "middle", bold=True)
    cv.text(x + COUNTER / 2, y + 9, "Snorg", 6, "middle")
    cv.text(x + COUNTER / 2, y + 12.5, "(printed)", 4.5, "middle", colour="#555555")
    cv.text(x + COUNTER + 1.5, y + 5, "Makums", 5, colour="#555555")
    cv.text(x + COUNTER + 1.5, y + 8, "become", 5, colour="#555555")
    cv.text(x + COUNTER + 1.5, y + 11, "Runnungitms", 4.6, colour="#555555")


def smashers(board: Bolotomus) -> list[str]:
    """The map's own smashers' names (the Eye and the Prolobosinator on the edition's maps), for its words."""
    return [o.name for o in board.organs if o.smasher]


def _entry(cv: Canvas, organ: Organ, x: float, bottom: float, smashing: list[str], room: float) -> None:
    """An arrow from outside (under the Bolotomus) into an orifice, with how many Snits may enter a turn, and for
    a smash orifice the map's own smashers; each line in `room` mm (a long name's line set smaller)."""
    _arrow(cv, x, bottom + 13, bottom + 0.5)
    lines = ["entry from outside:", f"{organ.orifice} Snit{'s' if organ.orifice > 1 else ''} a turn"]
    if organ.smash:
        lines += [f"+ smash roll while the {smashing[0]}", f"or {smashing[1]} works"]
    for i, text in enumerate(lines):
        _fitted(cv, x + 2.5, bottom + 4.5 + i * 2.4, text, 5.2, room, bold=i < 2)


def _fitted(cv: Canvas, x: float, y: float, text: str, size: float, room: float, bold: bool = False) -> None:
    """A line at `size` points, smaller where that is wider than `room` mm (a player's map's long names)."""
    cv.text(x, y, text, min(size, size * room / width(text, size, bold)), bold=bold)


def _arrow(cv: Canvas, x: float, y_from: float, y_to: float) -> None:
    pen = Stroke(width=0.7)
    cv.line(x, y_from, x, y_to + 2.2, pen)
    cv.polyline([(x - 1.6, y_to + 2.6), (x, y_to), (x + 1.6, y_to + 2.6)], None, fill="#000000", closed=True)


def _key(cv: Canvas, layout: MapLayout, board: Bolotomus, ink_saver: bool) -> None:
    """The turn sequence, the passage kinds and the organ marks (the map's own smashers and smash orifice), in the
    space the layout leaves for them."""
    x, y, w, h = layout.key
    cv.rect(x, y, w, h, Stroke(width=0.4), fill=None if ink_saver else "#ffffff", radius=2)
    line = 2.55
    cv.text(x + 2, y + 3.6, "Game turn", 6.5, bold=True)
    rows = [("Snit turn", True)] + [(s, False) for s in SNIT_TURN] + [("Bolotomus turn", True)] + \
        [(s, False) for s in BOLOTOMUS_TURN]
    for i, (text, head) in enumerate(rows):
        cv.text(x + (2 if head else 4), y + 6.4 + i * line, text, 5.5, bold=head)
    kx = x + w / 2 + 4
    cv.text(kx, y + 3.6, "Passages (per movement phase) and marks", 6.5, bold=True)
    rules = table()
    samples = [("channel", f"channel: {rules['channel']} pieces"), ("canal", f"canal: {rules['canal']} piece"),
               ("red", "red canal: no Snits")]
    for i, (kind, text) in enumerate(samples):
        ly = y + 7 + i * 3.2
        draw_passage(cv, kind, (kx, ly), (kx + 10, ly), label=False)
        cv.text(kx + 12, ly + 1, text, 5.5)
    marks = y + 7 + 3 * 3.2
    _badge(cv, kx + 2.6, marks + 0.4, "M")
    cv.text(kx + 6.5, marks + 1.4, "Compositor: makes a Makum", 5.5)
    smashing = smashers(board)
    if not smashing:
        return
    cv.circle(kx + 2.6, marks + 6.2, 2.6, Stroke(RED, 0.4), fill="#ffffff")
    symbols.star(cv, kx + 2.6, marks + 6.2, 2.1, RED)
    room = x + w - 2 - (kx + 6.5)
    _fitted(cv, kx + 6.5, marks + 6.6, f"{', '.join(smashing)}: smash Snits", 5.5, room)
    smashed = [o.name for o in board.organs if o.smash]
    _fitted(cv, kx + 6.5, marks + 9.0, f"running into the {' or the '.join(smashed)}" if smashed else
            "(no orifice of this map is smashed at)", 5.5, room)
