"""The Player interface and random play: what every computer side answers, apart from the package's `make`, so
the levels' modules import it without importing the package that loads them."""
from __future__ import annotations

from typing import TYPE_CHECKING

from companion.snits import autoplay
from companion.snits.players.placement import place as reasoned_place

if TYPE_CHECKING:
    from random import Random

    from companion.snits.bolotomus import Bolotomus
    from companion.snits.state import State


class Player:
    """A computer side. `choose` picks one of `legal` (the engine's legal actions) for the side to act in
    `state`, drawing any randomness from `rng` only; `place` hides a computer Bolotomus' Spark and Splops."""

    name = "player"

    def choose(self, state: State, legal: list[dict], rng: Random) -> dict:
        raise NotImplementedError

    def place(self, board: Bolotomus, spark: bool, splops: int, rng: Random) -> tuple[str | None, list[str]]:
        return reasoned_place(board, spark, splops, rng)


class RandomPlayer(Player):
    """autoplay's policy: a random legal action, `done` now and then while something else is possible."""

    name = "random"

    def choose(self, state: State, legal: list[dict], rng: Random) -> dict:
        return autoplay.choose(rng, legal)

    def place(self, board: Bolotomus, spark: bool, splops: int, rng: Random) -> tuple[str | None, list[str]]:
        from companion.snits import hidden

        return hidden.draw(board, spark, splops, rng)
