"""A computer Bolotomus hiding its Spark and Splops by its own reasoning: the Spark where the Snits arrive last,
the Splops where they kick first, each drawn with weights from the player's rng so it is never predictable."""
from __future__ import annotations

from typing import TYPE_CHECKING

from companion.snits.players.evaluate import geometry

if TYPE_CHECKING:
    from random import Random

    from companion.snits.bolotomus import Bolotomus


def weighted(rng: Random, pool: list[int], weights: list[float]) -> int:
    """One organ of `pool`, drawn with `weights` from rng (removed from pool and weights)."""
    x = rng.random() * sum(weights)
    for k, w in enumerate(weights):
        x -= w
        if x < 0 or k == len(pool) - 1:
            weights.pop(k)
            return pool.pop(k)
    raise ValueError("empty pool")


def place(board: Bolotomus, spark: bool, splops: int, rng: Random) -> tuple[str | None, list[str]]:
    """(the Spark's organ or None, the Splops' organs) by name, as hidden.draw gives them and setup["hidden"]
    takes them; never the Lapotum, each under a different Snorg."""
    g = geometry(board)
    organs = list(board.snorg_organs)
    far = {o: min(g.enter[o], 8) for o in organs}
    pool = list(organs)
    # the Spark: far from the orifices (squared), a Compositor a little more (the Snits go for them anyway)
    weights = [far[o] ** 2 + (1.0 if board.organs[o].compositor else 0.0) for o in pool]
    where = weighted(rng, pool, weights) if spark else None
    # the Splops: where the Snits kick first, near the way in
    weights = [1.0 / far[o] ** 1.5 for o in pool]
    under = [weighted(rng, pool, weights) for _ in range(min(splops, len(pool)))]
    name = board.organs
    return (None if where is None else name[where].name), sorted(name[o].name for o in under)
