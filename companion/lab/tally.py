"""The lab's numbers: each variation's tally (a Row), a whole run's (a Lab) and the Wilson interval of a win rate,
as the table, the chart and --json give them."""
from __future__ import annotations

import math
from dataclasses import dataclass, field


def wilson_interval(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for k successes in n trials (95% for z=1.96): honest near 0% and 100%, where the
    normal approximation gives bounds outside [0, 1]; (0, 1) when there are no trials."""
    if n <= 0:
        return 0.0, 1.0
    if not 0 <= k <= n:
        raise ValueError(f"k must be from 0 to n={n}, not {k}")
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def rate_text(k: int, n: int) -> str | None:
    """`17.0 [10.9, 25.5]`: the win rate and its interval in percent, rounded once from the counts, so the table and
    the chart say the same (the chart's 4-place JSON numbers, rounded again, gave 25.6); None with no game."""
    if not n:
        return None
    lo, hi = wilson_interval(k, n)
    return f"{100 * k / n:.1f} [{100 * lo:.1f}, {100 * hi:.1f}]"


wilson = wilson_interval  # the short name the brief and the AI benchmark use


def round4(x: float | None) -> float | None:
    """A figure as --json gives it: four places (None stays None)."""
    return None if x is None else round(x, 4)


@dataclass
class Row:
    """One variation's tally. The win rate is over the finished games (ties count as games the Snits did not win);
    games still going at the turn cap are reported as unfinished and left out of the rate and the means."""

    variation: str
    variants: dict
    games: int = 0
    snits: int = 0
    bolotomus: int = 0
    ties: int = 0
    unfinished: int = 0
    turns: int = 0  # sums over the finished games
    actions: int = 0
    others: dict = field(default_factory=dict)  # any other verdict (a clan's name): none with one Snit player

    @property
    def finished(self) -> int:
        return self.games - self.unfinished

    @property
    def rate(self) -> float | None:
        return self.snits / self.finished if self.finished else None

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.snits, self.finished)

    @property
    def mean_turns(self) -> float | None:
        return self.turns / self.finished if self.finished else None

    @property
    def mean_actions(self) -> float | None:
        return self.actions / self.finished if self.finished else None

    def add(self, winner: str, turns: int, actions: int) -> None:
        self.games += 1
        if winner == "unfinished":
            self.unfinished += 1
            return
        self.turns += turns
        self.actions += actions
        if winner == "snits":
            self.snits += 1
        elif winner == "bolotomus":
            self.bolotomus += 1
        elif winner == "tie":
            self.ties += 1
        else:
            self.others[winner] = self.others.get(winner, 0) + 1

    def to_dict(self) -> dict:
        lo, hi = self.interval
        return {"variation": self.variation, "variants": self.variants, "games": self.games, "snits": self.snits,
                "bolotomus": self.bolotomus, "ties": self.ties, "unfinished": self.unfinished,
                "snits_win_rate": round4(self.rate), "interval_95": [round(lo, 4), round(hi, 4)],
                "mean_turns": round4(self.mean_turns), "mean_actions": round4(self.mean_actions)}


@dataclass
class Lab:
    """A whole run: its settings and a Row per variation, baseline first."""

    games: int
    seed: int
    snits: str
    bolotomus: str
    max_turns: int
    rows: list[Row]
    map: str = ""  # the map played on: the edition's name, or a player's map file's

    def to_dict(self) -> dict:
        return {"games": self.games, "seeds": [self.seed, self.seed + self.games - 1], "map": self.map,
                "players": {"Snits": self.snits, "Bolotomus": self.bolotomus}, "max_turns": self.max_turns,
                "rate": "Snits wins / finished games; interval: Wilson 95%",
                "rows": [r.to_dict() for r in self.rows]}
