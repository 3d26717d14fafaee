"""The Spark of Life and the Splops: a secret placement, its public commitment, and the reveal at game end."""
from __future__ import annotations

import json

from companion.core.engine import IllegalAction
from companion.core.language import _
from companion.core.record import Value


class Placement(Value):
    spark: int | None        # organ index, or None when the game has no Spark
    splops: tuple[int, ...]  # organ indexes, sorted
    salt: str

    def canonical(self, names) -> str:
        """The text the commitment hashes: organ names, sorted splops, then the salt."""
        body = json.dumps({"spark": None if self.spark is None else names[self.spark],
                           "splops": sorted(names[i] for i in self.splops)},
                          sort_keys=True, separators=(",", ":"))
        return f"{body}|{self.salt}"

    def commitment(self, names) -> str:
        """SHA-256 of the canonical text (hashlib imported here: only a game with a hidden placement needs it)."""
        import hashlib

        return hashlib.sha256(self.canonical(names).encode()).hexdigest()


def check(board, spark: int | None, splops, salt: str, allowed: int) -> Placement:
    """A placement the rules allow: under four different Snorgs at most, never the Lapotum."""
    spots = ([spark] if spark is not None else []) + list(splops)
    if len(splops) > allowed:
        raise IllegalAction(_("at most {allowed} Splops; {given} given").format(allowed=allowed, given=len(splops)))
    if len(set(spots)) != len(spots):
        raise IllegalAction(_("the Spark and the Splops go under different Snorgs"))
    if board.lapotum in spots:
        raise IllegalAction(_("nothing hides in the Lapotum: its Snorg is printed on the map and cannot be killed"))
    if spots and (not isinstance(salt, str) or len(salt) < 8):
        raise IllegalAction(_("a hidden placement needs a secret salt of at least 8 characters"))
    return Placement(spark, tuple(sorted(splops)), salt)


def draw(board, spark: bool, splops: int, rng, spark_at: str | None = None,
         splops_at=()) -> tuple[str | None, list[str]]:
    """Organ names for the Spark and Splops not already named, drawn from `rng` (the CLI's `secrets`, autoplay's
    seeded Random), so the rules never pick a random source themselves."""
    splops_at = list(splops_at)
    pool = [board.organs[o].name for o in board.snorg_organs if board.organs[o].name not in [spark_at, *splops_at]]
    spots = rng.sample(pool, int(spark and not spark_at) + (0 if splops_at else splops))
    if spark and not spark_at:
        spark_at = spots.pop(0)
    return spark_at, splops_at or spots
