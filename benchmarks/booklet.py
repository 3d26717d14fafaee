"""Booklet cost: `companion print booklet --game G` for each game, whole process, against the 4-page pad it holds.

Run: python benchmarks/booklet.py [--repeat N] [--paper a4|letter]. Goal (issue 14): each game's booklet in under
2 s. The 4-page pad's time is printed beside it, and each process's CPU time (user + system) after its wall time:
on a machine busy with other work the wall time grows, the CPU time much less.
"""
from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOAL = 2.0  # seconds, whole process


def cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def run(args: list[str], out: Path) -> tuple[float, float, int]:
    """Wall and CPU time of `companion print ARGS -o OUT` in a fresh process, and the bytes it wrote."""
    cmd = [sys.executable, "-m", "companion", "print", *args, "-o", str(out), "--force"]
    start, start_cpu = time.perf_counter(), cpu()
    subprocess.run(cmd, check=True, cwd=ROOT, capture_output=True)
    return time.perf_counter() - start, cpu() - start_cpu, out.stat().st_size


def best(args: list[str], out: Path, repeat: int) -> tuple[float, float, int]:
    runs = [run(args, out) for _ in range(repeat)]
    return min(r[0] for r in runs), min(r[1] for r in runs), runs[0][2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each; the best time counts")
    parser.add_argument("--paper", default="a4", choices=["a4", "letter"])
    args = parser.parse_args()
    paper = ["--paper", args.paper]
    print(f"paper {args.paper}, best of {args.repeat} whole-process runs")
    with tempfile.TemporaryDirectory() as tmp:
        t, c, size = best(["pad", "--copies", "1", "--serial", "BENCH", *paper], Path(tmp) / "pad.pdf", args.repeat)
        print(f"  4-page pad (reference):  {t:5.2f} s (cpu {c:4.2f} s)  {size / 1024:6.1f} KiB")
        for game in ("sssnake", "snits"):
            t, c, size = best(["booklet", "--game", game, "--serial", "BENCH", *paper], Path(tmp) / f"{game}.pdf",
                              args.repeat)
            verdict = "yes" if t < GOAL else "NO"
            print(f"  booklet {game + ':':9}        {t:5.2f} s (cpu {c:4.2f} s)  {size / 1024:6.1f} KiB  "
                  f"under {GOAL:g} s: {verdict}")


if __name__ == "__main__":
    main()
