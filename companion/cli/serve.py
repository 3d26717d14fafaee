"""`companion serve`: every saved game on a local web page, the table's screen and each player's phone, until Ctrl-C.

Starlette and uvicorn (the `serve` extra) are imported here, when the command runs, and by no table command."""
from __future__ import annotations

import ipaddress
import os
import signal
import socket
import sys

import click

from companion.core.language import _
from companion.shared.session import Refused

ANY = ("0.0.0.0", "::", "")
CLEAR = "\x1b[H\x1b[2J\x1b[3J"  # the screen and its scrollback


def loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def shown_host(host: str) -> str:
    """The address a phone types or scans: for 0.0.0.0 this machine's address on the network (no packet is sent)."""
    if host not in ANY:
        return f"[{host}]" if ":" in host else host
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # a documentation address: only picks the interface a route would use
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def bound(host: str, port: int) -> socket.socket:
    """The listening socket, or one line saying why it cannot be had."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host or "0.0.0.0", port))
    except OSError as exc:
        sock.close()
        why = (_("{address} is in use (another serve?); choose another with --port, or --host 127.0.0.1")
               if exc.errno in (48, 98, 10048) else
               _("{address} cannot be used ({why}); choose another with --port, or --host 127.0.0.1"))
        raise Refused(why.format(address=f"{host}:{port}", why=exc.strerror)) from None
    sock.listen(128)
    return sock


def chosen_game(game: str | None) -> tuple[str, str, bool]:
    """(id, created, the Bolotomus is a person) of a game whose links are printed (None: the latest)."""
    from companion.shared import session

    store = session.open_store()
    try:
        record = session.pick(store, None, game)
        if record.kind != "snits":
            return record.id, record.created, False
        from companion.shared.snits.options import computer_hides

        return record.id, record.created, not computer_hides(record.setup)
    finally:
        store.close()


class Links:
    """What the terminal prints: each game's public links and QR code for the whole table, and apart, after the Snit
    players have looked away, the Bolotomus' link; `drawn` says whether the terminal can draw a QR code."""

    def __init__(self, key: bytes, base: str, drawn: bool):
        self.key, self.base, self.drawn = key, base, drawn

    def public(self, game: tuple[str, str, bool]) -> str:
        from companion.serve.keys import join_secret

        game_id, created, _hidden = game
        g = f"{self.base}/g/{game_id}/{join_secret(self.key, game_id, created)}"
        table, player = _("Table page (a tablet or TV):"), _("Player page (each phone):")
        width = max(len(table), len(player)) + 2
        lines = [f"{game_id}:", f"{table:<{width}}{g}/", f"{player:<{width}}{g}/player"]
        return "\n".join(lines + self.code(_("Scan for the player page of {game}:").format(game=game_id),
                                           f"{g}/player"))

    def private(self, game: tuple[str, str, bool]) -> str:
        from companion.serve.keys import bolotomus_secret

        game_id, created, _hidden = game
        url = f"{self.base}/b/{game_id}/{bolotomus_secret(self.key, game_id, created)}/"
        lines = [_("Bolotomus' private page of {game} (Spark, Splops; show nobody): {url}").format(game=game_id, url=url)]
        return "\n".join(lines + self.code(_("Scan for the Bolotomus' page of {game}:").format(game=game_id), url))

    def code(self, caption: str, url: str) -> list[str]:
        from companion.tokens.qr import terminal

        return [caption, terminal(url)] if self.drawn else []


def typed_lines(fd: int):
    """The terminal's lines, read from its file descriptor: a thread blocked in sys.stdin at exit holds the buffer's
    lock, which Python's shutdown then dies on."""
    pending = b""
    while True:
        chunk = os.read(fd, 1024)
        if not chunk:
            return
        pending += chunk
        while b"\n" in pending:
            line, pending = pending.split(b"\n", 1)
            yield line.decode(errors="replace").strip()


def revealed(links: Links, game, shown: list, typed, clearable: bool) -> bool:
    """The Bolotomus' link once Enter says the Snit players look away, and off the screen after the next Enter (the
    public links drawn again) where the screen can be cleared; False if the input ends first."""
    click.echo(_("Snit players, look away: press Enter to show the Bolotomus' link of {game}.").format(game=game[0]))
    if next(typed, None) is None:
        return False
    click.echo(links.private(game))
    if clearable:
        click.echo(_("Bolotomus: press Enter once you have it, to clear it off the screen."))
        if next(typed, None) is None:
            return False
        click.echo(CLEAR + "\n".join(links.public(g) for g in shown), color=True)  # even if click guesses no tty
    return True


def dialogue(links: Links, shown: list, waiting: list, typed, clearable: bool, at_once: bool) -> None:
    """The serving terminal, for the table: the Bolotomus' links `waiting` (each after a prompt), then any game's
    links by its name, until the input ends; `at_once`: a Bolotomus' link without a prompt (--bolotomus-link)."""
    for game in waiting:
        if not revealed(links, game, shown, typed, clearable):
            return
    click.echo(_("Type a game's name and Enter for its links (every saved game is served); Ctrl-C stops."))
    for name in typed:
        if not name:
            continue
        try:
            game = chosen_game(name)
        except Refused as exc:
            click.echo(f"error: {exc}")
            continue
        shown = [g for g in shown if g[0] != game[0]] + [game]
        click.echo(links.public(game))
        if game[2] and at_once:
            click.echo(links.private(game))
        elif game[2] and not revealed(links, game, shown, typed, clearable):
            return


def announced(links: Links, chosen: list, host: str, new_links: bool, at_once: bool) -> None:
    """The links of the games `chosen`, for the whole table, then (at a terminal) the dialogue that shows the
    Bolotomus' links apart and any game's links by name; with no terminal, a Bolotomus' link only `at_once`."""
    import threading

    if not loopback(host):
        click.echo(_("warning: serving on {host}: anyone on this network who has a link can play, until `companion "
                     "serve --new-links`").format(host=host or _("every address")), err=True)
    lines = [_("Serving every saved game until Ctrl-C.")]
    if new_links:
        lines.insert(0, _("New links: every link printed before no longer works (the phones scan the new code)."))
    if loopback(host):
        lines.append(_("Phones on your network need --host 0.0.0.0 (or this machine's address on the network)."))
    click.echo("\n".join(lines + [links.public(game) for game in chosen]))
    asking = sys.stdin is not None and sys.stdin.isatty()
    hidden = [game for game in chosen if game[2]]
    if at_once and hidden:
        click.echo("\n".join(links.private(game) for game in hidden))
    elif hidden and not asking:
        click.echo(_("The Bolotomus' link of {games} is not printed: with no terminal to ask the Snit players to look "
                     "away in, only --bolotomus-link prints it.").format(games=", ".join(g[0] for g in hidden)))
    if asking:
        threading.Thread(target=dialogue, daemon=True, name="companion-terminal",
                         args=(links, chosen, [] if at_once else hidden, typed_lines(sys.stdin.fileno()),
                               sys.stdout.isatty(), at_once)).start()


def stop(server) -> None:
    """Ctrl-C as uvicorn takes it: the server stops at its next tick (or does not start); a second forces it."""
    if server.should_exit:
        server.force_exit = True
    server.should_exit = True


def serve(games: tuple[str, ...], host: str, port: int, new_links: bool, bolotomus_link: bool) -> None:
    """Serve every saved game on a local web page: the table's screen and each player's phone (Ctrl-C stops)."""
    try:  # whether the serve extra is installed; both are used by the modules below
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        from companion.core.extras import install_line

        raise Refused(_("serve needs the serve extra: {install}").format(install=install_line("serve"))) from None
    from companion.serve.app import make_app
    from companion.serve.keys import stored_key
    from companion.serve.run import Server, config
    from companion.tokens.qr import drawable

    chosen = list({found[0]: found for found in map(chosen_game, games or (None,))}.values())
    sock = bound(host, port)
    try:
        key = stored_key(new=new_links)
    except Refused:
        sock.close()
        raise
    shown = shown_host(host)
    links = Links(key, f"http://{shown}:{sock.getsockname()[1]}", drawable(getattr(sys.stdout, "encoding", None)))
    app = make_app(key, hosts=[shown], warm=True)
    server = Server(config(app, host), app)
    # A Ctrl-C at any moment stops the server: before uvicorn takes the signal (while the links print, as asyncio
    # starts), it asks the server to stop as uvicorn's own handler does; a KeyboardInterrupt there could land in
    # asyncio's handler, which cancelled the starting server and left it serving until a second Ctrl-C.
    previous = signal.signal(signal.SIGINT, lambda signum, frame: stop(server))
    try:
        announced(links, chosen, host, new_links, bolotomus_link)
        if not server.should_exit:
            server.run(sockets=[sock])
    finally:
        signal.signal(signal.SIGINT, previous)
        app.state.live.close()
        sock.close()
    click.echo(_("stopped; every action taken is saved"))


serve_command = click.command("serve")(
    click.option("--game", "games", multiple=True,
                 help="a game whose links are printed, again for more (default: the latest); every game is served")(
        click.option("--host", default="127.0.0.1", show_default=True,
                     help="address to listen on; 0.0.0.0 lets phones on your network in (a warning says so)")(
            click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True,
                         help="port to listen on (0: any free one)")(
                click.option("--new-links", is_flag=True,
                             help="draw a new key: every link printed before stops working (a link was shared "
                                  "too widely)")(
                    click.option("--bolotomus-link", is_flag=True,
                                 help="print the Bolotomus' link at once, without asking the Snit players to look "
                                      "away (the only way when the input is no terminal)")(serve))))))
