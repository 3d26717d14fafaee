"""What comes next: the rules say it as data (no interface's commands in them), every command words it."""
import json
import pathlib
import re

import pytest

from companion.sssnake.rounds import next_step

RULES = pathlib.Path(__file__).resolve().parents[2] / "companion" / "sssnake"


def test_the_rules_hold_no_command_syntax():
    """Interfaces word the next step their own way: no `companion sssnake ...` and no --options in the rules."""
    for path in RULES.glob("*.py"):
        text = path.read_text()
        assert "companion sssnake" not in text, path.name
        assert not re.search(r'IllegalAction\(f?"[^"]*--[a-z]', text), path.name


def test_each_phase_has_its_next_step_as_data(table):
    """Round structure: caves flip by flip, then flip, report, choose, pass the token; End of play."""
    t = table()
    assert next_step(t.state) == {"step": "flip", "player": "Ann", "cave": True, "first": False}
    t.caves()
    assert next_step(t.state) == {"step": "flip", "player": "Ann", "cave": False, "first": True}
    t.flip()
    assert next_step(t.state) == {"step": "report", "players": ["Ann", "Bob", "Cid"], "digital": [],
                                  "rejoin": []}
    t.report("Ann", fresh=3)
    assert next_step(t.state)["players"] == ["Bob", "Cid"]
    t.report("Bob", fresh=3)
    t.report("Cid")
    nxt = next_step(t.state)
    assert nxt["step"] == "choose" and nxt["player"] == "Ann" and nxt["after"] == ["Bob"] and len(nxt["cards"]) == 6
    t.take("Ann", nxt["cards"][0])
    t.take("Bob", next_step(t.state)["cards"][0])
    assert next_step(t.state) == {"step": "flip", "player": "Bob", "cave": False, "first": False}
    t.flip()
    t.report("Bob", out=True)
    t.report("Cid", out=True)
    t.report("Ann")
    assert next_step(t.state) == {"step": "over"}


def test_a_rejoin_chance_is_part_of_the_report_step(table):
    t = table(friendship=True)
    t.caves()
    t.round(Bob={"out": True})
    t.flip()
    assert next_step(t.state) == {"step": "report", "players": ["Cid", "Ann"], "digital": [], "rejoin": ["Bob"]}


@pytest.fixture
def game(cli):
    cli("sssnake", "new", "--players", "Ann,Bob,Cid", "--seed", "7")
    return cli


def test_every_command_says_what_comes_next(game):
    assert game("sssnake", "flip").output.endswith("Next: Bob flips for a cave: `companion sssnake flip`\n")
    game("sssnake", "flip")
    out = game("sssnake", "flip").output
    assert out.endswith("Next: Ann flips the round's apple card: `companion sssnake flip`\n")
    out = game("sssnake", "flip").output
    assert "Next: Ann, Bob, Cid move, then the round in one line: `companion sssnake round \"Ann 2 ...\"`" in out
    out = game("sssnake", "round", "Ann 3").output
    assert out.endswith("Next: Ann chooses an ability: `companion sssnake take Ann CARD`; face up: "
                        + ", ".join(f"{n} {name}" for n, name in face_up(game)) + "\n")
    card = face_up(game)[0][0]
    out = game("sssnake", "take", "Ann", str(card)).output
    assert out.endswith("Next: Bob flips the round's apple card: `companion sssnake flip`\n")
    assert "Next: Bob flips" in game("sssnake", "status").output
    assert "Next: Ann chooses an ability" in game("sssnake", "undo").output
    assert json.loads(game("sssnake", "take", "Ann", str(card), "--json").output)["state"]["next"] == {
        "step": "flip", "player": "Bob", "cave": False, "first": False}


def face_up(cli):
    """(number, name) of the face-up cards of the choice the game waits for."""
    from companion.sssnake.display import ability

    state = json.loads(cli("sssnake", "status", "--json").output)["state"]
    return [(n, ability(n).name) for n in state["next"]["cards"]]


def test_the_engine_gives_the_next_step_as_the_rules_do(table):
    from companion.sssnake.game import ENGINE

    t = table(friendship=True)
    for _ in range(4):
        assert ENGINE.next_step(t.state) == next_step(t.state) == ENGINE.view(t.state)["next"]
        t.flip()


@pytest.mark.parametrize("nxt, text", [
    ({"step": "flip", "player": "Ann", "cave": True, "first": False}, "Ann flips for a cave: `companion sssnake flip`"),
    ({"step": "flip", "player": "Bob", "cave": False, "first": True},
     "Bob flips the round's apple card: `companion sssnake flip`"),
    ({"step": "report", "players": ["Cid", "Ann"], "digital": [], "rejoin": ["Bob"]},
     "Cid, Ann move, then the round in one line: `companion sssnake round \"Cid 2 ...\"` (anyone left out ate "
     "nothing), or `report NAME ...` each; Bob may rejoin (`companion sssnake rejoin Bob`)"),
    ({"step": "choose", "player": "Ann", "digital": False, "after": ["Bob"], "cards": [2, 5]},
     "Ann chooses an ability: `companion sssnake take Ann CARD`; face up: 2 {2}, 5 {5}; then Bob"),
    ({"step": "place", "player": "Cid", "marks": None}, "Cid places the Intuition square: `companion sssnake place Cid COL,ROW`"),
    ({"step": "report", "players": ["Cid", "Ann"], "digital": ["Ann"], "rejoin": []},
     "Cid move, then the round in one line: `companion sssnake round \"Cid 2 ...\"` (anyone left out ate nothing), or "
     "`report NAME ...` each; Ann moves on the digital sheet: `companion sssnake move Ann PATH` (like R R D or RRD; "
     "`companion sssnake sheet Ann` shows it, `hint Ann` suggests one)"),
    ({"step": "place", "player": "Cid", "marks": 16},
     "Cid draws what Moulting gave: three eggs (COL,ROW;COL,ROW;COL,ROW): `companion sssnake place Cid --marks ...`"),
    ({"step": "over"}, "the game is over: `companion sssnake score` shows the final score"),
])
def test_each_next_step_is_worded_as_the_command_that_takes_it(nxt, text):
    from companion.shared.sssnake.text import next_lines, next_text
    from companion.sssnake.display import ability

    want = text.replace("{2}", ability(2).name).replace("{5}", ability(5).name)
    assert next_text(nxt) == want
    assert next_lines(nxt, False) == [f"Next: {want}"]
    assert next_lines(nxt, True)[1].startswith("Teach: ") and "`companion sssnake rules " in next_lines(nxt, True)[1]
