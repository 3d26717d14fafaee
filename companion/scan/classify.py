"""From cell features to marks: thresholds for blank, circled and filled, and the golden apples' double circles
picked against the sheet's own pencil (a double circle holds about twice a single's ink) and, on layout 2, the
ticks: the reader takes as many double circles as there are ticks, and says so when the two disagree."""
from __future__ import annotations

import numpy as np

from companion.scan.cells import Cell
from companion.sssnake.edition import edition

FILLED, CIRCLED, TICKED, DOUBLED = 0.5, 0.6, 0.08, 0.2  # the thresholds, measured on benchmarks/scan.py's photos
DOUBT = {"fill": 0.12, "ring": 0.15, "tick": 0.04, "double": 0.05}  # within this of a threshold, a person looks


def doubleness(cells: list[Cell], marks: list[str]) -> list[float]:
    """How much a circled cell looks doubled: the disc's ink inside the ring, and its ink against this sheet's
    median circle."""
    singles = [c.mass for c, m in zip(cells, marks, strict=True) if m == "single"]
    blanks = [c.mass for c, m in zip(cells, marks, strict=True) if m == "blank"]
    base = float(np.median(blanks)) if blanks else 0.0
    unit = max(float(np.median(singles)) - base, 1e-6) if singles else 1.0
    return [c.fill + 0.08 * (c.mass - base) / unit for c in cells]


def classify(cells: list[Cell], ticks: list[float] | None, golden: bool) -> tuple[list[str], int | None, list[int]]:
    """The marks of cells 1..track_max, the golden ticks counted (None without boxes) and the numbers to look at
    (0: the ticks)."""
    start = edition().start_length
    marks, unsure = [], []
    for n, c in enumerate(cells, 1):
        if n <= start:  # the starting snake's circles are printed: only a second lap circles them (below)
            marks.append("blank")
            continue
        mark = "filled" if c.fill >= FILLED else "single" if c.ring >= CIRCLED else "blank"
        marks.append(mark)
        if abs(c.fill - FILLED) < DOUBT["fill"] or abs(c.ring - CIRCLED) < DOUBT["ring"]:
            unsure.append(n)
    counted = None if ticks is None else sum(t >= TICKED for t in ticks)
    if ticks is not None and any(abs(t - TICKED) < DOUBT["tick"] for t in ticks):
        unsure.append(0)
    if golden:
        score = doubleness(cells, marks)
        circled = sorted((n for n in range(start + 1, len(cells) + 1) if marks[n - 1] == "single"),
                         key=lambda n: -score[n - 1])
        looks = {n for n in circled if score[n - 1] >= DOUBLED}
        doubled = set(circled[:counted]) if counted is not None else looks
        for n in doubled:
            marks[n - 1] = "double"
        unsure += sorted(doubled ^ looks) or ([0] if counted is not None and len(looks) != counted else [])
        unsure += [n for n in circled if abs(score[n - 1] - DOUBLED) < DOUBT["double"]]
    return marks, counted, sorted(set(unsure))
