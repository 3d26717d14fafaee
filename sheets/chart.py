"""A line chart of scores over games (the history's trend), drawn once on the millimetre canvas for PDF and SVG.

One A4 landscape page: the lines on the left with their axes, a legend on the right. Each line has its own colour
(Okabe-Ito, told apart by colour-blind eyes), dash pattern and marker, so a grey-scale print keeps them apart too.
"""
from __future__ import annotations

import math
from pathlib import Path

from companion.core.language import _, ngettext
from companion.sheets.canvas import HAIRLINE, Canvas, Stroke, write_png
from companion.sheets.documents import open_document
from companion.sheets.text import fit

PAGE_W, PAGE_H = 297.0, 210.0  # mm: A4 landscape
LEFT, TOP, RIGHT, BOTTOM = 22.0, 24.0, 215.0, 186.0  # the plot area, mm from the page's top-left corner
LEGEND_X, ROW = 224.0, 6.0
COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#000000", "#e69f00", "#56b4e9", "#7f6a00")
DASHES = ((), (2.4, 1.2), (0.7, 0.9), (3.0, 1.0, 0.7, 1.0))
MARKERS = ("circle", "square", "triangle", "diamond")
GRID = Stroke("#c8c8c8", 0.15)


PNG_DPI = 150


def style(i: int) -> tuple[str, tuple[float, ...], str]:
    """Line i's colour, dash and marker: every colour first, then each dash and marker moves on, so no two of the
    first len(COLOURS) x len(DASHES) x len(MARKERS) lines look alike (test_chart checks it)."""
    c = len(COLOURS)
    return COLOURS[i % c], DASHES[(i // c + i) % len(DASHES)], MARKERS[(i // (c * len(DASHES)) + i) % len(MARKERS)]


STYLES = len(COLOURS) * len(DASHES) * len(MARKERS)


def render(title: str, lines: list[tuple[str, list[int]]], fmt: str, path) -> int:
    """Write the chart of `lines` (label, values oldest first) to `path` as "pdf", "svg" or "png"; returns 1."""
    if fmt == "png":
        write_png(path, lambda pdf: render(title, lines, "pdf", pdf), PNG_DPI)
        return 1
    doc = open_document(fmt, single_file=True)
    with doc.page(PAGE_W, PAGE_H) as cv:
        draw_chart(cv, title, lines)
    return doc.save(Path(path))


def ticks(lo: int, hi: int, most: int = 8) -> list[int]:
    """Whole numbers from at or below `lo` to at or above `hi` (at least two), 1, 2 or 5 times a power of ten apart,
    at most `most` steps."""
    hi = max(hi, lo + 1)
    power = 10 ** max(0, math.floor(math.log10((hi - lo) / most)))
    step = next(k * power for k in (1, 2, 5, 10) if (hi - lo) / (k * power) <= most)
    return list(range(lo // step * step, -(-hi // step) * step + 1, step))


def draw_chart(cv: Canvas, title: str, lines: list[tuple[str, list[int]]]) -> None:
    """Axes with round ticks (games along the bottom, values up the side), each line with its markers, a legend."""
    values = [v for _label, vs in lines for v in vs]
    ys = ticks(min(0, *values), max(values))
    xs = [x for x in ticks(1, max(len(vs) for _label, vs in lines)) if x >= 1]
    x_hi = xs[-1]

    def at(game: int, value: float) -> tuple[float, float]:
        return (LEFT + (game - 1) / (x_hi - 1) * (RIGHT - LEFT),
                BOTTOM - (value - ys[0]) / (ys[-1] - ys[0]) * (BOTTOM - TOP))

    cv.text(LEFT, TOP - 10, title, fit(title, PAGE_W - 2 * LEFT, 14, bold=True), bold=True)
    for y in ys:
        _left, py = at(1, y)
        cv.line(LEFT, py, RIGHT, py, GRID)
        cv.text(LEFT - 2, py + 1.2, f"{y:g}", 8, "end")
    for x in xs:
        px, _bottom = at(x, ys[0])
        cv.line(px, BOTTOM, px, BOTTOM + 1.5, HAIRLINE)
        cv.text(px, BOTTOM + 5, f"{x:g}", 8, "middle")
    cv.line(LEFT, TOP, LEFT, BOTTOM, HAIRLINE)
    cv.line(LEFT, BOTTOM, RIGHT, BOTTOM, HAIRLINE)
    cv.text((LEFT + RIGHT) / 2, BOTTOM + 11, _("games, oldest first"), 8, "middle", colour="#555555")
    rows = int((BOTTOM - TOP) // ROW)
    shown = len(lines) if len(lines) <= rows else rows - 1  # the last row then says how many more there are
    for i, (label, vs) in enumerate(lines[:STYLES]):  # past that many, a line would look like another
        colour, dash, marker = style(i)
        pen = Stroke(colour, 0.5, dash)
        points = [at(n, v) for n, v in enumerate(vs, 1)]
        if len(points) > 1:
            cv.polyline(points, pen)
        for px, py in points:
            mark(cv, marker, px, py, colour)
        if i < shown:
            y = TOP + i * ROW
            cv.line(LEGEND_X, y, LEGEND_X + 10, y, pen)
            mark(cv, marker, LEGEND_X + 5, y, colour)
            cv.text(LEGEND_X + 13, y + 1.2, label, fit(label, PAGE_W - LEGEND_X - 18, 8))
    if shown < len(lines):
        more = len(lines) - shown
        cv.text(LEGEND_X, TOP + shown * ROW + 1.2, ngettext("and {n} more line", "and {n} more lines", more).format(
            n=more), 8, colour="#555555")


def mark(cv: Canvas, marker: str, x: float, y: float, colour: str, r: float = 1.1) -> None:
    """One data point's marker: a circle, square, triangle or diamond in the line's colour."""
    if marker == "circle":
        cv.circle(x, y, r, stroke=None, fill=colour)
    elif marker == "square":
        cv.rect(x - r, y - r, 2 * r, 2 * r, stroke=None, fill=colour)
    elif marker == "triangle":
        cv.polyline([(x, y - 1.3 * r), (x + 1.2 * r, y + r), (x - 1.2 * r, y + r)], stroke=None, fill=colour,
                    closed=True)
    else:
        cv.polyline([(x, y - 1.3 * r), (x + 1.3 * r, y), (x, y + 1.3 * r), (x - 1.3 * r, y)], stroke=None,
                    fill=colour, closed=True)
