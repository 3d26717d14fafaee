"""Reading the track's cells: each circle sampled on rays from its centre, the printed number left out, and the
pencil told apart by where it lies: a ring about the printed circle (fresh), two rings (golden), ink filling the
disc (rotten), or nothing but print (blank)."""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from companion.scan.geometry import Page
from companion.scan.sampling import grid, sample
from companion.sheets.sheet_layout import STAR

ANGLES = 48
RADII = np.arange(0.3, 1.6001, 0.05)  # in radii of the printed circle
ABOUT = (RADII >= 0.5) & (RADII <= 1.35)  # where a pencil circle lies: out to where the next cell's begins
DIGITS = (2.0, 1.3, 1.4)  # mm the printed number reaches left and right, up and down of the centre


@dataclass(frozen=True)
class Cell:
    """What one cell's samples show: `fill` the share of the disc inside the ring inked, `mass` the ink the median
    ray crosses about the circle (mm of black), and the paper's light about it."""

    fill: float
    mass: float
    inner: float = 0.0  # ink between the number and the printed circle (mm of black, the median ray): a double's
    light: float = 255.0  # the paper's grey about the cell (its rays' median white)
    edge: float = 0.0  # how much the paper's grey differs round the cell (0 even; a shadow's edge, more)
    profile: np.ndarray | None = field(default=None, compare=False, repr=False)  # each ray's darkness at RADII,
    # NaN where the printed number lies: what the sheet's blank numbers show there is its print, the rest pencil


def rays(page: Page) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Offsets (mm) of the samples on each ray about a cell's centre, and which of them miss the printed number."""
    a = np.linspace(0, 2 * np.pi, ANGLES, endpoint=False)[:, None]
    dx, dy = np.cos(a) * RADII * page.radius, np.sin(a) * RADII * page.radius
    left, up, down = DIGITS
    clear = ~((np.abs(dx) < left) & (dy > -up) & (dy < down))
    return dx, dy, clear


def white_about(gray: np.ndarray, h: np.ndarray, x: float, y: float, half: float) -> float:
    """The paper's white about a page point: a high percentile of the grey in a square round it."""
    xs, ys = grid(x, y, half, 0.8)
    values = sample(gray, h, xs, ys)
    return float(np.nanpercentile(values, 90)) if not np.isnan(values).all() else 255.0


def read_cell(gray: np.ndarray, h: np.ndarray, page: Page, centre: tuple[float, float], star: bool = False) -> Cell:
    """The features of the cell centred at `centre` (page mm), its ability star (`star`, printed on the circle's
    edge) left out. The disc's fill is judged against each ray's own paper (its upper quartile), a line about the
    circle against the paper of its half of the ray (inside or outside the circle), so a shadow's edge between
    the two makes no line; dark is left signed, so noise on paper cancels."""
    dx, dy, clear = rays(page)
    starless = np.hypot(dx - page.star[0], dy - page.star[1]) > STAR + 0.5 if star else np.ones_like(clear)
    clear = clear & starless
    values = sample(gray, h, centre[0] + dx, centre[1] + dy)
    if np.isnan(values).mean() > 0.2:
        return Cell(0.0, 0.0)
    white = np.maximum(np.nanpercentile(values, 75, axis=1), 1.0)[:, None]
    dark = np.nan_to_num(np.clip(1 - values / white, -0.5, 1), nan=0.0)
    disc = (RADII >= 0.3) & (RADII <= 0.8)
    fill = float((dark[:, disc] > 0.3)[clear[:, disc]].mean())
    split = RADII < 0.85  # an inner ring (a golden double's) on one side, the circle's own on the other
    halves = np.where(split, np.nanpercentile(values[:, split], 90, axis=1)[:, None],
                      np.nanpercentile(values[:, ~split], 90, axis=1)[:, None])
    line = np.nan_to_num(np.clip(1 - values / np.maximum(halves, 1.0), -0.5, 1), nan=0.0)
    crossed = line[:, ABOUT].sum(axis=1) * 0.05 * page.radius  # mm of black along each ray
    band = (RADII >= 0.45) & (RADII <= 0.85)
    inner = float(np.median((dark * band * clear).sum(axis=1))) * 0.05 * page.radius
    lit = white.ravel()
    return Cell(fill, float(np.median(crossed[starless[:, ABOUT].all(axis=1)])), inner, float(np.median(lit)),
                float(1 - np.percentile(lit, 10) / np.percentile(lit, 90)), np.where(clear, dark, np.nan))


def read_tick(gray: np.ndarray, h: np.ndarray, x: float, y: float, side: float) -> float:
    """How dark a tick box's inside is (its printed border left out) against the paper just round the box (its
    median: a shadow's edge across the box darkens one side as much as it lights the other): the mean, signed, so
    noise on blank paper cancels and a faint tick still counts."""
    inset = 0.75
    xs, ys = grid(x + side / 2, y + side / 2, side / 2 - inset, 0.15)
    ring_x, ring_y = square(x + side / 2, y + side / 2, side / 2 + 0.8)
    white = float(np.nanmedian(sample(gray, h, ring_x, ring_y)))
    dark = np.clip(1 - np.nan_to_num(sample(gray, h, xs, ys), nan=255.0) / max(white, 1.0), -0.5, 1)
    return float(dark.mean())


def square(cx: float, cy: float, half: float, per_side: int = 24) -> tuple[np.ndarray, np.ndarray]:
    """Points along the outline of a square `half` mm each way about (cx, cy)."""
    t = np.linspace(-half, half, per_side, endpoint=False)
    xs = np.concatenate([cx + t, np.full(per_side, cx + half), cx - t, np.full(per_side, cx - half)])
    ys = np.concatenate([np.full(per_side, cy - half), cy + t, np.full(per_side, cy + half), cy - t])
    return xs, ys
