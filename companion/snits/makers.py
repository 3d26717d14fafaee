"""The Bolotomus making pieces: Compositors compose Makums; Makums transform into Runnungitms or Snorgs."""
from __future__ import annotations

from typing import TYPE_CHECKING

from companion.core.engine import IllegalAction
from companion.snits.counters import MAKUM_BASE, RUN_BASE
from companion.snits.pieces import lookup, name, place_name, snorg_of
from companion.snits.state import OUT, Phase, State

if TYPE_CHECKING:
    from companion.snits.actions import Compose, Transform
    from companion.snits.dice import Roller


def working_compositors(state: State) -> list[int]:
    return [o.index for o in state.board.organs if o.compositor and state.snorgs[o.index]]


def compose(state: State, action: Compose, roller: Roller) -> tuple[list[str], dict]:
    """Each functioning Compositor (its Snorg in it) may make one Makum, from the pool, placed in it."""
    board = state.board
    if state.phase != Phase.COMPOSE:
        raise IllegalAction(f"Compositors compose at the start of the Bolotomus turn; now it is {state.phase_name}")
    if not action.at:
        working = working_compositors(state)
        if working and set(working) <= state.composed:
            raise IllegalAction(f"every working Compositor has composed this turn (the "
                                f"{', the '.join(place_name(state, o) for o in working)}); `done` ends the phase")
        raise IllegalAction("name the Compositors that compose (`compose` alone: every working one); "
                            "`done` makes none" if working else
                            "no Compositor works (each has lost its Snorg), so none composes; `done` ends the phase")
    organs = [board.organ(t).index for t in action.at]
    for o in organs:
        if not board.organs[o].compositor:
            raise IllegalAction(f"the {place_name(state, o)} is not a Compositor; Compositors: "
                                + ", ".join(board.organs[i].name for i in range(len(board.organs))
                                            if board.organs[i].compositor))
        if not state.snorgs[o]:
            raise IllegalAction(f"the {place_name(state, o)} has lost its Snorg and cannot compose until it is replaced")
    again = [place_name(state, o) for o in organs if o in state.composed]
    if len(set(organs)) != len(organs) or again:
        raise IllegalAction("each Compositor makes at most one Makum a turn"
                            + (f"; the {', the '.join(again)} made {'theirs' if len(again) > 1 else 'its'} already"
                               if again else ""))
    pool = [i for i, p in enumerate(state.makums) if p == OUT]
    if len(pool) < len(organs):
        raise IllegalAction(f"only {len(pool)} Makum{'s' if len(pool) != 1 else ''} left in the pool; "
                            f"compose at {len(pool)} Compositor{'s' if len(pool) != 1 else ''} at most")
    lines = []
    for o, m in zip(organs, pool, strict=False):  # the pool may hold more Makums than are made
        state.makums[m] = o
        lines.append(f"the {place_name(state, o)} composes {name(MAKUM_BASE + m)} (the counter printed "
                     f"{name(MAKUM_BASE + m)}, from the pool)")
    state.composed.update(organs)
    return lines, {"type": "compose", "at": [place_name(state, o) for o in organs]}


def transform(state: State, action: Transform, roller: Roller) -> tuple[list[str], dict]:
    """Makums Transform: in the Lapotum into a Runnungitm from the pool; in a Snorgless organ into its Snorg."""
    board = state.board
    if state.phase != Phase.TRANSFORM:
        raise IllegalAction(f"Makums transform in the Bolotomus' Makums Transform phase; now it is "
                            f"{state.phase_name}")
    m = lookup(state, action.makum)
    if m < MAKUM_BASE:
        raise IllegalAction(f"{name(m)} is not a Makum; only Makums transform")
    organ = state.makums[m - MAKUM_BASE]
    if organ == OUT:
        raise IllegalAction(f"{name(m)} is in the pool")
    if organ == board.lapotum:
        pool = [i for i, p in enumerate(state.runs) if p == OUT]
        if not pool:
            raise IllegalAction("all 18 Runnungitms are in the body: none left in the pool to make")
        state.runs[pool[0]] = organ
        state.makums[m - MAKUM_BASE] = OUT
        return ([f"{name(m)} transforms into {name(RUN_BASE + pool[0])} in the Lapotum (the counter printed "
                 f"{name(RUN_BASE + pool[0])} in its place; {name(m)} back to the pool)"],
                {"type": "transform", "makum": name(m)})
    if state.snorgs[organ]:
        raise IllegalAction(f"{name(m)} is in the {place_name(state, organ)}, whose Snorg is at its post: a Makum "
                            f"transforms only in the Lapotum or in a Snorgless organ")
    state.snorgs[organ] = True
    state.makums[m - MAKUM_BASE] = OUT
    return ([f"{name(m)} transforms into {snorg_of(state, organ)}: the organ works again ({name(m)} back to the pool)"],
            {"type": "transform", "makum": name(m)})
