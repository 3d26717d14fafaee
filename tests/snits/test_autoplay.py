"""Seeded random play over many full games: the invariants hold, the games end, the log replays."""
import pytest

from companion.snits import actions, bolotomus, phases
from companion.snits.autoplay import play
from companion.snits.game import ENGINE
from companion.snits.movement import capacity
from companion.snits.pieces import alive, clan_name, organs_out, snit
from companion.snits.state import OUT

SETUPS = [{"players": 1}, {"players": 2}, {"players": 3, "variants": {"channel": 3, "canal": 2}},
          {"players": 1, "spark": True, "splops": 3,
           "hidden": {"spark": "Forebosinator", "splops": ["Glut", "Eye", "Bilgeum"], "salt": "autoplay-salt"}}]


def check_invariants(state):
    board = bolotomus.load()
    assert len(state.makums) == 9 and len(state.runs) == 18  # pool + body: every counter is somewhere
    assert all(-1 <= p < 16 for p in state.makums + state.runs)
    assert board.lapotum not in state.snits
    assert state.snorgs[board.lapotum]  # the printed Snorg never dies; each other one is at its post or dead
    for i, n in state.used.items():
        assert n <= capacity(state, board.passages[i].kind)
    for o, n in state.gates.items():
        assert n <= board.organs[o].orifice


def check_verdict(state):
    """The winner is what ended the game: the Bolotomus dead (enough organs out, or the Spark's Snorg killed), every
    Snit dead, both (a tie), or the Spark carried out of the body."""
    spark = state.placement and state.placement.spark
    dies = organs_out(state) >= state.opts.organs_to_win or (spark is not None and not state.snorgs[spark])
    if state.winner == "snits":
        assert dies and state.players == 1
    elif state.winner in ("bolotomus", "tie"):
        assert not alive(state) and dies == (state.winner == "tie")
    else:
        assert state.players > 1 and state.snits[state.holder] == OUT
        assert clan_name(snit(state.holder).clan) == state.winner


@pytest.mark.parametrize("k", range(len(SETUPS)))
def test_random_games_keep_the_invariants_end_and_replay(k):
    for seed in range(6):
        setup = {"seed": seed, **SETUPS[k]}
        game = play(setup, seed)
        assert game.finished, f"seed {seed} did not end"
        state = ENGINE.new(setup)
        for n, (action, _) in enumerate(game.log):
            state = ENGINE.apply(state, action).state
            check_invariants(state)
            if n % 25 == 0:  # round trip mid-game
                assert ENGINE.to_dict(ENGINE.from_dict(ENGINE.to_dict(state, True)), True) == \
                    ENGINE.to_dict(state, True)
        assert ENGINE.to_dict(state, True) == ENGINE.to_dict(game.state, True)  # replay gives the same state
        assert ENGINE.outcome(state).text == phases.verdict(state.winner)
        check_verdict(state)


def test_every_legal_action_is_accepted_and_text_round_trips():
    """legal_actions lists only actions apply accepts; each action's text form parses back to it."""
    game = play({"seed": 11}, 11, max_turns=6)
    state = ENGINE.new(game.setup)
    for action, _ in game.log:
        for offered in ENGINE.legal_actions(state):
            ENGINE.apply(state, offered)
            parsed = actions.parse(actions.text(actions.from_dict(offered)))
            assert actions.to_dict(parsed) == offered
        state = ENGINE.apply(state, action).state
    assert phases.side(state)
