"""`companion serve`: the links it prints, the QR code, the warning off loopback, Ctrl-C, a missing extra."""
import os
import signal
import subprocess
import sys
import time

import pytest

from companion.serve_cli import MISSING
from tests.serve.served import saved


def test_a_missing_extra_is_one_line(cli, monkeypatch):
    monkeypatch.setitem(sys.modules, "starlette", None)  # import starlette raises ImportError
    from click.testing import CliRunner

    from companion.cli import main

    assert cli("sssnake", "new", "--players", "Ann", "--seed", "1").exit_code == 0
    out = CliRunner().invoke(main, ["serve"])
    assert out.exit_code == 1 and out.output == f"error: {MISSING}\n"
    assert MISSING == "serve needs the serve extra: pip install 'sssnake-snits-companion[serve]'"


def test_serve_refuses_an_unknown_game_in_one_line(cli):
    pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'sssnake-snits-companion[serve]'")
    out = cli("serve", "--game", "nope")
    assert out.exit_code == 1 and out.output.startswith("error: no game 'nope'")


def test_loopback_addresses():
    from companion.serve_cli import loopback

    assert loopback("127.0.0.1") and loopback("::1") and loopback("localhost") and loopback("127.1.2.3")
    assert not loopback("0.0.0.0") and not loopback("192.168.1.20") and not loopback("::") and not loopback("")


def started(home, *args):
    """`companion serve --port 0 ...` in its own process; returns it and its first lines (up to the QR code)."""
    env = dict(os.environ, COMPANION_HOME=str(home), PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--port", "0", *args], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8")
    lines = []
    for line in proc.stdout:
        lines.append(line.rstrip("\n"))
        if line.startswith("Scan for"):
            break
    return proc, lines


def stopped(proc) -> tuple[int, str, str]:
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=15)
    return proc.returncode, out, err


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process is a POSIX matter")
def test_serve_prints_the_links_and_a_qr_code_and_stops_on_ctrl_c(cli, home):
    pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'sssnake-snits-companion[serve]'")
    import httpx

    assert cli("sssnake", "new", "--players", "Ann,Bob", "--seed", "1").exit_code == 0
    assert cli("snits", "new", "--seed", "1").exit_code == 0
    proc, lines = started(home, "--game", "sssnake-1")
    try:
        table = next(line.split()[-1] for line in lines if line.startswith("Table page"))
        player = next(line.split()[-1] for line in lines if line.startswith("Player page"))
        assert table.startswith("http://127.0.0.1:") and table.endswith("/") and player == table + "player"
        assert not any("Bolotomus" in line for line in lines)  # a Sssnake game has none
        assert "Phones on your network need --host 0.0.0.0" in "\n".join(lines)
        assert httpx.get(table + "state", timeout=5).json()["game"] == "sssnake-1"
        assert httpx.post(table + "act", json={"type": "flip"}, timeout=5).json()["ok"]
        qr = []
        deadline = time.monotonic() + 5
        while len(qr) < 10 and time.monotonic() < deadline:
            qr.append(proc.stdout.readline())
        assert any("\u2580" in line or "\u2584" in line or "\u2588" in line for line in qr)
    finally:
        code, out, err = stopped(proc)
    assert code == 0 and out.rstrip().endswith("stopped; every action taken is saved"), (out, err)
    assert "Traceback" not in err and "warning" not in err
    assert saved("sssnake-1")[0] == [{"type": "flip"}]  # the flip posted before Ctrl-C is kept


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process is a POSIX matter")
def test_serve_names_the_bolotomus_page_of_a_snits_game_only_in_its_terminal(cli, home):
    pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'sssnake-snits-companion[serve]'")
    import httpx

    assert cli("snits", "new", "--seed", "1", "--spark", "random").exit_code == 0
    proc, lines = started(home)
    try:
        bolotomus = next(line.split()[-1] for line in lines if line.startswith("Bolotomus"))
        table = next(line.split()[-1] for line in lines if line.startswith("Table page"))
        assert "/b/snits-1/" in bolotomus
        assert httpx.get(bolotomus + "private", timeout=5).json()["private"]["spark"]
        assert bolotomus.split("/")[-2] not in httpx.get(table, timeout=5).text
    finally:
        code, out, err = stopped(proc)
    assert code == 0, err


def test_a_host_off_loopback_is_warned_about(cli, monkeypatch, capsys):
    """The warning line, without opening a socket on the network: bind and run are stood in for."""
    pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'sssnake-snits-companion[serve]'")
    import uvicorn

    from companion import serve_cli

    class Socket:
        def getsockname(self):
            return ("0.0.0.0", 8765)

        def close(self):
            pass

    monkeypatch.setattr(serve_cli, "bound", lambda host, port: Socket())
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: None)
    assert cli("sssnake", "new", "--players", "Ann", "--seed", "1").exit_code == 0
    from click.testing import CliRunner

    from companion.cli import main

    out = CliRunner().invoke(main, ["serve", "--host", "0.0.0.0"])
    assert out.exit_code == 0, out.output
    warnings = [line for line in out.output.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1 and "0.0.0.0" in warnings[0]
    loop = CliRunner().invoke(main, ["serve", "--host", "127.0.0.1"])
    assert "warning" not in loop.output


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process is a POSIX matter")
def test_the_links_outlive_a_restart_until_new_links_are_drawn(cli, home):
    """The key is kept in the data folder (0600): a second serve prints the same links and they work; --new-links
    prints new ones, says the old ones die, and the old ones answer that they are dead."""
    pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'sssnake-snits-companion[serve]'")
    import httpx

    from companion.serve.app import DEAD
    from companion.serve.keys import key_path

    assert cli("sssnake", "new", "--players", "Ann,Bob", "--seed", "1").exit_code == 0
    links, said = [], []
    for args in ((), (), ("--new-links",)):
        proc, lines = started(home, *args)
        try:
            table = next(line.split()[-1] for line in lines if line.startswith("Table page"))
            links.append(table.split("/", 3)[3])  # the path: the port differs from serve to serve
            said.append(lines)
            assert httpx.get(table + "state", timeout=5).status_code == 200
            if args:
                old = table.split("/g/")[0] + "/" + links[0]
                assert (httpx.get(old + "state", timeout=5).json()) == {"error": DEAD}
                assert "scan the code again" in httpx.get(old, timeout=5).text.lower()
        finally:
            assert stopped(proc)[0] == 0
    assert links[0] == links[1] != links[2]
    assert not any("New links" in line for line in said[0] + said[1])
    assert "no longer works" in said[2][0]
    assert os.stat(key_path()).st_mode & 0o777 == 0o600
    with open(key_path(), "rb") as kept:
        key = kept.read()
    assert not any(key.hex() in line for line in said[2])
