"""Computer opponents for Snits' Revenge: `make` for a level by number (the Player interface and random play are in
player.py; the levels load on first use)."""
from __future__ import annotations

from companion.snits.players.player import Player, RandomPlayer

__all__ = ["DeepPlayer", "HeuristicPlayer", "Player", "RandomPlayer", "SearchPlayer", "make"]


def make(level: int, think: float | None = 1.0, iterations: int | None = None) -> Player:
    """The opponent for a level: 0 random, 1 heuristic (one ply), 2 search, 3 deep search (2 and 3: `think`
    seconds a decision, and/or at most `iterations` rollouts; think=None: iterations alone, fully reproducible;
    the table passes both)."""
    if level == 0:
        return RandomPlayer()
    if level == 1:
        from companion.snits.players.heuristic import HeuristicPlayer

        return HeuristicPlayer()
    if level == 2:
        from companion.snits.players.search import SearchPlayer

        return SearchPlayer(think=think, iterations=iterations)
    if level == 3:
        from companion.snits.players.deep import DeepPlayer

        return DeepPlayer(think=think, iterations=iterations)
    raise ValueError(f"level 0, 1, 2 or 3, not {level!r}")


def __getattr__(name):
    """HeuristicPlayer, SearchPlayer and DeepPlayer importable from here, loaded on first use."""
    if name == "HeuristicPlayer":
        from companion.snits.players.heuristic import HeuristicPlayer

        return HeuristicPlayer
    if name == "SearchPlayer":
        from companion.snits.players.search import SearchPlayer

        return SearchPlayer
    if name == "DeepPlayer":
        from companion.snits.players.deep import DeepPlayer

        return DeepPlayer
    raise AttributeError(name)
