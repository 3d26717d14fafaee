"""From cell features to marks. Filled discs stand out by themselves; whether a number is circled is judged against
the sheet's own print and pencil, as a person compares: the track is a run (each apple circles the next number),
so the reader splits the numbers where the ink about the circles steps down, and looks harder at any number near
the step. Golden double circles are picked against the sheet's own pencil (a double holds about twice a single's
ink above the print) and, on layout 2, the ticks say how many: the reader takes that many, and says when the choice
is close."""
from __future__ import annotations

import numpy as np

from companion.scan.cells import RADII, Cell
from companion.sssnake.edition import edition

FILLED, TICKED, DOUBLED = 0.33, 0.045, 1.45  # thresholds measured on benchmarks/scan.py's photos
SCRIBBLED, SPREAD = 0.25, 1.8  # a sparse scribble: this much of the disc inked, its ink about the circle within this of inside
SHADE, DEEP = 0.3, 0.45  # a shadow's edge across a cell, and a shadow deeper than this: a person looks there
PRINT, PENCIL = 0.08, 0.2  # the ink about a circle (mm of black, the median ray) of print alone, and of a pencil line
INSIDE = (RADII >= 0.4) & (RADII <= 0.8)  # a double's inner ring, well inside the printed circle's line
LINE = (RADII > 0.8) & (RADII < 0.9)  # between the two: either ring's
OUTSIDE = (RADII >= 0.9) & (RADII <= 1.5)  # the printed line and a circle drawn about it
DOUBT = {"fill": 0.04, "spread": 1.1, "tick": 0.025, "double": 0.15, "pick": 0.3, "step": 0.3}  # within this of a threshold, a person looks


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
            if spread > best and high.mean() > 1.4 * max(low.mean(), 0.03) and low.mean() < PENCIL and (
                    high.mean() > PRINT + 0.07):  # pencil adds ink of its own: a split within print is none
                best, cut = spread, k
        if not cut:
            break
        level, values = (values[cut - 1] + values[cut]) / 2, values[:cut]
    return float(level)


def refined(level: float, play: list[Cell], rotten: list[bool]) -> float:
    """The level again, halfway between this sheet's blank number and its circled one as the first level splits
    them (medians: a few doubles or strays do not move it), so a faint hand's circles and the last of a run are
    judged against the sheet's own."""
    blank = [c.mass for c, r in zip(play, rotten, strict=True) if not r and c.mass <= level]
    ring = [c.mass for c, r in zip(play, rotten, strict=True) if not r and c.mass > level]
    return (float(np.median(blank)) + float(np.median(ring))) / 2 if blank and ring else level


def classify(cells: list[Cell], ticks: list[float] | None, golden: bool) -> tuple[list[str], int | None, list[int]]:
    """The marks of cells 1..track_max, the golden ticks counted (None without boxes) and the numbers to look at
    (0: the ticks)."""
    start = edition().start_length
    play = cells[start:]  # the starting snake's circles are printed: only a second lap circles them
    rotten = [scribbled(c) for c in play]
    level = refined(circled_level([c.mass for c, r in zip(play, rotten, strict=True) if not r]), play, rotten)
    marked = [r or c.mass > level for c, r in zip(play, rotten, strict=True)]
    end = next((i for i in range(len(play) - 1) if not marked[i] and not marked[i + 1]), len(play))
    strays = [i for i in range(end, len(play)) if marked[i] and not rotten[i]
              and play[i].mass < level + 1.5 * (level - PRINT)]
    for i in strays:  # past the run's end (two numbers blank) a faint mark is a stray or a shadow, not an apple
        marked[i] = False
    top = max((i for i, m in enumerate(marked) if m), default=-1)
    blanks = [c.mass for c, m in zip(play, marked, strict=True) if not m]
    base = float(np.median(blanks)) if blanks else PRINT
    step = max(level - base, 0.02)
    for i in range(top):  # inside the run a faint or open circle is likelier than a number skipped: read, and look
        marked[i] = marked[i] or play[i].mass > base + 0.4 * step
    marks = ["blank"] * start + ["filled" if r else "single" if m else "blank"
                                 for r, m in zip(rotten, marked, strict=True)]
    unsure = [start + 1 + i for i, c in enumerate(play)
              if close_call(c) or (not rotten[i] and abs(c.mass - level) < DOUBT["step"] * step
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


def scribbled(c: Cell, fill: float = 0.0, spread: float = 1.0) -> bool:
    """A rotten apple's filled disc: inked over, or inked less (a scribble with gaps) where the ink inside the
    printed circle is most of what lies about it (a golden double's outer ring holds at least twice its inner).
    `fill` and `spread` move the thresholds, to see whether a call is close."""
    return c.fill >= FILLED + fill or (c.fill >= SCRIBBLED + fill and c.mass < SPREAD * spread * c.inner)


def close_call(c: Cell) -> bool:
    """Whether a cell's rotten-or-not call changes within the doubt about its fill or its spread."""
    d, s = DOUBT["fill"], DOUBT["spread"]
    return len({scribbled(c, fill, spread) for fill in (-d, 0, d) for spread in (1 / s, 1, s)}) > 1


def doubles(cells: list[Cell], marks: list[str], counted: int | None) -> list[int]:
    """Mark the golden apples' double circles in `marks`; returns the numbers to look at. A cell's doubleness is
    its pencil (`pencil`) in units of its median circle's: a double holds about twice a single's. With ticks the
    `counted` most doubled are taken, and a person looks when the last taken and the first left are close, when
    one taken looks single or one left looks doubled (a tick forgotten), or when more are ticked than circled;
    without ticks, those past DOUBLED are taken, and looked at near it."""
    ink = pencil(cells, marks)
    circled = [n for n in range(len(cells)) if marks[n] == "single"]
    unit = max(float(np.median([ink[n] for n in circled])), 1e-3) if circled else 1.0
    score = {n + 1: ink[n] / unit for n in circled}
    ranked = sorted(score, key=lambda n: -score[n])
    if counted is None:
        doubled = [n for n in ranked if score[n] >= DOUBLED]
        unsure = [n for n in ranked if abs(score[n] - DOUBLED) < DOUBT["double"]]
    else:
        doubled = ranked[:counted]
        close = 0 < counted < len(ranked) and score[ranked[counted - 1]] - score[ranked[counted]] < DOUBT["pick"]
        unsure = [0] if counted > len(ranked) else ranked[counted - 1:counted + 1] if close else []
        unsure += [n for i, n in enumerate(ranked) if (i < counted) != (score[n] >= DOUBLED)
                   and abs(score[n] - DOUBLED) >= DOUBT["double"]]  # taken yet single-like, or left yet double-like
    for n in doubled:
        marks[n - 1] = "double"
    return unsure


def pencil(cells: list[Cell], marks: list[str]) -> list[float]:
    """Each cell's pencil about its circle: the darkness beyond the sheet's print (its blank numbers' median at
    each radius) summed along each ray, the median ray's, plus what the median ray holds on both sides of
    the printed circle's line, inside and out, where only a double's two rings put ink."""
    start = edition().start_length
    profiles = [c.profile for c, m in zip(cells[start:], marks[start:], strict=True) if m == "blank" and c.profile is not None]
    printed = np.nanmedian(np.stack(profiles), axis=(0, 1)) if profiles else np.zeros(len(RADII))
    out = []
    for c in cells:
        if c.profile is None:
            out.append(0.0)
            continue
        ink = np.nan_to_num(np.clip(c.profile - printed, 0, None))
        inside, outside = ink[:, INSIDE].sum(axis=1), ink[:, OUTSIDE].sum(axis=1)
        out.append(float(np.median(ink[:, INSIDE | OUTSIDE | LINE].sum(axis=1)) + np.median(np.minimum(inside, outside))))
    return out
