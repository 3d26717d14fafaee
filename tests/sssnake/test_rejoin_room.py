"""Friendship mode on a digital sheet (issue 34, item 6): a rejoin is offered only when a square in line with the
flip can hold the cave; otherwise `rejoin` refuses in words, never a BadState traceback."""
import pytest

from companion.core.engine import IllegalAction
from companion.core.games import engine
from companion.serve.reads import sssnake_legal
from companion.shared.session import act, create
from companion.sssnake.fall import fall_lines
from tests.sssnake.stored import refused

SETUP = {"players": ["Ann", "Bob"], "digital": ["Ann"], "seed": 23, "landscape": "fjord", "friendship": True}
BOB = {"type": "report", "player": "Bob", "fresh": 0}
# Ann walks her snake over column 8 below the water and row 4 right of it, and is eliminated on flip 14; flip 15
# turns up 8,4 (water), whose row and column now hold only Ann's drawing, water and rocks: no cave fits in line.
PATHS = ["L U3", "U L", "L U", "R2", "R2", "R D R D L3 D", "D R", "D2", "D2 L2", "D L D L2 U2 L D4", "R D L2", "L3 D"]
ACTIONS = [{"type": "flip"}] * 2 + [a for k, path in enumerate(PATHS) for a in
                                    [{"type": "flip"}, {"type": "move", "player": "Ann", "path": path}
                                     | ({"anyway": True} if k == len(PATHS) - 1 else {}), BOB]
                                    + ([{"type": "take", "player": "Ann", "card": 2}] if k == 9 else [])] \
    + [{"type": "flip"}]
REFUSAL = "no square in line with this flip (8,4) can hold Ann's cave"


def blocked():
    """Flip 15 of seed 23, Ann out since flip 14."""
    eng = engine("sssnake")
    state = eng.new(SETUP)
    for action in ACTIONS:
        state = eng.apply(state, action).state
    assert state.flips == 15 and state.snakes[0].out == 14
    return state


def test_a_rejoin_no_cave_fits_is_not_offered():
    """legal_actions, the next step and the table's view (status, /legal) leave it out; the flip's lines say why."""
    eng, state = engine("sssnake"), blocked()
    rejoin = {"type": "rejoin", "player": "Ann"}
    assert not eng.legal_actions(state).contains(rejoin) and not eng.legal_actions(state, "Ann")
    assert eng.next_step(state)["rejoin"] == [] and not eng.view(state)["players"][0]["may_rejoin"]
    assert sssnake_legal(eng, state, "Ann")["actions"] == []  # what the served G/legal?player=Ann answers
    assert f"  Ann: out; {REFUSAL}: Ann's snake, objects and ground a cave may not lie on fill its row and column; " \
        "2 more chances to rejoin after this" in fall_lines(state, "Ann")


def test_a_rejoin_no_cave_fits_is_refused_in_words():
    """It was a BadState ("no square on this sheet can hold a cave"), a traceback on the command line."""
    with pytest.raises(IllegalAction, match=r"no square in line with this flip \(8,4\) can hold Ann's cave"):
        engine("sssnake").apply(blocked(), {"type": "rejoin", "player": "Ann"})
    with pytest.raises(IllegalAction, match=r"no square in line with this flip \(8,4\) can hold Ann's cave"):
        engine("sssnake").apply(blocked(), {"type": "rejoin", "player": "Ann", "cave": "L"})


def test_the_command_refuses_in_one_line_and_keeps_the_game(cli):
    create("sssnake", SETUP)
    for action in ACTIONS:
        act("sssnake", None, action)
    refused(cli, "sssnake", "rejoin", "Ann", match=REFUSAL)
    refused(cli, "sssnake", "rejoin", "Ann", "--cave", "left", match=REFUSAL)
    status = cli("sssnake", "status").output
    assert "may rejoin" not in status and "Ann" in status
