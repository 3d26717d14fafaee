"""The rules of the daily solo game: a deck, display and landscape that follow from the date alone, and what its
result is (the player's own actions, which companion.tokens.daily_token carries so anyone can replay the game)."""
from __future__ import annotations

import hashlib
from datetime import date as Date

from companion.core.engine import IllegalAction
from companion.core.language import _
from companion.sssnake.edition import edition
from companion.sssnake.state import Phase, State

# The result token's prefixes (companion.tokens.daily_token writes and reads them): they stay here while the root
# command's --version and the token command's reading of a scanned code import them from this module.
PREFIX = "SD2:"  # Sssnake Daily, format 2: the cave's way and an apple's edge, as the player chose them
OLD_PREFIX = "SD1:"  # format 1, read as before: no cave way, no edge


def seed(day: Date) -> int:
    """sha256 of "sssnake-daily:YYYY-MM-DD", its first 8 bytes as a number below 2**63: the same on every machine
    and Python (never hash(), which is salted per process)."""
    digest = hashlib.sha256(f"sssnake-daily:{day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def landscape(day: Date) -> str:
    """The landscape of the day: this edition's landscapes in turn, by the date's ordinal."""
    lands = sorted(edition().landscapes)
    return lands[day.toordinal() % len(lands)]


def day_setup(date: Date, name: str, digital: bool = True) -> dict:
    """The day's solo game for one player: seed and landscape from the date; `daily` names the day in the store."""
    setup = {"players": [name], "landscape": landscape(date), "seed": seed(date), "friendship": False, "first": 0,
             "daily": date.isoformat()}
    return setup | ({"digital": [name]} if digital else {})


def result(state: State, log: list[dict]) -> tuple[list[dict], str]:
    """A finished daily game's result: the player's moves, takes and places from the log, not the flips (a replay
    flips whenever the game waits for one), and the way the cave moved; IllegalAction before the game is over, or
    when a paper sheet's reports stand in for the moves."""
    if state.phase != Phase.OVER:
        raise IllegalAction(_("the game is not over yet; a result is shared once the snake is out"))
    mine = [a for a in log if a.get("type") != "flip"]
    typed = {str(a.get("type")) for a in mine} - {"move", "take", "place"}
    if typed:
        raise IllegalAction(_("the game holds {kinds} actions: a paper sheet's reports carry no path to replay")
                            .format(kinds=", ".join(sorted(typed))))
    return mine, next((a.get("cave", "") for a in log if a.get("type") == "flip"), "")
