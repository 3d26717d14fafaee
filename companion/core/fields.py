"""The one validator every game's `from_dict` reads an untrusted state dict with (a token or the store may hold
anything): each field typed and range-checked, each failure one BadState line that names the field."""
from __future__ import annotations

import builtins

from companion.core.engine import BadState
from companion.core.language import N_, _


def shape(v) -> str:
    """What a refused value is, never what it says: an error must not quote stored data back at the player."""
    if isinstance(v, bool):
        return _("true or false")
    if isinstance(v, int):
        return _("another number")
    for kind, words in ((str, N_("other text")), (float, N_("a fraction")), (list, N_("a list")),
                        (dict, N_("a mapping"))):
        if isinstance(v, kind):
            return _(words)
    return _("missing") if v is None else _("something else")


class Fields:
    """Typed reads from one mapping; `where` prefixes the field names (a player's sub-dict: "player 2.")."""

    def __init__(self, data, where: str = "", what: str = N_("a state")):
        if not isinstance(data, dict):
            raise BadState(_("{field} must be a mapping, not {type}").format(field=where.rstrip(".") or _(what),
                                                                              type=type(data).__name__))
        self.data, self.where = data, where

    def label(self, key: str, what: str) -> str:
        return f"{self.where}{key}" + (f" ({_(what)})" if what else "")

    def get(self, key: str, default=None):
        """A field whose shape the caller checks itself."""
        return self.data.get(key, default)

    def has(self, key: str) -> bool:
        return key in self.data

    def equal(self, key: str, want, what: str = ""):
        v = self.data.get(key)
        if v != want:
            raise BadState(_("{field} must be {want}, not {shape}").format(field=self.label(key, what), want=repr(want),
                                                                            shape=shape(v)))
        return v

    def int(self, key: str, lo: int, hi: int, what: str = "", default=None, span: str = "") -> int:
        """A whole number lo..hi (no bool); `span` words the range where the bare numbers would not read well."""
        v = self.data.get(key, default)
        if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
            raise BadState(_("{field} must be a whole number {span}, not {shape}").format(
                field=self.label(key, what), span=_(span) if span else _("from {lo} to {hi}").format(lo=lo, hi=hi),
                shape=shape(v)))
        return v

    def flag(self, key: str, what: str = "") -> bool:
        """A 0/1 field, left out when 0."""
        return bool(self.int(key, 0, 1, what, 0))

    def text(self, key: str, allowed: str | None = None, what: str = "", default: str = "") -> str:
        """A string, each character among `allowed` when given."""
        v = self.data.get(key, default)
        if not isinstance(v, str) or (allowed is not None and any(ch not in allowed for ch in v)):
            raise BadState((_("{field} must be text of {allowed}, not {shape}") if allowed else
                            _("{field} must be text, not {shape}")).format(field=self.label(key, what),
                                                                            allowed=repr(allowed), shape=shape(v)))
        return v

    def list(self, key: str, what: str = "") -> list:
        v = self.data.get(key, [])
        if not isinstance(v, list):
            raise BadState(_("{field} must be a list, not {shape}").format(field=self.label(key, what), shape=shape(v)))
        return v

    def ints(self, key: str, allowed, what: str = "") -> builtins.list[builtins.int]:  # list, int: methods here
        """A list of whole numbers, each in `allowed` (a range or a set)."""
        vals = self.list(key, what)
        if any(not isinstance(v, int) or isinstance(v, bool) or v not in allowed for v in vals):
            raise BadState(_("{field} lists a number out of range").format(field=self.label(key, what)))
        return vals
