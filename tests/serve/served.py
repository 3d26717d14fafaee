"""The serve tests' helpers: the fixed key, the paths of a game's routes, games set up by the CLI, `companion serve`
in a process of its own (and `saved`, the stored log, from the Sssnake CLI tests)."""
import os
import signal
import subprocess
import sys
import threading

from tests.sssnake.stored import saved  # noqa: F401  (the serve tests import it from here)

KEY = b"k" * 32


def created(game: str) -> str:
    """The stored moment the game was created, which its secrets are bound to ("" for no such game)."""
    from companion.serve.keys import identity

    return (identity(game) or ("", ""))[1]


def g(game: str, key: bytes = KEY) -> str:
    """A game's public routes (G in docs/serve.md)."""
    from companion.serve.keys import join_secret

    return f"/g/{game}/{join_secret(key, game, created(game))}"


def b(game: str) -> str:
    """The Bolotomus' routes of a game."""
    from companion.serve.keys import bolotomus_secret

    return f"/b/{game}/{bolotomus_secret(KEY, game, created(game))}"


def moving(cli, players: str, seed: int = 3, *extra) -> str:
    """A new Sssnake game (by the CLI) at its first round's move: every cave flipped and the first apple turned."""
    out = cli("sssnake", "new", "--players", players, "--seed", seed, "--json", *extra)
    assert out.exit_code == 0, out.output
    import json

    game = json.loads(out.output)["game"]
    for _ in range(len(players.split(",")) + 1):
        assert cli("sssnake", "flip", "--game", game).exit_code == 0
    return game


def started(home, *args, until: str = "Scan for", stdin=subprocess.DEVNULL):
    """`companion serve --port 0 ...` in its own process; returns it and its first lines (up to the first line
    starting `until`: by default, the QR code)."""
    env = dict(os.environ, COMPANION_HOME=str(home), PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--port", "0", *args], env=env, stdin=stdin,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8")
    return proc, read_until(proc, until)


def read_until(proc, start: str) -> list[str]:
    """The server's next lines, up to the first that starts `start` (all of them if none does)."""
    lines = []
    for line in proc.stdout:
        lines.append(line.rstrip("\n"))
        if line.startswith(start):
            break
    return lines


def link(lines: list[str], label: str) -> str:
    """The URL ending the first line that starts `label` ("Table page", "Player page", "Bolotomus")."""
    return next(line.split()[-1] for line in lines if line.startswith(label))


def stopped(proc) -> tuple[int, str, str]:
    """Ctrl-C, as at the terminal: (exit code, the rest of its output, its errors)."""
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=15)
    return proc.returncode, out, err


def done_until_the_computer_plays(server, game: str, searching: threading.Event):
    """POST `done` until one of them sets the computer thinking (`searching`, set by a held computer_go): each
    before it answers 200; the last is left waiting on the hold. Returns (the answers the threads fill, the thread
    of the last, to join once the hold is released)."""
    answers: list = []
    while True:  # the Snits' phases end one by one until the Bolotomus' go begins
        thread = threading.Thread(target=lambda: answers.append(server.act(game, {"type": "done"})))
        thread.start()
        thread.join(0.5)
        if searching.is_set():
            return answers, thread
        assert not thread.is_alive() and answers[-1][0] == 200, answers


def hold_the_computer(monkeypatch):
    """The computer thinks until the test lets it go on: (searching: set as it starts, release: set to let it go
    on, the games it searched for)."""
    from companion.shared import session

    searching, release, searches = threading.Event(), threading.Event(), []
    real = session.computer_go

    def slow(kind, game_id, setup, state, show=None):
        if session.computer_to_act(kind, setup, state):
            searches.append(game_id)
            searching.set()
            assert release.wait(10)
        return real(kind, game_id, setup, state, show)

    monkeypatch.setattr(session, "computer_go", slow)
    return searching, release, searches
