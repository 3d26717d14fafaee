"""Whole games between computer players (and the balance lab's batches): plain functions, no CLI."""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, cast

from companion.snits import phases
from companion.snits.game import ENGINE
from companion.snits.phases import BOLOTOMUS, acting
from companion.snits.players.player import Player, RandomPlayer
from companion.snits.state import Phase, State

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from companion.core.engine import Outcome


@dataclass
class Match:
    setup: dict
    state: State
    log: list[tuple[dict, tuple[str, ...]]] = field(default_factory=list)  # logged action, messages
    times: dict[str, list[float]] = field(default_factory=dict)  # side -> seconds each of its decisions took

    @property
    def finished(self) -> bool:
        return self.state.phase == Phase.OVER

    @property
    def outcome(self) -> Outcome | None:
        return ENGINE.outcome(self.state)


def rngs(seed: int, names: Iterable[str]) -> dict[str, random.Random]:
    """Each side's own generator, fixed by the match seed (never the game's dice)."""
    return {n: random.Random(f"match:{seed}:{n}") for n in names}


def prepare(setup: dict, players: dict[str, Player], rng: random.Random) -> dict:
    """The setup with its seed and, when the game hides a Spark or Splops and none were given, the computer
    Bolotomus' own placement (a salt from its rng: the match is a simulation, not a table game to keep secret)."""
    from companion.snits.setup import map_of

    setup = dict(setup)
    if (setup.get("spark") or setup.get("splops")) and "hidden" not in setup:
        board = map_of(setup)
        chooser = players.get(BOLOTOMUS) or RandomPlayer()
        spark, splops = chooser.place(board, bool(setup.get("spark")), setup.get("splops", 0), rng)
        setup["hidden"] = {"spark": spark, "splops": splops, "salt": f"match-{rng.getrandbits(64):016x}"}
    return setup


def play_match(setup: dict, players: dict[str, Player], seed: int, max_turns: int = 400,
               clock: Callable[[], float] = time.perf_counter) -> Match:
    """Play one game: `players` maps a side ("Snits" or each clan's name, "Bolotomus") to a Player (a side left
    out plays at random). The game's dice come from setup["seed"] (default: `seed`); each player draws from its
    own rng seeded by `seed`, so the same seed and players give the same game."""
    setup = {"seed": seed, **setup}
    state = ENGINE.new(setup) if "hidden" in setup or not (setup.get("spark") or setup.get("splops")) else None
    names = phases.players(state or ENGINE.new({k: v for k, v in setup.items() if k not in ("spark", "splops")}))
    own = rngs(seed, names + ["setup"])
    setup = prepare(setup, players, own["setup"])
    game = Match(setup, state or ENGINE.new(setup), times={n: [] for n in names})
    table = {n: players.get(n) or RandomPlayer() for n in names}
    while game.state.phase != Phase.OVER and game.state.turn <= max_turns:
        side = acting(game.state)
        assert side is not None  # the game goes on: someone acts
        legal = ENGINE.legal_actions(game.state)
        start = clock()
        action = table[side].choose(game.state, legal, own[side])
        game.times[side].append(clock() - start)
        result = ENGINE.apply(game.state, action)
        game.log.append((result.logged or action, result.messages))
        game.state = cast(State, result.state)  # the engine's Result holds any game's state
    return game
