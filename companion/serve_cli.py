"""`companion serve`: every saved game on a local web page, the table's screen and each player's phone, until Ctrl-C.

Starlette and uvicorn (the `serve` extra) are imported here, when the command runs, and by no table command."""
from __future__ import annotations

import ipaddress
import socket

import click

from companion.session import Refused

MISSING = "serve needs the serve extra: pip install 'sssnake-snits-companion[serve]'"
ANY = ("0.0.0.0", "::", "")


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
        why = "is in use (another serve?)" if exc.errno in (48, 98, 10048) else f"cannot be used ({exc.strerror})"
        raise Refused(f"{host}:{port} {why}; choose another with --port, or --host 127.0.0.1") from None
    sock.listen(128)
    return sock


def chosen_game(game: str | None):
    """(id, created, the Bolotomus is a person) of the game whose links are printed (--game, else the latest)."""
    from companion import session

    store = session.open_store()
    try:
        record = session.pick(store, None, game)
        if record.kind != "snits":
            return record.id, record.created, False
        from companion.snits_options import computer_hides

        return record.id, record.created, not computer_hides(record.setup)
    finally:
        store.close()


def serve(game: str | None, host: str, port: int, new_links: bool) -> None:
    """Serve every saved game on a local web page: the table's screen and each player's phone (Ctrl-C stops)."""
    try:
        import starlette  # noqa: F401
        import uvicorn
    except ImportError:
        raise Refused(MISSING) from None
    from companion.qr import drawable, terminal
    from companion.serve.app import make_app
    from companion.serve.keys import bolotomus_secret, join_secret, stored_key
    from companion.serve.run import config

    game_id, created, bolotomus = chosen_game(game)
    sock = bound(host, port)
    try:
        key = stored_key(new=new_links)
    except Refused:
        sock.close()
        raise
    shown = shown_host(host)
    base = f"http://{shown}:{sock.getsockname()[1]}"
    g = f"{base}/g/{game_id}/{join_secret(key, game_id, created)}"
    if not loopback(host):
        click.echo(f"warning: serving on {host or 'every address'}: anyone on this network who has a link can "
                   "play, until `companion serve --new-links`", err=True)
    lines = [f"Serving {game_id} (and every other saved game) until Ctrl-C.",
             f"Table page (a tablet or TV):  {g}/", f"Player page (each phone):     {g}/player"]
    if bolotomus:
        lines.append(f"Bolotomus' private page (Spark, Splops; show nobody): "
                     f"{base}/b/{game_id}/{bolotomus_secret(key, game_id, created)}/")
    if new_links:
        lines.insert(0, "New links: every link printed before no longer works (the phones scan the new code).")
    if loopback(host):
        lines.append("Phones on your network need --host 0.0.0.0 (or this machine's address on the network).")
    click.echo("\n".join(lines))
    import sys

    if drawable(getattr(sys.stdout, "encoding", None)):
        click.echo("Scan for the player page:\n" + terminal(f"{g}/player"))
    app = make_app(key, hosts=[shown])
    server = uvicorn.Server(config(app, host))
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        app.state.live.close()
        sock.close()
    click.echo("stopped; every action taken is saved")


serve_command = click.command("serve")(
    click.option("--game", help="the game whose links are printed (default: the latest); every game is served")(
        click.option("--host", default="127.0.0.1", show_default=True,
                     help="address to listen on; 0.0.0.0 lets phones on your network in (a warning says so)")(
            click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True,
                         help="port to listen on (0: any free one)")(
                click.option("--new-links", is_flag=True,
                             help="draw a new key: every link printed before stops working (a link was shared "
                                  "too widely)")(serve)))))
