"""`companion serve`: the links it prints, the QR code, the warning off loopback, Ctrl-C, a missing extra."""
import os
import sys
import time

import pytest

from companion.core.extras import install_line
from tests.serve.served import link, read_until, saved, started, stopped


def test_a_missing_extra_is_one_line(cli, monkeypatch):
    monkeypatch.setitem(sys.modules, "starlette", None)  # import starlette raises ImportError
    from click.testing import CliRunner

    from companion.cli.main import main

    assert cli("sssnake", "new", "--players", "Ann", "--seed", "1").exit_code == 0
    out = CliRunner().invoke(main, ["serve"])
    assert out.exit_code == 1 and out.output == f"error: serve needs the serve extra: {install_line('serve')}\n"


def test_serve_refuses_an_unknown_game_in_one_line(cli):
    pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'sssnake-snits-companion[serve]'")
    out = cli("serve", "--game", "nope")
    assert out.exit_code == 1 and out.output.startswith("error: no game 'nope'")


def test_loopback_addresses():
    from companion.cli.serve import loopback

    assert loopback("127.0.0.1") and loopback("::1") and loopback("localhost") and loopback("127.1.2.3")
    assert not loopback("0.0.0.0") and not loopback("192.168.1.20") and not loopback("::") and not loopback("")


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
def test_ctrl_c_with_pages_open_stops_at_once_and_quietly(cli, home):
    """Phones still open: their event streams never end by themselves, so the shutdown ends them first; uvicorn
    waited out its graceful second and printed the cancelled streams' tracebacks."""
    pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'sssnake-snits-companion[serve]'")
    import threading

    import httpx

    assert cli("sssnake", "new", "--players", "Ann,Bob", "--seed", "1").exit_code == 0
    proc, lines = started(home, "--game", "sssnake-1")
    table = next(line.split()[-1] for line in lines if line.startswith("Table page"))
    opened = threading.Semaphore(0)

    def watch(url: str) -> None:
        with httpx.stream("GET", url, timeout=30) as events:
            for line in events.iter_lines():
                if line.startswith("event: seq"):
                    opened.release()

    watchers = [threading.Thread(target=watch, args=(table + "events",), daemon=True) for _ in range(3)]
    for watcher in watchers:
        watcher.start()
    assert all(opened.acquire(timeout=10) for _ in watchers)
    start = time.monotonic()
    code, out, err = stopped(proc)
    assert time.monotonic() - start < 0.9, "the shutdown waited for the open streams"
    assert code == 0 and out.rstrip().endswith("stopped; every action taken is saved"), (out, err)
    assert err == "", err
    for watcher in watchers:
        watcher.join(5)
        assert not watcher.is_alive(), "a stream stayed open after the server stopped"


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process is a POSIX matter")
def test_serve_names_the_bolotomus_page_of_a_snits_game_only_in_its_terminal(cli, home):
    pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'sssnake-snits-companion[serve]'")
    import httpx

    assert cli("snits", "new", "--seed", "1", "--spark", "random").exit_code == 0
    proc, lines = started(home, "--bolotomus-link", until="Bolotomus")
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

    from companion.cli import serve as serve_cli

    class Socket:
        def getsockname(self):
            return ("0.0.0.0", 8765)

        def close(self):
            pass

    monkeypatch.setattr(serve_cli, "bound", lambda host, port: Socket())
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: None)
    assert cli("sssnake", "new", "--players", "Ann", "--seed", "1").exit_code == 0
    from click.testing import CliRunner

    from companion.cli.main import main

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


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process is a POSIX matter")
def test_every_game_given_gets_its_links_and_they_all_work_at_once(cli, home):
    """--game twice prints both games' links and QR codes, and both games answer at once."""
    pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'sssnake-snits-companion[serve]'")
    import httpx

    assert cli("sssnake", "new", "--players", "Ann,Bob", "--seed", "1").exit_code == 0
    assert cli("sssnake", "new", "--players", "Cid,Dee", "--seed", "2").exit_code == 0
    proc, lines = started(home, "--game", "sssnake-1", "--game", "sssnake-2",
                          until="Scan for the player page of sssnake-2")
    try:
        first, second = (lines[lines.index(f"{game}:") + 1].split()[-1] for game in ("sssnake-1", "sssnake-2"))
        assert first != second and "/g/sssnake-2/" in second
        assert any(line == "Scan for the player page of sssnake-1:" for line in lines)
        assert httpx.post(first + "act", json={"type": "flip"}, timeout=5).json()["ok"]
        assert httpx.post(second + "act", json={"type": "flip"}, timeout=5).json()["ok"]
        assert [httpx.get(table + "state", timeout=5).json()["seq"] for table in (first, second)] == [1, 1]
    finally:
        assert stopped(proc)[0] == 0


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal is a POSIX matter")
def test_the_bolotomus_link_waits_for_enter_and_any_game_is_named_at_the_terminal(cli, home):
    """At a terminal: the public links first; the Bolotomus' link only after Enter (the Snit players look away) and
    apart; then a game's name typed prints its links, an unknown one a line starting error:."""
    pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'sssnake-snits-companion[serve]'")
    import httpx

    assert cli("snits", "new", "--seed", "1", "--spark", "random").exit_code == 0
    assert cli("sssnake", "new", "--players", "Ann,Bob", "--seed", "1").exit_code == 0
    terminal, typing = os.openpty()
    proc, lines = started(home, "--game", "snits-1", until="Snit players, look away", stdin=typing)
    os.close(typing)
    try:
        assert link(lines, "Table page") and not any("/b/" in line for line in lines)
        os.write(terminal, b"\n")
        private = read_until(proc, "Bolotomus' private page")
        assert private[-1].startswith("Bolotomus' private page of snits-1")
        assert httpx.get(link(private, "Bolotomus") + "private", timeout=5).json()["private"]["spark"]
        os.write(terminal, b"nope\nsssnake-1\n")
        named = read_until(proc, "Player page")
        assert any(line.startswith("error: no game 'nope'") for line in named)
        table = link(named, "Player page").removesuffix("player")
        assert httpx.get(table + "state", timeout=5).json()["game"] == "sssnake-1"
    finally:
        code, out, err = stopped(proc)
        os.close(terminal)
    assert code == 0 and "Traceback" not in err and "Fatal" not in err, err


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process is a POSIX matter")
def test_with_no_terminal_the_bolotomus_link_needs_its_option(cli, home):
    """Input that is no terminal cannot ask the Snit players to look away: the link is left out, and the line says
    --bolotomus-link prints it."""
    pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'sssnake-snits-companion[serve]'")
    assert cli("snits", "new", "--seed", "1", "--spark", "random").exit_code == 0
    proc, lines = started(home, until="The Bolotomus' link")
    try:
        assert lines[-1].startswith("The Bolotomus' link of snits-1 is not printed") and "--bolotomus-link" in lines[-1]
    finally:
        code, out, err = stopped(proc)
    assert code == 0 and "/b/" not in "\n".join(lines) + out


def test_the_bolotomus_link_is_cleared_off_a_screen_after_the_next_enter(cli, capsys):
    """On a screen that can be cleared, the second Enter clears it (and its scrollback) and draws the public links
    again, without the Bolotomus' link."""
    from companion.cli.serve import CLEAR, Links, chosen_game, dialogue
    from tests.serve.served import KEY

    assert cli("snits", "new", "--seed", "1", "--spark", "random").exit_code == 0
    game = chosen_game("snits-1")
    links = Links(KEY, "http://127.0.0.1:8765", drawn=False)
    capsys.readouterr()
    dialogue(links, [game], [game], iter(["", ""]), clearable=True, at_once=False)
    before, after = capsys.readouterr().out.split(CLEAR)
    assert links.private(game) in before and "/b/" not in after and after.startswith(links.public(game))


def test_a_ctrl_c_while_the_links_print_stops_before_serving(cli, home, monkeypatch, capsys):
    """Ctrl-C at any moment stops `serve`: one that comes while the links print (before uvicorn takes the signal)
    asks the server to stop, so it never serves, and the terminal's own handler is back afterwards."""
    import os
    import signal

    pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'sssnake-snits-companion[serve]'")
    from companion.cli import serve as serving
    from companion.serve.run import Server

    assert cli("sssnake", "new", "--players", "Ann", "--seed", "1").exit_code == 0
    served = []
    monkeypatch.setattr(serving, "announced", lambda *args: os.kill(os.getpid(), signal.SIGINT))
    monkeypatch.setattr(Server, "run", lambda self, sockets: served.append(sockets))
    before = signal.getsignal(signal.SIGINT)
    serving.serve((), "127.0.0.1", 0, False, False)
    assert served == [] and capsys.readouterr().out.endswith("stopped; every action taken is saved\n")
    assert signal.getsignal(signal.SIGINT) is before
