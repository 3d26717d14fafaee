"""Level 3 (players/deep.py): legal complete games on either side, reproducible with an iteration cap and no
clock, a forced move at once, within its think budget, and blind to the hidden placement and the future dice."""
import random

import pytest

from companion.snits.game import ENGINE
from companion.snits.phases import BOLOTOMUS
from companion.snits.players import DeepPlayer, HeuristicPlayer, make
from companion.snits.players.match import play_match

from .test_players import SECRET_A, chomping, finished, kicking


def tiny_deep(iterations: int = 8) -> DeepPlayer:
    """Level 3 with an iteration cap and no clock (reproducible) and short rollouts (a fast test)."""
    return DeepPlayer(think=None, iterations=iterations, horizon=6)


def test_make_gives_level_3():
    player = make(3, think=0.5)
    assert isinstance(player, DeepPlayer) and player.think == 0.5
    with pytest.raises(ValueError):
        DeepPlayer(think=None, iterations=None)


@pytest.mark.parametrize("side", ["Snits", BOLOTOMUS])
def test_level_3_plays_legal_complete_games_on_either_side(side):
    other = "Snits" if side == BOLOTOMUS else BOLOTOMUS
    finished({"spark": True, "splops": 3}, {side: tiny_deep(4), other: HeuristicPlayer()}, seed=5)


@pytest.mark.parametrize("position", [kicking, chomping])
def test_reproducible_with_an_iteration_cap_and_no_clock(position):
    state = position(SECRET_A)
    legal = ENGINE.legal_actions(state)
    picks = [tiny_deep(12).choose(state, legal, random.Random(3)) for _ in range(2)]
    assert picks[0] == picks[1] and picks[0] in legal
    game_a = play_match({}, {"Snits": tiny_deep(), BOLOTOMUS: tiny_deep()}, seed=8, max_turns=2)
    game_b = play_match({}, {"Snits": tiny_deep(), BOLOTOMUS: tiny_deep()}, seed=8, max_turns=2)
    assert game_a.log == game_b.log


def test_the_clock_is_a_ceiling():
    """A fake clock that moves 10 ms each look: the search stops by its budget, not after it."""
    now = [0.0]

    def clock():
        now[0] += 0.01
        return now[0]

    state = kicking(SECRET_A)
    player = DeepPlayer(think=0.5, clock=clock, horizon=6)
    player.choose(state, ENGINE.legal_actions(state), random.Random(1))
    assert now[0] <= 0.5 * 1.1
