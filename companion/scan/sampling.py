"""Reading the photo at points of the page: page mm through the homography to photo pixels, bilinear, and the
paper's own white about a place, so shadow and uneven light divide out."""
from __future__ import annotations

import numpy as np

from companion.scan.geometry import project


def sample(gray: np.ndarray, h: np.ndarray, xs, ys) -> np.ndarray:
    """Grey levels (0-255, float) at page points (xs, ys) in mm; points off the photo read as NaN."""
    us, vs = project(h, xs, ys)
    rows, cols = gray.shape
    inside = (us >= 0) & (vs >= 0) & (us <= cols - 1.001) & (vs <= rows - 1.001)
    u = np.where(inside, us, 0.0)
    v = np.where(inside, vs, 0.0)
    u0, v0 = np.floor(u).astype(np.intp), np.floor(v).astype(np.intp)
    fu, fv = u - u0, v - v0
    g = gray
    top = g[v0, u0] * (1 - fu) + g[v0, u0 + 1] * fu
    bottom = g[v0 + 1, u0] * (1 - fu) + g[v0 + 1, u0 + 1] * fu
    out = top * (1 - fv) + bottom * fv
    return np.where(inside, out, np.nan)


def grid(cx: float, cy: float, half: float, step: float) -> tuple[np.ndarray, np.ndarray]:
    """A square of page points about (cx, cy), `half` mm each way, `step` mm apart (row-major)."""
    axis = np.arange(-half, half + step / 2, step)
    ys, xs = np.meshgrid(cy + axis, cx + axis, indexing="ij")
    return xs, ys


def ink(values: np.ndarray, white: float) -> np.ndarray:
    """How dark each value is against the paper's white: 0 paper, 1 black."""
    return np.clip(1 - values / max(white, 1.0), 0, 1)
