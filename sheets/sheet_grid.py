"""The game sheet's 16 x 16 squares: terrain, immovable objects, shade, the falcon's line, printed apples, and the
A column and B row numbers on all four sides."""
from __future__ import annotations

from itertools import groupby

from companion.sheets import symbols
from companion.sheets.canvas import HAIRLINE, THICK, Canvas, Stroke
from companion.sheets.landscape import SIZE, LandscapeMap, Region, Terrain, terrains
from companion.sheets.sheet_layout import BAND, CELL, GRID_TOP, GRID_X, GRID_Y
from companion.sheets.terrain_art import draw_square

FALCON_CLEAR = 1.0  # mm a shade outline keeps inside its squares where the falcon's line runs on their edge
SHADE = Stroke("#d0202a", 0.55, dash=(0.05, 1.0), round_cap=True)
FALCON_LINE = Stroke("#5b2a86", 0.8, dash=(2.5, 1.2))
GRID_LINE = Stroke("#9a9a9a", 0.15)


def draw_grid(cv: Canvas, lmap: LandscapeMap, ink_saver: bool, number_size: float = 7) -> None:
    """The 16 x 16 squares with terrain, objects, shade, printed items, and numbers on all four sides (`number_size`
    points: a phone shows the sheet smaller than paper, and its numbers larger)."""
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
    _numbers(cv, number_size)


def _squares(cv: Canvas, kind: Terrain, n: int, ink_saver: bool, x: float) -> None:
    """`n` (a power of two) squares of one terrain in a row: one drawing of two halves, so a file holds each
    terrain square once and a row places a few runs instead of 16 squares."""
    def halves(run: Canvas) -> None:
        for i in (0, 1):
            _squares(run, kind, n // 2, ink_saver, i * n // 2 * CELL)

    name = square_id(kind, ink_saver) + (f"-x{n}" if n > 1 else "")
    draw = halves if n > 1 else lambda sq: draw_square(sq, 0, 0, CELL, kind, ink_saver)
    cv.stamp(name, n * CELL, CELL, draw, x)


def square_id(kind: Terrain, ink_saver: bool = False) -> str:
    """The id of one square of a terrain's drawing, defined once in an SVG file (a legend may place it again)."""
    return f"square-{kind.name}{'-inksaver' if ink_saver else ''}"


def _numbers(cv: Canvas, size: float) -> None:
    end = SIZE * CELL
    for y in (GRID_Y - 1.5, GRID_Y + end + 4.2):  # one side after another: alike texts share their style in SVG
        for i in range(SIZE):
            cv.text(GRID_X + (i + 0.5) * CELL, y, str(i + 1), size, "middle", bold=True)
    for x, anchor in ((GRID_X - 1.2, "end"), (GRID_X + end + 1.2, "start")):
        for i in range(SIZE):
            cv.text(x, GRID_Y + (i + 0.5) * CELL + 1.2 * size / 7, str(i + 1), size, anchor, bold=True)
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
    for (x1, y1), (x2, y2) in zip(line, line[1:], strict=False):
        steps = abs(x2 - x1) + abs(y2 - y1)
        dx, dy = (x2 - x1) // steps, (y2 - y1) // steps
        corners = [(round(GRID_X + (x1 + k * dx) * CELL, 6), round(GRID_Y + (y1 + k * dy) * CELL, 6))
                   for k in range(steps + 1)]
        edges |= {frozenset(pair) for pair in zip(corners, corners[1:], strict=False)}
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
