"""What every Sssnake command module shares (the game's kind, its engine, typed directions and landscape names), apart
from the click group: the modules holding the commands and the play loop import it, the group imports them."""
from __future__ import annotations

from companion.shared.session import Refused

KIND = "sssnake"
WAYS = {"up": "U", "down": "D", "left": "L", "right": "R"}  # a direction typed as an option, as the log keeps it


def engine():
    from companion.sssnake.game import ENGINE

    return ENGINE


def known_landscape(slug: str):
    """The landscape by its name in any case or spelling (Am Fluss, am-fluss, FoxTrail), or a refusal naming the four
    that exist."""
    from companion.sssnake.edition import landscape

    try:
        return landscape(slug)
    except ValueError as exc:
        raise Refused(str(exc)) from None
