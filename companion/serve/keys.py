"""The secrets in a served game's links: derived from one random key kept in the data folder (serve.key, 0600), so a
restart, a laptop's sleep or a crash keeps every phone's link, and bound to the game's own identity (its id and the
moment it was created), so a new game under a reused id gets new links. No web library is imported here."""
from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets

from companion.core.language import _
from companion.shared.session import Refused

LENGTH = 16  # base32 characters: 80 bits, short enough to type from a screen if the QR code fails
SIZE = 32  # bytes of the key
FILE = "serve.key"


def new_key() -> bytes:
    return secrets.token_bytes(SIZE)


def key_path() -> str:
    from companion.core.folders import data_home

    return os.path.join(data_home(), FILE)


def stored_key(new: bool = False) -> bytes:
    """The key of every link, kept so the links outlive a serve; `new` draws another (the old links die). The file
    appears whole or not at all (written aside, then linked or renamed into place), readable by its owner only."""
    path = key_path()
    if not new:
        try:
            return read_key(path)
        except FileNotFoundError:
            pass
    os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
    aside = f"{path}.{secrets.token_hex(8)}"
    with os.fdopen(os.open(aside, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o600),
                   "wb") as out:
        out.write(new_key())
        out.flush()
        os.fsync(out.fileno())
    try:
        if new:
            os.replace(aside, path)
        else:
            try:
                os.link(aside, path)
            except FileExistsError:  # another serve drew the key first: theirs is the one
                pass
    finally:
        if os.path.exists(aside):
            os.unlink(aside)
    return read_key(path)


def read_key(path: str) -> bytes:
    """The stored key; a file others may read, or that holds no key, is refused in one line naming the way out."""
    redraw = _("`companion serve --new-links` draws a new one (the links printed before stop working)")
    try:
        with open(path, "rb") as kept:
            if os.name == "posix" and os.fstat(kept.fileno()).st_mode & 0o077:
                raise Refused(_("{path} may be read by others, so the links may be known; {redraw}").format(
                    path=path, redraw=redraw))
            key = kept.read(SIZE + 1)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise Refused(_("{path} cannot be read ({why}); {redraw}").format(path=path, why=exc.strerror,
                                                                           redraw=redraw)) from None
    if len(key) != SIZE:
        raise Refused(_("{path} holds no key (damaged?); {redraw}").format(path=path, redraw=redraw))
    return key


def identity(game_id: str) -> tuple[str, str] | None:
    """(kind, created) of a saved game, or None: what its secrets are bound to (a reused id is another game)."""
    from companion.shared import session

    store = session.open_store()
    try:
        try:
            row = store.db.execute("SELECT kind, created FROM games WHERE id = ?", (game_id,)).fetchone()
        except ValueError:  # a row that is not valid text: no link to it can be checked
            return None
        return (row[0], row[1]) if row else None
    finally:
        store.close()


def _secret(key: bytes, purpose: str, game_id: str, created: str) -> str:
    digest = hmac.new(key, "\0".join((purpose, game_id, created)).encode(), hashlib.sha256).digest()
    return base64.b32encode(digest).decode().lower()[:LENGTH]


def join_secret(key: bytes, game_id: str, created: str) -> str:
    """The secret of a game's table and player pages (everyone at the table has it)."""
    return _secret(key, "join", game_id, created)


def bolotomus_secret(key: bytes, game_id: str, created: str) -> str:
    """The secret of the Bolotomus' private page (the hidden Spark and Splops): only the serving terminal shows it."""
    return _secret(key, "bolotomus", game_id, created)


def matches(given: str, wanted: str) -> bool:
    """A constant-time comparison, so the time a wrong secret takes says nothing about the right one."""
    return hmac.compare_digest(given.encode(), wanted.encode())
