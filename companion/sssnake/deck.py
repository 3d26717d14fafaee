"""The apple deck: an A stack turned card by card onto a B stack; a coordinate pairs the two faces now on top."""
from __future__ import annotations

from typing import TYPE_CHECKING

from companion.core.record import Value
from companion.sssnake.edition import AppleCard, edition

if TYPE_CHECKING:  # a generator is passed in; the module is imported only by what rolls (engine.chance)
    import random

FLIPS_PER_DECK = 15  # the 16th card has no A face under it to pair with, so the deck restarts


class Deck(Value):
    """`order` is the A stack top-down as card ids; the first `pos` cards have been turned onto the B stack."""

    order: tuple[int, ...]
    pos: int = 0

    @staticmethod
    def shuffled(rng: random.Random) -> Deck:
        """All 16 cards shuffled, A side up (Setup 3, and each restart of a used-up deck)."""
        ids = [c.id for c in edition().apples]
        rng.shuffle(ids)
        return Deck(tuple(ids))

    @property
    def exhausted(self) -> bool:
        return self.pos >= FLIPS_PER_DECK

    def flip(self) -> Deck:
        """Turn the top A card onto the B stack (the caller reshuffles an exhausted deck first)."""
        return Deck(self.order, self.pos + 1)

    def view(self) -> dict:
        """What lies face up and how much is left; the order of the A stack below its top stays hidden."""
        top = card(self.order[self.pos])
        shown = {"a_top": top.a, "a_top_half": top.half_a, "a_left": len(self.order) - self.pos,
                 "flips_left": FLIPS_PER_DECK - self.pos, "b_stack": self.pos}
        if self.pos:
            turned = card(self.order[self.pos - 1])
            shown.update(b_top=turned.b, b_top_half=turned.half_b)
        return shown


def card(card_id: int) -> AppleCard:
    return edition().apples[card_id - 1]
