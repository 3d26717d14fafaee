"""The computer's snake against two baselines in seeded solo games on every landscape: random legal moves, greedy
(most apple points this round) and the bot, the same seeds for the three, abilities taken the same way.

    python benchmarks/sssnake_bot.py [--games N] [--lands am-fluss,sahara,fjord,foxtrail]

Prints per landscape and player the mean score with its 95% interval and the solo ranks, the bot minus greedy
difference paired by seed with its 95% interval, and the bot's decision times. Goal: the bot at least 3 points above
greedy on every landscape (the interval's lower bound).

Measured (1,000 games each, 2 processes, 1539 s): bot - greedy +10.59 am-fluss, +9.07 sahara, +6.13 fjord, +15.22
foxtrail (lower bounds +10.08, +8.65, +5.58, +14.78); bot means 21.9, 19.7, 25.5, 23.0; decisions median 9-27 ms,
p95 58-103 ms, longest 662 ms; no game hit the round cap."""
from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import time
from multiprocessing import Pool

from companion.sssnake import bot
from companion.sssnake.edition import edition
from companion.sssnake.game import ENGINE
from companion.sssnake.paths import sample
from companion.sssnake.scoring import scores, solo_rank
from companion.sssnake.state import Phase

LANDS = ("am-fluss", "sahara", "fjord", "foxtrail")
PLAYERS = ("random", "greedy", "bot")
MAX_ROUNDS = 500  # a guard: a solo game ends when the snake is eliminated, which no player can put off forever
GOAL = 3.0


def mover(kind: str):
    """The move each player makes; abilities and marks are the bot's for all three."""
    return {"random": lambda st, rng: sample(st, 0, rng), "greedy": lambda st, rng: bot.greedy_move(st, 0, rng),
            "bot": lambda st, rng: bot.decide(st, 0, rng)}[kind]


def play(job: tuple[str, str, int]) -> tuple[str, str, int, int, bool, list[float]]:
    """One seeded solo game: (land, player, seed, score, capped, the bot's decision times)."""
    land, kind, seed = job
    st = ENGINE.new({"players": ["Bot"], "computer": {"sides": ["Bot"]}, "seed": seed, "landscape": land})
    rng = random.Random(seed)
    move, rounds, times = mover(kind), 0, []
    while st.phase != Phase.OVER and rounds < MAX_ROUNDS:
        step = ENGINE.next_step(st)["step"]
        started = time.perf_counter()
        if step == "flip":
            action = {"type": "flip"}
            rounds += 1
        elif step == "report":
            action = move(st, rng)
        else:
            action = bot.decide(st, 0, rng)
        if kind == "bot" and step != "flip":
            times.append(time.perf_counter() - started)
        st = ENGINE.apply(st, action).state
    return land, kind, seed, scores(st.snakes)[0].total, st.phase != Phase.OVER, times


def interval(xs: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval (normal approximation)."""
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
    return m, half


def ranks(points: list[int]) -> str:
    names = [text for _, text in edition().solo_ranks]
    counts = {n: 0 for n in names}
    for s in points:
        counts[solo_rank(s)] += 1
    return ", ".join(f"{n} {counts[n]}" for n in names)


def report(land: str, results: dict, times: list[float], capped: int) -> bool:
    print(f"== {land}")
    for kind in PLAYERS:
        points = [results[kind][s] for s in sorted(results[kind])]
        m, half = interval(points)
        print(f"  {kind:7} mean {m:5.2f} +- {half:4.2f}   ranks: {ranks(points)}")
    seeds = sorted(results["bot"])
    diff = [results["bot"][s] - results["greedy"][s] for s in seeds]
    m, half = interval(diff)
    met = m - half >= GOAL
    print(f"  bot - greedy {m:+.2f} (95% {m - half:+.2f} to {m + half:+.2f}); goal >= +{GOAL:g}: "
          f"{'met' if met else 'NOT met'}")
    t = sorted(times)
    print(f"  bot decisions: {len(t)}, median {t[len(t) // 2] * 1000:.0f} ms, p95 {t[int(len(t) * 0.95)] * 1000:.0f}"
          f" ms, max {t[-1] * 1000:.0f} ms" + (f"; {capped} games hit the {MAX_ROUNDS}-round cap" if capped else ""))
    return met


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000, help="seeded games per landscape and player (seeds 0..N-1)")
    ap.add_argument("--lands", default=",".join(LANDS))
    args = ap.parse_args()
    lands = args.lands.split(",")
    jobs = [(land, kind, seed) for seed in range(args.games) for land in lands for kind in reversed(PLAYERS)]
    results = {land: {kind: {} for kind in PLAYERS} for land in lands}
    times = {land: [] for land in lands}
    capped = {land: 0 for land in lands}
    began = time.time()
    with Pool(os.cpu_count()) as pool:
        for land, kind, seed, score, cap, ts in pool.imap_unordered(play, jobs, chunksize=4):
            results[land][kind][seed] = score
            times[land] += ts
            capped[land] += cap
    print(f"{args.games} seeded solo games per landscape and player on {os.cpu_count()} processes, "
          f"{time.time() - began:.0f} s")
    met = [report(land, results[land], times[land], capped[land]) for land in lands]
    print(f"goal (bot >= greedy + {GOAL:g}, lower bound) met on {sum(met)} of {len(met)} landscapes")


if __name__ == "__main__":
    main()
