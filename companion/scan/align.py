"""The track's cells where the photo has them: a page curled or bent moves them off the map fitted to the corner
marks, so each printed circle is looked for about where the map puts it, and each row's offsets are smoothed
(a curl bends a row gently; a pencil mark that draws the search off is an outlier)."""
from __future__ import annotations

import numpy as np

from companion.scan.geometry import TICK_SIDE, Page
from companion.scan.sampling import sample
from companion.sssnake.edition import edition

ANGLES = np.linspace(0, 2 * np.pi, 36, endpoint=False)
COARSE = np.arange(-3.0, 3.001, 0.5)  # mm
FINE = np.arange(-0.5, 0.501, 0.125)
FAR = 1.5  # mm from a row's median offset: a search drawn off by a mark, not the curl (a curl bends a row less)
NEAR = np.arange(-1.5, 1.501, 0.25)  # a tick box is looked for this near the cells' offset (boxes are 5.2 mm
# apart), in quarter-mm steps: a box's thin outline is missed by a search half a millimetre off


def ring_score(gray: np.ndarray, h: np.ndarray, x, y, r: float) -> np.ndarray:
    """How much darker the circle of radius r about each (x, y) is than the circles just inside and outside it."""
    x, y = np.asarray(x)[:, None], np.asarray(y)[:, None]
    c, s = np.cos(ANGLES), np.sin(ANGLES)
    on = np.nanmean(sample(gray, h, x + r * c, y + r * s), axis=1)
    off = np.nanmean(sample(gray, h, x + 0.72 * r * c, y + 0.72 * r * s), axis=1) + np.nanmean(
        sample(gray, h, x + 1.28 * r * c, y + 1.28 * r * s), axis=1)
    return np.nan_to_num(off / 2 - on, nan=-1e9)


def best_offset(gray: np.ndarray, h: np.ndarray, x: float, y: float, r: float) -> tuple[float, float]:
    """The offset (mm) about (x, y) where the printed circle lies, coarse then fine."""
    ox, oy = 0.0, 0.0
    for steps in (COARSE, FINE):
        gx, gy = np.meshgrid(steps, steps)
        score = ring_score(gray, h, x + ox + gx.ravel(), y + oy + gy.ravel(), r)
        k = int(np.argmax(score))
        ox, oy = ox + float(gx.ravel()[k]), oy + float(gy.ravel()[k])
    return ox, oy


def aligned(gray: np.ndarray, h: np.ndarray, page: Page) -> list[tuple[float, float]]:
    """Every cell's centre (page mm) as the photo shows it: each row's offsets fitted as a smooth curve."""
    per_row = (edition().track_max + 1) // 2
    found = [best_offset(gray, h, x, y, page.radius) for x, y in page.cells]
    out = []
    for row in range(0, len(page.cells), per_row):
        cols = np.arange(len(page.cells[row:row + per_row]), dtype=float)
        fitted = [smooth(cols, np.array([f[k] for f in found[row:row + per_row]])) for k in (0, 1)]
        out += [(x + float(fx), y + float(fy)) for (x, y), fx, fy in
                zip(page.cells[row:row + per_row], *fitted, strict=True)]
    return out


def smooth(cols: np.ndarray, offsets: np.ndarray) -> np.ndarray:
    """A quadratic through the offsets along a row, refitted without those more than 0.6 mm off it; the first fit
    leaves out those far from the row's median (two neighbours drawn off together would bend it their way)."""
    keep = np.abs(offsets - np.median(offsets)) < FAR
    fit = np.zeros(len(cols))
    for _ in range(3):
        if keep.sum() < 6:
            return np.full(len(cols), float(np.median(offsets)))
        coef = np.polyfit(cols[keep], offsets[keep], 2)
        fit = np.polyval(coef, cols)
        keep = np.abs(offsets - fit) < 0.6
    return fit


def boxes_aligned(gray: np.ndarray, h: np.ndarray, page: Page, cells: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The tick boxes' top-left corners (page mm) as the photo shows them: started from the offset the first row
    of cells just below them has (a box's neighbour lies a box away, so the search stays near), each box's outline
    looked for, and the row's median offset taken."""
    from companion.scan.cells import square

    per_row = (edition().track_max + 1) // 2
    row_x = [c[0] for c in page.cells[:per_row]]
    shift_x = [a[0] - c[0] for a, c in zip(cells[:per_row], page.cells[:per_row], strict=True)]
    shift_y = [a[1] - c[1] for a, c in zip(cells[:per_row], page.cells[:per_row], strict=True)]
    half = TICK_SIDE / 2
    found = []
    for x, y in page.ticks:
        ox, oy = float(np.interp(x + half, row_x, shift_x)), float(np.interp(x + half, row_x, shift_y))
        for steps in (NEAR, FINE):
            best, pick = -1e9, (ox, oy)
            for dx in steps:
                for dy in steps:
                    cx, cy = x + half + ox + dx, y + half + oy + dy
                    on = np.nanmean(sample(gray, h, *square(cx, cy, half)))
                    off = np.nanmean(sample(gray, h, *square(cx, cy, half - 0.45))) + np.nanmean(
                        sample(gray, h, *square(cx, cy, half + 0.45)))
                    if off / 2 - on > best:
                        best, pick = off / 2 - on, (ox + dx, oy + dy)
            ox, oy = pick
        found.append((ox, oy))
    mx, my = float(np.median([f[0] for f in found])), float(np.median([f[1] for f in found]))
    return [(x + mx, y + my) for x, y in page.ticks]
