"""The digital sheet's commands: move, sheet, hint, new --digital and --bot; refusals in one line that change
nothing; the computer's snake acting after the person's command, and undo taking both back."""
import json

import pypdfium2
import pytest

from tests.sssnake.stored import refused, saved


@pytest.fixture
def game(cli):
    """Ann on a digital sheet, Bob on paper, after the cave round and the first flip (seed 7, Am Fluss)."""
    assert cli("sssnake", "new", "--players", "Ann,Bob", "--digital", "Ann", "--seed", "7").exit_code == 0
    for _ in range(3):
        assert cli("sssnake", "flip").exit_code == 0
    return cli


def ann(cli):
    state = json.loads(cli("sssnake", "sheet", "Ann", "--json").output)
    return state["sheet"]


def test_move_walks_the_path_and_reports_for_the_player(game):
    head = ann(game)["h"][0]
    hint = json.loads(game("sssnake", "hint", "Ann", "--json").output)
    assert hint["move"]["type"] == "move" and hint["why"]
    result = game("sssnake", "move", "Ann", *hint["move"]["path"].split())
    assert result.exit_code == 0 and "Ann moves 4 squares" in result.output and "Waiting for Bob." in result.output
    assert len(ann(game)["b"]) == 5 and ann(game)["b"][0] == head
    assert saved()[0][-1] == {"type": "move", "player": "Ann", "path": hint["move"]["path"]}


def test_a_wrong_path_is_refused_in_one_line_and_nothing_changes(game):
    path = json.loads(game("sssnake", "hint", "Ann", "--json").output)["move"]["path"].replace(" ", "")
    first = path[0]
    back = {"U": "D", "D": "U", "L": "R", "R": "L"}[first]
    refused(game, "sssnake", "move", "Ann", path + "U", match="the snake moves 4 squares this turn, not 5 or more")
    refused(game, "sssnake", "move", "Ann", first + back, match="except the one it came from")
    refused(game, "sssnake", "move", "Ann", "R2Q", match="cannot read the path at 'Q'")
    refused(game, "sssnake", "move", "Bob", "R4", match="Bob plays on paper")
    refused(game, "sssnake", "move", "Zed", "R4", match="no player 'Zed'")
    refused(game, "sssnake", "report", "Ann", "--fresh", "1", match="Ann plays a digital sheet")


def test_an_eliminating_move_is_confirmed_with_anyway(game):
    assert ann(game)["h"] == [[16, 3]]  # seed 7: Ann's cave by the top-right corner
    path = "UUU"  # the third step bumps into the edge
    result = game("sssnake", "move", "Ann", path)
    assert result.exit_code == 1 and "bumps into the edge of the board at 16,1" in result.output
    assert "add --anyway only if there is no other way" in result.output
    assert game("sssnake", "move", "Ann", path, "--anyway").exit_code == 0
    game("sssnake", "report", "Bob")
    status = json.loads(game("sssnake", "status", "--json").output)["state"]
    assert [p["out"] for p in status["players"]] == [True, False]


def test_the_sheet_in_the_terminal_and_on_paper(game, tmp_path):
    text = game("sssnake", "sheet", "Ann").output
    assert "\x1b[" not in text and text.splitlines()[0].split()[:3] == ["1", "2", "3"]
    refused(game, "sssnake", "sheet", "Bob", match="Bob plays on paper; digital sheets: Ann")
    target = tmp_path / "ann.pdf"
    assert game("sssnake", "sheet", "Ann", "-o", target).exit_code == 0
    assert len(pypdfium2.PdfDocument(str(target))) == 1
    before = target.read_bytes()
    refused(game, "sssnake", "sheet", "Ann", "-o", target, match="exists; --force would replace it")
    assert target.read_bytes() == before
    refused(game, "sssnake", "sheet", "Ann", "-o", tmp_path / "ann.txt", match="name a .pdf, .svg or .png file")
    png = tmp_path / "ann.png"
    assert game("sssnake", "sheet", "Ann", "-o", png).exit_code == 0 and png.read_bytes()[:4] == b"\x89PNG"


def test_new_refuses_digital_players_on_the_boxed_sheets_and_unknown_names(cli):
    result = cli("sssnake", "new", "--players", "Ann,Bob", "--digital", "Ann", "--sheets", "boxed")
    assert result.exit_code == 1 and "a digital sheet needs this edition's terrain" in result.output
    result = cli("sssnake", "new", "--players", "Ann,Bob", "--digital", "Zed")
    assert result.exit_code == 1 and "no player 'Zed' to give a digital sheet" in result.output
    result = cli("sssnake", "new", "--players", "bot", "--seed", "1")
    assert result.exit_code == 1 and "the computer cannot play every snake" in result.output


def test_the_computer_plays_its_snake_after_each_command_and_undo_takes_both_back(cli):
    assert cli("sssnake", "new", "--players", "Ann,bot", "--seed", "3", "--landscape", "fjord").exit_code == 0
    result = cli("sssnake", "flip")  # Ann's cave; the bot flips for its own at once
    assert "bot (computer): flip" in result.output
    result = cli("sssnake", "flip", "--json")  # the round's apple: the bot moves at once
    data = json.loads(result.output)
    assert [r["action"]["type"] for r in data["computer"]] == ["move"]
    assert data["state"]["waiting_for"] == ["Ann"]
    actions = saved()[0]
    undone = cli("sssnake", "undo")
    assert undone.exit_code == 0 and saved()[0] == actions[:-2]  # the flip and the bot's move after it
    assert cli("sssnake", "redo").exit_code == 0 and saved()[0] == actions


NOCTURNAL_PATHS = ("R2 D L", "D R3", "U2 R2", "U R D R", "R U L U", "U2 R2", "U R D2", "R D3", "L D R D", "D L3",
                   "D L3", "L4", "L4", "L U2 R", "D R U2", "L U L U", "U R U R2", "U L U R2", "D R3 U2")


def test_a_hint_that_borrows_is_a_command_that_runs(cli):
    """Nocturnal in shade: `hint` printed a traceback (the loan was no number), then a `borrow=1` the command line
    does not read; its Try line is now the move command as typed, with --borrow."""
    assert cli("sssnake", "new", "--players", "Ann", "--digital", "Ann", "--seed", "2").exit_code == 0
    steps = [("flip",), ("flip",)]
    for path in NOCTURNAL_PATHS:
        steps += [("move", "Ann", *path.split()), ("flip",)]
    steps[-1:] = [("take", "Ann", "12"), ("flip",), ("move", "Ann", "R2", "U2", "R3"), ("flip",)]  # ends in shade
    for step in steps:
        assert cli("sssnake", *step).exit_code == 0, step
    result = cli("sssnake", "hint", "Ann")
    assert result.exit_code == 0
    typed = result.output.splitlines()[0]
    assert typed.startswith("Try: companion sssnake move Ann ") and " --borrow " in typed
    moved = cli(*typed.split()[2:])
    assert moved.exit_code == 0 and "Ann moves" in moved.output


def test_hint_when_the_player_has_no_move_is_refused_in_one_line(game):
    """What a move would be refused for: Ann already moved, so a hint has nothing to suggest."""
    path = json.loads(game("sssnake", "hint", "Ann", "--json").output)["move"]["path"]
    assert game("sssnake", "move", "Ann", *path.split()).exit_code == 0
    refused(game, "sssnake", "hint", "Ann", match="Ann already moved this round; undo takes the move back")


def test_the_computers_snake_eats_the_apple_on_its_first_move(cli):
    """The reproduction of issue 20: with Ann at the table, the bot's first move walked past the apple her cave
    left on its sheet (8,10); it eats it now."""
    assert cli("sssnake", "new", "--players", "Ann,bot", "--seed", "1").exit_code == 0
    assert cli("sssnake", "flip").exit_code == 0  # both caves: the bot flips its own
    result = cli("sssnake", "flip")
    assert "bot moves 4 squares: eats 1 fresh apple." in result.output


def test_flip_takes_the_caves_way_and_move_the_apples_edge(cli):
    """Seed 11's cave card is Am Fluss' quicksand at 4,7: `flip --cave left` draws the cave at 2,7 and logs the way;
    a --roll where the round's apple lies where it falls (13,13) is refused in one line, the game unchanged."""
    assert cli("sssnake", "new", "--players", "Ann", "--digital", "Ann", "--seed", "11").exit_code == 0
    wrong = cli("sssnake", "flip", "--cave", "sideways")
    assert wrong.exit_code == 2 and wrong.output.startswith("error: ") and "'sideways' is not one of" in wrong.output
    assert saved()[0] == []
    flipped = cli("sssnake", "flip", "--cave", "left")
    assert flipped.exit_code == 0 and "Ann's cave moves left to 2,7 (digital sheet)." in flipped.output
    assert saved()[0] == [{"type": "flip", "cave": "L"}] and "1. flip cave=L 4,7" in cli("sssnake", "log").output
    assert cli("sssnake", "flip").exit_code == 0
    refused(cli, "sssnake", "move", "Ann", "R4", "--roll", "left",
            match="the apple falling on 13,13 lies there: it does not roll; leave out the roll")


@pytest.mark.parametrize("given", [["--digital", "Ann,Cid"], ["--digital", "Ann", "--digital", "Cid"]])
def test_digital_players_may_be_given_with_commas_or_the_option_again(cli, given):
    """`--digital Ann --digital Cid` kept only Cid (found by the issue 31 screens)."""
    result = cli("sssnake", "new", "--players", "Ann,Bob,Cid", *given, "--json")
    assert result.exit_code == 0 and json.loads(result.output)["setup"]["digital"] == ["Ann", "Cid"]
