"""The landscape's printed map as the rules read it: which endings a sheet can show, where a cave may not lie."""
from __future__ import annotations

from functools import cache, lru_cache

from companion.core.edition_data import read_template
from companion.core.language import _, pgettext
from companion.sssnake.actions import ENDINGS, Square
from companion.sssnake.edition import edition

CAVE_GROUND = "gsn"  # First round: a cave moves off water, ice, rocks, foliage and quicksand


@lru_cache(maxsize=1)
def terrain_names() -> dict[str, str]:
    """Terrain letter -> name, as terrains.toml prints them on the sheets."""
    return {t["letter"]: t["name"] for t in read_template("sssnake", "terrains.toml")["terrain"]}


@cache
def endings_on(slug: str) -> dict[str, str]:
    """The endings this sheet can show, {name: ENDINGS letter}: snow and ice from its grid, shade from its overlay."""
    extra = edition().landscapes[slug].extra
    grid, overlay = "".join(extra["terrain"]), "".join(extra["overlay"])
    there = {"snow": "n" in grid, "ice": "i" in grid, "shade": "o" in overlay}
    return {name: ENDINGS[name] for name, found in there.items() if found}


def cave_letters(slug: str) -> str:
    """Terrain a cave may lie on: grassland only on FoxTrail (the Fox), else grassland, sand or snow."""
    return "g" if edition().landscapes[slug].feature == "fox" else CAVE_GROUND


def cave_ground(slug: str) -> list[str]:
    """Terrain names a cave may lie on, among those this sheet has (FoxTrail's Fox: grassland only)."""
    grid = "".join(edition().landscapes[slug].extra["terrain"])
    return [terrain_names()[ch] for ch in cave_letters(slug) if ch in grid]


def cave_blocked(slug: str, sq: Square) -> str | None:
    """What at the square makes a cave move on (a terrain name or 'an immovable object'), or None when it stays."""
    extra = edition().landscapes[slug].extra
    col, row = sq
    if extra["overlay"][row - 1][col - 1].isupper():
        return "an immovable object"
    letter = extra["terrain"][row - 1][col - 1]
    return None if terrain_names()[letter] in cave_ground(slug) else terrain_names()[letter]


def cave_note(slug: str, sq: Square) -> str:
    """The First round's rule for a cave on blocked ground, as a sentence to add; empty when the cave stays."""
    what = cave_blocked(slug, sq)
    if what is None:
        return ""
    shown = pgettext("a cave lies on", "an immovable object") if what == "an immovable object" else _(what)
    return " " + _("A cave cannot lie on {what}: it moves horizontally or vertically (any direction) until it reaches "
                   "{ground}.").format(what=shown, ground=_(" or ").join(_(name) for name in cave_ground(slug)))
