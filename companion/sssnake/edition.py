"""The print-and-play edition's data (templates/sssnake), read once and shared by rules and printables."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import lru_cache

from companion.engine import TEMPLATES

ROOT = TEMPLATES / "sssnake"


@dataclass(frozen=True)
class AppleCard:
    id: int
    a: int  # column on the A side
    b: int  # row on the B side
    half_a: bool
    half_b: bool


@dataclass(frozen=True)
class AbilityCard:
    number: int
    name: str
    kind: str  # "permanent" or "single"
    three_plus: bool
    effect: str

    @property
    def permanent(self) -> bool:
        return self.kind == "permanent"


@dataclass(frozen=True)
class Landscape:
    slug: str
    name: str
    flavour: str
    green: tuple[int, ...]
    red: tuple[int, ...]
    feature: str
    paw_length: int | None = None
    golden_apples: tuple[tuple[int, int], ...] = ()
    extra: dict = field(default_factory=dict, compare=False, hash=False)  # the sheet's drawing data


@dataclass(frozen=True)
class Edition:
    name: str
    track_max: int
    start_length: int
    eliminated_multiplier: int
    dark_multiplier: int
    ability_thresholds: tuple[int, ...]
    solo_ranks: tuple[tuple[int, str], ...]
    rejoin_flips: int
    rejoin_rotten_circles: int
    apples: tuple[AppleCard, ...]
    abilities: dict[int, AbilityCard]
    landscapes: dict[str, Landscape]


def _read(name: str) -> dict:
    with open(ROOT / name, "rb") as fh:
        return tomllib.load(fh)


def _landscape(data: dict) -> Landscape:
    known = {"slug", "name", "flavour", "green", "red", "feature", "paw_length", "golden_apples"}
    return Landscape(
        slug=data["slug"], name=data["name"], flavour=data["flavour"],
        green=tuple(data["green"]), red=tuple(data["red"]), feature=data["feature"],
        paw_length=data.get("paw_length"),
        golden_apples=tuple(tuple(p) for p in data.get("golden_apples", ())),
        extra={k: v for k, v in data.items() if k not in known},
    )


@lru_cache(maxsize=1)
def edition() -> Edition:
    """The edition, loaded once per process."""
    meta = _read("edition.toml")
    apples = tuple(AppleCard(**c) for c in _read("apples.toml")["cards"])
    abilities = {c["number"]: AbilityCard(**c) for c in _read("abilities.toml")["cards"]}
    landscapes = {}
    for path in sorted((ROOT / "landscapes").glob("*.toml")):
        with open(path, "rb") as fh:
            land = _landscape(tomllib.load(fh))
        landscapes[land.slug] = land
    return Edition(
        name=meta["edition"], track_max=meta["track_max"], start_length=meta["start_length"],
        eliminated_multiplier=meta["eliminated_multiplier"], dark_multiplier=meta["dark_multiplier"],
        ability_thresholds=tuple(meta["ability_thresholds"]),
        solo_ranks=tuple((int(p), str(t)) for p, t in meta["solo_ranks"]),
        rejoin_flips=meta["rejoin_flips"], rejoin_rotten_circles=meta["rejoin_rotten_circles"],
        apples=apples, abilities=abilities, landscapes=landscapes,
    )


def landscape(slug: str) -> Landscape:
    """A landscape by its slug; the error lists the slugs that exist."""
    lands = edition().landscapes
    if slug not in lands:
        raise ValueError(f"unknown landscape {slug!r}; choose one of: {', '.join(lands)}")
    return lands[slug]
