"""A store written by an older companion opens, migrates once through PRAGMA user_version, and plays on."""
import json
import pathlib
import shutil
import sqlite3

import pytest

from companion.store.db import Store
from companion.store.schema import VERSION

V0 = pathlib.Path(__file__).parents[1] / "data" / "store-v0.sqlite"  # written by tests/data/make_store.py
V1 = V0.with_name("store-v1.sqlite")  # the same games, written by the schema-1 companion
V2 = V0.with_name("store-v2.sqlite")  # the same games by the schema-2 companion (66e9c29: Sssnake rules 2, state 2)


@pytest.fixture
def v0(home):
    """A copy of the schema-0 store as this user's saved games."""
    home.mkdir()
    shutil.copyfile(V0, home / "games.sqlite")
    return home / "games.sqlite"


@pytest.fixture
def v1(home):
    """A copy of the schema-1 store (snapshots, rules versions) as this user's saved games."""
    home.mkdir()
    shutil.copyfile(V1, home / "games.sqlite")
    return home / "games.sqlite"


@pytest.fixture
def v2(home):
    """A copy of the schema-2 store (archive flags; Sssnake states of format 2, before digital sheets)."""
    home.mkdir()
    shutil.copyfile(V2, home / "games.sqlite")
    return home / "games.sqlite"


def user_version(path):
    db = sqlite3.connect(path)
    try:
        return db.execute("PRAGMA user_version").fetchone()[0]
    finally:
        db.close()


def test_the_v0_store_lists_loads_plays_on_and_undoes(cli, v0):
    listing = cli("games")
    assert listing.exit_code == 0 and listing.stderr == ""
    assert [line.split()[0] for line in listing.stdout.splitlines()] == ["snits-2", "snits-1", "sssnake-2", "sssnake-1"]
    assert user_version(v0) == VERSION
    for game in ("sssnake-1", "sssnake-2"):
        assert cli("sssnake", "status", "--game", game).exit_code == 0
    for game in ("snits-1", "snits-2"):
        assert cli("snits", "status", "--game", game).exit_code == 0
    assert cli("token", "--game", "snits-1").exit_code == 0

    assert cli("sssnake", "redo", "--game", "sssnake-1").exit_code == 0  # the v0 redo stack still works
    assert cli("snits", "done", "--game", "snits-1").exit_code == 0      # a new action, after a backfill
    assert cli("snits", "undo", "--game", "snits-1").exit_code == 0
    assert cli("snits", "undo", "--game", "snits-1").exit_code == 0
    assert cli("snits", "done", "--game", "snits-2").exit_code == 1      # over: refused, not damaged
    assert cli("sssnake", "undo", "--game", "sssnake-2").exit_code == 0

    store = Store()
    try:
        assert len(store.load("snits-1").actions) == 58 and len(store.load("sssnake-1").actions) == 23
        (snapshots,) = store.db.execute("SELECT COUNT(*) FROM snapshots WHERE game_id = 'snits-1'").fetchone()
        assert snapshots == 58, "the first change wrote a snapshot for every action it replayed"
    finally:
        store.close()
    history = cli("sssnake", "history").stdout
    assert "fjord      30  Impressive" in history and "(sssnake-2)" not in history  # undone: no longer finished


def test_migrating_changes_no_game(v0):
    """The log, the redo stack and the solo scores read the same before and after the migration (beside the play
    ids it adds)."""
    def dump(path):
        db = sqlite3.connect(path)
        try:
            return [db.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in ("actions", "redo")] + [
                db.execute("SELECT id, landscape, length, golden, rotten, score, rank, played FROM solo_scores "
                           "ORDER BY id").fetchall()] + [
                db.execute("SELECT id, kind, setup, created, updated FROM games ORDER BY id").fetchall()]
        finally:
            db.close()

    before = dump(v0)
    Store().close()
    assert dump(v0) == before and user_version(v0) == VERSION
    again = v0.read_bytes()
    Store().close()
    assert v0.read_bytes() == again, "a store of this version is opened without a write"


def test_a_store_from_a_newer_companion_is_refused_untouched(cli, v0):
    db = sqlite3.connect(v0)
    db.execute(f"PRAGMA user_version = {VERSION + 1}")
    db.close()
    before = v0.read_bytes()
    result = cli("games")
    assert result.exit_code == 1 and result.output == (
        f"error: the saved games in {v0} were written by a newer companion (store version {VERSION + 1}; this one "
        f"reads up to {VERSION}); upgrade companion to use them\n")
    assert v0.read_bytes() == before


def test_the_v1_store_upgrades_to_archivable_games(cli, v1):
    """Schema 2 adds the archive flag: every game of a schema-1 file opens unarchived, and can be archived."""
    assert user_version(v1) == 1
    listing = cli("games", "--json")
    assert listing.exit_code == 0 and user_version(v1) == VERSION
    assert [(r["id"], r["archived"], r["problem"]) for r in json.loads(listing.stdout)] == [
        ("snits-2", False, None), ("snits-1", False, None), ("sssnake-2", False, None), ("sssnake-1", False, None)]
    assert cli("sssnake", "redo", "--game", "sssnake-1").exit_code == 0
    assert cli("games", "archive", "sssnake-1", "--yes").exit_code == 0
    assert cli("sssnake", "status").output.startswith("sssnake-2: sahara"), "the archived game is no default"


def test_the_v2_store_keeps_its_games_and_solo_record_after_the_daily_and_digital_changes(cli, v2):
    """Schema 3 adds the days of daily solo records, Sssnake rules 3 the digital sheet: every game of a schema-2
    file opens, plays on under today's rules (its format-2 states read as games with no digital sheet), and its
    paper solo record stays, with no day."""
    assert user_version(v2) == 2
    listing = cli("games", "--json")
    assert listing.exit_code == 0 and user_version(v2) == VERSION
    assert all(r["problem"] is None for r in json.loads(listing.stdout))
    assert cli("sssnake", "redo", "--game", "sssnake-1").exit_code == 0
    status = json.loads(cli("sssnake", "status", "--game", "sssnake-1", "--json").stdout)["state"]
    assert [p["name"] for p in status["players"]] == ["Ann", "Bob", "Cid"]
    assert json.loads(cli("sssnake", "score", "--game", "sssnake-2", "--json").stdout)["over"] is True
    assert cli("snits", "status", "--game", "snits-1").exit_code == 0
    history = json.loads(cli("sssnake", "history", "--json").stdout)
    assert any(r.get("score") == 30 and not r.get("day") for r in history)
