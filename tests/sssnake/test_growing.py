"""Growing: one circle per apple, drawn by kind; past the printed maximum the track starts again at 1."""
import pytest

from companion.engine import IllegalAction
from companion.sssnake.edition import edition
from companion.sssnake.snake import Snake


def test_growing_one_field_per_apple_of_any_kind(table):
    t = table(landscape="foxtrail")
    t.caves()
    t.round(Ann={"fresh": 2, "rotten": 1})
    assert t.snake("Ann").length == 7 and t.snake("Ann").track == "ffr"


def test_snakes_grow_at_the_end_of_the_turn_not_when_reporting(table):
    t = table()
    t.caves()
    t.flip()
    t.report("Ann", fresh=2)
    assert t.snake("Ann").length == 4
    t.report("Bob")
    t.report("Cid")
    assert t.snake("Ann").length == 6


def test_rotten_apples_are_refused_when_none_can_exist(table):
    """Types of apple: rotten apples come from Poisonous (or lie on FoxTrail); elsewhere none can be eaten."""
    t = table()
    t.caves()
    t.flip()
    with pytest.raises(IllegalAction, match="no rotten apple"):
        t.report("Ann", rotten=1)


def test_negative_counts_are_refused(table):
    t = table()
    t.caves()
    t.flip()
    with pytest.raises(IllegalAction, match="negative"):
        t.report("Ann", fresh=-1)


def test_poisonous_snake_circles_a_rotten_apple_as_fresh(table):
    """10 Poisonous: a rotten apple eaten by a Poisonous snake counts as fresh."""
    t = table()
    t.caves()
    t.snake("Ann").gained.append(10)
    t.round(Ann={"rotten": 2}, Bob={"rotten": 1})
    assert t.snake("Ann").track == "ff" and t.snake("Bob").track == "r"


def test_track_wraps_past_the_printed_maximum():
    """Growing: longer than the printed maximum, start again at 1 and circle the numbers an extra time."""
    top = edition().track_max
    s = Snake("Ann", track="f" * (top - 4 + 2))
    assert s.length == top + 2
    assert s.circled_numbers()[-3:] == [top, 1, 2]


def test_wrap_is_announced(table):
    t = table(players=["Solo"])
    t.caves()
    said = []
    while t.snake("Solo").length <= edition().track_max:
        t.round(Solo={"fresh": 2})
        said += t.messages
        while t.state.choosers:
            t.take("Solo", next(n for n in t.state.display.face_up() if n != 15 and not t.snake("Solo").has(n)))
    assert sum("circle again from 1" in m for m in said) == 1


def test_more_apples_than_can_have_fallen_are_refused(table):
    """Apple cards: apples come one per flip (plus the extra and Intuition ones); more cannot have been eaten."""
    t = table()
    t.caves()
    t.flip()  # four flips: at most 2 apples each on a sheet without Intuition squares
    with pytest.raises(IllegalAction, match="at most 8 in all so far"):
        t.report("Ann", fresh=9)
    t.report("Ann", fresh=8)
