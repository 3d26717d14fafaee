"""Random-play throughput: games/s and actions/s for each game on one core, so a rules change that slows play shows.

Run from the repository root: python -m benchmarks.throughput [--games 20] [--seed 0]. Plays the seeded games
seed, seed+1, ... to their end: Snits' Revenge by companion/snits/autoplay.py (one Snit player), Sssnake by
benchmarks/random_play.py (two players). Goal: no drop. Before issue 10 (f6bb6f6), on this 2-core machine: Snits
6.7 games/s, 7.2k actions/s (the 12-15 games/s the issue quotes were measured on a faster machine).
"""
from __future__ import annotations

import argparse
import sys
import time

from benchmarks import random_play
from companion.snits import autoplay

ENDLESS = sys.maxsize  # rounds: play until the game ends


def snits(seed: int) -> int:
    return len(autoplay.play({"seed": seed}, seed).log)


def sssnake(seed: int) -> int:
    return len(random_play.sssnake(2, ENDLESS, seed).steps)


PLAYERS = {"snits": snits, "sssnake": sssnake}  # kind -> play one seeded game, return its action count


def measure(kind: str, games: int, seed: int) -> None:
    """Print one game's figures over `games` seeded games, timed on the wall clock of this one process."""
    start = time.perf_counter()
    actions = sum(PLAYERS[kind](s) for s in range(seed, seed + games))
    seconds = time.perf_counter() - start
    print(f"{kind:<8} {games:>6} {actions:>8} {seconds:>8.2f} {games / seconds:>8.1f} {actions / seconds:>10.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per kind (default 20)")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0)")
    args = parser.parse_args()
    print(f"{'game':<8} {'games':>6} {'actions':>8} {'seconds':>8} {'games/s':>8} {'actions/s':>10}")
    for kind in PLAYERS:
        measure(kind, args.games, args.seed)


if __name__ == "__main__":
    main()
