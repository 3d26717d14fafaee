"""Whole games with random legal actions for every side: how a game flows, and ground for a real opponent."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import cast

from companion.snits.game import ENGINE
from companion.snits.state import Phase, State

DONE_CHANCE = 0.15  # how often a side stops early when it still could act


@dataclass
class Played:
    setup: dict
    state: State
    log: list[tuple[dict, tuple[str, ...]]] = field(default_factory=list)  # logged action, messages

    @property
    def finished(self) -> bool:
        return self.state.phase == Phase.OVER


def choose(rng: random.Random, legal: list[dict]) -> dict:
    """A random legal action; `done` only now and then while something else is possible."""
    others = [a for a in legal if a["type"] != "done"]
    if not others or (legal[-1]["type"] == "done" and rng.random() < DONE_CHANCE):
        return legal[-1]
    return rng.choice(others)


def play(setup: dict, seed: int, max_turns: int = 400) -> Played:
    """Play one game from `setup` with choices drawn from `seed` (the dice come from the game's own seed)."""
    rng = random.Random(f"autoplay:{seed}")
    game = Played(setup, ENGINE.new(setup))
    while game.state.phase != Phase.OVER and game.state.turn <= max_turns:
        action = choose(rng, ENGINE.legal_actions(game.state))
        result = ENGINE.apply(game.state, action)
        game.log.append((result.logged or action, result.messages))
        game.state = cast(State, result.state)  # the engine's Result holds any game's state
    return game
