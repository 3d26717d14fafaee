"""Moves a digital snake can make: the incremental board walk agrees with the rules' own walk, and random play still
draws legal moves."""
import random

import pytest

from companion.sssnake.game import ENGINE
from companion.sssnake.ground import ground
from companion.sssnake.paths import Board, placed, sample, search, start, steps_of, walks
from companion.sssnake.state import Phase
from companion.sssnake.turns import turn
from companion.sssnake.walk import walk


def moving(land: str, seed: int, rounds: int):
    """A solo game played with random moves until the move of round `rounds` is owed."""
    st = ENGINE.new({"players": ["Ann"], "digital": ["Ann"], "seed": seed, "landscape": land})
    rng = random.Random(seed)
    flips = 0
    while True:
        step = ENGINE.next_step(st)["step"]
        if step == "flip":
            flips += 1
            st = ENGINE.apply(st, {"type": "flip"}).state
            continue
        if step == "report" and flips > rounds:
            return st
        if step != "report" or st.phase == Phase.OVER:
            return None
        st = ENGINE.apply(st, sample(st, 0, rng)).state


@pytest.mark.parametrize("land", ["am-fluss", "sahara", "fjord", "foxtrail"])
def test_board_walks_are_moves_the_rules_accept(land):
    st = moving(land, 7, 3)
    assert st is not None
    here = placed(st, 0, False)
    b = Board(here, 0)
    sh = here.sheets[0]
    found = list(walks(b, start(b, sh.heads[0], sh.last[0]), 40, lambda n: n[5], random.Random(1)))
    assert found
    for node in found:
        w = walk(ground(st.land), sh, turn(here, here.snakes[0]), [steps_of(node[8])])
        assert not w.out and w.steps == node[3] and w.eaten == node[6]
        assert b.squares[node[0]] == w.heads[0]


def test_search_and_sample_still_give_legal_moves():
    st = moving("am-fluss", 3, 1)
    steps, w = next(search(placed(st, 0, False), 0, random.Random(2)))
    assert not w.out
    action = sample(st, 0, random.Random(5))
    assert ENGINE.apply(st, action).messages[0].startswith("Ann moves ")
