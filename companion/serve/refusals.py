"""What a request to `companion serve` can be refused with, each an exception the routes turn into one answer."""
from __future__ import annotations

from companion.core.language import N_

DEAD = N_("this link no longer works (new links were drawn, or the game was renamed or deleted): scan the code again")
PLAYING = N_("the computer is playing: wait for its go to end")


class NotFound(Exception):
    """What a linked game does not have (a Sssnake game's board.svg) or no longer has (deleted since the link was
    checked)."""


class Dead(Exception):
    """A link that opens nothing (an unknown game, a wrong secret, a Bolotomus' page the computer holds): one answer
    for all, so a guess learns nothing, in words that tell a player what to do."""


class Bad(Exception):
    """A refused request: 400 with the one line the CLI would print after `error: `, and any more a page acts on
    (`extra`: the roll manual dice still need, so a phone asks for it)."""

    def __init__(self, line: str, extra: dict | None = None) -> None:
        super().__init__(line)
        self.extra = extra or {}


class Playing(Exception):
    """A write while the computer's go is not over: 409, and the write changes nothing and starts nothing."""
