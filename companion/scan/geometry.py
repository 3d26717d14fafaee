"""Where the reader looks on a sheet, in mm from the page's top-left corner: the pad layout's own numbers
(sheets/sheet_layout.py), placed on the paper as sheets/sheet.py places the box, and the map from page to photo."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from companion.sheets.landscape import landscape_map
from companion.sheets.layout import PAPERS
from companion.sheets.sheet_layout import (
    BOX_W,
    GOLD_BOX,
    MARK,
    box_height,
    corner_marks,
    golden_boxes,
    lower,
    qr_place,
    star_offset,
    track_centre,
)
from companion.sssnake.edition import edition


@dataclass(frozen=True)
class Page:
    """One printed page's landmarks in page mm: the QR symbol's corners (clockwise from its top left), the corner
    marks' centres, the track cells' centres and radius, the golden tick boxes' top-left corners, and where an
    ability's star lies from its cell's centre."""

    qr: tuple[tuple[float, float], ...]
    marks: tuple[tuple[float, float], ...]
    cells: tuple[tuple[float, float], ...]
    radius: float
    ticks: tuple[tuple[float, float], ...]
    size: tuple[float, float]
    star: tuple[float, float] = (0.0, 0.0)


@cache
def page(landscape: str, paper: str, layout: int, modules: int) -> Page:
    """The landmarks of a sheet of `landscape` on `paper` in `layout`, whose QR is `modules` modules wide."""
    w, h = PAPERS[paper].size()
    box_h = box_height(PAPERS[paper])
    ox, oy = (w - BOX_W) / 2, (h - box_h) / 2
    x, y, size, quiet = qr_place(layout)
    module = size / (modules + 2 * quiet)
    left, top, side = ox + x + quiet * module, oy + y + quiet * module, modules * module
    qr = ((left, top), (left + side, top), (left + side, top + side), (left, top + side))
    marks = tuple((ox + mx + MARK / 2, oy + my + MARK / 2) for mx, my in corner_marks(box_h)) if layout >= 2 else ()
    low = lower(landscape_map(landscape), box_h)
    cells = tuple((ox + cx, oy + cy) for cx, cy in (track_centre(n, low) for n in range(1, edition().track_max + 1)))
    ticks = tuple((ox + tx, oy + ty) for tx, ty in golden_boxes(landscape_map(landscape), low)) if layout >= 2 else ()
    return Page(qr, marks, cells, low.radius, ticks, (w, h), star_offset(low))


TICK_SIDE = GOLD_BOX


def homography(src, dst) -> np.ndarray:
    """The 3x3 projective map taking each `src` point to its `dst` (least squares over four or more)."""
    rows = []
    for (x, y), (u, v) in zip(src, dst, strict=True):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y, -u])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y, -v])
    _, _, vt = np.linalg.svd(np.asarray(rows, dtype=float))
    h = vt[-1].reshape(3, 3)
    return h / h[2, 2]


def affine(src, dst) -> np.ndarray:
    """The affine map (as a 3x3 matrix) nearest to taking each `src` point to its `dst`: steadier than a projective
    map when the points span a small part of the page, as a QR code's corners do."""
    a = np.asarray([[x, y, 1.0] for x, y in src])
    solved, *_ = np.linalg.lstsq(a, np.asarray(dst, dtype=float), rcond=None)
    return np.vstack([solved.T, [0.0, 0.0, 1.0]])


def project(h: np.ndarray, xs, ys):
    """Page mm to photo pixels through `h`, for arrays of points."""
    xs, ys = np.asarray(xs, dtype=float), np.asarray(ys, dtype=float)
    d = h[2, 0] * xs + h[2, 1] * ys + h[2, 2]
    return (h[0, 0] * xs + h[0, 1] * ys + h[0, 2]) / d, (h[1, 0] * xs + h[1, 1] * ys + h[1, 2]) / d


def scale_at(h: np.ndarray, x: float, y: float) -> float:
    """Photo pixels per page mm about (x, y), the smaller of the two directions."""
    us, vs = project(h, [x, x + 1, x], [y, y, y + 1])
    return float(min(np.hypot(us[1] - us[0], vs[1] - vs[0]), np.hypot(us[2] - us[0], vs[2] - vs[0])))
