"""Computer opponents for Snits' Revenge: the Player interface, random play, and `make` for a level by number."""
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


def make(level: int, think: float | None = 1.0, iterations: int | None = None) -> Player:
    """The opponent for a level: 0 random, 1 heuristic (one ply), 2 search (`think` seconds a decision, and/or
    at most `iterations` rollouts; think=None: iterations alone, fully reproducible; the table passes both)."""
    if level == 0:
        return RandomPlayer()
    if level == 1:
        from companion.snits.players.heuristic import HeuristicPlayer

        return HeuristicPlayer()
    if level == 2:
        from companion.snits.players.search import SearchPlayer

        return SearchPlayer(think=think, iterations=iterations)
    raise ValueError(f"level 0, 1 or 2, not {level!r}")


def __getattr__(name):
    """HeuristicPlayer and SearchPlayer importable from here, loaded on first use."""
    if name == "HeuristicPlayer":
        from companion.snits.players.heuristic import HeuristicPlayer

        return HeuristicPlayer
    if name == "SearchPlayer":
        from companion.snits.players.search import SearchPlayer

        return SearchPlayer
    raise AttributeError(name)
