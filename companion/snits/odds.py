"""Exact chances of every roll in the game, for players planning and for testing the dice against."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

from companion.snits.options import table

SPEEDS = (4, 5, 6, 7)


def dice_total(n: int, test) -> Fraction:
    """The chance that the total of n dice passes `test`."""
    rolls = list(product(range(1, 7), repeat=n))
    return Fraction(sum(1 for r in rolls if test(sum(r))), len(rolls))


def kick(hammer: bool = False) -> Fraction:
    """A kick kills on 1-2, a hammer Snit's on 1-4."""
    hits = table()["hammer_hits" if hammer else "kick_hits"]
    return dice_total(1, lambda t: t <= hits)


def chomp(speed: int) -> Fraction:
    """A chomp catches the Snit when two dice roll more than its speed."""
    return dice_total(2, lambda t: t > speed)


def last_kick(speed: int) -> Fraction:
    """A chomped Snit's last kick kills the Runnungitm when two dice roll more than its speed."""
    return dice_total(2, lambda t: t > speed)


def fleotis(speed: int, working: int) -> Fraction:
    """A run into the Fleotis succeeds on speed or lower: on 2 dice with both Eye and Prolobosinator working,
    on 1 die with one, always with none."""
    if working == 0:
        return Fraction(1)
    return dice_total(2 if working == 2 else 1, lambda t: t <= speed)


def table_rows() -> list[dict]:
    """Every kind of roll with its exact chance, in the order the odds table shows them."""
    rows: list[dict] = [{"roll": "kick", "speed": None, "working": None, "chance": kick()},
            {"roll": "hammer kick", "speed": None, "working": None, "chance": kick(True)}]
    for s in SPEEDS:
        rows.append({"roll": "chomp", "speed": s, "working": None, "chance": chomp(s)})
        rows.append({"roll": "last kick", "speed": s, "working": None, "chance": last_kick(s)})
        for w in (2, 1, 0):
            rows.append({"roll": "Fleotis run", "speed": s, "working": w, "chance": fleotis(s, w)})
    return rows
