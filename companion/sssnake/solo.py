"""Solo history figures: per landscape the games, best, average, rank counts and the trend."""
from __future__ import annotations

from companion.sssnake.edition import edition


def trend(scores: list[int]) -> float | None:
    """Average of the newer half of the games minus the older half; None until there are two games."""
    if len(scores) < 2:
        return None
    half = len(scores) // 2
    older, newer = scores[:half], scores[-half:]
    return round(sum(newer) / len(newer) - sum(older) / len(older), 1)


def stats(rows: list[dict]) -> dict[str, dict]:
    """rows: solo_scores rows oldest first -> {landscape: figures}."""
    out: dict[str, dict] = {}
    for land in sorted({r["landscape"] for r in rows}):
        scores = [r["score"] for r in rows if r["landscape"] == land]
        ranks = {text: 0 for _, text in edition().solo_ranks}
        for r in rows:
            if r["landscape"] == land:
                ranks[r["rank"]] = ranks.get(r["rank"], 0) + 1
        out[land] = {"games": len(scores), "best": max(scores), "average": round(sum(scores) / len(scores), 1),
                     "ranks": ranks, "trend": trend(scores)}
    return out
