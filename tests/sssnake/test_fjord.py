"""Fjord golden apples: crossed out for the others; a tie goes to the first player or the next clockwise."""
import pytest

from companion.core.engine import IllegalAction
from companion.sssnake.closing import golden_tie


def fjord(table, **kw):
    t = table(landscape="fjord", **kw)
    t.caves()
    return t


def test_golden_apple_grows_by_one_and_is_circled_double(table):
    t = fjord(table)
    t.round(Ann={"golden": [[4, 12]]})
    assert t.snake("Ann").track == "g" and t.snake("Ann").length == 5


def test_golden_apple_is_crossed_out_for_everyone_else(table):
    """Fjord: all other players cross the golden apple out at the end of the turn; nobody can eat it again."""
    t = fjord(table)
    t.round(Ann={"golden": [[4, 12]]})
    assert [4, 12] not in t.view()["golden_left"]
    assert any("everyone else crosses" in m for m in t.messages)
    t.flip()
    with pytest.raises(IllegalAction, match="eaten in an earlier round"):
        t.report("Bob", golden=[[4, 12]])


def test_tie_on_a_golden_apple_goes_to_the_first_player(table):
    """Fjord: several snakes eat it in one turn: the first player (or the next clockwise) gets it."""
    t = fjord(table, first=1)  # after three cave flips the token is back with Bob
    t.round(Ann={"golden": [[6, 14]], "fresh": 1}, Cid={"golden": [[6, 14]]})
    assert t.snake("Cid").track == "g"  # Cid sits next after Bob, before Ann
    assert t.snake("Ann").track == "f"


def test_golden_tie_goes_to_the_first_snake_clockwise_from_the_token_that_is_still_in(table):
    """The tie rule on the round's reports: the token holder first, then clockwise; an eliminated snake claims none."""
    t = fjord(table, first=1)
    t.flip()  # Bob holds the token
    t.report("Ann", golden=[[6, 14], [4, 12]])
    t.report("Cid", golden=[[6, 14]], out=True)
    assert golden_tie(t.state) == {(6, 14): 0, (4, 12): 0}
    t.report("Bob", golden=[[4, 12]])  # the last report closes the round: Bob's apple
    assert t.snake("Bob").track == "g" and t.snake("Ann").track == "g"


def test_golden_apple_must_be_one_printed_on_the_sheet(table):
    t = fjord(table)
    t.flip()
    with pytest.raises(IllegalAction, match="no golden apple at 1,1"):
        t.report("Ann", golden=[[1, 1]])
    with pytest.raises(IllegalAction, match="listed twice"):
        t.report("Ann", golden=[[4, 12], [4, 12]])


def test_no_golden_apples_on_other_sheets(table):
    t = table()
    t.caves()
    t.flip()
    with pytest.raises(IllegalAction, match="golden apples lie only on Fjord, not on Am Fluss"):
        t.report("Ann", golden=[[4, 12]])
