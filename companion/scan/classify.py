"""From cell features to marks. Filled discs stand out by themselves; whether a number is circled is judged against
the sheet's own print and pencil, as a person compares: the track is a run (each apple circles the next number),
so the reader splits the numbers where the ink about the circles steps down, and looks harder at any number near
the step. Golden double circles are picked against the sheet's own pencil (a double holds about twice a single's
ink above the print) and, on layout 2, the ticks say how many: the reader takes that many, and says so when the two disagree."""
from __future__ import annotations

import numpy as np

from companion.scan.cells import Cell
from companion.sssnake.edition import edition

FILLED, TICKED, DOUBLED = 0.33, 0.06, 1.7  # thresholds measured on benchmarks/scan.py's photos
SHADE, DEEP = 0.3, 0.45  # a shadow's edge across a cell, and a shadow deeper than this: a person looks there
PRINT, PENCIL = 0.08, 0.2  # the ink about a circle (mm of black, the median ray) of print alone, and of a pencil line
DOUBT = {"fill": 0.08, "tick": 0.025, "double": 0.15, "step": 0.3}  # within this of a threshold, a person looks


def circled_level(masses: list[float]) -> float:
    """The ink between a blank number and a circled one on this sheet: Otsu's split of the masses, taken again
    within the lower side while that side still splits in two (golden doubles can draw the first split between
    circles and doubles, above the blanks), or between print and pencil as measured when nothing splits."""
    values = np.sort(np.asarray(masses))
    level = (PRINT + PENCIL) / 2
    while len(values) > 1:
        best, cut = 0.0, 0
        for k in range(1, len(values)):
            low, high = values[:k], values[k:]
            spread = k * (len(values) - k) * (high.mean() - low.mean()) ** 2
            if spread > best and high.mean() > 1.6 * max(low.mean(), 0.03) and low.mean() < PENCIL and (
                    high.mean() > PRINT + 0.07):  # pencil adds ink of its own: a split within print is none
                best, cut = spread, k
        if not cut:
            break
        level, values = (values[cut - 1] + values[cut]) / 2, values[:cut]
    return float(level)


def classify(cells: list[Cell], ticks: list[float] | None, golden: bool) -> tuple[list[str], int | None, list[int]]:
    """The marks of cells 1..track_max, the golden ticks counted (None without boxes) and the numbers to look at
    (0: the ticks)."""
    start = edition().start_length
    play = cells[start:]  # the starting snake's circles are printed: only a second lap circles them
    level = circled_level([c.mass for c in play if c.fill < FILLED])
    marked = [c.fill >= FILLED or c.mass > level for c in play]
    end = next((i for i in range(len(play) - 1) if not marked[i] and not marked[i + 1]), len(play))
    strays = [i for i in range(end, len(play)) if marked[i] and play[i].fill < FILLED
              and play[i].mass < level + 1.5 * (level - PRINT)]
    for i in strays:  # past the run's end (two numbers blank) a faint mark is a stray or a shadow, not an apple
        marked[i] = False
    top = max((i for i, m in enumerate(marked) if m), default=-1)
    blanks = [c.mass for c, m in zip(play, marked, strict=True) if not m]
    base = float(np.median(blanks)) if blanks else PRINT
    step = max(level - base, 0.02)
    for i in range(top):  # inside the run a faint or open circle is likelier than a number skipped: read, and look
        marked[i] = marked[i] or play[i].mass > base + 0.4 * step
    marks = ["blank"] * start + ["filled" if c.fill >= FILLED else "single" if m else "blank"
                                 for c, m in zip(play, marked, strict=True)]
    unsure = [start + 1 + i for i, c in enumerate(play)
              if abs(c.fill - FILLED) < DOUBT["fill"] or (c.fill < FILLED and abs(c.mass - level) < DOUBT["step"] * step
                                                           and i <= top + 1) or (i < top and c.mass < level)]
    lit = max(c.light for c in play)
    unsure += [start + 1 + i for i, c in enumerate(play) if c.edge > SHADE or c.light < (1 - DEEP) * lit]
    unsure += [start + 1 + i for i in strays]
    counted = None if ticks is None else sum(t >= TICKED for t in ticks)
    if ticks is not None and any(abs(t - TICKED) < DOUBT["tick"] for t in ticks):
        unsure.append(0)
    if golden:
        unsure += doubles(cells, marks, counted)
    return marks, counted, sorted(set(unsure))


def doubles(cells: list[Cell], marks: list[str], counted: int | None) -> list[int]:
    """Mark the golden apples' double circles in `marks`; returns the numbers to look at. A cell's doubleness is
    its ink above the sheet's print (its blank numbers') in units of its median circle's, and more for ink inside
    the printed circle, where a double's second ring mostly lies."""
    start = edition().start_length
    blanks = [c.mass for c, m in zip(cells[start:], marks[start:], strict=True) if m == "blank"]
    singles = [c.mass for c, m in zip(cells, marks, strict=True) if m == "single"]
    base = float(np.median(blanks)) if blanks else PRINT
    unit = max(float(np.median(singles)) - base, 0.05) if singles else PENCIL - PRINT
    score = {n: (c.mass - base) / unit + 5 * c.inner for n, c in enumerate(cells, 1) if marks[n - 1] == "single"}
    ranked = sorted(score, key=lambda n: -score[n])
    looks = {n for n in ranked if score[n] >= DOUBLED}
    doubled = set(ranked[:counted]) if counted is not None else looks
    for n in doubled:
        marks[n - 1] = "double"
    unsure = sorted(doubled ^ looks) or ([0] if counted is not None and len(looks) != counted else [])
    return unsure + [n for n in ranked if abs(score[n] - DOUBLED) < DOUBT["double"]]
