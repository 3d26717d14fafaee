"""The landscape's printed map as the rules read it: which endings a sheet can show, where a cave may not lie."""
from __future__ import annotations

from functools import lru_cache

from companion.sssnake.actions import ENDINGS
from companion.sssnake.edition import edition


@lru_cache(maxsize=None)
def endings_on(slug: str) -> dict[str, str]:
    """The endings this sheet can show, {name: ENDINGS letter}: snow and ice from its grid, shade from its overlay."""
    extra = edition().landscapes[slug].extra
    grid, overlay = "".join(extra["terrain"]), "".join(extra["overlay"])
    there = {"snow": "n" in grid, "ice": "i" in grid, "shade": "o" in overlay}
    return {name: ENDINGS[name] for name, found in there.items() if found}
