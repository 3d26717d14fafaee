"""Saved games and solo history in one SQLite file; every command runs as one transaction.

Over 300 lines for a reason: `Store` is the file's whole vocabulary (games, log, undo and redo, snapshots, set-aside
actions, solo scores), each method one short query, and one transaction's SQL reads best in one place; the schema
is in store/schema.py and opening a game under the rules in saved.py."""
import json
import os
import sqlite3
from contextlib import contextmanager
from datetime import UTC, datetime

from companion.core.folders import data_home
from companion.core.games import GAMES
from companion.core.record import Value
from companion.store.schema import MIGRATIONS, SCHEMA, VERSION


class UnknownGame(ValueError):
    """A game id that is not in the store."""


class StoreError(RuntimeError):
    """The saved-games file cannot be used (a folder we may not write, a damaged file, another command busy)."""


class Unreadable(StoreError):
    """One saved game this companion cannot open; the message names it and the trouble, never the game's content."""

    def __init__(self, game_id: str, why: str):
        super().__init__(f"saved game {game_id} {why}; other games are unaffected")
        self.why = why


def damaged(game_id: str, what: str) -> Unreadable:
    """Damage named by its kind (`what`), so the message can never carry the damaged data itself."""
    return Unreadable(game_id, f"is damaged: {what}")


class TextChecked(sqlite3.Connection):
    """A connection whose statements fail as SQLite errors when the file's own text is damaged: a broken schema
    page makes SQLite's message (which strict UTF-8 decodes) undecodable, and that must read as damage, not crash."""

    def execute(self, *args):
        try:
            return super().execute(*args)
        except UnicodeDecodeError:
            raise sqlite3.DatabaseError("the file's text is damaged") from None


def explain(exc: BaseException, path: str) -> str | None:
    """One line a player can act on for an error of the store's file or folder; None for any other error.

    SQLite's own text is never shown: it can quote a stored row (a setup with the hidden Spark in it).
    """
    if isinstance(exc, StoreError):
        return str(exc)
    if isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc):
        return "the saved games are busy in another companion command; try again in a moment"
    name = getattr(exc, "sqlite_errorname", None) or ""
    if name.startswith("SQLITE_READONLY"):
        return read_only(path)
    if isinstance(exc, sqlite3.DatabaseError):
        return (f"{path} is not a readable companion store ({name or 'damaged'}); move it aside, or set "
                "COMPANION_HOME to another folder")
    return None


def read_only(path: str) -> str:
    """Why a change is refused when the file or its folder may not be written; reads go on."""
    return (f"the saved games in {path} are read-only; make the file and its folder writable to change them "
            "(reading works as it is)")


def parsed(text) -> dict | None:
    """The JSON object a row holds, or None when the row is damaged (not UTF-8, not JSON, not an object)."""
    try:
        value = json.loads(text)
    except (ValueError, TypeError):
        return None
    return value if isinstance(value, dict) else None


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


class GameRecord(Value):
    """A saved game as a command opens it: its row and the open store its snapshots and log are read from."""

    id: str
    kind: str
    setup: dict
    rules_version: int
    created: str
    updated: str
    archived: bool
    store: "Store"

    @property
    def actions(self) -> list[dict]:
        """The whole log, read when asked for: a table command reads only what follows the latest snapshot."""
        return self.store.whole(self.id, "actions")

    @property
    def redo(self) -> list[dict]:
        """What undo set aside, the next to redo last."""
        return self.store.whole(self.id, "redo")


class Store:
    """One SQLite file; open it, then do all work of a command inside `transaction()`."""

    def __init__(self, path: str | None = None):
        self.path = str(path) if path else os.path.join(data_home(), "games.sqlite")
        folder = os.path.dirname(self.path) or "."
        try:
            os.makedirs(folder, mode=0o700, exist_ok=True)  # a new folder is the player's alone; an old one is kept
            if not os.path.exists(self.path):
                os.close(os.open(self.path, os.O_WRONLY | os.O_CREAT, 0o600))  # SQLite's journals copy this mode
            self.read_only = not (os.access(self.path, os.W_OK) and os.access(folder, os.W_OK))
            self.db = sqlite3.connect(self.uri() if self.read_only else self.path, isolation_level=None, timeout=5,
                                      uri=self.read_only, factory=TextChecked)
        except (OSError, sqlite3.Error) as exc:
            why = ("a file is in the way" if isinstance(exc, (FileExistsError, NotADirectoryError))
                   else getattr(exc, "strerror", None) or "it cannot be opened")
            raise StoreError(f"cannot keep saved games in {folder} ({why}); "
                             "set COMPANION_HOME to a folder you may write") from None
        self.db.text_factory = bytes.decode  # strict UTF-8: a damaged row raises, never comes back mangled
        try:
            self.db.execute("PRAGMA foreign_keys = ON")
            (version,) = self.db.execute("PRAGMA user_version").fetchone()
            if version != VERSION:
                self.upgrade(version)
        except BaseException as exc:
            self.db.close()
            why = explain(exc, self.path)
            if why is None:
                raise
            raise StoreError(why) from None

    def uri(self) -> str:
        """The file as a read-only SQLite URI (the characters a URI gives a meaning escaped)."""
        escaped = self.path.replace("%", "%25").replace("?", "%3f").replace("#", "%23")
        return f"file:{escaped}?mode=ro"

    def upgrade(self, version: int) -> None:
        """Bring an older store to this version's schema in one transaction (a newer one is refused, not touched)."""
        if version > VERSION:
            raise StoreError(f"the saved games in {self.path} were written by a newer companion (store version "
                             f"{version}; this one reads up to {VERSION}); upgrade companion to use them")
        if self.read_only:
            raise StoreError(f"the saved games in {self.path} are read-only and from an older companion; make them "
                             "writable once so this version can upgrade them")
        with self.transaction():
            (version,) = self.db.execute("PRAGMA user_version").fetchone()  # another command may have done it
            for statement in (SCHEMA if version == 0 else ()) + sum(MIGRATIONS[version:], ()):
                self.db.execute(statement)
            self.db.execute(f"PRAGMA user_version = {VERSION}")

    def close(self) -> None:
        self.db.close()

    @contextmanager
    def transaction(self):
        """All of a command lands, or none of it: an exception rolls everything back."""
        if self.read_only:
            raise StoreError(read_only(self.path))
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        else:
            self.db.execute("COMMIT")

    @contextmanager
    def reading(self):
        """Reads that see one moment of the file (a list and the games in it): a rename or delete by another command
        waits until they are done instead of pulling a listed game away."""
        self.db.execute("BEGIN")
        try:
            yield self
        finally:
            self.db.execute("COMMIT")

    # games -------------------------------------------------------------
    def ids(self, kind: str | None = None, archived: bool | None = None) -> list[str]:
        """Game ids (of a kind; archived or not, None: both), most recently changed first."""
        sql = ("SELECT id FROM games WHERE (?1 IS NULL OR kind = ?1) AND (?2 IS NULL OR archived = ?2) "
               "ORDER BY updated DESC, rowid DESC")
        try:
            return [r[0] for r in self.db.execute(sql, (kind, archived))]
        except ValueError:
            raise self.unreadable("a game id") from None

    def unreadable(self, what: str) -> StoreError:
        """The whole file is in doubt when a row no game owns is not valid text."""
        return StoreError(f"{self.path} is damaged: {what} is not valid text; move it aside, or set COMPANION_HOME "
                          "to another folder")

    def create_game(self, kind: str, setup: dict, rules_version: int, wanted_id: str | None = None) -> str:
        """A new game: with the wanted id if it is free (a resumed token keeps its id), else the next kind-N."""
        taken = set(self.ids())
        if wanted_id and wanted_id not in taken:
            game_id = wanted_id
        else:
            n = 1
            while f"{kind}-{n}" in taken:
                n += 1
            game_id = f"{kind}-{n}"
        stamp = now()
        self.db.execute(
            "INSERT INTO games (id, kind, setup, created, updated, rules_version) VALUES (?, ?, ?, ?, ?, ?)",
            (game_id, kind, json.dumps(setup, sort_keys=True), stamp, stamp, rules_version),
        )
        return game_id

    def latest(self, kind: str | None = None) -> str:
        """The most recently touched game (of a kind) out of the archive, the default for every command."""
        ids = self.ids(kind, archived=False)
        if not ids:
            what = f"{kind} game" if kind else "game"
            if self.ids(kind):
                raise UnknownGame(f"every saved {what} is archived; `companion games unarchive ID` brings one back "
                                  f"(`companion games --all` lists them), or `--game ID` names one")
            raise UnknownGame(f"no saved {what} yet; start one with `companion {kind or 'sssnake'} new`")
        return ids[0]

    def load(self, game_id: str) -> GameRecord:
        """The game's row; a damaged one raises Unreadable, which names the trouble and never the content."""
        try:
            row = self.db.execute("SELECT id, kind, CAST(setup AS BLOB), rules_version, created, updated, archived "
                                  "FROM games WHERE id = ?", (game_id,)).fetchone()
        except ValueError:
            raise damaged(game_id, "its row is not valid text") from None
        if row is None:
            raise UnknownGame(f"no game {game_id!r}; saved games: {', '.join(sorted(self.ids())) or 'none'}")
        if row[1] not in GAMES:
            raise damaged(game_id, "its kind is not a game this companion knows")
        setup = parsed(row[2])
        if setup is None:
            raise damaged(game_id, "its setup is not valid JSON")
        return GameRecord(row[0], row[1], setup, row[3], row[4], row[5], bool(row[6]), self)

    def games(self, kind: str | None = None) -> list[GameRecord]:
        """Every saved game (of a kind, archived ones too) this companion can read, most recent first
        (`companion games` names the others)."""
        records = []
        with self.reading():
            for game_id in self.ids(kind):
                try:
                    records.append(self.load(game_id))
                except Unreadable:
                    continue
        return records

    def delete(self, game_id: str) -> None:
        """The game and all it owns (its log, redo stack, snapshots and set-aside actions) are gone for good."""
        self.db.execute("DELETE FROM games WHERE id = ?", (game_id,))

    def rename(self, game_id: str, new_id: str) -> None:
        """The game and all it owns under a new id (a free one: the caller checks); its place in the list stays."""
        self.db.execute("PRAGMA defer_foreign_keys = ON")  # the rows follow their game before the commit checks
        for table in ("actions", "redo", "snapshots", "set_aside"):
            self.db.execute(f"UPDATE {table} SET game_id = ? WHERE game_id = ?", (new_id, game_id))
        self.db.execute("UPDATE games SET id = ? WHERE id = ?", (new_id, game_id))

    def archive(self, game_id: str, archived: bool) -> None:
        """Put the game into the archive (out of the list and never the default) or take it out; nothing else."""
        self.db.execute("UPDATE games SET archived = ? WHERE id = ?", (int(archived), game_id))

    def log(self, game_id: str, table: str = "actions", since: int = 0) -> list[dict | None]:
        """The log (or the redo stack) from its `since`-th action on; None stands for a damaged action."""
        return [parsed(a) for (a,) in self.db.execute(
            f"SELECT CAST(action AS BLOB) FROM {table} WHERE game_id = ? AND seq >= ? ORDER BY seq", (game_id, since))]

    def whole(self, game_id: str, table: str) -> list[dict]:
        """The whole log (or redo stack), every action readable, or Unreadable saying which is not."""
        actions = self.log(game_id, table)
        if None in actions:
            where = "log" if table == "actions" else "redo stack"
            raise damaged(game_id, f"action {actions.index(None) + 1} of its {where} is not valid JSON")
        return actions

    def snapshot(self, game_id: str, before: int | None = None) -> tuple[int, dict | None] | None:
        """The latest snapshot (taken before the `before`-th action): (actions it follows, its state, None if
        damaged); None when there is none."""
        row = self.db.execute("SELECT seq, CAST(state AS BLOB) FROM snapshots WHERE game_id = ?1 AND (?2 IS NULL OR "
                              "seq < ?2) ORDER BY seq DESC LIMIT 1", (game_id, before)).fetchone()
        return row and (row[0], parsed(row[1]))

    def keep_snapshot(self, game_id: str, seq: int, state: dict) -> None:
        """The state after the log's first `seq` actions, replacing one this version could not read."""
        self.db.execute("INSERT OR REPLACE INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)",
                        (game_id, seq, json.dumps(state, sort_keys=True, separators=(",", ":"))))

    def played(self, game_id: str, rules_version: int) -> None:
        """The game changed under these rules: it becomes the latest, and its rules version is theirs."""
        self.db.execute("UPDATE games SET updated = ?, rules_version = ? WHERE id = ?", (now(), rules_version, game_id))

    def append(self, game_id: str, action: dict) -> int:
        """Log a new action; a new action makes the undone ones unreachable, as in any editor. Returns the log's
        length."""
        (n,) = self.db.execute("SELECT COALESCE(MAX(seq), -1) + 1 FROM actions WHERE game_id = ?", (game_id,)).fetchone()
        self.db.execute("INSERT INTO actions (game_id, seq, action) VALUES (?, ?, ?)",
                        (game_id, n, json.dumps(action, sort_keys=True)))
        self.db.execute("DELETE FROM redo WHERE game_id = ?", (game_id,))
        return n + 1

    def undo(self, game_id: str) -> dict | None:
        """Move the last action onto the redo stack and drop the snapshot after it; None when there is nothing to
        undo ({} for a damaged action)."""
        moved = self._move(game_id, "actions", "redo")
        if moved is None:
            return None
        self.db.execute("DELETE FROM snapshots WHERE game_id = ? AND seq > ?", (game_id, moved[0]))
        return moved[1]

    def redo(self, game_id: str) -> dict | None:
        """Put the most recently undone action back on the log; None when nothing was undone ({} for a damaged
        action)."""
        moved = self._move(game_id, "redo", "actions")
        return moved and moved[1]

    def _move(self, game_id: str, source: str, target: str) -> tuple[int, dict] | None:
        """Pop the top of one stack (the action log or the redo stack) and push it onto the other, as stored:
        (its place in the source, the action)."""
        row = self.db.execute(f"SELECT seq, CAST(action AS BLOB) FROM {source} WHERE game_id = ? ORDER BY seq DESC "
                              "LIMIT 1", (game_id,)).fetchone()
        if row is None:
            return None
        (top,) = self.db.execute(f"SELECT COALESCE(MAX(seq), -1) + 1 FROM {target} WHERE game_id = ?",
                                 (game_id,)).fetchone()
        self.db.execute(f"INSERT INTO {target} (game_id, seq, action) SELECT game_id, ?, action FROM {source} "
                        "WHERE game_id = ? AND seq = ?", (top, game_id, row[0]))
        self.db.execute(f"DELETE FROM {source} WHERE game_id = ? AND seq = ?", (game_id, row[0]))
        return row[0], parsed(row[1]) or {}

    def set_aside(self, game_id: str, since: int, rules_version: int) -> None:
        """Take the log's actions from the `since`-th on, and the redo stack beyond them, out of the game into the
        set_aside table (kept, not deleted), with the snapshots after that point: these rules cannot replay them."""
        (end,) = self.db.execute("SELECT COALESCE(MAX(seq), -1) + 1 FROM actions WHERE game_id = ?",
                                 (game_id,)).fetchone()
        undone = [seq for (seq,) in self.db.execute("SELECT seq FROM redo WHERE game_id = ? ORDER BY seq DESC",
                                                     (game_id,))]
        stamp = now()
        places = [("actions", seq, seq) for seq in range(since, end)]
        places += [("redo", seq, end + k) for k, seq in enumerate(undone)]  # the top of the redo stack comes first
        for table, seq, place in places:
            self.db.execute(f"INSERT INTO set_aside (game_id, seq, action, rules_version, moved) SELECT game_id, ?, "
                            f"action, ?, ? FROM {table} WHERE game_id = ? AND seq = ?",
                            (place, rules_version, stamp, game_id, seq))
        self.db.execute("DELETE FROM actions WHERE game_id = ? AND seq >= ?", (game_id, since))
        self.db.execute("DELETE FROM snapshots WHERE game_id = ? AND seq > ?", (game_id, since))
        self.db.execute("DELETE FROM redo WHERE game_id = ?", (game_id,))

    # solo history --------------------------------------------------------
    def record_solo(self, landscape: str, length: int, golden: int, rotten: int, score: int, rank: str,
                    day: str | None = None) -> int:
        """A solo game played on paper (a daily game's with its day); games played with the companion are read
        from their logs instead."""
        cur = self.db.execute(
            "INSERT INTO solo_scores (landscape, length, golden, rotten, score, rank, played)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (landscape, length, golden, rotten, score, rank, now()))
        if day:
            self.db.execute("INSERT INTO solo_days (solo_id, day) VALUES (?, ?)", (cur.lastrowid, day))
        return cur.lastrowid

    def solo_scores(self, landscape: str | None = None) -> list[dict]:
        sql = ("SELECT id, landscape, length, golden, rotten, score, rank, played, day FROM solo_scores "
               "LEFT JOIN solo_days ON solo_id = id")
        args: tuple = ()
        if landscape:
            sql += " WHERE landscape = ?"
            args = (landscape,)
        cols = ("id", "landscape", "length", "golden", "rotten", "score", "rank", "played", "day")
        try:
            return [dict(zip(cols, r)) for r in self.db.execute(sql + " ORDER BY id", args)]
        except ValueError:
            raise self.unreadable("a solo score") from None
