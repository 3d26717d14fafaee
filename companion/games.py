"""Which games the companion knows, loaded on demand so a command pays only for its own game."""
from __future__ import annotations

import importlib

from companion.engine import Engine

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
