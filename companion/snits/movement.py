"""Moving: one organ per counter per phase, channel and canal capacities, the orifices and the Fleotis run."""
from __future__ import annotations

from typing import TYPE_CHECKING

from companion.core.engine import IllegalAction
from companion.snits import sparkfight
from companion.snits.counters import RUN_BASE
from companion.snits.pieces import SNORG, clan_name, live_snit, lookup, name, place_name, put, snit, where
from companion.snits.state import DEAD, OUT, Phase, State

if TYPE_CHECKING:
    from companion.snits.actions import Enter, Move
    from companion.snits.bolotomus import Passage
    from companion.snits.dice import Roller

SNIT_PHASES = (Phase.MOVE, Phase.FAST, Phase.FIGHT_MOVE)
OUTSIDE = "out"
STAYS = "a Snorg never leaves its organ (Movement Restrictions 2)"


def capacity(state: State, kind: str) -> int:
    return state.opts.channel if kind == "channel" else state.opts.canal


def destination_name(state: State, to: int) -> str:
    """A move's destination as actions name it: an organ, or "out" of the body."""
    return state.board.organs[to].name if to != OUT else OUTSIDE


def destination(state: State, typed: str) -> int:
    board = state.board
    if typed.lower() in (OUTSIDE, "outside"):
        return OUT
    return board.organ(typed).index


def check(state: State, cid: int, to: int) -> Passage | int:
    """The passage (or orifice) this counter's move uses; IllegalAction saying why not. Changes nothing."""
    board = state.board
    who = name(cid)
    if cid < RUN_BASE:
        if state.phase not in SNIT_PHASES:
            raise IllegalAction(f"Snits move in the Snit turn; now it is {state.phase_name}")
        live_snit(state, cid)
        if snit(cid).clan != state.player:
            raise IllegalAction(f"{who} belongs to the {clan_name(snit(cid).clan)} clan; it moves on its own "
                                f"player's go, and now it is the {clan_name(state.player)} Snits' go")
        if state.phase == Phase.FAST and not snit(cid).fast:
            raise IllegalAction(f"only lightning Snits move in the second move; {who} is not one")
    elif state.phase != Phase.THINGIES:
        raise IllegalAction(f"{who} moves in the Bolotomus turn's Move Thingies phase, not in {state.phase_name}")
    here = where(state, cid)
    if cid >= RUN_BASE and here == OUT:
        raise IllegalAction(f"{who} is in the pool; only Makums and Runnungitms in the body move")
    if cid in state.moved:
        raise IllegalAction(f"{who} already moved this phase: one organ per phase")
    if here == to:
        raise IllegalAction(f"{who} is already in {place_name(state, to)}")
    if here == OUT or to == OUT:
        return gate(state, cid, here, to)
    p = board.passage(here, to)
    if p is None:
        ways = ", ".join(f"{board.organs[o].name} ({q.kind})" for o, q in board.neighbours(here))
        raise IllegalAction(f"{place_name(state, here)} and {place_name(state, to)} are not connected; from the "
                            f"{place_name(state, here)}: {ways}")
    if barred(cid, p):
        raise IllegalAction(f"{route(state, here, to)} is a red canal: Snits may never use it "
                            f"(Movement Restrictions 6)")
    if full(state, p):
        kind, cap = "channel" if p.kind == "channel" else "canal", capacity(state, p.kind)
        raise IllegalAction(f"{route(state, here, to)} is a {kind} and {cap} {'piece' if cap == 1 else 'pieces'} "
                            f"already used it this phase")
    return p


def route(state: State, here: int, to: int) -> str:
    """A way between two organs, as refusals name it: `Glut→Gurgitator`."""
    return f"{place_name(state, here)}→{place_name(state, to)}"


def barred(cid: int, p: Passage) -> bool:
    """A red canal, which Snits may never use."""
    return p.kind == "red" and cid < RUN_BASE


def full(state: State, p: Passage) -> bool:
    """The passage has carried as many pieces as it may this phase."""
    return state.used.get(p.index, 0) >= capacity(state, p.kind)


def crowded_gate(state: State, organ: int) -> bool:
    """The orifice has let through as many Snits as it may this turn."""
    return state.gates.get(organ, 0) >= state.board.organs[organ].orifice


def open_ends(state: State, cid: int, here: int) -> list[str]:
    """Where a counter free to move this phase (as phases.movers picks them) may go now, by name and in the order the
    moves are offered: the destinations check accepts, tested without building the words of its refusals."""
    organs = state.board.organs
    if here == OUT:
        return [organs[o].name for o in state.board.orifices if not crowded_gate(state, o)]
    used = state.used  # a passage nobody used this phase is open
    ways = state.board.snit_ways[here] if cid < RUN_BASE else state.board.around[here]
    ends = [organs[o].name for o, p in ways if p.index not in used or not full(state, p)]
    if cid < RUN_BASE and organs[here].orifice and not crowded_gate(state, here):
        ends.append(OUTSIDE)
    return ends


def gate(state: State, cid: int, here: int, to: int) -> int:
    """Entering or leaving through an orifice: Snits only, never on the second move in, within its limit."""
    board = state.board
    who = name(cid)
    if cid >= RUN_BASE:
        raise IllegalAction(f"{who} may never leave the body of the Bolotomus (Movement Restrictions 7)")
    organ = to if here == OUT else here
    if here == OUT and state.phase == Phase.FAST:
        raise IllegalAction("fast Snits may not enter the Bolotomus on the second move; only those inside move")
    if not board.organs[organ].orifice:
        verb = "enter" if here == OUT else "leave"
        doors = ", ".join(board.organs[o].name for o in board.orifices)
        raise IllegalAction(f"Snits {verb} the body only through an orifice: {doors}")
    limit = board.organs[organ].orifice
    if crowded_gate(state, organ):
        raise IllegalAction(f"{limit} Snit{'s' if limit > 1 else ''} a turn may pass the {board.organs[organ].name}, "
                            f"and {'both have' if limit > 1 else 'one has'} this turn")
    return organ


def enter(state: State, action: Enter, roller: Roller) -> tuple[list[str], dict]:
    """`enter`: the same move, for a Snit still outside; one already inside is told to `move` instead."""
    cid = lookup(state, action.who, snorg=True)
    if cid == SNORG:
        raise IllegalAction(STAYS)
    if cid < RUN_BASE:
        live_snit(state, cid)
    here = where(state, cid)
    if here != OUT:
        raise IllegalAction(f"{name(cid)} is already inside, in the {place_name(state, here)}; "
                            f"`move {name(cid)} ORGAN` moves it on")
    lines, logged = move(state, action, roller)
    return lines, logged | {"type": "enter"}


def move(state: State, action: Move | Enter, roller: Roller) -> tuple[list[str], dict]:
    board = state.board
    cid = lookup(state, action.who, snorg=True)
    to = destination(state, action.to)
    if cid == SNORG:
        raise IllegalAction(STAYS)
    used = check(state, cid, to)
    here = where(state, cid)
    state.moved.add(cid)
    if isinstance(used, int):
        state.gates[used] = state.gates.get(used, 0) + 1
    else:
        state.used[used.index] = state.used.get(used.index, 0) + 1
    put(state, cid, to)
    lines = [f"{name(cid)}: {place_name(state, here)} → {place_name(state, to)}"]
    if here == OUT and board.organs[to].smash and state.phase != Phase.FIGHT_MOVE:
        lines = [fleotis_run(state, cid, to, roller)]
    if cid < RUN_BASE and state.snits[cid] != DEAD:
        lines += sparkfight.after_move(state, cid, to)
    return lines, {"type": "move", "who": name(cid), "to": destination_name(state, to)}


def working_smashers(state: State) -> int:
    board = state.board
    return sum(1 for o in board.organs if o.smasher and state.snorgs[o.index])


def fleotis_run(state: State, cid: int, organ: int, roller: Roller) -> str:
    """Getting Into the Bolotomus: speed or lower on 2 dice (Eye and Prolobosinator working), 1 die (one), free."""
    s = snit(cid)
    place = state.board.organs[organ].name
    working = working_smashers(state)
    if working == 0:
        return f"{s.name} runs into the {place}: the Eye and the Prolobosinator are both out, no smash"
    n = 2 if working == 2 else 1
    why = "both the Eye and the Prolobosinator work" if n == 2 else "one of the Eye and the Prolobosinator works"
    if n == 1 and s.speed >= 6:  # no die shows more than 6: nothing to roll for
        return (f"Run by {s.label} into the {place} ({why}): {s.speed} or lower on 1 die cannot fail, "
                f"no roll: {s.name} is in and safe")
    dice = roller.roll(n, f"{s.name}'s run into the {place}")
    total = sum(dice)
    head = (f"Run by {s.label} into the {place} ({why}): rolled {'+'.join(map(str, dice))}"
            f"{f'={total}' if n > 1 else ''}, needs {s.speed} or lower on {n} {'dice' if n > 1 else 'die'}")
    if total <= s.speed:
        return f"{head}: {s.name} is in and safe"
    state.snits[cid] = DEAD
    return f"{head}: {s.name} is smashed and dies"
