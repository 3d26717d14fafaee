"""Shell completion of what players type: game ids, player names, Snit and thingie names, organ names.

Imported only when the shell asks (through companion.cli.commands.completes), never by a command that runs. The names
come from the game `--game` names on the line, else the latest saved game of that kind; a completion never creates
the saved-games file, and any trouble reading it completes nothing rather than printing an error into the shell.
"""
from __future__ import annotations

import os

from companion.core.folders import data_home
from companion.core.games import GAMES, load


def saved_store():
    """The saved games, or None when there are none yet (completing must not create the file)."""
    from companion.store.db import Store

    path = os.path.join(data_home(), "games.sqlite")
    return Store(path) if os.path.isfile(path) else None


def game_ids(incomplete: str, kind: str | None) -> list[str]:
    """Saved game ids (of a kind), most recent first, archived ones last."""
    store = saved_store()
    if store is None:
        return []
    try:
        ids = store.ids(kind, archived=False) + store.ids(kind, archived=True)
    finally:
        store.close()
    return [i for i in ids if i.startswith(incomplete)]


def game_state(ctx, kind: str):
    """The state of the game `--game` names on the line, else of the latest game of this kind; None if there is
    none."""
    from companion.store.saved import opened

    store = saved_store()
    if store is None:
        return None
    try:
        record = store.load(ctx.params.get("game") or store.latest(kind))
        return opened(record).state if record.kind == kind else None
    finally:
        store.close()


def players(state) -> list[str]:
    """Sssnake: the players' names."""
    return [s.name for s in state.snakes]


def snit_names(state) -> list[str]:
    """Snits' Revenge: the Snits still in the game (inside the body or outside it)."""
    from companion.snits.pieces import alive, name

    return [name(c) for c in alive(state)]


def thingies(state, pool: str) -> list[str]:
    """The Runnungitms ("runs") or Makums ("makums") on the map."""
    from companion.snits.counters import MAKUM_BASE, RUN_BASE
    from companion.snits.pieces import name

    base = RUN_BASE if pool == "runs" else MAKUM_BASE
    return [name(base + i) for i, at in enumerate(getattr(state, pool)) if at >= 0]


def organs(state) -> list[str]:
    """The Bolotomus' organs, from the game's own map (the edition's, or the one `new --map` gave it)."""
    return [o.name for o in state.board.organs]


# argument -> the names it takes, from a game's state; the registry (companion/core/games.py) names each game's
SSSNAKE = {"player": players}
SNITS = {
    "name": lambda st: snit_names(st) + thingies(st, "runs") + thingies(st, "makums"),
    "names": snit_names,
    "organ": lambda st: organs(st) + ["out"],
    "organs": organs,
    "target": lambda st: ["Snorg"] + thingies(st, "runs") + thingies(st, "makums"),
    "runnungitm": lambda st: thingies(st, "runs"),
    "makum": lambda st: thingies(st, "makums"),
}


def complete(kind: str | None, what: str, ctx, incomplete: str) -> list[str]:
    """The names `what` (an argument's name, or "game" for --game) may be that start as typed (any case); in a
    comma list (`pack Wiggen,Po`) the last name is completed."""
    try:
        if what == "game":
            return game_ids(incomplete, kind)
        assert kind is not None  # only --game completes across kinds
        state = game_state(ctx, kind)
        names = load(GAMES[kind].names)[what](state) if state is not None else []
    except Exception:  # a damaged or busy store: complete nothing, never a traceback in the shell
        return []
    done, _, last = incomplete.rpartition(",")
    head = f"{done}," if done else ""
    return [head + n for n in names if n.lower().startswith(last.lower())]
