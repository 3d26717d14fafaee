"""Through a real server (uvicorn on 127.0.0.1): concurrent writes all land, and the change feed reports a change
however it was made (a POST, the CLI in another process) within a second."""
import os
import re
import socket
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


class Tab:
    """A phone's feed that names its player and its device, read in a thread over a plain socket (so the test can
    close it, as a page going away does): the twin counts it is told, in order."""

    def __init__(self, base: str, game: str, name: str, device: str):
        host, port = base.removeprefix("http://").split(":")
        self.sock = socket.create_connection((host, int(port)), timeout=30)
        self.sock.sendall(f"GET {g(game)}/events?name={name}&device={device} HTTP/1.1\r\nHost: {host}\r\n\r\n"
                          .encode())
        self.twins, self.text = [], ""
        self.thread = threading.Thread(target=self.read, daemon=True)
        self.thread.start()

    def read(self):
        try:
            while chunk := self.sock.recv(4096):
                self.text += chunk.decode()
                self.twins = [int(n) for n in re.findall(r"event: twin\r?\ndata: (\d+)", self.text)]
        except OSError:
            pass

    def told(self, twins: list[int], timeout: float = 5) -> bool:
        """Whether exactly these counts were told, in order, within `timeout` seconds."""
        end = time.monotonic() + timeout
        while self.twins != twins and time.monotonic() < end:
            time.sleep(0.01)
        return self.twins == twins

    def close(self):
        self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()
        self.thread.join(5)


def test_two_devices_on_one_name_are_told_and_one_device_is_not(cli, base):
    """A feed that names its player and device is told how many other devices are on that name (any case), as
    they come and go; a second stream of the same device (a reload) or another name is no twin, and a feed
    without a name, or with one out of shape, is told nothing."""
    game = moving(cli, "Ann,Bob")
    ann = Tab(base, game, "Ann", "a" * 32)
    assert ann.told([0])
    again, bob = Tab(base, game, "Ann", "a" * 32), Tab(base, game, "Bob", "b" * 32)
    assert again.told([0]) and bob.told([0])
    other = Tab(base, game, "ann", "c" * 32)
    assert other.told([1]) and ann.told([0, 1]) and again.told([0, 1])
    other.close()
    assert ann.told([0, 1, 0]) and again.told([0, 1, 0]) and bob.twins == [0]
    for name, device in (("Ann", "short"), ("Ann", "A" * 32), ("x" * 65, "d" * 32), ("", "d" * 32)):
        odd = Tab(base, game, name, device)
        time.sleep(0.3)
        assert "event: seq" in odd.text and "twin" not in odd.text and ann.twins == [0, 1, 0]
