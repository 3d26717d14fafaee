"""The ability display: eight cards in two rows of four, one face down per row (rulebook Setup step 4, Developing)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from companion.core.engine import IllegalAction
from companion.core.language import _
from companion.core.record import Value
from companion.sssnake.edition import AbilityCard, Landscape, edition

if TYPE_CHECKING:  # a generator is passed in; the module is imported only by what rolls (engine.chance)
    import random

ROW = 4


def allowed(land: Landscape, players: int) -> list[int]:
    """Cards this game may use at all: not red on the sheet, and no 3+ player cards for one or two players."""
    return [n for n, c in sorted(edition().abilities.items())
            if n not in land.red and (players >= 3 or not c.three_plus)]


class Display(Value):
    """`cards` row by row; `down` holds the face-down position within each row."""

    cards: tuple[int, ...]
    down: tuple[int, int] = (ROW - 1, ROW - 1)

    @staticmethod
    def setup(land: Landscape, players: int, rng: random.Random) -> Display:
        """Green cards, then random allowed cards up to eight, shuffled; the last card of each row face down."""
        pool = [n for n in allowed(land, players) if n not in land.green]
        chosen = list(land.green) + rng.sample(pool, 2 * ROW - len(land.green))
        rng.shuffle(chosen)
        return Display(tuple(chosen))

    def face_up(self) -> list[int]:
        return [n for i, n in enumerate(self.cards) if i % ROW != self.down[i // ROW]]

    def take(self, number: int) -> Display:
        """Taking a card turns it face down and turns up the card that was face down in its row."""
        if number not in self.cards:
            raise IllegalAction(_("card {card} is not in the display; face up: {cards}").format(
                card=number, cards=self.listing()))
        if number not in self.face_up():
            raise IllegalAction(_("card {card} is face down; pick a face-up card: {cards}").format(
                card=number, cards=self.listing()))
        i = self.cards.index(number)
        down = list(self.down)
        down[i // ROW] = i % ROW
        return Display(self.cards, (down[0], down[1]))

    def listing(self) -> str:
        """The face-up cards as a player reads them: '2 Swimming, 5 Intelligent'."""
        return ", ".join(f"{n} {_(ability(n).name)}" for n in self.face_up())

    def view(self) -> list[list[int | None]]:
        """Rows as the table sees them: card numbers, None where a card lies face down."""
        return [[None if i == self.down[r] else self.cards[r * ROW + i] for i in range(ROW)] for r in range(2)]


def ability(number: int) -> AbilityCard:
    return edition().abilities[number]
