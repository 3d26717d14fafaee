"""A new Sssnake game's setup from what its maker chose (players, landscape, sheets, digital sheets, the computer's
snakes), checked and saved in one place for `companion sssnake new` and the table page's new game form."""
from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from companion.core.language import _
from companion.shared import session
from companion.shared.session import Refused

KIND = "sssnake"


def random_seed() -> int:
    """Six digits from the OS, cheap to import (the table commands stay fast), short to read out."""
    return int.from_bytes(os.urandom(4), "big") % 10 ** 6


def known_landscape(slug: str):
    """The landscape by its name in any case or spelling (Am Fluss, am-fluss, FoxTrail), or a refusal naming the four
    that exist."""
    from companion.sssnake.edition import landscape

    try:
        return landscape(slug)
    except ValueError as exc:
        raise Refused(str(exc)) from None


def new_setup(names: list[str], landscape: str, sheets: str = "edition", seed: int | None = None,
              friendship: bool = False, first: str | None = None, teach: bool = False,
              digital: Sequence[str] = (), bots: Sequence[str] = ()) -> tuple[Any, dict]:
    """(landscape, setup) of a new game, refused in the CLI's words; a player named bot is the computer's too."""
    from companion.sssnake.actions import shown

    names = [n.strip() for n in names]
    lowered = [n.lower() for n in names]
    if first and first.lower() not in lowered:
        raise Refused(_("--first {name} is not a player; players: {players}").format(name=shown(first),
                                                                                      players=", ".join(names)))
    land = known_landscape(landscape)
    setup = {"players": names, "landscape": land.slug, "seed": random_seed() if seed is None else seed,
             "friendship": friendship, "first": lowered.index(first.lower()) if first else 0}
    setup.update({"sheets": sheets} if sheets == "boxed" else {}, **({"teach": True} if teach else {}))
    listed = [n.strip() for n in digital if n.strip()]
    computer_sides = [n.strip() for n in bots if n.strip()] + [n for n in names if n.lower() == "bot"]
    if listed:
        setup["digital"] = listed
    if computer_sides:
        setup["computer"] = {"sides": list(dict.fromkeys(computer_sides))}
        if len(setup["computer"]["sides"]) == len(names):
            raise Refused(_("the computer cannot play every snake: leave one for a person"))
    return land, setup


def same_again(setup: dict) -> dict:
    """A game's own choices as start_game takes them, for a rematch (play's and the table page's): the players in
    their order, the landscape, sheets, Friendship mode, teaching, digital sheets and the computer's snakes."""
    return {"names": setup["players"], "landscape": setup["landscape"], "sheets": setup.get("sheets", "edition"),
            "friendship": bool(setup.get("friendship")), "teach": bool(setup.get("teach")),
            "digital": setup.get("digital", []), "bots": session.computer_sides(setup)}


def start_game(names: list[str], landscape: str, **chosen) -> tuple[str, Any, Any, dict]:
    """Check and save a new game: (game id, landscape, first state, setup)."""
    land, setup = new_setup(names, landscape, **chosen)
    game_id, state = session.create(KIND, setup)
    return game_id, land, state, setup
