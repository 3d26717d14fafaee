"""The contract every game in the registry keeps, checked through the engine alone on seeded games played to their
end: the outcome appears exactly at the end, the state's dict round-trips, the log replays, describe is one line."""
import json
import sys

import pytest

from benchmarks import random_play
from companion.engine import Outcome
from companion.games import GAMES, engine

ROUND_TRIP_EVERY = 5  # steps between to_dict/from_dict round trips, so the module stays fast
ENDLESS = sys.maxsize  # rounds or turns: play until the game ends

GAMES = {  # per kind, seeded games each ending another way (a solo rank, a Spark fight won by one clan...)
    "sssnake": [lambda: random_play.sssnake(2, ENDLESS, 2), lambda: random_play.sssnake(1, ENDLESS, 2)],
    "snits": [lambda: random_play.snits(ENDLESS, 2), lambda: random_play.snits(ENDLESS, 1),
              lambda: random_play.snits(ENDLESS, 1, players=2)],
}


def resumed(rules, state):
    """The state as a token or the store gives it back: its full dict through JSON and from_dict."""
    data = json.loads(json.dumps(rules.to_dict(state, private=True)))
    return rules.to_dict(rules.from_dict(data), private=True)


def check_outcome(outcome):
    assert isinstance(outcome, Outcome)
    names = [n for place in outcome.places for n in place]
    assert names and len(names) == len(set(names)) and all(outcome.places), "each name has one place"
    assert outcome.winners in ((), outcome.places[0]), "the winners share the first place"
    assert outcome.scores and "\n" not in outcome.text


@pytest.mark.parametrize("kind", GAMES)
def test_a_seeded_game_played_to_its_end_keeps_the_contract(kind):
    rules = engine(kind)
    for play in GAMES[kind]:
        table = play()
        for n, (before, _) in enumerate(table.steps):
            assert rules.outcome(before) is None, f"step {n}: an outcome before the game's end"
            assert "\n" not in rules.describe(before)
            if n % ROUND_TRIP_EVERY == 0:
                assert resumed(rules, before) == rules.to_dict(before, private=True), f"step {n} round-trips"
        end = table.state
        check_outcome(rules.outcome(end))
        assert rules.is_terminal(end) and "\n" not in rules.describe(end)
        assert resumed(rules, end) == rules.to_dict(end, private=True)
        replayed = rules.replay(table.setup, [action for _, action in table.steps])
        assert rules.to_dict(replayed, private=True) == rules.to_dict(end, private=True), "the log replays"
