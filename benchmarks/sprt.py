"""A sequential probability ratio test on game pairs, as engine testers accept a change: is the candidate at least
elo1 stronger than the baseline (H1) or at most elo0 (H0)? Each sample is one pair of games on one seed with the
sides swapped (Snits' Revenge is not symmetric: the pair cancels the map's lean), scored 0, 0.5 or 1. The log
likelihood ratio is the normal approximation engine testers call the generalised SPRT (Van den Bergh): the
samples' mean and variance against the scores elo0 and elo1 predict, with one pseudo pair lost and one won so a
short run of one result cannot stop the test by itself. Stops when the ratio leaves log(beta / (1 - alpha)) ..
log((1 - beta) / alpha).
"""
from __future__ import annotations

import math
from dataclasses import dataclass


def expected(elo: float) -> float:
    """The score a player elo points stronger expects (the logistic Elo curve)."""
    return 1 / (1 + 10 ** (-elo / 400))


def elo_of(score: float) -> float:
    """The Elo difference a score stands for (the inverse of `expected`), finite at 0 and 1."""
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


@dataclass(frozen=True)
class Sprt:
    """The hypotheses and error rates of one SPRT."""

    elo0: float = 0.0
    elo1: float = 50.0
    alpha: float = 0.05
    beta: float = 0.05

    @property
    def bounds(self) -> tuple[float, float]:
        """The log likelihood ratio below which H0 is accepted, and above which H1."""
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    def llr(self, scores: list[float]) -> float:
        """The log likelihood ratio of H1 against H0 after these pair scores."""
        samples = [*scores, 0.0, 1.0]
        n = len(samples)
        mean = sum(samples) / n
        var = sum((x - mean) ** 2 for x in samples) / n
        s0, s1 = expected(self.elo0), expected(self.elo1)
        return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)

    def verdict(self, scores: list[float]) -> str | None:
        """'H1' (stronger by elo1), 'H0' (not stronger than elo0), or None: play on."""
        low, high = self.bounds
        ratio = self.llr(scores)
        return "H1" if ratio >= high else "H0" if ratio <= low else None


def elo_interval(scores: list[float], z: float = 1.96) -> tuple[float, float, float]:
    """The Elo difference the pair scores measure, with its 95% interval (normal, on the mean score)."""
    n = len(scores)
    mean = sum(scores) / n
    half = z * math.sqrt(sum((x - mean) ** 2 for x in scores) / n / n)
    return elo_of(mean), elo_of(mean - half), elo_of(mean + half)
