"""Actions as data: the dict form (the log) and the text form (history) round-trip."""
import pytest

from benchmarks import golden
from companion.core.engine import IllegalAction
from companion.sssnake import actions
from companion.sssnake.game import ENGINE

TEXTS = ["flip", "report Ann fresh=2 rotten=1 golden=4,12;6,14 end=snow,shade out stole=3,4",
         "report Bob", "take Bob 15 corner=3,4", "take Cid 2", "place Cid corner=2,2", "rejoin Dee",
         "report out fresh=1", "report A=1 out"]  # a player's name is any one word, even one that looks like a field


@pytest.mark.parametrize("text", TEXTS)
def test_text_and_dict_forms_round_trip(text):
    action = actions.from_text(text)
    assert actions.to_text(action) == text
    assert actions.from_dict(actions.to_dict(action)) == action


def test_dict_form_leaves_defaults_out():
    assert actions.to_dict(actions.Report("Ann")) == {"type": "report", "player": "Ann"}


@pytest.mark.parametrize("data, message", [
    ({"type": "jump"}, "unknown action"),
    ({"type": "take", "player": "Ann", "card": 2, "colour": "red"}, "no field 'colour'"),
    ({"type": "take", "player": "Ann"}, "a take action needs card"),
])
def test_bad_dicts_are_refused(data, message):
    with pytest.raises(IllegalAction, match=message):
        actions.from_dict(data)


@pytest.mark.parametrize("text, message", [("4-12", "COLUMN,ROW"), ("0,3", "off the sheet"), ("3,17", "off")])
def test_squares_are_checked(text, message):
    with pytest.raises(IllegalAction, match=message):
        actions.square(text)


def test_unknown_ending_names_the_known_ones():
    with pytest.raises(IllegalAction, match="snow, ice, shade"):
        actions.endings(["lava"])


@pytest.mark.parametrize("data, message", [
    ({"type": "report", "player": "Ann", "fresh": "2"}, "report.fresh must be int"),
    ({"type": "report", "player": "Ann", "out": 1}, "report.out must be bool"),
    ({"type": "report", "player": "Ann", "golden": [[4, 12, 1]]}, "golden must be"),
    ({"type": "take", "player": "Ann", "card": 15, "corner": [0, 3]}, "off the sheet"),
    ({"type": "rejoin", "player": 3}, "rejoin.player must be str"),
])
def test_logged_fields_are_type_checked(data, message):
    with pytest.raises(IllegalAction, match=message):
        actions.from_dict(data)


@pytest.mark.parametrize("name", [n for n, (kind, _) in golden.GAMES.items() if kind == "sssnake"])
def test_every_action_of_a_golden_playthrough_round_trips(name):
    """The engine's text form and the codec's dict form both give back every action the golden games log."""
    _, logged = golden.GAMES[name][1]()
    assert {a["type"] for a in logged} >= {"flip", "report", "round", "take"}
    for action in logged:
        assert ENGINE.parse_action(ENGINE.action_text(action)) == action
        assert actions.to_dict(actions.from_dict(action)) == action
        act = actions.from_dict(action)
        assert actions.from_dict(actions.to_dict(act)) == act
        assert actions.from_text(actions.to_text(act)) == act


@pytest.mark.parametrize("text, message", [
    ("take Ann", "a take action needs card"), ("take Ann x", "take.card must be a whole number"),
    ("report Ann fresh=two", "report.fresh must be a whole number"), ("flip now", "not part of a flip"),
    ("jump", "unknown action")])
def test_a_malformed_line_is_one_illegal_action(text, message):
    with pytest.raises(IllegalAction, match=message):
        ENGINE.parse_action(text)
