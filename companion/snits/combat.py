"""Kicks and pack attacks: who may attack whom, the rolls, and what a kill does (Splops, the Spark); the chomps
they may bring on are chomping.py's."""
from __future__ import annotations

from typing import TYPE_CHECKING

from companion.core.engine import IllegalAction
from companion.core.language import N_, _
from companion.snits import sparkfight
from companion.snits.chomping import chomp_roll, owed
from companion.snits.counters import MAKUM_BASE, RUN_BASE
from companion.snits.names import find
from companion.snits.options import table
from companion.snits.pieces import (
    SNORG,
    clan_name,
    live_snit,
    lookup,
    name,
    place_name,
    snit,
    snorg_of,
    thingies_at,
    where,
)
from companion.snits.state import DEAD, OUT, Phase, State

if TYPE_CHECKING:
    from companion.snits.actions import Kick, Pack
    from companion.snits.counters import Snit
    from companion.snits.dice import Roller
    from companion.snits.pieces import Target


def hits_on(s: Snit) -> int:
    return table()["hammer_hits" if s.hammer else "kick_hits"]


def kicker(state: State, typed: str) -> int:
    """A Snit of the acting clan, inside the body, that has not kicked this turn."""
    cid = lookup(state, typed)
    if cid >= RUN_BASE:
        raise IllegalAction(_("{who} is the Bolotomus' piece; only Snits kick").format(who=name(cid)))
    if state.phase not in (Phase.KICK, Phase.FIGHT_KICK):
        raise IllegalAction(_("Snits kick in the Snit Kicking phase; now it is {phase}").format(phase=state.phase_name))
    if state.pending:
        raise IllegalAction(owed(state))
    live_snit(state, cid)
    if snit(cid).clan != state.player:
        raise IllegalAction(_("{snit} belongs to the {clan} clan; it kicks on its own player's go, and now it is "
                              "the {acting} Snits' go").format(snit=name(cid), clan=clan_name(snit(cid).clan),
                                                               acting=clan_name(state.player)))
    if state.snits[cid] == OUT:
        raise IllegalAction(_("{snit} is outside the body and has nothing to kick").format(snit=name(cid)))
    if cid in state.kicked:
        raise IllegalAction(_("{snit} already kicked this turn: one kick per Snit per turn").format(snit=name(cid)))
    return cid


def target(state: State, cid: int, typed: str) -> Target:
    """The thingie a Snit kicks: its organ's living Snorg, or a Makum or Runnungitm beside it."""
    organ = state.snits[cid]
    here = place_name(state, organ)
    beside = {name(t): t for t in thingies_at(state, organ)}
    # an organ (by a prefix of its name) means its Snorg
    there: dict[str, Target] = {**{o.name: SNORG for o in state.board.organs}, SNORG: SNORG, **beside}
    try:
        meant = find(typed, there, N_("kick target"))
    except IllegalAction:
        try:
            lookup(state, typed)  # a counter elsewhere, or a Snit: said below in so many words
        except IllegalAction:
            find(typed, [SNORG, here, *beside], N_("kick target"))  # the hint names what can be kicked here
        meant = typed
    if there.get(meant) == SNORG and meant not in (SNORG, here):
        raise IllegalAction(_("{snit} is in the {organ}: it can kick only what is there (the Snorg: `Snorg`)").format(
            snit=name(cid), organ=here))
    t = there[meant] if meant in there else lookup(state, typed, snorg=True)
    if t == SNORG:
        if not state.snorgs[organ]:
            raise IllegalAction(_("{snorg} is already dead").format(snorg=snorg_of(state, organ)))
        return SNORG
    if t < RUN_BASE:
        raise IllegalAction(_("{target} is a Snit; Snits kick the Bolotomus' thingies, not each other").format(
            target=name(t)))
    if where(state, t) != organ:
        raise IllegalAction(_("{target} is not in the {organ} with {snit} (it is in {there})").format(
            target=name(t), organ=place_name(state, organ), snit=name(cid),
            there=place_name(state, where(state, t)) if where(state, t) >= 0 else _("the pool")))
    return t


def kick(state: State, action: Kick, roller: Roller) -> tuple[list[str], dict]:
    if state.phase == Phase.FIGHT_KICK:
        return fight_kick(state, action, roller)
    cid = kicker(state, action.who)
    t = target(state, cid, action.target)
    state.kicked.add(cid)
    s = snit(cid)
    organ = state.snits[cid]
    what = snorg_of(state, organ) if t == SNORG else name(t)
    (die,) = roller.roll(1, _(KICK).format(snit=s.name))
    hit = die <= hits_on(s)
    dies = _("the Snorg dies") if t == SNORG else _("{target} dies").format(target=name(t))
    lines = [kicked(s, what, die) + (dies if hit else _("missed"))]
    if hit:
        lines += kill(state, t, organ, cid)
    elif t != SNORG and t < MAKUM_BASE:
        lines.append(_("{runnungitm} gets a free chomp at {snit}").format(runnungitm=name(t), snit=s.name))
        lines += chomp_roll(state, t, cid, roller, lines)[0]
    return lines, {"type": "kick", "who": s.name, "target": SNORG if t == SNORG else name(t)}


KICK = N_("{snit}'s kick")  # what a kick's die is rolled for


def kicked(s: Snit, what: str, die: int) -> str:
    """A kick's line up to what came of it: `Kick by Bonk (hammer) at R2: rolled 3, hits on 1-4: `."""
    return _("Kick by {label} at {target}: rolled {die}, hits on 1-{hits}: ").format(
        label=s.label, target=what, die=die, hits=hits_on(s))


def kill(state: State, t: Target, organ: int, by: int) -> list[str]:
    """A kicked thingie dies: a Snorg goes in front of the Snit player (a Splop takes its killer; the Spark
    ends the game); a Makum or Runnungitm goes back to the pool."""
    if t != SNORG:
        if t >= MAKUM_BASE:
            state.makums[t - MAKUM_BASE] = OUT
        else:
            state.runs[t - RUN_BASE] = OUT
        return [_("{thingie} goes back to the pool").format(thingie=name(t))]
    state.snorgs[organ] = False
    sparkfight.record_kill(state, organ, by)
    lines = [_("{snorg} goes in front of the Snit player").format(snorg=snorg_of(state, organ))]
    placed = state.placement
    if placed and organ in placed.splops and organ not in state.popped:
        state.popped = tuple(sorted(state.popped + (organ,)))
        state.snits[by] = DEAD
        lines.append(_("Splop! A Splop was under {snorg}: it explodes and takes {snit} with it").format(
            snorg=snorg_of(state, organ), snit=name(by)))
    if placed and placed.spark == organ:
        lines.append(_("The Spark of Life was under {snorg}: the Bolotomus dies at once!").format(
            snorg=snorg_of(state, organ)))
        lines += sparkfight.bolotomus_dies(state, (organ, by))
    return lines


def pack(state: State, action: Pack, roller: Roller) -> tuple[list[str], dict]:
    """Pack Attacks: all roll at once; any hit kills the Runnungitm; all missing owes it a free chomp."""
    if state.phase == Phase.FIGHT_KICK:
        raise IllegalAction(_("the Runnungitms are gone: in the fight for the Spark each Snit kicks alone "
                              "(`kick NAME ENEMY`)"))
    ids = []
    for typed in action.who:
        cid = kicker(state, typed)
        if cid in ids:
            raise IllegalAction(_("{snit} is named twice in the pack").format(snit=name(cid)))
        ids.append(cid)
    if len(ids) < 2:
        raise IllegalAction(_("a pack attack takes two or more Snits; one Snit uses `kick`"))
    organs = {state.snits[c] for c in ids}
    if len(organs) > 1:
        raise IllegalAction(_("a pack attacks from one organ: {places}").format(places=", ".join(
            _("{snit} is in the {organ}").format(snit=name(c), organ=place_name(state, state.snits[c])) for c in ids)))
    t = target(state, ids[0], action.target)
    if t == SNORG or t >= MAKUM_BASE:
        raise IllegalAction(_("a pack attack is made on a Runnungitm; kick Snorgs and Makums one Snit at a time"))
    state.kicked.update(ids)
    dice = roller.roll(len(ids), _("the pack attack on {target} by {snits} (a die each, in that order)").format(
        target=name(t), snits=", ".join(snit(c).name for c in ids)))
    parts = [_("{snit} {die} (hits on 1-{hits})").format(snit=snit(c).name, die=d, hits=hits_on(snit(c)))
             for c, d in zip(ids, dice, strict=True)]
    hit = any(d <= hits_on(snit(c)) for c, d in zip(ids, dice, strict=True))
    line = _("Pack attack on {target}: {rolls}").format(target=name(t), rolls=", ".join(parts))
    logged = {"type": "pack", "who": [name(c) for c in ids], "target": name(t)}
    if hit:
        return [_("{line}: {target} dies and gets no chomp").format(line=line, target=name(t)),
                *kill(state, t, state.snits[ids[0]], ids[0])], logged
    state.pending = (t, tuple(ids))
    return [_("{line}: all missed; {target} gets a free chomp at one of them, the Bolotomus' choice "
              "(chomp {target} NAME)").format(line=line, target=name(t))], logged


def fight_kick(state: State, action: Kick, roller: Roller) -> tuple[list[str], dict]:
    """Multiplayer 6-7: Snits kick Snits of other clans as they kicked Snorgs; killing the carrier takes the Spark."""
    cid = kicker(state, action.who)
    t = lookup(state, action.target, snorg=True)
    if t == SNORG or t >= RUN_BASE or snit(t).clan == snit(cid).clan:
        raise IllegalAction(_("in the fight for the Spark a Snit kicks a Snit of another clan, not {target}").format(
            target=_("a Snorg") if t == SNORG else name(t)))
    if state.snits[t] != state.snits[cid]:
        raise IllegalAction(_("{target} is not in the {organ} with {snit}").format(
            target=name(t), organ=place_name(state, state.snits[cid]), snit=name(cid)))
    state.kicked.add(cid)
    s = snit(cid)
    (die,) = roller.roll(1, _(KICK).format(snit=s.name))
    line = kicked(s, name(t), die)
    if die > hits_on(s):
        return [line + _("missed")], {"type": "kick", "who": s.name, "target": name(t)}
    state.snits[t] = DEAD
    lines = [line + _("{target} dies").format(target=name(t))]
    if state.holder == t:
        state.holder = cid
        lines.append(_("{snit} takes the Spark of Life").format(snit=s.name))
    return lines, {"type": "kick", "who": s.name, "target": name(t)}
