"""The contract every game in the registry keeps, checked through the engine alone on seeded games played to their
end: the outcome appears exactly at the end, the state's dict round-trips, the log replays, describe is one line."""
import json
import sys

import pytest

from benchmarks import random_play
from companion.core import games as registry
from companion.core.engine import Outcome
from companion.core.games import engine

ROUND_TRIP_EVERY = 5  # steps between to_dict/from_dict round trips, so the module stays fast
ENDLESS = sys.maxsize  # rounds or turns: play until the game ends

GAMES = {  # per kind, seeded games each ending another way (a solo rank, a Spark fight won by one clan...)
    "sssnake": [lambda: random_play.sssnake(2, ENDLESS, 2), lambda: random_play.sssnake(1, ENDLESS, 2),
                lambda: random_play.sssnake(3, ENDLESS, 3, "sahara", digital=2)],
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


@pytest.mark.parametrize("kind", registry.GAMES)  # a game without plays below fails here
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


def legal_has(rules, state, action) -> bool:
    """Whether legal_actions offers this action: a list lists it, a space contains it."""
    legal = rules.legal_actions(state)
    return action in legal if isinstance(legal, list) else legal.contains(action)


@pytest.mark.parametrize("kind", registry.GAMES)  # a game without plays below fails here
def test_every_logged_action_was_offered_and_its_text_round_trips(kind):
    """The one codec: each action's typed line reads back as the same dict; and legality lives in the rules alone."""
    rules = engine(kind)
    for play in GAMES[kind]:
        for before, action in play().steps:
            assert rules.parse_action(rules.action_text(action)) == action, action
            bare = {k: v for k, v in action.items() if k != "dice"}  # a logged roll is the rules' own, not a choice
            assert legal_has(rules, before, bare) or legal_has(rules, before, action), action


@pytest.mark.parametrize("kind", registry.GAMES)  # a game without plays below fails here
def test_next_step_is_data_and_names_no_command(kind):
    rules = engine(kind)
    for play in GAMES[kind]:
        table = play()
        for before, _ in table.steps[::7]:
            step = rules.next_step(before)
            assert isinstance(step, dict) and step["step"] != "over"
            assert "companion" not in json.dumps(step), "the rules word no command"
        assert rules.next_step(table.state)["step"] == "over"


@pytest.mark.parametrize("kind", registry.GAMES)  # a game without plays below fails here
def test_legal_actions_for_a_player_are_theirs_alone(kind):
    """Named, a player gets a part of what the table may do; together the players' parts are all of it."""
    rules = engine(kind)
    table = GAMES[kind][0]()
    for before, action in table.steps[::11]:
        legal = rules.legal_actions(before)
        names = players_of(rules, before)
        parts = [rules.legal_actions(before, player) for player in names]
        if isinstance(legal, list):
            assert sorted(map(json.dumps, (a for part in parts for a in part))) == sorted(map(json.dumps, legal))
        else:
            bare = {k: v for k, v in action.items() if k != "dice"}
            assert any(part.contains(bare) for part in parts), action
    with pytest.raises(ValueError):
        rules.legal_actions(table.steps[0][0], "Nobody-at-this-table")


def players_of(rules, state) -> list[str]:
    """The names legal_actions takes: each side or player the view lists."""
    view = rules.view(state)
    if "players" in view:
        return [p["name"] for p in view["players"]]
    clans = view["snit_players"]
    return ["Bolotomus", *(["Snits"] if clans == 1 else dict.fromkeys(s["clan"] for s in view["snits"]))]
