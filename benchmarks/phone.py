"""What a phone and a table add to a flat sheet (benchmarks/photos.py): a 12 MP photo of it lying on wood or cloth,
turned any way, tilted, lit unevenly, shadowed, curled, out of focus, noisy and JPEG-compressed; seeded.

Only numpy and Pillow: one mesh transform carries the perspective and the curl, gain maps drawn small and enlarged
carry the light and the shadow, so a photo takes about a second.
"""
from __future__ import annotations

import io
import math
import random
from functools import lru_cache

import numpy as np
from PIL import Image, ImageChops, ImageDraw, ImageFilter

FRAME = (4032, 3024)  # 12 MP, landscape; half the photos are taken upright (3024 x 4032)
FOCUS = 1.5  # px: a blur sigma above this is out of focus (0.3 mm at the 5 px/mm a good photo has at least)
GOOD_PX_MM = 5.0
GOOD_SHADOW = 0.45
MESH = 96  # px: the side of the squares the perspective and curl are drawn over, each mapped bilinearly


def shoot(sheet: Image.Image, px_mm: float, rng: random.Random) -> tuple[bytes, dict]:
    """A JPEG photo of `sheet` (an RGB page at `px_mm` pixels a millimetre) and its conditions: px_per_mm (the least
    along the sheet), blur (gaussian sigma, px), shadow (darkening 0-1), quality, rotation, tilt (degrees), fill
    (share of the frame's width or height the sheet spans), corners (the page's, clockwise from its top left, before
    the curl), and good: px_per_mm >= 5, blur <= FOCUS, shadow <= 0.45."""
    size = FRAME if rng.random() < 0.5 else FRAME[::-1]
    gen = np.random.default_rng(rng.getrandbits(64))
    rotation, tilt = rng.uniform(0, 360), 25 * rng.random() ** 1.3
    fill = 0.5 + 0.45 * math.sqrt(rng.random())  # people fill the frame with what they photograph, most of them
    corners = _placed(sheet.size, size, rotation, tilt, fill, rng)
    forward = homography([(0, 0), (sheet.width, 0), (sheet.width, sheet.height), (0, sheet.height)], corners)
    scale = _scales(forward, sheet.size)
    curl = rng.uniform(0, 0.012) * max(sheet.size)
    blur = rng.uniform(0.3, FOCUS) if rng.random() < 0.88 else rng.uniform(FOCUS, 3.5)
    image = _table(size, rng, gen)
    flat = _warp(sheet, forward, size, min(1.0, 1.3 * max(scale)), curl, blur, rng)
    image.paste(flat, (0, 0), flat)
    shadow = 0.0 if rng.random() < 0.4 else 0.1 + 0.5 * rng.random() ** 1.5  # light shadows the more often
    image = ImageChops.multiply(image, _light(size, corners, shadow, rng))
    noise = rng.uniform(1.5, 6.0)
    image = _noisy(image, noise, gen)
    quality = rng.randint(50, 95)
    out = io.BytesIO()
    image.save(out, "JPEG", quality=quality)
    least = min(scale) * px_mm
    conditions = {"size": list(size), "px_per_mm": round(least, 2), "blur": round(blur, 2),
                  "shadow": round(shadow, 2), "quality": quality, "rotation": round(rotation, 1),
                  "tilt": round(tilt, 1), "fill": round(fill, 2), "curl": round(curl / px_mm, 1),
                  "noise": round(noise, 1), "corners": [[round(x, 1), round(y, 1)] for x, y in corners],
                  "good": least >= GOOD_PX_MM and blur <= FOCUS and shadow <= GOOD_SHADOW}
    return out.getvalue(), conditions


def _placed(sheet, size, rotation, tilt, fill, rng) -> list[tuple[float, float]]:
    """The sheet's corners in the photo: turned, tilted towards a phone held over it, spanning `fill` of the frame."""
    w, h = sheet
    a, axis, t = math.radians(rotation), rng.uniform(0, 2 * math.pi), math.radians(tilt)
    ux, uy = math.cos(axis), math.sin(axis)
    focal = 0.8 * max(size)
    distance = focal * max(w, h) / (fill * max(size))
    points = []
    for x, y in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)):
        x, y = x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a)
        along = x * ux + y * uy  # tilt: the sheet turns about the axis (ux, uy); the rest leaves the plane
        across_x, across_y = x - along * ux, y - along * uy
        depth = math.hypot(across_x, across_y) * math.sin(t) * (1 if across_x * -uy + across_y * ux > 0 else -1)
        x, y = along * ux + across_x * math.cos(t), along * uy + across_y * math.cos(t)
        points.append((focal * x / (distance + depth), focal * y / (distance + depth)))
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    k = fill / max((max(xs) - min(xs)) / size[0], (max(ys) - min(ys)) / size[1])
    spare_x, spare_y = size[0] - k * (max(xs) - min(xs)), size[1] - k * (max(ys) - min(ys))
    dx, dy = rng.uniform(0.1, 0.9) * spare_x - k * min(xs), rng.uniform(0.1, 0.9) * spare_y - k * min(ys)
    return [(k * x + dx, k * y + dy) for x, y in points]


def homography(src, dst) -> np.ndarray:
    """The 3x3 projective map taking the four points `src` to `dst`."""
    rows, rhs = [], []
    for (x, y), (u, v) in zip(src, dst, strict=True):
        rows += [[x, y, 1, 0, 0, 0, -u * x, -u * y], [0, 0, 0, x, y, 1, -v * x, -v * y]]
        rhs += [u, v]
    return np.append(np.linalg.solve(np.array(rows, float), np.array(rhs, float)), 1.0).reshape(3, 3)


def _apply(h: np.ndarray, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    w = h[2, 0] * x + h[2, 1] * y + h[2, 2]
    return (h[0, 0] * x + h[0, 1] * y + h[0, 2]) / w, (h[1, 0] * x + h[1, 1] * y + h[1, 2]) / w


def _scales(forward: np.ndarray, sheet) -> tuple[float, float]:
    """The least and the most photo pixels a sheet pixel spans, in any direction, anywhere on the sheet."""
    x, y = np.meshgrid(np.linspace(0, sheet[0], 9), np.linspace(0, sheet[1], 9))
    x, y = x.ravel(), y.ravel()
    u, v = _apply(forward, x, y)
    ux, vx = _apply(forward, x + 1, y)
    uy, vy = _apply(forward, x, y + 1)
    jac = np.stack([np.stack([ux - u, uy - u], -1), np.stack([vx - v, vy - v], -1)], -2)
    values = np.linalg.svd(jac, compute_uv=False)
    return float(values.min()), float(values.max())


def _warp(sheet, forward, size, shrink, curl, blur, rng) -> Image.Image:
    """The sheet as the photo sees it (transparent round it), out of focus by `blur` (photo px): a mesh whose
    squares each map back onto the sheet through the perspective and a curl (the edges bowing where the paper
    lifts). The sheet is blurred before, where it is smaller than the photo: the table is smooth already."""
    small = sheet.resize((round(sheet.width * shrink), round(sheet.height * shrink)), Image.Resampling.BOX) \
        if shrink < 0.95 else sheet
    f = small.width / sheet.width
    rim = 4 + math.ceil(3 * blur)
    soft = Image.new("RGBa", (small.width + 2 * rim, small.height + 2 * rim), (0, 0, 0, 0))
    soft.paste(small.convert("RGBA").convert("RGBa"), (rim, rim))  # by RGBA: Pillow before 10.4 has no RGB to RGBa
    lo, hi = _scales(forward, sheet.size)
    soft = soft.filter(ImageFilter.GaussianBlur(blur * f / math.sqrt(lo * hi))).convert("RGBA")
    back = np.linalg.inv(forward)
    xs, ys = np.meshgrid(np.arange(0, size[0] + MESH, MESH, dtype=float), np.arange(0, size[1] + MESH, MESH, dtype=float))
    sx, sy = _apply(back, xs, ys)
    w, h = sheet.size
    bend, edge = rng.choice((-1, 1)), rng.random() < 0.5  # bows along the long or the short side
    u, v = (sx / w - 0.5) * 2, (sy / h - 0.5) * 2
    if edge:
        sy = sy + bend * curl * (u ** 2 - 0.3)
    else:
        sx = sx + bend * curl * (v ** 2 - 0.3)
    sx, sy = sx * f + rim, sy * f + rim
    inside = (sx > -MESH) & (sx < soft.width + MESH) & (sy > -MESH) & (sy < soft.height + MESH)
    mesh = []
    for r in range(xs.shape[0] - 1):
        for c in range(xs.shape[1] - 1):
            if inside[r, c] or inside[r + 1, c] or inside[r, c + 1] or inside[r + 1, c + 1]:
                box = (int(xs[r, c]), int(ys[r, c]), int(xs[r, c + 1]), int(ys[r + 1, c]))
                quad = (sx[r, c], sy[r, c], sx[r + 1, c], sy[r + 1, c], sx[r + 1, c + 1], sy[r + 1, c + 1],
                        sx[r, c + 1], sy[r, c + 1])
                mesh.append((box, quad))
    return soft.transform(size, Image.Transform.MESH, mesh, Image.Resampling.BILINEAR, fillcolor=(0, 0, 0, 0))


def _smooth(gen: np.random.Generator, size, cells: tuple[int, int]) -> np.ndarray:
    """A smooth random field in 0..1 over `size` (w, h): random values on a coarse grid, enlarged bicubically."""
    coarse = Image.fromarray((gen.random((cells[1], cells[0])) * 255).astype(np.uint8))
    return np.asarray(coarse.resize(size, Image.Resampling.BICUBIC), np.float32) / 255


def _table(size, rng, gen) -> Image.Image:
    """The table under the sheet: wood with its grain, a woven cloth, or a plain light top, drawn small, enlarged."""
    w, h = size[0] // 4, size[1] // 4
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    kind = rng.choice(("wood", "wood", "cloth", "plain"))
    if kind == "wood":
        a = rng.uniform(0, math.pi)
        along = x * math.cos(a) + y * math.sin(a)
        warp = _smooth(gen, (w, h), (6, 5)) * rng.uniform(20, 60)
        grain = 0.5 + 0.5 * np.sin((along + warp) * rng.uniform(0.08, 0.25))
        tone = 0.75 + 0.25 * grain * (0.6 + 0.4 * _smooth(gen, (w, h), (30, 24)))
        base = np.array([rng.randint(120, 190), rng.randint(80, 130), rng.randint(45, 90)], np.float32)
    elif kind == "cloth":
        weave = 0.5 + 0.25 * (np.sin(x * rng.uniform(1.2, 2.5)) + np.sin(y * rng.uniform(1.2, 2.5)))
        tone = 0.8 + 0.2 * weave * (0.7 + 0.3 * _smooth(gen, (w, h), (8, 6)))
        base = np.array([rng.randint(40, 220) for _ in range(3)], np.float32)
    else:
        tone = 0.9 + 0.1 * _smooth(gen, (w, h), (5, 4))
        grey = rng.randint(170, 235)
        base = np.array([grey, grey - rng.randint(0, 15), grey - rng.randint(0, 30)], np.float32)
    rgb = tone[..., None] * base + gen.normal(0, 4, (h, w, 1)).astype(np.float32)
    return Image.fromarray(np.clip(rgb, 0, 255).astype(np.uint8)).resize(size, Image.Resampling.BILINEAR)


def _light(size, corners, shadow, rng) -> Image.Image:
    """The light's gain over the photo (255 = as bright as the sheet is white): a gradient from a lamp or window,
    a tint, a darker rim, and a soft shadow (a hand's or the phone's) of `shadow` darkening over part of the sheet."""
    w, h = size[0] // 16, size[1] // 16
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    a = rng.uniform(0, 2 * math.pi)
    ramp = ((x / w - 0.5) * math.cos(a) + (y / h - 0.5) * math.sin(a)) * rng.uniform(0, 0.5)
    rim = ((x / w - 0.5) ** 2 + (y / h - 0.5) ** 2) * rng.uniform(0, 0.5)
    gain = rng.uniform(0.8, 1.0) * (1 - rim) * (1 + ramp) / 1.25
    mask = Image.new("L", (w, h), 0)
    if shadow:
        cx, cy = [sum(p[k] for p in corners) / 4 / 16 for k in (0, 1)]
        reach = 0.5 * math.dist(corners[0], corners[2]) / 16
        ox, oy = cx + rng.uniform(-0.6, 0.6) * reach, cy + rng.uniform(-0.6, 0.6) * reach
        spokes = sorted(rng.uniform(0, 2 * math.pi) for _ in range(rng.randint(4, 7)))
        polygon = [(ox + reach * rng.uniform(0.3, 0.9) * math.cos(t), oy + reach * rng.uniform(0.3, 0.9) * math.sin(t))
                   for t in spokes]
        ImageDraw.Draw(mask).polygon(polygon, 255)
        mask = mask.filter(ImageFilter.GaussianBlur(rng.uniform(0.5, 3.0)))
    dark = 1 - shadow * np.asarray(mask, np.float32) / 255
    tint = np.array([rng.uniform(0.92, 1.0), rng.uniform(0.95, 1.0), rng.uniform(0.88, 1.0)], np.float32)
    rgb = np.clip(255 * (gain * dark)[..., None] * tint / tint.max(), 0, 255).astype(np.uint8)
    return Image.fromarray(rgb).resize(size, Image.Resampling.BILINEAR)


@lru_cache(maxsize=1)
def _grain() -> Image.Image:
    """Unit grey grain (sigma 32 about 128) a frame's size, drawn once: each photo takes it shifted its own way."""
    side = max(FRAME)
    grain = np.random.default_rng(12).standard_normal((side, side), dtype=np.float32) * 32 + 128
    return Image.fromarray(np.clip(grain, 0, 255).astype(np.uint8))


def _noisy(image: Image.Image, sigma: float, gen: np.random.Generator) -> Image.Image:
    """Sensor noise: grey grain over every pixel, and coarser colour blotches, as a phone's denoiser leaves them."""
    side = max(FRAME)
    dx, dy = (int(k) for k in gen.integers(0, side, 2))
    grain = ImageChops.offset(_grain(), dx, dy).crop((0, 0, *image.size))
    luma = grain.point([min(255, max(0, round(128 + (v - 128) * sigma / 32))) for v in range(256)])
    chroma = gen.standard_normal((image.height // 8, image.width // 8, 3), dtype=np.float32) * sigma * 0.6
    blotch = Image.fromarray(np.clip(chroma + 128, 0, 255).astype(np.uint8)).resize(image.size)
    noise = ImageChops.add(Image.merge("RGB", (luma, luma, luma)), blotch, 1.0, -128)
    return ImageChops.add(image, noise, 1.0, -128)
