"""Scoring A-E, the tie-breaks, and the solo rank text (rulebook: Scoring points, End of play, Solo Game)."""
from __future__ import annotations

from companion.core.record import Value
from companion.sssnake.edition import edition
from companion.sssnake.snake import Snake


class Score(Value):
    """A length, B eliminated before x multiplier, C golden, D rotten (subtracted), E the total."""

    name: str
    length: int
    before: int
    golden: int
    rotten: int
    multiplier: int
    out: int  # flip of elimination, 0 = never eliminated

    @property
    def eliminated_points(self) -> int:
        return self.before * self.multiplier

    @property
    def total(self) -> int:
        return self.length + self.eliminated_points + self.golden - self.rotten

    def as_dict(self) -> dict:
        return {"name": self.name, "A_length": self.length, "B_eliminated_before": self.before,
                "B_points": self.eliminated_points, "C_golden": self.golden, "D_rotten": self.rotten,
                "E_total": self.total}


def multiplier(players: int) -> int:
    """x2 per player eliminated before you; two players use the dark multiplier; solo scores no B."""
    ed = edition()
    return 0 if players == 1 else ed.dark_multiplier if players == 2 else ed.eliminated_multiplier


def total(length: int, golden: int, rotten: int, before: int = 0, players: int = 1) -> int:
    """E for counters given by hand (the paper game recorded with `record`)."""
    return Score("", length, before, golden, rotten, multiplier(players), 0).total


def scores(snakes: list[Snake]) -> list[Score]:
    """Each snake's score; 'eliminated before you' counts players knocked out in an earlier round."""
    def when(s: Snake) -> float:
        return s.out or float("inf")

    mult = multiplier(len(snakes))
    return [Score(s.name, s.length, sum(when(o) < when(s) for o in snakes), s.golden, s.rotten, mult, s.out)
            for s in snakes]


def standings(snakes: list[Snake]) -> list[tuple[int, Score]]:
    """(place, score) best first: points, then length, then the most recently eliminated; still tied shares."""
    def key(sc: Score):
        return (sc.total, sc.length, sc.out or float("inf"))

    ordered = sorted(scores(snakes), key=key, reverse=True)
    places, place = [], 0
    for i, sc in enumerate(ordered):
        if i == 0 or key(sc) != key(ordered[i - 1]):
            place = i + 1
        places.append((place, sc))
    return places


def solo_rank(points: int) -> str:
    """Sssuper! 35+, Impressive. 30+, ... down to 'The main thing is to have fun.'"""
    return next(text for least, text in edition().solo_ranks if points >= least)
