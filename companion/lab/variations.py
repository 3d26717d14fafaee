"""The lab's rows: a variation (a set of variants, as `snits new --variant` takes them) read from its text and
checked against the rules before any game is played; the baseline, the rulebook's numbers, always comes first."""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from companion.core.language import _
from companion.lab.games import BalanceError, board_setup

BASELINE = "baseline"


@dataclass(frozen=True)
class Variation:
    """One row of the lab: its text as typed (normalised) and the variants it sets."""

    text: str
    variants: tuple[tuple[str, int], ...] = ()

    @property
    def as_dict(self) -> dict:
        return dict(self.variants)


def parse_variation(text: str) -> Variation:
    """`organs_to_win=8,channel=3` (dashes allowed for underscores, spaces ignored) as a Variation; `baseline` (or
    nothing) is the rulebook's numbers. Names and ranges are the rules' own (snits/options.py)."""
    from companion.snits.options import from_variants

    text = text.strip()
    if text.lower() in ("", BASELINE):
        return Variation(BASELINE)
    pairs: dict[str, int] = {}
    for item in text.split(","):
        key, sep, value = item.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key or not re.fullmatch(r"-?[0-9]{1,9}", value.strip()):  # ASCII digits only
            raise BalanceError(_("a variation is NAME=NUMBER[,NAME=NUMBER...] (organs_to_win, channel, canal, force), "
                                 "e.g. organs_to_win=8,channel=3; not {text}").format(text=repr(text)))
        if key in pairs:
            raise BalanceError(_("{key} is set twice in the variation {text}").format(key=key, text=repr(text)))
        pairs[key] = int(value)
    from_variants(pairs, BalanceError)  # unknown names and numbers out of range, in the rules' own words
    return Variation(",".join(f"{k}={v}" for k, v in pairs.items()), tuple(pairs.items()))


def variations(texts: Iterable[str], on: str = "") -> list[Variation]:
    """The baseline, then each variation given, checked against the rules before any game is played (a variation
    the setup refuses, such as more organs to win than the map has, is refused here in the setup's words); `on`
    is the map's setup entries as JSON text (see board_entries)."""
    from companion.core.engine import IllegalAction
    from companion.snits.game import ENGINE
    from companion.snits.options import from_variants

    rows = [Variation(BASELINE)]
    for text in texts:
        v = parse_variation(text)
        same = next((r for r in rows if from_variants(r.as_dict) == from_variants(v.as_dict)), None)
        if same is not None:
            raise BalanceError(_("the variation {text} plays the same rules as {same}; give each once").format(
                text=repr(text.strip()), same=repr(same.text)))
        try:
            ENGINE.new({"seed": 0, "variants": v.as_dict, **board_setup(on)})
        except IllegalAction as exc:
            raise BalanceError(_("variation {name}: {why}").format(name=v.text, why=exc)) from None
        rows.append(v)
    return rows
