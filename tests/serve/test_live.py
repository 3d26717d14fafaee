"""Through a real server (uvicorn on 127.0.0.1): concurrent writes all land, and the change feed reports a change
however it was made (a POST, the CLI in another process) within a second."""
import os
import subprocess
import sys
import threading
import time

import pytest

pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'sssnake-snits-companion[serve]'")
httpx = pytest.importorskip("httpx", reason="the tests talk to the server with httpx (the test extra)")

from tests.serve.served import g, moving, saved  # noqa: E402


class Feed:
    """G/events read in a thread: each (arrival time, seq) and every raw line."""

    def __init__(self, url: str):
        self.url, self.seqs, self.lines = url, [], []
        self.thread = threading.Thread(target=self.read, daemon=True)
        self.thread.start()

    def read(self):
        try:
            with httpx.stream("GET", self.url, timeout=httpx.Timeout(5, read=30)) as answer:
                assert answer.headers["content-type"].startswith("text/event-stream")
                for line in answer.iter_lines():
                    self.lines.append(line)
                    if line.startswith("data: "):
                        self.seqs.append((time.monotonic(), int(line[6:])))
        except httpx.HTTPError:
            pass  # the server stopped

    def next_seq(self, after: int, timeout: float) -> tuple[float, int] | None:
        """The first seq after the `after`-th one, waiting up to `timeout` seconds."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if len(self.seqs) > after:
                return self.seqs[after]
            time.sleep(0.005)
        return None


def test_the_feed_sends_the_seq_on_connect_and_after_a_post(cli, base):
    game = moving(cli, "Ann,Bob")
    feed = Feed(base + g(game) + "/events")
    assert feed.next_seq(0, 5)[1] == 3
    sent = time.monotonic()
    assert httpx.post(base + g(game) + "/act", json={"type": "report", "player": "Ann"}).json()["ok"]
    arrived, seq = feed.next_seq(1, 1)
    assert seq == 4 and arrived - sent < 1


def test_the_feed_sees_a_cli_command_in_another_process_within_a_second(cli, base, home):
    game = moving(cli, "Ann,Bob")
    feed = Feed(base + g(game) + "/events")
    assert feed.next_seq(0, 5)[1] == 3
    env = dict(os.environ, COMPANION_HOME=str(home))
    typed = subprocess.run([sys.executable, "-m", "companion", "sssnake", "report", "Bob", "--fresh", "1", "--game",
                            game], env=env, capture_output=True, text=True)
    done = time.monotonic()
    assert typed.returncode == 0, typed.stderr
    arrived, seq = feed.next_seq(1, 1)
    assert seq == 4 and arrived - done < 1
    cli("sssnake", "undo", "--game", game)  # undo and redo move the log too
    assert feed.next_seq(2, 1)[1] == 3
    cli("sssnake", "redo", "--game", game)
    assert feed.next_seq(3, 1)[1] == 4


def test_a_feed_watches_its_own_game_only(cli, base):
    first, second = moving(cli, "Ann,Bob"), moving(cli, "Cid,Dee")
    feed = Feed(base + g(first) + "/events")
    assert feed.next_seq(0, 5)
    assert httpx.post(base + g(second) + "/act", json={"type": "report", "player": "Cid"}).json()["ok"]
    assert feed.next_seq(1, 0.5) is None


def test_twenty_reports_from_threads_all_land(cli, base):
    """Four games of five (Sssnake seats six at most): every player reports at once from their own 'phone'."""
    games = {moving(cli, names, seed): names.split(",") for seed, names in enumerate(
        ["Ann,Bob,Cid,Dee,Eve", "Fay,Gus,Hal,Ivy,Jo", "Kit,Lea,Max,Ned,Ola", "Pia,Quin,Rex,Sue,Tom"])}
    start = threading.Barrier(20)
    answers = []

    def report(game, name):
        with httpx.Client(timeout=30) as phone:
            start.wait()
            answers.append(phone.post(base + g(game) + "/act", json={"type": "report", "player": name, "fresh": 1}))

    threads = [threading.Thread(target=report, args=(game, name)) for game, names in games.items() for name in names]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert len(answers) == 20 and all(a.status_code == 200 and a.json()["ok"] for a in answers), \
        [a.text for a in answers if a.status_code != 200]
    for game, names in games.items():
        log = saved(game)[0]
        reported = [a["player"] for a in log if a["type"] == "report"]
        assert sorted(reported) == sorted(names)
        assert "flip" in cli("sssnake", "status", "--game", game).output.split("Next: ")[1]  # the round closed


def test_serving_stops_with_pages_still_open(cli, app):
    from companion.serve.run import serving

    game = moving(cli, "Ann,Bob")
    with serving(app) as url:
        feeds = [Feed(url + g(game) + "/events") for _ in range(3)]
        assert all(f.next_seq(0, 5) for f in feeds)
        stopping = time.monotonic()
    assert time.monotonic() - stopping < 3
    with pytest.raises(httpx.HTTPError):
        httpx.get(url + g(game) + "/state", timeout=1)
