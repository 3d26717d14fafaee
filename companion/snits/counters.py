"""The counter sheet: four clans of 21 named Snits, and the pools of Makums, Runnungitms and Splops."""
from __future__ import annotations

from functools import lru_cache

from companion.core.edition_data import read_template
from companion.core.language import N_, _
from companion.core.record import Value

CLAN_SIZE = 21
MARKS = {"lightning": N_(" (lightning)"), "hammer": N_(" (hammer)")}  # a badge, as a Snit's label shows it
RUN_BASE = 100    # counter ids: Snits 0-83, Runnungitm k is 100+k-1 ("R{k}"), Makum k is 200+k-1 ("M{k}")
MAKUM_BASE = 200


class Snit(Value):
    id: int
    name: str
    clan: int
    speed: int
    badge: str = ""     # "lightning", "hammer" or ""
    spare: bool = False  # a plain speed-4 counter kept aside to replace a wounded hammer Snit

    @property
    def fast(self) -> bool:
        return self.badge == "lightning"

    @property
    def hammer(self) -> bool:
        return self.badge == "hammer"

    @property
    def label(self) -> str:
        """The Snit's name and badge, as play lines name it: `Bolty (lightning)`."""
        return self.name + (_(MARKS[self.badge]) if self.badge else "")


class Sheet(Value):
    clans: tuple[str, ...]
    snits: tuple[Snit, ...]
    makums: int
    runnungitms: int
    splops: int

    def clan(self, k: int) -> tuple[Snit, ...]:
        return self.snits[k * CLAN_SIZE:(k + 1) * CLAN_SIZE]


def run_name(cid: int) -> str:
    return f"R{cid - RUN_BASE + 1}"


def makum_name(cid: int) -> str:
    return f"M{cid - MAKUM_BASE + 1}"


@lru_cache(maxsize=1)
def load() -> Sheet:
    """The edition's counters, checked against the rulebook's counts and badges."""
    data = read_template("snits", "counters.toml")
    snits: list[Snit] = []
    names = []
    for k, clan in enumerate(data["clan"]):
        rows = ([(n, 7, "lightning", False) for n in clan["lightning"]]
                + [(n, 4, "hammer", False) for n in clan["hammer"]]
                + [(n, 6, "", False) for n in clan["speed6"]]
                + [(n, 5, "", False) for n in clan["speed5"]]
                + [(n, 4, "", True) for n in clan["spares"]])
        if len(rows) != CLAN_SIZE:
            raise ValueError(f"counters.toml: clan {clan['name']} has {len(rows)} Snits, not {CLAN_SIZE}")
        for name, speed, badge, spare in rows:
            snits.append(Snit(len(snits), name, k, speed, badge, spare))
            names.append(name.lower())
        names.append(clan["name"].lower())
    if len(set(names)) != len(names):
        raise ValueError("counters.toml: every Snit and clan needs its own name")
    return Sheet(tuple(c["name"] for c in data["clan"]), tuple(snits),
                 data["makums"], data["runnungitms"], data["splops"])
