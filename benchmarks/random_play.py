"""Seeded games played with random legal moves: the tables the token benchmark measures and its tests replay."""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from companion.core.games import engine
from companion.snits import autoplay

SPARK = {"spark": True, "splops": 3,  # the Spark of Life and the Splops hidden, as the Bolotomus would
         "hidden": {"spark": "Forebosinator", "splops": ["Eye", "Wobbulum", "Quibbler"], "salt": "9f3c1a7e5b2d8046"}}


@dataclass
class Table:
    """A game in progress: its kind, setup, current state, and every (state before, logged action) pair."""

    kind: str
    setup: dict
    state: object
    steps: list[tuple[object, dict]] = field(default_factory=list)

    def apply(self, action: dict) -> None:
        result = engine(self.kind).apply(self.state, action)
        self.steps.append((self.state, result.logged or action))
        self.state = result.state


def sssnake(players: int, rounds: int, seed: int, landscape: str = "foxtrail", friendship: bool = True,
            digital: int = 0) -> Table:
    """A Sssnake game played for `rounds` rounds after the cave round (or to its end); the first `digital` players
    play digital sheets."""
    names = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"][:players]
    setup = {"players": names, "landscape": landscape, "seed": seed, "friendship": friendship} | \
        ({"digital": names[:digital]} if digital else {})
    table = Table("sssnake", setup, engine("sssnake").new(setup))
    rng = random.Random(f"sssnake-play:{seed}")
    from companion.sssnake.state import Phase

    while table.state.phase != Phase.OVER and \
            sum(a["type"] == "flip" and s.phase == Phase.FLIP for s, a in table.steps) <= rounds:
        table.apply(engine("sssnake").legal_actions(table.state).sample(rng))
        if table.state.phase == Phase.FLIP and \
                sum(a["type"] == "flip" and s.phase == Phase.FLIP for s, a in table.steps) == rounds:
            break
    return table


def snits(turns: int, seed: int, prefer: tuple[str, ...] = (), **setup) -> Table:
    """A Snits' Revenge game played with the engine's own legal moves for `turns` turns (or to its end);
    action types in `prefer` are played whenever they are legal (rare ones, for tests that need them)."""
    setup = {"seed": seed} | setup
    table = Table("snits", setup, engine("snits").new(setup))
    rng = random.Random(f"snits-play:{seed}")
    while not engine("snits").is_terminal(table.state) and table.state.turn <= turns:
        legal = engine("snits").legal_actions(table.state)
        wanted = [a for a in legal if a["type"] in prefer]
        table.apply(rng.choice(wanted) if wanted else autoplay.choose(rng, legal))
    return table
