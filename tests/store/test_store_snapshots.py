"""Snapshots beside the log: a command starts from the latest one, undo and redo keep them in step, and a game the
rules of this version can no longer fully replay still opens from its last good point."""
import json
import pathlib
import random
import sqlite3

import pytest

from companion.core.engine import IllegalAction
from companion.shared import session
from companion.snits.autoplay import choose
from companion.snits.game import ENGINE as SNITS
from companion.snits.game import SnitsEngine
from companion.sssnake.game import ENGINE as SSSNAKE
from companion.store.db import Store

SPARK = {"seed": 42, "players": 1, "spark": True, "splops": 3,
         "hidden": {"spark": "Splenox", "splops": ["Eye", "Glut", "Bilgeum"], "salt": "snapshot-salt-42"}}


def rows(home, sql, *args):
    db = sqlite3.connect(home / "games.sqlite")
    try:
        return db.execute(sql, args).fetchall()
    finally:
        db.close()


def snits_game(steps, setup=SPARK, seed=1):
    """A Snits game of `steps` random legal actions, each through session.act as a command plays it."""
    game_id, state = session.create("snits", setup)
    rng = random.Random(seed)
    for _ in range(steps):
        session.act("snits", game_id, choose(rng, SNITS.legal_actions(state)))
        _, state = session.current("snits", game_id)
    return game_id


def test_every_action_is_logged_with_the_state_after_it(home):
    """One snapshot per action, in the private form: the Spark placement and salt included."""
    game_id = snits_game(5)
    seqs = [seq for (seq,) in rows(home, "SELECT seq FROM snapshots WHERE game_id = ? ORDER BY seq", game_id)]
    assert seqs == [0, 1, 2, 3, 4, 5]  # 0: the state as created
    (state,) = rows(home, "SELECT state FROM snapshots WHERE game_id = ? AND seq = 5", game_id)[0]
    _, now = session.current("snits", game_id)
    assert json.loads(state) == SNITS.to_dict(now, private=True) and "snapshot-salt-42" in state


def test_an_action_and_its_snapshot_land_together_or_not_at_all(home, monkeypatch):
    """Both are written in the command's one transaction: a failure between them leaves the file as it was."""
    game_id = snits_game(2)
    before = (home / "games.sqlite").read_bytes()

    def crash(*args):
        raise RuntimeError("power cut while writing the snapshot")

    monkeypatch.setattr(Store, "keep_snapshot", crash)
    with pytest.raises(RuntimeError):
        session.act("snits", game_id, {"type": "done"})
    assert (home / "games.sqlite").read_bytes() == before


V0 = pathlib.Path(__file__).parents[1] / "data" / "store-v0.sqlite"
ENGINES = {"snits": SNITS, "sssnake": SSSNAKE}


def v0_games():
    """(kind, setup, log) of every game in the schema-0 store: real play of both games, the Spark hidden in one."""
    db = sqlite3.connect(V0)
    try:
        games = db.execute("SELECT id, kind, setup FROM games ORDER BY id").fetchall()
        return [pytest.param(kind, json.loads(setup), [json.loads(a) for (a,) in db.execute(
            "SELECT action FROM actions WHERE game_id = ? ORDER BY seq", (game_id,))], id=game_id)
                for game_id, kind, setup in games]
    finally:
        db.close()


@pytest.mark.parametrize("kind, setup, log", v0_games())
def test_a_state_from_its_snapshot_plays_on_exactly_as_the_replayed_one(home, kind, setup, log):
    """from_dict(to_dict(s)) through the store: each next action gives the same state, messages and logged form."""
    eng = ENGINES[kind]
    game_id, replayed = session.create(kind, setup)
    for action in (step for logged in log for step in eng.migrate(logged, 1)):  # the v0 store's rules were v1
        _, loaded = session.current(kind, game_id)
        assert eng.to_dict(loaded, private=True) == eng.to_dict(replayed, private=True)
        expected = eng.apply(replayed, action)
        assert eng.apply(loaded, action)[1:] == expected[1:]
        assert session.act(kind, game_id, action)[1][1:] == expected[1:]
        replayed = expected.state


def test_a_command_replays_nothing_before_the_latest_snapshot(home, monkeypatch):
    """Loading costs the same on action 3 and action 60: status applies no action at all."""
    game_id = snits_game(60)
    applied = []
    real = SnitsEngine.apply
    monkeypatch.setattr(SnitsEngine, "apply", lambda self, s, a: applied.append(a) or real(self, s, a))
    session.current("snits", game_id)
    assert applied == []


def test_undo_drops_the_snapshot_past_the_log_and_redo_writes_it_again(home):
    game_id = snits_game(4)
    before = rows(home, "SELECT seq, state FROM snapshots ORDER BY seq")
    _, _, state = session.step_back("snits", game_id, False)
    _, _, state = session.step_back("snits", game_id, False)
    assert [seq for seq, _ in rows(home, "SELECT seq, state FROM snapshots ORDER BY seq")] == [0, 1, 2]
    assert SNITS.to_dict(state, private=True) == json.loads(before[2][1])
    session.step_back("snits", game_id, True)
    session.step_back("snits", game_id, True)
    assert rows(home, "SELECT seq, state FROM snapshots ORDER BY seq") == before


def refusing(monkeypatch, action):
    """Today's rules refuse this logged action, as a rules fix might."""
    real = SnitsEngine.apply

    def apply(self, state, act):
        if act == action:
            raise IllegalAction("a rule changed")
        return real(self, state, act)

    monkeypatch.setattr(SnitsEngine, "apply", apply)


def test_a_game_whose_old_action_no_longer_replays_opens_where_it_stops(cli, home, monkeypatch):
    """Snapshots up to action 3 (as in a store from before snapshots), action 5 refused by today's rules: the game
    opens at action 4 with one notice, undo sets actions 5-6 and the redo stack aside, and play goes on."""
    game_id = snits_game(7)
    session.step_back("snits", game_id, False)  # the 7th action waits on the redo stack
    record, _ = session.current("snits", game_id)
    log, undone = record.actions, record.redo
    with sqlite3.connect(home / "games.sqlite") as db:
        db.execute("DELETE FROM snapshots WHERE seq > 3")
    refusing(monkeypatch, log[4])
    expected = SNITS.replay(record.setup, log[:4])
    before = (home / "games.sqlite").read_bytes()

    status = cli("snits", "status", "--json")
    assert status.exit_code == 0
    assert status.stderr == (f"notice: {game_id} opened at action 4; 2 later actions cannot be replayed by this "
                             "version (the next change to the game sets them aside)\n")
    assert json.loads(status.stdout)["state"] == SNITS.view(expected)
    assert (home / "games.sqlite").read_bytes() == before, "reading changes nothing"

    undo = cli("snits", "undo")
    assert undo.exit_code == 0 and "they are set aside" in undo.stderr
    assert rows(home, "SELECT seq, action FROM set_aside ORDER BY seq") == [
        (4, json.dumps(log[4], sort_keys=True)), (5, json.dumps(log[5], sort_keys=True)),
        (6, json.dumps(undone[0], sort_keys=True))]
    record, state = session.current("snits", game_id)
    assert record.actions == log[:3] and record.redo == [log[3]]
    assert SNITS.to_dict(state) == SNITS.to_dict(SNITS.replay(record.setup, log[:3]))
    assert [s for (s,) in rows(home, "SELECT seq FROM snapshots ORDER BY seq")] == [0, 1, 2, 3]

    redo = cli("snits", "redo")
    assert redo.exit_code == 0 and redo.stderr == ""
    assert [s for (s,) in rows(home, "SELECT seq FROM snapshots ORDER BY seq")] == [0, 1, 2, 3, 4]
    assert cli("snits", "done").exit_code == 0
    assert len(session.current("snits", game_id)[0].actions) == 5


def test_a_damaged_snapshot_is_passed_over_and_rewritten_by_the_next_change(home):
    """The latest snapshot no longer reads: the one before it and the log give the same state; a change heals it."""
    game_id = snits_game(5)
    _, state = session.current("snits", game_id)
    with sqlite3.connect(home / "games.sqlite") as db:
        db.execute("UPDATE snapshots SET state = '{\"broken' WHERE seq = 5")
    _, again = session.current("snits", game_id)
    assert SNITS.to_dict(again, private=True) == SNITS.to_dict(state, private=True)
    session.step_back("snits", game_id, False)
    session.step_back("snits", game_id, True)
    (text,) = rows(home, "SELECT state FROM snapshots WHERE seq = 5")[0]
    assert json.loads(text) == SNITS.to_dict(state, private=True)


def test_a_game_from_a_newer_companion_is_refused_and_left_alone(cli, home):
    """A rules version above this companion's: one line, the game untouched, the other games usable."""
    snits_game(2)
    cli("sssnake", "new", "--players", "Ann,Bob", "--seed", "1")
    with sqlite3.connect(home / "games.sqlite") as db:
        db.execute("UPDATE games SET rules_version = ? WHERE id = 'snits-1'", (SNITS.version + 1,))
    before = (home / "games.sqlite").read_bytes()
    for args in (["snits", "status"], ["snits", "done"], ["snits", "undo"], ["token", "--game", "snits-1"]):
        result = cli(*args)
        assert result.exit_code == 1 and result.output == (
            f"error: saved game snits-1 was played under snits rules version {SNITS.version + 1} (this companion "
            f"knows version {SNITS.version}); "
            "upgrade companion to open it; other games are unaffected\n")
    assert (home / "games.sqlite").read_bytes() == before
    listing = cli("games").stdout
    assert "snits-1" in listing and "upgrade companion to open it" in listing and "sssnake-1" in listing
    assert cli("sssnake", "flip").exit_code == 0
