"""Correcting a report of the open round: a new logged action (the game stays its setup plus its log), the later
players' reports untouched, undo takes the correction back."""
import json

import pytest

from companion.engine import IllegalAction
from companion.sssnake.game import ENGINE
from companion.store import Store


def open_round(table):
    t = table(players=("Ann", "Bob", "Cid"), landscape="fjord")
    t.caves()
    t.flip()
    t.report("Ann", fresh=2, end="s")
    t.report("Bob", fresh=1)
    return t


def test_a_fix_replaces_an_earlier_players_whole_report_and_keeps_the_later_ones(table):
    t = open_round(table)
    said = t.do({"type": "fix", "player": "ann", "fresh": 1, "golden": [[4, 12]]})
    assert said == ["Ann's report corrected: Ann 1 g4,12 (was Ann 2 snow).", "Waiting for Cid."]
    assert t.log[-1] == {"type": "fix", "player": "ann", "fresh": 1, "golden": [[4, 12]]}
    t.report("Cid")
    assert t.snake("Ann").track == "fg" and t.snake("Ann").end == "" and t.snake("Bob").track == "f"


@pytest.mark.parametrize("fix, message", [
    ({"player": "Cid", "fresh": 1}, "Cid has not reported this round, so there is nothing to correct; report instead"),
    ({"player": "Ann", "fresh": -1}, "cannot be negative"),
    ({"player": "Ann", "golden": [[1, 1]]}, "no golden apple at 1,1; golden apples left: 4,12 6,14"),
    ({"player": "Zed"}, "no player 'Zed'"),
])
def test_a_wrong_fix_is_refused_and_changes_nothing(table, fix, message):
    t = open_round(table)
    before = ENGINE.to_dict(t.state)
    with pytest.raises(IllegalAction, match=message):
        t.do({"type": "fix", **fix})
    assert ENGINE.to_dict(t.state) == before


def test_nothing_to_fix_once_the_round_has_closed(table):
    """The last report closes the round (growth, abilities, the token): undo takes that back, a fix does not."""
    t = open_round(table)
    t.report("Cid")
    with pytest.raises(IllegalAction, match="no round is open to correct: the last one has closed; undo takes back the "
                                            "last action"):
        t.do({"type": "fix", "player": "Ann", "fresh": 1})


def test_a_fix_for_a_snake_that_is_out_says_undo_can_help(table):
    """A wrong `out` is in a closed round: a fix cannot reach it, undo can."""
    t = open_round(table)
    t.do({"type": "fix", "player": "Bob", "out": True})
    t.report("Cid")
    t.flip()
    with pytest.raises(IllegalAction, match="Bob does not move this round, so has no report to correct; undo takes"):
        t.do({"type": "fix", "player": "Bob", "fresh": 1})


def test_fix_is_logged_and_undo_takes_it_back_leaving_the_later_reports(cli):
    cli("sssnake", "new", "--players", "Ann,Bob,Cid", "--seed", "7")
    for _ in range(4):
        cli("sssnake", "flip")
    cli("sssnake", "report", "Ann", "--fresh", "2")
    cli("sssnake", "report", "Bob", "--fresh", "1")
    out = cli("sssnake", "fix", "Ann", "--fresh", "1", "--end", "shade").output
    assert out.startswith("Ann's report corrected: Ann 1 shade (was Ann 2).\nWaiting for Cid.\nNext: Cid move")
    store = Store()
    try:
        assert [a["type"] for a in store.load("sssnake-1").actions][-3:] == ["report", "report", "fix"]
    finally:
        store.close()
    assert cli("sssnake", "undo").output.startswith("undo: fix")
    state = json.loads(cli("sssnake", "status", "--json").output)["state"]
    assert state["waiting_for"] == ["Cid"]
    cli("sssnake", "report", "Cid")
    lengths = {p["name"]: p["length"] for p in json.loads(cli("sssnake", "status", "--json").output)["state"]["players"]}
    assert lengths == {"Ann": 6, "Bob": 5, "Cid": 4}, "Ann's own report stands again, Bob's was never touched"
