"""End of play: the last-but-one elimination ends the game after the round; that round's apples are not circled."""
import pytest

from companion.core.engine import IllegalAction
from companion.sssnake.game import ENGINE


def test_game_ends_when_the_last_but_one_player_is_eliminated(table):
    t = table()
    t.caves()
    t.round(Ann={"out": True})
    assert t.view()["phase"] == "flip"
    t.round(Bob={"out": True}, Cid={"fresh": 2})
    assert t.view()["phase"] == "over"


def test_the_remaining_player_finishes_the_round(table):
    """End of play: the remaining player's apples of the final round still count."""
    t = table(players=["Ann", "Bob"])
    t.caves()
    t.round()
    t.round(Ann={"out": True, "fresh": 3}, Bob={"fresh": 2})
    assert t.snake("Bob").length == 6 and t.snake("Ann").length == 4


def test_apples_in_the_round_of_elimination_are_not_circled(table):
    t = table()
    t.caves()
    t.round(Ann={"fresh": 1})
    t.round(Ann={"fresh": 3, "out": True})
    assert t.snake("Ann").track == "f"


def test_nothing_can_be_played_after_the_end(table):
    t = table(players=["Ann", "Bob"])
    t.caves()
    t.round(Ann={"out": True})
    with pytest.raises(IllegalAction, match="game is over"):
        t.flip()


def test_eliminated_players_do_not_report(table):
    t = table()
    t.caves()
    t.round(Ann={"out": True})
    t.flip()
    assert t.view()["waiting_for"] == ["Bob", "Cid"]
    with pytest.raises(IllegalAction, match="out of the game"):
        t.report("Ann")


def test_solo_game_ends_only_at_elimination(table):
    """Solo: the game only ends when you are eliminated; you keep the first-player token."""
    t = table(players=["Sol"])
    t.caves()
    for _ in range(20):
        t.round(Sol={"fresh": 1})
        assert t.view()["first_player"] == "Sol" and t.view()["phase"] != "over"
        if t.state.choosers:
            t.take("Sol", next(n for n in t.state.display.face_up() if n != 15 and not t.snake("Sol").has(n)))
    t.round(Sol={"out": True})
    assert t.view()["phase"] == "over" and t.view()["solo_rank"]


def test_no_ability_is_owed_in_the_round_that_ends_the_game(table):
    """End of play: the game ends with that round, so nobody chooses (Developing) after it: no "gains" is printed."""
    t = table(players=["Ann", "Bob"])
    t.caves()
    t.round()
    t.round(Ann={"fresh": 3}, Bob={"out": True})
    assert t.view()["phase"] == "over" and t.view()["choosing"] == []
    assert "Ann grows 4 -> 7." in t.messages and "The game is over." in t.messages
    assert not any("gains" in m for m in t.messages)


def test_the_outcome_places_players_tied_after_every_tie_break_together(table):
    """Scoring points: still tied on points, length and elimination, players share the place (and the win)."""
    t = table(players=["Ann", "Bob", "Cid"])
    t.caves()
    assert ENGINE.outcome(t.state) is None
    t.round(Ann={"out": True, "fresh": 1}, Bob={"out": True, "fresh": 1}, Cid={"fresh": 1})
    outcome = ENGINE.outcome(t.state)
    assert outcome.places == (("Cid",), ("Ann", "Bob")) and outcome.winners == ("Cid",)
    assert outcome.scores == {"Cid": 9, "Ann": 4, "Bob": 4}  # Cid: 5 long, and 2 x2 for the two out before
    assert outcome.text == "1. Cid: 9 points, 2. Ann: 4 points, 2. Bob: 4 points"
