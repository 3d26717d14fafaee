"""Friendship mode: rejoin on one of the next three flips by drawing a cave; two rotten circles; same length."""
import pytest

from companion.core.engine import IllegalAction
from companion.sssnake import scoring


def eliminated_bob(table):
    t = table(friendship=True)
    t.caves()
    t.round(Bob={"fresh": 2})
    t.round(Bob={"out": True})
    return t


def test_an_eliminated_player_may_rejoin_on_the_next_flip(table):
    t = eliminated_bob(table)
    lines = t.flip()
    assert any(line.startswith("  Bob: out; may rejoin: draw a cave at") for line in lines)
    t.do({"type": "rejoin", "player": "Bob"})
    bob = t.snake("Bob")
    assert not bob.out and bob.length == 6 and bob.rejoins == 1


def test_rejoining_colours_two_circles_rotten_without_changing_length(table):
    t = eliminated_bob(table)
    t.flip()
    t.do({"type": "rejoin", "player": "Bob"})
    bob = scoring.scores(t.state.snakes)[1]
    assert bob.rotten == 2 and bob.length == 6


def test_the_rejoining_snake_moves_from_the_next_round(table):
    t = eliminated_bob(table)
    t.flip()
    t.do({"type": "rejoin", "player": "Bob"})
    assert "Bob" not in t.view()["waiting_for"]
    t.report("Ann")
    t.report("Cid")
    t.flip()
    assert "Bob" in t.view()["waiting_for"]


def test_rejoining_only_within_three_flips(table):
    t = eliminated_bob(table)
    for _ in range(3):
        t.round()
    t.flip()
    with pytest.raises(IllegalAction, match="only on the 3 flips after"):
        t.do({"type": "rejoin", "player": "Bob"})


def test_rejoining_needs_friendship_mode(table):
    t = table()
    t.caves()
    t.round(Bob={"out": True})
    t.flip()
    with pytest.raises(IllegalAction, match="Friendship mode"):
        t.do({"type": "rejoin", "player": "Bob"})


def test_a_player_in_the_game_cannot_rejoin(table):
    t = eliminated_bob(table)
    t.flip()
    with pytest.raises(IllegalAction, match="still in the game"):
        t.do({"type": "rejoin", "player": "Ann"})


def test_friendship_game_waits_while_the_eliminated_player_may_rejoin(table):
    """Friendship mode: "For the next three apple cards turned over, they can choose to draw a cave": a two-player
    game does not end at Bob's elimination, and Bob can rejoin on the next flip."""
    t = table(players=("Ann", "Bob"), friendship=True)
    t.caves()
    t.round(Bob={"out": True})
    assert t.view()["phase"] == "flip"
    t.flip()
    t.do({"type": "rejoin", "player": "Bob"})
    t.report("Ann")
    t.round()
    assert t.view()["phase"] == "flip" and not t.snake("Bob").out


def test_friendship_game_ends_once_nobody_can_rejoin_any_more(table):
    """End of play with Friendship mode: the last-but-one is out and "If the player does not take any of their three
    opportunities to rejoin, they may not rejoin the game"."""
    t = table(players=("Ann", "Bob"), friendship=True)
    t.caves()
    t.round(Bob={"out": True})
    t.round()
    t.round()
    assert t.view()["phase"] == "flip"
    t.round()
    assert t.view()["phase"] == "over"


def test_friendship_game_ends_when_all_are_out(table):
    """End of play: with every snake out nobody is left to finish a round, rejoin chances or not."""
    t = table(players=("Ann", "Bob"), friendship=True)
    t.caves()
    t.round(Ann={"out": True}, Bob={"out": True})
    assert t.view()["phase"] == "over"


def test_normal_game_still_ends_at_the_last_but_one_elimination(table):
    """End of play: "The game ends when the last-but-one player is eliminated" (no Friendship mode)."""
    t = table(players=("Ann", "Bob"))
    t.caves()
    t.round(Bob={"out": True})
    assert t.view()["phase"] == "over"


def test_rejoining_is_instead_of_a_flips_apple_not_between_rounds(table):
    """Friendship: "For the next three apple cards turned over, they can choose to draw a cave instead of an apple":
    once the third flip's round is over, its apple is drawn and the chance is gone."""
    t = eliminated_bob(table)
    with pytest.raises(IllegalAction, match="after the next flip"):
        t.do({"type": "rejoin", "player": "Bob"})
    for chance in range(3):
        t.round()
        assert not t.view()["players"][1]["may_rejoin"]
        with pytest.raises(IllegalAction, match="after the next flip" if chance < 2 else "only on the 3 flips after"):
            t.do({"type": "rejoin", "player": "Bob"})


def test_a_rejoining_cave_follows_the_usual_placement_rules(table):
    """Friendship mode: "The usual rules for cave placement apply": a cave on water moves to other terrain."""
    t = table(friendship=True, seed=4)
    t.caves()
    t.round(Bob={"fresh": 2})
    t.round(Bob={"out": True})
    t.flip()
    line = t.do({"type": "rejoin", "player": "Bob"})[0]
    assert line.startswith("Bob rejoins: draw a cave at 9,5") and line.endswith(
        "A cave cannot lie on water: it moves horizontally or vertically (any direction) until it reaches grassland "
        "or sand.")
