"""The table commands: output, --json, exit codes, and refusals that leave the saved game as it was."""
import json

import pytest

from companion.store.db import Store
from tests.sssnake.stored import refused, saved


@pytest.fixture
def game(cli):
    """A three-player game past its cave round."""
    assert cli("sssnake", "new", "--players", "Ann,Bob,Cid", "--landscape", "am-fluss", "--seed", "7").exit_code == 0
    for _ in range(3):
        assert cli("sssnake", "flip").exit_code == 0
    return cli


def test_new_says_who_flips_first_which_sheets_and_shows_the_display(cli):
    result = cli("sssnake", "new", "--players", "Ann,Bob", "--seed", "3", "--first", "Bob")
    assert result.exit_code == 0
    assert "Next: Bob flips for a cave: `companion sssnake flip`" in result.output and "[face down]" in result.output
    assert "Sheets: this edition's Am Fluss pad (`companion print pad --landscape am-fluss`)" in result.output


def test_new_json_has_the_game_setup_and_state(cli):
    data = json.loads(cli("sssnake", "new", "--players", "Ann", "--seed", "3", "--json").output)
    assert data["game"] == "sssnake-1" and data["setup"]["seed"] == 3 and data["state"]["phase"] == "caves"


def test_new_refuses_an_unknown_landscape_and_first_player(cli):
    result = cli("sssnake", "new", "--players", "Ann", "--landscape", "moon")
    assert result.exit_code == 1 and "choose one of: am-fluss" in result.output
    result = cli("sssnake", "new", "--players", "Ann", "--first", "Zed")
    assert result.exit_code == 1 and "not a player" in result.output


def test_flip_prints_who_flips_where_and_each_move(game):
    result = game("sssnake", "flip")
    assert result.exit_code == 0
    assert "Ann flips column" in result.output and "a fresh apple" in result.output
    assert "  Bob: moves 4" in result.output


def test_flip_json_has_the_round(game):
    data = json.loads(game("sssnake", "flip", "--json").output)
    assert {"column", "row", "extra_apple", "rotten", "sheets"} <= set(data["state"]["round"])
    assert data["messages"][0].startswith("Ann flips")


def test_second_flip_before_the_round_is_finished_is_refused(game):
    game("sssnake", "flip")
    refused(game, "sssnake", "flip", match="waiting for Ann, Bob, Cid to report")


def test_report_grows_the_snake_at_the_end_of_the_round(game):
    game("sssnake", "flip")
    assert "waiting for Bob, Cid" in game("sssnake", "report", "Ann", "--fresh", "3", "--end", "shade").output
    game("sssnake", "report", "Bob")
    out = game("sssnake", "report", "Cid").output
    assert "Ann grows 4 -> 7" in out and "Ann chooses an ability" in out


@pytest.mark.parametrize("args, match", [
    (("report", "Zed"), "no player 'Zed'"),
    (("report", "Ann", "--fresh", "-2"), "cannot be negative"),
    (("report", "Ann", "--rotten", "1"), "no rotten apple"),
    (("report", "Ann", "--golden", "4,12"), "golden apples lie only on Fjord, not on Am Fluss"),
    (("report", "Ann", "--golden", "4;12"), "COLUMN,ROW"),
    (("report", "Ann", "--end", "snow", "--end", "ice"), "snow or ice"),
    (("report", "Ann", "--end", "snow"), "Am Fluss has no snow to end on; its sheet has shade"),
    (("report", "Ann", "--end", "ice"), "Am Fluss has no ice to end on"),
    (("take", "Ann", "3"), "nobody is owed an ability"),
    (("rejoin", "Ann"), "Friendship mode"),
    (("place", "Ann", "3,3"), "nothing to place"),
])
def test_bad_input_is_refused_and_changes_nothing(game, args, match):
    game("sssnake", "flip")
    refused(game, "sssnake", *args, match=match)


def test_out_of_turn_ability_and_face_down_card_are_refused(game):
    game("sssnake", "flip")
    for name in ("Ann", "Bob", "Cid"):
        game("sssnake", "report", name, "--fresh", "3")
    state = json.loads(game("sssnake", "status", "--json").output)["state"]
    face_up = [n for row in state["display"] for n in row if n and n != 15]
    refused(game, "sssnake", "take", "Bob", face_up[0], match="Ann's turn")
    shown = [c for row in state["display"] for c in row]
    hidden_or_missing = [n for n in range(1, 17) if n not in shown]
    results = [game("sssnake", "take", "Ann", n).output for n in hidden_or_missing]
    assert sum("is face down" in r for r in results) == 2  # the two face-down cards
    assert all("face down" in r or "not in the display" in r for r in results)
    assert saved()[0][-1]["type"] == "report"
    assert game("sssnake", "take", "Ann", face_up[0]).exit_code == 0


def test_undo_and_redo_across_commands(game):
    game("sssnake", "flip")
    game("sssnake", "report", "Ann", "--fresh", "2")
    before = saved()[0]
    out = game("sssnake", "undo").output
    assert out.startswith("undo: report")
    assert saved()[0] == before[:-1]
    game("sssnake", "redo")
    assert saved()[0] == before


def test_status_deck_score_and_log(game):
    game("sssnake", "flip")
    status = game("sssnake", "status").output
    assert "Ann" in status and "Display:" in status and "Next:" in status
    assert "11 flips before all 16 are shuffled again" in game("sssnake", "deck").output
    deck = json.loads(game("sssnake", "deck", "--json").output)["deck"]
    assert deck["a_left"] == 12 and deck["b_stack"] == 4
    assert "Score so far" in game("sssnake", "score").output
    assert json.loads(game("sssnake", "score", "--json").output)["over"] is False
    assert "4. flip" in game("sssnake", "log").output


def test_games_lists_the_sssnake_game(game):
    assert "sssnake am-fluss: Ann, Bob, Cid" in game("games").output


def test_a_finished_game_prints_the_final_score(cli):
    cli("sssnake", "new", "--players", "Ann,Bob", "--seed", "2")
    cli("sssnake", "flip")
    cli("sssnake", "flip")
    cli("sssnake", "flip")
    cli("sssnake", "report", "Ann", "--eliminated")
    out = cli("sssnake", "report", "Bob", "--fresh", "1").output
    assert "The game is over." in out and "1. Bob: 9 points" in out
    assert "Final score:" in cli("sssnake", "score").output


@pytest.mark.parametrize("seed", ["-1", str(2 ** 63)])
def test_new_refuses_a_seed_no_token_can_carry_and_saves_nothing(cli, seed):
    result = cli("sssnake", "new", "--players", "Ann,Bob", "--seed", seed)
    assert result.exit_code == 2 and "is not a whole number 0 to 9223372036854775807" in result.output
    assert Store().games() == []


def test_new_refuses_an_empty_name_in_one_line_and_saves_nothing(cli):
    result = cli("sssnake", "new", "--players", "Ann,,Bob")
    assert result.exit_code == 1 and result.output == (
        "error: player 2's name is empty; one name between each pair of commas, like Ann,Bob,Cid\n")
    assert Store().games() == []
