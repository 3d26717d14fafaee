"""The one validator every game's `from_dict` reads an untrusted state dict with (a token or the store may hold
anything): each field typed and range-checked, each failure one BadState line that names the field."""
from __future__ import annotations

import builtins

from companion.core.engine import BadState


def shape(v) -> str:
    """What a refused value is, never what it says: an error must not quote stored data back at the player."""
    if isinstance(v, bool):
        return "true or false"
    if isinstance(v, int):
        return "another number"
    for kind, words in ((str, "other text"), (float, "a fraction"), (list, "a list"), (dict, "a mapping")):
        if isinstance(v, kind):
            return words
    return "missing" if v is None else "something else"


class Fields:
    """Typed reads from one mapping; `where` prefixes the field names (a player's sub-dict: "player 2.")."""

    def __init__(self, data, where: str = "", what: str = "a state"):
        if not isinstance(data, dict):
            raise BadState(f"{where.rstrip('.') or what} must be a mapping, not {type(data).__name__}")
        self.data, self.where = data, where

    def label(self, key: str, what: str) -> str:
        return f"{self.where}{key}" + (f" ({what})" if what else "")

    def get(self, key: str, default=None):
        """A field whose shape the caller checks itself."""
        return self.data.get(key, default)

    def has(self, key: str) -> bool:
        return key in self.data

    def equal(self, key: str, want, what: str = ""):
        v = self.data.get(key)
        if v != want:
            raise BadState(f"{self.label(key, what)} must be {want!r}, not {shape(v)}")
        return v

    def int(self, key: str, lo: int, hi: int, what: str = "", default=None, span: str = "") -> int:
        """A whole number lo..hi (no bool); `span` words the range where the bare numbers would not read well."""
        v = self.data.get(key, default)
        if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
            raise BadState(f"{self.label(key, what)} must be a whole number {span or f'from {lo} to {hi}'}, "
                           f"not {shape(v)}")
        return v

    def flag(self, key: str, what: str = "") -> bool:
        """A 0/1 field, left out when 0."""
        return bool(self.int(key, 0, 1, what, 0))

    def text(self, key: str, allowed: str | None = None, what: str = "", default: str = "") -> str:
        """A string, each character among `allowed` when given."""
        v = self.data.get(key, default)
        if not isinstance(v, str) or (allowed is not None and any(ch not in allowed for ch in v)):
            raise BadState(f"{self.label(key, what)} must be text" + (f" of {allowed!r}" if allowed else "")
                           + f", not {shape(v)}")
        return v

    def list(self, key: str, what: str = "") -> list:
        v = self.data.get(key, [])
        if not isinstance(v, list):
            raise BadState(f"{self.label(key, what)} must be a list, not {shape(v)}")
        return v

    def ints(self, key: str, allowed, what: str = "") -> builtins.list[builtins.int]:  # list, int: methods here
        """A list of whole numbers, each in `allowed` (a range or a set)."""
        vals = self.list(key, what)
        if any(not isinstance(v, int) or isinstance(v, bool) or v not in allowed for v in vals):
            raise BadState(f"{self.label(key, what)} lists a number out of range")
        return vals
