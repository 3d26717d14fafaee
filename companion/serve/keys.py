"""The secrets in a served game's links: derived from one random key per `companion serve`, so a link from an earlier
serve stops working, and nothing needs storing. No web library is imported here."""
from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

LENGTH = 16  # base32 characters: 80 bits, short enough to type from a screen if the QR code fails


def new_key() -> bytes:
    return secrets.token_bytes(32)


def _secret(key: bytes, purpose: str, game_id: str) -> str:
    digest = hmac.new(key, f"{purpose}:{game_id}".encode(), hashlib.sha256).digest()
    return base64.b32encode(digest).decode().lower()[:LENGTH]


def join_secret(key: bytes, game_id: str) -> str:
    """The secret of a game's table and player pages (everyone at the table has it)."""
    return _secret(key, "join", game_id)


def bolotomus_secret(key: bytes, game_id: str) -> str:
    """The secret of the Bolotomus' private page (the hidden Spark and Splops): only the serving terminal shows it."""
    return _secret(key, "bolotomus", game_id)


def matches(given: str, wanted: str) -> bool:
    """A constant-time comparison, so the time a wrong secret takes says nothing about the right one."""
    return hmac.compare_digest(given.encode(), wanted.encode())
