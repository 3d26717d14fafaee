"""The saved-games file opened: its SQLite connection, the upgrade to this schema, transactions, and how damage to
the file or a row reads to a player (never quoting what the file holds); the rows themselves are db.py's."""
import json
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Self

from companion.core.language import _
from companion.store.schema import MIGRATIONS, SCHEMA, VERSION


class StoreError(RuntimeError):
    """The saved-games file cannot be used (a folder we may not write, a damaged file, another command busy)."""


class Unreadable(StoreError):
    """One saved game this companion cannot open; the message names it and the trouble, never the game's content."""

    def __init__(self, game_id: str, why: str):
        super().__init__(_("saved game {game} {why}; other games are unaffected").format(game=game_id, why=why))
        self.why = why


def damaged(game_id: str, what: str, **values) -> Unreadable:
    """Damage named by its kind (`what`, marked N_, filled with `values`), so the message can never carry the
    damaged data itself."""
    return Unreadable(game_id, _("is damaged: {what}").format(what=_(what).format(**values)))


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
        return _("the saved games are busy in another companion command; try again in a moment")
    name = getattr(exc, "sqlite_errorname", None) or ""
    if name.startswith("SQLITE_READONLY"):
        return read_only(path)
    if isinstance(exc, sqlite3.DatabaseError):
        return _("{path} is not a readable companion store ({name}); move it aside, or set COMPANION_HOME to "
                 "another folder").format(path=path, name=name or _("damaged"))
    return None


def read_only(path: str) -> str:
    """Why a change is refused when the file or its folder may not be written; reads go on."""
    return _("the saved games in {path} are read-only; make the file and its folder writable to change them "
             "(reading works as it is)").format(path=path)


def parsed(text) -> dict | None:
    """The JSON object a row holds, or None when the row is damaged (not UTF-8, not JSON, not an object)."""
    try:
        value = json.loads(text)
    except (ValueError, TypeError):
        return None
    return value if isinstance(value, dict) else None


class Connection:
    """The open file: every command's work happens inside `transaction()` (or `reading()` for reads alone)."""

    def __init__(self, path: str):
        self.path = path
        folder = os.path.dirname(self.path) or "."
        try:
            os.makedirs(folder, mode=0o700, exist_ok=True)  # a new folder is the player's alone; an old one is kept
            if not os.path.exists(self.path):
                os.close(os.open(self.path, os.O_WRONLY | os.O_CREAT, 0o600))  # SQLite's journals copy this mode
            self.read_only = not (os.access(self.path, os.W_OK) and os.access(folder, os.W_OK))
            self.db = sqlite3.connect(self.uri() if self.read_only else self.path, isolation_level=None, timeout=5,
                                      uri=self.read_only, factory=TextChecked)
        except (OSError, sqlite3.Error) as exc:
            why = (_("a file is in the way") if isinstance(exc, (FileExistsError, NotADirectoryError))
                   else getattr(exc, "strerror", None) or _("it cannot be opened"))
            raise StoreError(_("cannot keep saved games in {folder} ({why}); set COMPANION_HOME to a folder you may "
                               "write").format(folder=folder, why=why)) from None
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
            raise StoreError(_("the saved games in {path} were written by a newer companion (store version "
                               "{version}; this one reads up to {known}); upgrade companion to use them").format(
                path=self.path, version=version, known=VERSION))
        if self.read_only:
            raise StoreError(_("the saved games in {path} are read-only and from an older companion; make them "
                               "writable once so this version can upgrade them").format(path=self.path))
        with self.transaction():
            (version,) = self.db.execute("PRAGMA user_version").fetchone()  # another command may have done it
            for statement in (SCHEMA if version == 0 else ()) + sum(MIGRATIONS[version:], ()):
                self.db.execute(statement)
            self.db.execute(f"PRAGMA user_version = {VERSION}")

    def close(self) -> None:
        self.db.close()

    @contextmanager
    def transaction(self) -> Iterator[Self]:
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
    def reading(self) -> Iterator[Self]:
        """Reads that see one moment of the file (a list and the games in it): a rename or delete by another command
        waits until they are done instead of pulling a listed game away."""
        self.db.execute("BEGIN")
        try:
            yield self
        finally:
            self.db.execute("COMMIT")

    def unreadable(self, what: str) -> StoreError:
        """The whole file is in doubt when a row no game owns is not valid text."""
        return StoreError(_("{path} is damaged: {what} is not valid text; move it aside, or set COMPANION_HOME "
                            "to another folder").format(path=self.path, what=_(what)))
