"""Every finished game remembered: the history of both games and its figures, per player (Sssnake) and per side and
clan (Snits' Revenge), with their trends.

A game counts once the rules say it is over, read from its latest snapshot (no log is replayed where a snapshot
stands), so undoing a game's last step takes it out of the history again. An unfinished game is never read past
that check: nothing of it, its hidden Spark and Splops least of all, reaches a history, a chart or a CSV file.
Paper solo games (`sssnake record`) join the Sssnake history. No click here: companion/cli/history.py shows it.
"""
from __future__ import annotations

from companion.core.games import engine
from companion.sssnake.solo import trend
from companion.store.db import GameRecord, Store, Unreadable
from companion.store.saved import opened

BARS = "▁▂▃▄▅▆▇█"
SPARK_GAMES = 40  # a sparkline shows the latest this many games, so it stays one line
SIDE_WON: dict[str | None, str | None] = {"bolotomus": "Bolotomus", "tie": None}  # any other winner: "Snits"


def finished(store: Store, kind: str) -> list[tuple[GameRecord, object]]:
    """(record, state) of every game of this kind its rules say is over, oldest first, each game once: a finished
    game resumed here again (from its token, under another id) ends in the very same state, the seed and every
    counter alike, and counts as the first; a game this companion cannot open is left out, as `companion games`
    names it."""
    import json

    rules = engine(kind)
    found, seen = [], set()
    for record in sorted(store.games(kind), key=lambda r: r.updated):
        try:
            state = opened(record).state
        except Unreadable:
            continue
        if rules.is_terminal(state):
            identity = json.dumps(rules.to_dict(state), sort_keys=True)
            if identity not in seen:
                seen.add(identity)
                found.append((record, state))
    return found


def sssnake_rows(store: Store, landscape: str | None = None) -> list[dict]:
    """One row per player of every finished Sssnake game, and one per paper solo game, oldest first."""
    from companion.sssnake.scoring import solo_rank, standings
    from companion.sssnake.state import State

    rows = [dict(r, game_id=None, players=1, player=None, place=None, won=None, eliminated_points=0)
            for r in store.solo_scores(landscape)]
    for record, state in finished(store, "sssnake"):
        assert isinstance(state, State)  # the Sssnake rules' own
        if landscape not in (None, state.land):
            continue
        solo = len(state.snakes) == 1
        for place, score in standings(state.snakes):
            rows.append({"id": None, "game_id": record.id, "play_id": record.play_id, "played": record.updated,
                         "landscape": state.land,
                         "players": len(state.snakes), "player": score.name, "place": None if solo else place,
                         "won": None if solo else place == 1, "score": score.total, "length": score.length,
                         "eliminated_points": score.eliminated_points, "golden": score.golden,
                         "rotten": score.rotten, "rank": solo_rank(score.total) if solo else None,
                         "day": record.setup.get("daily"), "source": None, "sheet": None})
    return sorted(rows, key=lambda r: r["played"])


def snits_rows(store: Store) -> list[dict]:
    """One row per finished game of Snits' Revenge, oldest first: who won, organs out, turns (never the placement)."""
    from companion.snits import counters
    from companion.snits.pieces import organs_out
    from companion.snits.state import State

    clans = counters.load().clans
    rows = []
    for record, state in finished(store, "snits"):
        assert isinstance(state, State)  # the Snits' Revenge rules' own
        rows.append({"game_id": record.id, "play_id": record.play_id, "played": record.updated,
                     "snit_players": state.players,
                     "clans": list(clans[:state.players]) if state.players > 1 else [], "winner": state.winner,
                     "side_won": SIDE_WON.get(state.winner, "Snits"),
                     "organs_out": organs_out(state),
                     "organs_to_win": state.opts.organs_to_win, "turns": state.turn, "spark": state.spark,
                     "splops": state.splops})
    return rows


def figures(scores: list[int], wins: int | None = None) -> dict:
    """Games, best, average and trend of scores oldest first (and the wins, where there are winners)."""
    out = {"games": len(scores), "best": max(scores), "average": round(sum(scores) / len(scores), 1),
           "trend": trend(scores), "scores": scores}
    return out if wins is None else {**out, "wins": wins}


def sssnake_figures(rows: list[dict]) -> dict[str, dict]:
    """Per landscape: the solo figures (games, best, average, rank counts, trend: None where no solo game was
    played), and under "players" each player's games with others: games, wins, best, average, trend."""
    from companion.sssnake.solo import stats

    solo_rows = [r for r in rows if r["players"] == 1]
    solo = stats(solo_rows)
    out = {}
    for land in sorted({r["landscape"] for r in rows}):
        scores = [r["score"] for r in solo_rows if r["landscape"] == land]
        base = {**solo[land], "scores": scores} if scores else {"games": 0, "best": None, "average": None,
                                                                 "ranks": {}, "trend": None, "scores": []}
        people: dict[str, list[dict]] = {}
        for r in rows:
            if r["landscape"] == land and r["players"] > 1:
                people.setdefault(r["player"].lower(), []).append(r)
        base["players"] = {games[-1]["player"]: figures([g["score"] for g in games], sum(g["won"] for g in games))
                           for _, games in sorted(people.items())}
        out[land] = base
    return out


def snits_figures(rows: list[dict]) -> dict:
    """Wins by side (Snits, Bolotomus, ties), organs out and turns per game, and each clan's multiplayer games."""
    sides = [r["side_won"] for r in rows]
    clans: dict[str, dict] = {}
    for r in rows:
        for clan in r["clans"]:
            mine = clans.setdefault(clan, {"games": 0, "wins": 0})
            mine["games"] += 1
            mine["wins"] += r["winner"] == clan
    turns = [r["turns"] for r in rows]
    return {"games": len(rows), "wins": {"snits": sides.count("Snits"), "bolotomus": sides.count("Bolotomus"),
                                         "ties": sides.count(None)},
            "organs_out": figures([r["organs_out"] for r in rows]) if rows else None,
            "turns": {"average": round(sum(turns) / len(turns), 1), "fewest": min(turns), "most": max(turns)}
            if rows else None, "clans": dict(sorted(clans.items()))}


def sparkline(values: list[int]) -> str:
    """The latest games' values as one line of bars, lowest ▁ to highest █ (all alike: the middle bar)."""
    shown = values[-SPARK_GAMES:]
    lo, hi = min(shown, default=0), max(shown, default=0)
    if lo == hi:
        return BARS[3] * len(shown)
    return "".join(BARS[round((v - lo) * (len(BARS) - 1) / (hi - lo))] for v in shown)
