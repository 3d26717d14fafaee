"""The SPRT that accepts a change to a computer opponent (benchmarks/sprt.py): its bounds, its Elo curve, and its
error rates on simulated game pairs, which must stay near the alpha and beta asked for."""
import math
import random

import pytest

from benchmarks.sprt import Sprt, elo_interval, elo_of, expected


def test_the_bounds_are_wald_s():
    low, high = Sprt(alpha=0.05, beta=0.05).bounds
    assert low == pytest.approx(-math.log(19)) and high == pytest.approx(math.log(19))


def test_the_elo_curve_and_its_inverse():
    assert expected(0) == 0.5 and expected(400) == pytest.approx(10 / 11)
    assert elo_of(expected(120)) == pytest.approx(120)


def test_a_short_run_of_wins_does_not_decide():
    assert Sprt().verdict([1.0, 1.0, 1.0]) is None


def pairs(rng: random.Random, elo: float):
    """Game pairs between players `elo` apart: each pair's score 0, 0.5 or 1."""
    p = expected(elo)
    while True:
        yield ((rng.random() < p) + (rng.random() < p)) / 2


def run(rng: random.Random, elo: float, test: Sprt, most: int = 3000) -> str | None:
    scores: list[float] = []
    for score in pairs(rng, elo):
        scores.append(score)
        verdict = test.verdict(scores) if len(scores) % 5 == 0 else None
        if verdict or len(scores) >= most:
            return verdict


def test_the_error_rates_stay_near_alpha_and_beta():
    """A change exactly elo0 stronger is taken for a stronger one about alpha of the time; one elo1 stronger is
    turned down about beta of the time (40 runs each: at most 6, where 2 are expected)."""
    rng = random.Random(7)
    test = Sprt(elo0=0, elo1=100)
    false_h1 = sum(run(rng, 0, test) == "H1" for _ in range(40))
    false_h0 = sum(run(rng, 100, test) == "H0" for _ in range(40))
    assert false_h1 <= 6 and false_h0 <= 6


def test_the_elo_measured_brackets_the_truth():
    rng = random.Random(3)
    gen = pairs(rng, 100)
    elo, low, high = elo_interval([next(gen) for _ in range(2000)])
    assert low < 100 < high and high - low < 60
