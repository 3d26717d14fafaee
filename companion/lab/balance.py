"""The balance lab: many seeded Snits' Revenge games per variation, on every core or a Dask cluster, tallied.

A variation is a set of variants (`organs_to_win=8,channel=3`, as `snits new --variant` takes them); the baseline
(the rulebook's numbers) is always the first row. Game i of every variation uses seed `seed + i`, so the variations
are compared on the same seeds, and a game is a pure function of (variants, seed, players): the tallies are the same
whatever the number of workers, the chunking, or the machine that played it. Here the run: its checks, its chunks
on this process, a local pool or (cluster.py) a Dask scheduler, and its tally; one game and a chunk of them are
games.py's, the rows variations.py's, the numbers tally.py's. No click here: the CLI is companion/cli/snits/balance.py.
"""
from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterable

from companion.core.language import _
from companion.lab.cluster import on_cluster
from companion.lab.games import (
    MAX_TURNS,
    RANDOM,
    BalanceError,
    Progress,
    Results,
    Task,
    board_entries,
    collect,
    make_player,
    run_task,
)
from companion.lab.tally import Lab, Row
from companion.lab.variations import Variation, variations

CHUNK = 10  # games per task at most: ~1.5 s of random play, so the bar moves and the cores stay evenly busy


def run(texts: Iterable[str] = (), games: int = 100, seed: int = 1, snits: str = RANDOM, bolotomus: str = RANDOM,
        workers: int | None = None, cluster: str | None = None, progress: Progress | None = None,
        max_turns: int = MAX_TURNS, chunk: int | None = None, board=None,
        notice: Callable[[str], None] | None = None) -> Lab:
    """Play `games` seeded games for the baseline and each variation in `texts`, on `workers` processes (default:
    every core; 1: in this process) or on the Dask scheduler at `cluster`; `progress(done, total)` after each chunk;
    `board` is the map (default: the edition's default map); `notice(line)` hears that a cluster has no worker.
    Results are gathered by (variation, game) and tallied in that order, never in the order they finish."""
    from companion.snits.state import SEED_MAX

    if games < 1:
        raise BalanceError(_("at least one game per variation, not {games}").format(games=games))
    if not 0 <= seed <= SEED_MAX - games + 1:
        raise BalanceError(_("the seed is a whole number from 0 to {most} (game i plays seed+i)").format(
            most=SEED_MAX - games + 1))
    from companion.snits import bolotomus as maps

    board = board or maps.load()
    on = board_entries(board)
    rows = variations(texts, on)
    for name in (snits, bolotomus):
        make_player(name)  # a level that does not import yet is refused here, before any game
    workers = workers or os.cpu_count() or 1
    if workers < 1:
        raise BalanceError(_("at least one worker, not {workers}").format(workers=workers))
    total = games * len(rows)
    size = chunk or max(1, min(CHUNK, math.ceil(total / (workers * 4))))
    todo = tasks(rows, games, seed, snits, bolotomus, max_turns, size, on)
    if cluster:
        results = on_cluster(cluster, todo, total, progress, notice)
    elif workers == 1:
        results = in_process(todo, total, progress)
    else:
        results = in_pool(todo, workers, total, progress)
    tally = [Row(v.text, v.as_dict) for v in rows]
    for (r, _game), (winner, turns, actions) in sorted(results.items()):
        tally[r].add(winner, turns, actions)
    return Lab(games, seed, snits, bolotomus, max_turns, tally, board.name or board.edition)


def tasks(rows: list[Variation], games: int, seed: int, snits: str, bolotomus: str, max_turns: int,
          size: int, on: str = "") -> list[Task]:
    """The chunks, game-index major so every variation advances together (a stopped run has seen them all)."""
    out = []
    for first in range(0, games, size):
        for r, v in enumerate(rows):
            out.append(Task(r, v.variants, first, min(size, games - first), seed, snits, bolotomus, max_turns, on))
    return out


def in_process(todo: list[Task], total: int, progress: Progress | None) -> Results:
    """One core, no pool: the single-core baseline."""
    results: Results = {}
    done = 0
    for task in todo:
        done = collect(results, run_task(task), done, total, progress)
    return results


def in_pool(todo: list[Task], workers: int, total: int, progress: Progress | None) -> Results:
    """Every chunk on a local process pool (concurrent.futures)."""
    from concurrent.futures import ProcessPoolExecutor, as_completed

    results: Results = {}
    done = 0
    with ProcessPoolExecutor(max_workers=workers, initializer=end_with, initargs=(os.getpid(),)) as pool:
        futures = [pool.submit(run_task, task) for task in todo]
        try:
            for future in as_completed(futures):
                done = collect(results, future.result(), done, total, progress)
        except BaseException:
            for future in futures:
                future.cancel()  # Ctrl-C or a failed game: the queued chunks are dropped, not played
            raise
    return results


def end_with(parent: int) -> None:
    """A pool worker's watch on the command that started it: killed (SIGKILL leaves no time to shut the pool), the
    command's workers would play on unseen; each ends itself within half a second of its parent."""
    import threading
    import time

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, daemon=True).start()
