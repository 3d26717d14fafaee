"""A finished game as a BG Stats play, so players keep it where they keep their plays: the link BG Stats documents
(https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/: createPlay.html with the
play as url-encoded JSON), and for a whole history the shape of its export file. Built from the saved games (each
with its permanent play id, BG Stats' sourcePlayId) and the engines' outcomes; no click here: companion/cli/history.py
prints it, the table page links it. Nothing is sent anywhere: the player's phone opens the link."""
from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from urllib.parse import quote

from companion.core.games import GAMES, engine
from companion.core.language import _
from companion.store.db import GameRecord, Store, UnknownGame
from companion.store.history import finished
from companion.store.saved import opened

LINK = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE = "Sssnake & Snits companion"  # sourceName: BG Stats keys the matches a player makes by it, so it never changes
PAPER = re.compile(r"record-(\d+)")  # a paper solo score (`sssnake record`) as `companion history` names it
PAPER_PLAYER = "Solo player"  # a paper score keeps no name; BG Stats asks once who it is, and remembers


class NotAPlay(ValueError):
    """A game BG Stats cannot take yet (not over, not saved); the message is one line a player can act on."""


def play_date(stamp: str) -> str:
    """A stored ISO time as BG Stats' playDate: UTC, yyyy-MM-dd HH:mm:ss."""
    return datetime.fromisoformat(stamp).astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S")


def game_entry(kind: str, no_points: bool) -> dict:
    """The play's game: our name and id (BG Stats matches it to its own game once, by sourceGameId)."""
    return {"name": GAMES[kind].title, "sourceGameId": kind, "highestWins": True, "noPoints": no_points}


def ranked(places: tuple[tuple[str, ...], ...]) -> dict[str, int]:
    """Name -> rank, a tie sharing one and the next counting everyone before it (1, 1, 3)."""
    ranks: dict[str, int] = {}
    for names in places:
        ranks.update({name: len(ranks) + 1 for name in names})
    return ranks


def started(record: GameRecord):
    """The state the game began with here (its first snapshot; a game saved before snapshots: its setup's)."""
    found = record.store.snapshot(record.id, before=1)
    rules = engine(record.kind)
    return rules.from_dict(found[1]) if found and found[1] else rules.start(record.setup)


def sssnake_play(record: GameRecord, state) -> dict:
    """Every snake by points and the rulebook's tie-breaks; solo: the score and rank 1, never a winner (nobody to
    beat), its rank in words in the comments."""
    from companion.sssnake.edition import landscape
    from companion.sssnake.scoring import solo_rank, standings

    outcome = engine("sssnake").outcome(state)
    assert outcome is not None  # only a finished game is a play
    ranks, solo = ranked(outcome.places), len(state.snakes) == 1
    first = state.snakes[started(record).first].name
    scores = [sc for _, sc in standings(state.snakes)]
    players = [{"name": sc.name, "sourcePlayerId": f"sssnake:{sc.name.lower()}", "score": sc.total,
                "rank": ranks[sc.name], "winner": sc.name in outcome.winners, "startPlayer": sc.name == first}
               for sc in scores]
    lines = [f"{ranks[sc.name]}. {sc.name} {sc.total}: length {sc.length}, eliminated {sc.eliminated_points}, "
             f"golden {sc.golden}, rotten {sc.rotten}" for sc in scores]
    if solo:
        lines.insert(0, f"Solo rank: {solo_rank(scores[0].total)}")
    return play(record.play_id, record.updated, game_entry("sssnake", False), landscape(state.land).name, players,
                lines + [f"companion game {record.id}"])


def snits_play(record: GameRecord, state) -> dict:
    """The Snit player (or each clan's) and the Bolotomus, by side: a win or a loss, no points (organs out and Snits
    alive go in the comments); the clans of a multiplayer game are team Snits, each its own role."""
    from companion.snits.phases import BOLOTOMUS, acting
    from companion.snits.pieces import alive, organs_out

    outcome = engine("snits").outcome(state)
    assert outcome is not None  # only a finished game is a play
    ranks, first = ranked(outcome.places), acting(started(record))
    clans = state.players > 1
    players = [{"name": name, "sourcePlayerId": f"snits:{name.lower()}", "rank": ranks[name],
                "winner": name in outcome.winners, "startPlayer": name == first, "role": name}
               | ({"team": BOLOTOMUS if name == BOLOTOMUS else "Snits"} if clans else {})
               for names in outcome.places for name in names]
    board = state.board.name or state.board.edition
    lines = [outcome.text[:1].upper() + outcome.text[1:],
             f"{organs_out(state)} of {state.opts.organs_to_win} organs out, {len(alive(state))} Snits alive, "
             f"turn {state.turn}" + (", with the Spark of Life" if state.spark else "")
             + (f", {state.splops} Splops" if state.splops else ""), f"companion game {record.id}"]
    return play(record.play_id, record.updated, game_entry("snits", True), board, players, lines)


def paper_play(row: dict) -> dict:
    """A solo game played on paper and `record`ed: its score and rank 1 (no winner), its rank and sheet in words (and
    the photo it was read from)."""
    from companion.sssnake.edition import landscape

    player = {"name": PAPER_PLAYER, "sourcePlayerId": "sssnake:solo", "score": row["score"], "rank": 1,
              "winner": False, "startPlayer": True}
    serial, _, page = row["sheet"].partition("/")
    photo = (", read from a photo" + (f" of pad {serial} sheet {page}" if serial else "")
             if row["source"] == "photo" else "")
    lines = [f"Solo rank: {row['rank']}", f"1. {row['score']}: length {row['length']}, golden {row['golden']}, "
             f"rotten {row['rotten']} (on paper{photo}" + (f", the daily game of {row['day']})" if row["day"] else ")")]
    return play(row["play_id"], row["played"], game_entry("sssnake", False), landscape(row["landscape"]).name,
                [player], lines)


def play(play_id: str, stamp: str, game: dict, board: str, players: list[dict], lines: list[str]) -> dict:
    return {"sourceName": SOURCE, "sourcePlayId": play_id, "playDate": play_date(stamp), "game": game,
            "board": board, "players": players, "comments": "\n".join(lines)}


BUILD = {"sssnake": sssnake_play, "snits": snits_play}  # each game's play from its record and finished state


def game_play(record: GameRecord) -> dict:
    """A saved game's play; NotAPlay while its rules say it goes on."""
    state = opened(record).state
    if not engine(record.kind).is_terminal(state):
        raise NotAPlay(_("{game} is not over yet; BG Stats takes a finished game (`companion history` lists them)")
                       .format(game=record.id))
    return BUILD[record.kind](record, state)


def plays(store: Store) -> list[tuple[str, dict]]:
    """(name, play) of every finished game and paper solo score, oldest first: a name `companion history --bgstats`
    takes (a game id, record-N)."""
    found = [(record.id, BUILD[record.kind](record, state)) for kind in GAMES if kind in BUILD
             for record, state in finished(store, kind)]
    found += [(f"record-{row['id']}", paper_play(row)) for row in store.solo_scores()]
    return sorted(found, key=lambda named: named[1]["playDate"])


def chosen(store: Store, name: str | None) -> tuple[str, dict]:
    """(name, play) of a game id or record-N; None: the latest finished play. NotAPlay names what is wrong."""
    if name is None:
        every = plays(store)
        if not every:
            raise NotAPlay(_("no finished game yet; BG Stats takes a game once it is over (paper `record`s too)"))
        return every[-1]
    paper = PAPER.fullmatch(name)
    if paper:
        rows = [row for row in store.solo_scores() if row["id"] == int(paper[1])]
        if not rows:
            raise NotAPlay(_("no paper score {name}; `companion history` lists the finished plays").format(name=name))
        return name, paper_play(rows[0])
    try:
        return name, game_play(store.load(name))
    except UnknownGame as exc:
        raise NotAPlay(str(exc)) from None


def link(data: dict) -> str:
    """The play as BG Stats' createPlay link: the JSON, compact, url-encoded (UTF-8) as encodeURIComponent does, but
    for : and , which a query may hold as they are (a shorter link, a smaller QR code)."""
    return LINK + quote(json.dumps(data, separators=(",", ":"), ensure_ascii=False), safe=":,!*'()")


def export(found: list[dict]) -> dict:
    """The plays in the shape of BG Stats' export file (games, players, locations, plays with playerScores), each
    thing numbered by its first appearance; BG Stats documents the link, not this file."""
    games: dict[str, dict] = {}
    people: dict[str, dict] = {}
    out = []
    for p in found:
        game = games.setdefault(p["game"]["sourceGameId"], {"id": len(games) + 1, **p["game"]})
        scores = []
        for one in p["players"]:
            person = people.setdefault(one["sourcePlayerId"], {"id": len(people) + 1, "name": one["name"],
                                                               "sourcePlayerId": one["sourcePlayerId"]})
            scores.append({"playerRefId": person["id"]} | {k: v for k, v in one.items()
                                                           if k not in ("name", "sourcePlayerId")})
        out.append({"uuid": p["sourcePlayId"], "playDate": p["playDate"], "gameRefId": game["id"], "locationRefId": 1,
                    "board": p["board"], "comments": p["comments"], "playerScores": scores})
    return {"games": list(games.values()), "players": list(people.values()),
            "locations": [{"id": 1, "name": SOURCE}], "plays": out}
