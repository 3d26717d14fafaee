"""One player's snake: its length track, abilities, Intuition squares, eggs, and where its last move ended."""
from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum

from companion.core.record import Record
from companion.sssnake.actions import Square
from companion.sssnake.edition import edition

CIRCLES = {"f": "fresh", "r": "rotten", "g": "golden"}


class Card(IntEnum):
    """The 16 ability cards by number, so the rules name the card they mean (their text is in abilities.toml)."""

    CLIMBING = 1
    SWIMMING = 2
    DIGGING = 3
    DIVING = 4
    INTELLIGENT = 5
    TRICKY = 6
    FLEXIBLE = 7
    ELASTIC = 8
    THIEVING = 9
    POISONOUS = 10
    WINTER_STORES = 11
    NOCTURNAL = 12
    TWO_HEADED = 13
    MOULTING = 14
    INTUITION = 15
    OFFSPRING = 16


class Snake(Record):
    """`track` holds one letter per circle drawn on the length track (f fresh, r rotten, g golden), in order."""

    def __init__(self, name: str, track: str = "", gained: Iterable[int] = (), moulted: Iterable[int] = (),
                 squares: Iterable[Square] = (), eggs_used: int = 0, end: str = "", out: int = 0, rejoins: int = 0,
                 cave: bool = False, joined: int = 0):
        self.name = name
        self.track = track
        self.gained = list(gained)  # cards taken from the display, in order
        self.moulted = list(moulted)  # cards drawn from the box by Moulting
        self.squares = list(squares)  # Intuition squares by top-left corner
        self.eggs_used = eggs_used
        self.end = end  # letters of actions.ENDINGS: where the last move ended
        self.out = out  # the flip number of the round it was eliminated in; 0 while in the game
        self.rejoins = rejoins  # Friendship mode: times it rejoined (each colours two circles rotten)
        self.cave = cave
        self.joined = joined  # the flip it rejoined on: it draws a cave then and reports from the next round

    def copy(self) -> Snake:
        return self.replace(gained=list(self.gained), moulted=list(self.moulted), squares=list(self.squares))

    @property
    def length(self) -> int:
        """Every circle on the track is one square of snake (rejoin circles are counted apart)."""
        return edition().start_length + len(self.track)

    @property
    def abilities(self) -> list[int]:
        return self.gained + self.moulted

    def has(self, number: int) -> bool:
        return number in self.abilities

    @property
    def eggs(self) -> int:
        """Offspring cards whose egg has not hatched yet."""
        return self.abilities.count(Card.OFFSPRING) - self.eggs_used

    @property
    def rotten(self) -> int:
        return self.track.count("r") + edition().rejoin_rotten_circles * self.rejoins

    @property
    def golden(self) -> int:
        return self.track.count("g")

    def move_range(self) -> tuple[int, int]:
        """Squares to move this round: length, half (rounded up) after snow, double after ice, +-abilities if Elastic."""
        base = self.length
        if "s" in self.end:
            base = (base + 1) // 2
        elif "i" in self.end:
            base *= 2
        spread = len(self.abilities) if self.has(Card.ELASTIC) else 0
        return max(1, base - spread), base + spread

    def circled_numbers(self) -> list[int]:
        """The printed numbers circled, in order: after track_max the track starts again at 1."""
        start, top = edition().start_length, edition().track_max
        return [(start + i) % top + 1 for i in range(len(self.track))]

    def in_squares(self, sq: Square) -> int:
        """How many of this snake's Intuition squares hold the square (each adds an apple)."""
        return sum(c <= sq[0] < c + 5 and r <= sq[1] < r + 5 for c, r in self.squares)
