"""Kicks, pack attacks and chomps: who may attack whom, the rolls, and what a kill does (Splops, the Spark)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from companion.core.engine import IllegalAction
from companion.snits import counters, sparkfight
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
from companion.snits.state import DEAD, GONE, OUT, Phase, State

if TYPE_CHECKING:
    from companion.snits.actions import Chomp, Kick, Pack
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


def owed(state: State) -> str:
    assert state.pending is not None  # asked for only while a free chomp is owed
    r, cands = state.pending
    return (f"{name(r)} is owed a free chomp first: the Bolotomus picks one of "
            f"{', '.join(name(c) for c in cands)} (chomp {name(r)} NAME)")


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
            lines.append(f"{name(r)} was declared not chomping")
        elif state.snits[s] != where(state, r):
            lines.append(f"{name(s)} is no longer there: {name(r)}'s chomp finds nobody")
        else:
            more, stand_in[s] = chomp_roll(state, r, s, roller, lines)
            lines += more
    return lines, {"type": "chomp", "runnungitm": ",".join(name(r) for r, _ in pairs),
                   "snit": ",".join(NONE if s is None else name(s) for _, s in pairs)}


NONE = "-"  # the target of a Runnungitm declared not chomping


def chomp_pairs(state: State, action: Chomp) -> list[tuple[int, int | None]]:
    """(Runnungitm, Snit) pairs from the names typed, matched in order (Snit None: declared not chomping)."""
    runs, snits = action.runnungitm.split(","), action.snit.split(",")
    if len(runs) != len(snits):
        raise IllegalAction(f"name one Snit for each Runnungitm: {len(runs)} Runnungitm(s), {len(snits)} Snit(s)")
    pairs = []
    for typed_r, typed_s in zip(runs, snits, strict=True):
        r = lookup(state, typed_r)
        if not RUN_BASE <= r < MAKUM_BASE:
            raise IllegalAction(f"{name(r)} is not a Runnungitm; only Runnungitms chomp")
        s = None if typed_s.strip() == NONE else lookup(state, typed_s)
        if s is not None and s >= RUN_BASE:
            raise IllegalAction(f"{name(s)} is not a Snit; Runnungitms chomp Snits")
        if s is not None:
            live_snit(state, s)
        pairs.append((r, s))
    return pairs


def declare(state: State, pairs: list[tuple[int, int | None]]) -> list[str]:
    """Chomping: each Runnungitm chomps once a phase, at a Snit in its organ; where several Runnungitms meet
    several Snits, every Runnungitm there is named in one go, before any die is rolled, each with its target or
    `-` (so none loses its chomp by accident)."""
    if state.phase != Phase.CHOMP:
        raise IllegalAction(f"Runnungitms chomp in the Bolotomus' Chomping phase; now it is {state.phase_name}")
    organs = {where(state, r) for r, _ in pairs}
    if len(organs) > 1 or len({r for r, _ in pairs}) != len(pairs):
        raise IllegalAction("declare the chomps of one organ at a time, each Runnungitm once")
    for r, s in pairs:
        if where(state, r) == OUT:
            raise IllegalAction(f"{name(r)} is in the pool")
        if s is not None and where(state, r) != state.snits[s]:
            raise IllegalAction(f"{name(s)} is not in the {place_name(state, where(state, r))} with {name(r)}")
    (organ,) = organs
    if organ in state.declared:
        raise IllegalAction(f"the chomps in the {place_name(state, organ)} were named already: where several "
                            f"Runnungitms meet several Snits, all targets are named before any dice are rolled")
    for r, _ in pairs:
        if r in state.chomped:
            raise IllegalAction(f"{name(r)} already chomped this phase")
    if not crowded(state, organ):
        if any(s is None for _, s in pairs):
            raise IllegalAction(f"`{NONE}` declares a Runnungitm not chomping only where several Runnungitms meet "
                                f"several Snits; elsewhere a Runnungitm that does not chomp is simply not named")
        state.chomped.update(r for r, _ in pairs)
        return []
    missing = unnamed(state, organ, pairs)
    if missing:
        runs = [name(r) for r, _ in pairs] + [name(r) for r in missing]
        named = [NONE if s is None else name(s) for _, s in pairs]
        raise IllegalAction(f"{', '.join(name(r) for r in missing)} also meet{'s' * (len(missing) == 1)} several "
                            f"Snits in the {place_name(state, organ)}: name every Runnungitm there at once, each "
                            f"with its target or {NONE} for one that does not chomp, e.g. chomp {','.join(runs)} "
                            f"{','.join(named + [NONE] * len(missing))}")
    state.chomped.update(r for r, _ in pairs)
    state.declared.add(organ)
    return []


def unnamed(state: State, organ: int, pairs: list[tuple[int, int | None]]) -> list[int]:
    """The Runnungitms in a crowded `organ` that a declaration of `pairs` leaves out."""
    named = {r for r, _ in pairs}
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
    dice = roller.roll(2, f"{name(r)}'s chomp at {s.name}")
    head = f"Chomp by {name(r)} at {s.label}: rolled {dice[0]}+{dice[1]}={sum(dice)}, catches on more than {s.speed}"
    if sum(dice) <= s.speed:
        return [f"{head}: {s.name} escaped"], cid
    text, now = wound(state, cid)
    lines = [f"{head}: " + text]
    roller.so_far(before + lines)
    last = roller.roll(2, f"{s.name}'s last kick")
    verdict = f"{name(r)} dies too and goes back to the pool" if sum(last) > s.speed else "it missed"
    lines.append(f"Last kick by {s.name}: rolled {last[0]}+{last[1]}={sum(last)}, kills on more than {s.speed}: "
                 f"{verdict}")
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
            return f"{s.name} is wounded: swap in the spare {name(spare)} (speed 4, no badge)", spare
        state.snits[cid] = DEAD
        return f"{s.name} is wounded but no spare is left: {s.name} dies", cid
    state.snits[cid] = DEAD
    return f"{s.name} is chomped and dies", cid


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
