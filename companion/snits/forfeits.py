"""What a `done` would leave unused, in words: `play` says it and asks for a second `done`, since a phase ended
too soon cannot be played again (issue 33: an idle Compositor, a Snorg left unkicked, the game ended while a Makum
could still repair an organ)."""
from __future__ import annotations

from companion.core.language import _, ngettext
from companion.snits.counters import MAKUM_BASE
from companion.snits.phases import offers
from companion.snits.pieces import lookup, organs_out
from companion.snits.state import Phase, State


def forfeits(state: State) -> list[str]:
    """One line for each thing the acting side could still do that `done` gives up; none where nothing is lost."""
    found = list(offers(state))
    lines = []
    composers = [c for a in found if a["type"] == "compose" for c in a["at"]]
    if composers:
        lines.append(_("{compositors} could still compose a Makum this turn").format(compositors=listed(composers)))
    kickers = sorted({a["who"] for a in found if a["type"] == "kick" and a.get("target") == "Snorg"})
    if kickers:
        lines.append(_("{snits} could still kick a Snorg").format(snits=listed(kickers)))
    if state.phase == Phase.TRANSFORM and organs_out(state) >= state.opts.organs_to_win:
        lapotum = state.board.lapotum
        repairs = [a["makum"] for a in found if a["type"] == "transform"
                   and state.makums[lookup(state, a["makum"]) - MAKUM_BASE] != lapotum]
        if repairs:
            lines.append(ngettext("{out} organs are out, so `done` ends the game, and {makums} could still transform "
                                  "into a Snorg first",
                                  "{out} organs are out, so `done` ends the game, and {makums} could still transform "
                                  "into Snorgs first", len(repairs)).format(out=organs_out(state),
                                                                            makums=listed(repairs)))
    return lines


def listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])
