"""`--game ''` names no game: refused in one line, never taken for the latest game."""
import pytest


@pytest.mark.parametrize("command", [["sssnake", "status"], ["sssnake", "flip"], ["sssnake", "undo"],
                                     ["snits", "status"], ["snits", "done"], ["snits", "redo"], ["token"]])
def test_an_empty_game_id_is_refused(cli, home, command):
    assert cli("sssnake", "new", "--players", "Ann,Bob", "--seed", "1").exit_code == 0
    assert cli("snits", "new", "--seed", "1").exit_code == 0
    before = (home / "games.sqlite").read_bytes()
    result = cli(*command, "--game", "")
    assert result.exit_code == 1 and result.output == "error: --game needs a game id; `companion games` lists them\n"
    assert (home / "games.sqlite").read_bytes() == before
