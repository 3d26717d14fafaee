"""Saved games and solo history in one SQLite file; every command runs as one transaction."""
from __future__ import annotations

import json
import os
import sqlite3
from contextlib import contextmanager
from datetime import datetime, timezone
from typing import NamedTuple

from companion.folders import data_home

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id      TEXT PRIMARY KEY,
    kind    TEXT NOT NULL,
    setup   TEXT NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,
    action  TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS redo (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,
    action  TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS solo_scores (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    landscape TEXT NOT NULL,
    length    INTEGER NOT NULL,
    golden    INTEGER NOT NULL,
    rotten    INTEGER NOT NULL,
    score     INTEGER NOT NULL,
    rank      TEXT NOT NULL,
    played    TEXT NOT NULL
);
"""


class UnknownGame(ValueError):
    """A game id that is not in the store."""


class StoreError(RuntimeError):
    """The saved-games file cannot be used (a folder we may not write, a damaged file, another command busy)."""


def explain(exc: BaseException, path: str) -> str | None:
    """One line a player can act on for an error of the store's file or folder; None for any other error."""
    if isinstance(exc, StoreError):
        return str(exc)
    if isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc):
        return "the saved games are busy in another companion command; try again in a moment"
    if isinstance(exc, sqlite3.DatabaseError):
        return (f"{path} is not a readable companion store ({exc}); move it aside, or set COMPANION_HOME to "
                "another folder")
    return None


class GameRecord(NamedTuple):
    """A saved game as the store holds it: setup plus the action log (and what undo set aside)."""

    id: str
    kind: str
    setup: dict
    actions: list[dict]
    redo: list[dict]
    created: str
    updated: str


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds")


class Store:
    """One SQLite file; open it, then do all work of a command inside `transaction()`."""

    def __init__(self, path: str | None = None):
        self.path = str(path) if path else os.path.join(data_home(), "games.sqlite")
        folder = os.path.dirname(self.path) or "."
        try:
            os.makedirs(folder, exist_ok=True)
            self.db = sqlite3.connect(self.path, isolation_level=None, timeout=5)
        except (OSError, sqlite3.Error) as exc:
            why = ("a file is in the way" if isinstance(exc, (FileExistsError, NotADirectoryError))
                   else getattr(exc, "strerror", None) or exc)
            raise StoreError(f"cannot keep saved games in {folder} ({why}); "
                             "set COMPANION_HOME to a folder you may write") from None
        try:
            self.db.execute("PRAGMA foreign_keys = ON")
            self.db.executescript(SCHEMA)
        except sqlite3.Error as exc:
            self.db.close()
            raise StoreError(explain(exc, self.path)) from None

    def close(self) -> None:
        self.db.close()

    @contextmanager
    def transaction(self):
        """All of a command lands, or none of it: an exception rolls everything back."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        else:
            self.db.execute("COMMIT")

    # games -------------------------------------------------------------
    def create_game(self, kind: str, setup: dict, wanted_id: str | None = None) -> str:
        """A new game: with the wanted id if it is free (a resumed token keeps its id), else the next kind-N."""
        taken = {r[0] for r in self.db.execute("SELECT id FROM games")}
        if wanted_id and wanted_id not in taken:
            game_id = wanted_id
        else:
            n = 1
            while f"{kind}-{n}" in taken:
                n += 1
            game_id = f"{kind}-{n}"
        stamp = now()
        self.db.execute(
            "INSERT INTO games (id, kind, setup, created, updated) VALUES (?, ?, ?, ?, ?)",
            (game_id, kind, json.dumps(setup, sort_keys=True), stamp, stamp),
        )
        return game_id

    def latest(self, kind: str | None = None) -> str:
        """The most recently touched game (of a kind), the default for every command."""
        sql = "SELECT id FROM games" + (" WHERE kind = ?" if kind else "") + " ORDER BY updated DESC, rowid DESC LIMIT 1"
        row = self.db.execute(sql, (kind,) if kind else ()).fetchone()
        if row is None:
            what = f"{kind} game" if kind else "game"
            raise UnknownGame(f"no saved {what} yet; start one with `companion {kind or 'sssnake'} new`")
        return row[0]

    def load(self, game_id: str) -> GameRecord:
        row = self.db.execute(
            "SELECT id, kind, setup, created, updated FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            known = ", ".join(r[0] for r in self.db.execute("SELECT id FROM games ORDER BY rowid")) or "none"
            raise UnknownGame(f"no game {game_id!r}; saved games: {known}")
        actions = [json.loads(a) for (a,) in self.db.execute(
            "SELECT action FROM actions WHERE game_id = ? ORDER BY seq", (game_id,))]
        redo = [json.loads(a) for (a,) in self.db.execute(
            "SELECT action FROM redo WHERE game_id = ? ORDER BY seq", (game_id,))]
        return GameRecord(row[0], row[1], json.loads(row[2]), actions, redo, row[3], row[4])

    def games(self) -> list[GameRecord]:
        """Every saved game, most recent first (logs included, for their one-line summaries)."""
        ids = [r[0] for r in self.db.execute("SELECT id FROM games ORDER BY updated DESC, rowid DESC")]
        return [self.load(i) for i in ids]

    def _touch(self, game_id: str) -> None:
        self.db.execute("UPDATE games SET updated = ? WHERE id = ?", (now(), game_id))

    def append(self, game_id: str, action: dict) -> None:
        """Log a new action; a new action makes the undone ones unreachable, as in any editor."""
        (n,) = self.db.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,)).fetchone()
        self.db.execute("INSERT INTO actions (game_id, seq, action) VALUES (?, ?, ?)",
                        (game_id, n, json.dumps(action, sort_keys=True)))
        self.db.execute("DELETE FROM redo WHERE game_id = ?", (game_id,))
        self._touch(game_id)

    def undo(self, game_id: str) -> dict | None:
        """Move the last action onto the redo stack; None when there is nothing to undo."""
        return self._move(game_id, "actions", "redo")

    def redo(self, game_id: str) -> dict | None:
        """Put the most recently undone action back on the log; None when nothing was undone."""
        return self._move(game_id, "redo", "actions")

    def _move(self, game_id: str, source: str, target: str) -> dict | None:
        """Pop the top of one stack (the action log or the redo stack) and push it onto the other."""
        row = self.db.execute(f"SELECT seq, action FROM {source} WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
                              (game_id,)).fetchone()
        if row is None:
            return None
        seq, action = row
        self.db.execute(f"DELETE FROM {source} WHERE game_id = ? AND seq = ?", (game_id, seq))
        (top,) = self.db.execute(f"SELECT COALESCE(MAX(seq), -1) + 1 FROM {target} WHERE game_id = ?",
                                 (game_id,)).fetchone()
        self.db.execute(f"INSERT INTO {target} (game_id, seq, action) VALUES (?, ?, ?)", (game_id, top, action))
        self._touch(game_id)
        return json.loads(action)

    # solo history --------------------------------------------------------
    def record_solo(self, landscape: str, length: int, golden: int, rotten: int, score: int, rank: str) -> int:
        """A solo game played on paper; games played with the companion are read from their logs instead."""
        cur = self.db.execute(
            "INSERT INTO solo_scores (landscape, length, golden, rotten, score, rank, played)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (landscape, length, golden, rotten, score, rank, now()))
        return cur.lastrowid

    def solo_scores(self, landscape: str | None = None) -> list[dict]:
        sql = "SELECT id, landscape, length, golden, rotten, score, rank, played FROM solo_scores"
        args: tuple = ()
        if landscape:
            sql += " WHERE landscape = ?"
            args = (landscape,)
        cols = ("id", "landscape", "length", "golden", "rotten", "score", "rank", "played")
        return [dict(zip(cols, r)) for r in self.db.execute(sql + " ORDER BY id", args)]
