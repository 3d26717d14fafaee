"""Shell completion (click's): commands, options, game ids, player, Snit, thingie and organ names, read from the
latest saved game of that kind only when the shell asks."""
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.shell_completion import ShellComplete

from companion.cli.main import main

ROOT = Path(__file__).resolve().parents[2]


def completions(line: str) -> list[str]:
    """What the shell is offered for the last word of `line` (an empty last word when it ends in a space)."""
    words = line.split()
    incomplete = "" if line.endswith(" ") else words.pop()
    return [c.value for c in ShellComplete(main, {}, "companion", "_COMPANION_COMPLETE").get_completions(
        words, incomplete)]


@pytest.fixture
def games(cli):
    assert cli("snits", "new", "--seed", "4", "--remove", "Grubnik,Zoomer").exit_code == 0
    assert cli("sssnake", "new", "--players", "Ann,Bob,Cid", "--seed", "3").exit_code == 0
    assert cli("sssnake", "new", "--players", "Dee,Eve", "--seed", "5").exit_code == 0


def test_commands_and_options():
    assert completions("sss") == ["sssnake"]
    assert sorted(completions("sssnake re")) == ["record", "redo", "rejoin", "report"]
    assert completions("games ") == ["archive", "delete", "rename", "unarchive"]
    assert {"--fresh", "--golden", "--eliminated", "--game"} <= set(completions("sssnake report Ann --"))
    assert completions("snits new --dice ") == ["auto", "manual"]


def test_player_names_come_from_the_latest_game_or_the_one_named(games):
    assert completions("sssnake report ") == ["Dee", "Eve"]
    assert completions("sssnake take e") == ["Eve"], "any case"
    assert completions("sssnake report --game sssnake-1 ") == ["Ann", "Bob", "Cid"]
    assert completions("sssnake rejoin --game snits-1 ") == [], "a game of the other kind has no players"


def test_snit_thingie_and_organ_names(games):
    snits = completions("snits move Z")
    assert "Zipwick" in snits and "Zoomer" not in snits, "only Snits in the game"
    assert completions("snits move Zipwick Gl") == ["Glut"]
    assert completions("snits move Zipwick o") == ["out"]
    assert completions("snits kick Wiggen ") == ["Snorg", "R1"]
    assert completions("snits pack Wiggen,Po") == ["Wiggen,Pokey"]
    assert completions("snits chomp R") == ["R1"]
    assert {"Glut", "Fleotis", "Lapotum"} <= set(completions("snits compose "))


def test_game_ids(games, cli):
    assert completions("games delete ") == ["sssnake-2", "sssnake-1", "snits-1"]
    assert completions("snits status --game ") == ["snits-1"]
    assert cli("games", "archive", "sssnake-2", "--yes").exit_code == 0
    assert completions("token --game s") == ["sssnake-1", "snits-1", "sssnake-2"], "archived ones last"


def test_completing_creates_no_store_and_never_fails(home, cli, games):
    """No saved games: nothing offered and no file made; a damaged file: nothing offered, no traceback."""
    (home / "games.sqlite").write_bytes(b"not a database")
    assert completions("sssnake report ") == [] and completions("games delete ") == []
    (home / "games.sqlite").unlink()
    assert completions("snits move ") == [] and not (home / "games.sqlite").exists()


def test_bash_zsh_and_fish(games, home):
    """The scripts the README's lines evaluate, and one completion the way bash asks for it."""
    env = dict(os.environ, COMPANION_HOME=str(home), PYTHONPATH=str(ROOT))
    run = [sys.executable, "-c", "from companion.cli.main import main; main(prog_name='companion')"]
    for shell in ("bash", "zsh", "fish"):
        source = subprocess.run(run, env=dict(env, _COMPANION_COMPLETE=f"{shell}_source"), capture_output=True,
                                text=True)
        assert source.returncode == 0 and "_COMPANION_COMPLETE" in source.stdout
    asked = subprocess.run(run, env=dict(env, _COMPANION_COMPLETE="bash_complete", COMP_WORDS="companion sssnake "
                                         "report ", COMP_CWORD="3"), capture_output=True, text=True)
    assert asked.returncode == 0 and asked.stdout.split() == ["plain,Dee", "plain,Eve"]
