"""Finding the sheet in the photo: its QR code says which sheet it is and where, roughly; the corner marks (layout
2) then pin the page's corners, and the map from page to photo is fitted to all of them."""
from __future__ import annotations

import itertools

import numpy as np

from companion.core.language import N_, _
from companion.scan.geometry import Page, affine, homography, page, project
from companion.scan.reading import Unreadable
from companion.scan.sampling import grid, ink, sample
from companion.sheets.sheet_layout import MARK
from companion.tokens.pad_code import PadSheet, read_pad_code

NO_CODE = N_("no sheet's code found: photograph the whole sheet, closer, in focus and evenly lit (the QR code at "
           "the right of the grid must be sharp)")
STEP = 0.25  # mm between the points sampled about a corner mark
SEARCH = 30.0  # mm each way a corner mark is looked for about where the QR code alone puts it
NO_MARKS = N_("the sheet's four corners are not all in the photo: photograph the whole sheet, its four black corner "
            "marks inside the frame")


def find_code(gray: np.ndarray) -> tuple[PadSheet, list[tuple[float, float]], int]:
    """The sheet the photo's QR code names, its four corners in photo pixels (clockwise from the symbol's top left)
    and the code's width in modules; tried on the photo halved first (quicker), then whole."""
    import zxingcpp

    from companion.tokens.qr import qr_matrix

    for factor in (2, 1):
        view = gray[::factor, ::factor] if factor > 1 else gray
        found = zxingcpp.read_barcodes(np.ascontiguousarray(view),
                                       formats=zxingcpp.BarcodeFormat.QRCode)  # type: ignore[arg-type]
        for code in found:
            sheet = read_pad_code(code.text) if code.valid else None
            if sheet:
                p = code.position
                corners = [(float(pt.x * factor), float(pt.y * factor)) for pt in (p.top_left, p.top_right, p.bottom_right,
                                                                     p.bottom_left)]
                return sheet, corners, len(qr_matrix(code.text, 0))
    raise Unreadable(_(NO_CODE))


def register(gray: np.ndarray, sheet: PadSheet, corners, modules: int, paper: str) -> tuple[Page, np.ndarray, float]:
    """The page's landmarks, the map from page mm to photo pixels, and how far (mm) the QR code's corners lie from
    where the map puts them: the check on the whole fit (0 on a layout-1 sheet, mapped by its QR code alone)."""
    geo = page(sheet.landscape, paper, sheet.layout, modules)
    if not geo.marks:
        return geo, homography(geo.qr, corners), 0.0
    module = float(np.mean([np.hypot(*np.subtract(corners[i], corners[i - 1])) for i in range(4)])) / modules
    found = squares(gray, module * MARK)
    guess = affine(geo.qr, corners)
    px, py = project(guess, [m[0] for m in geo.marks], [m[1] for m in geo.marks])
    qx, qy = np.mean(corners, axis=0)
    near = []
    for x, y in zip(px, py, strict=True):
        reach = 0.45 * float(np.hypot(x - qx, y - qy)) + 10 * module
        near.append([c for c in found if np.hypot(c[0] - x, c[1] - y) < reach][:6])  # the darkest there
    if not all(near):
        raise Unreadable(_(NO_MARKS))

    def cost(four) -> float:
        """Modules the QR code's corners miss by, plus a module for every tenth of contrast a mark lacks."""
        return qr_miss(geo, corners, homography(geo.marks, [c[:2] for c in four])) / module + sum(
            10 * (1 - c[2]) for c in four)

    h = homography(geo.marks, [c[:2] for c in min(itertools.product(*near), key=cost)])
    refined = [mark_at(gray, h, x, y, 3.0) for x, y in geo.marks]
    if any(r is None for r in refined):
        raise Unreadable(_(NO_MARKS))
    h = homography(geo.marks, refined)
    return geo, h, qr_miss(geo, corners, h) / module


def qr_miss(geo: Page, corners, h: np.ndarray) -> float:
    """Pixels between the QR code's corners as found and as the map from the marks puts them, the worst of four."""
    us, vs = project(h, [q[0] for q in geo.qr], [q[1] for q in geo.qr])
    return max(float(np.hypot(u - c[0], v - c[1])) for u, v, c in zip(us, vs, corners, strict=True))


def squares(gray: np.ndarray, side: float) -> list[tuple[float, float, float]]:
    """Photo pixels of the dark squares about `side` pixels wide with light round them (the corner marks, and
    whatever else looks like one), darkest against their surround first, with that contrast; found on the photo
    shrunk so a mark is some 8 pixels wide, at four sizes for the perspective."""
    f = max(1, int(side / 8))
    rows, cols = gray.shape[0] // f * f, gray.shape[1] // f * f
    small = gray[:rows, :cols].reshape(rows // f, f, cols // f, f).mean(axis=(1, 3))
    s = side / f
    score = np.zeros_like(small)
    for k in (0.6, 0.85, 1.2, 1.7):
        n_in, n_out = max(3, round(0.7 * s * k)) | 1, max(7, round(1.8 * s * k)) | 1
        if n_out >= min(small.shape):
            continue
        inside, outside = boxes(small, n_in) / n_in ** 2, boxes(small, n_out)
        pad = (n_out - n_in) // 2
        core = inside[pad:pad + outside.shape[0], pad:pad + outside.shape[1]]
        ring = (outside - core * n_in ** 2) / (n_out ** 2 - n_in ** 2)
        contrast = 1 - core / np.maximum(ring, 1.0)
        half = n_out // 2
        score[half:half + contrast.shape[0], half:half + contrast.shape[1]] = np.maximum(
            score[half:half + contrast.shape[0], half:half + contrast.shape[1]], contrast)
    order = np.argsort(score, axis=None)[::-1][:4000]
    picked: list[tuple[int, int, float]] = []
    for index in order:
        r, c = divmod(int(index), score.shape[1])
        if score[r, c] < 0.45 or len(picked) >= 60:
            break
        if all(abs(r - pr) > 1.5 * s or abs(c - pc) > 1.5 * s for pc, pr, _ in picked):
            picked.append((c, r, float(score[r, c])))
    return [((c + 0.5) * f, (r + 0.5) * f, contrast) for c, r, contrast in picked]


def mark_at(gray: np.ndarray, h: np.ndarray, x: float, y: float, half: float) -> tuple[float, float] | None:
    """Where in the photo the corner mark nearest page point (x, y) is: the 5 mm square darkest against a white
    ring round it, searched `half` mm each way; its dark pixels' centre. None where no such square is."""
    xs, ys = grid(x, y, half + 5, STEP)
    values = sample(gray, h, xs, ys)
    if np.isnan(values).mean() > 0.5:
        return None
    white = float(np.nanpercentile(values, 95))
    dark = ink(np.nan_to_num(values, nan=0.0), white)  # off the photo counts as dark: no mark there
    inside, ring = boxes(dark, round(5 / STEP)), boxes(dark, round(9 / STEP))
    n_in, n_ring = round(5 / STEP), round(9 / STEP)
    pad = (n_ring - n_in) // 2
    core = inside[pad:pad + ring.shape[0], pad:pad + ring.shape[1]]
    score = core / n_in ** 2 - (ring - core) / (n_ring ** 2 - n_in ** 2)
    row, col = np.unravel_index(int(np.argmax(score)), score.shape)
    if score[row, col] < 0.35:
        return None
    cy, cx = row + n_ring // 2, col + n_ring // 2
    win = dark[cy - n_in:cy + n_in + 1, cx - n_in:cx + n_in + 1]
    weight = np.where(win > 0.5 * float(win.max()), win, 0.0)
    wy, wx = np.mgrid[0:win.shape[0], 0:win.shape[1]]
    mx = xs[0, 0] + (cx - n_in + float((weight * wx).sum() / weight.sum())) * STEP
    my = ys[0, 0] + (cy - n_in + float((weight * wy).sum() / weight.sum())) * STEP
    us, vs = project(h, [mx], [my])
    return float(us[0]), float(vs[0])


def boxes(a: np.ndarray, n: int) -> np.ndarray:
    """The sum of every n x n window of `a` (an integral image's four corners)."""
    s = np.zeros((a.shape[0] + 1, a.shape[1] + 1))
    s[1:, 1:] = a.cumsum(0).cumsum(1)
    return s[n:, n:] - s[:-n, n:] - s[n:, :-n] + s[:-n, :-n]


def blur_mm(gray: np.ndarray, h: np.ndarray, geo: Page) -> float:
    """How out of focus the page is, as a blur's sigma in page mm: the corner marks' edges measured across, the
    25-75% rise of a blurred edge being 1.35 sigma (the median of the four marks' sixteen edges)."""
    steps = np.arange(-1.5, 1.5001, 0.05)
    spreads = []
    for mx, my in geo.marks:
        for along in (-1.2, 0.0, 1.2):
            for xs, ys in ((mx - MARK / 2 + steps, np.full_like(steps, my + along)),
                           (mx + MARK / 2 - steps, np.full_like(steps, my + along)),
                           (np.full_like(steps, mx + along), my - MARK / 2 + steps),
                           (np.full_like(steps, mx + along), my + MARK / 2 - steps)):
                profile = sample(gray, h, xs, ys)  # paper to ink, outside in
                if np.isnan(profile).any():
                    continue
                light, dark = np.percentile(profile, 95), np.percentile(profile, 5)
                if light - dark < 30:
                    continue
                level = (light - profile) / (light - dark)
                first, last = np.argmax(level > 0.25), np.argmax(level > 0.75)
                spreads.append(max(int(last - first), 1) * 0.05 / 1.35)
    return float(np.median(spreads)) if spreads else float("inf")
