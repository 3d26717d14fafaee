"""Print-then-cut: a cutting machine's registration marks on the card pages, the card grid kept clear of them, and
the SVG cut file of the cards' trim lines that the machine's software cuts along.

Silhouette (CAMEO, Portrait, Curio; Silhouette Studio's registration marks "Type 1"): a filled square in the top left
corner and an L in the top right and bottom left corners, each at the inset from the paper's edges; the machine's
optical sensor finds the three and lines the cut up with the print. Figures and sources in SILHOUETTE.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from companion.core.files import write_atomically
from companion.core.language import N_, _
from companion.sheets.canvas import Canvas, Stroke
from companion.sheets.layout import CROP_GAP, CardGrid, CardSize, LayoutError, Paper, card_grid

CLEAR = 1.0  # mm kept free round each mark's corner square, beyond the mark itself (our choice)


@dataclass(frozen=True)
class Cutter:
    """A cutting machine's registration marks, in mm: how far in from the paper's edges, the filled square's side,
    the L marks' arm length and line width, and where the figures come from."""

    key: str
    name: str  # marked N_: shown through _()
    inset: float
    square: float
    arm: float
    line: float
    source: str

    def frame(self, w: float, h: float) -> tuple[float, float, float, float]:
        """The marks' outer corners: x0, y0, x1, y1; the machine cuts only inside."""
        return self.inset, self.inset, w - self.inset, h - self.inset

    def zones(self, w: float, h: float) -> list[tuple[float, float, float, float]]:
        """The corner squares (arm x arm, grown by CLEAR) the sensor reads: nothing else may be printed there."""
        x0, y0, x1, y1 = self.frame(w, h)
        a, c = self.arm, CLEAR
        return [(x0 - c, y0 - c, x0 + a + c, y0 + a + c), (x1 - a - c, y0 - c, x1 + c, y0 + a + c),
                (x0 - c, y1 - a - c, x0 + a + c, y1 + c)]

    def draw(self, cv: Canvas, w: float, h: float) -> None:
        """The square at the top left, the L marks at the top right and bottom left, lines centred on the frame."""
        x0, y0, x1, y1 = self.frame(w, h)
        cv.rect(x0, y0, self.square, self.square, stroke=None, fill="#000000")
        pen = Stroke(width=self.line)
        cv.polyline([(x1 - self.arm, y0), (x1, y0), (x1, y0 + self.arm)], pen)
        cv.polyline([(x0, y1 - self.arm), (x0, y1), (x0 + self.arm, y1)], pen)


SILHOUETTE = Cutter(
    "silhouette", N_("Silhouette registration marks Type 1 (CAMEO, Portrait, Curio)"), inset=10.0, square=5.0, arm=20.0,
    line=0.3,
    source="inset 10 mm: Silhouette Studio's smallest registration mark inset (silhouette-card-maker's documentation, "
           "alan-cha.github.io/silhouette-card-maker, 'Borderless Templates'); 5 mm square, 20 mm arms, 0.3 mm lines: "
           "the Type 1 marks as inkscape-silhouette draws them (github.com/fablabnbg/inkscape-silhouette, "
           "render_silhouette_regmarks.py; its user guide's A4 example puts the marks 10 mm from the left and top)")
CUTTERS = {c.key: c for c in (SILHOUETTE,)}


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _clear(grid: CardGrid, cutter: Cutter) -> bool:
    """Every card (with its bleed) inside the marks' frame, and no card or crop mark on a mark's corner."""
    x0, y0, x1, y1 = cutter.frame(grid.page_w, grid.page_h)
    b = grid.bleed
    cards = [(s.x - b, s.y - b, s.x + s.w + b, s.y + s.h + b) for s in grid.slots()]
    marks = [(min(m[0], m[2]), min(m[1], m[3]), max(m[0], m[2]) + 0.01, max(m[1], m[3]) + 0.01)
             for m in grid.crop_marks()]
    inside = all(x0 <= c[0] and c[2] <= x1 and y0 <= c[1] and c[3] <= y1 for c in cards)
    zones = cutter.zones(grid.page_w, grid.page_h)
    return inside and not any(_overlap(z, r) for z in zones for r in cards + marks)


def cutter_grid(paper: Paper, size: CardSize, bleed: float, cutter: Cutter) -> CardGrid:
    """The card grid with the most rows (3 at most) whose cards and crop marks stay clear of the registration marks:
    the cards that would sit on a mark are left off the page, a row at a time."""
    for rows in (3, 2, 1):
        grid = card_grid(paper, size, 3, rows, bleed)
        if _clear(grid, cutter):
            return grid
    raise LayoutError(_("no row of {card} fits between the {marks} on {paper}").format(
        card=_(size.label), marks=_(cutter.name), paper=paper.label))


def cut_lines(grid: CardGrid) -> list[tuple[float, float, float, float]]:
    """Each card's trim rectangle (x, y, w, h), as the cut file cuts it."""
    return [(s.x, s.y, s.w, s.h) for s in grid.slots()]


def write_cut_file(path: Path, grid: CardGrid, cutter: Cutter) -> None:
    """The SVG cut file: the page's size in mm, one closed path per card's trim, nothing else (the machine's software
    adds its own registration marks at the same settings)."""
    paths = "\n".join(f'    <path d="M{x:g} {y:g}H{x + w:g}V{y + h:g}H{x:g}Z"/>' for x, y, w, h in cut_lines(grid))
    w, h = grid.page_w, grid.page_h
    text = (f'<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:g}mm" height="{h:g}mm" viewBox="0 0 {w:g} {h:g}">\n'
            f"  <title>Cut lines of every card page; {cutter.name}: inset {cutter.inset:g} mm, length "
            f"{cutter.arm:g} mm, thickness {cutter.line:g} mm</title>\n"
            f'  <g id="trim" fill="none" stroke="#ff0000" stroke-width="0.1">\n{paths}\n  </g>\n</svg>\n')
    write_atomically(path, lambda tmp: tmp.write_text(text, encoding="utf-8"))


def mark_page(cv: Canvas, grid: CardGrid, cutter: Cutter, cut_name: str) -> None:
    """The registration marks and, under the cards, what to set in the machine's software."""
    cutter.draw(cv, grid.page_w, grid.page_h)
    last = grid.slots()[-1]
    y = last.y + last.h + grid.bleed + CROP_GAP + grid.crop + 4
    cv.text(grid.page_w / 2, y, _("{marks}: inset {inset:g} mm, length {arm:g} mm, thickness {line:g} mm; cut file "
                                  "{file}").format(marks=_(cutter.name), inset=cutter.inset, arm=cutter.arm,
                                                   line=cutter.line, file=cut_name), 6, "middle", colour="#555555")
