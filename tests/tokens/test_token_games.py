"""Round trips with the real engines: state -> token -> state is identical mid-game, after every action kind."""
import pytest

from benchmarks import random_play
from companion.core.games import engine
from companion.snits.actions import KINDS as SNITS_ACTIONS
from companion.sssnake.actions import KINDS as SSSNAKE_ACTIONS
from companion.tokens import game_token as token
from companion.tokens import sheet_token

ACTIONS = {"sssnake": SSSNAKE_ACTIONS, "snits": SNITS_ACTIONS}


def same(kind: str, a, b) -> bool:
    """Identical as the games define it: the canonical private dict, the table's view and the status line."""
    eng = engine(kind)
    return (eng.to_dict(a, True), eng.view(a), eng.describe(a)) == (eng.to_dict(b, True), eng.view(b), eng.describe(b))


def resumed(kind: str, state):
    """The state the game token (with a sheet token for each digital player) resumes to."""
    text = token.encode(kind, f"{kind}-1", state, private=True)
    sheets = [sheet_token.encode(f"{kind}-1", state, i) for i in sorted(getattr(state, "sheets", {}))]
    data = sheet_token.join(token.unpack(text), sheets)
    assert {k: v for k, v in data.items() if k != token.DIGITAL} == engine(kind).to_dict(state, True)
    return token.validate(kind, data)


@pytest.mark.parametrize("kind", sorted(ACTIONS))
def test_every_action_kind_round_trips(kind, request):
    """Issue 5: state -> token -> state is identical mid-game, for both games, after every action the games have
    (flip, report, take, place, rejoin; move, kick, pack, chomp, compose, transform, done)."""
    seen = set()
    for table in request.getfixturevalue(f"{kind}_tables"):
        for (_, action), (after, _) in zip(table.steps, table.steps[1:] + [(table.state, None)], strict=True):
            assert same(kind, resumed(kind, after), after), f"after {action}"
            seen.add(action["type"])
    assert seen == set(ACTIONS[kind])


@pytest.mark.parametrize("kind", sorted(ACTIONS))
def test_resumed_game_plays_on_identically(kind, request):
    """A resumed state rolls and deals exactly as the original: the seed and its step counter travel along
    (dice are left to the game's own chance, not taken from the log)."""
    eng = engine(kind)
    for table in request.getfixturevalue(f"{kind}_tables"):
        for before, action in table.steps[::3]:
            fresh = {k: v for k, v in action.items() if k != "dice"}
            assert same(kind, eng.apply(resumed(kind, before), fresh).state, eng.apply(before, fresh).state)


def test_finished_games_round_trip():
    """A game played to its end (final scores, a winner) comes back as it was."""
    sssnake, snits = random_play.sssnake(2, 200, 4), random_play.snits(400, 0)
    assert (sssnake.state.phase, snits.state.phase) == ("o", "over")
    for kind, table in (("sssnake", sssnake), ("snits", snits)):
        assert same(kind, resumed(kind, table.state), table.state)


def test_game_id_and_kind_travel():
    """The token carries kind and game id, so resume can keep the id."""
    state = engine("sssnake").new({"players": ["Ann", "Bob"], "seed": 3})
    decoded, _ = token.decode(token.encode("sssnake", "sssnake-12", state))
    assert (decoded.kind, decoded.game_id) == ("sssnake", "sssnake-12")
