"""Booklet cost: `companion print booklet --game G` for each game, whole process, against the 4-page pad it holds.

Run: python benchmarks/booklet.py [--repeat N] [--paper a4|letter]. Goal (issue 14): each game's booklet in under
2 s. The 4-page pad's time is printed beside it, so a slow run on a loaded machine shows as a slow pad too.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOAL = 2.0  # seconds, whole process


def run(args: list[str], out: Path) -> tuple[float, int]:
    """Wall time of `companion print ARGS -o OUT` in a fresh process, and the bytes it wrote."""
    cmd = [sys.executable, "-m", "companion", "print", *args, "-o", str(out), "--force"]
    start = time.perf_counter()
    subprocess.run(cmd, check=True, cwd=ROOT, capture_output=True)
    return time.perf_counter() - start, out.stat().st_size


def best(args: list[str], out: Path, repeat: int) -> tuple[float, int]:
    runs = [run(args, out) for _ in range(repeat)]
    return min(t for t, _ in runs), runs[0][1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each; the best time counts")
    parser.add_argument("--paper", default="a4", choices=["a4", "letter"])
    args = parser.parse_args()
    paper = ["--paper", args.paper]
    print(f"paper {args.paper}, best of {args.repeat} whole-process runs")
    with tempfile.TemporaryDirectory() as tmp:
        t, size = best(["pad", "--copies", "1", "--serial", "BENCH", *paper], Path(tmp) / "pad.pdf", args.repeat)
        print(f"  4-page pad (reference):  {t:5.2f} s  {size / 1024:6.1f} KiB")
        for game in ("sssnake", "snits"):
            t, size = best(["booklet", "--game", game, "--serial", "BENCH", *paper], Path(tmp) / f"{game}.pdf",
                           args.repeat)
            verdict = "yes" if t < GOAL else "NO"
            print(f"  booklet {game + ':':9}        {t:5.2f} s  {size / 1024:6.1f} KiB  under {GOAL:g} s: {verdict}")


if __name__ == "__main__":
    main()
