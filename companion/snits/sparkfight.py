"""Multiplayer rules 6-9: when the Bolotomus dies, the Snit clans fight for the Spark of Life and carry it out."""
from __future__ import annotations

from typing import TYPE_CHECKING

from companion.core.engine import draw
from companion.core.language import _
from companion.snits.pieces import alive, clan_name, name, place_name, snit, snorg_of
from companion.snits.state import OUT, Phase, State

if TYPE_CHECKING:
    from collections.abc import Iterator


def record_kill(state: State, organ: int, by: int) -> None:
    """Remember the Snorgs killed this turn, and by whom: the last one killed may turn out to hold the Spark."""
    if state.players == 1:
        return
    if state.kills_turn != state.turn:
        state.kills, state.kills_turn = (), state.turn
    state.kills += ((organ, by),)


def bolotomus_dies(state: State, found: tuple[int, int] | None = None) -> list[str]:
    """One Snit player: the Snits win. Several: the Spark goes to the Snit that made the last kill (a random one
    of the last Snit turn's kills, if several), every other Bolotomus piece leaves, and the fight begins."""
    if state.players == 1:
        state.phase, state.winner = Phase.OVER, "snits"
        return []
    if not alive(state):
        state.phase, state.winner = Phase.OVER, "tie"
        return [_("no Snit is left to claim the Spark: a tie")]
    lines = []
    if found is None:
        kills = [k for k in state.kills if state.kills_turn == state.turn] or list(state.kills[-1:])
        found = kills[0]
        if len(kills) > 1:
            rng = draw(state)
            found = kills[rng.randrange(len(kills))]
            lines.append(_("{n} Snorgs fell this turn; a random roll says the Spark was under {snorg}").format(
                n=len(kills), snorg=snorg_of(state, found[0])))
    organ, by = found
    state.runs = [OUT] * len(state.runs)
    state.makums = [OUT] * len(state.makums)
    if state.snits[by] >= OUT:
        state.holder = by
        lines.append(_("The Spark of Life goes to {snit} of the {clan} clan").format(
            snit=name(by), clan=clan_name(snit(by).clan)))
    else:
        state.lies = organ
        lines.append(_("The Spark of Life lies in the {organ}: the first Snit to move in takes it").format(
            organ=place_name(state, organ)))
    lines.append(_("All other Bolotomus pieces leave the game. The clans now fight for the Spark: each clan in turn "
                   "moves, then kicks; whoever carries the Spark out of the body wins"))
    state.phase, state.actor = Phase.FIGHT_MOVE, 0
    state.used, state.gates, state.moved, state.kicked = {}, {}, set(), set()
    return lines


def after_move(state: State, cid: int, to: int) -> list[str]:
    """Picking up a lying Spark; carrying it out of the body wins the game for the carrier's clan."""
    if state.phase != Phase.FIGHT_MOVE:
        return []
    if state.lies is not None and state.lies == to:
        state.holder, state.lies = cid, None
        return [_("{snit} picks up the Spark of Life").format(snit=name(cid))]
    if cid == state.holder and to == OUT:
        state.phase, state.winner = Phase.OVER, clan_name(snit(cid).clan)
        return [_("{snit} leaves the Bolotomus with the Spark of Life: the {clan} clan wins!").format(
            snit=name(cid), clan=state.winner)]
    return []


def kicks(state: State) -> Iterator[dict]:
    """Every kick the acting clan may make at another clan's Snit in the same organ."""
    for cid in alive(state):
        here = state.snits[cid]
        if snit(cid).clan == state.player and here >= 0 and cid not in state.kicked:
            for t in alive(state):
                if state.snits[t] == here and snit(t).clan != state.player:
                    yield {"type": "kick", "who": name(cid), "target": name(t)}


def step(state: State) -> str:
    """Multiplayer 8: each clan has its own turn, move then kick; then the next clan, the totem passing left."""
    if state.phase == Phase.FIGHT_MOVE:
        state.phase = Phase.FIGHT_KICK
        return ""
    if state.actor + 1 < state.players:
        state.actor += 1
    else:
        state.actor, state.turn = 0, state.turn + 1
        state.senior = (state.senior + 1) % state.players
    state.phase = Phase.FIGHT_MOVE
    state.used, state.gates, state.moved, state.kicked = {}, {}, set(), set()
    return ""
