"""Finding counters in a game by the names players type, and saying where they stand."""
from __future__ import annotations

from functools import cache, lru_cache
from typing import TYPE_CHECKING, overload

from companion.core.engine import IllegalAction
from companion.core.language import N_, _
from companion.snits import counters
from companion.snits.counters import CLAN_SIZE, MAKUM_BASE, RUN_BASE, Snit, makum_name, run_name
from companion.snits.names import find
from companion.snits.state import DEAD, GONE, OUT, State

if TYPE_CHECKING:
    from typing import Final, Literal, TypeAlias

    Target: TypeAlias = int | Literal["Snorg"]  # what a kick or a move may name: a counter's id, or a Snorg

SNORG: Final = "Snorg"
LOST = (DEAD, GONE)  # the places of a Snit no longer in the game
PLACES = {OUT: N_("outside"), DEAD: N_("dead"), GONE: N_("out of play")}  # where a counter off the map is


@cache
def snit(cid: int) -> Snit:
    """A Snit's counter (cached: the rules ask for Snits by id hundreds of times an action)."""
    return counters.load().snits[cid]


@cache
def name(cid: int) -> str:
    """A counter's printed name (cached: every offered action names its counters)."""
    if cid >= MAKUM_BASE:
        return makum_name(cid)
    if cid >= RUN_BASE:
        return run_name(cid)
    return snit(cid).name


def where(state: State, cid: int) -> int:
    if cid >= MAKUM_BASE:
        return state.makums[cid - MAKUM_BASE]
    if cid >= RUN_BASE:
        return state.runs[cid - RUN_BASE]
    return state.snits[cid]


def put(state: State, cid: int, pos: int) -> None:
    if cid >= MAKUM_BASE:
        state.makums[cid - MAKUM_BASE] = pos
    elif cid >= RUN_BASE:
        state.runs[cid - RUN_BASE] = pos
    else:
        state.snits[cid] = pos


@lru_cache(maxsize=16)
def named_ids(snits: int, runs: int, makums: int) -> dict[str, int]:
    """Name -> counter id for a game with so many Snits, Runnungitms and Makums (built once per game size)."""
    ids = range(snits), range(RUN_BASE, RUN_BASE + runs), range(MAKUM_BASE, MAKUM_BASE + makums)
    return {name(c): c for group in ids for c in group}


@overload
def lookup(state: State, typed: str, snorg: Literal[False] = False) -> int: ...


@overload
def lookup(state: State, typed: str, snorg: bool) -> Target: ...


def lookup(state: State, typed: str, snorg: bool = False) -> Target:
    """A counter id from a typed name; "Snorg" when allowed; IllegalAction with suggestions otherwise."""
    ids = named_ids(len(state.snits), len(state.runs), len(state.makums))
    if typed in ids:  # the exact name, as legal actions spell it: what `find` would answer first
        return ids[typed]
    choice = find(typed, list(ids) + ([SNORG] if snorg else []), N_("counter"))
    return SNORG if choice == SNORG else ids[choice]


def place_key(state: State, pos: int) -> str:
    """Where a counter is, as data names it (the view's `at`): an organ's name, or outside, dead, out of play."""
    return state.board.organs[pos].name if pos >= 0 else PLACES[pos]


def place_name(state: State, pos: int) -> str:
    """Where a counter is, as a player reads it: an organ's name, or outside, dead, out of play in their language."""
    return state.board.organs[pos].name if pos >= 0 else _(PLACES[pos])


def snorg_of(state: State, organ: int) -> str:
    """"the Eye's Snorg", "the Fleotis' Snorg": a name ending in s takes the apostrophe alone."""
    where = place_name(state, organ)
    return (_("the {organ}' Snorg") if where.endswith("s") else _("the {organ}'s Snorg")).format(organ=where)


def live_snit(state: State, cid: int) -> None:
    """Refuse a Snit that is dead or not part of the game."""
    pos = state.snits[cid]
    if pos == DEAD:
        raise IllegalAction(_("{snit} is dead").format(snit=name(cid)))
    if pos == GONE:
        raise IllegalAction(_("{snit} is not in play (left out of the force, a spare, or swapped out wounded)").format(
            snit=name(cid)))


def thingies_at(state: State, organ: int) -> list[int]:
    return thingies_by_organ(state).get(organ, [])


def thingies_by_organ(state: State) -> dict[int, list[int]]:
    """Every organ's thingies (Runnungitms, then Makums), found in one pass for a look at many organs."""
    out: dict[int, list[int]] = {}
    for base, places in ((RUN_BASE, state.runs), (MAKUM_BASE, state.makums)):
        for i, p in enumerate(places):
            if p >= 0:
                out.setdefault(p, []).append(base + i)
    return out


def clan_ids(k: int) -> range:
    """The ids of clan k's Snits (the counter sheet keeps each clan's Snits together)."""
    return range(k * CLAN_SIZE, (k + 1) * CLAN_SIZE)


def alive(state: State) -> list[int]:
    """Snits still in the game, inside the body or outside it."""
    return [c for c, p in enumerate(state.snits) if p not in LOST]


def organs_out(state: State) -> int:
    """Organs whose Snorg is dead: the count the Snits win by (organs_to_win of them)."""
    return sum(1 for o in state.board.snorg_organs if not state.snorgs[o])


@cache
def clan_name(k: int) -> str:
    """A clan's name (cached: refusals and turns name clans often)."""
    return counters.load().clans[k]
