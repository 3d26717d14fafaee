"""The Bolotomus making pieces: Compositors compose Makums; Makums transform into Runnungitms or Snorgs."""
from __future__ import annotations

from typing import TYPE_CHECKING

from companion.core.engine import IllegalAction
from companion.core.language import _, ngettext
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
        raise IllegalAction(_("Compositors compose at the start of the Bolotomus turn; now it is {phase}").format(
            phase=state.phase_name))
    if not action.at:
        working = working_compositors(state)
        if working and set(working) <= state.composed:
            raise IllegalAction(_("every working Compositor has composed this turn (the {organs}); `done` ends the "
                                  "phase").format(organs=_(", the ").join(place_name(state, o) for o in working)))
        raise IllegalAction(_("name the Compositors that compose (`compose` alone: every working one); `done` makes "
                              "none") if working else
                            _("no Compositor works (each has lost its Snorg), so none composes; `done` ends the phase"))
    organs = [board.organ(t).index for t in action.at]
    for o in organs:
        if not board.organs[o].compositor:
            raise IllegalAction(_("the {organ} is not a Compositor; Compositors: {compositors}").format(
                organ=place_name(state, o), compositors=", ".join(c.name for c in board.organs if c.compositor)))
        if not state.snorgs[o]:
            raise IllegalAction(_("the {organ} has lost its Snorg and cannot compose until it is replaced").format(
                organ=place_name(state, o)))
    again = [place_name(state, o) for o in organs if o in state.composed]
    if len(set(organs)) != len(organs) or again:
        made = ngettext("; the {organs} made its already", "; the {organs} made theirs already", len(again)).format(
            organs=_(", the ").join(again)) if again else ""
        raise IllegalAction(_("each Compositor makes at most one Makum a turn{made}").format(made=made))
    pool = [i for i, p in enumerate(state.makums) if p == OUT]
    if len(pool) < len(organs):
        raise IllegalAction(ngettext("only {n} Makum left in the pool; compose at {n} Compositor at most",
                                     "only {n} Makums left in the pool; compose at {n} Compositors at most",
                                     len(pool)).format(n=len(pool)))
    lines = []
    for o, m in zip(organs, pool, strict=False):  # the pool may hold more Makums than are made
        state.makums[m] = o
        lines.append(_("the {organ} composes {makum} (the counter printed {makum}, from the pool)").format(
            organ=place_name(state, o), makum=name(MAKUM_BASE + m)))
    state.composed.update(organs)
    return lines, {"type": "compose", "at": [place_name(state, o) for o in organs]}


def transform(state: State, action: Transform, roller: Roller) -> tuple[list[str], dict]:
    """Makums Transform: in the Lapotum into a Runnungitm from the pool; in a Snorgless organ into its Snorg."""
    board = state.board
    if state.phase != Phase.TRANSFORM:
        raise IllegalAction(_("Makums transform in the Bolotomus' Makums Transform phase; now it is {phase}").format(
            phase=state.phase_name))
    m = lookup(state, action.makum)
    if m < MAKUM_BASE:
        raise IllegalAction(_("{counter} is not a Makum; only Makums transform").format(counter=name(m)))
    organ = state.makums[m - MAKUM_BASE]
    if organ == OUT:
        raise IllegalAction(_("{counter} is in the pool").format(counter=name(m)))
    if organ == board.lapotum:
        pool = [i for i, p in enumerate(state.runs) if p == OUT]
        if not pool:
            raise IllegalAction(_("all 18 Runnungitms are in the body: none left in the pool to make"))
        state.runs[pool[0]] = organ
        state.makums[m - MAKUM_BASE] = OUT
        return ([_("{makum} transforms into {runnungitm} in the Lapotum (the counter printed {runnungitm} in its "
                   "place; {makum} back to the pool)").format(makum=name(m), runnungitm=name(RUN_BASE + pool[0]))],
                {"type": "transform", "makum": name(m)})
    if state.snorgs[organ]:
        raise IllegalAction(_("{makum} is in the {organ}, whose Snorg is at its post: a Makum transforms only in the "
                              "Lapotum or in a Snorgless organ").format(makum=name(m), organ=place_name(state, organ)))
    state.snorgs[organ] = True
    state.makums[m - MAKUM_BASE] = OUT
    return ([_("{makum} transforms into {snorg}: the organ works again ({makum} back to the pool)").format(
        makum=name(m), snorg=snorg_of(state, organ))], {"type": "transform", "makum": name(m)})
