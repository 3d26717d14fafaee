"""`snits hint` (issue 33): what the computer would play for the side to act, with its odds; the Snits' hint never
reads the hidden placement, and the Bolotomus' is for the Bolotomus' eyes only."""
import json

from companion.snits.game import ENGINE


def hinted(cli, *more):
    r = cli("snits", "hint", "--json", *more)
    assert r.exit_code == 0, r.output
    return json.loads(r.output)


def test_the_hint_is_a_legal_action_of_the_side_to_act_with_its_odds(cli):
    assert cli("snits", "new", "--seed", 4, "--duty", "Glut", "--remove", "Grubnik,Zoomer").exit_code == 0
    cli("snits", "move", "Zipwick", "Glut")
    cli("snits", "done")
    found = hinted(cli)
    assert found["side"] == "Snits"
    from companion.shared import session

    _, state = session.current("snits", None)
    assert found["action"] in ENGINE.legal_actions(state, "Snits")
    assert found["action"]["type"] == "kick" and found["odds"] == "2 in 6 to kill the Snorg"
    line = cli("snits", "hint").output
    assert line == f"Try: {found['text']} (2 in 6 to kill the Snorg): what the computer (level 2) would play for " \
                   "the Snits.\n"
    assert cli("snits", *found["text"].split()).exit_code == 0, "the hint is typed as it is printed"


def test_the_snits_hint_ignores_the_hidden_placement(cli):
    from companion.shared.snits.hint import hint
    from companion.snits.state import Placement

    state = ENGINE.start({"seed": 7, "dice": "auto", "players": 1, "duty": "Eye", "remove": ["Grubnik", "Zoomer"]})
    organs = [o.index for o in state.board.organs]
    seen = set()
    for spark in organs[3:9]:
        state.placement = Placement(spark, (), "test")
        seen.add(hint(state)["text"])
    assert len(seen) == 1


def test_the_bolotomus_hint_is_for_its_eyes_only(cli):
    assert cli("snits", "new", "--seed", 4, "--duty", "Glut", "--remove", "Grubnik,Zoomer", "--spark", "ask",
               "--hide-spark", "Quibbler").exit_code == 0
    assert cli("snits", "done").exit_code == 0  # the Snits' movement: the Bolotomus' go comes after their kicks
    cli("snits", "done")
    r = cli("snits", "hint")
    assert r.exit_code == 1 and r.output.startswith("error: the Bolotomus' hint reads where the Spark and Splops hide")
    assert "Quibbler" not in r.output
    assert hinted(cli, "--bolotomus")["side"] == "Bolotomus"


def test_no_hint_for_a_computer_bolotomus_nor_after_the_game(cli):
    assert cli("snits", "new", "--seed", 4, "--vs", "bolotomus", "--level", 1, "--spark").exit_code == 0
    r = cli("snits", "hint", "--bolotomus")
    assert r.exit_code == 1 and "computer" in r.output


def test_play_gives_the_hint_at_its_prompt(cli):
    assert cli("snits", "new", "--seed", 4, "--duty", "Glut", "--remove", "Grubnik,Zoomer").exit_code == 0
    out = cli("snits", "play", input="hint\nquit\n").output
    assert "Try: enter Bonk Antephellum: what the computer (level 2) would play for the\n    Snits." in out
    assert "hint         what the computer would play now" in out
    assert max(len(line) for line in out.splitlines()) <= 80, "play's help and hint fit 80 columns"
