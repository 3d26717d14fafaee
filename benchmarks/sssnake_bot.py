"""The computer's snake against a limit and at a table: seeded solo games on every landscape for random legal moves,
greedy (most apple points this round), the bot and the oracle (companion/sssnake/oracle.py: the bot's search told the
whole deck order, rounds ahead through the real flips, with many times the bot's budget), the same seeds for all;
then 2- and 4-player games of the bot against greedy snakes and against itself.

    python benchmarks/sssnake_bot.py [--games N] [--oracle N] [--duels N] [--fours N] [--lands ...] [--processes N]

Prints per landscape and player the solo mean with its 95% interval and the ranks, the bot minus greedy difference
paired by seed, the bot's mean over the oracle's seeds as a fraction of the oracle's; the win rates (a shared first
place counts as a share) of the bot's seat against greedy and of each seat when the bot plays itself; the decision
times of the bot and of the oracle. Goals: solo >= 80% of the oracle's mean on every landscape, >= 70% wins against
greedy in 2-player games, the bot's decisions under 0.5 s at the 99th percentile (the CPU time a decision takes: on
a machine other programs share, the wall time printed beside it counts the waits for them too). Each goal says
whether it is met.
Abilities are taken the bot's way by every player; 2- and 4-player games rotate the bot's seat and the landscape.

The defaults finish in a few minutes on two cores; see docs/sssnake.md for the figures of a larger run."""
from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from multiprocessing import Pool

from companion.sssnake import bot, oracle
from companion.sssnake.edition import edition
from companion.sssnake.game import ENGINE
from companion.sssnake.paths import sample
from companion.sssnake.scoring import scores, solo_rank, standings
from companion.sssnake.state import Phase

LANDS = ("am-fluss", "sahara", "fjord", "foxtrail")
SOLO = ("random", "greedy", "bot", "oracle")
MAX_ROUNDS = 500  # a guard: a game ends when snakes are eliminated, which no player can put off forever
ABOVE_GREEDY = 3.0  # solo: points above greedy, lower bound of the paired interval
OF_ORACLE = 0.80  # solo: the bot's mean as a share of the oracle's
DUEL_WINS = 0.70  # 2-player games against greedy
P99 = 0.5  # seconds, the bot's decisions


def mover(kind: str):
    """The move a player of this kind makes."""
    return {"random": lambda st, who, rng: sample(st, who, rng),
            "greedy": lambda st, who, rng: bot.greedy_move(st, who, rng),
            "bot": lambda st, who, rng: bot.decide(st, who, rng),
            "oracle": lambda st, who, rng: oracle.move(st)}[kind]


def play(job: tuple[str, int, tuple[str, ...]]) -> tuple:
    """One seeded game (land, seed, a kind per seat): (land, seed, kinds, points per seat, win share per seat,
    capped, the bot's decision times, the oracle's)."""
    land, seed, kinds = job
    names = [f"P{i + 1}" for i in range(len(kinds))]
    st = ENGINE.new({"players": names, "computer": {"sides": names}, "seed": seed, "landscape": land})
    rng = random.Random(seed)
    moves = [mover(k) for k in kinds]
    rounds, times = 0, {"bot": [], "oracle": []}  # (wall, this process's CPU) seconds per decision
    while st.phase != Phase.OVER and rounds < MAX_ROUNDS:
        step = ENGINE.next_step(st)["step"]
        who = None
        if step == "flip":
            action = {"type": "flip"}
            rounds += 1
        elif step == "report":
            who = next(i for i in st.movers() if i not in st.reports)
            started = time.perf_counter(), time.process_time()
            action = moves[who](st, who, rng)
        else:
            who = (st.placing or st.choosers)[0]
            started = time.perf_counter(), time.process_time()
            action = bot.decide(st, who, rng)
        if who is not None and kinds[who] in times:
            times[kinds[who]].append((time.perf_counter() - started[0], time.process_time() - started[1]))
        st = ENGINE.apply(st, action).state
    first = [sc.name for place, sc in standings(st.snakes) if place == 1]
    shares = [1 / len(first) if name in first else 0.0 for name in names]
    return land, seed, kinds, [sc.total for sc in scores(st.snakes)], shares, st.phase != Phase.OVER, times


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


def met(ok: bool) -> str:
    return "met" if ok else "NOT met"


def solo_report(land: str, results: dict) -> tuple[bool, bool]:
    """The landscape's lines; (bot above greedy, bot near the oracle)."""
    print(f"== {land} (solo)")
    for kind in SOLO:
        points = [results[kind][s] for s in sorted(results[kind])]
        if points:
            m, half = interval(points)
            print(f"  {kind:7} {len(points):4} games, mean {m:5.2f} +- {half:4.2f}   ranks: {ranks(points)}")
    seeds = sorted(results["greedy"])
    diff = [results["bot"][s] - results["greedy"][s] for s in seeds]
    m, half = interval(diff)
    above = m - half >= ABOVE_GREEDY
    print(f"  bot - greedy {m:+.2f} (95% {m - half:+.2f} to {m + half:+.2f}); goal >= +{ABOVE_GREEDY:g}: {met(above)}")
    both = sorted(results["oracle"])
    if not both:
        return above, True
    share = statistics.fmean(results["bot"][s] for s in both) / statistics.fmean(results["oracle"][s] for s in both)
    near = share >= OF_ORACLE
    limit = sum(results["oracle"][s] >= results["bot"][s] for s in both)
    print(f"  bot / oracle over the oracle's {len(both)} seeds: {share:.0%}; goal >= {OF_ORACLE:.0%}: {met(near)}; "
          f"the oracle scored at least the bot's on {limit} of them")
    return above, near


def table_report(title: str, games: list[tuple]) -> list[float]:
    """Win shares per seat over games whose seats were rotated; the seat kinds printed as played."""
    if not games:
        return []
    kinds = sorted({k for _, _, ks, *_ in games for k in ks})
    wins = {k: 0.0 for k in kinds}
    seats = [0.0] * len(games[0][2])
    for _, _, ks, _, shares, *_ in games:
        for i, (k, share) in enumerate(zip(ks, shares, strict=True)):
            wins[k] += share
            seats[i] += share
    n = len(games)
    by_kind = "" if len(kinds) == 1 else ", ".join(f"{k} {wins[k] / n:.1%} of wins" for k in kinds) + "; "
    print(f"== {title}: {n} games, landscapes in turn; {by_kind}wins by seat (first player first) "
          + " ".join(f"{s / n:.0%}" for s in seats))
    return [wins[k] / n for k in kinds]


def pct(ts: list[float], q: float) -> float:
    return sorted(ts)[min(len(ts) - 1, int(len(ts) * q))] * 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=12, help="solo games per landscape for random, greedy, bot")
    ap.add_argument("--oracle", type=int, default=2, help="solo games per landscape for the oracle and the bot "
                    "(seeds 0..N-1)")
    ap.add_argument("--duels", type=int, default=60, help="2-player games, bot against greedy and against itself "
                    "(the goal is judged over 200)")
    ap.add_argument("--fours", type=int, default=8, help="4-player games, bot against 3 greedy and 4 bots")
    ap.add_argument("--lands", default=",".join(LANDS))
    ap.add_argument("--processes", type=int, default=2)
    args = ap.parse_args()
    lands = args.lands.split(",")
    jobs = [(land, seed, (kind,)) for seed in range(args.games) for land in lands for kind in SOLO[:2]]
    jobs += [(land, seed, ("bot",)) for seed in range(max(args.games, args.oracle)) for land in lands]
    jobs += [(land, seed, ("oracle",)) for seed in range(args.oracle) for land in lands]
    for n, count in ((2, args.duels), (4, args.fours)):
        for seed in range(count):
            land = lands[seed % len(lands)]
            seat = seed % n  # the bot's seat against greedy, rotated
            jobs.append((land, seed, tuple("bot" if i == seat else "greedy" for i in range(n))))
            jobs.append((land, seed, ("bot",) * n))
    jobs.sort(key=lambda j: j[2] != ("oracle",))  # the long games first, so the pool ends together
    solo = {land: {kind: {} for kind in SOLO} for land in lands}
    tables: dict = {}
    times = {"bot": [], "oracle": []}
    capped = 0
    began = time.time()
    with Pool(args.processes) as pool:
        for land, seed, kinds, points, shares, cap, ts in pool.imap_unordered(play, jobs):
            if len(kinds) == 1:
                solo[land][kinds[0]][seed] = points[0]
            else:
                tables.setdefault((len(kinds), len(set(kinds)) == 1), []).append((land, seed, kinds, points, shares))
            for k in times:
                times[k] += ts[k]
            capped += cap
    print(f"{len(jobs)} seeded games on {args.processes} processes, {time.time() - began:.0f} s"
          + (f"; {capped} hit the {MAX_ROUNDS}-round cap" if capped else ""))
    checks = [solo_report(land, solo[land]) for land in lands]
    duel = table_report("2 players, bot against greedy", tables.get((2, False), []))
    table_report("2 players, bot against itself", tables.get((2, True), []))
    table_report("4 players, bot against 3 greedy", tables.get((4, False), []))
    table_report("4 players, bot against itself", tables.get((4, True), []))
    for kind, ts in times.items():
        for clock, i in (("wall", 0), ("CPU", 1)):
            t = [x[i] for x in ts]
            if t:
                print(f"{kind} decisions: {len(t)}, {clock} time median {pct(t, 0.5):.0f} ms, p95 {pct(t, 0.95):.0f} "
                      f"ms, p99 {pct(t, 0.99):.0f} ms, max {max(t) * 1000:.0f} ms")
    print("goals:")
    print(f"  bot >= greedy + {ABOVE_GREEDY:g} solo (lower bound): {sum(a for a, _ in checks)} of {len(lands)} "
          "landscapes")
    if args.oracle:
        print(f"  bot >= {OF_ORACLE:.0%} of the oracle solo: {met(all(n for _, n in checks))} "
              f"({sum(n for _, n in checks)} of {len(lands)} landscapes)")
    if duel:
        print(f"  bot wins >= {DUEL_WINS:.0%} of 2-player games against greedy: {met(duel[0] >= DUEL_WINS)} "
              f"({duel[0]:.1%} of {args.duels}" + ("" if args.duels >= 200 else "; the goal counts 200: --duels 200")
              + ")")
    cpu, wall = (pct([x[i] for x in times["bot"]], 0.99) for i in (1, 0))
    print(f"  bot decisions p99 < {P99 * 1000:.0f} ms (CPU time; wall {wall:.0f} ms on this machine): "
          f"{met(cpu < P99 * 1000)}")


if __name__ == "__main__":
    main()
