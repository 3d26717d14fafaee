"""The Sequence of Play: whose go it is, what each phase allows, and what `done` leads to."""
from __future__ import annotations

from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from companion.core.engine import IllegalAction
from companion.core.language import N_, _, ngettext
from companion.snits import chomping, movement, sparkfight
from companion.snits.counters import MAKUM_BASE, RUN_BASE
from companion.snits.makers import working_compositors
from companion.snits.pieces import (
    LOST,
    SNORG,
    alive,
    clan_ids,
    clan_name,
    name,
    organs_out,
    place_name,
    snit,
    thingies_by_organ,
)
from companion.snits.state import FIGHT, NAMES, OUT, Phase, State

if TYPE_CHECKING:
    from collections.abc import Iterator

    from companion.snits.actions import Done
    from companion.snits.dice import Roller

NEXT = {Phase.MOVE: Phase.KICK, Phase.KICK: Phase.FAST, Phase.FAST: Phase.COMPOSE, Phase.COMPOSE: Phase.THINGIES,
        Phase.THINGIES: Phase.CHOMP, Phase.CHOMP: Phase.TRANSFORM}  # the Sequence of Play (after Transform: a new turn)
SNIT_TURN = (Phase.MOVE, Phase.KICK, Phase.FAST)
BOLOTOMUS_TURN = (Phase.COMPOSE, Phase.THINGIES, Phase.CHOMP, Phase.TRANSFORM)
NUMBERS = {p: n for turn in (SNIT_TURN, BOLOTOMUS_TURN) for n, p in enumerate(turn, 1)}  # a phase's number in its turn
TITLES = {k: f"{NUMBERS[k]}. {n}" if k in NUMBERS else n for k, n in NAMES.items()}  # English: the view's phase_title
SEALED = N_("this game hides the Spark/Splops and this copy does not know where, so it cannot be played on; resume "
            "it from the Bolotomus' private token")


BOLOTOMUS = "Bolotomus"
ONE_CLAN = "Snits"  # the one Snit player's name in a game with one clan (as outcomes name that side)
TURNS = {BOLOTOMUS: N_("the Bolotomus"), ONE_CLAN: N_("the Snits")}  # a player turn, a side: English as code reads it
VERDICTS = {"snits": N_("the Snits won"), "bolotomus": N_("the Bolotomus won"), "tie": N_("a tie")}


def title(phase: Phase) -> str:
    """A phase's title in the player's language, `2. Snit Kicking` (TITLES keeps the English the view gives)."""
    return f"{NUMBERS[phase]}. {_(NAMES[phase])}" if phase in NUMBERS else _(NAMES[phase])


def players(state: State) -> list[str]:
    """The names a player goes by: the Bolotomus, and the clan names (one Snit player: "Snits")."""
    return [BOLOTOMUS, *([clan_name(k) for k in range(state.players)] if state.players > 1 else [ONE_CLAN])]


def acting(state: State) -> str | None:
    """The name of the player who acts now (a free chomp owed: the Bolotomus); None once the game is over."""
    if state.phase == Phase.OVER:
        return None
    if state.pending or state.phase not in SNIT_TURN + FIGHT:
        return BOLOTOMUS
    return clan_name(state.player) if state.players > 1 else ONE_CLAN


def player_name(state: State, player: str) -> str:
    """A player's name as `players` spells it (any case); an unknown one is refused, naming the known ones."""
    known = players(state)
    found = next((n for n in known if n.lower() == str(player).strip().lower()), None)
    if found is None:
        raise IllegalAction(_("no player {player} in this game; players: {players}").format(
            player=repr(player), players=", ".join(known)))
    return found


def side(state: State) -> str:
    """Who acts now, in words."""
    who = acting(state)
    if who is None:
        return _("nobody")
    if state.pending:
        return _("the Bolotomus (a free chomp)")
    return _(TURNS[who]) if who in TURNS else _("the {clan} Snits").format(clan=who)


def player_turn(state: State) -> str:
    """Whose player turn it is: the Bolotomus' four phases, or the Snits' (every clan's, a free chomp included); in
    English, as the log's recap compares them (TURNS has them marked for where they are shown)."""
    return TURNS[BOLOTOMUS] if state.phase in BOLOTOMUS_TURN else TURNS[ONE_CLAN]


def verdict(winner: str) -> str:
    """Who won, in words: the Snits, the Bolotomus, a tie, or (after the multiplayer fight) one clan."""
    return _(VERDICTS[winner]) if winner in VERDICTS else _("the {clan} clan won").format(clan=winner)


def legal(state: State) -> list[dict]:
    """Every action the current phase allows (a pack attack is offered with all the Snits that could join it;
    any two or more of them may make it), as action dicts; `done` comes last."""
    found = list(offers(state))
    if state.phase != Phase.OVER and not state.pending:
        found.append({"type": "done"})
    return found


def offers(state: State) -> Iterator[dict]:
    """What the acting side may do now besides `done`, one action at a time (can_act needs only the first)."""
    if state.phase == Phase.OVER:
        return iter(())
    if state.pending:
        r, cands = state.pending
        return ({"type": "chomp", "runnungitm": name(r), "snit": name(c)} for c in cands)
    return OFFERS[state.phase](state)


def moves(state: State) -> Iterator[dict]:
    """Every move (or entry) movement.check accepts now, counter by counter; the ways open from a place are worked
    out once for all the movers there (a phase's movers are all Snits or all thingies)."""
    ways: dict[int, list[str]] = {}
    for cid, here in movers(state):
        if here not in ways:
            ways[here] = movement.open_ends(state, cid, here)
        kind, who = "enter" if here == OUT else "move", name(cid)
        for to in ways[here]:
            yield {"type": kind, "who": who, "to": to}


def composes(state: State) -> Iterator[dict]:
    makers = [o for o in working_compositors(state) if o not in state.composed][:state.makums.count(OUT)]
    if makers:
        yield {"type": "compose", "at": [place_name(state, o) for o in makers]}


def chomps(state: State) -> Iterator[dict]:
    """Single chomps where one Runnungitm or one Snit is in the organ. Where several Runnungitms meet several Snits,
    whole declarations (Chomping: "specifying targets by name before any dice are rolled"): every Runnungitm there
    names a Snit, one declaration per way of sharing the Runnungitms out among the Snits (which Runnungitm takes
    which Snit changes no odds). Apply also takes `-` for a Runnungitm declared not chomping; none such is
    offered, so no computer side ever forfeits a chomp."""
    snits_at: dict[int, list[int]] = {}
    for cid, pos in enumerate(state.snits):
        if pos >= 0:
            snits_at.setdefault(pos, []).append(cid)
    runs_at: dict[int, list[int]] = {}
    for i, organ in enumerate(state.runs):
        r = RUN_BASE + i
        if organ in snits_at and r not in state.chomped and organ not in state.declared:
            runs_at.setdefault(organ, []).append(r)
    for organ, runs in runs_at.items():
        targets = snits_at[organ]
        if len(runs) > 1 and len(targets) > 1:
            for shares in combinations_with_replacement(targets, len(runs)):
                yield {"type": "chomp", "runnungitm": ",".join(name(r) for r in runs),
                       "snit": ",".join(name(c) for c in shares)}
        else:
            for r in runs:
                for cid in targets:
                    yield {"type": "chomp", "runnungitm": name(r), "snit": name(cid)}


def transforms(state: State) -> Iterator[dict]:
    lapotum = state.board.lapotum
    for i, organ in enumerate(state.makums):
        if organ >= 0 and ((organ == lapotum and OUT in state.runs) or not state.snorgs[organ]):
            yield {"type": "transform", "makum": name(MAKUM_BASE + i)}


def movers(state: State) -> Iterator[tuple[int, int]]:
    """The counters that may still move this phase, whatever the way (movement.check's refusals of the counter),
    with their places, one by one: can_act stops at the first that has somewhere to go."""
    moved = state.moved
    if state.phase == Phase.THINGIES:
        return ((c, p) for base, places in ((RUN_BASE, state.runs), (MAKUM_BASE, state.makums))
                for c, p in enumerate(places, base) if p >= 0 and c not in moved)
    fast, snits = state.phase == Phase.FAST, state.snits
    return ((c, snits[c]) for c in clan_ids(state.player)
            if snits[c] not in LOST and c not in moved and (not fast or (snits[c] >= 0 and snit(c).fast)))


def kicks(state: State) -> Iterator[dict]:
    """Every kick and pack attack the acting clan's Snits in the body may make."""
    groups: dict[int, list[int]] = {}
    there = thingies_by_organ(state)
    for cid in clan_ids(state.player):
        organ = state.snits[cid]
        if organ < 0 or cid in state.kicked:  # outside, dead or not in play, or kicked already
            continue
        groups.setdefault(organ, []).append(cid)
        if state.snorgs[organ] and state.board.organs[organ].snorg:
            yield {"type": "kick", "who": name(cid), "target": SNORG}
        for t in there.get(organ, ()):
            yield {"type": "kick", "who": name(cid), "target": name(t)}
    for organ, ids in groups.items():
        if len(ids) > 1:
            for t in there.get(organ, ()):
                if t < MAKUM_BASE:
                    yield {"type": "pack", "who": [name(c) for c in ids], "target": name(t)}


OFFERS = {Phase.MOVE: moves, Phase.FAST: moves, Phase.THINGIES: moves, Phase.FIGHT_MOVE: moves, Phase.KICK: kicks,
          Phase.FIGHT_KICK: sparkfight.kicks, Phase.COMPOSE: composes, Phase.CHOMP: chomps, Phase.TRANSFORM: transforms}


def can_act(state: State) -> bool:
    """Anything to do in this phase besides `done`?"""
    return next(offers(state), None) is not None


def done(state: State, action: Done, roller: Roller) -> tuple[list[str], dict]:
    if state.pending:
        raise IllegalAction(chomping.owed(state))
    return advance(state), {"type": "done"}


def run_out(state: State) -> list[str]:
    """The acting side has nothing left to do in a phase it could act in: the phase still ends only with its
    `done`, so that a `done` always ends the phase the output last named and never skips one."""
    return [_(NOTHING_MORE).format(side=side(state), phase=title(state.phase), ends=_(ENDS[done_ends(state)]))]


ENDS = {"phase": N_("ends the phase"), "go": N_("ends this clan's go (the next clan plays the phase)"),
        "move": N_("ends this clan's move (its kick follows)"), "fight": N_("ends this clan's go (the next clan moves)"),
        "turn": N_("ends the turn and checks for a winner")}  # what `done` ends, as done_ends names it
ENDED, NOW = N_("ended: {phase}"), N_("now: {phase}")
NOTHING_MORE = N_("nothing more for {side} to do in {phase}: `done` {ends}")
NOTHING = N_("nothing for {side} to do in {phase}: it passes by itself")


def bookkeeping(line: str) -> bool:
    """A line that only says which phase ended, began or passed (in English or the player's language): what the
    log's recap leaves out."""
    return line.startswith(tuple(text.split("{")[0] for message in (ENDED, NOW, NOTHING_MORE, NOTHING)
                                 for text in {message, _(message)}))


def done_ends(state: State) -> str:
    """What `done` ends now, as step() has it: "go" (a clan's go in a Snit phase another clan plays after it),
    "move" and "fight" (a clan's move, then its kick, in the fight for the Spark), "turn" (Makums Transform), or
    "phase"; phases where nobody could act then pass by themselves."""
    if state.phase == Phase.FIGHT_MOVE:
        return "move"
    if state.phase == Phase.FIGHT_KICK:
        return "fight"
    if state.phase in SNIT_TURN and state.actor + 1 < state.players:
        return "go"
    return "turn" if state.phase == Phase.TRANSFORM else "phase"


def next_step(state: State) -> dict:
    """What the game waits for, as data each interface words its own way: `step` ("over", "sealed", "free chomp",
    or the phase), the `player` to act (as `players` names them), the action types open besides `done` (`actions`,
    empty when only `done` is left), what `done` ends (`done`, see done_ends), and what the phase offers by name."""
    if state.phase == Phase.OVER:
        return {"step": "over", "winner": state.winner}
    if state.sealed:
        return {"step": "sealed", "phase": state.phase}
    if state.pending:
        r, cands = state.pending
        return {"step": "free chomp", "phase": state.phase, "player": BOLOTOMUS, "runnungitm": name(r),
                "snits": [name(c) for c in cands]}
    legal_now = list(offers(state))
    out: dict[str, object] = {"step": str(state.phase), "phase": state.phase, "player": acting(state),
                              "actions": sorted({a["type"] for a in legal_now}), "done": done_ends(state)}
    if state.phase in FIGHT:
        if state.holder is not None:
            out["spark"] = {"carrier": name(state.holder)}
        else:
            assert state.lies is not None  # the Spark has a carrier or a place in the fight (from_dict checks it)
            out["spark"] = {"lies": place_name(state, state.lies)}
    if state.phase == Phase.MOVE:
        out["room"] = {place_name(state, o): state.board.organs[o].orifice - state.gates.get(o, 0)
                       for o in state.board.orifices}
    elif state.phase in (Phase.KICK, Phase.FIGHT_KICK):
        out["kicks"] = [[a["who"], a["target"]] for a in legal_now if a["type"] == "kick"]
    elif state.phase == Phase.COMPOSE:
        out["compositors"] = next((a["at"] for a in legal_now), [])
    elif state.phase == Phase.CHOMP:
        out["chomps"] = [[a["runnungitm"], a["snit"]] for a in legal_now]
    elif state.phase == Phase.TRANSFORM:
        out["transforms"] = [[a["makum"], place_name(state, state.makums[int(a["makum"][1:]) - 1])]
                             for a in legal_now]
    return out


def advance(state: State) -> list[str]:
    """End the current phase and go on, skipping phases where nobody could do anything but `done`: the lines name
    the phase ended and the one now open."""
    lines = [_(ENDED).format(phase=phase_line(state)), step(state)]
    while state.phase != Phase.OVER and not can_act(state):
        lines.append(_(NOTHING).format(side=side(state), phase=title(state.phase)))
        lines.append(step(state))
    if state.phase != Phase.OVER:
        lines.append(_(NOW).format(phase=phase_line(state)))
    return [line for line in lines if line]


def phase_line(state: State) -> str:
    """The phase and who acts in it: `2. Move Thingies (the Bolotomus)`."""
    return _("{phase} ({side})").format(phase=title(state.phase), side=side(state))


def new_phase(state: State, phase: Phase, actor: int = 0) -> None:
    state.phase, state.actor = phase, actor
    if phase in (Phase.MOVE, Phase.FAST, Phase.THINGIES):
        state.used, state.gates = {}, {}
        # a Snit's * (moved in the latest movement phase) stays through the Bolotomus turn; thingies start afresh
        state.moved = {c for c in state.moved if c < RUN_BASE} if phase == Phase.THINGIES else set()
    state.composed = set()


def step(state: State) -> str:
    """Go to the phase after this one (a Snit phase passes from player to player before moving on); returns what
    else happened on the way (the end of a turn), or ""."""
    if state.phase in FIGHT:
        return sparkfight.step(state)
    if state.phase in SNIT_TURN and state.actor + 1 < state.players:
        state.actor += 1  # passage capacities stay: they are shared by all Snit players in a phase
        return ""
    if state.phase == Phase.TRANSFORM:
        return end_of_turn(state)
    new_phase(state, NEXT[state.phase])
    if state.phase == Phase.CHOMP:
        state.chomped, state.declared = set(), set()
    return ""


def end_of_turn(state: State) -> str:
    """5. Has Anybody Won Yet? Nine organs down: the Snits; every Snit dead: the Bolotomus; both: a tie."""
    down = organs_out(state)
    snits_win = down >= state.opts.organs_to_win
    bolo_wins = not alive(state)
    out = ngettext("{n} organ is out", "{n} organs are out", down).format(n=down)
    if snits_win and not bolo_wins and state.players > 1:
        return "\n".join([_("{out} of action: the Bolotomus dies!").format(out=out), *sparkfight.bolotomus_dies(state)])
    if snits_win or bolo_wins:
        state.winner = "tie" if snits_win and bolo_wins else ("snits" if snits_win else "bolotomus")
        state.phase = Phase.OVER
        return {"snits": _("{out} of action: the Bolotomus dies, the Snits win!"),
                "bolotomus": _("every Snit is dead: the Bolotomus wins!"),
                "tie": _("{out}, but every Snit is dead too: a tie")}[state.winner].format(out=out)
    state.turn += 1
    state.senior = (state.senior + 1) % state.players
    state.kicked = set()
    new_phase(state, Phase.MOVE)
    totem = _("; the Senior Snit totem passes to the {clan} clan").format(clan=clan_name(state.senior)) \
        if state.players > 1 else ""
    return _("{down} of {win} organs out: no winner yet. Turn {turn}{totem}").format(
        down=down, win=state.opts.organs_to_win, turn=state.turn, totem=totem)
