"""Solo history figures: per landscape the games, best, average, rank counts and the trend."""
from __future__ import annotations

from companion.core.engine import IllegalAction
from companion.core.language import _
from companion.sssnake.edition import Landscape, edition


def check_paper_game(land: Landscape, length: int, golden: int, rotten: int) -> None:
    """Counters no sheet can show are refused: a snake at most record_laps times round the track, golden apples only
    on Fjord (six of them), rotten ones only where a solo game can have them, and every apple eaten made the snake
    one longer than its start."""
    ed = edition()
    longest = ed.start_length + ed.record_laps * ed.track_max
    if length > longest:
        raise IllegalAction(_("length {length} is longer than a sheet shows: the track runs 1-{top}, at most {laps} "
                              "times round from the start of {start}, so 1-{longest}").format(
            length=length, top=ed.track_max, laps=ed.record_laps, start=ed.start_length, longest=longest))
    if rotten > longest - ed.start_length:
        raise IllegalAction(_("{rotten} rotten apples is more than any snake eats: at most {most} (a length of "
                              "{longest})").format(rotten=rotten, most=longest - ed.start_length, longest=longest))
    if rotten and not solo_rotten(land):
        raise IllegalAction(_("{landscape} has no rotten apples in a solo game: they come from the Poisonous card "
                              "(three or more players) or lie printed on FoxTrail; record 0 rotten").format(
            landscape=land.name))
    if golden > len(land.golden_apples):
        raise IllegalAction((_("{landscape} has {count} golden apples, not {golden}") if land.golden_apples else
                             _("{landscape} has no golden apples, not {golden} (they lie only on Fjord)")).format(
            landscape=land.name, count=len(land.golden_apples), golden=golden))
    least = ed.start_length + golden + rotten
    if length < least:
        raise IllegalAction(_("length {length} is too short: a snake starts at {start} and grows one per apple, so "
                              "with {golden} golden and {rotten} rotten it is at least {least}").format(
            length=length, start=ed.start_length, golden=golden, rotten=rotten, least=least))


def solo_rotten(land: Landscape) -> bool:
    """Whether a solo sheet can hold a rotten apple: printed on it (FoxTrail), or Poisonous in a solo game's cards."""
    from companion.sssnake.display import allowed
    from companion.sssnake.snake import Card

    return bool(land.extra.get("rotten_apples")) or Card.POISONOUS in allowed(land, 1)


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
        ranks = {text: 0 for _least, text in edition().solo_ranks}
        for r in rows:
            if r["landscape"] == land:
                ranks[r["rank"]] = ranks.get(r["rank"], 0) + 1
        out[land] = {"games": len(scores), "best": max(scores), "average": round(sum(scores) / len(scores), 1),
                     "ranks": ranks, "trend": trend(scores)}
    return out
