"""The change feed (G/events): each game's log length and undo position, polled from the store every 100 ms with one
cheap read-only query for all watched games at once, and woken at once after a POST in this process; a change made
anywhere (a phone, the CLI, another process) reaches every open page within about 100 ms.

Reads never take a write lock: the poller's connection is opened read-only (mode=ro) and reads outside any
transaction, so a CLI command's BEGIN IMMEDIATE never waits on it for more than one short SELECT."""
from __future__ import annotations

import asyncio
import os
import sqlite3
import threading

from starlette.concurrency import run_in_threadpool

POLL = 0.1  # seconds between two reads of the store
PING = 15.0  # seconds between two keep-alive comments on an idle stream
QUERY = ("SELECT (SELECT COUNT(*) FROM actions WHERE game_id = ?1), (SELECT COUNT(*) FROM redo WHERE game_id = ?1)")



def store_path() -> str:
    from companion.folders import data_home

    return os.path.join(data_home(), "games.sqlite")


class Live:
    """One poller for the whole app: pages subscribe to a game and are told each new (length, undone) of it."""

    def __init__(self):
        self.positions: dict[str, tuple[int, int]] = {}
        self.watchers: dict[str, int] = {}
        self.changed: asyncio.Event | None = None  # set, then replaced, whenever any watched game moves
        self.wake: asyncio.Event | None = None  # a POST asks for a read now instead of at the next tick
        self.task: asyncio.Task | None = None
        self.db: sqlite3.Connection | None = None
        self.lock = threading.Lock()  # the connection is used from the thread pool, one read at a time
        self.closing = False

    # reading ---------------------------------------------------------------
    def read(self, games: list[str]) -> dict[str, tuple[int, int]]:
        """Each game's (log length, undone actions), in the thread pool."""
        with self.lock:
            if self.db is None:
                path = store_path().replace("%", "%25").replace("?", "%3f").replace("#", "%23")
                self.db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False, timeout=5,
                                          isolation_level=None)
            try:
                return {g: tuple(self.db.execute(QUERY, (g,)).fetchone()) for g in games}
            except sqlite3.Error:
                self.db.close()
                self.db = None  # a busy or replaced file: the next tick opens it again
                return {}

    def position(self, game: str) -> tuple[int, int]:
        """One game's position now (blocking; in the thread pool)."""
        return self.read([game]).get(game, (0, 0))

    async def poll(self) -> None:
        """While any page watches: read every watched game, tell the pages of those that moved, wait a tick (or a
        wake-up)."""
        while self.watchers and not self.closing:
            found = await run_in_threadpool(self.read, list(self.watchers))
            moved = [g for g, at in found.items() if self.positions.get(g) != at]
            self.positions.update(found)
            if moved:
                self.changed.set()
                self.changed = asyncio.Event()
            try:
                await asyncio.wait_for(self.wake.wait(), POLL)
            except asyncio.TimeoutError:
                pass
            self.wake.clear()
        self.task = None

    def poke(self) -> None:
        """Something was written (in the event loop's thread): read at once."""
        if self.wake is not None:
            self.wake.set()

    # watching --------------------------------------------------------------
    async def stream(self, game: str, request=None):
        """The text/event-stream of one page: the game's seq on connect and at every change, a ping when idle."""
        if self.changed is None:
            self.changed, self.wake = asyncio.Event(), asyncio.Event()
        self.watchers[game] = self.watchers.get(game, 0) + 1
        try:
            at = await run_in_threadpool(self.position, game)
            self.positions.setdefault(game, at)
            if self.task is None:
                self.task = asyncio.get_running_loop().create_task(self.poll())
            yield f"retry: 1000\nevent: seq\ndata: {at[0]}\n\n"
            idle = 0.0
            while not self.closing:
                changed = self.changed
                try:
                    await asyncio.wait_for(changed.wait(), 1.0)
                except asyncio.TimeoutError:
                    idle += 1.0
                    if idle >= PING:
                        idle = 0.0
                        yield ": ping\n\n"
                    if request is not None and await request.is_disconnected():
                        break
                    continue
                now = self.positions.get(game, at)
                if now != at:
                    at, idle = now, 0.0
                    yield f"event: seq\ndata: {at[0]}\n\n"
        finally:
            self.watchers[game] -= 1
            if not self.watchers[game]:
                del self.watchers[game]
                self.positions.pop(game, None)

    def close(self) -> None:
        self.closing = True
        if self.changed is not None:
            self.changed.set()
        with self.lock:
            if self.db is not None:
                self.db.close()
                self.db = None
