"""Reading the track's cells: each circle sampled on rays from its centre, the printed number left out, and the
pencil told apart by where it lies: a ring about the printed circle (fresh), two rings (golden), ink filling the
disc (rotten), or nothing but print (blank)."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from companion.scan.geometry import Page
from companion.scan.sampling import grid, ink, sample

ANGLES = 48
RADII = np.arange(0.3, 1.6001, 0.05)  # in radii of the printed circle
ABOUT = (RADII >= 0.5) & (RADII <= 1.35)  # where a pencil circle lies: out to where the next cell's begins
DIGITS = (2.0, 1.3, 1.4)  # mm the printed number reaches left and right, up and down of the centre


LINE = 0.17  # mm of black a ray must cross about the circle to cross a pencil line: the printed dashed circle
#              alone gives about 0.1, a pencil line at least 0.25 (benchmarks/scan.py's photos)


@dataclass(frozen=True)
class Cell:
    """What one cell's samples show: `fill` the share of the disc inside the ring inked, `ring` the share of rays
    crossing a pencil line about the circle, `mass` the ink the median ray crosses there (mm of black)."""

    fill: float
    ring: float
    mass: float


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


def read_cell(gray: np.ndarray, h: np.ndarray, page: Page, centre: tuple[float, float]) -> Cell:
    """The features of the cell centred at `centre` (page mm). Each ray's own paper (its upper quartile) is its
    white, so a shadow's edge darkens no ray it does not cross; dark is left signed, so noise on paper cancels."""
    dx, dy, clear = rays(page)
    values = sample(gray, h, centre[0] + dx, centre[1] + dy)
    if np.isnan(values).mean() > 0.2:
        return Cell(0.0, 0.0, 0.0)
    white = np.maximum(np.nanpercentile(values, 75, axis=1), 1.0)[:, None]
    dark = np.nan_to_num(np.clip(1 - values / white, -0.5, 1), nan=0.0)
    inner = (RADII >= 0.3) & (RADII <= 0.8)
    fill = float((dark[:, inner] > 0.3)[clear[:, inner]].mean())
    crossed = dark[:, ABOUT].sum(axis=1) * 0.05 * page.radius  # mm of black along each ray
    return Cell(fill, float((crossed > LINE).mean()), float(np.median(crossed)))


def read_tick(gray: np.ndarray, h: np.ndarray, x: float, y: float, side: float) -> float:
    """The share of a tick box's inside (its printed border left out) that pencil darkens, against the paper
    just round the box."""
    inset = 0.75
    xs, ys = grid(x + side / 2, y + side / 2, side / 2 - inset, 0.15)
    ring_x, ring_y = square(x + side / 2, y + side / 2, side / 2 + 0.8)
    white = float(np.nanpercentile(sample(gray, h, ring_x, ring_y), 75))
    return float((ink(np.nan_to_num(sample(gray, h, xs, ys), nan=255.0), white) > 0.25).mean())


def square(cx: float, cy: float, half: float, per_side: int = 24) -> tuple[np.ndarray, np.ndarray]:
    """Points along the outline of a square `half` mm each way about (cx, cy)."""
    t = np.linspace(-half, half, per_side, endpoint=False)
    xs = np.concatenate([cx + t, np.full(per_side, cx + half), cx - t, np.full(per_side, cx - half)])
    ys = np.concatenate([np.full(per_side, cy - half), cy + t, np.full(per_side, cy + half), cy - t])
    return xs, ys
