"""The balance lab's chart: each variation's Snits win rate with its 95% interval, drawn once for PDF and SVG.

One page as wide as A4 landscape and as tall as its rows need (a chart for the docs or a screen, printable at 100%
on A4 up to 15 variations): a row per variation,
its dot at the win rate and a bar across its interval, the even-odds line at 50% and the baseline's rate as a dotted
line, so a variation whose bar clears the baseline line changed the balance beyond the games' noise. Marks differ
in shape as well as colour (the baseline a square, the variations circles), so a grey-scale print keeps them apart.
"""
from __future__ import annotations

from pathlib import Path

from companion.core.language import _
from companion.lab.tally import rate_text
from companion.sheets.canvas import HAIRLINE, Canvas, Stroke
from companion.sheets.documents import open_document
from companion.sheets.text import fit

PAGE_W = 297.0  # mm: A4 landscape's width
LABEL_X, LEFT, RIGHT, VALUE_X = 14.0, 82.0, 232.0, 238.0  # label column, the plot's 0% and 100%, value column
TOP, ROW = 36.0, 10.0  # the first row's top edge and each row's height, mm
AXIS_ROOM, MARGIN = 16.0, 6.0  # below the last row: ticks, their numbers, the axis title; then the page's margin
BLUE, ORANGE, GREY = "#0072b2", "#d55e00", "#8c8c8c"  # Okabe-Ito: told apart by colour-blind eyes
GRID = Stroke("#d0d0d0", 0.15)
EVEN = Stroke(GREY, 0.3, (1.6, 1.0))
BASE = Stroke(ORANGE, 0.35, (0.5, 0.8))


def render(data: dict, fmt: str, path) -> int:
    """Write the chart of a lab's numbers (companion.lab.balance.Lab.to_dict()) to `path` as "pdf" or "svg"."""
    rows = data["rows"]
    height = TOP + ROW * max(1, len(rows)) + AXIS_ROOM + MARGIN
    doc = open_document(fmt, single_file=True)
    with doc.page(PAGE_W, height) as cv:
        draw_chart(cv, data)
    return doc.save(Path(path))


def draw_chart(cv: Canvas, data: dict) -> None:
    """The title, one row per variation (dot, interval bar, numbers), the 50% and baseline lines, the % axis."""
    rows = data["rows"]
    row_h = ROW
    bottom = TOP + row_h * len(rows)
    players = data["players"]
    title = _("Snits' Revenge balance: how often the Snits win, per variation")
    sub = _("{games} games per variation (seeds {first}-{last}, the same for every row); Snits: {snits}, Bolotomus: "
            "{bolotomus}; bars: 95% Wilson interval; dotted: the baseline").format(
        games=data['games'], first=data['seeds'][0], last=data['seeds'][1], snits=players['Snits'],
        bolotomus=players['Bolotomus'])
    cv.text(LABEL_X, 16, title, fit(title, PAGE_W - 2 * LABEL_X, 14, bold=True), bold=True)
    cv.text(LABEL_X, 23, sub, fit(sub, PAGE_W - 2 * LABEL_X, 8.5), colour="#444444")

    def x(rate: float) -> float:
        return LEFT + rate * (RIGHT - LEFT)

    for tick in range(0, 101, 10):
        px = x(tick / 100)
        cv.line(px, TOP, px, bottom, GRID)
        cv.line(px, bottom, px, bottom + 1.5, HAIRLINE)
        cv.text(px, bottom + 5.5, f"{tick}%", 8, "middle")
    cv.line(LEFT, bottom, RIGHT, bottom, HAIRLINE)
    cv.text((LEFT + RIGHT) / 2, bottom + 11.5, _("Snits win rate (of the finished games)"), 8.5, "middle",
            colour="#444444")
    cv.line(x(0.5), TOP - 2, x(0.5), bottom, EVEN)
    cv.text(x(0.5), TOP - 3.5, _("even odds"), 7, "middle", colour=GREY)
    base = rows[0]["snits_win_rate"] if rows else None
    if base is not None:
        cv.line(x(base), TOP - 2, x(base), bottom, BASE)
    cv.text(VALUE_X, TOP - 3.5, _("Snits win % [95% CI]"), 7.5, bold=True)
    size = 9.0
    for i, row in enumerate(rows):
        cy = TOP + (i + 0.5) * row_h
        label = row["variation"]
        cv.text(LABEL_X, cy + size * 0.13, label, fit(label, LEFT - LABEL_X - 4, size), bold=i == 0)
        rate = row["snits_win_rate"]
        if rate is None:
            cv.text(VALUE_X, cy + size * 0.13, _("no finished game"), size * 0.9, colour=GREY)
            continue
        lo, hi = row["interval_95"]
        colour = ORANGE if i == 0 else BLUE
        bar = Stroke(colour, 0.6)
        cap = 1.6
        cv.line(x(lo), cy, x(hi), cy, bar)
        cv.line(x(lo), cy - cap, x(lo), cy + cap, bar)
        cv.line(x(hi), cy - cap, x(hi), cy + cap, bar)
        r = 1.4
        if i == 0:
            cv.rect(x(rate) - r, cy - r, 2 * r, 2 * r, stroke=None, fill=colour)
        else:
            cv.circle(x(rate), cy, r, stroke=None, fill=colour)
        numbers = rate_text(row["snits"], row["games"] - row["unfinished"])
        if row.get("unfinished"):
            numbers += _(", {n} unfinished").format(n=row['unfinished'])
        cv.text(VALUE_X, cy + size * 0.13, numbers, fit(numbers, PAGE_W - VALUE_X - 8, size))
