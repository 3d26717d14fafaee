"""What every Sssnake command module shares (the game's kind, its engine, typed directions), apart
from the click group: the modules holding the commands and the play loop import it, the group imports them."""
from __future__ import annotations

from companion.core.language import N_, _

KIND = "sssnake"
WAYS = {"up": "U", "down": "D", "left": "L", "right": "R"}  # a direction typed as an option, as the log keeps it
ANYWAY = N_("confirm it (anyway)")  # the rules' words in a refusal of an eliminating move, said as each interface asks


def engine():
    from companion.sssnake.game import ENGINE

    return ENGINE


def confirm_anyway(message: str, how: str) -> str:
    """The rules' refusal of an eliminating move, saying how this interface confirms it (`how`) in place of the
    rules' own words, in English or the player's language."""
    for words in (ANYWAY, _(ANYWAY)):
        message = message.replace(words, how)
    return message

