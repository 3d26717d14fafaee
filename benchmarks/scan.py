"""The photo reader's benchmark: generated phone photos of finished sheets (benchmarks/photos.py), each read by
companion.scan.read.read_photo and compared with its truth, every goal of issue 32 printed with its figure.

Run from the repository root: python benchmarks/scan.py --photos 400 --seed 0 --workers 2 (landscapes and papers in
turn, pads and sheets random; the same seed gives the same photos). --keep DIR writes every photo and its truth,
--failures DIR the misread ones; real photos with their truth typed in (benchmarks/photos/real/README.md) are read
and their figures printed apart.
"""
from __future__ import annotations

import argparse
import hashlib
import io
import json
import multiprocessing
import random
import statistics
import sys
import time
import tomllib
from collections import Counter
from dataclasses import asdict, dataclass
from functools import partial
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: the repository's benchmarks package beside companion
    sys.path.insert(0, str(ROOT))

from benchmarks.phone import homography  # noqa: E402
from benchmarks.photos import LANDSCAPES, Truth, photo, random_truth  # noqa: E402
from companion.scan.reading import Reading  # noqa: E402
from companion.sheets.layout import PAPERS as PAPER_SIZES  # noqa: E402
from companion.sssnake.edition import edition  # noqa: E402

REAL = ROOT / "benchmarks" / "photos" / "real"
PAPERS = ("a4", "letter")
MARK_LETTERS = {".": "blank", "s": "single", "f": "filled", "d": "double"}
PICTURES = (".jpg", ".jpeg", ".png")


@dataclass(frozen=True)
class Outcome:
    """One photo read and judged against its truth; `refusal` the reader's message when it read nothing."""

    landscape: str
    good: bool
    refusal: str | None
    identity_wrong: bool = False
    exact: bool = False
    cells_right: int = 0
    flagged: bool = False
    wrong_unflagged: bool = False
    seconds: float = 0.0


def judge(truth: Truth, reading: Reading | None, refusal: str | None, good: bool, seconds: float) -> Outcome:
    """How a reading compares: a wrong identity (a pad code read is wrong, never just missing), the whole reading
    exact, the cells right, flagged (unsure cells or gaps) and a wrong score kept without a flag."""
    if reading is None:
        return Outcome(truth.landscape, good, refusal or "refused without a message", seconds=seconds)
    said = (reading.landscape, reading.paper, reading.serial, reading.page)
    meant = (truth.landscape, truth.paper, truth.serial, truth.page)
    wrong = any(s is not None and s != m for s, m in zip(said, meant, strict=True))
    right = sum(a == b for a, b in zip(reading.cells, truth.cells, strict=False))
    flagged = bool(reading.unsure or reading.gaps)
    exact = said == meant and tuple(reading.cells) == truth.cells and reading.ticks == truth.ticks
    misscored = reading.points != truth.reading().points
    return Outcome(truth.landscape, good, None, wrong, exact, right, flagged, misscored and not flagged, seconds)


def _share(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def figures(outcomes: list[Outcome], timed: bool = True) -> list[tuple[str, float | None, str, bool | None]]:
    """Each goal: its name, the figure (a count or a share; None when nothing was there to count), the goal as
    written, and whether it is met (None: not measured)."""
    cells = edition().track_max
    read = [o for o in outcomes if o.refusal is None]
    good = [o for o in outcomes if o.good]
    good_read = [o for o in good if o.refusal is None]
    rows: list[tuple[str, float | None, str, bool | None]] = []

    def row(name: str, figure: float | None, goal: str, met) -> None:
        rows.append((name, figure, goal, None if figure is None else bool(met(figure))))

    row("wrong identity (photos)", sum(o.identity_wrong for o in read), "0", lambda f: f == 0)
    row("wrong score without a flag", _share(sum(o.wrong_unflagged for o in read), len(outcomes)), "<= 0.5%",
        lambda f: f <= 0.005)
    row("good photos: pages read", _share(len(good_read), len(good)), ">= 99%", lambda f: f >= 0.99)
    for land in LANDSCAPES:
        mine = [o for o in good_read if o.landscape == land]
        row(f"good photos: whole reading exact, {land}", _share(sum(o.exact for o in mine), len(mine)), ">= 98%",
            lambda f: f >= 0.98)
    row("good photos: cells right", _share(sum(o.cells_right for o in good_read), cells * len(good_read)),
        ">= 99.5%", lambda f: f >= 0.995)
    row("good photos: flagged for review", _share(sum(o.flagged for o in good_read), len(good_read)), "<= 20%",
        lambda f: f <= 0.2)
    row("all photos: whole reading exact", _share(sum(o.exact for o in read), len(read)), ">= 90%",
        lambda f: f >= 0.9)
    if timed:
        times = sorted(o.seconds for o in outcomes)
        row("time a photo, median (s)", statistics.median(times) if times else None, "<= 1 s", lambda f: f <= 1)
        row("time a photo, p95 (s)", times[min(len(times) - 1, int(0.95 * len(times)))] if times else None,
            "<= 2.5 s", lambda f: f <= 2.5)
    return rows


def report(title: str, outcomes: list[Outcome], timed: bool = True) -> str:
    """The figures as printed: one goal a line, then the refusals tallied by message."""
    good = sum(o.good for o in outcomes)
    lines = [f"{title}: {len(outcomes)} photos, {good} good, {sum(o.refusal is None for o in outcomes)} read"]
    for name, figure, goal, met in figures(outcomes, timed):
        shown = "n/a" if figure is None else str(figure) if isinstance(figure, int) else \
            f"{figure:.2f}" if "(s)" in name else f"{100 * figure:.1f}%"
        lines.append(f"  {name:<44} {shown:>8}   goal {goal:<9} {'n/a' if met is None else 'PASS' if met else 'FAIL'}")
    refusals = Counter(o.refusal for o in outcomes if o.refusal is not None)
    lines.append(f"  refusals: {sum(refusals.values())}" + ("" if refusals else " (none)"))
    lines += [f"    {n:4d}  {message}" for message, n in refusals.most_common()]
    return "\n".join(lines)


def read(data: bytes) -> tuple[Reading | None, str | None, float]:
    """The reader on one photo: its reading or its refusal, and the CPU time it took."""
    from companion.scan.read import read_photo
    from companion.scan.reading import Unreadable

    start = time.process_time()
    try:
        reading, refusal = read_photo(data), None
    except Unreadable as refused:
        reading, refusal = None, str(refused)
    except Exception as crash:  # a crash is a refusal that says nothing useful: tallied by its kind
        reading, refusal = None, f"crash: {type(crash).__name__}"
    return reading, refusal, time.process_time() - start


def generated(index: int, seed: int, old: float = 0.0) -> tuple[Truth, bytes, dict]:
    """Photo `index` of the run seeded `seed`: landscapes and papers in turn, pad and sheet random, a share `old`
    of the sheets from layout-1 pads."""
    rng = random.Random(f"scan {seed} {index}")
    page = rng.randint(1, 40)
    layout = 1 if old and rng.random() < old else 2
    truth = random_truth(rng, LANDSCAPES[index % 4], PAPERS[index // 4 % 2], page, layout)
    data, conditions = photo(truth, seed * 1_000_003 + index)
    return truth, data, conditions


def cached(index: int, seed: int, old: float, cache: Path | None) -> tuple[Truth, bytes, dict]:
    """`generated`, kept in `cache` (under a digest of the generator's code, so a changed generator draws anew):
    the same seed gives the same bytes, so a run on kept photos measures the same as one drawing them."""
    if cache is None:
        return generated(index, seed, old)
    code = hashlib.sha256(b"".join((ROOT / "benchmarks" / name).read_bytes() for name in ("photos.py", "phone.py")))
    stem = cache / code.hexdigest()[:12] / f"seed{seed}-old{old:g}-{index:04d}"
    if stem.with_suffix(".json").exists():
        kept = json.loads(stem.with_suffix(".json").read_text())
        truth = Truth(**{**kept["truth"], "cells": tuple(kept["truth"]["cells"])})
        return truth, stem.with_suffix(".jpg").read_bytes(), kept["conditions"]
    truth, data, conditions = generated(index, seed, old)
    stem.parent.mkdir(parents=True, exist_ok=True)
    stem.with_suffix(".jpg").write_bytes(data)
    stem.with_suffix(".json").write_text(json.dumps({"truth": asdict(truth), "conditions": conditions}))
    return truth, data, conditions


def one(index: int, seed: int, old: float, cache: Path | None, keep: Path | None, failures: Path | None) -> Outcome:
    """Generate (or take from the cache), read and judge one photo (in a worker), writing it where asked."""
    truth, data, conditions = cached(index, seed, old, cache)
    reading, refusal, seconds = read(data)
    outcome = judge(truth, reading, refusal, conditions["good"], seconds)
    for folder in (keep, failures if not outcome.exact else None):
        if folder is not None:
            write(folder / f"{index:04d}-{truth.landscape}-{truth.paper}", data, truth, conditions, reading, refusal)
    return outcome


def write(stem: Path, data: bytes, truth: Truth, conditions: dict, reading: Reading | None, refusal) -> None:
    """The photo, its truth, conditions and reading, and the page straightened from it (to see a misread at a
    glance: `stem`-flat.png, 5 px a mm)."""
    stem.with_suffix(".jpg").write_bytes(data)
    w, h = (round(5 * side) for side in PAPER_SIZES[truth.paper].size())
    back = homography([(0, 0), (w, 0), (w, h), (0, h)], conditions["corners"])
    back = back / back[2, 2]
    Image.open(io.BytesIO(data)).transform((w, h), Image.Transform.PERSPECTIVE, tuple(back.ravel()[:8]),
                                           Image.Resampling.BILINEAR).save(f"{stem}-flat.png")
    stem.with_suffix(".json").write_text(json.dumps({
        "truth": asdict(truth), "conditions": conditions, "reading": reading.to_dict() if reading else None,
        "refusal": refusal}, indent=1) + "\n")


def real_truth(path: Path) -> Truth:
    """A real photo's truth typed in beside it (README.md in the real photos' folder says how)."""
    try:
        data = tomllib.loads(path.read_text())
    except tomllib.TOMLDecodeError as bad:
        raise ValueError(f"{path.name} is not TOML ({bad}); see benchmarks/photos/real/README.md") from None
    cells = tuple(MARK_LETTERS.get(c, "?") for c in str(data.get("cells", "")))
    if len(cells) != 40 or "?" in cells:
        raise ValueError(f"{path.name}: cells must be 40 characters, each . s f d")
    if data.get("landscape") not in LANDSCAPES or data.get("paper") not in PAPERS:
        raise ValueError(f"{path.name}: landscape must be one of {', '.join(LANDSCAPES)} and paper a4 or letter")
    return Truth(data["landscape"], data["paper"], str(data.get("pad", "")), int(data.get("sheet", 0)), cells,
                 data.get("ticks"))


def real(folder: Path) -> list[Outcome]:
    """Every real photo in `folder` with a truth file beside it, read and judged (as good photos)."""
    outcomes = []
    for picture in sorted(p for p in folder.iterdir() if p.suffix.lower() in PICTURES):
        if picture.with_suffix(".toml").exists():
            reading, refusal, seconds = read(picture.read_bytes())
            outcomes.append(judge(real_truth(picture.with_suffix(".toml")), reading, refusal, True, seconds))
    return outcomes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--old", type=float, default=0.0, help="the share of sheets from layout-1 pads (old pads: "
                        "no corner marks nor tick boxes); the goals are today's pads'")
    parser.add_argument("--cache", type=Path, help="keep the generated photos here and take them from here next "
                        "time (a run on the same seed then only reads)")
    parser.add_argument("--keep", type=Path, help="write every photo (JPEG) and its truth (JSON) here")
    parser.add_argument("--failures", type=Path, help="write the photos not read exactly here")
    parser.add_argument("--real", type=Path, help="real photos with their truth beside them (default: "
                        "benchmarks/photos/real/ when it holds any)")
    args = parser.parse_args()
    if args.real is not None and not args.real.is_dir():
        sys.exit(f"error: {args.real} is not a folder; name the folder that holds the real photos")
    for folder in (args.keep, args.failures):
        if folder is not None:
            if folder.exists() and any(folder.iterdir()):
                sys.exit(f"error: {folder} is not empty; name a new or empty folder")
            folder.mkdir(parents=True, exist_ok=True)
    work = partial(one, seed=args.seed, old=args.old, cache=args.cache, keep=args.keep, failures=args.failures)
    start = time.perf_counter()
    if args.workers > 1:
        with multiprocessing.Pool(args.workers) as pool:
            outcomes = pool.map(work, range(args.photos), chunksize=1)
    else:
        outcomes = [work(i) for i in range(args.photos)]
    print(report(f"generated, seed {args.seed}" + (f", {args.old:.0%} old pads" if args.old else ""), outcomes))
    print(f"  ({time.perf_counter() - start:.0f} s wall, {args.workers} workers; time is read_photo's CPU time)")
    folder = args.real or (REAL if REAL.is_dir() and any(p.suffix.lower() in PICTURES for p in REAL.iterdir())
                           else None)
    if folder is not None:
        try:
            print(report(f"real photos in {folder}", real(folder)))
        except ValueError as bad:
            sys.exit(f"error: {bad}")


if __name__ == "__main__":
    main()
