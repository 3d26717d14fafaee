"""Snits' Revenge computer opponents: win rates (95% Wilson intervals) and decision times, level by level.

Run from the repository root: python -m benchmarks.snits_ai [--games 20] [--think 0.05] [--iterations N]
[--workers K | --cluster ADDRESS] [--pairings l1-snits,...] [--seed 0] [--setup JSON]. Each pairing plays the
seeded games seed, seed+1, ... (game k: same setup and dice in every pairing), spread over a process pool or a Dask
cluster; the win counts do not depend on the number of workers (with --think the search's budget is a clock, so
only --iterations alone is fully reproducible). Goals (issue): level 2 >= 90% against random on both sides,
level 2 >= 60% against level 1 on each side, both as the interval's lower bound. The pairings l3-vs-l2-snits,
l3-vs-l2-bolotomus and l3-vs-l3 (level 3, issue 37) run only when named.

--sprt CANDIDATE,BASELINE (each LEVEL or LEVEL@THINK, e.g. 2@0.5,2@0.05) asks instead whether a change is stronger:
game pairs on seeds seed, seed+1, ... (the candidate as the Snits, then as the Bolotomus, against the baseline)
until the sequential test (benchmarks/sprt.py; --elo0, --elo1, --alpha, --beta) accepts H1 or H0, or --games pairs
are played. --ratings 0,1,2 plays a round robin instead (--games pairs a matchup on each of --maps) and fits
Bradley-Terry ratings with 95% intervals (benchmarks/ratings.py).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager

# name -> (the side measured, its level, the other side's level)
PAIRINGS = {
    "l1-snits": ("Snits", 1, 0), "l1-bolotomus": ("Bolotomus", 1, 0),
    "l2-snits": ("Snits", 2, 0), "l2-bolotomus": ("Bolotomus", 2, 0),
    "l2-vs-l1-snits": ("Snits", 2, 1), "l2-vs-l1-bolotomus": ("Bolotomus", 2, 1),
    "l1-vs-l1": ("Snits", 1, 1),  # the reference for the two above: how the sides fare at equal strength
    "l2-vs-l2": ("Snits", 2, 2), "random-vs-random": ("Snits", 0, 0),  # the balance at equal strength
    "l3-vs-l2-snits": ("Snits", 3, 2), "l3-vs-l2-bolotomus": ("Bolotomus", 3, 2),  # level 3, issue 37
    "l3-vs-l3": ("Snits", 3, 3),  # the balance at the top
}


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def one(job: tuple) -> tuple:
    """Play one game of a pairing: (pairing, seed, won, turns, Snits alive at the end, the measured side's
    decision times)."""
    from companion.snits.players import make
    from companion.snits.players.match import play_match

    pairing, seed, think, iterations, setup = job
    setup = with_map(setup)
    side, level, other = PAIRINGS[pairing]
    rival = "Bolotomus" if side == "Snits" else "Snits"
    players = {side: make(level, think, iterations), rival: make(other, think, iterations)}
    game = play_match(setup, players, seed)
    outcome = game.outcome
    won = outcome is not None and side in outcome.winners
    alive = outcome.scores["Bolotomus"] if outcome else -1
    return pairing, seed, won, game.state.turn, alive, game.times[side]


def player(spec: str, think: float | None, iterations: int | None):
    """The player a spec names: LEVEL (thinking `think` seconds a decision), or LEVEL@THINK."""
    from companion.snits.players import make

    level, _, own = spec.partition("@")
    return make(int(level), float(own) if own else think, iterations)


def pair(job: tuple) -> tuple[int, float]:
    """One seed's game pair for the SPRT: the candidate as the Snits, then as the Bolotomus, against the baseline;
    its score 0, 0.5 or 1."""
    from companion.snits.players.match import play_match

    seed, candidate, baseline, think, iterations, setup = job
    setup = with_map(setup)
    won = 0
    for side, rival in (("Snits", "Bolotomus"), ("Bolotomus", "Snits")):
        players = {side: player(candidate, think, iterations), rival: player(baseline, think, iterations)}
        game = play_match(setup, players, seed)
        won += game.outcome is not None and side in game.outcome.winners
    return seed, won / 2


@contextmanager
def games_on(workers: int, cluster: str | None):
    """Where the games run, and how many at once: a pool of `workers` processes here, or the Dask scheduler at
    `cluster` (the `cluster` extra) when one machine is not enough (level 3's goals are hours of games a side). Its
    workers need only the companion installed: this module's functions travel to them by value."""
    if not cluster:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            yield pool, workers
        return
    import cloudpickle
    import distributed

    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    try:
        client = distributed.Client(cluster, timeout="10s")
    except (OSError, ValueError, TypeError) as exc:  # as the balance lab's companion/lab/cluster.py: no answer, or
        sys.exit(f"error: cannot reach a Dask scheduler at {cluster}: {exc}")  # an address Dask cannot read
    with client:
        yield client.get_executor(pure=False), max(1, sum(client.nthreads().values()))


def where(args: argparse.Namespace) -> str:
    return f"the Dask cluster at {args.cluster}" if args.cluster else f"{args.workers} workers"


def sprt(candidate: str, baseline: str, test, seeds: range, think: float | None, iterations: int | None,
         setup: dict, workers: int, cluster: str | None = None) -> tuple[list[float], str | None]:
    """Game pairs in seed order, a few ahead on the workers, until the test decides or the seeds run out."""
    from concurrent.futures import Future

    scores: list[float] = []
    pending: dict[int, Future] = {}
    todo = iter(seeds)
    with games_on(workers, cluster) as (pool, workers):
        while True:
            while len(pending) < 2 * workers and (seed := next(todo, None)) is not None:
                pending[seed] = pool.submit(pair, (seed, candidate, baseline, think, iterations, setup))
            if not pending:
                return scores, None
            scores.append(pending.pop(min(pending)).result()[1])
            verdict = test.verdict(scores)
            if verdict:
                for left in pending.values():
                    left.cancel()
                return scores, verdict


def with_map(setup: dict) -> dict:
    """The setup with its map's entries: `--map` as an edition's name or a map file (read by the worker)."""
    name = setup.get("map")
    if not isinstance(name, str):
        return setup
    from companion.snits import bolotomus, mapfile

    if name in bolotomus.EDITIONS:
        return {**{k: v for k, v in setup.items() if k != "map"}, "edition": name}
    with open(name, "rb") as fh:
        return {**setup, "map": mapfile.to_data(mapfile.parse(fh.read(), os.path.basename(name)))}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help="games per pairing")
    ap.add_argument("--level2-games", type=int, default=None,
                    help="games per pairing that has a level-2 side (default: --games)")
    ap.add_argument("--think", type=float, default=0.05, help="level 2's and 3's seconds per decision (0: no clock)")
    ap.add_argument("--iterations", type=int, default=None, help="level 2's and 3's rollouts per decision at most")
    ap.add_argument("--workers", type=int, default=os.cpu_count(), help="processes (default: every core)")
    ap.add_argument("--cluster", metavar="ADDRESS", help="play on the Dask scheduler at ADDRESS (the `cluster` "
                    "extra) instead of --workers processes here")
    ap.add_argument("--pairings", default=",".join(n for n in PAIRINGS if not n.startswith("l3")),
                    help="comma list of " + ", ".join(PAIRINGS) + " (default: all but level 3's)")
    ap.add_argument("--seed", type=int, default=0, help="first game seed")
    ap.add_argument("--setup", type=json.loads, default={},
                    help="the games' setup as JSON, e.g. '{\"variants\": {\"organs_to_win\": 10}}'")
    ap.add_argument("--sprt", metavar="CANDIDATE,BASELINE", help="is the candidate stronger? each LEVEL or "
                    "LEVEL@THINK; --games is then the most game pairs")
    ap.add_argument("--ratings", metavar="PLAYERS", help="a round robin of these players (each LEVEL or "
                    "LEVEL@THINK), rated; --games is then the game pairs a matchup on each map")
    ap.add_argument("--maps", default="second-edition", help="--ratings: the maps to play on, a comma list")
    ap.add_argument("--elo0", type=float, default=0.0, help="the SPRT's H0: at most this much stronger")
    ap.add_argument("--elo1", type=float, default=50.0, help="the SPRT's H1: at least this much stronger")
    ap.add_argument("--alpha", type=float, default=0.05, help="the SPRT's chance of a false H1")
    ap.add_argument("--beta", type=float, default=0.05, help="the SPRT's chance of a false H0")
    ap.add_argument("--map", default="second-edition",
                    help="second-edition (default), first-edition, or a map file (TOML) to try")
    args = ap.parse_args(argv)
    if args.cluster:
        try:
            import distributed  # noqa: F401  (here, so a missing extra is one line, not a traceback)
        except ImportError:
            from companion.core.extras import install_line

            ap.error(f"--cluster needs Dask distributed, an optional extra: {install_line('cluster')}")
    for given in filter(None, (args.sprt, args.ratings)):
        for spec in given.split(","):
            level, _, think = spec.partition("@")
            if level not in ("0", "1", "2", "3") or (think and not think.replace(".", "", 1).isdigit()):
                ap.error(f"a player is LEVEL (0, 1, 2, 3) or LEVEL@THINK, not {spec!r}")
    if args.sprt:
        return sprt_main(ap, args)
    if args.ratings:
        if len(set(args.ratings.split(","))) != len(args.ratings.split(",")) or "," not in args.ratings:
            ap.error(f"--ratings takes two or more different players, not {args.ratings!r}")
        return ratings_main(args)
    think = args.think or None
    if think is None and args.iterations is None:
        ap.error("give --think > 0 or --iterations")
    names = args.pairings.split(",")
    for n in names:
        if n not in PAIRINGS:
            ap.error(f"unknown pairing {n!r}; known: {', '.join(PAIRINGS)}")
    print("$ python -m benchmarks.snits_ai " + " ".join(sys.argv[1:] if argv is None else argv))
    print(f"{args.games} games per pairing ({args.level2_games or args.games} with a level-2 side), seeds from "
          f"{args.seed}, think={think}, "
          f"iterations={args.iterations}, {where(args)}, map {args.map}, setup {json.dumps(args.setup)}")
    setup = {**args.setup, "map": args.map}
    count = {n: args.level2_games or args.games if 2 in PAIRINGS[n][1:] else args.games for n in names}
    jobs = [(n, args.seed + k, think, args.iterations, setup) for n in names for k in range(count[n])]
    start = time.perf_counter()
    with games_on(args.workers, args.cluster) as (pool, _workers):
        results = sorted(pool.map(one, jobs, chunksize=1), key=lambda r: (names.index(r[0]), r[1]))
    print(f"{'pairing':20} {'side':10} {'lvl':>3} {'vs':>3} {'wins':>7} {'rate':>5} {'95% CI':>13} "
          f"{'turns':>5} {'alive':>5} {'med ms':>7} {'p95 ms':>7} {'decisions':>9}")
    for n in names:
        rows = [r for r in results if r[0] == n]
        side, level, other = PAIRINGS[n]
        wins = sum(r[2] for r in rows)
        lo, hi = wilson(wins, len(rows))
        times = sorted(t for r in rows for t in r[5])
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))] if times else 0.0
        print(f"{n:20} {side:10} {level:>3} {other:>3} {wins:>3}/{len(rows):<3} {wins / len(rows):>5.0%} "
              f"[{lo:>4.0%}, {hi:>4.0%}] {statistics.mean(r[3] for r in rows):>5.1f} "
              f"{statistics.mean(r[4] for r in rows):>5.1f} "
              f"{1000 * statistics.median(times) if times else 0:>7.1f} {1000 * p95:>7.1f} {len(times):>9}")
        print(f"{'':20} wins by seed: {''.join('W' if r[2] else '.' for r in rows)}")
    print("turns: mean turns played; alive: mean Snits alive at the end (a Snit side's losses, a Bolotomus' "
          "failure); ms: the measured side's time per decision")
    print(f"wall time {time.perf_counter() - start:.0f} s")


def sprt_main(ap: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """The --sprt mode: its command, every pair's score, the Elo measured and the verdict."""
    from benchmarks.sprt import Sprt, elo_interval

    specs = args.sprt.split(",")
    if len(specs) != 2:
        ap.error(f"--sprt takes CANDIDATE,BASELINE, not {args.sprt!r}")
    test = Sprt(args.elo0, args.elo1, args.alpha, args.beta)
    low, high = test.bounds
    print("$ python -m benchmarks.snits_ai " + " ".join(sys.argv[1:]))
    print(f"SPRT {specs[0]} against {specs[1]}: H0 elo <= {args.elo0:g}, H1 elo >= {args.elo1:g}, alpha "
          f"{args.alpha:g}, beta {args.beta:g} (LLR bounds {low:.2f}, {high:.2f}); at most {args.games} pairs from "
          f"seed {args.seed}, map {args.map}, level 2 thinks {args.think or None} s unless its spec says, iterations "
          f"{args.iterations}, {where(args)}")
    start = time.perf_counter()
    scores, verdict = sprt(specs[0], specs[1], test, range(args.seed, args.seed + args.games), args.think or None,
                           args.iterations, {**args.setup, "map": args.map}, args.workers, args.cluster)
    mean = sum(scores) / len(scores)
    measured = "elo {:+.0f} [{:+.0f}, {:+.0f}]".format(*elo_interval(scores)) if 0 < mean < 1 else \
        f"elo beyond measure: every pair {'won' if mean else 'lost'}"
    print(f"pairs {len(scores)}: won both {scores.count(1.0)}, split {scores.count(0.5)}, lost both "
          f"{scores.count(0.0)}; score {mean:.1%}; {measured}; LLR {test.llr(scores):.2f}")
    print({"H1": f"H1: {specs[0]} is stronger (by {args.elo1:g} Elo or more)",
           "H0": f"H0: {specs[0]} is not stronger than {args.elo0:g} Elo",
           None: "no verdict: give more --games"}[verdict])
    print(f"wall time {time.perf_counter() - start:.0f} s")


def ratings_main(args: argparse.Namespace) -> None:
    """The --ratings mode: every matchup's game pairs on every map, then each player's rating with its interval,
    per map and over all."""
    from benchmarks.ratings import fit, intervals

    players, maps = args.ratings.split(","), args.maps.split(",")
    print("$ python -m benchmarks.snits_ai " + " ".join(sys.argv[1:]))
    print(f"round robin of {', '.join(players)}: {args.games} game pairs a matchup (sides swapped on each seed) on "
          f"{', '.join(maps)}, seeds from {args.seed}, level 2 thinks {args.think or None} s unless its spec says, "
          f"{where(args)}")
    matchups = [(a, b) for i, a in enumerate(players) for b in players[i + 1:]]
    jobs = [(args.seed + k, a, b, args.think or None, args.iterations, {**args.setup, "map": m})
            for m in maps for a, b in matchups for k in range(args.games)]
    start = time.perf_counter()
    with games_on(args.workers, args.cluster) as (pool, _workers):
        scores = [score for _, score in pool.map(pair, jobs, chunksize=1)]
    per = len(matchups) * args.games
    tables = {m: scores[i * per:(i + 1) * per] for i, m in enumerate(maps)}
    if len(maps) > 1:
        tables["all maps"] = scores
    for name, got in tables.items():
        results: dict[tuple[str, str], list[float]] = {}
        for k, score in enumerate(got):
            results.setdefault(matchups[k // args.games % len(matchups)], []).append(score)
        elo = fit(results, players)
        ci = intervals(results, elo)
        print(f"{name}: " + "; ".join(f"{p} {elo[p]:+.0f} [{ci[p][0]:+.0f}, {ci[p][1]:+.0f}]" for p in players))
        print("  " + "; ".join(f"{a} v {b} {sum(v) / len(v):.0%}" for (a, b), v in results.items()))
    print(f"Elo, {players[0]} at 0, 95% intervals from the fit; a matchup's figure is its first player's score")
    print(f"wall time {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
