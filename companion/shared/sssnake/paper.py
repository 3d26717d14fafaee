"""A solo game played on paper, recorded: checked against what a sheet can show, scored, ranked and kept in the store
in one transaction, for `companion sssnake record` and any page that records one."""
from __future__ import annotations

from companion.shared import session
from companion.shared.session import Refused


def record_paper(land, length: int, golden: int, rotten: int, day: str | None = None) -> dict:
    """Keep the paper game on this landscape (a daily game's with its day, YYYY-MM-DD); returns its row id, the
    landscape's name, score and rank (and the day); counters no sheet can show are refused."""
    from companion.core.engine import IllegalAction
    from companion.sssnake.scoring import solo_rank, total
    from companion.sssnake.solo import check_paper_game

    try:
        check_paper_game(land, length, golden, rotten)
    except IllegalAction as exc:
        raise Refused(str(exc)) from None
    points = total(length, golden, rotten)
    rank = solo_rank(points)
    store = session.open_store()
    try:
        with store.transaction():
            row = store.record_solo(land.slug, length, golden, rotten, points, rank, day)
    finally:
        store.close()
    return {"id": row, "landscape": land.slug, "score": points, "rank": rank} | ({"day": day} if day else {})
