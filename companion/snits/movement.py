"""Moving: one organ per counter per phase, channel and canal capacities, the orifices and the Fleotis run."""
from __future__ import annotations

from typing import TYPE_CHECKING

from companion.core.engine import IllegalAction
from companion.core.language import N_, _, ngettext, pgettext
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
STAYS = N_("a Snorg never leaves its organ (Movement Restrictions 2)")



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
            raise IllegalAction(_("Snits move in the Snit turn; now it is {phase}").format(phase=state.phase_name))
        live_snit(state, cid)
        if snit(cid).clan != state.player:
            raise IllegalAction(_("{snit} belongs to the {clan} clan; it moves on its own player's go, and now it is "
                                  "the {acting} Snits' go").format(snit=who, clan=clan_name(snit(cid).clan),
                                                                   acting=clan_name(state.player)))
        if state.phase == Phase.FAST and not snit(cid).fast:
            raise IllegalAction(_("only lightning Snits move in the second move; {snit} is not one").format(snit=who))
    elif state.phase != Phase.THINGIES:
        raise IllegalAction(_("{who} moves in the Bolotomus turn's Move Thingies phase, not in {phase}").format(
            who=who, phase=state.phase_name))
    here = where(state, cid)
    if cid >= RUN_BASE and here == OUT:
        raise IllegalAction(_("{who} is in the pool; only Makums and Runnungitms in the body move").format(who=who))
    if cid in state.moved:
        raise IllegalAction(_("{who} already moved this phase: one organ per phase").format(who=who))
    if here == to:
        raise IllegalAction(_("{who} is already in {organ}").format(who=who, organ=place_name(state, to)))
    if here == OUT or to == OUT:
        return gate(state, cid, here, to)
    p = board.passage(here, to)
    if p is None:
        ways = ", ".join(f"{board.organs[o].name} ({kind_name(q.kind)})" for o, q in board.neighbours(here))
        raise IllegalAction(_("{here} and {to} are not connected; from the {here}: {ways}").format(
            here=place_name(state, here), to=place_name(state, to), ways=ways))
    if barred(cid, p):
        raise IllegalAction(_("{route} is a red canal: Snits may never use it (Movement Restrictions 6)").format(
            route=route(state, here, to)))
    if full(state, p):
        cap = capacity(state, p.kind)
        full_up = ngettext("{route} is a channel and {n} piece already used it this phase",
                           "{route} is a channel and {n} pieces already used it this phase", cap) \
            if p.kind == "channel" else ngettext("{route} is a canal and {n} piece already used it this phase",
                                                 "{route} is a canal and {n} pieces already used it this phase", cap)
        raise IllegalAction(full_up.format(route=route(state, here, to), n=cap))
    return p


def kind_name(kind: str) -> str:
    """A passage's kind as a player reads it (the map's own word is English: `channel`, `canal`, `red`)."""
    return {"channel": pgettext("passage", "channel"), "canal": pgettext("passage", "canal"),
            "red": pgettext("passage", "red")}.get(kind, kind)


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
        raise IllegalAction(_("{who} may never leave the body of the Bolotomus (Movement Restrictions 7)").format(
            who=who))
    organ = to if here == OUT else here
    if here == OUT and state.phase == Phase.FAST:
        raise IllegalAction(_("fast Snits may not enter the Bolotomus on the second move; only those inside move"))
    if not board.organs[organ].orifice:
        doors = ", ".join(board.organs[o].name for o in board.orifices)
        only = _("Snits enter the body only through an orifice: {doors}") if here == OUT else \
            _("Snits leave the body only through an orifice: {doors}")
        raise IllegalAction(only.format(doors=doors))
    limit = board.organs[organ].orifice
    if crowded_gate(state, organ):
        raise IllegalAction(ngettext("{n} Snit a turn may pass the {organ}, and one has this turn",
                                     "{n} Snits a turn may pass the {organ}, and both have this turn", limit).format(
            n=limit, organ=board.organs[organ].name))
    return organ


def enter(state: State, action: Enter, roller: Roller) -> tuple[list[str], dict]:
    """`enter`: the same move, for a Snit still outside; one already inside is told to `move` instead."""
    cid = lookup(state, action.who, snorg=True)
    if cid == SNORG:
        raise IllegalAction(_(STAYS))
    if cid < RUN_BASE:
        live_snit(state, cid)
    here = where(state, cid)
    if here != OUT:
        raise IllegalAction(_("{snit} is already inside, in the {organ}; `move {snit} ORGAN` moves it on").format(
            snit=name(cid), organ=place_name(state, here)))
    lines, logged = move(state, action, roller)
    return lines, logged | {"type": "enter"}


def move(state: State, action: Move | Enter, roller: Roller) -> tuple[list[str], dict]:
    board = state.board
    cid = lookup(state, action.who, snorg=True)
    to = destination(state, action.to)
    if cid == SNORG:
        raise IllegalAction(_(STAYS))
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
        return _("{snit} runs into the {organ}: the Eye and the Prolobosinator are both out, no smash").format(
            snit=s.name, organ=place)
    n = 2 if working == 2 else 1
    why = _("both the Eye and the Prolobosinator work") if n == 2 else \
        _("one of the Eye and the Prolobosinator works")
    if n == 1 and s.speed >= 6:  # no die shows more than 6: nothing to roll for
        return _("Run by {label} into the {organ} ({why}): {speed} or lower on 1 die cannot fail, no roll: {snit} is "
                 "in and safe").format(label=s.label, organ=place, why=why, speed=s.speed, snit=s.name)
    dice = roller.roll(n, _("{snit}'s run into the {organ}").format(snit=s.name, organ=place))
    total = sum(dice)
    rolled = "+".join(map(str, dice)) + (f"={total}" if n > 1 else "")
    head = ngettext("Run by {label} into the {organ} ({why}): rolled {rolled}, needs {speed} or lower on {n} die",
                    "Run by {label} into the {organ} ({why}): rolled {rolled}, needs {speed} or lower on {n} dice",
                    n).format(label=s.label, organ=place, why=why, rolled=rolled, speed=s.speed, n=n)
    if total <= s.speed:
        return _("{head}: {snit} is in and safe").format(head=head, snit=s.name)
    state.snits[cid] = DEAD
    return _("{head}: {snit} is smashed and dies").format(head=head, snit=s.name)
