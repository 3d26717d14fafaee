"""Seeded random play over many games: the invariants hold whatever legal moves are made."""
import json
import random

import pytest

from companion.engine import IllegalAction
from companion.sssnake.edition import edition
from companion.sssnake.game import ENGINE

LANDS = ["am-fluss", "sahara", "fjord", "foxtrail"]


def random_action(rng: random.Random, st) -> dict:
    if st.phase in "cf":
        return {"type": "flip"}
    if st.placing:
        return {"type": "place", "player": st.snakes[st.placing[0]].name,
                "corner": [rng.randint(1, 12), rng.randint(1, 12)]}
    if st.choosers:
        card = rng.choice(st.display.face_up())
        action = {"type": "take", "player": st.snakes[st.choosers[0]].name, "card": card}
        if card == 15:
            action["corner"] = [rng.randint(1, 12), rng.randint(1, 12)]
        return action
    rejoiners = [s.name for s in st.snakes if s.out and st.friendship and 1 <= st.flips - s.out <= 3]
    if rejoiners and rng.random() < 0.3:
        return {"type": "rejoin", "player": rng.choice(rejoiners)}
    if rng.random() < 0.15:
        return {"type": "round", "line": random_line(rng, st)}
    if st.reports and rng.random() < 0.1:
        return {"type": "fix", "player": st.snakes[rng.choice(list(st.reports))].name, "fresh": rng.randint(0, 2)}
    who = st.snakes[[i for i in st.movers() if i not in st.reports][0]]
    gold = edition().landscapes[st.land].golden_apples
    return {"type": "report", "player": who.name, "fresh": rng.randint(0, 3), "rotten": rng.randint(0, 1),
            "golden": [list(g) for g in gold if rng.random() < 0.05], "end": rng.choice(["", "s", "i", "h", "sh"]),
            "out": rng.random() < 0.04, "stole": [rng.randint(1, 16), rng.randint(1, 16)] if rng.random() < 0.2
            else None}


def random_line(rng: random.Random, st) -> str:
    """A round line naming some of the players still moving, with random words, now and then leaving the rest open."""
    waiting = [st.snakes[i].name for i in st.movers() if i not in st.reports]
    words = ["0", "1", "2", "1r", "g", "g4,12", "snow", "ice", "shade", "out", "x3,3"]
    clauses = [" ".join([name] + rng.sample(words, rng.randint(0, 2))) for name in waiting if rng.random() < 0.7]
    return " ".join(clauses + (["..."] if rng.random() < 0.3 else []))


def check(st) -> None:
    assert sorted(st.deck.order) == list(range(1, 17)), "the deck is a permutation"
    for s in st.snakes:
        assert s.length == edition().start_length + sum(s.track.count(c) for c in "frg"), "length = 4 + circles"
        top = edition().track_max
        assert all(1 <= n <= top for n in s.circled_numbers()), "circles stay on the printed track"
    face_up = st.display.face_up()
    assert len(face_up) == 6 and len(set(st.display.cards)) == 8


@pytest.mark.parametrize("seed", range(40))
def test_random_games_keep_every_invariant(seed):
    rng = random.Random(seed)
    setup = {"players": [f"P{i}" for i in range(rng.randint(1, 4))], "landscape": LANDS[seed % 4],
             "seed": seed, "friendship": seed % 3 == 0, "sheets": "boxed" if seed % 5 == 0 else "edition"}
    st = ENGINE.new(setup)
    log = []
    for step in range(400):
        if st.phase == "o":
            break
        action = random_action(rng, st)
        if action.get("stole"):
            action["fresh"] = max(action["fresh"], 1)
        try:
            result = ENGINE.apply(st, action)
        except IllegalAction:
            continue  # a random move the rules refuse: the state must be untouched, checked below
        previous, st = st, result.state
        log.append(result.logged)
        check(st)
        if step % 7 == 0:
            data = json.loads(json.dumps(ENGINE.to_dict(st)))
            assert ENGINE.to_dict(ENGINE.from_dict(data)) == data, "to_dict/from_dict round-trips mid-game"
            undone = ENGINE.replay(setup, log[:-1])
            assert ENGINE.to_dict(undone) == ENGINE.to_dict(previous), "undo gives the state before"
            redone = ENGINE.apply(undone, log[-1]).state
            assert ENGINE.to_dict(redone) == ENGINE.to_dict(st), "redo gives the same state"
    assert ENGINE.to_dict(ENGINE.replay(setup, log)) == ENGINE.to_dict(st), "replay of the log gives the same state"


def test_a_refused_action_leaves_the_state_untouched():
    st = ENGINE.new({"players": ["Ann", "Bob"], "seed": 1})
    before = ENGINE.to_dict(st)
    with pytest.raises(IllegalAction):
        ENGINE.apply(st, {"type": "report", "player": "Ann", "fresh": 1})
    assert ENGINE.to_dict(st) == before
