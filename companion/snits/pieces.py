"""Finding counters in a game by the names players type, and saying where they stand."""
from __future__ import annotations

from companion.engine import IllegalAction
from companion.snits import counters
from companion.snits.counters import MAKUM_BASE, RUN_BASE, makum_name, run_name
from companion.snits.names import find
from companion.snits.state import DEAD, GONE, OUT

SNORG = "Snorg"


def snit(cid: int):
    return counters.load().snits[cid]


def name(cid: int) -> str:
    if cid >= MAKUM_BASE:
        return makum_name(cid)
    if cid >= RUN_BASE:
        return run_name(cid)
    return snit(cid).name


def where(state, cid: int) -> int:
    if cid >= MAKUM_BASE:
        return state.makums[cid - MAKUM_BASE]
    if cid >= RUN_BASE:
        return state.runs[cid - RUN_BASE]
    return state.snits[cid]


def put(state, cid: int, pos: int) -> None:
    if cid >= MAKUM_BASE:
        state.makums[cid - MAKUM_BASE] = pos
    elif cid >= RUN_BASE:
        state.runs[cid - RUN_BASE] = pos
    else:
        state.snits[cid] = pos


def all_ids(state) -> list[int]:
    return (list(range(len(state.snits))) + [RUN_BASE + i for i in range(len(state.runs))]
            + [MAKUM_BASE + i for i in range(len(state.makums))])


def lookup(state, typed: str, snorg: bool = False) -> int | str:
    """A counter id from a typed name; "Snorg" when allowed; IllegalAction with suggestions otherwise."""
    ids = {name(c): c for c in all_ids(state)}
    choice = find(typed, list(ids) + ([SNORG] if snorg else []), "counter")
    return SNORG if choice == SNORG else ids[choice]


def place_name(state, pos: int) -> str:
    if pos >= 0:
        return state.board.organs[pos].name
    return {OUT: "outside", DEAD: "dead", GONE: "out of play"}[pos]


def live_snit(state, cid: int) -> None:
    """Refuse a Snit that is dead or not part of the game."""
    pos = state.snits[cid]
    if pos == DEAD:
        raise IllegalAction(f"{name(cid)} is dead")
    if pos == GONE:
        raise IllegalAction(f"{name(cid)} is not in play (left out of the force, a spare, or swapped out wounded)")


def thingies_at(state, organ: int) -> list[int]:
    return ([RUN_BASE + i for i, p in enumerate(state.runs) if p == organ]
            + [MAKUM_BASE + i for i, p in enumerate(state.makums) if p == organ])


def alive(state) -> list[int]:
    """Snits still in the game, inside the body or outside it."""
    return [c for c, p in enumerate(state.snits) if p not in (DEAD, GONE)]


def organs_out(state) -> int:
    """Organs whose Snorg is dead: the count the Snits win by (organs_to_win of them)."""
    return sum(1 for o in state.board.snorg_organs if not state.snorgs[o])


def clan_name(k: int) -> str:
    return counters.load().clans[k]
