"""The store: a game is setup plus an action log; undo/redo and transactions work across restarts."""
import pytest

from companion.store.db import Store, UnknownGame


def test_actions_survive_reopening(home):
    store = Store()
    with store.transaction():
        gid = store.create_game("sssnake", {"seed": 1}, 1)
        store.append(gid, {"type": "flip"})
    store.close()
    again = Store().load(gid)
    assert again.setup == {"seed": 1} and again.actions == [{"type": "flip"}]


def test_undo_then_redo_restores_the_log(home):
    store = Store()
    gid = store.create_game("sssnake", {}, 1)
    store.append(gid, {"n": 1})
    store.append(gid, {"n": 2})
    assert store.undo(gid) == {"n": 2}
    assert store.load(gid).actions == [{"n": 1}]
    assert store.redo(gid) == {"n": 2}
    assert store.load(gid).actions == [{"n": 1}, {"n": 2}]


def test_a_new_action_discards_the_redo_stack(home):
    store = Store()
    gid = store.create_game("sssnake", {}, 1)
    store.append(gid, {"n": 1})
    store.undo(gid)
    store.append(gid, {"n": 3})
    assert store.redo(gid) is None


def test_undo_at_the_start_says_so(home):
    store = Store()
    gid = store.create_game("sssnake", {}, 1)
    assert store.undo(gid) is None


def test_a_failing_command_leaves_the_game_as_it_was(home):
    store = Store()
    gid = store.create_game("sssnake", {}, 1)
    with pytest.raises(RuntimeError):
        with store.transaction():
            store.append(gid, {"n": 1})
            raise RuntimeError("crash half-way")
    assert store.load(gid).actions == []


def test_games_side_by_side_and_latest_is_default(home):
    store = Store()
    a = store.create_game("sssnake", {}, 1)
    b = store.create_game("snits", {}, 1)
    store.append(a, {"n": 1})
    store.played(a, 1)
    assert store.latest() == a
    assert store.latest("snits") == b
    assert {a, b} == {"sssnake-1", "snits-1"}


def test_unknown_game_names_the_saved_ones(home):
    store = Store()
    store.create_game("sssnake", {}, 1)
    with pytest.raises(UnknownGame, match="sssnake-1"):
        store.load("nope")


def test_a_resumed_game_keeps_its_id_unless_taken(home):
    store = Store()
    assert store.create_game("sssnake", {}, 1, "sssnake-7") == "sssnake-7"
    assert store.create_game("sssnake", {}, 1, "sssnake-7") == "sssnake-1"
