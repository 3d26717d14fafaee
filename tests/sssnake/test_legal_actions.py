"""Seeded random play over the engine's legal actions: no sampled action is refused, every game ends with an
outcome, and the invariants hold whatever legal moves are made."""
import json
import random

import pytest

from companion.core.engine import IllegalAction
from companion.sssnake.edition import edition
from companion.sssnake.game import ENGINE

LANDS = ["am-fluss", "sahara", "fjord", "foxtrail"]
MOST_ACTIONS = 5000  # far above the longest seeded game (about 330 actions): a game that reaches it never ends
ROUND_TRIP_EVERY = 7  # steps between to_dict/from_dict round trips
UNDO_EVERY = 29  # steps between undo/redo checks, each a replay of the log: the module stays under ~10 s


def setup_for(seed: int) -> dict:
    """One to four players on each landscape, Friendship mode every third game, the boxed sheets every fifth."""
    rng = random.Random(seed)
    return {"players": [f"P{i}" for i in range(rng.randint(1, 4))], "landscape": LANDS[seed % 4], "seed": seed,
            "friendship": seed % 3 == 0, "sheets": "boxed" if seed % 5 == 0 else "edition"}


def check(st) -> None:
    assert sorted(st.deck.order) == list(range(1, 17)), "the deck is a permutation"
    for s in st.snakes:
        assert s.length == edition().start_length + sum(s.track.count(c) for c in "frg"), "length = 4 + circles"
        top = edition().track_max
        assert all(1 <= n <= top for n in s.circled_numbers()), "circles stay on the printed track"
    face_up = st.display.face_up()
    assert len(face_up) == 6 and len(set(st.display.cards)) == 8


def play(seed: int) -> None:
    """A game played to its end by sampling the legal actions, every rule and invariant checked on the way."""
    setup = setup_for(seed)
    rng = random.Random(seed)
    st = ENGINE.new(setup)
    log = []
    for step in range(MOST_ACTIONS):
        if ENGINE.outcome(st) is not None:
            break
        space = ENGINE.legal_actions(st)
        action = space.sample(rng)
        assert space.contains(action), f"step {step}: the space does not contain its own sample {action}"
        try:
            result = ENGINE.apply(st, action)
        except IllegalAction as exc:
            raise AssertionError(f"step {step}: a legal action {action} was refused: {exc}") from None
        previous, st = st, result.state
        log.append(result.logged)
        check(st)
        if step % ROUND_TRIP_EVERY == 0:
            data = json.loads(json.dumps(ENGINE.to_dict(st)))
            assert ENGINE.to_dict(ENGINE.from_dict(data)) == data, "to_dict/from_dict round-trips mid-game"
        if step % UNDO_EVERY == 0:
            undone = ENGINE.replay(setup, log[:-1])
            assert ENGINE.to_dict(undone) == ENGINE.to_dict(previous), "undo gives the state before"
            redone = ENGINE.apply(undone, log[-1]).state
            assert ENGINE.to_dict(redone) == ENGINE.to_dict(st), "redo gives the same state"
    assert ENGINE.outcome(st) is not None, f"no outcome after {MOST_ACTIONS} actions: {ENGINE.describe(st)}"
    assert not ENGINE.legal_actions(st), "nothing is legal once the game is over"
    assert ENGINE.to_dict(ENGINE.replay(setup, log)) == ENGINE.to_dict(st), "replay of the log gives the same state"


@pytest.mark.parametrize("seed", range(100))
def test_a_random_legal_game_ends_with_nothing_refused(seed):
    play(seed)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100, 1100))
def test_a_thousand_more_random_legal_games_end_with_nothing_refused(seed):
    play(seed)


def test_actions_outside_the_rules_are_outside_the_space():
    st = ENGINE.new({"players": ["Ann", "Bob"], "seed": 1, "friendship": True})
    assert ENGINE.legal_actions(st).contains({"type": "flip"})
    assert not ENGINE.legal_actions(st).contains({"type": "report", "player": "Ann"}), "no report in the cave round"
    for _ in range(3):
        st = ENGINE.apply(st, {"type": "flip"}).state
    space = ENGINE.legal_actions(st)
    assert space.contains({"type": "report", "player": "Ann", "fresh": 1})
    assert not space.contains({"type": "report", "player": "Ann", "fresh": 9}), "more apples than the sheet held"
    assert not space.contains({"type": "report", "player": "Ann", "rotten": 1}), "no rotten apple on Am Fluss"
    assert not space.contains({"type": "report", "player": "Ann", "fresh": 1, "stole": [3, 3]}), "no Thieving"
    assert not space.contains({"type": "rejoin", "player": "Ann"}), "Ann is in the game"
    assert not space.contains({"type": "take", "player": "Ann", "card": st.display.face_up()[0]})


def test_a_refused_action_leaves_the_state_untouched():
    st = ENGINE.new({"players": ["Ann", "Bob"], "seed": 1})
    before = ENGINE.to_dict(st)
    with pytest.raises(IllegalAction):
        ENGINE.apply(st, {"type": "report", "player": "Ann", "fresh": 1})
    assert ENGINE.to_dict(st) == before


def test_a_named_player_gets_only_their_own_decisions(table):
    """legal_actions(state, player): the token holder flips; each mover reports for themselves; the chooser takes."""
    t = table(players=("Ann", "Bob"), friendship=True)
    assert ENGINE.legal_actions(t.state, "Ann").contains({"type": "flip"})
    assert not ENGINE.legal_actions(t.state, "Bob"), "only the token holder flips"
    assert ENGINE.legal_actions(t.state, "ann").contains({"type": "flip"}), "a name in any case"
    with pytest.raises(IllegalAction, match="no player 'Zed'"):
        ENGINE.legal_actions(t.state, "Zed")
    t.caves()
    t.flip()
    ann, bob = ENGINE.legal_actions(t.state, "Ann"), ENGINE.legal_actions(t.state, "Bob")
    assert ann.contains({"type": "report", "player": "Ann", "fresh": 1})
    assert not ann.contains({"type": "report", "player": "Bob", "fresh": 1}), "Bob reports for himself"
    assert bob.contains({"type": "report", "player": "Bob"}) and not bob.contains({"type": "flip"})
    rng = random.Random(1)
    for _ in range(50):
        sampled = ann.sample(rng)
        assert sampled.get("player", sampled.get("line", "")[:3]) == "Ann", sampled
    t.report("Ann")
    assert ENGINE.legal_actions(t.state, "Ann").contains({"type": "fix", "player": "Ann", "fresh": 1})
    assert not ENGINE.legal_actions(t.state, "Ann").contains({"type": "report", "player": "Ann"}), "reported once"
    t.report("Bob", out=True)
    assert ENGINE.legal_actions(t.state, "Ann").contains({"type": "flip"}), "Ann keeps the token: Bob is out"
    assert not ENGINE.legal_actions(t.state, "Bob"), "Bob may rejoin only while a round's moves are open"
    t.flip()
    assert ENGINE.legal_actions(t.state, "Bob").contains({"type": "rejoin", "player": "Bob"})
    assert not ENGINE.legal_actions(t.state, "Ann").contains({"type": "rejoin", "player": "Bob"})


def test_every_players_decisions_together_are_the_whole_space():
    """Summed over the players, the per-player spaces hold exactly what the whole space samples."""
    for seed in range(5):
        setup = {"players": ["Ann", "Bob", "Cid"], "seed": seed, "friendship": True, "landscape": LANDS[seed % 4]}
        st, rng = ENGINE.new(setup), random.Random(seed)
        while ENGINE.outcome(st) is None:
            space = ENGINE.legal_actions(st)
            action = space.sample(rng)
            mine = [name for name in setup["players"] if ENGINE.legal_actions(st, name).contains(action)]
            assert len(mine) == 1, f"{action} belongs to exactly one player, not {mine}"
            st = ENGINE.apply(st, action).state
        assert all(not ENGINE.legal_actions(st, name) for name in setup["players"])


def test_a_round_line_speaks_for_whom_it_names_and_the_rules_decide_it():
    """`Ann 1` closes the round (Bob, unnamed, ate nothing): in the whole space, but not Ann's own, since it decides
    for Bob too; `Ann 1 ...` is Ann's; a line the round rules refuse is in no space."""
    st = ENGINE.new({"players": ["Ann", "Bob"], "seed": 1})
    for _ in range(3):
        st = ENGINE.apply(st, {"type": "flip"}).state
    closing, waits = {"type": "round", "line": "Ann 1"}, {"type": "round", "line": "Ann 1 ..."}
    whole, ann = ENGINE.legal_actions(st), ENGINE.legal_actions(st, "Ann")
    assert whole.contains(closing) and whole.contains(waits) and ann.contains(waits)
    assert not ann.contains(closing), "it reports for Bob too"
    assert not whole.contains({"type": "round", "line": "Ann 9"}), "more apples than the sheet held"
    assert not whole.contains({"type": "round", "line": "Ann 1 Ann 2"})
    st = ENGINE.apply(st, {"type": "report", "player": "Bob"}).state
    assert ENGINE.legal_actions(st, "Ann").contains(closing), "Ann is the last to report"
    assert ENGINE.apply(st, closing).state.phase != st.phase
