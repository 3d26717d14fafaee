"""Search for a printed layout of an edition's Bolotomus map (templates/snits/layout-EDITION.toml): organ centres and
the key box on the 267 x 190 mm map area that meet the checks of tests/sheets/test_bolotomus_map.py (and of the big
maps in test_map_tiles.py), with passages crossing each other as little as possible. Run it when a passage of
map-EDITION.toml changes and the tests say the layout no longer fits:

    .venv/bin/python benchmarks/map_layout.py --score                      # score the layout file as it is
    .venv/bin/python benchmarks/map_layout.py --temp 6 --reach 10 --write  # search from it, write the best
    .venv/bin/python benchmarks/map_layout.py --fresh --steps 100000       # search from random centres
    .venv/bin/python benchmarks/map_layout.py --fresh --organ 47x35.5 --area 273x197 --key 110x30 --steps 40000 \
        --restarts 3                                                         # would bigger organs fit the page?

Simulated annealing over the centres (and the key's place), starting from the layout file when it has every organ.
Hard faults (organ boxes overlapping or off the map, also at the big map's least scale; a passage through a third
organ or the key; an orifice off the bottom row or its entry arrow off the map; a passage through an entry's arrow
and words) cost far more than the soft ones (passages crossing, a limit tag over another passage, a passage by a
Compositor's or smasher's badge, passages leaving a box close together, a passage too short to show its tag, organs
nearly but not quite in a row). About 600 steps a second; --temp 2-6 with --reach 4-10 polishes a layout, the
defaults move organs across the map. Prints the best layout's faults, its key and centres (rounded to 0.5 mm) and
the organs' x, y in percent for the terminal sketch, to copy into map-EDITION.toml; --write writes the layout file
(its header comments kept).
"""
from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

from companion.core.edition_data import EditionDataError, read_template
from companion.snits import bolotomus

ROOT = Path(__file__).resolve().parent.parent
GAP = 4.0        # mm kept between two organ boxes (and an organ and the key)
CLEAR = 2.5      # mm a passage keeps from a third organ's box and from the key
ENTRY = 13.5     # mm below an orifice's box: its entry arrow and words
BOTTOM_ROW = 146.0  # an orifice's centre sits at least this low (and its arrow stays on the map)
TAG = {"red": (13.0, 5.4), "channel": (5.2, 5.2), "canal": (5.2, 5.2)}  # a limit tag's box, w x h mm, with a margin
SHOWN = 7.0      # mm of a passage shown beyond its tag's width
ALIGN = 8.0      # mm: organs this close to a common row or column are pulled onto it (a tidier page)
BADGE = 2.6      # mm, the radius of a Compositor's M and a smasher's star
HARD = 1000.0


def segment_box(p, q, box, margin=0.0) -> float:
    """How deep the segment p-q runs into the box (grown by margin): 0 if it misses it (Liang-Barsky clipping)."""
    x, y, w, h = box[0] - margin, box[1] - margin, box[2] + 2 * margin, box[3] + 2 * margin
    dx, dy = q[0] - p[0], q[1] - p[1]
    t0, t1 = 0.0, 1.0
    for pk, qk in ((-dx, p[0] - x), (dx, x + w - p[0]), (-dy, p[1] - y), (dy, y + h - p[1])):
        if pk == 0:
            if qk < 0:
                return 0.0
        else:
            t = qk / pk
            if pk < 0:
                t0 = max(t0, t)
            else:
                t1 = min(t1, t)
    if t0 >= t1:
        return 0.0
    # how far inside: the clipped piece's middle from the grown box's nearest edge
    mx, my = p[0] + dx * (t0 + t1) / 2, p[1] + dy * (t0 + t1) / 2
    return 1e-3 + min(mx - x, x + w - mx, my - y, y + h - my)


def distance(point, p, q) -> float:
    dx, dy = q[0] - p[0], q[1] - p[1]
    t = max(0.0, min(1.0, ((point[0] - p[0]) * dx + (point[1] - p[1]) * dy) / (dx * dx + dy * dy or 1.0)))
    return math.dist(point, (p[0] + t * dx, p[1] + t * dy))


def crosses(p1, p2, p3, p4) -> bool:
    def side(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    d1, d2, d3, d4 = side(p3, p4, p1), side(p3, p4, p2), side(p1, p2, p3), side(p1, p2, p4)
    return d1 * d2 < 0 and d3 * d4 < 0


def edge_point(c, toward, w, h):
    dx, dy = toward[0] - c[0], toward[1] - c[1]
    t = min(w / 2 / abs(dx) if dx else math.inf, h / 2 / abs(dy) if dy else math.inf)
    return c[0] + dx * t, c[1] + dy * t


def big_half_box(width: float, height: float) -> tuple[float, float]:
    """Half an organ box of the big map (nine counters) in the page layout's mm, at the least scale any big map
    (A3, or tiled on A4 or Letter) draws the layout with: its organs must stay inside the map area there too."""
    from companion.sheets.bolotomus_map import PAGE_MARGIN, POSTER_EDGE, TITLE_H
    from companion.sheets.layout import A3, PAPERS
    from companion.sheets.map_layout import BAND, BIG_SPOTS, COUNTER, FOOT, SIDE
    from companion.sheets.tiles import TILES, tiling

    w, h = A3.size(landscape=True)
    scales = [min((w - 2 * PAGE_MARGIN) / width, (h - 2 * PAGE_MARGIN - TITLE_H) / height)]
    for paper in ("a4", "letter"):
        for tiles in TILES.values():
            t, turned = tiling(PAPERS[paper], *tiles, width, height)
            pw, ph = t.size[::-1] if turned else t.size
            scales.append(min((pw - 2 * POSTER_EDGE) / width, (ph - 2 * POSTER_EDGE) / height))
    s = min(scales)
    return (2 * SIDE + BIG_SPOTS[0] * COUNTER) / 2 / s, (BAND + BIG_SPOTS[1] * COUNTER + FOOT) / 2 / s


class Problem:
    def __init__(self, edition: str):
        self.board = bolotomus.load(edition)
        self.edition = edition
        try:
            data = read_template("snits", f"layout-{edition}.toml")
        except EditionDataError:  # no layout yet: the first edition's area, sizes and key
            data = read_template("snits", "layout-first-edition.toml")
            data = {**data, "centre": {}}
        self.data = data
        self.W, self.H = data["width"], data["height"]
        self.w, self.h = data["organ_w"], data["organ_h"]
        self.kw, self.kh = data["key"][2], data["key"][3]
        self.names = [o.name for o in self.board.organs]
        self.orifice = [bool(o.orifice) for o in self.board.organs]
        self.ends = [(p.a, p.b, p.kind) for p in self.board.passages]
        self.badged = [i for i, o in enumerate(self.board.organs) if o.compositor or o.smasher]
        self.big = big_half_box(self.W, self.H)

    def resized(self, organ, area, key) -> None:
        """Organ boxes, map area and key of other sizes (each None: as the layout file has it), to measure whether
        they fit: the big map's larger boxes are not asked for, and the orifices' bottom row follows the area."""
        global BOTTOM_ROW
        self.w, self.h = organ or (self.w, self.h)
        self.W, self.H = area or (self.W, self.H)
        self.kw, self.kh = key or (self.kw, self.kh)
        self.big = (self.w / 2, self.h / 2)
        BOTTOM_ROW = self.H - ENTRY - self.h / 2 - 10

    def start(self, rng: random.Random):
        centres = self.data["centre"]
        if len(centres) == len(self.names) and all(n in centres for n in self.names):
            pos = [tuple(map(float, centres[n])) for n in self.names]
            return pos, tuple(self.data["key"][:2])
        pos = [(rng.uniform(self.w / 2, self.W - self.w / 2),
                rng.uniform(BOTTOM_ROW, self.H - ENTRY - self.h / 2) if self.orifice[i]
                else rng.uniform(self.h / 2, self.H - self.h / 2)) for i in range(len(self.names))]
        return pos, (self.W - self.kw - 20, self.H - self.kh)

    def box(self, c):
        return c[0] - self.w / 2, c[1] - self.h / 2, self.w, self.h

    def score(self, pos, key, report: bool = False):
        """(total, faults): the weighted faults of a layout; `report` lists each in words."""
        faults = []
        total = 0.0

        def fault(cost, what):
            nonlocal total
            total += cost
            if report:
                faults.append(f"{cost:8.1f} {what}")

        boxes = [self.box(c) for c in pos]
        keybox = (key[0], key[1], self.kw, self.kh)
        n = len(pos)
        # organs: on the map, apart from each other and the key; orifices on the bottom row
        for i, (x, y, w, h) in enumerate(boxes):
            bw, bh = self.big  # the big map's box, scaled back: larger than the page's
            cx, cy = pos[i]
            out = max(0, bw - cx) + max(0, cx + bw - self.W) + max(0, bh - cy) + max(0, cy + bh - self.H)
            if out:
                fault(HARD + 100 * out, f"{self.names[i]} off the map")
            if self.orifice[i]:
                low = max(0, y + h + ENTRY - self.H) + max(0, BOTTOM_ROW - pos[i][1])
                if low:
                    fault(HARD + 100 * low, f"{self.names[i]} is an orifice off the bottom row")
            others = boxes[i + 1:] + [keybox]
            for j, (bx, by, bw, bh) in enumerate(others):
                ox = min(x + w, bx + bw) - max(x, bx) + GAP
                oy = min(y + h, by + bh) - max(y, by) + GAP
                if ox > 0 and oy > 0:
                    other = self.names[i + 1 + j] if i + 1 + j < n else "the key"
                    fault(HARD + 50 * min(ox, oy), f"{self.names[i]} and {other} overlap (or closer than {GAP} mm)")
        ys = [c[1] for c, o in zip(pos, self.orifice, strict=True) if o]
        if ys and max(ys) - min(ys) > 0.1:
            fault(5 * (max(ys) - min(ys)), "the orifices are not on one line")
        for i in range(n):
            for j in range(i + 1, n):
                for d in (abs(pos[i][0] - pos[j][0]), abs(pos[i][1] - pos[j][1])):
                    if 0.1 < d < ALIGN:
                        total += 0.4 * d
        entries = [(x, y + h, w, ENTRY) for i, (x, y, w, h) in enumerate(boxes) if self.orifice[i]]
        for ex, ey, ew, eh in entries:
            for j, (x, y, w, h) in enumerate(boxes + [keybox]):
                ox = min(ex + ew, x + w) - max(ex, x)
                oy = min(ey + eh, y + h) - max(ey, y)
                if ox > 0 and oy > 0:
                    fault(HARD, f"an entry under an orifice runs into {self.names[j] if j < n else 'the key'}")
        # passages: edge to edge, clear of third organs, the key and the entries; crossing as few as can be
        segs = []
        for a, b, kind in self.ends:
            p = edge_point(pos[a], pos[b], self.w, self.h)
            q = edge_point(pos[b], pos[a], self.w, self.h)
            segs.append((p, q))
            label = f"{self.names[a]}-{self.names[b]}"
            for k, bx in enumerate(boxes):
                if k in (a, b):
                    continue
                depth = segment_box(p, q, bx, CLEAR)
                if depth:
                    fault(HARD + 100 * depth, f"{label} runs over {self.names[k]}")
            depth = segment_box(p, q, keybox, CLEAR)
            if depth:
                fault(HARD + 100 * depth, f"{label} runs over the key")
            for e in entries:
                if segment_box(p, q, e, 0.5):
                    fault(HARD, f"{label} runs over an orifice's entry")
            tw, th = TAG[kind]
            length = math.dist(p, q)
            if length < tw + SHOWN:
                fault(20 * (tw + SHOWN - length), f"{label} is {length:.1f} mm long: too short for its tag")
            total += 0.02 * length  # shorter passages: a tighter map
        for i in range(len(segs)):
            a1, b1, _ = self.ends[i]
            mid = ((segs[i][0][0] + segs[i][1][0]) / 2, (segs[i][0][1] + segs[i][1][1]) / 2)
            tw, th = TAG[self.ends[i][2]]
            tag = (mid[0] - tw / 2, mid[1] - th / 2, tw, th)
            for j in range(len(segs)):
                if i == j:
                    continue
                a2, b2, _ = self.ends[j]
                if j > i and not {a1, b1} & {a2, b2} and crosses(*segs[i], *segs[j]):
                    fault(60, f"{self.names[a1]}-{self.names[b1]} crosses {self.names[a2]}-{self.names[b2]}")
                if segment_box(*segs[j], tag):
                    fault(15, f"the tag of {self.names[a1]}-{self.names[b1]} lies on {self.names[a2]}-{self.names[b2]}")
                if j > i and {a1, b1} & {a2, b2}:  # two passages of one organ: apart where they leave it
                    here = ({a1, b1} & {a2, b2}).pop()
                    p1 = segs[i][0] if a1 == here else segs[i][1]
                    p2 = segs[j][0] if a2 == here else segs[j][1]
                    apart = math.dist(p1, p2)
                    if apart < 7:
                        fault(4 * (7 - apart), f"{self.names[a1]}-{self.names[b1]} and {self.names[a2]}-"
                                               f"{self.names[b2]} leave {self.names[here]} {apart:.1f} mm apart")
            # a Compositor's M and a smasher's star stand out of their box's top-right corner: no passage over them
            ink = 1.2 if self.ends[i][2] == "channel" else 0.4
            for k in self.badged:
                x, y, w, h = boxes[k]
                room = distance((x + w - 1, y + 1), *segs[i]) - ink - BADGE
                if room < 1.0:
                    fault(10 + 30 * (1.0 - room), f"{self.names[a1]}-{self.names[b1]} runs by the badge of "
                                                  f"{self.names[k]} ({room:.1f} mm)")
            # a passage passing close by a third organ reads as if it entered it
            for k, bx in enumerate(boxes):
                if k not in (a1, b1) and segment_box(*segs[i], bx, CLEAR + 3):
                    fault(6, f"{self.names[a1]}-{self.names[b1]} passes close by {self.names[k]}")
        return total, faults

    def anneal(self, rng: random.Random, steps: int, start=None, temp0: float = 40.0, reach: float = 30.0):
        pos, key = start or self.start(rng)
        pos = list(pos)
        cur, _ = self.score(pos, key)
        best = (cur, list(pos), key)
        for step in range(steps):
            temp = temp0 * (1 - step / steps) ** 2 + 0.05
            new_pos, new_key = list(pos), key
            move = rng.random()
            sigma = 1 + reach * (1 - step / steps)
            if move < 0.12:
                i, j = rng.sample(range(len(pos)), 2)
                new_pos[i], new_pos[j] = new_pos[j], new_pos[i]
            elif move < 0.2:
                new_key = (min(max(0.0, key[0] + rng.gauss(0, sigma)), self.W - self.kw),
                           rng.choice((0.0, self.H - self.kh)) if rng.random() < 0.1 else key[1])
            else:
                i = rng.randrange(len(pos))
                x, y = new_pos[i]
                new_pos[i] = (min(max(self.w / 2, x + rng.gauss(0, sigma)), self.W - self.w / 2),
                              min(max(self.h / 2, y + rng.gauss(0, sigma)), self.H - self.h / 2))
            s, _ = self.score(new_pos, new_key)
            if s <= cur or rng.random() < math.exp((cur - s) / temp):
                pos, key, cur = new_pos, new_key, s
                if s < best[0]:
                    best = (s, list(pos), key)
        return best

    def rounded(self, pos, key):
        """Centres on a 0.5 mm grid (a readable file), each nudged by half a millimetre where rounding cost more."""
        pos = [(round(x * 2) / 2, round(y * 2) / 2) for x, y in pos]
        key = (round(key[0] * 2) / 2, key[1])
        best = self.score(pos, key)[0]
        for _ in range(5):
            better = False
            for i in range(len(pos)):
                for dx in (-0.5, 0, 0.5):
                    for dy in (-0.5, 0, 0.5):
                        trial = list(pos)
                        trial[i] = (pos[i][0] + dx, pos[i][1] + dy)
                        s = self.score(trial, key)[0]
                        if s < best - 1e-9:
                            pos, best, better = trial, s, True
            for dx in (-0.5, 0.5):
                s = self.score(pos, (key[0] + dx, key[1]))[0]
                if s < best - 1e-9:
                    key, best, better = (key[0] + dx, key[1]), s, True
            if not better:
                break
        return pos, key

    def toml(self, pos, key) -> str:
        """The layout file: its header kept (all above `key =`), the key and the centres written anew."""
        path = ROOT / "templates" / "snits" / f"layout-{self.edition}.toml"
        text = path.read_text() if path.exists() else ""
        head = text[:text.index("\nkey = ") + 1] if "\nkey = " in text else (
            f"width = {self.W}\nheight = {self.H}\norgan_w = {self.w}\norgan_h = {self.h}\n")
        lines = [f"key = [{key[0]:.1f}, {key[1]:.1f}, {self.kw:.1f}, {self.kh:.1f}]   # x, y, w, h", "", "[centre]"]
        lines += [f'"{n}" = [{c[0]:.1f}, {c[1]:.1f}]' for n, c in zip(self.names, pos, strict=True)]
        return head + "\n".join(lines) + "\n"


def size(text: str) -> tuple[float, float]:
    """'47x35.5': width and height in mm."""
    w, h = text.lower().split("x")
    return float(w), float(h)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--edition", default=bolotomus.DEFAULT_EDITION, choices=bolotomus.EDITIONS)
    ap.add_argument("--steps", type=int, default=60000)
    ap.add_argument("--restarts", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--temp", type=float, default=40.0, help="the starting temperature (lower: stay near the start)")
    ap.add_argument("--reach", type=float, default=30.0, help="mm an organ moves a step at the start")
    ap.add_argument("--fresh", action="store_true", help="start from random centres, not the layout file's")
    ap.add_argument("--write", action="store_true", help="write the best layout into layout-EDITION.toml")
    ap.add_argument("--score", action="store_true", help="only score the layout file")
    ap.add_argument("--organ", type=size, help="WxH mm: try organ boxes of this size (with --fresh; the page alone, "
                                               "not the big map)")
    ap.add_argument("--area", type=size, help="WxH mm: the map area to try them on")
    ap.add_argument("--key", type=size, help="WxH mm: the key box to try")
    args = ap.parse_args()
    problem = Problem(args.edition)
    if args.organ or args.area or args.key:
        if args.write or not args.fresh:
            ap.error("--organ, --area and --key measure what fits: give --fresh, and no --write")
        problem.resized(args.organ, args.area, args.key)
    if args.score:
        pos, key = problem.start(random.Random(0))
        total, faults = problem.score(pos, key, report=True)
        print(f"score {total:.1f}")
        print("\n".join(f for f in faults if f.strip()))
        return 0
    results = []
    for r in range(args.restarts):
        rng = random.Random(args.seed * 1000 + r)
        if args.fresh:
            start = None
            problem.data = {**problem.data, "centre": {}}
        else:
            start = problem.start(rng)
        results.append(problem.anneal(rng, args.steps, start, args.temp, args.reach))
        print(f"restart {r}: {results[-1][0]:.1f}", file=sys.stderr)
    total, pos, key = min(results, key=lambda t: t[0])
    pos, key = problem.rounded(pos, key)
    total, faults = problem.score(pos, key, report=True)
    print(f"# score {total:.1f}, hard faults {sum(1 for f in faults if float(f.split()[0]) >= HARD)}")
    print("\n".join(f"# {f}" for f in faults if f.strip()))
    text = problem.toml(pos, key)
    print(text[text.index("key = "):])
    if args.write:
        (ROOT / "templates" / "snits" / f"layout-{args.edition}.toml").write_text(text)
    print("\n# the terminal sketch's x, y (percent):")
    for n, (x, y) in zip(problem.names, pos, strict=True):
        print(f"# {n}: x = {round(x / problem.W * 100)}, y = {round(y / problem.H * 100)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
