"""The lab's games: one seeded Snits' Revenge game between two players on a map, the chunks of them a worker plays,
and their results gathered as they come (BalanceError is the lab's one-line refusal)."""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache

from companion.core.language import _

MAX_TURNS = 400  # as `snits autoplay`: a game still going after this many turns is counted as unfinished
RANDOM = "random"
PLAYERS = {RANDOM: 0, "1": 1, "2": 2}  # the players' names -> computer level (companion.snits.players.make)

Progress = Callable[[int, int], None]
Results = dict[tuple[int, int], tuple[str, int, int]]


class BalanceError(ValueError):
    """A one-line refusal (a bad variation, player or cluster address); the CLI shows it as `error: ...`."""


@cache
def make_player(name: str):
    """The player called `name` ("random", or a computer level), built once per process."""
    from companion.snits.players import make

    if name not in PLAYERS:
        raise BalanceError(_("unknown player {name}; choose one of {names}").format(name=repr(name),
                                                                                     names=", ".join(player_names())))
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
        # Result.state is the core's object: each game's engine gives its own State, which the core cannot name
        state = ENGINE.apply(state,  # type: ignore[assignment]
                             player.choose(state, ENGINE.legal_actions(state), rng)).state
        actions += 1
    if state.phase != Phase.OVER:
        return "unfinished", state.turn, actions
    assert state.winner is not None  # the rules name a winner exactly when the game is over
    return state.winner, state.turn, actions


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


def collect(results: Results, played: list, done: int, total: int, progress: Progress | None) -> int:
    """Keep a chunk's results by (variation, game), tell `progress`; the games done so far."""
    for r, i, *rest in played:
        results[r, i] = tuple(rest)
    done += len(played)
    if progress:
        progress(done, total)
    return done
