"""Which games the companion knows, loaded on demand so a command pays only for its own game."""
from __future__ import annotations

import importlib
import re

from companion.engine import Engine

GAME_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")  # a game id: what the store makes (kind-N) and a token carries

ENGINES = {
    "sssnake": "companion.sssnake.game:ENGINE",
    "snits": "companion.snits.game:ENGINE",
}


def engine(kind: str) -> Engine:
    """The rules engine for a stored game's kind."""
    try:
        module, attr = ENGINES[kind].split(":")
    except KeyError:
        raise ValueError(f"unknown game kind {kind!r}; known: {', '.join(ENGINES)}") from None
    return getattr(importlib.import_module(module), attr)
