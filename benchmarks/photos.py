"""Phone photos of finished Sssnake sheets, made from the companion's own pads with their truth beside them, seeded:
the photo reader's benchmark (benchmarks/scan.py) and tests read them.

A sheet is the printed pad page (sheets/sheet.py, rasterised by pdfium) with pencil marks drawn on it as people draw
them: each player a hand of their own (pressure, sloppiness), circles open, off centre or over the neighbour's,
filled circles scribbled, double circles at any gap, stray dots, lines and smudges beside the track, the snake's path
across the grid, the name, abilities and points written in. A photo of it (`photo`, benchmarks/phone.py) adds what a
phone and a table add.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from benchmarks.phone import shoot
from companion.scan.reading import Reading
from companion.sheets.landscape import SIZE, landscape_map
from companion.sheets.layout import PAPERS
from companion.sheets.sheet_layout import (
    BOX_W,
    CELL,
    GOLD_BOX,
    GRID_TOP,
    GRID_X,
    GRID_Y,
    MARK,
    POINTS_Y,
    SIDE_W,
    SIDE_X,
    box_height,
    corner_marks,
    golden_boxes,
    lower,
    qr_place,
    track_centre,
)
from companion.sssnake.edition import edition
from companion.tokens.pad_code import LAYOUT, old_code, pad_code
from companion.tokens.qr import qr_matrix

LANDSCAPES = ("am-fluss", "sahara", "fjord", "foxtrail")
SHEET_PX_MM = 11.0  # the flat sheet a photo is made from: finer than any photo of it
NAMES = ("Anna", "Ben", "Chloé", "Dev", "Emil", "Fatou", "Grete", "Hugo", "Ines", "Jonas", "Kai", "Lena")
ABILITIES = ("Swimming", "Digging", "Jump", "Two-headed", "Speed", "Diving", "Hop", "Climb")


@dataclass(frozen=True)
class Truth:
    """What the sheet holds: identity, each track number's mark (as companion.scan.reading.MARKS) and golden ticks."""

    landscape: str
    paper: str
    serial: str
    page: int
    cells: tuple[str, ...]
    ticks: int | None  # None: the sheet has no tick boxes
    layout: int = LAYOUT  # 1: an old pad's sheet (no corner marks nor tick boxes, the longer code)

    def reading(self) -> Reading:
        """The truth as a perfect reader would give it: its counts and points are the rulebook's."""
        return Reading(self.landscape, self.paper, self.layout, self.serial, self.page, self.cells, self.ticks)


def random_truth(rng: random.Random, landscape: str, paper: str, page: int = 1, layout: int = LAYOUT) -> Truth:
    """A finished solo game: a length, and each apple eaten fresh, rotten or (on Fjord) golden; on a layout-1
    sheet the golden apples have no boxes to tick."""
    ed = edition()
    golden_there = len(ed.landscapes[landscape].golden_apples)
    length = rng.randint(ed.start_length + 1, ed.track_max)
    cells = ["blank"] * ed.track_max
    golden = 0
    for n in range(ed.start_length + 1, length + 1):
        roll = rng.random()
        if golden_there and golden < golden_there and roll < 0.12:
            cells[n - 1], golden = "double", golden + 1
        elif roll > 0.82:
            cells[n - 1] = "filled"
        else:
            cells[n - 1] = "single"
    serial = "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(6))
    return Truth(landscape, paper, serial, page, tuple(cells), golden if golden_there and layout >= 2 else None, layout)


def photo(truth: Truth, seed: int = 0) -> tuple[bytes, dict]:
    """A 12 MP phone photo (JPEG) of the finished sheet on a table, and the conditions it was taken in."""
    return shoot(marked_sheet(truth, SHEET_PX_MM, seed), SHEET_PX_MM, random.Random(f"photo {seed}"))


@lru_cache(maxsize=8)
def _blank_page(landscape: str, paper: str, px_mm: float) -> Image.Image:
    """The printed page as pdfium draws it, `px_mm` pixels a millimetre, once a landscape and paper: each sheet then
    gets its own QR and number (`_page`)."""
    import tempfile
    from pathlib import Path

    import pypdfium2 as pdfium

    from companion.sheets.sheet import render_pad

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "pad.pdf"
        render_pad([landscape], 1, PAPERS[paper], "pdf", False, "AAAAAA", path)
        pdf = pdfium.PdfDocument(str(path))
        try:
            return pdf[0].render(scale=px_mm * 25.4 / 72).to_pil().convert("RGB")
        finally:
            pdf.close()


def _page(truth: Truth, px_mm: float) -> Image.Image:
    """The printed sheet of this pad and page: the cached page with its own QR and number drawn over (and on an
    old pad's sheet, its corner marks and tick boxes whited out)."""
    image = _blank_page(truth.landscape, truth.paper, px_mm).copy()
    draw = ImageDraw.Draw(image)
    ox, oy, box_h = page_origin(truth.paper)

    def white(x: float, y: float, w: float, h: float) -> None:
        draw.rectangle([(ox + x) * px_mm, (oy + y) * px_mm, (ox + x + w) * px_mm, (oy + y + h) * px_mm], "white")

    if truth.layout < 2:
        for x, y in corner_marks(box_h):
            white(x, y, MARK, MARK)
        for x, y in golden_boxes(landscape_map(truth.landscape), lower(landscape_map(truth.landscape), box_h)):
            white(x - 0.3, y - 0.3, GOLD_BOX + 0.6, GOLD_BOX + 0.6)
    x, y, big, _ = qr_place(LAYOUT)
    white(x, y, big, big)
    x, y, size, quiet = qr_place(truth.layout)
    matrix = qr_matrix(pad_code(truth.landscape, truth.paper, truth.serial, truth.page) if truth.layout >= 2
                       else old_code(truth.landscape, truth.serial, truth.page))
    cell = size / (len(matrix) + 2 * quiet)
    for r, row in enumerate(matrix):
        for c, dark in enumerate(row):
            if dark:
                left, top = ox + x + (quiet + c) * cell, oy + y + (quiet + r) * cell
                draw.rectangle([left * px_mm, top * px_mm, (left + cell) * px_mm - 1, (top + cell) * px_mm - 1], "black")
    white(SIDE_X, y + size + 0.6, SIDE_W, big - size + 5.7)  # the pad and sheet numbers printed under it
    under = oy + y + size
    font = ImageFont.load_default(size=round(2.0 * px_mm))
    for k, line in enumerate((f"pad {truth.serial}", f"sheet {truth.page} of {max(truth.page, 4)}")):
        draw.text(((ox + SIDE_X + SIDE_W / 2) * px_mm, (under + 3 + 2.6 * k) * px_mm), line, "black", font, "ms")
    return image


def page_origin(paper: str) -> tuple[float, float, float]:
    """Where the sheet's box starts on the page (mm from its top left), and the box's height."""
    w, h = PAPERS[paper].size()
    box_h = box_height(PAPERS[paper])
    return (w - BOX_W) / 2, (h - box_h) / 2, box_h


@dataclass
class Hand:
    """One player's pencil: how dark, how wide, how careless (0 neat .. 1 sloppy)."""

    colour: tuple[int, int, int]
    width: float  # mm
    sloppy: float

    @classmethod
    def of(cls, rng: random.Random) -> Hand:
        grey = rng.randint(35, 125)
        return cls((grey, grey, grey + rng.randint(0, 14)), rng.uniform(0.3, 0.6), rng.random() ** 1.5)


def marked_sheet(truth: Truth, px_mm: float = 8.0, seed: int = 0) -> Image.Image:
    """The printed page with the truth's pencil marks, `px_mm` pixels a millimetre: a flat scan of the sheet."""
    rng = random.Random(seed)
    image = _page(truth, px_mm)
    draw = ImageDraw.Draw(image, "RGBA")
    hand = Hand.of(rng)
    ox, oy, box_h = page_origin(truth.paper)
    lmap = landscape_map(truth.landscape)
    low = lower(lmap, box_h)

    def at(x: float, y: float) -> tuple[float, float]:
        return (ox + x) * px_mm, (oy + y) * px_mm

    _snake(draw, rng, hand, at, px_mm, truth.reading().length)
    for n, mark in enumerate(truth.cells, 1):
        if mark != "blank":
            _mark(draw, rng, hand, *at(*track_centre(n, low)), low.radius * px_mm, mark, px_mm)
    for x, y in golden_boxes(lmap, low)[:truth.ticks or 0]:
        _tick(draw, rng, hand, *at(x, y), GOLD_BOX * px_mm, px_mm)
    for _ in range(rng.choice((0, 0, 1, 1, 2, 3))):
        _stray(draw, rng, hand, at, px_mm, low)
    _writing(image, rng, hand, at, px_mm, truth)
    return image


def _wobbly(draw, rng, hand, points, px_mm, width=None) -> None:
    """A pencil line through `points` (px), each a little off where it was meant."""
    shake = (0.05 + 0.15 * hand.sloppy) * px_mm
    line = [(x + rng.gauss(0, shake), y + rng.gauss(0, shake)) for x, y in points]
    draw.line(line, fill=hand.colour, width=max(1, round((width or hand.width) * px_mm)), joint="curve")


def _ring(draw, rng, hand, cx, cy, r, px_mm, sweep=1.0) -> None:
    """A hand-drawn circle: an ellipse that wobbles, off centre, starts anywhere, stops short or overshoots."""
    start = rng.uniform(0, 2 * math.pi)
    turn = 2 * math.pi * sweep * rng.uniform(0.95, 1.1)
    squash, tilt = rng.uniform(0.9, 1.1) - 0.1 * hand.sloppy * rng.random(), rng.uniform(0, math.pi)
    off = (0.15 + 0.5 * hand.sloppy) * px_mm
    dx, dy = rng.gauss(0, off), rng.gauss(0, off)
    steps = 40
    points = []
    for i in range(steps + 1):
        a = start + turn * i / steps
        rr = r * (1 + 0.05 * math.sin(3 * a + start) + 0.06 * (i / steps) * (turn > 2 * math.pi))  # spirals out
        x, y = rr * math.cos(a) * squash, rr * math.sin(a)
        points.append((cx + dx + x * math.cos(tilt) - y * math.sin(tilt), cy + dy + x * math.sin(tilt) + y * math.cos(tilt)))
    _wobbly(draw, rng, hand, points, px_mm * 0.5)


def _size(rng: random.Random, hand: Hand) -> float:
    """How large a circle is drawn against the printed one: sloppy hands go over the neighbour's."""
    return rng.uniform(0.9, 1.08) + hand.sloppy * rng.uniform(0, 0.3)


def _mark(draw, rng, hand, cx, cy, r, mark, px_mm) -> None:
    if mark in ("single", "double"):
        _ring(draw, rng, hand, cx, cy, r * _size(rng, hand), px_mm, rng.choice((1, 1, 1, 0.8 + 0.15 * rng.random())))
    if mark == "double":
        _ring(draw, rng, hand, cx, cy, r * rng.uniform(0.5, 0.85), px_mm)
    if mark == "filled":
        if rng.random() < 0.8:
            _ring(draw, rng, hand, cx, cy, r * _size(rng, hand), px_mm)
        _scribble(draw, rng, hand, cx, cy, r * rng.uniform(0.75, 1.0), px_mm)


def _scribble(draw, rng, hand, cx, cy, reach, px_mm) -> None:
    """A circle coloured in: zigzag strokes across the disc at any angle, not always to its edge nor gapless."""
    angle = rng.uniform(0, math.pi)
    step = rng.uniform(0.25, 0.45 + 0.35 * hand.sloppy) * px_mm
    cos, sin = math.cos(angle), math.sin(angle)
    points = []
    for k in range(int(2 * reach / step) + 1):
        v = -reach + k * step
        half = math.sqrt(max(reach ** 2 - v * v, 0)) * rng.uniform(0.75, 1.05)
        u = half if k % 2 else -half
        points.append((cx + u * cos - v * sin, cy + u * sin + v * cos))
    _wobbly(draw, rng, hand, points, px_mm, hand.width * rng.uniform(1.0, 1.6))


def _tick(draw, rng, hand, x, y, size, px_mm) -> None:
    """A tick, or a cross, in the box: not always inside it."""
    j = [rng.gauss(0, 0.08 + 0.1 * hand.sloppy) * size for _ in range(8)]
    if rng.random() < 0.7:
        _wobbly(draw, rng, hand, [(x + 0.15 * size + j[0], y + 0.55 * size + j[1]), (x + 0.4 * size + j[2],
                y + 0.85 * size + j[3]), (x + 0.95 * size + j[4], y - 0.05 * size + j[5])], px_mm)
        return
    for a, b in (((0.15, 0.15), (0.85, 0.85)), ((0.85, 0.15), (0.15, 0.85))):
        _wobbly(draw, rng, hand, [(x + a[0] * size + j[0], y + a[1] * size + j[1]),
                                  (x + b[0] * size + j[6], y + b[1] * size + j[7])], px_mm)


def _stray(draw, rng, hand, at, px_mm, low) -> None:
    """A dot, a short line or a smudge beside the track, between circles or over and under its rows: in no cell."""
    per_row = (edition().track_max + 1) // 2
    pitch = BOX_W / per_row
    row = rng.randrange(2)
    y = low.track_y + low.first_row + row * low.track_rows
    if rng.random() < 0.5:  # between two circles
        x, y = pitch * rng.randint(1, per_row - 1), y + rng.uniform(-0.5, 0.5) * low.radius
    else:  # over the first row or under the second
        x, y = rng.uniform(pitch, BOX_W - pitch), y + (1 if row else -1) * (low.radius + rng.uniform(1.8, 2.6))
    px, py = at(x, y)
    kind = rng.choice(("dot", "line", "smudge"))
    if kind == "dot":
        d = rng.uniform(0.3, 0.7) * px_mm
        draw.ellipse([px - d, py - d, px + d, py + d], fill=hand.colour)
    elif kind == "line":
        a, half = rng.uniform(0, math.pi), rng.uniform(0.5, 1.0) * px_mm
        _wobbly(draw, rng, hand, [(px - half * math.cos(a), py - half * math.sin(a)),
                                  (px + half * math.cos(a), py + half * math.sin(a))], px_mm)
    else:
        w, h = rng.uniform(1.0, 2.0) * px_mm, rng.uniform(0.5, 1.2) * px_mm
        draw.ellipse([px - w, py - h, px + w, py + h], fill=(*hand.colour, rng.randint(25, 70)))


def _snake(draw, rng, hand, at, px_mm, length) -> None:
    """The snake's path in pencil across the grid's squares (rulebook: the snake is drawn on the grid), a walk
    that does not cross itself, about as long as the game was."""
    square = (rng.randint(1, SIZE), rng.randint(1, SIZE))
    path = [square]
    for _ in range(length * rng.randint(2, 4)):
        steps = [(square[0] + dx, square[1] + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]
        free = [s for s in steps if 1 <= s[0] <= SIZE and 1 <= s[1] <= SIZE and s not in path]
        if not free:
            break
        square = rng.choice(free)
        path.append(square)
    points = [at(GRID_X + (c - 0.5) * CELL, GRID_Y + (r - 0.5) * CELL) for c, r in path]
    _wobbly(draw, rng, hand, points, px_mm, rng.uniform(0.5, 1.4))
    for c, r in rng.sample(path, min(len(path), rng.randint(0, 6))):  # apples crossed out where it ate them
        x, y = at(GRID_X + (c - 0.5) * CELL, GRID_Y + (r - 0.5) * CELL)
        q = 0.3 * CELL * px_mm
        _wobbly(draw, rng, hand, [(x - q, y - q), (x + q, y + q)], px_mm)
        _wobbly(draw, rng, hand, [(x + q, y - q), (x - q, y + q)], px_mm)


def _writing(image, rng, hand, at, px_mm, truth: Truth) -> None:
    """The player's name, the abilities gained and the points written in by hand (or left blank)."""
    reading = truth.reading()
    lines = []
    if rng.random() < 0.8:
        lines.append((rng.choice(NAMES), (126, 6.6), 4.0))
    for i, length in enumerate(edition().ability_thresholds):
        if reading.length >= length and rng.random() < 0.85:
            lines.append((rng.choice(ABILITIES), (SIDE_X + SIDE_W / 2 + 3, GRID_TOP + 9.2 + i * 9), 3.0))
    if rng.random() < 0.75:
        for i, value in enumerate((reading.length, 0, reading.golden, reading.rotten, reading.points)):
            if value or i == 4:
                lines.append((str(value), (SIDE_X + SIDE_W - 3.75, POINTS_Y + 2 + i * 9.5 + 3.75), 4.5))
    for text, (x, y), height in lines:
        _handwrite(image, rng, hand, at(x, y), text, height * px_mm)


def _handwrite(image, rng, hand, centre, text, height) -> None:
    """Words in pencil centred at `centre` (px), a little slanted and tilted."""
    font = ImageFont.load_default(size=max(8, round(height * rng.uniform(0.85, 1.15))))
    left, top, right, bottom = font.getbbox(text)
    ink = Image.new("L", (right - left + 8, bottom - top + 8), 0)
    ImageDraw.Draw(ink).text((4 - left, 4 - top), text, 255, font)
    ink = ink.transform(ink.size, Image.Transform.AFFINE, (1, rng.uniform(-0.25, 0.05), 0, 0, 1, 0),
                        Image.Resampling.BILINEAR)
    ink = ink.rotate(rng.uniform(-6, 6), Image.Resampling.BILINEAR, expand=True)
    pressure = 0.55 + 0.3 * rng.random()
    ink = ink.point(lambda v: v * pressure)
    corner = (round(centre[0] - ink.width / 2 + rng.gauss(0, 2)), round(centre[1] - ink.height / 2 + rng.gauss(0, 2)))
    image.paste(Image.new("RGB", ink.size, hand.colour), corner, ink)

