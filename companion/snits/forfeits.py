"""What a `done` would leave unused, in words: `play` says it and asks for a second `done`, since a phase ended
too soon cannot be played again (issue 33: an idle Compositor, a Snorg left unkicked, the game ended while a Makum
could still repair an organ)."""
from __future__ import annotations

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
        lines.append(f"{listed(composers)} could still compose a Makum this turn")
    kickers = sorted({a["who"] for a in found if a["type"] == "kick" and a.get("target") == "Snorg"})
    if kickers:
        lines.append(f"{listed(kickers)} could still kick a Snorg")
    if state.phase == Phase.TRANSFORM and organs_out(state) >= state.opts.organs_to_win:
        lapotum = state.board.lapotum
        repairs = [a["makum"] for a in found if a["type"] == "transform"
                   and state.makums[lookup(state, a["makum"]) - MAKUM_BASE] != lapotum]
        if repairs:
            lines.append(f"{organs_out(state)} organs are out, so `done` ends the game, and {listed(repairs)} "
                         f"could still transform into {'a Snorg' if len(repairs) == 1 else 'Snorgs'} first")
    return lines


def listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
