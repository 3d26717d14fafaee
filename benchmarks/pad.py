"""Pad cost: a 160-page pad (40 of each landscape) against a 4-page pad (one of each), whole process each.

Run: python benchmarks/pad.py [--format pdf|svg]. Goals (issue 3): the 160-page PDF under 1 MB, and its
whole-process time at most 4x the 4-page pad's; (issue 14) at most 50 KiB a sheet for SVG pads.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def size_of(path: Path) -> int:
    return sum(p.stat().st_size for p in path.iterdir()) if path.is_dir() else path.stat().st_size


def largest_file(path: Path) -> int:
    return max(p.stat().st_size for p in path.iterdir())


def run(copies: int, fmt: str, folder: Path) -> tuple[float, int]:
    """Wall time of `companion print pad` in a fresh process, and the bytes it wrote."""
    out = folder / f"pad-{copies}.{fmt}"
    cmd = [sys.executable, "-m", "companion", "print", "pad", "--landscape", "all", "--copies", str(copies),
           "--format", fmt, "--serial", "BENCH", "-o", str(out), "--force"]
    start = time.perf_counter()
    subprocess.run(cmd, check=True, cwd=ROOT, capture_output=True)
    return time.perf_counter() - start, size_of(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--format", default="pdf", choices=["pdf", "svg"])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each; the best time counts")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        results = {}
        for copies in (1, 40):
            runs = [run(copies, args.format, Path(tmp)) for _ in range(args.repeat)]
            results[copies] = (min(t for t, _ in runs), runs[0][1])
        largest = largest_file(Path(tmp) / "pad-40.svg") if args.format == "svg" else 0
    (t4, s4), (t160, s160) = results[1], results[40]
    print(f"format {args.format}, best of {args.repeat} whole-process runs")
    print(f"  4-page pad:   {t4:6.2f} s  {s4 / 1024:8.1f} KiB")
    print(f"  160-page pad: {t160:6.2f} s  {s160 / 1024:8.1f} KiB  ({s160 / 160 / 1024:.1f} KiB a page)")
    print(f"  ratio 160/4:  time x{t160 / t4:.2f} (goal <= 4), size x{s160 / s4:.2f}")
    if args.format == "pdf":
        print(f"  160-page PDF under 1 MB: {'yes' if s160 < 1_000_000 else 'NO'} ({s160:,} bytes)")
    else:
        print(f"  SVG a sheet: {s160 / 160 / 1024:.1f} KiB on average, largest {largest / 1024:.1f} KiB "
              f"(goal <= 50): {'yes' if largest <= 50 * 1024 else 'NO'}")


if __name__ == "__main__":
    main()
