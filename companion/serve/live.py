"""The change feed (G/events): each game's log length and undo position, polled from the store every 100 ms (one
small indexed query per watched game, by one poller for all open pages) and woken at once after a POST to this
server; a change made anywhere (a phone, the CLI, another process) reaches every open page within about 100 ms.

Reads never take a write lock: the poller's connection is opened read-only (mode=ro) and reads outside any
transaction, so a CLI command's BEGIN IMMEDIATE never waits on it for more than one short SELECT."""
from __future__ import annotations

import asyncio
import os
import sqlite3
import threading
import time

from starlette.concurrency import run_in_threadpool

POLL = 0.1  # seconds between two reads of the store
PING = 15.0  # seconds between two keep-alive comments on an idle stream
QUERY = ("SELECT (SELECT COUNT(*) FROM actions WHERE game_id = ?1), (SELECT COUNT(*) FROM redo WHERE game_id = ?1), "
         "(SELECT COUNT(*) FROM games WHERE id = ?1)")  # the last: a game deleted or renamed away moves too


def store_path() -> str:
    from companion.core.folders import data_home

    return os.path.join(data_home(), "games.sqlite")


class Live:
    """One poller for the whole app: pages subscribe to a game and are told each new (length, undone, exists) of
    it."""

    def __init__(self):
        self.positions: dict[str, tuple[int, int, int]] = {}
        self.watchers: dict[str, int] = {}
        self.holders: dict[tuple[str, str], dict[str, int]] = {}  # (game, name) -> each device's open streams
        # made by started() in the poller's loop, before anything sets or waits on them:
        self.changed: asyncio.Event  # set, then replaced, whenever any watched game moves
        self.wake: asyncio.Event  # a POST asks for a read now instead of at the next tick
        self.task: asyncio.Task | None = None
        self.loop: asyncio.AbstractEventLoop | None = None  # the loop the poller and the events belong to
        self.db: sqlite3.Connection | None = None
        self.lock = threading.Lock()  # the connection is used from the thread pool, one read at a time
        self.closing = False

    # reading ---------------------------------------------------------------
    def read(self, games: list[str]) -> dict[str, tuple[int, int, int]]:
        """Each game's (log length, undone actions, 1 if it exists), in the thread pool."""
        with self.lock:
            try:
                if self.db is None:
                    path = store_path().replace("%", "%25").replace("?", "%3f").replace("#", "%23")
                    self.db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False, timeout=5,
                                              isolation_level=None)
                return {g: tuple(self.db.execute(QUERY, (g,)).fetchone()) for g in games}
            except sqlite3.Error:
                if self.db is not None:
                    self.db.close()
                self.db = None  # a missing, busy or replaced file: the next tick opens it again
                return {}

    def position(self, game: str) -> tuple[int, int, int]:
        """One game's position now (blocking; in the thread pool)."""
        return self.read([game]).get(game, (0, 0, 1))

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
            except TimeoutError:
                pass
            self.wake.clear()

    def poke(self) -> None:
        """Something was written: read at once (from any thread or event loop)."""
        self.signal(lambda: self.wake.set())

    def signal(self, set_it) -> None:
        """Run `set_it` (setting one of the poller's events) in the poller's own loop."""
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        try:
            here = asyncio.get_running_loop()
        except RuntimeError:
            here = None
        if here is loop:
            set_it()
        else:
            loop.call_soon_threadsafe(set_it)

    def started(self) -> None:
        """The poller runs in this loop (a test client may run each request in a loop of its own)."""
        loop = asyncio.get_running_loop()
        if self.loop is not loop or self.task is None or self.task.done():
            if self.loop is not loop:
                self.loop, self.changed, self.wake = loop, asyncio.Event(), asyncio.Event()
            self.task = loop.create_task(self.poll())

    # who plays on which phone ------------------------------------------------
    def hold(self, game: str, holder: tuple[str, str], by: int) -> None:
        """Count one stream of a device (`holder`: name, device) in or out (`by` 1 or -1), and wake every stream:
        the other phones on that name are told."""
        key, device = (game, holder[0].casefold()), holder[1]
        devices = self.holders.setdefault(key, {})
        devices[device] = devices.get(device, 0) + by
        if not devices[device]:
            del devices[device]
        if not devices:
            del self.holders[key]
        self.changed.set()
        self.changed = asyncio.Event()

    def others(self, game: str, holder: tuple[str, str]) -> int:
        """How many other devices have a page open on this player's name."""
        return len(self.holders.get((game, holder[0].casefold()), {}).keys() - {holder[1]})

    # watching --------------------------------------------------------------
    async def stream(self, game: str, request=None, holder: tuple[str, str] | None = None):
        """The text/event-stream of one page: the game's seq on connect and at every change, a ping when idle; for
        a phone that names its player and itself (`holder`: name, device), `event: twin` with the number of other
        devices open on that name, on connect and whenever it changes."""
        self.watchers[game] = self.watchers.get(game, 0) + 1
        held = False
        try:
            at = await run_in_threadpool(self.position, game)
            self.positions.setdefault(game, at)
            self.started()
            yield f"retry: 1000\nevent: seq\ndata: {at[0]}\n\n"
            said, told = time.monotonic(), None
            if holder:
                self.hold(game, holder, 1)
                held = True
            while not self.closing:
                if holder and self.others(game, holder) != told:
                    told = self.others(game, holder)
                    yield f"event: twin\ndata: {told}\n\n"
                try:
                    await asyncio.wait_for(self.changed.wait(), 1.0)
                except TimeoutError:
                    if request is not None and await request.is_disconnected():
                        break
                now = self.positions.get(game, at)
                if not now[2]:  # the game is gone: the page, reconnecting, learns that its link is dead
                    break
                if now != at:
                    at, said = now, time.monotonic()
                    yield f"event: seq\ndata: {at[0]}\n\n"
                elif time.monotonic() - said >= PING:
                    said = time.monotonic()
                    yield ": ping\n\n"
        finally:
            if held and holder:
                self.hold(game, holder, -1)
            self.watchers[game] -= 1
            if not self.watchers[game]:
                del self.watchers[game]
                self.positions.pop(game, None)

    def close(self) -> None:
        self.closing = True

        def stop_waiting() -> None:
            self.changed.set()
            self.wake.set()

        self.signal(stop_waiting)
        with self.lock:
            if self.db is not None:
                self.db.close()
                self.db = None
