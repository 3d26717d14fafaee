"""The balance lab: many seeded Snits' Revenge games per variation, on every core or a Dask cluster, tallied.

A variation is a set of variants (`organs_to_win=8,channel=3`, as `snits new --variant` takes them); the baseline
(the rulebook's numbers) is always the first row. Game i of every variation uses seed `seed + i`, so the variations
are compared on the same seeds, and a game is a pure function of (variants, seed, players): the tallies are the same
whatever the number of workers, the chunking, or the machine that played it. No click here: the CLI is
companion/cli/snits/balance.py.
"""
from __future__ import annotations

import math
import os
import random
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache, lru_cache

BASELINE = "baseline"
MAX_TURNS = 400  # as `snits autoplay`: a game still going after this many turns is counted as unfinished
RANDOM = "random"
PLAYERS = {RANDOM: 0, "1": 1, "2": 2}  # the players' names -> computer level (companion.snits.players.make)
CHUNK = 10  # games per task at most: ~1.5 s of random play, so the bar moves and the cores stay evenly busy
SIDES = ("Snits", "Bolotomus")
WAIT = 2.0  # s: how long a cluster run waits for a chunk before it looks whether any worker is left


class BalanceError(ValueError):
    """A one-line refusal (a bad variation, player or cluster address); the CLI shows it as `error: ...`."""


@dataclass(frozen=True)
class Variation:
    """One row of the lab: its text as typed (normalised) and the variants it sets."""

    text: str
    variants: tuple[tuple[str, int], ...] = ()

    @property
    def as_dict(self) -> dict:
        return dict(self.variants)


def wilson_interval(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for k successes in n trials (95% for z=1.96): honest near 0% and 100%, where the
    normal approximation gives bounds outside [0, 1]; (0, 1) when there are no trials."""
    if n <= 0:
        return 0.0, 1.0
    if not 0 <= k <= n:
        raise ValueError(f"k must be from 0 to n={n}, not {k}")
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def rate_text(k: int, n: int) -> str | None:
    """`17.0 [10.9, 25.5]`: the win rate and its interval in percent, rounded once from the counts, so the table and
    the chart say the same (the chart's 4-place JSON numbers, rounded again, gave 25.6); None with no game."""
    if not n:
        return None
    lo, hi = wilson_interval(k, n)
    return f"{100 * k / n:.1f} [{100 * lo:.1f}, {100 * hi:.1f}]"


wilson = wilson_interval  # the short name the brief and the AI benchmark use


def parse_variation(text: str) -> Variation:
    """`organs_to_win=8,channel=3` (dashes allowed for underscores, spaces ignored) as a Variation; `baseline` (or
    nothing) is the rulebook's numbers. Names and ranges are the rules' own (snits/options.py)."""
    from companion.snits.options import from_variants

    text = text.strip()
    if text.lower() in ("", BASELINE):
        return Variation(BASELINE)
    pairs: dict[str, int] = {}
    for item in text.split(","):
        key, sep, value = item.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key or not re.fullmatch(r"-?[0-9]{1,9}", value.strip()):  # ASCII digits only
            raise BalanceError(f"a variation is NAME=NUMBER[,NAME=NUMBER...] (organs_to_win, channel, canal, force), "
                               f"e.g. organs_to_win=8,channel=3; not {text!r}")
        if key in pairs:
            raise BalanceError(f"{key} is set twice in the variation {text!r}")
        pairs[key] = int(value)
    from_variants(pairs, BalanceError)  # unknown names and numbers out of range, in the rules' own words
    return Variation(",".join(f"{k}={v}" for k, v in pairs.items()), tuple(pairs.items()))


def variations(texts: Iterable[str], on: str = "") -> list[Variation]:
    """The baseline, then each variation given, checked against the rules before any game is played (a variation
    the setup refuses, such as more organs to win than the map has, is refused here in the setup's words); `on`
    is the map's setup entries as JSON text (see board_entries)."""
    from companion.core.engine import IllegalAction
    from companion.snits.game import ENGINE
    from companion.snits.options import from_variants

    rows = [Variation(BASELINE)]
    for text in texts:
        v = parse_variation(text)
        same = next((r for r in rows if from_variants(r.as_dict) == from_variants(v.as_dict)), None)
        if same is not None:
            raise BalanceError(f"the variation {text.strip()!r} plays the same rules as {same.text!r}; give each once")
        try:
            ENGINE.new({"seed": 0, "variants": v.as_dict, **board_setup(on)})
        except IllegalAction as exc:
            raise BalanceError(f"variation {v.text}: {exc}") from None
        rows.append(v)
    return rows


@cache
def make_player(name: str):
    """The player called `name` ("random", or a computer level), built once per process."""
    from companion.snits.players import make

    if name not in PLAYERS:
        raise BalanceError(f"unknown player {name!r}; choose one of {', '.join(player_names())}")
    from companion.snits.players.search import ROLLOUTS

    return make(PLAYERS[name], think=None, iterations=ROLLOUTS)  # a count, not a clock: the same game on any machine


def player_names() -> list[str]:
    return list(PLAYERS)


def board_entries(board) -> str:
    """The setup's entries for the map a lab plays on, as JSON text a Task carries to a worker: the edition's map by
    name, or a player's map whole."""
    import json

    if board.name:
        from companion.snits import mapfile

        return json.dumps({"map": mapfile.to_data(board)}, sort_keys=True)
    return json.dumps({"edition": board.edition})


@lru_cache(maxsize=8)
def board_setup(on: str) -> dict:
    """The setup entries `board_entries` wrote (none: the default edition's map)."""
    import json

    from companion.snits.bolotomus import DEFAULT_EDITION

    return json.loads(on) if on else {"edition": DEFAULT_EDITION}


def play_game(variants: dict, seed: int, snits: str = RANDOM, bolotomus: str = RANDOM,
              max_turns: int = MAX_TURNS, on: str = "") -> tuple[str, int, int]:
    """One game: (winner or "unfinished", turns, actions). Both sides draw their choices from one generator seeded
    by the game's seed, as `snits autoplay` does, so random-against-random games are exactly autoplay's."""
    from companion.snits.game import ENGINE
    from companion.snits.phases import BOLOTOMUS, acting
    from companion.snits.state import Phase

    sides = make_player(snits), make_player(bolotomus)
    one = snits == bolotomus
    rng = random.Random(f"autoplay:{seed}")
    state = ENGINE.new({"seed": seed, "players": 1, "variants": variants, **board_setup(on)})
    actions = 0
    while state.phase != Phase.OVER and state.turn <= max_turns:
        player = sides[0] if one else sides[acting(state) == BOLOTOMUS]
        state = ENGINE.apply(state, player.choose(state, ENGINE.legal_actions(state), rng)).state
        actions += 1
    return (state.winner if state.phase == Phase.OVER else "unfinished"), state.turn, actions


@dataclass(frozen=True)
class Task:
    """A chunk of games for one worker: games `first` .. `first + count - 1` of variation `row`."""

    row: int
    variants: tuple[tuple[str, int], ...]
    first: int
    count: int
    seed: int
    snits: str
    bolotomus: str
    max_turns: int
    on: str = ""  # the map, as board_entries writes it ("": the default edition's)


def run_task(task: Task) -> list[tuple[int, int, str, int, int]]:
    """Play a chunk: [(row, game index, winner, turns, actions)]; a top-level function, so a process pool or a
    Dask worker can call it by name."""
    import gc

    variants = dict(task.variants)
    collecting = gc.isenabled()
    gc.disable()  # a game's states hold no reference cycles: the collector's passes cost ~8% and free nothing
    try:
        return [(task.row, i, *play_game(variants, task.seed + i, task.snits, task.bolotomus, task.max_turns,
                                         task.on))
                for i in range(task.first, task.first + task.count)]
    finally:
        if collecting:
            gc.enable()


def tasks(rows: list[Variation], games: int, seed: int, snits: str, bolotomus: str, max_turns: int,
          size: int, on: str = "") -> list[Task]:
    """The chunks, game-index major so every variation advances together (a stopped run has seen them all)."""
    out = []
    for first in range(0, games, size):
        for r, v in enumerate(rows):
            out.append(Task(r, v.variants, first, min(size, games - first), seed, snits, bolotomus, max_turns, on))
    return out


@dataclass
class Row:
    """One variation's tally. The win rate is over the finished games (ties count as games the Snits did not win);
    games still going at the turn cap are reported as unfinished and left out of the rate and the means."""

    variation: str
    variants: dict
    games: int = 0
    snits: int = 0
    bolotomus: int = 0
    ties: int = 0
    unfinished: int = 0
    turns: int = 0  # sums over the finished games
    actions: int = 0
    others: dict = field(default_factory=dict)  # any other verdict (a clan's name): none with one Snit player

    @property
    def finished(self) -> int:
        return self.games - self.unfinished

    @property
    def rate(self) -> float | None:
        return self.snits / self.finished if self.finished else None

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.snits, self.finished)

    @property
    def mean_turns(self) -> float | None:
        return self.turns / self.finished if self.finished else None

    @property
    def mean_actions(self) -> float | None:
        return self.actions / self.finished if self.finished else None

    def add(self, winner: str, turns: int, actions: int) -> None:
        self.games += 1
        if winner == "unfinished":
            self.unfinished += 1
            return
        self.turns += turns
        self.actions += actions
        if winner == "snits":
            self.snits += 1
        elif winner == "bolotomus":
            self.bolotomus += 1
        elif winner == "tie":
            self.ties += 1
        else:
            self.others[winner] = self.others.get(winner, 0) + 1

    def to_dict(self) -> dict:
        lo, hi = self.interval
        r4 = (lambda x: None if x is None else round(x, 4))
        return {"variation": self.variation, "variants": self.variants, "games": self.games, "snits": self.snits,
                "bolotomus": self.bolotomus, "ties": self.ties, "unfinished": self.unfinished,
                "snits_win_rate": r4(self.rate), "interval_95": [round(lo, 4), round(hi, 4)],
                "mean_turns": r4(self.mean_turns), "mean_actions": r4(self.mean_actions)}


@dataclass
class Lab:
    """A whole run: its settings and a Row per variation, baseline first."""

    games: int
    seed: int
    snits: str
    bolotomus: str
    max_turns: int
    rows: list[Row]
    map: str = ""  # the map played on: the edition's name, or a player's map file's

    def to_dict(self) -> dict:
        return {"games": self.games, "seeds": [self.seed, self.seed + self.games - 1], "map": self.map,
                "players": {"Snits": self.snits, "Bolotomus": self.bolotomus}, "max_turns": self.max_turns,
                "rate": "Snits wins / finished games; interval: Wilson 95%",
                "rows": [r.to_dict() for r in self.rows]}


Progress = Callable[[int, int], None]


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
        raise BalanceError(f"at least one game per variation, not {games}")
    if not 0 <= seed <= SEED_MAX - games + 1:
        raise BalanceError(f"the seed is a whole number from 0 to {SEED_MAX - games + 1} (game i plays seed+i)")
    from companion.snits import bolotomus as maps

    board = board or maps.load()
    on = board_entries(board)
    rows = variations(texts, on)
    for name in (snits, bolotomus):
        make_player(name)  # a level that does not import yet is refused here, before any game
    workers = workers or os.cpu_count() or 1
    if workers < 1:
        raise BalanceError(f"at least one worker, not {workers}")
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
    for (r, _), (winner, turns, actions) in sorted(results.items()):
        tally[r].add(winner, turns, actions)
    return Lab(games, seed, snits, bolotomus, max_turns, tally, board.name or board.edition)


Results = dict[tuple[int, int], tuple[str, int, int]]


def collect(results: Results, played: list, done: int, total: int, progress: Progress | None) -> int:
    for r, i, *rest in played:
        results[r, i] = tuple(rest)
    done += len(played)
    if progress:
        progress(done, total)
    return done


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


def on_cluster(address: str, todo: list[Task], total: int, progress: Progress | None,
               notice: Callable[[str], None] | None = None) -> Results:
    """Every chunk on a Dask distributed scheduler (the optional `cluster` extra); its workers need this version
    of the companion installed, as they call companion.lab.balance.run_task by name. A chunk a killed worker was
    playing is played again elsewhere (a game is a function of its seed: the table is the same); `notice` hears
    while no worker is there, and a lost scheduler is a BalanceError."""
    try:
        import distributed
    except ImportError:
        raise BalanceError("--cluster needs Dask distributed, an optional extra: "
                           "pip install 'sssnake-snits-companion[cluster]'") from None
    import logging
    from concurrent.futures import CancelledError

    for name in ["distributed", *(n for n in logging.root.manager.loggerDict if n.startswith("distributed."))]:
        logging.getLogger(name).setLevel(logging.CRITICAL)  # its tracebacks of a lost connection: ours is one line
    try:
        client = distributed.Client(address, timeout="10s")
    except (OSError, ValueError, TypeError) as exc:
        raise BalanceError(f"cannot reach a Dask scheduler at {address}: {exc}") from None
    results: Results = {}
    done = 0
    try:
        pending = set(client.map(run_task, todo, pure=False))
        waiting = False
        while pending:
            try:
                finished, pending = distributed.wait(pending, timeout=WAIT, return_when="FIRST_COMPLETED")
            except TimeoutError:
                idle = not client.scheduler_info(n_workers=1).get("workers")
                if idle and not waiting and notice:
                    notice(f"waiting for a Dask worker: none is connected to {address} (start one with "
                           f"`dask worker {address}`)")
                waiting = idle
                continue
            waiting = False
            for future in finished:
                done = collect(results, future.result(), done, total, progress)
    except (CancelledError, OSError):  # its futures cancelled (one or all: FuturesCancelledError), or no answer
        raise BalanceError(f"lost the Dask scheduler at {address} after {done} of {total} games; run the command "
                           "again once it is back") from None
    except distributed.KilledWorker:
        raise BalanceError(f"a chunk of games killed every Dask worker that played it, at {address}: look at the "
                           "workers' logs (memory?) and run the command again") from None
    finally:
        client.close()
    return results
