"""The Player interface and random play: what every computer side answers, apart from the package's `make`, so
the levels' modules import it without importing the package that loads them."""
from __future__ import annotations

from companion.snits import autoplay
from companion.snits.players.placement import place as reasoned_place


class Player:
    """A computer side. `choose` picks one of `legal` (the engine's legal actions) for the side to act in
    `state`, drawing any randomness from `rng` only; `place` hides a computer Bolotomus' Spark and Splops."""

    name = "player"

    def choose(self, state, legal: list[dict], rng) -> dict:
        raise NotImplementedError

    def place(self, board, spark: bool, splops: int, rng) -> tuple[str | None, list[str]]:
        return reasoned_place(board, spark, splops, rng)


class RandomPlayer(Player):
    """autoplay's policy: a random legal action, `done` now and then while something else is possible."""

    name = "random"

    def choose(self, state, legal, rng):
        return autoplay.choose(rng, legal)

    def place(self, board, spark, splops, rng):
        from companion.snits import hidden

        return hidden.draw(board, spark, splops, rng)
