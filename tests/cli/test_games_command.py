"""`companion games`: the list, and delete, rename, archive and unarchive, each asked first (--yes skips it)."""
import json
import sqlite3

import pytest

TABLES = ("actions", "redo", "snapshots", "set_aside")


@pytest.fixture
def two_games(cli, home):
    """sssnake-1 (two flips, one undone: a log, a redo stack, snapshots, one set-aside action) and snits-1."""
    cli("sssnake", "new", "--players", "Ann,Bob", "--seed", "3")
    cli("sssnake", "flip")
    cli("sssnake", "flip")
    cli("sssnake", "undo")
    db = sqlite3.connect(home / "games.sqlite")
    db.execute("INSERT INTO set_aside (game_id, seq, action, rules_version, moved) VALUES "
               "('sssnake-1', 5, '{\"type\": \"flip\"}', 1, 'then')")
    db.commit()
    db.close()
    cli("snits", "new", "--seed", "4")
    return home / "games.sqlite"


def rows(store, game_id: str) -> dict:
    db = sqlite3.connect(store)
    try:
        return {t: db.execute(f"SELECT COUNT(*) FROM {t} WHERE game_id = ?", (game_id,)).fetchone()[0]
                for t in TABLES}
    finally:
        db.close()


def ids(cli, *options):
    return [line.split()[0] for line in cli("games", *options).output.splitlines()]


def test_the_list_is_as_before(cli, two_games):
    """`companion games` and `--json` still list every game, most recent first."""
    assert ids(cli) == ["snits-1", "sssnake-1"]
    listed = json.loads(cli("games", "--json").output)
    assert [r["id"] for r in listed] == ["snits-1", "sssnake-1"] and not any(r["archived"] for r in listed)


def test_delete_removes_the_game_and_all_it_owns(cli, two_games):
    assert all(rows(two_games, "sssnake-1").values()), "a log, a redo stack, snapshots and a set-aside action"
    result = cli("games", "delete", "sssnake-1", "--yes")
    assert result.exit_code == 0 and result.output == "deleted sssnake-1\n"
    assert rows(two_games, "sssnake-1") == dict.fromkeys(TABLES, 0)
    assert ids(cli) == ["snits-1"] and cli("snits", "status").exit_code == 0
    assert cli("sssnake", "status").output.startswith("error: no saved sssnake game yet")


def test_rename_moves_everything_and_keeps_the_place(cli, two_games):
    before = rows(two_games, "sssnake-1")
    assert cli("games", "rename", "sssnake-1", "fjord-night", "--yes").output == "renamed sssnake-1 to fjord-night\n"
    assert rows(two_games, "fjord-night") == before and rows(two_games, "sssnake-1") == dict.fromkeys(TABLES, 0)
    assert ids(cli) == ["snits-1", "fjord-night"], "renaming is no change of the game: it does not become the latest"
    assert cli("sssnake", "redo").exit_code == 0 and cli("sssnake", "undo", "--game", "fjord-night").exit_code == 0
    assert "fjord-night" in cli("token", "--json", "--game", "fjord-night").output
    assert cli("sssnake", "new", "--players", "Cid", "--seed", "1").output.startswith("New game sssnake-1 ")


@pytest.mark.parametrize("args, message", [
    (("rename", "sssnake-1", "Fjord"), "'Fjord' is not a game id: lower-case letters, digits and '-'"),
    (("rename", "--", "sssnake-1", "-x"), "'-x' is not a game id"),
    (("rename", "sssnake-1", "a" * 41), f"{'a' * 41!r} is not a game id"),
    (("rename", "sssnake-1", "snits-1"), "snits-1 is taken; choose an id `companion games --all` does not list"),
    (("rename", "sssnake-1", "sssnake-1"), "sssnake-1 is taken already by this game"),
    (("rename", "nope", "fine"), "no saved game 'nope'; `companion games --all` lists every id"),
    (("delete", "nope"), "no saved game 'nope'"),
    (("archive", "nope"), "no saved game 'nope'"),
    (("unarchive", "sssnake-1"), "sssnake-1 is not archived; nothing to bring back"),
])
def test_a_refusal_is_one_line_and_changes_nothing(cli, two_games, args, message):
    before = two_games.read_bytes()
    result = cli("games", args[0], "--yes", *args[1:])
    assert result.exit_code == 1 and result.output.startswith(f"error: {message}") and result.output.count("\n") == 1
    assert two_games.read_bytes() == before


def test_archived_games_leave_the_list_and_the_defaults(cli, two_games):
    assert cli("games", "archive", "snits-1", "--yes").exit_code == 0
    assert ids(cli) == ["sssnake-1"]
    assert cli("games", "--all").output.splitlines()[0].endswith("(archived)")
    assert [r["archived"] for r in json.loads(cli("games", "--all", "--json").output)] == [True, False]
    assert json.loads(cli("token", "--json").output)["game"] == "sssnake-1", "the latest game is never archived"
    refused = cli("snits", "status")
    assert refused.exit_code == 1 and refused.output.startswith("error: every saved snits game is archived; "
                                                                "`companion games unarchive ID` brings one back")
    assert cli("snits", "status", "--game", "snits-1").exit_code == 0, "an archived game named by id still opens"
    again = cli("games", "archive", "snits-1", "--yes")
    assert again.output == ("error: snits-1 is already archived; `companion games unarchive snits-1` brings it "
                            "back\n")
    assert cli("snits", "new", "--seed", "5").output.startswith("snits-2: "), "an archived id stays taken"
    assert cli("games", "unarchive", "snits-1", "--yes").output == "unarchived snits-1\n"
    assert ids(cli) == ["snits-2", "snits-1", "sssnake-1"]


@pytest.mark.parametrize("command", [("delete", "sssnake-1"), ("rename", "sssnake-1", "other"),
                                     ("archive", "sssnake-1")])
def test_each_change_is_asked_first(cli, two_games, command):
    """The game is shown and a no, or no answer at all (a script without --yes), changes nothing."""
    before = two_games.read_bytes()
    no = cli("games", *command, input="n\n")
    assert no.exit_code == 1 and no.stdout.startswith("sssnake-1: sssnake am-fluss: Ann, Bob; flip 1")
    assert no.stderr == ("error: sssnake-1 not " + {"delete": "deleted", "rename": "renamed",
                                                     "archive": "archived"}[command[0]]
                         + ": the answer was no (it stays as it was)\n")
    silent = cli("games", *command, input="")
    assert silent.exit_code == 1 and silent.stderr.endswith("nobody answered the question; add --yes in a script\n")
    assert two_games.read_bytes() == before
    assert cli("games", *command, input="y\n").exit_code == 0 and ids(cli)[-1] != "sssnake-1"


def test_a_damaged_game_can_be_deleted(cli, two_games):
    """One damaged game spoils nothing else, and goes with `delete` like any other."""
    db = sqlite3.connect(two_games)
    db.execute("UPDATE games SET setup = 'not json' WHERE id = 'snits-1'")
    db.commit()
    db.close()
    asked = cli("games", "delete", "snits-1", input="y\n")
    assert asked.output.startswith("snits-1: is damaged: its setup is not valid JSON\n") and asked.exit_code == 0
    assert ids(cli) == ["sssnake-1"]


def test_listing_races_no_rename_or_delete(cli, home, monkeypatch):
    """`games` reads the list and every game in it at one moment: another command's delete waits (here: gives up)
    instead of pulling a listed game away mid-listing."""
    import sqlite3

    from companion.cli import games as games_cli

    for seed in ("1", "2"):
        assert cli("snits", "new", "--seed", seed).exit_code == 0
    real = games_cli.listed
    raced = []

    def listed_then_race(store, game_id):
        if not raced:
            other = sqlite3.connect(str(home / "games.sqlite"), timeout=0.2)
            try:
                other.execute("DELETE FROM games WHERE id = 'snits-1'")
                other.commit()
                raced.append("deleted")
            except sqlite3.OperationalError:
                raced.append("waited")
            finally:
                other.close()
        return real(store, game_id)

    monkeypatch.setattr(games_cli, "listed", listed_then_race)
    result = cli("games")
    assert raced == ["waited"] and result.exit_code == 0
    assert "snits-1" in result.output and "snits-2" in result.output
