"""Random-play throughput of the balance lab (issue 11, "Speed"): games/s on every core and on one, against
`companion snits autoplay --games N` as the installed command plays them today, on the same seeds.

    .venv/bin/python benchmarks/balance.py [--games 200] [--seed 1] [--today PATH/TO/companion]

`--today` names the `companion` command of the version to compare with (e.g. one installed from the commit before
issue 11 in a venv of its own); by default the one installed beside this Python.

Every figure counts whole games exactly as autoplay plays them (the lab's baseline row is autoplay's games: the
winners are checked to match), so the ratios measure only the parallelism and the per-game overhead. The machine's
load average is printed too: other work on the cores lowers the wall-clock figures, so the CPU seconds each game
took (this process and its children, from getrusage) are printed beside them, with what they give on idle cores.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import time

from companion.lab import balance

GOAL = 50.0  # games/s on this 2-core machine, random players, all cores (issue 11)
FACTOR = 4.0  # ... and at least this many times today's autoplay


def companion_command() -> str:
    """The installed `companion` script beside this Python, else the one on PATH."""
    here = os.path.join(os.path.dirname(sys.executable), "companion")
    return here if os.path.exists(here) else (shutil.which("companion") or "companion")


def cpu() -> float:
    """CPU seconds (user + system) of this process and of its finished children."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def autoplay(command: str, games: int, seed: int) -> dict:
    """`companion snits autoplay --games N --seed S --json` as a user runs it: its win counts."""
    out = subprocess.run([command, "snits", "autoplay", "--games", str(games), "--seed", str(seed),
                          "--json"], check=True, capture_output=True, text=True).stdout
    return json.loads(out)["wins"]


def lab(games: int, seed: int, workers: int) -> dict:
    """The lab's baseline row of `games` random games on `workers` processes: its win counts."""
    row = balance.run(games=games, seed=seed, workers=workers).rows[0]
    return {k: v for k, v in (("snits", row.snits), ("bolotomus", row.bolotomus), ("tie", row.ties),
                              ("unfinished", row.unfinished)) if v}


def timed(measure) -> tuple[float, float, dict]:
    """(wall seconds, CPU seconds, what `measure()` gave)."""
    wall, used = time.perf_counter(), cpu()
    wins = measure()
    return time.perf_counter() - wall, cpu() - used, wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games in each measurement (autoplay allows 1000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--today", default=companion_command(), help="the companion command to compare with")
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    print(f"{args.games} random games from seed {args.seed}; {cores} cores; load average before: "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    figures = {}
    for name, measure, busy in (
            ("autoplay (--today's CLI)", lambda: autoplay(args.today, args.games, args.seed), 1),
            ("balance, 1 worker (in process)", lambda: lab(args.games, args.seed, 1), 1),
            (f"balance, {cores} workers", lambda: lab(args.games, args.seed, cores), cores)):
        seconds, used, wins = timed(measure)
        figures[name] = (args.games / seconds, wins)
        print(f"  {name:<34} {seconds:7.1f} s wall  {args.games / seconds:6.2f} games/s   "
              f"{1000 * used / args.games:5.0f} CPU ms/game (idle cores: {busy * args.games / used:5.1f} games/s)"
              f"   wins {wins}")
    rates = [rate for rate, _ in figures.values()]
    same = len({json.dumps(w, sort_keys=True) for _, w in figures.values()}) == 1
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"ratios: all cores / one core {rates[2] / rates[1]:.2f}x; all cores / autoplay {rates[2] / rates[0]:.2f}x; "
          f"one core / autoplay {rates[1] / rates[0]:.2f}x")
    print(f"goal: >= {GOAL:g} games/s on all cores: {rates[2]:.1f} games/s, "
          f"{'met' if rates[2] >= GOAL else f'not met ({rates[2] / GOAL:.0%} of it)'}")
    print(f"goal: >= {FACTOR:g}x today's autoplay: {rates[2] / rates[0]:.2f}x, "
          f"{'met' if rates[2] >= FACTOR * rates[0] else 'not met'}")
    print(f"same games (win counts equal in all three): {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
