"""Serving an app in a background thread: uvicorn on the loopback address with a free port, for the browser tests and
the benchmarks (`with serving(make_app(key)) as base: ...`); `companion serve` runs uvicorn in the foreground."""
from __future__ import annotations

import socket
import threading
import time
from contextlib import contextmanager

import uvicorn


def config(app, host: str, port: int | None = None, sock: socket.socket | None = None) -> uvicorn.Config:
    """uvicorn as the companion runs it: no access log, open event streams closed within a second on shutdown."""
    return uvicorn.Config(app, host=host, port=port or 0, log_level="warning", access_log=False, lifespan="off",
                          timeout_graceful_shutdown=1, timeout_keep_alive=5)


class Server(uvicorn.Server):
    def install_signal_handlers(self) -> None:  # a thread cannot take signals; the caller stops it
        pass


@contextmanager
def serving(app, host: str = "127.0.0.1"):
    """Yield the base URL ("http://127.0.0.1:PORT") of `app` served in a background thread; stop it on exit."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, 0))
    port = sock.getsockname()[1]
    server = Server(config(app, host, port))
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
        live = getattr(getattr(app, "state", None), "live", None)
        if live is not None:
            live.close()  # open event streams end, so shutdown need not wait for them
        server.should_exit = True
        thread.join(10)
        sock.close()
