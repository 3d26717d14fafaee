"""What every Sssnake command module shares (the game's kind, its engine, typed directions), apart
from the click group: the modules holding the commands and the play loop import it, the group imports them."""
from __future__ import annotations

KIND = "sssnake"
WAYS = {"up": "U", "down": "D", "left": "L", "right": "R"}  # a direction typed as an option, as the log keeps it


def engine():
    from companion.sssnake.game import ENGINE

    return ENGINE

