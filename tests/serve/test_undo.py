"""Undo and redo from the pages (issue 31): G/undo and G/redo step the log as `companion <game> undo` does, in its
words; a phone steps only its own player's action, on the log it saw; nothing while the computer plays."""

import pytest

pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'sssnake-snits-companion[serve]'")

from companion.serve.app import PLAYING  # noqa: E402
from tests.serve.served import b, done_until_the_computer_plays, g, hold_the_computer, moving, saved  # noqa: E402


def seq(client, game: str) -> int:
    return client.get(g(game) + "/state").json()["seq"]


def test_undo_then_redo_restores_the_seq_and_the_state(cli, client):
    game = moving(cli, "Ann,Bob")
    assert client.post(g(game) + "/act", json={"type": "report", "player": "Ann", "fresh": 1}).status_code == 200
    before, view = saved(game), client.get(g(game) + "/state").json()["view"]
    got = client.post(g(game) + "/undo", json={})
    assert got.status_code == 200 and got.headers["cache-control"] == "no-store"
    assert got.json() == {"ok": True, "messages": ["undo: report Ann fresh=1"], "seq": 3}
    assert seq(client, game) == 3 and client.get(g(game) + "/state").json()["view"]["waiting_for"] == ["Ann", "Bob"]
    got = client.post(g(game) + "/redo", json={"seq": 3})
    assert got.json() == {"ok": True, "messages": ["redo: report Ann fresh=1", "Ann reported; waiting for Bob."],
                          "seq": 4}  # what the report said, said again (issue 33)
    assert saved(game) == before and client.get(g(game) + "/state").json()["view"] == view


def test_the_cli_and_the_page_say_the_same_line(cli, client):
    game = moving(cli, "Ann,Bob")
    client.post(g(game) + "/act", json={"type": "report", "player": "Bob", "end": "h", "out": True})
    line = client.post(g(game) + "/undo", json={}).json()["messages"][0]
    client.post(g(game) + "/redo", json={})
    assert cli("sssnake", "undo").output.startswith(f"{line} ({game})\n")


def test_nothing_to_undo_is_the_clis_line(cli, client):
    assert cli("sssnake", "new", "--players", "Ann,Bob", "--seed", "3").exit_code == 0
    terminal = cli("sssnake", "undo")
    assert terminal.exit_code == 1
    got = client.post(g("sssnake-1") + "/undo", json={})
    assert got.status_code == 400 and f"error: {got.json()['error']}\n" == terminal.output
    got = client.post(g("sssnake-1") + "/redo", json={})
    assert (got.status_code, got.json()) == (400, {"error": "nothing to redo"})


def test_a_phone_undoes_only_its_own_players_action(cli, client):
    game = moving(cli, "Ann,Bob")
    client.post(g(game) + "/act", json={"type": "report", "player": "Ann", "fresh": 2})
    before = saved(game)
    got = client.post(g(game) + "/undo", json={"player": "Bob", "seq": 4})
    assert got.status_code == 400 and got.json()["error"].startswith("the last action (report Ann fresh=2) is not Bob's")
    assert saved(game) == before
    got = client.post(g(game) + "/undo", json={"player": "Ann", "seq": 4})
    assert got.status_code == 200 and got.json()["seq"] == 3
    got = client.post(g(game) + "/redo", json={"player": "Bob", "seq": 3})  # nor redoes another's
    assert got.status_code == 400 and "is not Bob's" in got.json()["error"]
    assert client.post(g(game) + "/redo", json={"player": "Ann", "seq": 3}).json()["seq"] == 4


def test_a_flip_is_undone_from_the_table_only(cli, client):
    game = moving(cli, "Ann,Bob")  # its last action: the first apple card's flip, by Ann who holds the token
    got = client.post(g(game) + "/undo", json={"player": "Ann", "seq": 3})
    assert got.status_code == 400 and got.json()["error"].startswith("the last action (flip) is not Ann's")
    assert client.post(g(game) + "/undo", json={"seq": 3}).json()["messages"] == ["undo: flip"]


def test_a_page_that_saw_an_older_log_is_told_the_game_moved_on(cli, client):
    game = moving(cli, "Ann,Bob")
    client.post(g(game) + "/act", json={"type": "report", "player": "Ann"})
    client.post(g(game) + "/act", json={"type": "report", "player": "Bob", "fresh": 1})  # the round closes
    before = saved(game)
    got = client.post(g(game) + "/undo", json={"player": "Ann", "seq": 4})
    assert got.status_code == 400 and got.json()["error"].startswith("the game moved on: the page showed 4 actions "
                                                                      "and the log has 5")
    assert saved(game) == before


@pytest.mark.parametrize("body", ['{"player": 3}', '{"seq": "4"}', '{"seq": true}', '{"player": ""}',
                                  '{"who": "Ann"}', "[]", ""])
def test_a_body_out_of_shape_is_refused(cli, client, body):
    game = moving(cli, "Ann,Bob")
    got = client.post(g(game) + "/undo", content=body, headers={"Content-Type": "application/json"})
    assert got.status_code == 400 and "{} from the table's page" in got.json()["error"]
    assert seq(client, game) == 3


def test_the_writes_guards_hold(cli, client):
    game = moving(cli, "Ann,Bob")
    assert client.post(g(game) + "/undo", content="{}", headers={"Content-Type": "text/plain"}).status_code == 415
    got = client.post(g(game) + "/undo", json={}, headers={"Origin": "http://evil.example"})
    assert got.status_code == 403 and seq(client, game) == 3
    assert client.get(g(game) + "/undo").status_code == 405
    assert client.post(g(game)[:-3] + "xyz/undo", json={}).status_code == 404


def test_a_snits_phone_undoes_its_sides_action_and_the_table_any(cli, client):
    assert cli("snits", "new", "--seed", "1").exit_code == 0
    assert client.post(g("snits-1") + "/act", json={"type": "done"}).status_code == 200
    got = client.post(g("snits-1") + "/undo", json={"player": "Bolotomus", "seq": 1})
    assert got.status_code == 400 and "is not Bolotomus'" in got.json()["error"]
    got = client.post(g("snits-1") + "/undo", json={"player": "Snits", "seq": 1})
    assert got.json() == {"ok": True, "messages": ["undo: done"], "seq": 0}
    assert client.post(g("snits-1") + "/redo", json={}).json()["seq"] == 1


def test_the_bolotomus_page_steps_the_bolotomus_actions_only(cli, client):
    assert cli("snits", "new", "--seed", "1").exit_code == 0
    client.post(g("snits-1") + "/act", json={"type": "done"})  # the Snits end a phase
    got = client.post(b("snits-1") + "/undo", json={})
    assert got.status_code == 400 and "is not Bolotomus'" in got.json()["error"]
    got = client.post(b("snits-1") + "/undo", json={"player": "Snits"})
    assert got.status_code == 400 and got.json()["error"] == "this page steps only the Bolotomus' own actions"


def test_a_step_while_the_computer_plays_is_409(cli, server, monkeypatch):
    assert cli("snits", "new", "--seed", "1", "--vs", "bolotomus", "--level", "1").exit_code == 0
    searching, release, _ = hold_the_computer(monkeypatch)
    _, thread = done_until_the_computer_plays(server, "snits-1", searching)
    try:
        before = saved("snits-1")
        for path in ("undo", "redo"):
            assert server.post("snits-1", path, {}) == (409, {"error": PLAYING})
        assert saved("snits-1") == before
    finally:
        release.set()
        thread.join(20)
    got = server.post("snits-1", "undo", {})  # the person's `done` and the computer's reply to it
    assert got[0] == 200 and got[1]["messages"][0].startswith("undo: done, with the computer's")

