"""Chomping: the Runnungitms' chomps (where several meet several Snits, every target named before any die is
rolled), the free chomp a missed pack attack owes, the chomped Snit's last kick and a hammer Snit's wound."""
from __future__ import annotations

from typing import TYPE_CHECKING

from companion.core.engine import IllegalAction
from companion.core.language import _, ngettext
from companion.snits import counters
from companion.snits.counters import MAKUM_BASE, RUN_BASE
from companion.snits.pieces import live_snit, lookup, name, place_name, snit, where
from companion.snits.state import DEAD, GONE, OUT, Phase, State

if TYPE_CHECKING:
    from companion.snits.actions import Chomp
    from companion.snits.dice import Roller


def owed(state: State) -> str:
    assert state.pending is not None  # asked for only while a free chomp is owed
    r, cands = state.pending
    return _("{runnungitm} is owed a free chomp first: the Bolotomus picks one of {snits} (chomp {runnungitm} "
             "NAME)").format(runnungitm=name(r), snits=", ".join(name(c) for c in cands))


def chomp(state: State, action: Chomp, roller: Roller) -> tuple[list[str], dict]:
    """Chomping (several chomps at once: `R2,R3` at `Pokey,Wiggen`, every target named before any die is
    rolled; `-` for a Runnungitm declared not chomping), or the free chomp a missed pack attack owes."""
    pairs = chomp_pairs(state, action)
    if state.pending:
        pr, cands = state.pending
        if len(pairs) != 1 or pairs[0][0] != pr or pairs[0][1] not in cands:
            raise IllegalAction(owed(state))
        state.pending = None
        lines = []
    else:
        lines = declare(state, pairs)
    stand_in: dict[int | None, int] = {}  # a wounded hammer Snit's spare is the same Snit for the chomps after it
    for r, s in pairs:
        s = stand_in.get(s, s)
        if s is None:
            lines.append(_("{runnungitm} was declared not chomping").format(runnungitm=name(r)))
        elif state.snits[s] != where(state, r):
            lines.append(_("{snit} is no longer there: {runnungitm}'s chomp finds nobody").format(
                snit=name(s), runnungitm=name(r)))
        else:
            more, stand_in[s] = chomp_roll(state, r, s, roller, lines)
            lines += more
    return lines, {"type": "chomp", "runnungitm": ",".join(name(r) for r, _s in pairs),
                   "snit": ",".join(NONE if s is None else name(s) for _r, s in pairs)}


NONE = "-"  # the target of a Runnungitm declared not chomping


def chomp_pairs(state: State, action: Chomp) -> list[tuple[int, int | None]]:
    """(Runnungitm, Snit) pairs from the names typed, matched in order (Snit None: declared not chomping)."""
    runs, snits = action.runnungitm.split(","), action.snit.split(",")
    if len(runs) != len(snits):
        raise IllegalAction(_("name one Snit for each Runnungitm: {runs} Runnungitm(s), {snits} Snit(s)").format(
            runs=len(runs), snits=len(snits)))
    pairs = []
    for typed_r, typed_s in zip(runs, snits, strict=True):
        r = lookup(state, typed_r)
        if not RUN_BASE <= r < MAKUM_BASE:
            raise IllegalAction(_("{counter} is not a Runnungitm; only Runnungitms chomp").format(counter=name(r)))
        s = None if typed_s.strip() == NONE else lookup(state, typed_s)
        if s is not None and s >= RUN_BASE:
            raise IllegalAction(_("{counter} is not a Snit; Runnungitms chomp Snits").format(counter=name(s)))
        if s is not None:
            live_snit(state, s)
        pairs.append((r, s))
    return pairs


def declare(state: State, pairs: list[tuple[int, int | None]]) -> list[str]:
    """Chomping: each Runnungitm chomps once a phase, at a Snit in its organ; where several Runnungitms meet
    several Snits, every Runnungitm there is named in one go, before any die is rolled, each with its target or
    `-` (so none loses its chomp by accident)."""
    if state.phase != Phase.CHOMP:
        raise IllegalAction(_("Runnungitms chomp in the Bolotomus' Chomping phase; now it is {phase}").format(
            phase=state.phase_name))
    organs = {where(state, r) for r, _s in pairs}
    if len(organs) > 1 or len({r for r, _s in pairs}) != len(pairs):
        raise IllegalAction(_("declare the chomps of one organ at a time, each Runnungitm once"))
    for r, s in pairs:
        if where(state, r) == OUT:
            raise IllegalAction(_("{counter} is in the pool").format(counter=name(r)))
        if s is not None and where(state, r) != state.snits[s]:
            raise IllegalAction(_("{target} is not in the {organ} with {snit}").format(
                target=name(s), organ=place_name(state, where(state, r)), snit=name(r)))
    (organ,) = organs
    if organ in state.declared:
        raise IllegalAction(_("the chomps in the {organ} were named already: where several Runnungitms meet several "
                              "Snits, all targets are named before any dice are rolled").format(
            organ=place_name(state, organ)))
    for r, _s in pairs:
        if r in state.chomped:
            raise IllegalAction(_("{runnungitm} already chomped this phase").format(runnungitm=name(r)))
    if not crowded(state, organ):
        if any(s is None for _r, s in pairs):
            raise IllegalAction(_("`{none}` declares a Runnungitm not chomping only where several Runnungitms meet "
                                  "several Snits; elsewhere a Runnungitm that does not chomp is simply not named").format(
                none=NONE))
        state.chomped.update(r for r, _s in pairs)
        return []
    missing = unnamed(state, organ, pairs)
    if missing:
        runs = [name(r) for r, _s in pairs] + [name(r) for r in missing]
        named = [NONE if s is None else name(s) for _r, s in pairs]
        raise IllegalAction(ngettext(
            "{runnungitms} also meets several Snits in the {organ}: name every Runnungitm there at once, each with "
            "its target or {none} for one that does not chomp, e.g. chomp {runs} {snits}",
            "{runnungitms} also meet several Snits in the {organ}: name every Runnungitm there at once, each with "
            "its target or {none} for one that does not chomp, e.g. chomp {runs} {snits}", len(missing)).format(
            runnungitms=", ".join(name(r) for r in missing), organ=place_name(state, organ), none=NONE,
            runs=",".join(runs), snits=",".join(named + [NONE] * len(missing))))
    state.chomped.update(r for r, _s in pairs)
    state.declared.add(organ)
    return []


def unnamed(state: State, organ: int, pairs: list[tuple[int, int | None]]) -> list[int]:
    """The Runnungitms in a crowded `organ` that a declaration of `pairs` leaves out."""
    named = {r for r, _s in pairs}
    return [RUN_BASE + i for i, p in enumerate(state.runs) if p == organ and RUN_BASE + i not in named]


def whole(state: State, action: dict) -> dict:
    """A chomp logged before rules version 4, when a declaration that left a Runnungitm out forfeited its chomp:
    the same declaration with the left-out Runnungitms declared not chomping (`-`), as the table played it."""
    from companion.snits import actions

    try:
        act = actions.from_dict(action)
        assert isinstance(act, actions.Chomp)  # migrate hands on chomps alone
        pairs = chomp_pairs(state, act)
    except IllegalAction:
        return action
    if state.pending or state.phase != Phase.CHOMP:
        return action
    organ = where(state, pairs[0][0])
    missing = unnamed(state, organ, pairs) if organ >= 0 and crowded(state, organ) else []
    if not missing or organ in state.declared:
        return action
    return {**action, "runnungitm": ",".join([action["runnungitm"]] + [name(r) for r in missing]),
            "snit": ",".join([action["snit"]] + [NONE] * len(missing))}


def crowded(state: State, organ: int) -> bool:
    """Several Runnungitms and several Snits in one organ."""
    return state.runs.count(organ) > 1 and state.snits.count(organ) > 1


def chomp_roll(state: State, r: int, cid: int, roller: Roller, before: list[str]) -> tuple[list[str], int]:
    """Two dice over the Snit's speed catch it (a hammer Snit is wounded instead); then its last kick, rolled once
    the chomp's result (after the action's lines `before`) is told. Also returns the counter that now stands for the
    Snit (its spare, if it was wounded)."""
    s = snit(cid)
    roller.so_far(before)
    dice = roller.roll(2, _("{runnungitm}'s chomp at {snit}").format(runnungitm=name(r), snit=s.name))
    head = _("Chomp by {runnungitm} at {label}: rolled {first}+{second}={total}, catches on more than {speed}").format(
        runnungitm=name(r), label=s.label, first=dice[0], second=dice[1], total=sum(dice), speed=s.speed)
    if sum(dice) <= s.speed:
        return [_("{head}: {snit} escaped").format(head=head, snit=s.name)], cid
    text, now = wound(state, cid)
    lines = [f"{head}: " + text]
    roller.so_far(before + lines)
    last = roller.roll(2, _("{snit}'s last kick").format(snit=s.name))
    verdict = _("{runnungitm} dies too and goes back to the pool").format(runnungitm=name(r)) \
        if sum(last) > s.speed else _("it missed")
    lines.append(_("Last kick by {snit}: rolled {first}+{second}={total}, kills on more than {speed}: {verdict}").format(
        snit=s.name, first=last[0], second=last[1], total=sum(last), speed=s.speed, verdict=verdict))
    if sum(last) > s.speed:
        state.runs[r - RUN_BASE] = OUT
    return lines, now


def wound(state: State, cid: int) -> tuple[str, int]:
    """A chomped hammer Snit is swapped for a plain speed-4 spare of its clan (returned); any other Snit dies."""
    s = snit(cid)
    if s.hammer:
        spare = next((c.id for c in counters.load().clan(s.clan) if c.spare and state.snits[c.id] == GONE), None)
        if spare is not None:
            state.snits[spare] = state.snits[cid]
            state.snits[cid] = GONE
            for group in (state.moved, state.kicked):
                if cid in group:
                    group.discard(cid)
                    group.add(spare)
            return _("{snit} is wounded: swap in the spare {spare} (speed 4, no badge)").format(
                snit=s.name, spare=name(spare)), spare
        state.snits[cid] = DEAD
        return _("{snit} is wounded but no spare is left: {snit} dies").format(snit=s.name), cid
    state.snits[cid] = DEAD
    return _("{snit} is chomped and dies").format(snit=s.name), cid
