"""Kicks and pack attacks: who may attack whom, the rolls, and what a kill does (Splops, the Spark); the chomps
they may bring on are chomping.py's."""
from __future__ import annotations

from typing import TYPE_CHECKING

from companion.core.engine import IllegalAction
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
        raise IllegalAction(f"{name(cid)} is the Bolotomus' piece; only Snits kick")
    if state.phase not in (Phase.KICK, Phase.FIGHT_KICK):
        raise IllegalAction(f"Snits kick in the Snit Kicking phase; now it is {state.phase_name}")
    if state.pending:
        raise IllegalAction(owed(state))
    live_snit(state, cid)
    if snit(cid).clan != state.player:
        raise IllegalAction(f"{name(cid)} belongs to the {clan_name(snit(cid).clan)} clan; it kicks on its own "
                            f"player's go, and now it is the {clan_name(state.player)} Snits' go")
    if state.snits[cid] == OUT:
        raise IllegalAction(f"{name(cid)} is outside the body and has nothing to kick")
    if cid in state.kicked:
        raise IllegalAction(f"{name(cid)} already kicked this turn: one kick per Snit per turn")
    return cid


def target(state: State, cid: int, typed: str) -> Target:
    """The thingie a Snit kicks: its organ's living Snorg, or a Makum or Runnungitm beside it."""
    organ = state.snits[cid]
    here = place_name(state, organ)
    beside = {name(t): t for t in thingies_at(state, organ)}
    # an organ (by a prefix of its name) means its Snorg
    there: dict[str, Target] = {**{o.name: SNORG for o in state.board.organs}, SNORG: SNORG, **beside}
    try:
        meant = find(typed, there, "kick target")
    except IllegalAction:
        try:
            lookup(state, typed)  # a counter elsewhere, or a Snit: said below in so many words
        except IllegalAction:
            find(typed, [SNORG, here, *beside], "kick target")  # the hint names what can be kicked here
        meant = typed
    if there.get(meant) == SNORG and meant not in (SNORG, here):
        raise IllegalAction(f"{name(cid)} is in the {here}: it can kick only what is there (the Snorg: `Snorg`)")
    t = there[meant] if meant in there else lookup(state, typed, snorg=True)
    if t == SNORG:
        if not state.snorgs[organ]:
            raise IllegalAction(f"{snorg_of(state, organ)} is already dead")
        return SNORG
    if t < RUN_BASE:
        raise IllegalAction(f"{name(t)} is a Snit; Snits kick the Bolotomus' thingies, not each other")
    if where(state, t) != organ:
        raise IllegalAction(f"{name(t)} is not in the {place_name(state, organ)} with {name(cid)} "
                            f"(it is in {place_name(state, where(state, t)) if where(state, t) >= 0 else 'the pool'})")
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
    (die,) = roller.roll(1, f"{s.name}'s kick")
    hit = die <= hits_on(s)
    lines = [f"Kick by {s.label} at {what}: rolled {die}, hits on 1-{hits_on(s)}: "
             + (f"{'the Snorg' if t == SNORG else name(t)} dies" if hit else "missed")]
    if hit:
        lines += kill(state, t, organ, cid)
    elif t != SNORG and t < MAKUM_BASE:
        lines.append(f"{name(t)} gets a free chomp at {s.name}")
        lines += chomp_roll(state, t, cid, roller, lines)[0]
    return lines, {"type": "kick", "who": s.name, "target": SNORG if t == SNORG else name(t)}


def kill(state: State, t: Target, organ: int, by: int) -> list[str]:
    """A kicked thingie dies: a Snorg goes in front of the Snit player (a Splop takes its killer; the Spark
    ends the game); a Makum or Runnungitm goes back to the pool."""
    if t != SNORG:
        if t >= MAKUM_BASE:
            state.makums[t - MAKUM_BASE] = OUT
        else:
            state.runs[t - RUN_BASE] = OUT
        return [f"{name(t)} goes back to the pool"]
    state.snorgs[organ] = False
    sparkfight.record_kill(state, organ, by)
    lines = [f"{snorg_of(state, organ)} goes in front of the Snit player"]
    placed = state.placement
    if placed and organ in placed.splops and organ not in state.popped:
        state.popped = tuple(sorted(state.popped + (organ,)))
        state.snits[by] = DEAD
        lines.append(f"Splop! A Splop was under {snorg_of(state, organ)}: it explodes and takes "
                     f"{name(by)} with it")
    if placed and placed.spark == organ:
        lines.append(f"The Spark of Life was under {snorg_of(state, organ)}: the Bolotomus dies at once!")
        lines += sparkfight.bolotomus_dies(state, (organ, by))
    return lines


def pack(state: State, action: Pack, roller: Roller) -> tuple[list[str], dict]:
    """Pack Attacks: all roll at once; any hit kills the Runnungitm; all missing owes it a free chomp."""
    if state.phase == Phase.FIGHT_KICK:
        raise IllegalAction("the Runnungitms are gone: in the fight for the Spark each Snit kicks alone "
                            "(`kick NAME ENEMY`)")
    ids = []
    for typed in action.who:
        cid = kicker(state, typed)
        if cid in ids:
            raise IllegalAction(f"{name(cid)} is named twice in the pack")
        ids.append(cid)
    if len(ids) < 2:
        raise IllegalAction("a pack attack takes two or more Snits; one Snit uses `kick`")
    organs = {state.snits[c] for c in ids}
    if len(organs) > 1:
        raise IllegalAction("a pack attacks from one organ: " + ", ".join(
            f"{name(c)} is in the {place_name(state, state.snits[c])}" for c in ids))
    t = target(state, ids[0], action.target)
    if t == SNORG or t >= MAKUM_BASE:
        raise IllegalAction("a pack attack is made on a Runnungitm; kick Snorgs and Makums one Snit at a time")
    state.kicked.update(ids)
    dice = roller.roll(len(ids), f"the pack attack on {name(t)} by {', '.join(snit(c).name for c in ids)} "
                                     f"(a die each, in that order)")
    parts = [f"{snit(c).name} {d} (hits on 1-{hits_on(snit(c))})" for c, d in zip(ids, dice, strict=True)]
    hit = any(d <= hits_on(snit(c)) for c, d in zip(ids, dice, strict=True))
    line = f"Pack attack on {name(t)}: " + ", ".join(parts)
    logged = {"type": "pack", "who": [name(c) for c in ids], "target": name(t)}
    if hit:
        return [f"{line}: {name(t)} dies and gets no chomp", *kill(state, t, state.snits[ids[0]], ids[0])], logged
    state.pending = (t, tuple(ids))
    return [f"{line}: all missed; {name(t)} gets a free chomp at one of them, the Bolotomus' choice "
            f"(chomp {name(t)} NAME)"], logged


def fight_kick(state: State, action: Kick, roller: Roller) -> tuple[list[str], dict]:
    """Multiplayer 6-7: Snits kick Snits of other clans as they kicked Snorgs; killing the carrier takes the Spark."""
    cid = kicker(state, action.who)
    t = lookup(state, action.target, snorg=True)
    if t == SNORG or t >= RUN_BASE or snit(t).clan == snit(cid).clan:
        raise IllegalAction(f"in the fight for the Spark a Snit kicks a Snit of another clan, not "
                            f"{'a Snorg' if t == SNORG else name(t)}")
    if state.snits[t] != state.snits[cid]:
        raise IllegalAction(f"{name(t)} is not in the {place_name(state, state.snits[cid])} with {name(cid)}")
    state.kicked.add(cid)
    s = snit(cid)
    (die,) = roller.roll(1, f"{s.name}'s kick")
    hits = hits_on(s)
    line = f"Kick by {s.label} at {name(t)}: rolled {die}, hits on 1-{hits}: "
    if die > hits:
        return [line + "missed"], {"type": "kick", "who": s.name, "target": name(t)}
    state.snits[t] = DEAD
    lines = [line + f"{name(t)} dies"]
    if state.holder == t:
        state.holder = cid
        lines.append(f"{s.name} takes the Spark of Life")
    return lines, {"type": "kick", "who": s.name, "target": name(t)}
