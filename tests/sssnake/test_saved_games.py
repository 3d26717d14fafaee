"""Saved games outlive rules version 2 (round and fix actions, boxed sheets, teaching): a version-1 log means what
it meant, so it replays unchanged (no migration), and a version-1 state dict reads as this edition's sheets."""
import json
import pathlib
import shutil
import sqlite3

import pytest

from companion.sssnake.game import ENGINE
from companion.store.db import Store
from companion.store.saved import opened

DATA = pathlib.Path(__file__).parent.parent / "data"


def v1_snapshot(game_id):
    """The state the version-1 companion saved after the game's last action (store-v1 holds the same games)."""
    db = sqlite3.connect(DATA / "store-v1.sqlite")
    try:
        (state,) = db.execute("SELECT state FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
                              (game_id,)).fetchone()
        return json.loads(state)
    finally:
        db.close()


@pytest.mark.parametrize("game_id", ["sssnake-1", "sssnake-2"])
def test_a_version_1_log_replays_whole_to_the_state_version_1_saved(cli, home, game_id):
    """The schema-0 store has no snapshots: every action replays from the setup under today's rules, to the very
    state the version-1 companion saved (only the dict's format number moved on)."""
    home.mkdir()
    shutil.copyfile(DATA / "store-v0.sqlite", home / "games.sqlite")
    store = Store()
    try:
        record = store.load(game_id)
        assert record.rules_version == 1 and ENGINE.version == 8
        assert all(ENGINE.migrate(a, 1) == [a] for a in record.actions)
        found = opened(record)
        assert found.at == found.length == len(record.actions)
        now = ENGINE.to_dict(found.state)  # with, after a closing report, what a fix of that round needs (R)
        assert {k: v for k, v in now.items() if k != "R"} == v1_snapshot(game_id) | {"v": 3}
        assert ENGINE.from_dict(v1_snapshot(game_id)).boxed is False
    finally:
        store.close()
    assert cli("sssnake", "status", "--game", game_id).exit_code == 0
    assert cli("sssnake", "log", "--game", game_id).output.startswith("  1. flip ")


def test_the_set_aside_notice_comes_only_with_a_change_that_is_kept(cli, home, monkeypatch):
    """A logged action today's rules refuse: a refused command sets nothing aside and says nothing of it; the next
    command that is kept sets the actions aside and says so."""
    from companion.core.engine import IllegalAction
    from companion.sssnake.game import SssnakeEngine

    assert cli("sssnake", "new", "--players", "Ann,Bob", "--seed", "7").exit_code == 0
    for args in (["flip"], ["flip"], ["flip"], ["round", "Ann 0 Bob 0"], ["flip"]):
        assert cli("sssnake", *args).exit_code == 0
    with sqlite3.connect(home / "games.sqlite") as db:
        db.execute("DELETE FROM snapshots WHERE seq > 3")
    real = SssnakeEngine.apply
    changed = Store().load("sssnake-1").actions[3]

    def apply(self, state, act):
        if act == changed:
            raise IllegalAction("a rule changed")
        return real(self, state, act)

    monkeypatch.setattr(SssnakeEngine, "apply", apply)

    def aside():
        with sqlite3.connect(home / "games.sqlite") as db:
            return db.execute("SELECT COUNT(*) FROM set_aside").fetchone()[0]

    refused = cli("sssnake", "report", "Zed")
    assert refused.exit_code == 1 and "set aside" not in refused.stderr and aside() == 0
    kept = cli("sssnake", "round", "Ann 1")
    assert kept.exit_code == 0 and "they are set aside" in kept.stderr and aside() == 2


@pytest.mark.parametrize("game_id", ["sssnake-1", "sssnake-2"])
def test_a_rules_version_3_store_still_opens_and_plays(cli, home, game_id):
    """store-v3 (rules version 3) under today's rules: every logged action replays (none set aside, no cave way or
    apple edge in them: the nearest way and the first edge), and the open game takes its next action."""
    home.mkdir()
    shutil.copyfile(DATA / "store-v3.sqlite", home / "games.sqlite")
    store = Store()
    try:
        record = store.load(game_id)
        assert record.rules_version == 3 and ENGINE.version > record.rules_version
        found = opened(record)
        assert found.at == found.length == len(record.actions)
        nxt = ENGINE.next_step(found.state)
    finally:
        store.close()
    status = cli("sssnake", "status", "--game", game_id)
    assert status.exit_code == 0 and "set aside" not in status.stderr
    if nxt["step"] == "over":
        return
    step = {"flip": ["flip"], "report": ["report", (nxt.get("players") or [""])[0]]}[nxt["step"]]
    played = cli("sssnake", *step, "--game", game_id)
    assert played.exit_code == 0 and "set aside" not in played.stderr
