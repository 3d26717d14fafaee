"""Developing's thresholds one by one (a mutation of the boundaries once survived every other test): reaching
7, 12, 18 or 23 gains an ability, growing from one of them or short of the next gains none."""
import pytest

from companion.sssnake.edition import edition


def grown(table, start: int, fresh: int):
    """Ann at length `start` (enough flips turned for her to have eaten that much), then `fresh` apples."""
    t = table()
    t.caves()
    for _ in range(24):
        t.round()
    t.snake("Ann").track = "f" * (start - 4)
    t.round(Ann={"fresh": fresh})
    return t


def test_the_thresholds_are_the_rulebooks():
    assert edition().ability_thresholds == (7, 12, 18, 23)


@pytest.mark.parametrize("threshold", [7, 12, 18, 23])
def test_reaching_a_threshold_gains_an_ability(table, threshold):
    t = grown(table, threshold - 1, 1)
    assert t.view()["choosing"] == ["Ann"]
    assert f"Ann grows {threshold - 1} -> {threshold}, reaching {threshold}: gains an ability." in t.messages


@pytest.mark.parametrize("start", [7, 12, 18, 23, 8, 13])
def test_growing_from_a_threshold_or_short_of_the_next_gains_none(table, start):
    t = grown(table, start, 1 if start in (7, 12, 18, 23) else 3)
    assert t.view()["choosing"] == [] and "gains" not in " ".join(t.messages[-3:])
