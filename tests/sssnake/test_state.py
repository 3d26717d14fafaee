"""The canonical state: compact, fully resumable, validated on load; the table view hides what lies face down."""
import json

import pytest

from companion.core.engine import BadState
from companion.sssnake.game import ENGINE


def mid_game(table, rounds=15):
    t = table(players=("Ann", "Bob", "Cid", "Dee"), landscape="fjord", seed=4)
    t.caves()
    for r in range(rounds):
        t.round(Ann={"fresh": 1}, Bob={"fresh": r % 2, "end": "s"}, Cid={"fresh": 1, "golden": []})
        while t.state.choosers:
            who = t.state.snakes[t.state.choosers[0]]
            t.take(who.name, next(n for n in t.state.display.face_up() if n not in (14, 15) and not who.has(n)))
    return t


def test_round_trip_mid_game_gives_the_same_state_and_the_same_future(table):
    t = mid_game(table, rounds=5)
    t.flip()
    t.report("Ann", fresh=2)
    data = json.loads(json.dumps(ENGINE.to_dict(t.state)))
    back = ENGINE.from_dict(data)
    assert ENGINE.to_dict(back) == ENGINE.to_dict(t.state)
    for name in ("Bob", "Cid", "Dee"):
        a = ENGINE.apply(t.state, {"type": "report", "player": name})
        b = ENGINE.apply(back, {"type": "report", "player": name})
        t.state, back = a.state, b.state
        assert a.messages == b.messages
    assert ENGINE.to_dict(back) == ENGINE.to_dict(t.state)


def test_state_is_compact_for_four_players_after_fifteen_rounds(table):
    """The token's goal: a QR of version <= 10 at level M; the state itself stays a few hundred bytes."""
    t = mid_game(table)
    text = json.dumps(ENGINE.to_dict(t.state), separators=(",", ":"))
    assert len(text) < 500, text


def test_private_changes_nothing_in_sssnake(table):
    t = mid_game(table, rounds=2)
    assert ENGINE.to_dict(t.state, private=True) == ENGINE.to_dict(t.state)


def test_view_hides_face_down_cards_and_the_deck_order(table):
    t = mid_game(table, rounds=2)
    view = ENGINE.view(t.state)
    text = json.dumps(view)
    face_down = [t.state.display.cards[r * 4 + i] for r, i in enumerate(t.state.display.down)]
    assert all(None in row for row in view["display"])
    assert all(n not in row for row, n in zip(view["display"], face_down, strict=True))
    assert "order" not in text and set(view["deck"]) >= {"a_top", "a_left", "flips_left"}


@pytest.mark.parametrize("change, message", [
    (lambda d: d["P"][0].update(t="fxz"), "player 1.t"),
    (lambda d: d.update(d="0123456789abcdee"), "permutation"),
    (lambda d: d.update(y="0123456"), "8 different cards"),
    (lambda d: d.update(l="mars"), "names no landscape this companion knows"),
    (lambda d: d.update(P=[]), "1-6 players"),
    (lambda d: d.update(t=9), "state.t"),
    (lambda d: d.update(ph="z"), "state.ph"),
    (lambda d: d.update(w=[0], ph="f"), "ability choices"),
    (lambda d: d["P"][1].update(n="ann"), "share a name"),
    (lambda d: d["P"][0].update(e=3), "eggs"),
    (lambda d: d["P"][0].update(z="si"), "snow and ice"),
    (lambda d: d["P"][0].update(q="c0"), "squares"),
    (lambda d: d.update(g=[9]), "golden apples"),
    (lambda d: d.update(p=0), "turned after"),
    (lambda d: d["P"][0].update(x="0"), "stolen"),
    (lambda d: d.update(r={"0": [1, 0, [], "", 0, []]}), "reports are kept"),
    (lambda d: d.update(s="seven"), "state.s"),
    (lambda d: d.update(s=-1), r"^state.s must be a whole number 0 to 2\*\*63 - 1, not another number$"),
    (lambda d: d.update(t=-1), r"^state.t must be a whole number from 0 to 3, not another number$"),
])
def test_from_dict_refuses_impossible_states_with_one_line(table, change, message):
    data = ENGINE.to_dict(mid_game(table, rounds=2).state)
    change(data)
    with pytest.raises(BadState, match=message) as err:
        ENGINE.from_dict(data)
    assert "\n" not in str(err.value)


def test_from_dict_refuses_a_card_this_game_cannot_use(table):
    data = ENGINE.to_dict(table(players=("Ann", "Bob")).state)
    data["P"][0]["a"] = "8"  # card 9 Thieving is for 3+ players
    with pytest.raises(BadState, match="cannot use"):
        ENGINE.from_dict(data)


def test_describe_is_one_line(table):
    t = mid_game(table, rounds=1)
    line = ENGINE.describe(t.state)
    assert "\n" not in line and "fjord" in line and "Ann" in line


def test_from_dict_refuses_an_elimination_after_the_latest_flip(table):
    data = ENGINE.to_dict(mid_game(table, rounds=1).state)
    data["P"][0]["o"] = data["n"] + 1
    with pytest.raises(BadState, match="after flip"):
        ENGINE.from_dict(data)


def test_the_rotten_flag_travels_and_is_checked(table):
    """10 Poisonous: once its snake has turned a card, rotten apples lie on the sheets; the state keeps that."""
    t = table()
    t.caves()
    t.snake("Ann").gained.append(10)
    t.flip()
    data = ENGINE.to_dict(t.state)
    assert data["rt"] == 1 and ENGINE.from_dict(data).rotted
    del data["P"][0]["a"]
    with pytest.raises(BadState, match="state.rt says a rotten apple card was turned, but no snake is Poisonous"):
        ENGINE.from_dict(data)
    data["rt"] = 2
    with pytest.raises(BadState, match="state.rt"):
        ENGINE.from_dict(data)
