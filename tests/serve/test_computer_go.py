"""The computer's go in a served game (issue 22): one go at a time, played by the server; a go a crash interrupted
is played when the server starts; a write during the go (refused or not) is 409 and starts nothing."""
import time

import pytest

pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'sssnake-snits-companion[serve]'")

from companion.serve import app as served_app  # noqa: E402
from companion.serve.app import PLAYING  # noqa: E402
from companion.shared import session  # noqa: E402
from tests.serve.served import KEY, done_until_the_computer_plays, g, hold_the_computer, saved  # noqa: E402


def acting(game: str) -> str:
    from companion.snits.phases import acting as side

    record, state = session.current("snits", game)
    record.store.close()
    return side(state)


def interrupted(cli) -> str:
    """A Snits game against the computer's Bolotomus whose go is due and unplayed, as a crash leaves it: the
    person's go ended through the library alone, with no reply."""
    assert cli("snits", "new", "--seed", "1", "--vs", "bolotomus", "--level", "1").exit_code == 0
    for _ in range(3):
        session.act("snits", None, {"type": "done"})
        if acting("snits-1") == "Bolotomus":
            return "snits-1"
    raise AssertionError("the Bolotomus' go never came")


def test_a_go_a_crash_interrupted_is_played_when_the_server_starts(cli, home):
    from companion.serve.run import serving

    game = interrupted(cli)
    before = len(saved(game)[0])
    with serving(served_app.make_app(KEY)):
        deadline = time.monotonic() + 20
        while acting(game) == "Bolotomus" and time.monotonic() < deadline:
            time.sleep(0.05)
    assert acting(game) != "Bolotomus" and len(saved(game)[0]) > before


@pytest.mark.parametrize("action", [{"type": "move", "who": "Nobody", "to": "Glut"}, {"type": "done"}])
def test_a_write_while_the_go_is_unplayed_is_409_and_starts_no_go(cli, client, action):
    game = interrupted(cli)  # after the app started: nobody plays this go until the next serve
    before = saved(game)
    got = client.post(g(game) + "/act", json=action)
    assert (got.status_code, got.json()) == (409, {"error": PLAYING})
    assert saved(game) == before and acting(game) == "Bolotomus"


def test_a_second_phone_during_the_go_is_told_and_starts_no_second_search(cli, server, monkeypatch):
    assert cli("snits", "new", "--seed", "1", "--vs", "bolotomus", "--level", "1").exit_code == 0
    searching, release, searches = hold_the_computer(monkeypatch)
    first, thread = done_until_the_computer_plays(server, "snits-1", searching)
    try:
        second = server.act("snits-1", {"type": "done"})
        assert second == (409, {"error": PLAYING})
    finally:
        release.set()
        thread.join(20)
    assert first[-1][0] == 200 and any("(computer)" in m for m in first[-1][1]["messages"])
    assert searches == ["snits-1"] and acting("snits-1") != "Bolotomus"
