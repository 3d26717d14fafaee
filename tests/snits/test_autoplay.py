"""Seeded random play over many full games: the invariants hold, the games end, the log replays."""
import random

import pytest

from companion.core.engine import IllegalAction
from companion.snits import actions, bolotomus, hidden, phases
from companion.snits.autoplay import choose, play
from companion.snits.game import ENGINE
from companion.snits.movement import capacity
from companion.snits.pieces import alive, clan_name, organs_out, snit
from companion.snits.state import OUT

SETUPS = [{"players": 1}, {"players": 2, "edition": "second-edition"},
          {"players": 3, "variants": {"channel": 3, "canal": 2}, "edition": "second-edition"},
          {"players": 1, "spark": True, "splops": 3, "edition": "second-edition",
           "hidden": {"spark": "Forebosinator", "splops": ["Glut", "Eye", "Bilgeum"], "salt": "autoplay-salt"}}]


def check_invariants(state):
    board = state.board
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
            parsed = actions.from_text(actions.to_text(actions.from_dict(offered)))
            assert actions.to_dict(parsed) == offered
        state = ENGINE.apply(state, action).state
    assert phases.side(state)


def random_setup(seed: int) -> dict:
    """One to four Snit players, the variants every third game, the Spark and Splops drawn every other game, the
    first edition's map every fifth game (the second edition's otherwise)."""
    edition = bolotomus.EDITIONS[seed % 5 == 0]
    setup = {"seed": seed, "players": seed % 4 + 1, "edition": edition}
    if seed % 3 == 0:
        setup["variants"] = {"channel": 3, "canal": 2}
    if seed % 2 == 0:
        spark, splops = seed % 4 == 0, seed % 5
        if spark or splops:
            at, splops_at = hidden.draw(bolotomus.load(edition), spark, splops, random.Random(f"hide:{seed}"))
            setup.update({"spark": spark, "splops": splops,
                          "hidden": {"spark": at, "splops": splops_at, "salt": f"autoplay{seed}"}})
    return setup


DEFAULT_GAMES = 60  # in the default run; the other 940 of the 1,000 carry the slow mark (-m slow)
SAMPLE = 60  # every SAMPLE-th state of a game, every listed action is applied to it


def offers_accepted(state) -> None:
    """Every action legal_actions lists is one apply accepts; named by player, the list is the acting player's
    alone (every other player's is empty)."""
    offered = ENGINE.legal_actions(state)
    for action in offered:
        try:
            ENGINE.apply(state, action)
        except IllegalAction as exc:
            raise AssertionError(f"offered {action} but apply refused it: {exc}") from None
    for player in phases.players(state):
        mine = ENGINE.legal_actions(state, player)
        assert mine == (offered if player == phases.acting(state) else []), player


@pytest.mark.parametrize("seed", [s if s < DEFAULT_GAMES else pytest.param(s, marks=pytest.mark.slow)
                                  for s in range(1000)])
def test_a_thousand_random_legal_games_end_with_an_outcome_and_nothing_refused(seed):
    """autoplay's choices over legal_actions (one to four clans, variants, drawn Spark and Splops): each game ends
    with an outcome, nothing chosen is refused and, at sampled states, nothing listed is. 100 games with these
    checks take about 20 s of one core (2026-11), too long for the default run: it plays the first DEFAULT_GAMES
    (about 11 s); -m slow plays the rest."""
    setup = random_setup(seed)
    rng = random.Random(f"autoplay:{seed}")  # as autoplay.play draws its choices
    state = ENGINE.new(setup)
    steps = 0
    while ENGINE.outcome(state) is None and state.turn <= 400:
        if steps % SAMPLE == 0:
            offers_accepted(state)
        try:
            state = ENGINE.apply(state, choose(rng, ENGINE.legal_actions(state))).state
        except IllegalAction as exc:
            raise AssertionError(f"seed {seed}: a legal action was refused: {exc}") from None
        steps += 1
    assert ENGINE.outcome(state) is not None, f"seed {seed}: no outcome after {state.turn} turns"
    assert not ENGINE.legal_actions(state), "nothing is legal once the game is over"
    check_invariants(state)
    check_verdict(state)
