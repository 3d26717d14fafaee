"""A solo game played on paper, recorded: checked against what a sheet can show, scored, ranked and kept in the store
in one transaction, for `companion sssnake record` and any page that records one (typed, or read from a photo)."""
from __future__ import annotations

from companion.core.language import _
from companion.shared import session
from companion.shared.session import Refused


def record_paper(land, length: int, golden: int, rotten: int, day: str | None = None, sheet: str | None = None,
                 photo: bool = False, again: bool = False) -> dict:
    """Keep the paper game on this landscape (a daily game's with its day, YYYY-MM-DD; `photo`: read from a photo,
    of the pad sheet `sheet` "SERIAL/PAGE" when its code was read); returns its row id, the landscape's name, score
    and rank (and the day, the sheet); counters no sheet can show are refused, and a sheet kept before unless
    `again` (a sheet rubbed out and played anew)."""
    from companion.sssnake.scoring import solo_rank, total

    check_counts(land, length, golden, rotten)
    points = total(length, golden, rotten)
    rank = solo_rank(points)
    store = session.open_store()
    try:
        with store.transaction():
            if sheet and not again:
                refuse_twice(store, sheet)
            row = store.record_solo(land.slug, length, golden, rotten, points, rank, day,
                                    "photo" if photo else "typed", sheet or "")
    finally:
        store.close()
    return ({"id": row, "landscape": land.slug, "score": points, "rank": rank} | ({"day": day} if day else {})
            | ({"sheet": sheet} if sheet else {}))


def check_counts(land, length: int, golden: int, rotten: int) -> None:
    """Refuse counters no solo sheet of this landscape can show (sssnake/solo.py check_paper_game), in one line."""
    from companion.core.engine import IllegalAction
    from companion.sssnake.solo import check_paper_game

    try:
        check_paper_game(land, length, golden, rotten)
    except IllegalAction as exc:
        raise Refused(str(exc)) from None


def check_sheet(sheet: str) -> None:
    """Refuse a pad sheet the store holds already, before anyone is asked about it."""
    store = session.open_store()
    try:
        with store.reading():
            refuse_twice(store, sheet)
    finally:
        store.close()


def refuse_twice(store, sheet: str) -> None:
    played = store.sheet_played(sheet)
    if played:
        serial, _slash, page = sheet.partition("/")
        raise Refused(_("pad {serial} sheet {page} is recorded already (on {day}); give --again to record it anew")
                      .format(serial=serial, page=page, day=played[:10]))
