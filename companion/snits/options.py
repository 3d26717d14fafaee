"""The rule numbers a game is played with: the rulebook's defaults (templates/snits/rules.toml) and variants."""
from __future__ import annotations

from functools import lru_cache

from companion.core.edition_data import read_template
from companion.core.engine import IllegalAction
from companion.core.language import _
from companion.core.record import Value


class Options(Value):
    organs_to_win: int = 9
    channel: int = 2
    canal: int = 1
    force: int = 0   # Snits per player; 0: the rulebook's number for this many Snit players

    def changed(self) -> dict:
        """Only what differs from the rulebook, so a saved game stays short."""
        base = defaults()
        return {name: getattr(self, name) for name in self._fields if getattr(self, name) != getattr(base, name)}


LIMITS = {"organs_to_win": (1, 15), "channel": (1, 9), "canal": (1, 9), "force": (0, 21)}


@lru_cache(maxsize=1)
def table() -> dict:
    return read_template("snits", "rules.toml")


def defaults() -> Options:
    t = table()
    return Options(t["organs_to_win"], t["channel"], t["canal"], 0)


def force_rule(players: int) -> tuple[int, int]:
    """(Snits per player, badged Snits per player) as Prepare for Play and Multiplayer give them."""
    size, badged = table()["force"][str(players)]
    return size, badged


def from_variants(pairs: dict, error=IllegalAction) -> Options:
    """Options from {"organs_to_win": 8, ...}; unknown names or values out of range raise `error`."""
    known = set(Options._fields)
    opts = defaults()
    for key, value in pairs.items():
        if key not in known:
            raise error(_("unknown variant {variant}; known: {known}").format(variant=repr(key),
                                                                              known=", ".join(sorted(known))))
        lo, hi = LIMITS[key]
        if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
            raise error(_("variant {variant} must be a whole number from {lo} to {hi}, not {value}").format(
                variant=key, lo=lo, hi=hi, value=repr(value)))
        opts = opts._replace(**{key: value})
    return opts
