"""A play keeps one identity (issue 35): a permanent play id per game, given to every game of an older store at its
migration, kept through a rename, and carried by the token so a game resumed elsewhere is the same play."""
import json
import pathlib
import re
import shutil
import sqlite3

from companion.store.db import Store

DATA = pathlib.Path(__file__).parents[1] / "data"
PLAY_ID = re.compile(r"[0-9a-f]{12}")  # 6 random bytes in hex


def copied(home, name: str) -> pathlib.Path:
    home.mkdir()
    shutil.copyfile(DATA / name, home / "games.sqlite")
    return home / "games.sqlite"


def play_ids(path) -> dict:
    db = sqlite3.connect(path)
    try:
        return dict(db.execute("SELECT id, play_id FROM games").fetchall()) | {
            f"record-{n}": p for n, p in db.execute("SELECT id, play_id FROM solo_scores")}
    finally:
        db.close()


def test_an_old_store_s_games_get_play_ids_that_stay(home, cli):
    """store-v3 (schema 3) migrates: every game and paper score gets its own id; opening again, a rename and an
    archive keep it."""
    path = copied(home, "store-v3.sqlite")
    Store().close()
    ids = play_ids(path)
    assert set(ids) == {"sssnake-1", "sssnake-2", "snits-1", "snits-2", "record-1"}
    assert all(PLAY_ID.fullmatch(p) for p in ids.values()) and len(set(ids.values())) == len(ids)
    Store().close()
    assert play_ids(path) == ids
    assert cli("games", "rename", "sssnake-2", "sahara-evening", "--yes").exit_code == 0
    assert cli("games", "archive", "snits-2", "--yes").exit_code == 0
    assert play_ids(path) == {("sahara-evening" if k == "sssnake-2" else k): v for k, v in ids.items()}


def test_the_v4_store_opens_with_its_play_ids_untouched(home):
    """store-v4 (schema 4, made by tests/data/make_store.py): its ids read as written, migrated or not."""
    path = copied(home, "store-v4.sqlite")
    before = play_ids(path)
    store = Store()
    try:
        assert {g.id: g.play_id for g in store.games()} == {k: v for k, v in before.items() if k[0] == "s"}
        assert [r["play_id"] for r in store.solo_scores()] == [before["record-1"]]
    finally:
        store.close()


def test_a_resumed_game_is_the_same_play_and_an_old_token_a_new_one(home, cli):
    assert cli("sssnake", "new", "--players", "Ann,Bob", "--seed", "3").exit_code == 0
    text = json.loads(cli("token", "--json").stdout)["token"]
    assert text.startswith("CT2S:")
    resumed = json.loads(cli("resume", text, "--json").stdout)["game"]
    store = Store()
    try:
        first, again = store.load("sssnake-1"), store.load(resumed)
        assert resumed != "sssnake-1" and again.play_id == first.play_id
        from companion.tokens import game_token

        old = game_token.pack("sssnake", "sssnake-1", game_token.unpack(text).data)  # format 1: no play id
        other = json.loads(cli("resume", old, "--json").stdout)["game"]
        assert PLAY_ID.fullmatch(store.load(other).play_id) and store.load(other).play_id != first.play_id
    finally:
        store.close()
