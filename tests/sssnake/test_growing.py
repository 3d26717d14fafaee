"""Growing: one circle per apple, drawn by kind; past the printed maximum the track starts again at 1."""
import pytest

from companion.core.engine import IllegalAction
from companion.sssnake.deck import Deck
from companion.sssnake.edition import edition
from companion.sssnake.snake import Snake

NO_HALVES = Deck(tuple(range(1, 17)))  # a half-apple B face is never followed by a half-apple A face
HALVES = Deck((3, 2, 6, 5, 9, 8, 12, 11, 15, 14, 1, 4, 7, 10, 13, 16))  # two half apples after flips 1, 3, 5, 7, 9


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


def test_rotten_apples_wait_until_a_poisonous_snake_has_turned_a_card(table):
    """10 Poisonous: "When you turn over an apple card, all players draw a rotten apple": holding the card makes no
    rotten apple until its snake flips; after that they stay on the sheets."""
    t = table()
    t.caves()
    t.snake("Bob").gained.append(10)
    t.flip()  # Ann flips a fresh apple
    with pytest.raises(IllegalAction, match="no Poisonous snake has turned an apple card"):
        t.report("Ann", rotten=1)
    assert not t.view()["rotten_possible"]
    for name in ("Ann", "Bob", "Cid"):
        t.report(name)
    t.round(Ann={"rotten": 1})  # Bob flips: rotten
    t.round(Cid={"rotten": 1})  # Cid flips a fresh one; Bob's rotten apple still lies there
    assert t.snake("Ann").track == "r" and t.snake("Cid").track == "r"


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
        t.round(Solo={"fresh": 1})
        said += t.messages
        while t.state.choosers:
            t.take("Solo", next(n for n in t.state.display.face_up() if n != 15 and not t.snake("Solo").has(n)))
    assert sum("circle again from 1" in m for m in said) == 1


def test_a_sheet_gets_one_apple_per_flip_but_its_own_cave_flip(table):
    """First round: the flipper "draws a cave", "the other players instead draw an apple"; then one apple a flip."""
    t = table()
    t.state.deck = NO_HALVES
    t.caves()
    t.flip()  # flips 2-4 gave Ann an apple each; flip 1 gave her the cave
    with pytest.raises(IllegalAction, match="at most 3 in all so far, 0 already eaten, so at most 3 now"):
        t.report("Ann", fresh=4)
    assert "Ann" in t.view()["waiting_for"]
    t.report("Ann", fresh=3)


def test_extra_apples_fall_only_after_the_cave_round_on_two_half_apples(table):
    """Apple cards: "If two half apples are face up, an additional apple falls", but not "during the first round"."""
    t = table()
    t.state.deck = HALVES
    t.caves()  # two half apples on flips 1 and 3: caves, so no extra apple
    t.round()
    t.flip()  # flip 5: two half apples
    assert t.view()["round"]["extra_apple"]
    with pytest.raises(IllegalAction, match="at most 5 in all so far"):
        t.report("Ann", fresh=6)
    t.report("Ann", fresh=5)


def test_before_a_reshuffle_every_flip_after_the_caves_may_have_dropped_an_extra_apple(table):
    """Apple cards: "When all the apple cards are used up, shuffle": the old order is gone, so each flip counts."""
    t = table(players=["Solo"], seed=2)
    t.state.deck = NO_HALVES
    t.caves()
    for _ in range(14):
        t.round()
    t.flip()
    assert t.state.deck.pos == 1 and not t.view()["round"]["extra_apple"]
    # flips 2-16 one apple each, flips 2-15 of the first deck may each have had an extra one
    with pytest.raises(IllegalAction, match="at most 29 in all so far"):
        t.report("Solo", fresh=30)


def test_an_intuition_square_adds_an_apple_a_flip_once_it_can_have_been_drawn(table):
    """15 Intuition: an apple falling in the square is drawn twice; a square is drawn after the first move at the
    earliest, so it counts from the second flip after the cave round."""
    t = table()
    t.state.deck = NO_HALVES
    t.caves()
    t.snake("Ann").squares.append((1, 1))
    t.round()
    t.flip()  # flip 5: Ann's apples from flips 2-5 plus one in the square
    with pytest.raises(IllegalAction, match="at most 5 in all so far"):
        t.report("Ann", fresh=6)
    t.report("Ann", fresh=5)


def test_foxtrails_printed_apples_can_be_eaten_from_the_start(table):
    """FoxTrail: "Ripe apples, and some which are a little over-ripe, decorate the forest floor" (6 + 3 printed)."""
    t = table(landscape="foxtrail")
    t.state.deck = NO_HALVES
    t.caves()
    t.flip()
    with pytest.raises(IllegalAction, match="at most 12 in all so far"):
        t.report("Ann", fresh=10, rotten=3)
    t.report("Ann", fresh=9, rotten=3)