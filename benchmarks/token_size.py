"""Token size: how long a game's token is and which QR version (level M) it needs; the goal is version 10 or lower.

Run from the repository root: python -m benchmarks.token_size [--seeds 40]. Measures, over seeded random legal
play (benchmarks/random_play.py), a 4-player Sssnake game after 15 rounds (after the cave round) and a Snits'
Revenge game after 10 turns (plain, with the Spark and 3 Splops public and private, and with 4 Snit players),
then names the state fields that cost the most characters in the largest token.
"""
from __future__ import annotations

import argparse
import statistics

from benchmarks import random_play
from companion import qr, token
from companion.games import engine

GOAL = 10
LANDSCAPES = ("am-fluss", "fjord", "foxtrail", "sahara")
NAMES = (["Ann", "Bob", "Cid", "Dee"], ["Maximilian", "Josephine", "Konstantin", "Annabelle"])


def sssnake_states(seeds: int):
    """Four snakes, 15 rounds, every landscape, Friendship on and off, short and long player names."""
    for seed in range(seeds):
        table = random_play.sssnake(4, 15, seed, LANDSCAPES[seed % 4], friendship=bool(seed % 2))
        data = engine("sssnake").to_dict(table.state)
        for snake, name in zip(data["P"], NAMES[seed // 4 % 2]):
            snake["n"] = name
        yield data


def snits_states(seeds: int, private: bool, **setup):
    for seed in range(seeds):
        yield engine("snits").to_dict(random_play.snits(10, seed, **setup).state, private)


def measure(label: str, kind: str, states) -> tuple[str, dict]:
    """Print median and largest token length and QR version; return the largest state for the cost breakdown."""
    sized = sorted(((len(token.pack(kind, f"{kind}-1", data)), data) for data in states), key=lambda p: p[0])
    lengths = [n for n, _ in sized]
    worst = sized[-1][1]
    versions = [qr.version(token.pack(kind, f"{kind}-1", data)) for _, data in (sized[len(sized) // 2], sized[-1])]
    verdict = "ok" if versions[1] <= GOAL else f"OVER the goal of version {GOAL}"
    print(f"{label:<44} {statistics.median(lengths):>6.0f} {lengths[-1]:>5}   "
          f"v{versions[0]:<3} v{versions[1]:<3} {verdict}")
    return kind, worst


def costs(kind: str, data: dict) -> list[tuple[int, str]]:
    """Characters each field adds to the token (the token without it is that much shorter), largest first."""
    full = len(token.pack(kind, f"{kind}-1", data))
    out = [(full - len(token.pack(kind, f"{kind}-1", {k: v for k, v in data.items() if k != key})), key)
           for key in data]
    if kind == "sssnake":
        for sub in sorted({k for snake in data["P"] for k in snake}):
            trimmed = [{k: v for k, v in snake.items() if k != sub} for snake in data["P"]]
            out.append((full - len(token.pack(kind, f"{kind}-1", data | {"P": trimmed})), f"P[].{sub}"))
    return sorted(out, reverse=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=40, help="games per line (default 40)")
    seeds = parser.parse_args().seeds
    print(f"{'game (' + str(seeds) + ' seeded games each)':<44} {'median':>6} {'max':>5}   QR version at M "
          "(median, max)")
    worst = [measure("Sssnake, 4 players, after 15 rounds", "sssnake", sssnake_states(seeds)),
             measure("Snits' Revenge, after 10 turns", "snits", snits_states(seeds, False)),
             measure("  with Spark + 3 Splops, public token", "snits", snits_states(seeds, False, **random_play.SPARK)),
             measure("  with Spark + 3 Splops, private token", "snits", snits_states(seeds, True, **random_play.SPARK)),
             measure("  with 4 Snit players", "snits", snits_states(seeds, False, players=4))]
    for kind, data in (worst[0], worst[3]):
        print(f"\nlargest {kind} token: characters each field costs")
        print("  " + ", ".join(f"{key} {n}" for n, key in costs(kind, data) if n > 0))


if __name__ == "__main__":
    main()
