"""The Sssnake game sheet and pads of them: the static sheet is drawn once per document; each page adds its QR.

Everything the rulebook lists on a sheet (Game sheets): place name, ability-card setup, A columns and B rows,
player name, terrain (with a legend of what each allows), abilities gained, snake length and points scored.
The box is 196 mm wide, the width A4 leaves 7 mm from each side (the squares are as large as that width allows
beside the side column), and as tall as the paper leaves 7 mm from top and bottom: 265 mm on Letter, 283 mm on A4,
whose extra height spreads the track and the legend (larger circles to write in) instead of leaving it blank.
"""
from __future__ import annotations

from itertools import groupby
from pathlib import Path

from companion.sheets import symbols
from companion.sheets.canvas import HAIRLINE, THICK, THIN, Canvas, Document, Stroke
from companion.sheets.documents import open_document
from companion.sheets.landscape import OBJECTS, SIZE, LandscapeMap, Region, Terrain, landscape_map, terrains
from companion.sheets.layout import Paper
from companion.sheets.qr import best_mask, qr_matrix
from companion.sheets.terrain_art import draw_square
from companion.sheets.text import width, wrap
from companion.sssnake.edition import edition

MARGIN = 7.0  # mm from every edge of the page: what home printers leave unprinted
BOX_W, BOX_H = 196.0, 265.0  # mm: the printed area, 7 mm inside A4's sides and Letter's top and bottom; the least
#                              height (box_height gives a paper's own)
CELL = 9.8  # mm per square: as large as the box allows beside a side column that still holds the QR
BAND = 5.5  # mm for the column and row numbers on every side
GRID_TOP = 27.0
GRID_X, GRID_Y = BAND, GRID_TOP + BAND
SIDE_X = 2 * BAND + SIZE * CELL + 3  # the right-hand column: abilities, points, QR
SIDE_W = BOX_W - SIDE_X
POINTS_Y = 88.0
QR_SIZE = 22.0
QR_Y = 153.0
GRID_END = GRID_Y + SIZE * CELL  # the grid's lower edge: the track and the legend share the box below it
TRACK_Y = GRID_END + 9.5  # the snake-length track's heading, under the column numbers (in the least box)
TRACK_ROWS = 10.0  # mm between the track's two rows of circles
LEGEND_Y = TRACK_Y + 26
LEGEND_ROW = 6.6
FOOT = 2.5  # mm the last line of the legend ends above the box's foot
FALCON_CLEAR = 1.0  # mm a shade outline keeps inside its squares where the falcon's line runs on their edge
GREEN, RED = "#23803a", "#c0392b"
SHADE = Stroke("#d0202a", 0.55, dash=(0.05, 1.0), round_cap=True)
FALCON_LINE = Stroke("#5b2a86", 0.8, dash=(2.5, 1.2))
GRID_LINE = Stroke("#9a9a9a", 0.15)


def box_height(paper: Paper) -> float:
    """The drawing's height on this paper: the page's less the margins, whole millimetres, at least BOX_H."""
    return max(BOX_H, float(int(paper.size()[1] - 2 * MARGIN)))


class Lower:
    """The part under the grid: the track, then a legend of `rows` rows of terrain, stretched by `stretch` so its
    last line ends FOOT above the foot of a box `box_h` tall (the least box and three rows: as drawn before, near
    enough); the track's circles as large as the stretch and their pitch allow."""

    def __init__(self, box_h: float = BOX_H, rows: int = 3):
        drawn = 9.5 + 26 + 2 + rows * LEGEND_ROW + 0.6 + 8.6 + 4.4  # mm from the grid's edge to the last baseline
        self.stretch = f = (box_h - FOOT - GRID_END) / drawn
        self.track_y = GRID_END + 9.5 * f
        self.track_rows = TRACK_ROWS * f
        self.first_row = 6.5 * f  # the first row of circles under the heading
        self.legend_y = self.track_y + 26 * f
        self.legend_row = LEGEND_ROW * f
        self.swatch = 6 * min(f, 1.2)
        self.feature_gap = 8.6 * f
        pitch = BOX_W / ((edition().track_max + 1) // 2)
        self.radius = min(pitch * 0.38 * f, pitch * 0.42)  # a golden double circle drawn on it clears the next


def sheet_code(slug: str, serial: str, page: int) -> str:
    """What a sheet's QR says, in the QR alphanumeric charset: edition, landscape, pad serial, page."""
    return f"SSSNAKE:{edition().name.upper()}:{slug.upper()}:{serial}:{page}"


def render_pad(slugs: list[str], copies: int, paper: Paper, fmt: str, ink_saver: bool, serial: str, path) -> int:
    """`copies` sheets of each landscape in one PDF (or a folder of SVGs); returns the page count."""
    doc = open_document(fmt)
    draw_pad(doc, slugs, copies, paper, ink_saver, serial)
    return doc.save(Path(path))


def draw_pad(doc: Document, slugs: list[str], copies: int, paper: Paper, ink_saver: bool, serial: str) -> None:
    """The pad's pages onto `doc`: a pad file of its own, or a part of a booklet."""
    w, h = paper.size()
    box_h = box_height(paper)
    ox, oy = (w - BOX_W) / 2, (h - box_h) / 2
    total = copies * len(slugs)
    mask = best_mask(sheet_code(slugs[0], serial, 1))
    page = 0
    for slug in slugs:
        lmap = landscape_map(slug)
        name = f"sheet-{slug}{'-inksaver' if ink_saver else ''}"
        for _ in range(copies):
            page += 1
            with doc.page(w, h, f"{page:03d}-{slug}") as cv:
                cv.stamp(name, BOX_W, box_h, lambda c, lmap=lmap: draw_static(c, lmap, ink_saver, box_h), ox, oy)
                with cv.translated(ox, oy) as box:
                    draw_page_part(box, slug, serial, page, total, mask)


def draw_page_part(cv: Canvas, slug: str, serial: str, page: int, total: int, mask: int) -> None:
    """What differs from page to page: the QR naming this sheet and its number."""
    x = SIDE_X + (SIDE_W - QR_SIZE) / 2
    cv.qr(x, QR_Y, QR_SIZE, qr_matrix(sheet_code(slug, serial, page), mask))
    cv.text(SIDE_X + SIDE_W / 2, QR_Y + QR_SIZE + 3, f"pad {serial}", 5.5, "middle")
    cv.text(SIDE_X + SIDE_W / 2, QR_Y + QR_SIZE + 5.6, f"sheet {page} of {total}", 5.5, "middle")


def lower(lmap: LandscapeMap, box_h: float = BOX_H) -> Lower:
    """This landscape's part under the grid in a box `box_h` tall (its legend has a row per two terrains)."""
    return Lower(box_h, -(-len(shown_terrains(lmap)) // 2))


def shown_terrains(lmap: LandscapeMap) -> list[Terrain]:
    """The terrains the legend explains: those on this landscape, in terrains.toml's order."""
    present = {name for row in lmap.terrain for name in row}
    return [k for k in terrains().values() if k.name in present]


def draw_static(cv: Canvas, lmap: LandscapeMap, ink_saver: bool, box_h: float = BOX_H) -> None:
    """The whole sheet except the page's own QR code and number, in a box `box_h` tall."""
    low = lower(lmap, box_h)
    _header(cv, lmap, ink_saver)
    _grid(cv, lmap, ink_saver)
    _abilities_gained(cv)
    _points(cv, ink_saver)
    cv.text(SIDE_X + SIDE_W / 2, QR_Y + QR_SIZE + 9, "Print at 100%", 6, "middle", bold=True)
    cv.text(SIDE_X + SIDE_W / 2, QR_Y + QR_SIZE + 11.6, "(no scaling)", 6, "middle", bold=True)
    _track(cv, ink_saver, low)
    _legend(cv, lmap, ink_saver, low)


def _header(cv: Canvas, lmap: LandscapeMap, ink_saver: bool) -> None:
    meta = lmap.meta
    cv.text(0, 9, meta.name, 24, bold=True)
    if meta.paw_length:
        x = width(meta.name, 24, bold=True) + 8
        symbols.paw(cv, x, 5.5, 3.6)
        cv.text(x + 4.5, 8.5, str(meta.paw_length), 14, bold=True)
    for i, line in enumerate(wrap(meta.flavour, 95, 7.5)):  # slack for viewers without Helvetica
        cv.text(0, 15 + i * 3.4, line, 7.5, colour="#444444")
    cv.text(112, 7, "Player", 8, bold=True)
    cv.line(124, 7.5, BOX_W, 7.5, THIN)
    cv.text(112, 15, "Ability cards:", 8, bold=True)
    x = 135.0
    for label, numbers, colour in (("use", meta.green, GREEN), ("remove", meta.red, RED)):
        cv.text(x, 15, label, 7)
        x += 4.5 + width(label, 7)
        for n in numbers:
            cv.circle(x, 13.9, 2.7, Stroke(colour, 0.5), fill=None if ink_saver else "#ffffff")
            cv.text(x, 15.1, str(n), 7.5, "middle", bold=True, colour=colour)
            x += 6.4
        x += 1
    cv.text(112, 20.5, "Add random (?) cards up to 8; two rows of four, last of each row face-down.", 5.6,
            colour="#444444")


def _grid(cv: Canvas, lmap: LandscapeMap, ink_saver: bool) -> None:
    """The 16 x 16 squares with terrain, objects, shade, printed items, and numbers on all four sides."""
    kinds = terrains()
    for r in range(SIZE):
        with cv.translated(GRID_X, GRID_Y + r * CELL) as row:  # a row's squares differ only in x: smaller SVG
            c = 0
            for name, run in groupby(lmap.terrain[r]):
                left = len(list(run))
                while left:
                    n = 1 << (left.bit_length() - 1)  # 11 squares alike: runs of 8, 2 and 1
                    _squares(row, kinds[name], n, ink_saver, c * CELL)
                    c, left = c + n, left - n
    end = SIZE * CELL
    for i in range(SIZE + 1):
        cv.line(GRID_X + i * CELL, GRID_Y, GRID_X + i * CELL, GRID_Y + end, GRID_LINE)
        cv.line(GRID_X, GRID_Y + i * CELL, GRID_X + end, GRID_Y + i * CELL, GRID_LINE)
    for region in lmap.objects:
        _object(cv, region, ink_saver)
    falcon = _falcon_edges(lmap.falcon_line)
    for region in lmap.shade:
        _outline(cv, region, SHADE, falcon)
    if lmap.falcon_line:
        pts = [(GRID_X + x * CELL, GRID_Y + y * CELL) for x, y in lmap.falcon_line]
        cv.polyline(pts, FALCON_LINE)
        symbols.falcon(cv, pts[-1][0] - 6, pts[-1][1] - 3.2, 3.2, FALCON_LINE.colour)
    for kind, squares in (("golden", lmap.meta.golden_apples), ("fresh", lmap.fresh_apples),
                          ("rotten", lmap.rotten_apples)):
        for c, r in squares:
            symbols.apple(cv, GRID_X + (c - 0.5) * CELL, GRID_Y + (r - 0.4) * CELL, CELL * 0.24, kind, ink_saver)
    cv.rect(GRID_X, GRID_Y, end, end, Stroke(width=0.5))
    _numbers(cv)


def _squares(cv: Canvas, kind: Terrain, n: int, ink_saver: bool, x: float) -> None:
    """`n` (a power of two) squares of one terrain in a row: one drawing of two halves, so a file holds each
    terrain square once and a row places a few runs instead of 16 squares."""
    def halves(run: Canvas) -> None:
        for i in (0, 1):
            _squares(run, kind, n // 2, ink_saver, i * n // 2 * CELL)

    name = f"square-{kind.name}{'-inksaver' if ink_saver else ''}{f'-x{n}' if n > 1 else ''}"
    draw = halves if n > 1 else lambda sq: draw_square(sq, 0, 0, CELL, kind, ink_saver)
    cv.stamp(name, n * CELL, CELL, draw, x)


def _numbers(cv: Canvas) -> None:
    end = SIZE * CELL
    for y in (GRID_Y - 1.5, GRID_Y + end + 4.2):  # one side after another: alike texts share their style in SVG
        for i in range(SIZE):
            cv.text(GRID_X + (i + 0.5) * CELL, y, str(i + 1), 7, "middle", bold=True)
    for x, anchor in ((GRID_X - 1.2, "end"), (GRID_X + end + 1.2, "start")):
        for i in range(SIZE):
            cv.text(x, GRID_Y + (i + 0.5) * CELL + 1.2, str(i + 1), 7, anchor, bold=True)
    for x, y in ((0, GRID_TOP), (GRID_X + end, GRID_Y + end)):
        cv.line(x, y, x + BAND, y + BAND, HAIRLINE)
        cv.text(x + BAND - 0.6, y + 2.4, "A", 6, "end", bold=True)
        cv.text(x + 0.6, y + BAND - 0.5, "B", 6, bold=True)


def _edges(region: Region) -> list[tuple[float, float, float, float]]:
    """The outline of a region: every square side that does not face another square of it."""
    out = []
    for c, r in region.squares:
        x, y = GRID_X + (c - 1) * CELL, GRID_Y + (r - 1) * CELL
        if (c, r - 1) not in region.squares:
            out.append((x, y, x + CELL, y))
        if (c, r + 1) not in region.squares:
            out.append((x, y + CELL, x + CELL, y + CELL))
        if (c - 1, r) not in region.squares:
            out.append((x, y, x, y + CELL))
        if (c + 1, r) not in region.squares:
            out.append((x + CELL, y, x + CELL, y + CELL))
    return [tuple(round(v, 6) for v in edge) for edge in out]  # a corner shared by two edges is one point


def _falcon_edges(line) -> set[frozenset]:
    """The square edges the falcon's line runs along, each as the set of its two end points in mm."""
    edges = set()
    for (x1, y1), (x2, y2) in zip(line, line[1:]):
        steps = abs(x2 - x1) + abs(y2 - y1)
        dx, dy = (x2 - x1) // steps, (y2 - y1) // steps
        corners = [(round(GRID_X + (x1 + k * dx) * CELL, 6), round(GRID_Y + (y1 + k * dy) * CELL, 6))
                   for k in range(steps + 1)]
        edges |= {frozenset(pair) for pair in zip(corners, corners[1:])}
    return edges


def _outline(cv: Canvas, region: Region, pen: Stroke, falcon: set[frozenset] = frozenset()) -> None:
    """A region's outline; where an edge is also the falcon's line, the outline runs FALCON_CLEAR inside the
    region (its neighbours' ends moved alike), so the two dashed lines never lie on one another."""
    edges = _edges(region)
    inward = {}  # a moved edge's shift, by its end points
    for x1, y1, x2, y2 in edges:
        if frozenset(((x1, y1), (x2, y2))) in falcon:
            nx, ny = (0.0, 1.0) if y1 == y2 else (1.0, 0.0)  # towards the square right of or below the edge
            col = round((min(x1, x2) - GRID_X) / CELL) + 1
            row = round((min(y1, y2) - GRID_Y) / CELL) + 1
            sign = 1 if (col, row) in region.squares else -1
            inward[(x1, y1, x2, y2)] = (sign * nx * FALCON_CLEAR, sign * ny * FALCON_CLEAR)
    for x1, y1, x2, y2 in edges:
        ends = []
        for px, py in ((x1, y1), (x2, y2)):
            for (a, b, c, d), (sx, sy) in inward.items():
                if (px, py) in ((a, b), (c, d)) and ((a, b, c, d) == (x1, y1, x2, y2) or (sx != 0) != (x1 == x2)):
                    px, py = px + sx, py + sy
            ends.append((px, py))
        cv.line(*ends[0], *ends[1], pen)


def _object(cv: Canvas, region: Region, ink_saver: bool) -> None:
    """An immovable object: a pale square block outlined with a thick line, its picture in the middle."""
    cols = [c for c, _ in region.squares]
    rows = [r for _, r in region.squares]
    x, y = GRID_X + (min(cols) - 1) * CELL, GRID_Y + (min(rows) - 1) * CELL
    w, h = (max(cols) - min(cols) + 1) * CELL, (max(rows) - min(rows) + 1) * CELL
    for c, r in region.squares:
        cv.rect(GRID_X + (c - 1) * CELL, GRID_Y + (r - 1) * CELL, CELL, CELL, stroke=None,
                fill="#ffffff" if ink_saver else "#f4f4f0")
    size = min(w, h) * 0.42
    if region.kind == "H":
        for c, r in region.squares:
            symbols.quay(cv, GRID_X + (c - 1) * CELL, GRID_Y + (r - 1) * CELL, CELL, CELL, ink_saver)
    else:
        draw = {"T": symbols.tree, "F": symbols.fox, "S": symbols.ship}[region.kind]
        draw(cv, x + w / 2, y + h / 2, size, ink_saver)
    _outline(cv, region, Stroke(width=THICK.width, round_cap=True))


def _abilities_gained(cv: Canvas) -> None:
    y = GRID_TOP + 3
    cv.text(SIDE_X, y, "Abilities gained", 8, bold=True)
    lengths = edition().ability_thresholds
    for i, length in enumerate(lengths):
        top = y + 2 + i * 9
        cv.rect(SIDE_X, top, SIDE_W, 7.5, THIN, radius=1)
        cv.text(SIDE_X + 1, top + 2.6, f"at {length}", 5)
    top = y + 2 + len(lengths) * 9
    cv.text(SIDE_X, top + 2.5, "more:", 6)
    for k in range(2):
        cv.line(SIDE_X, top + 7 + k * 6, SIDE_X + SIDE_W, top + 7 + k * 6, Stroke("#777777", 0.2))


def _points(cv: Canvas, ink_saver: bool) -> None:
    """The points box A-E with the eliminated multiplier and the dark one for two players (Scoring points)."""
    ed = edition()
    y = POINTS_Y
    cv.text(SIDE_X, y, "Points", 8, bold=True)
    rows = (("A", "snake length"), ("B", "out before you"), ("C", "+ golden apples"),
            ("D", "- rotten apples"), ("E", "total"))
    for i, (letter, label) in enumerate(rows):
        top = y + 2 + i * 9.5
        cv.rect(SIDE_X, top, 4.5, 7.5, THIN, fill=None if ink_saver else "#f2f2f2")
        cv.text(SIDE_X + 2.25, top + 5.2, letter, 8, "middle", bold=True)
        cv.rect(SIDE_X + SIDE_W - 7.5, top, 7.5, 7.5, Stroke(width=0.4 if letter == "E" else 0.25))
        cv.text(SIDE_X + 5.3, top + 3, label, 4.8)
        if letter == "B":
            cv.text(SIDE_X + 5.3, top + 6.6, f"x{ed.eliminated_multiplier}", 6.5, bold=True)
            chip = SIDE_X + 10.5
            cv.rect(chip, top + 4.1, 5.8, 3.3, stroke=Stroke(width=0.3), fill="#333333" if not ink_saver else None)
            if ink_saver:  # a hatched frame, the x4 on white inside it: dark, and still readable
                cv.hatch(chip, top + 4.1, 5.8, 3.3, 45, 0.6, HAIRLINE)
                cv.rect(chip + 0.8, top + 4.6, 4.2, 2.3, stroke=None, fill="#ffffff")
            cv.text(chip + 2.9, top + 6.6, f"x{ed.dark_multiplier}", 6.5, "middle", bold=True,
                    colour="#ffffff" if not ink_saver else "#000000")
    cv.text(SIDE_X, y + 2 + 5 * 9.5 + 1.5, f"dark x{ed.dark_multiplier}: two players", 5)


def _track(cv: Canvas, ink_saver: bool, low: Lower) -> None:
    """The snake-length track 1..track_max; 1 to the starting length are the snake you begin with."""
    ed = edition()
    y = low.track_y
    cv.text(0, y, "Snake length", 8, bold=True)
    cv.text(25, y, "fresh apple: circle - rotten: circle coloured in - golden: double circle", 6, colour="#444444")
    star_x = BOX_W - 38
    symbols.star(cv, star_x, y - 1.1, 1.6)
    cv.text(star_x + 2.5, y, "new ability at this length", 6, colour="#444444")
    for n in range(1, ed.track_max + 1):
        cx, cy = track_centre(n, low)
        start = n <= ed.start_length
        cv.circle(cx, cy, low.radius, Stroke("#8a8a8a", 0.2, dash=() if start else (0.6, 0.5)),
                  fill="#e9f2e0" if start and not ink_saver else None)
        cv.text(cx, cy + 1.1, str(n), 8, "middle", bold=start)
        if n in ed.ability_thresholds:
            symbols.star(cv, cx + low.radius, cy - low.radius * 0.3 / 0.38, 1.3)
    cv.text(0, y + low.first_row + low.track_rows + low.radius + 2.5, f"1-{ed.start_length}: the snake you start "
            f"with. Past {ed.track_max}, start again at 1 and circle the numbers an extra time.", 5.5, colour="#444444")


def track_centre(n: int, low: Lower) -> tuple[float, float]:
    """The centre of number n's circle on the length track, in two rows of half the numbers each."""
    per_row = (edition().track_max + 1) // 2
    row, col = divmod(n - 1, per_row)
    return (col + 0.5) * BOX_W / per_row, low.track_y + low.first_row + row * low.track_rows


def _objects_named(lmap: LandscapeMap) -> str:
    """The sheet's own immovable objects, as the legend names them: "ship, harbour quay, trees"."""
    kinds = [r.kind for r in lmap.objects]
    return ", ".join(OBJECTS[k] + ("s" if kinds.count(k) > 1 else "") for k in OBJECTS if k in kinds)


def _legend(cv: Canvas, lmap: LandscapeMap, ink_saver: bool, low: Lower) -> None:
    """What each terrain allows (Terrain Types Overview), then objects, shade and this sheet's feature."""
    y0, sw = low.legend_y, low.swatch
    cv.text(0, y0, "Terrain", 8, bold=True)
    cv.text(14, y0, "move / end your move there", 6, colour="#444444")
    paw = lmap.meta.paw_length
    col_w = BOX_W / 2
    shown = shown_terrains(lmap)
    rows = -(-len(shown) // 2)
    for i, kind in enumerate(shown):
        col, row = divmod(i, rows)
        x, y = col * col_w, y0 + 2 + row * low.legend_row
        draw_square(cv, x, y, sw, kind, ink_saver)
        cv.rect(x, y, sw, sw, HAIRLINE)
        cv.text(x + sw + 2, y + sw - 1.8, kind.name, 7.5, bold=True)
        if kind.move == "paw":
            allows = f"length {paw}+ only" if paw else "only with the paw length"
        else:
            allows = f"move {kind.move} / end {kind.end}"
        note = f" - {kind.note}" if kind.note and kind.move != "paw" else ""
        cv.text(x + sw + 21, y + sw - 1.8, allows + note, 6)
    y = y0 + 2 + rows * low.legend_row + 0.6
    cv.rect(0, y, sw, sw, Stroke(width=THICK.width))
    cv.text(sw + 2, y + sw - 1.8, f"immovable objects ({_objects_named(lmap)}): no entry", 6)
    cv.rect(col_w, y, sw, sw, SHADE)
    cv.text(col_w + sw + 2, y + sw - 1.8, "shade: no effect unless an ability or challenge says", 6)
    _feature(cv, lmap, 0, y + low.feature_gap, ink_saver)


def _feature(cv: Canvas, lmap: LandscapeMap, x: float, y: float, ink_saver: bool) -> None:
    """The sheet's own challenge, in a line (Game sheets)."""
    meta = lmap.meta
    if meta.feature == "falcon":
        cv.line(x, y + 3, x + 6, y + 3, FALCON_LINE)
        text = (f"Falcon: a snake that crosses the falcon's line of shadow {meta.extra['falcon_crossings']} "
                "times in one turn is eliminated at once.")
    elif meta.feature == "golden-apples":
        symbols.apple(cv, x + 3, y + 3.5, 2.2, "golden", ink_saver)
        text = ("Golden apples: the snake that eats one grows by 1 and scores +1 at the end; "
                "everyone else crosses it out.")
    elif meta.feature == "fox":
        symbols.paw(cv, x + 3, y + 3, 2.6)
        text = (f"Fox: move on foliage only at snake length {meta.paw_length} or more, else you are out. "
                "Caves on foliage move on to grassland.")
    else:
        draw_square(cv, x, y, 6, terrains()["water"], ink_saver)
        text = "The river: a first game's sheet, no extra challenge. Water is crossed, not ended on."
    cv.text(x + 8, y + 4.4, text, 6.5, bold=True)
