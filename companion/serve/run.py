"""Serving an app in a background thread: uvicorn on the loopback address with a free port, for the browser tests and
the benchmarks (`with serving(make_app(key)) as base: ...`); `companion serve` runs uvicorn in the foreground."""
from __future__ import annotations

import socket
import threading
import time
from contextlib import contextmanager

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

CONNECTIONS = 64  # open at once (each page holds one for its event stream); more are answered 503
HEAD_SECONDS = 10.0  # for a request's head to arrive in whole


class Deadlined(H11Protocol):
    """uvicorn's h11 protocol with a deadline for each request's head: its keep-alive timer restarts with every byte,
    so a head sent a byte at a time held its connection for ever."""

    head_deadline = None

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self.arm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self.arm()

    def arm(self) -> None:
        self.disarm()
        self.head_deadline = self.loop.call_later(HEAD_SECONDS, self.timeout_keep_alive_handler)

    def disarm(self) -> None:
        if self.head_deadline is not None:
            self.head_deadline.cancel()

    def handle_events(self) -> None:
        super().handle_events()
        if self.cycle is not None and not self.cycle.response_complete:  # a whole head came: the request runs
            self.disarm()

    def connection_lost(self, exc) -> None:
        self.disarm()
        super().connection_lost(exc)


def config(app, host: str, port: int | None = None, sock: socket.socket | None = None) -> uvicorn.Config:
    """uvicorn as the companion runs it: no access log, open event streams closed within a second on shutdown, at
    most CONNECTIONS at once, each head within HEAD_SECONDS and an idle connection closed after 5 s."""
    return uvicorn.Config(app, host=host, port=port or 0, log_level="warning", access_log=False, lifespan="off",
                          timeout_graceful_shutdown=1, timeout_keep_alive=5, http=Deadlined,
                          limit_concurrency=CONNECTIONS)


class Server(uvicorn.Server):
    """uvicorn that ends the app's open event streams as its shutdown begins: a phone's stream never ends by itself,
    so a Ctrl-C with pages open waited out the graceful shutdown and printed uvicorn's cancelled tasks' tracebacks."""

    def __init__(self, config: uvicorn.Config, app) -> None:
        super().__init__(config)
        self.live = app.state.live

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self.live.close()
        await super().shutdown(sockets)


class Threaded(Server):
    def install_signal_handlers(self) -> None:  # a thread cannot take signals; the caller stops it
        pass


@contextmanager
def serving(app, host: str = "127.0.0.1"):
    """Yield the base URL ("http://127.0.0.1:PORT") of `app` served in a background thread; stop it on exit."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, 0))
    port = sock.getsockname()[1]
    server = Threaded(config(app, host, port), app)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, name="companion-serve", daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 10
        while not server.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.01)
        yield f"http://{host}:{port}"
    finally:
        server.should_exit = True  # its shutdown ends the open event streams first
        thread.join(10)
        sock.close()
