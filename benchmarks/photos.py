"""Phone photos of finished Sssnake sheets, made from the companion's own pads with their truth beside them, seeded:
the photo reader's benchmark (benchmarks/scan.py) and tests read them.

A sheet is the printed pad page (sheets/sheet.py, rasterised by pdfium) with pencil marks drawn on its track as
people draw them; a photo of it (`photo`) adds what a phone and a table add.
"""
from __future__ import annotations

import io
import math
import random
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from companion.sheets.landscape import landscape_map
from companion.sheets.layout import PAPERS
from companion.sheets.sheet_layout import BOX_W, GOLD_BOX, box_height, golden_boxes, lower, track_centre
from companion.sssnake.edition import edition

LANDSCAPES = ("am-fluss", "sahara", "fjord", "foxtrail")


@dataclass(frozen=True)
class Truth:
    """What the sheet holds: identity, each track number's mark (as companion.scan.reading.MARKS) and golden ticks."""

    landscape: str
    paper: str
    serial: str
    page: int
    cells: tuple[str, ...]
    ticks: int | None  # None: the sheet has no tick boxes


def random_truth(rng: random.Random, landscape: str, paper: str, page: int = 1) -> Truth:
    """A finished solo game: a length, and each apple eaten fresh, rotten or (on Fjord) golden."""
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
    return Truth(landscape, paper, serial, page, tuple(cells), golden if golden_there else None)


@lru_cache(maxsize=16)
def _page_png(landscape: str, paper: str, serial: str, page: int, px_mm: float) -> bytes:
    """The printed page as pdfium draws it, `px_mm` pixels a millimetre (kept: the generator draws it often)."""
    import tempfile
    from pathlib import Path

    import pypdfium2 as pdfium

    from companion.sheets.sheet import render_pad

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "pad.pdf"
        render_pad([landscape], page, PAPERS[paper], "pdf", False, serial, path)
        pdf = pdfium.PdfDocument(str(path))
        try:
            image = pdf[page - 1].render(scale=px_mm * 25.4 / 72).to_pil().convert("RGB")
        finally:
            pdf.close()
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def page_origin(paper: str) -> tuple[float, float, float]:
    """Where the sheet's box starts on the page (mm from its top left), and the box's height."""
    w, h = PAPERS[paper].size()
    box_h = box_height(PAPERS[paper])
    return (w - BOX_W) / 2, (h - box_h) / 2, box_h


def marked_sheet(truth: Truth, px_mm: float = 8.0, seed: int = 0) -> Image.Image:
    """The printed page with the truth's pencil marks, `px_mm` pixels a millimetre: a flat scan of the sheet."""
    rng = random.Random(seed)
    image = Image.open(io.BytesIO(_page_png(truth.landscape, truth.paper, truth.serial, truth.page, px_mm)))
    image = image.convert("RGB")
    draw = ImageDraw.Draw(image)
    ox, oy, box_h = page_origin(truth.paper)
    lmap = landscape_map(truth.landscape)
    low = lower(lmap, box_h)
    for n, mark in enumerate(truth.cells, 1):
        if mark != "blank":
            cx, cy = track_centre(n, low)
            _mark(draw, rng, (ox + cx) * px_mm, (oy + cy) * px_mm, low.radius * px_mm, mark, px_mm)
    for x, y in golden_boxes(lmap, low)[:truth.ticks or 0]:
        _tick(draw, rng, (ox + x) * px_mm, (oy + y) * px_mm, GOLD_BOX * px_mm, px_mm)
    return image


def _pencil(rng: random.Random) -> tuple[int, int, int]:
    grey = rng.randint(40, 110)
    return grey, grey, grey + rng.randint(0, 12)


def _ring(draw, rng, cx, cy, r, px_mm, colour) -> None:
    """A hand-drawn circle: an ellipse that wobbles, starts anywhere and may stop short or overshoot."""
    start = rng.uniform(0, 2 * math.pi)
    sweep = 2 * math.pi * rng.uniform(0.85, 1.12)
    squash, tilt = rng.uniform(0.88, 1.12), rng.uniform(0, math.pi)
    dx, dy = rng.gauss(0, 0.25) * px_mm, rng.gauss(0, 0.25) * px_mm
    steps = 48
    points = []
    for i in range(steps + 1):
        a = start + sweep * i / steps
        rr = r * (1 + 0.04 * math.sin(3 * a + start))
        x, y = rr * math.cos(a) * squash, rr * math.sin(a)
        points.append((cx + dx + x * math.cos(tilt) - y * math.sin(tilt), cy + dy + x * math.sin(tilt) + y * math.cos(tilt)))
    draw.line(points, fill=colour, width=max(1, round(rng.uniform(0.3, 0.55) * px_mm)), joint="curve")


def _mark(draw, rng, cx, cy, r, mark, px_mm) -> None:
    colour = _pencil(rng)
    if mark in ("single", "double"):
        _ring(draw, rng, cx, cy, r * rng.uniform(0.92, 1.1), px_mm, colour)
    if mark == "double":
        _ring(draw, rng, cx, cy, r * rng.uniform(0.68, 0.8), px_mm, colour)
    if mark == "filled":
        _ring(draw, rng, cx, cy, r * rng.uniform(0.9, 1.05), px_mm, colour)
        reach = r * rng.uniform(0.8, 0.95)
        for k in range(int(2 * reach / (0.35 * px_mm))):  # back-and-forth strokes across the disc
            y = cy - reach + k * 0.35 * px_mm + rng.gauss(0, 0.1) * px_mm
            half = math.sqrt(max(reach ** 2 - (y - cy) ** 2, 0))
            draw.line([(cx - half, y), (cx + half, y + rng.gauss(0, 0.3) * px_mm)], fill=colour,
                      width=max(1, round(0.45 * px_mm)))


def _tick(draw, rng, x, y, size, px_mm) -> None:
    colour = _pencil(rng)
    jitter = [rng.gauss(0, 0.08) * size for _ in range(6)]
    draw.line([(x + 0.15 * size + jitter[0], y + 0.55 * size + jitter[1]),
               (x + 0.4 * size + jitter[2], y + 0.85 * size + jitter[3]),
               (x + 0.9 * size + jitter[4], y + 0.1 * size + jitter[5])], fill=colour,
              width=max(1, round(0.45 * px_mm)), joint="curve")
