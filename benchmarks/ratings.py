"""Ratings of the computer players from a round robin, as engine lists rate engines: a Bradley-Terry model fitted
by Hunter's MM algorithm (2004; here in a few lines, no statistics package needed), on the Elo scale with the first
player at 0, each matchup given half a win each way so a clean sweep stays finite, and 95% intervals from the
fit's curvature (the inverse of the log-likelihood's Hessian: a bootstrap would call a clean sweep certain).
"""
from __future__ import annotations

import math

Results = dict[tuple[str, str], list[float]]  # (a, b) -> a's score in each game pair: 0, 0.5 or 1


def fit(results: Results, players: list[str], rounds: int = 500) -> dict[str, float]:
    """Each player's Elo (the first at 0) that best explains the games: two a pair, a's wins 2 x its score."""
    wins = {p: 0.0 for p in players}
    games: dict[tuple[str, str], float] = {}
    for (a, b), scores in results.items():
        won = 2 * sum(scores)
        wins[a] += won + 0.5
        wins[b] += 2 * len(scores) - won + 0.5
        games[a, b] = games.get((a, b), 0.0) + 2 * len(scores) + 1
    strength = {p: 1.0 for p in players}
    for _ in range(rounds):
        for p in players:
            met = sum(n / (strength[a] + strength[b]) for (a, b), n in games.items() if p in (a, b))
            strength[p] = wins[p] / met if met else strength[p]
        scale = strength[players[0]]
        strength = {p: s / scale for p, s in strength.items()}
    return {p: 400 * math.log10(s) for p, s in strength.items()}


def intervals(results: Results, elo: dict[str, float], z: float = 1.96) -> dict[str, tuple[float, float]]:
    """Each player's 95% interval about its Elo as `fit` gave it (the first player's is 0 wide: the anchor)."""
    import numpy as np

    players = list(elo)
    at = {p: i for i, p in enumerate(players)}
    info = np.zeros((len(players), len(players)))
    for (a, b), scores in results.items():
        p = 1 / (1 + 10 ** ((elo[b] - elo[a]) / 400))
        w = (2 * len(scores) + 1) * p * (1 - p)  # the games, with the half win each way
        i, j = at[a], at[b]
        info[i, i] += w
        info[j, j] += w
        info[i, j] -= w
        info[j, i] -= w
    cov = np.linalg.inv(info[1:, 1:])
    half = {p: z * 400 / math.log(10) * math.sqrt(cov[k, k]) for k, p in enumerate(players[1:])}
    return {p: (elo[p] - half.get(p, 0.0), elo[p] + half.get(p, 0.0)) for p in players}
