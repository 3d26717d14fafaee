"""The round robin's ratings (benchmarks/ratings.py): a Bradley-Terry fit recovers the strengths that played the
games, and its intervals cover them."""
import random

import pytest

from benchmarks.ratings import fit, intervals
from benchmarks.sprt import expected


def round_robin(truth: dict[str, float], pairs: int, seed: int = 1):
    rng = random.Random(seed)
    names = list(truth)
    results = {}
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            p = expected(truth[a] - truth[b])
            results[a, b] = [((rng.random() < p) + (rng.random() < p)) / 2 for _ in range(pairs)]
    return results


def test_the_fit_recovers_the_strengths_that_played():
    truth = {"random": 0.0, "level 1": 300.0, "level 2": 450.0}
    elo = fit(round_robin(truth, 400), list(truth))
    assert elo["random"] == 0.0
    assert elo["level 1"] == pytest.approx(300, abs=40) and elo["level 2"] == pytest.approx(450, abs=50)


def test_a_clean_sweep_stays_finite_and_ordered():
    results = {("a", "b"): [1.0] * 10, ("a", "c"): [1.0] * 10, ("b", "c"): [1.0] * 10}
    elo = fit(results, ["c", "b", "a"])
    assert 0 == elo["c"] < elo["b"] < elo["a"] < 2000


def test_the_intervals_cover_the_truth():
    truth = {"random": 0.0, "level 1": 200.0, "level 2": 260.0}
    results = round_robin(truth, 150, seed=4)
    ci = intervals(results, fit(results, list(truth)))
    assert ci["random"] == (0.0, 0.0)
    for name in ("level 1", "level 2"):
        assert ci[name][0] < truth[name] < ci[name][1]


def test_a_clean_sweep_is_no_certainty():
    """Ten pairs all won say the winner is stronger, not by how much: the interval stays wide."""
    sweep = {("a", "b"): [1.0] * 10}
    low, high = intervals(sweep, fit(sweep, ["b", "a"]))["a"]
    assert high - low > 300 and low > 0
