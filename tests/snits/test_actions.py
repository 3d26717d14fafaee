"""Actions as data: the dict and text forms round-trip; malformed ones are refused in words."""
import pytest

from companion.engine import IllegalAction
from companion.snits import actions


@pytest.mark.parametrize("line", ["move Zipwick Glut", "move Nimbo Fleotis --roll 3,4", "kick Bonk Snorg --roll 2",
                                  "pack Wiggen,Pokey R2 --roll 5,6", "chomp R2,R3 Pokey,Wiggen",
                                  'compose "Left Compositor,Deep Compositor"', "transform M3", "done"])
def test_text_and_dict_forms_round_trip(line):
    action = actions.parse(line)
    assert actions.text(action) == line
    assert actions.from_dict(actions.to_dict(action)) == action


def test_enter_is_its_own_action():
    assert actions.parse("enter Nimbo Fleotis") == actions.Enter("Nimbo", "Fleotis")


@pytest.mark.parametrize("bad,message", [
    ({"type": "fly"}, "unknown action"), ({"type": "move", "who": "Zipwick"}, "needs to"),
    ({"type": "move", "who": 3, "to": "Glut"}, "is a name"), ({"type": "pack", "who": [1, 2], "target": "R1"},
                                                             "list of names"),
    ({"type": "kick", "who": "Bonk", "target": "Snorg", "dice": ["4"]}, "list of numbers"),
    ({"type": "done", "dice": [3]}, "has no dice"),
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
            actions.parse(line)
