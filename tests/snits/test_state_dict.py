"""The canonical dict form: compact, resumable, and validated on load (BadState with one clear line)."""
import json

import pytest

from companion.core.engine import BadState
from companion.snits.autoplay import play
from companion.snits.game import ENGINE


def mid_game(turns=10):
    return play({"seed": 3, "duty": "Glut"}, 3, max_turns=turns).state


def test_round_trip_mid_game_and_it_plays_on_the_same():
    """A state resumed from its dict rolls and plays exactly as the original would."""
    s = mid_game()
    d = ENGINE.to_dict(s, private=True)
    back = ENGINE.from_dict(json.loads(json.dumps(d)))
    assert ENGINE.to_dict(back, private=True) == d
    for action in ENGINE.legal_actions(s)[:5]:
        a = ENGINE.apply(s, action)
        b = ENGINE.apply(back, action)
        assert ENGINE.to_dict(a.state, True) == ENGINE.to_dict(b.state, True) and a.messages == b.messages


def test_compact_after_ten_turns():
    """Short keys and one character per counter: a game after 10 turns stays small for the token's QR code."""
    text = json.dumps(ENGINE.to_dict(mid_game()), separators=(",", ":"))
    assert len(text) < 260


def broken(change):
    d = ENGINE.to_dict(mid_game(3), private=True)
    change(d)
    return d


@pytest.mark.parametrize("change,message", [
    (lambda d: d.update(s="z" + d["s"][1:]), "no such organ"),
    (lambda d: d.update(m=d["m"] + "_"), "string of 9 places"),
    (lambda d: d.update(g="b" + d["g"][1:]), "a Snorg never leaves its organ"),
    (lambda d: d.update(s="d" + d["s"][1:]), "in the Lapotum"),
    (lambda d: d.update(ph="zz"), "ph"),
    (lambda d: d.update(u=[4, 2]), "no more times than this phase allows"),
    (lambda d: d.update(e=[3, 1]), "no more times than this phase allows"),
    (lambda d: d.update(v=3), "format version"),
    (lambda d: d.update(v=2), "ed .the edition's map. must be 2"),
    (lambda d: d.update(ed=2), "ed .the edition's map. came with format 2"),
    (lambda d: d.update(np=5), "number of Snit players"),
    (lambda d: d.update(w="snits"), "winner"),
    (lambda d: d.update(k=[500]), "out of range"),
    (lambda d: d.update(o={"channel": 0}), "channel"),
    (lambda d: d.update(o={"wings": 2}), "unknown variant"),
])
def test_bad_states_are_refused_with_one_line(change, message):
    with pytest.raises(BadState, match=message) as e:
        ENGINE.from_dict(broken(change))
    assert "\n" not in str(e.value)


def test_changed_hidden_placement_breaks_the_commitment(t):
    s = t.new(spark=True, hidden={"spark": "Eye", "splops": [], "salt": "abcdefgh"})
    d = ENGINE.to_dict(s, private=True)
    d["h"]["x"] = t.organ("Glut")
    with pytest.raises(BadState, match="does not match its commitment"):
        ENGINE.from_dict(d)


@pytest.mark.parametrize("hidden", [False, True])
def test_any_tampered_field_loads_cleanly_or_raises_badstate(t, hidden):
    """A token from the wild: every change to a field either gives a valid state or BadState, never a crash."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    if hidden:
        base = ENGINE.to_dict(t.new(spark=True, splops=2, hidden={"spark": "Eye", "splops": ["Glut", "Flumbus"],
                                                                  "salt": "abcdefgh"}), private=True)
    else:
        base = ENGINE.to_dict(mid_game(4), private=True)
    keys = sorted(base["h"]) + ["q"] if hidden else sorted(base) + ["pd", "kl", "sh", "sl", "zz"]
    leaf = st.one_of(st.none(), st.booleans(), st.integers(-3, 300), st.text(max_size=30))
    values = st.one_of(leaf, st.lists(st.one_of(st.integers(-2, 250), st.lists(leaf, max_size=2)), max_size=6),
                       st.dictionaries(st.text(max_size=3), leaf, max_size=2))

    @settings(max_examples=250, deadline=None)
    @given(st.sampled_from(keys), values)
    def check(key, value):
        d = json.loads(json.dumps(base))
        (d["h"] if hidden else d)[key] = value
        try:
            state = ENGINE.from_dict(d)
        except BadState:
            return
        assert ENGINE.to_dict(ENGINE.from_dict(ENGINE.to_dict(state, True)), True) == ENGINE.to_dict(state, True)

    check()
