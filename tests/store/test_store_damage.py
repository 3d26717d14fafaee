"""A damaged row spoils one saved game, never the others, and no error ever quotes what the store holds."""
import json
import random
import sqlite3

import pytest
from click.testing import CliRunner

from companion.cli.main import main
from companion.shared import session
from companion.snits.autoplay import choose
from companion.snits.game import ENGINE as SNITS
from companion.store.connection import explain

SALT, SPARK = "salt-SECRET-77", "Secret-Spleen-77"
SETUP = {"seed": 4, "players": 1, "spark": True, "splops": 3,
         "hidden": {"spark": "Splenox", "splops": ["Eye", "Glut", "Bilgeum"], "salt": SALT}}
DAMAGE = {  # what a damaged snits-1 row holds, and what `games` says of it
    "setup not JSON": ("UPDATE games SET setup = ? WHERE id = 'snits-1'",
                       json.dumps({**SETUP, "hidden": {"spark": SPARK, "salt": SALT}})[:-9],
                       "is damaged: its setup is not valid JSON"),
    "setup not UTF-8": ("UPDATE games SET setup = CAST(? AS TEXT) WHERE id = 'snits-1'",
                        json.dumps({**SETUP, "hidden": {"spark": SPARK, "salt": SALT}}).encode() + b"\xff",
                        "is damaged: its setup is not valid JSON"),
    "setup invalid": ("UPDATE games SET setup = ? WHERE id = 'snits-1'",
                      json.dumps({**SETUP, "hidden": {"spark": SPARK, "splops": ["Eye"], "salt": SALT}}),
                      "is damaged: its setup is not one these rules accept"),
    "kind unknown": ("UPDATE games SET kind = ? WHERE id = 'snits-1'", "chess",
                     "is damaged: its kind is not a game this companion knows"),
    "kind not UTF-8": ("UPDATE games SET kind = CAST(? AS TEXT) WHERE id = 'snits-1'", b"sn\xffits",
                       "is damaged: its row is not valid text"),
}
READS = [["snits", "status"], ["snits", "status", "--json"], ["snits", "map"], ["snits", "status", "--game", "snits-1"],
         ["snits", "map", "--game", "snits-1"], ["token", "--game", "snits-1"], ["token", "--game", "snits-1", "--json"],
         ["games"], ["games", "--json"], ["sssnake", "history"]]


@pytest.fixture
def store(cli, home):
    """snits-1 with the Spark hidden (three actions in, no snapshots: replay needs the setup) and sssnake-1."""
    game_id, state = session.create("snits", SETUP)
    rng = random.Random(1)
    for _ in range(3):
        state = session.act("snits", game_id, choose(rng, SNITS.legal_actions(state)))[1].state
    assert cli("sssnake", "new", "--players", "Ann,Bob", "--seed", "3").exit_code == 0
    assert cli("sssnake", "flip").exit_code == 0
    execute(home, "DELETE FROM snapshots WHERE game_id = 'snits-1'")
    return home / "games.sqlite"


def execute(home, sql, *args):
    with sqlite3.connect(home / "games.sqlite") as db:
        db.execute(sql, args)


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_game_is_named_in_one_line_and_the_others_play_on(cli, home, store, damage):
    sql, value, what = DAMAGE[damage]
    execute(home, sql, value)
    before = store.read_bytes()
    listing = cli("games")
    assert listing.exit_code == 0, listing.output
    lines = listing.stdout.splitlines()
    assert len(lines) == 2 and lines[0].startswith("sssnake-1 ") and lines[1].split() == ["snits-1", "?", *what.split()]
    status = cli("snits", "status", "--game", "snits-1")
    assert status.exit_code == 1 and status.output == f"error: saved game snits-1 {what}; other games are unaffected\n"
    for read in READS:
        result = cli(*read)
        assert "Traceback" not in result.output and result.exit_code in (0, 1), (read, result.output)
        assert SALT not in result.output and SPARK not in result.output, (read, result.output)
    assert store.read_bytes() == before, "a read or a refusal writes nothing"
    assert cli("sssnake", "status").exit_code == 0 and cli("sssnake", "flip").exit_code == 0


def test_an_action_that_no_longer_reads_stops_the_replay_there(cli, home, store):
    """A damaged action in the log: the game opens at the action before it, with a notice naming no content."""
    execute(home, "UPDATE actions SET action = '{\"type\": \"en' WHERE game_id = 'snits-1' AND seq = 2")
    status = cli("snits", "status", "--game", "snits-1")
    assert status.exit_code == 0
    assert status.stderr == ("notice: snits-1 opened at action 2; 1 later action cannot be replayed by this version "
                             "(the next change to the game sets them aside)\n")
    assert cli("snits", "undo", "--game", "snits-1").exit_code == 0
    assert cli("games").stderr == ""


def test_a_damaged_action_behind_a_snapshot_spoils_only_the_whole_log(cli, home):
    """Play reads from the snapshot; `log`, which shows every action, names the damaged one in one line."""
    assert cli("sssnake", "new", "--players", "Ann,Bob", "--seed", "3").exit_code == 0
    for _ in range(3):
        assert cli("sssnake", "flip").exit_code == 0
    execute(home, "UPDATE actions SET action = 'not json' WHERE seq = 0")
    assert cli("sssnake", "status").exit_code == 0
    log = cli("sssnake", "log")
    assert log.exit_code == 1 and log.output == ("error: saved game sssnake-1 is damaged: action 1 of its log is not "
                                                 "valid JSON; other games are unaffected\n")


def test_sqlite_errors_never_reach_the_player_with_their_text():
    """SQLite's message can quote a row (it did: the setup, with the salt, in `snits status`)."""
    leak = sqlite3.OperationalError(f"Could not decode to UTF-8 column 'setup' with text '{SALT}'")
    assert SALT not in explain(leak, "games.sqlite")
    assert explain(leak, "games.sqlite").startswith("games.sqlite is not a readable companion store")


def test_a_damaged_solo_score_is_one_line(cli, home):
    assert cli("sssnake", "record", "--landscape", "fjord", "--length", "20", "--golden", "0", "--rotten", "0"
               ).exit_code == 0
    execute(home, "UPDATE solo_scores SET rank = CAST(? AS TEXT)", b"\xffImpressive")
    for command in (["sssnake", "history"], ["sssnake", "stats"]):
        result = cli(*command)
        assert result.exit_code == 1 and result.output == (
            f"error: {home / 'games.sqlite'} is damaged: a solo score is not valid text; move it aside, or set "
            "COMPANION_HOME to another folder\n")


@pytest.mark.parametrize("seed", range(12))
def test_random_bytes_in_a_page_are_one_line_never_a_traceback(cli, home, seed):
    """A store whose pages hold random bytes (the schema page too, where SQLite's own message then holds bytes
    that are not text): every command answers or refuses in one line."""
    assert cli("sssnake", "record", "--landscape", "fjord", "--length", "20", "--golden", "0", "--rotten", "0"
               ).exit_code == 0
    assert cli("sssnake", "new", "--players", "Ann,Bob", "--seed", "3").exit_code == 0
    path = home / "games.sqlite"
    data = bytearray(path.read_bytes())
    rng = random.Random(100 * seed)
    page = seed % (len(data) // 4096)
    for _ in range(30):
        data[page * 4096 + rng.randrange(100 if page == 0 else 0, 4096)] = rng.randrange(256)
    path.write_bytes(bytes(data))
    for command in (["sssnake", "record", "--landscape", "fjord", "--length", "9", "--golden", "0", "--rotten", "0"],
                    ["games"], ["sssnake", "history"], ["sssnake", "status"]):
        result = CliRunner().invoke(main, command)
        assert result.exception is None or isinstance(result.exception, SystemExit), (command, result.exception)
        if result.exit_code:
            assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: ")
