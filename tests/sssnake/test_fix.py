"""Correcting a report of the open round, or of the round that just closed: a new logged action (the game stays its
setup plus its log), the other players' reports untouched, undo takes the correction back."""
import json
import random

import pytest

from companion.core.engine import BadState, IllegalAction
from companion.sssnake.closing import close
from companion.sssnake.fixes import before_close
from companion.sssnake.game import ENGINE
from companion.sssnake.space import legal
from companion.sssnake.state import Phase
from companion.store.db import Store


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


def test_a_fix_after_the_round_closed_reopens_it_and_closes_it_again(table):
    """Corrections come after Enter: the last report closed the round (Ann grew 4 -> 6, the token passed); a fix of
    Ann's report before anything else reopens the round as it stood, corrects it and closes it again."""
    t = open_round(table)
    t.report("Cid")
    assert t.snake("Ann").length == 6 and t.state.first == 1
    said = t.do({"type": "fix", "player": "Ann", "fresh": 1})
    assert said[:2] == ["The round that just closed is reopened for Ann's fix:",
                        "Ann's report corrected: Ann 1 (was Ann 2 snow)."] and "Ann grows 4 -> 5." in said
    assert t.snake("Ann").length == 5 and t.snake("Ann").end == "" and t.snake("Bob").length == 5
    assert t.state.first == 1 and t.log[-1] == {"type": "fix", "player": "Ann", "fresh": 1}
    t.do({"type": "fix", "player": "Bob", "fresh": 3})  # again: the round closed again
    assert t.snake("Bob").length == 7 and t.snake("Ann").length == 5 and t.state.choosers == [1]
    t.do({"type": "fix", "player": "Bob"})  # and back: the ability Bob was owed goes with it
    assert t.snake("Bob").length == 4 and t.state.choosers == [] and t.state.first == 1


def test_a_fix_after_the_next_flip_is_refused_saying_undo_can(table):
    """Once the next action has come (the flip), the closed round is past a fix: undo takes the flip back."""
    t = open_round(table)
    t.report("Cid")
    t.flip()
    with pytest.raises(IllegalAction, match=r"Ann has not reported this round, so there is nothing to correct; report "
                                            r"instead \(a fix corrects a closed round only before the next flip; undo "
                                            "takes back the last action"):
        t.do({"type": "fix", "player": "Ann", "fresh": 1})


def test_a_closed_round_fix_comes_back_from_the_saved_state(table):
    """What the close overwrote travels in the state's dict (R), so a fix after a reload, or in a token, reopens."""
    t = open_round(table)
    t.report("Cid")
    t.state = ENGINE.from_dict(json.loads(json.dumps(ENGINE.to_dict(t.state))))
    t.do({"type": "fix", "player": "Ann", "fresh": 1})
    assert t.snake("Ann").length == 5
    data = ENGINE.to_dict(t.state)
    with pytest.raises(BadState, match="state.R must say how the round that just closed changed this game's tracks"):
        ENGINE.from_dict(data | {"R": data["R"] | {"k": [99, 0, 0]}})


@pytest.mark.parametrize("seed", range(4))
def test_the_state_before_a_close_follows_from_the_state_after_it(seed):
    """Random play through whole games (a digital sheet among paper ones, Friendship mode, Fjord's golden apples):
    after every close, before_close gives the very state the close started from, and closing it again the state
    after."""
    rng = random.Random(seed)
    st = ENGINE.new({"players": ["Ann", "Bob", "Cid"], "landscape": ("fjord", "sahara")[seed % 2], "seed": seed,
                     "friendship": bool(seed % 2), "digital": ["Cid"] * (seed > 1)})
    closes = 0
    while st.phase != Phase.OVER and closes < 40:
        before = st
        st = ENGINE.apply(st, legal(st).sample(rng)).state
        if st.reopen is None:
            continue
        closes += 1
        pre = before_close(st)
        assert pre.reports and pre.phase == Phase.MOVE and set(pre.reports) == set(pre.movers())
        assert set(before.reports) <= set(pre.reports)
        for s, was in zip(pre.snakes, before.snakes, strict=True):  # every snake as before the closing action (an ending the
            assert (s.track, s.out, s.eggs_used) == (was.track, was.out, was.eggs_used)  # close overwrote aside)
            assert s.end == was.end or s.name in [r.player for r in pre.reports.values() if not r.out or s.eggs_used]
        assert (sorted(pre.golden_gone), sorted(pre.crossed), pre.first) == \
            (sorted(before.golden_gone), sorted(before.crossed), before.first)
        again = pre.copy()
        close(again)
        assert ENGINE.to_dict(again) == ENGINE.to_dict(st)
    assert closes >= 3


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


def test_a_fix_of_the_round_that_ended_the_game_plays_on(table):
    """The last-but-one snake out ends the game; a fix that keeps it in reopens the round and the game goes on."""
    t = table(players=("Ann", "Bob"), landscape="fjord")
    t.caves()
    t.flip()
    t.report("Ann", fresh=1)
    t.report("Bob", out=True)
    assert t.state.phase == Phase.OVER
    said = t.do({"type": "fix", "player": "Bob", "fresh": 2})
    assert t.state.phase != Phase.OVER and not t.snake("Bob").out and t.snake("Bob").length == 6
    assert "Bob grows 4 -> 6." in said and "The game is over." not in said
