"""Actions as data: the dict and text forms round-trip; malformed ones are refused in words."""
import pytest

from companion.core.engine import IllegalAction
from companion.snits import actions


@pytest.mark.parametrize("line", ["move Zipwick Glut", "move Nimbo Fleotis --roll 3,4", "kick Bonk Snorg --roll 2",
                                  "pack Wiggen,Pokey R2 --roll 5,6", "chomp R2,R3 Pokey,Wiggen",
                                  'compose "Left Compositor,Deep Compositor"', "transform M3", "done"])
def test_text_and_dict_forms_round_trip(line):
    action = actions.from_text(line)
    assert actions.to_text(action) == line
    assert actions.from_dict(actions.to_dict(action)) == action


def test_enter_is_its_own_action():
    assert actions.from_text("enter Nimbo Fleotis") == actions.Enter("Nimbo", "Fleotis")


@pytest.mark.parametrize("bad,message", [
    ({"type": "fly"}, "unknown action"), ({"type": "move", "who": "Zipwick"}, "needs to"),
    ({"type": "move", "who": 3, "to": "Glut"}, "is a name"), ({"type": "pack", "who": [1, 2], "target": "R1"},
                                                             "list of names"),
    ({"type": "kick", "who": "Bonk", "target": "Snorg", "dice": ["4"]}, "list of numbers"),
    ({"type": "done", "dice": [3]}, "has no field 'dice'"),
])
def test_malformed_actions_are_refused(bad, message):
    with pytest.raises(IllegalAction, match=message):
        actions.from_dict(bad)


def test_typed_lines_that_make_no_action():
    for line, message in (("", "start with one of"), ("kick Bonk", "kick takes WHO TARGET, e.g. `kick Grubnik Snorg`"),
                          ("done --roll 3", "rolls no dice"), ("move a b --roll x", "--roll takes the dice"),
                          ("move a b --roll 1,,2", "--roll takes the dice"),
                          ("pack Bonk,,Snub R2", "WHO has an empty item in 'Bonk,,Snub'")):
        with pytest.raises(IllegalAction, match=message):
            actions.from_text(line)


def golden_actions() -> list[dict]:
    """Every logged action of the Snits golden playthroughs (tests/golden/snits-*.txt), dice included."""
    from benchmarks import golden

    return [a for name, (kind, play) in golden.GAMES.items() if kind == "snits" for a in play()[1]]


def test_every_action_of_the_golden_playthroughs_round_trips():
    """The engine's text form parses back to the logged dict, and the dict and value forms round-trip both ways."""
    from companion.snits.game import ENGINE

    logged = golden_actions()
    assert {a["type"] for a in logged} >= {"move", "enter", "kick", "chomp", "compose", "done"}
    for d in logged:
        assert ENGINE.parse_action(ENGINE.action_text(d)) == d
        assert actions.to_dict(actions.from_dict(d)) == d
        value = actions.from_dict(d)
        assert actions.from_dict(actions.to_dict(value)) == value


@pytest.mark.parametrize("typed", ["compose Left Deep", "compose Left,Deep", "compose Left, Deep"])
def test_compose_names_its_compositors_by_spaces_or_commas_as_the_command_does(typed):
    """Issue 33: play's hint shows `compose ORGAN...` and the one-shot command takes spaces, but play refused
    `compose Left Deep`: one grammar for both."""
    from companion.snits.actions import from_text

    assert from_text(typed).at == ("Left", "Deep")
