"""The print-and-play edition's data (templates/sssnake), read once and shared by rules and printables."""
from __future__ import annotations

import os
from collections.abc import Mapping
from functools import lru_cache

from companion.core.edition_data import read_template, template
from companion.core.record import Value


class AppleCard(Value):
    id: int
    a: int  # column on the A side
    b: int  # row on the B side
    half_a: bool
    half_b: bool


class AbilityCard(Value):
    number: int
    name: str
    kind: str  # "permanent" or "single"
    three_plus: bool
    effect: str

    @property
    def permanent(self) -> bool:
        return self.kind == "permanent"


class Landscape(Value):
    slug: str
    name: str
    flavour: str
    green: tuple[int, ...]
    red: tuple[int, ...]
    feature: str
    paw_length: int | None = None
    golden_apples: tuple[tuple[int, int], ...] = ()
    extra: dict = {}  # the sheet's drawing data (never mutated)

    def __hash__(self) -> int:
        """The setup fields identify a landscape (the drawing data, last, holds lists)."""
        return hash(tuple(vars(self).values())[:-1])


class Edition(Value):
    name: str
    track_max: int
    start_length: int
    record_laps: int
    eliminated_multiplier: int
    dark_multiplier: int
    ability_thresholds: tuple[int, ...]
    solo_ranks: tuple[tuple[int, str], ...]
    rejoin_flips: int
    rejoin_rotten_circles: int
    apples: tuple[AppleCard, ...]
    abilities: dict[int, AbilityCard]
    landscapes: Mapping[str, Landscape]


def _landscape(data: dict) -> Landscape:
    known = {"slug", "name", "flavour", "green", "red", "feature", "paw_length", "golden_apples"}
    return Landscape(
        slug=data["slug"], name=data["name"], flavour=data["flavour"],
        green=tuple(data["green"]), red=tuple(data["red"]), feature=data["feature"],
        paw_length=data.get("paw_length"),
        golden_apples=tuple(tuple(p) for p in data.get("golden_apples", ())),
        extra={k: v for k, v in data.items() if k not in known},
    )


class Landscapes(Mapping):
    """Landscapes by slug (the file name), each file read on first use: a table command reads only its own."""

    def __init__(self):
        self.slugs = [name[:-5] for name in sorted(os.listdir(template("sssnake", "landscapes")))
                      if name.endswith(".toml")]
        self.loaded: dict[str, Landscape] = {}

    def __getitem__(self, slug: str) -> Landscape:
        if slug not in self.slugs:
            raise KeyError(slug)
        if slug not in self.loaded:
            land = _landscape(read_template("sssnake", "landscapes", f"{slug}.toml"))
            if land.slug != slug:
                raise ValueError(f"{slug}.toml calls itself {land.slug!r}; name the file after its slug")
            self.loaded[slug] = land
        return self.loaded[slug]

    def __iter__(self):
        return iter(self.slugs)

    def __len__(self) -> int:
        return len(self.slugs)


@lru_cache(maxsize=1)
def edition() -> Edition:
    """The edition, loaded once per process."""
    meta = read_template("sssnake", "edition.toml")
    apples = tuple(AppleCard(**c) for c in read_template("sssnake", "apples.toml")["cards"])
    abilities = {c["number"]: AbilityCard(**c) for c in read_template("sssnake", "abilities.toml")["cards"]}
    landscapes = Landscapes()
    return Edition(
        name=meta["edition"], track_max=meta["track_max"], start_length=meta["start_length"],
        record_laps=meta["record_laps"],
        eliminated_multiplier=meta["eliminated_multiplier"], dark_multiplier=meta["dark_multiplier"],
        ability_thresholds=tuple(meta["ability_thresholds"]),
        solo_ranks=tuple((int(p), str(t)) for p, t in meta["solo_ranks"]),
        rejoin_flips=meta["rejoin_flips"], rejoin_rotten_circles=meta["rejoin_rotten_circles"],
        apples=apples, abilities=abilities, landscapes=landscapes,
    )


def landscape(name: str) -> Landscape:
    """A landscape by its slug or its name, in any case, spaces, hyphens and underscores aside (Am Fluss, am-fluss,
    FoxTrail, fox trail); the error lists the slugs that exist."""
    lands = edition().landscapes
    letters = "".join(ch for ch in name.lower() if ch.isalnum())
    for slug in lands:
        if slug.replace("-", "") == letters:
            return lands[slug]
    raise ValueError(f"unknown landscape {name!r}; choose one of: {', '.join(lands)}")
