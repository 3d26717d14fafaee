"""A drawing bigger than the paper, printed over cols x rows sheets (tiles) that glue into one poster.

The drawing is defined once in the document; each tile places it clipped to the tile's window. Neighbouring
windows share an OVERLAP mm strip. The tile to the right or below goes on top: its margin on that side is cut
off along the marks and its edge laid on the same marks of the tile underneath, whose hatched margin there is
glued under it. Marks and registration targets sit in the margins on the extension of each overlap's edges.
"""
from __future__ import annotations

from dataclasses import dataclass

from companion.core.language import _
from companion.sheets.canvas import Canvas, Document, Draw, Point, Stroke
from companion.sheets.layout import MIN_MARGIN, Paper
from companion.sheets.text import width

OVERLAP = 10.0  # mm of the drawing printed on both tiles of a seam
MARGIN = 10.0   # mm round each tile's window: marks, the label, the glue margin
GAP = 1.0       # mm between the window and a mark
MARK = 3.0      # mm, the length of a mark
TARGET = 1.2    # mm, the radius of a registration target
TILES = {"2x1": (2, 1), "1x2": (1, 2), "2x2": (2, 2)}  # --tiles: columns x rows
MARK_PEN = Stroke(width=0.2)
GLUE_PEN = Stroke("#b5b5b5", 0.25)
NOTE = "#555555"


@dataclass(frozen=True)
class Tiling:
    """cols x rows tiles of page_w x page_h mm; a tile's window is the page less MARGIN on every side."""

    cols: int
    rows: int
    page_w: float
    page_h: float

    @property
    def window(self) -> tuple[float, float]:
        return self.page_w - 2 * MARGIN, self.page_h - 2 * MARGIN

    @property
    def size(self) -> tuple[float, float]:
        """The glued poster's drawing, in mm: the windows less the overlaps."""
        ww, wh = self.window
        return self.cols * ww - (self.cols - 1) * OVERLAP, self.rows * wh - (self.rows - 1) * OVERLAP

    def origin(self, row: int, col: int) -> Point:
        """The point of the drawing shown at the tile's window's top-left corner."""
        ww, wh = self.window
        return col * (ww - OVERLAP), row * (wh - OVERLAP)

    def overlaps(self, row: int, col: int) -> list[tuple[str, float, float]]:
        """The strips shared with neighbours, on the page: ("x", a, b) between x = a and b (a seam to the left or
        right), ("y", a, b) between y = a and b (above or below)."""
        ww, wh = self.window
        out = []
        if col > 0:
            out.append(("x", MARGIN, MARGIN + OVERLAP))
        if col < self.cols - 1:
            out.append(("x", MARGIN + ww - OVERLAP, MARGIN + ww))
        if row > 0:
            out.append(("y", MARGIN, MARGIN + OVERLAP))
        if row < self.rows - 1:
            out.append(("y", MARGIN + wh - OVERLAP, MARGIN + wh))
        return out

    def marks(self, row: int, col: int) -> list[tuple[float, float, float, float]]:
        """Short lines on the extension of each overlap edge, in the margins at both ends of the seam."""
        ww, wh = self.window
        out = []
        for axis, a, b in self.overlaps(row, col):
            end = MARGIN + (wh if axis == "x" else ww)
            for v in (a, b):
                for lo in (MARGIN - GAP - MARK, end + GAP):
                    out.append((v, lo, v, lo + MARK) if axis == "x" else (lo, v, lo + MARK, v))
        return out

    def targets(self, row: int, col: int) -> list[Point]:
        """Registration targets on each overlap's middle line, between its marks."""
        ww, wh = self.window
        out = []
        for axis, a, b in self.overlaps(row, col):
            end = MARGIN + (wh if axis == "x" else ww)
            for c in (MARGIN - GAP - MARK / 2, end + GAP + MARK / 2):
                out.append(((a + b) / 2, c) if axis == "x" else (c, (a + b) / 2))
        return out


def tiling(paper: Paper, cols: int, rows: int, w: float, h: float) -> tuple[Tiling, bool]:
    """The tile orientation, and whether to turn the drawing a quarter, that print a w x h drawing biggest
    (unturned on a tie)."""
    best: tuple[float, Tiling, bool] | None = None
    for turned in (False, True):
        dw, dh = (h, w) if turned else (w, h)
        for landscape in (False, True):
            t = Tiling(cols, rows, *paper.size(landscape))
            pw, ph = t.size
            scale = min(pw / dw, ph / dh)
            if best is None or scale > best[0] + 1e-9:
                best = (scale, t, turned)
    return best[1], best[2]


def render_tiles(doc: Document, t: Tiling, name: str, draw: Draw, title: str, note: str) -> None:
    """One page a tile, row by row: the drawing (t.size, defined once) clipped to the window, marks, label."""
    doc.define(name, *t.size, draw)
    ww, wh = t.window
    for row in range(t.rows):
        for col in range(t.cols):
            with doc.page(t.page_w, t.page_h, f"{name}-r{row + 1}c{col + 1}") as cv:
                x0, y0 = t.origin(row, col)
                with cv.clipped(MARGIN, MARGIN, ww, wh) as clip:
                    clip.place(name, MARGIN - x0, MARGIN - y0)
                _margins(cv, t, row, col)
                for x1, y1, x2, y2 in t.marks(row, col):
                    cv.line(x1, y1, x2, y2, MARK_PEN)
                for x, y in t.targets(row, col):
                    cv.circle(x, y, TARGET, MARK_PEN)
                    cv.line(x - TARGET - 0.8, y, x + TARGET + 0.8, y, MARK_PEN)
                    cv.line(x, y - TARGET - 0.8, x, y + TARGET + 0.8, MARK_PEN)
                _label(cv, t, row, col, title, note)


def _label(cv: Canvas, t: Tiling, row: int, col: int, title: str, note: str) -> None:
    """Which tile this is and what to do with it above the marks; how to print it at the foot."""
    steps = []
    cut = {(True, True): _("cut off the left and top margins along the marks"),
           (True, False): _("cut off the left margin along the marks"),
           (False, True): _("cut off the top margin along the marks")}.get((col > 0, row > 0))
    if cut:
        steps.append(cut)
    if col < t.cols - 1 or row < t.rows - 1:
        steps.append(_("glue under the next tile's edge"))
    text = _("{title} - tile row {row}, column {col} of {cols} x {rows}: ").format(
        title=title, row=row + 1, col=col + 1, cols=t.cols, rows=t.rows) + "; ".join(steps)
    cv.text(MARGIN, MARGIN - GAP - MARK - 1.2, text, 6.5, bold=True)
    foot = _("print at 100% (no scaling) - overlap {overlap:g} mm - {note}").format(overlap=OVERLAP, note=note)
    _side_note(cv, t.page_w - MARGIN - width(foot, 5.5) / 2, t.page_h - MIN_MARGIN - 1.2, 0, foot, 5.5, False)


def _margins(cv: Canvas, t: Tiling, row: int, col: int) -> None:
    """The glue margins (right and bottom, under the next tiles) hatched; the margins to cut off (left, top) named."""
    ww, wh = t.window
    right, bottom = MARGIN + ww, MARGIN + wh
    inner = (MIN_MARGIN, t.page_h - MIN_MARGIN)
    if col < t.cols - 1:
        cv.hatch(right + GAP, inner[0], t.page_w - MIN_MARGIN - right - GAP, inner[1] - inner[0], 45, 2.5, GLUE_PEN)
        _side_note(cv, (right + t.page_w - MIN_MARGIN) / 2 + 1, t.page_h / 2, 90, glue_here(row + 1, col + 2))
    if row < t.rows - 1:
        cv.hatch(MIN_MARGIN, bottom + GAP, t.page_w - 2 * MIN_MARGIN, t.page_h - MIN_MARGIN - bottom - GAP, 45, 2.5,
                 GLUE_PEN)
        _side_note(cv, t.page_w * 0.3, (bottom + t.page_h - MIN_MARGIN) / 2 + 1, 0,  # left of the foot note
                   glue_here(row + 2, col + 1))
    if col > 0:
        _side_note(cv, MARGIN / 2 + 1, t.page_h / 2, -90, _("cut off this margin along the marks"))


def glue_here(row: int, col: int) -> str:
    """The glue margin's note: which tile's edge goes on it."""
    return _("glue here, under the edge of tile row {row}, column {col}").format(row=row, col=col)


def _side_note(cv: Canvas, x: float, y: float, degrees: float, text: str, size: float = 6.5,
               bold: bool = True) -> None:
    """A line of text centred on (x, y), turned to run along a side margin, on white over the hatching."""
    w = width(text, size, bold) + 2
    with cv.translated(x, y) as at, at.rotated(degrees) as r:
        r.rect(-w / 2, -size * 0.42, w, size * 0.55, None, fill="#ffffff")
        r.text(0, 0, text, size, "middle", bold=bold, colour=NOTE)
