"""Saved games outlive the compose fix (rules version 2): a version-1 log replays with a `done` after each compose."""
import json
import pathlib
import shutil
import sqlite3
from itertools import pairwise

import pytest

from companion.core.engine import IllegalAction
from companion.shared import session
from companion.snits.game import ENGINE
from companion.store.db import Store
from companion.store.saved import opened

DATA = pathlib.Path(__file__).parent.parent / "data"


def v1_snapshot(game_id):
    """The state the version-1 companion saved after the game's last action (store-v1 holds the same games), but for
    the moved marks: version 2 keeps the Snits' through the Bolotomus turn."""
    db = sqlite3.connect(DATA / "store-v1.sqlite")
    try:
        (state,) = db.execute("SELECT state FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
                              (game_id,)).fetchone()
        return {k: v for k, v in json.loads(state).items() if k != "mv"}
    finally:
        db.close()


def unmarked(data):
    return {k: v for k, v in data.items() if k != "mv"}


def test_version_1_composed_and_ended_the_phase_version_2_adds_the_done():
    assert ENGINE.version >= 2
    compose = {"type": "compose", "at": ["Left Compositor"]}
    assert ENGINE.migrate(compose, 1) == [compose, {"type": "done"}]
    assert ENGINE.migrate({"type": "compose", "at": []}, 1) == [{"type": "done"}]
    assert ENGINE.migrate({"type": "move", "who": "R1", "to": "Glut"}, 1) == [{"type": "move", "who": "R1",
                                                                              "to": "Glut"}]


@pytest.mark.parametrize("game_id", ["snits-1", "snits-2"])
def test_a_version_1_game_with_compose_then_thingy_moves_opens_and_plays_on(cli, home, game_id):
    """The schema-0 store has no snapshots: its games replay from the setup, each compose followed by thingy
    moves, every action replayed, to the very state the version-1 companion saved."""
    home.mkdir()
    shutil.copyfile(DATA / "store-v0.sqlite", home / "games.sqlite")
    store = Store()
    try:
        record = store.load(game_id)
        log = record.actions
        assert record.rules_version == 1
        assert any(a["type"] == "compose" and b["type"] == "move" and b["who"][0] in "RM"
                   for a, b in pairwise(log))
        with pytest.raises(IllegalAction):  # read by today's rules as it stands, the log breaks
            ENGINE.replay(record.setup, log)
        found = opened(record)
        assert found.at == found.length == len(log)
        assert unmarked(ENGINE.to_dict(found.state, private=True)) == v1_snapshot(game_id)
    finally:
        store.close()
    status = cli("snits", "status", "--game", game_id)
    assert status.exit_code == 0 and status.stderr == ""
    if found.state.phase != "over":
        assert cli("snits", "done", "--game", game_id).exit_code == 0
        assert cli("snits", "undo", "--game", game_id).exit_code == 0
        _, state = session.current("snits", game_id)
        assert unmarked(ENGINE.to_dict(state, private=True)) == v1_snapshot(game_id)


def test_a_version_1_game_with_snapshots_replays_its_tail_from_a_snapshot_before_a_compose(home):
    """The schema-1 store keeps a snapshot after every action, under rules version 1: with the later ones gone, the
    game replays from a snapshot taken before a compose, the compose read as compose and done."""
    home.mkdir()
    shutil.copyfile(DATA / "store-v1.sqlite", home / "games.sqlite")
    store = Store()
    try:
        record = store.load("snits-1")
        log = record.actions
        first = next(i for i, a in enumerate(log) if a["type"] == "compose" and log[i + 1]["type"] == "move")
        store.db.execute("DELETE FROM snapshots WHERE game_id = 'snits-1' AND seq > ?", (first,))
        found = opened(record)
        assert record.rules_version == 1 and found.at == found.length == len(log)
        assert unmarked(ENGINE.to_dict(found.state, private=True)) == v1_snapshot("snits-1")
    finally:
        store.close()


def test_a_version_3_chomp_that_left_runnungitms_out_replays_with_them_declared_not_chomping(t):
    """Rules version 4 refuses a crowded organ's declaration that leaves a Runnungitm out (it forfeited that chomp
    by accident); a game logged before replays such a chomp as played, the others declared not chomping."""
    from companion.store.saved import migrated

    s = t.phase(t.new(), "chomp")
    for name in ("Wiggen", "Pokey", "R2", "R3", "R4"):
        t.put(s, name, "Glut")
    single = {"type": "chomp", "runnungitm": "R2", "snit": "Pokey", "dice": [1, 1]}
    with pytest.raises(IllegalAction, match="also meet several Snits"):
        ENGINE.apply(s, single)
    assert ENGINE.migrate(single, 3, s) == [{**single, "runnungitm": "R2,R3,R4", "snit": "Pokey,-,-"}]
    after = migrated(ENGINE, s, single, 3)
    assert after.chomped >= {t.cid("R2"), t.cid("R3"), t.cid("R4")} and t.organ("Glut") in after.declared
    whole = {"type": "chomp", "runnungitm": "R2,R3", "snit": "Pokey,Wiggen"}
    assert ENGINE.migrate({**whole, "runnungitm": "R2,R3,R4", "snit": "Pokey,Wiggen,-"}, 3, s)[0]["snit"] == \
        "Pokey,Wiggen,-"
    assert ENGINE.migrate(whole, 3, s)[0]["snit"] == "Pokey,Wiggen,-"
