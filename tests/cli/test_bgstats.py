"""Plays go to BG Stats (issue 35): the link of a finished game of each kind (4-player Sssnake, solo Sssnake, a paper
`record`, Snits' Revenge with one Snit player and with two clans) read back and checked field by field against what
the CLI says of the game; under 8,000 characters; its QR code decodes (zxing-cpp) to the same link; a renamed and a
resumed game are the same play; `history --export bgstats-json` writes the export file's shape and replaces nothing
without --force."""
import json
import random
from datetime import UTC, datetime
from urllib.parse import unquote

import pytest

from companion.store.bgstats import LINK, SOURCE
from companion.store.db import Store
from tests.data.make_store import play_sssnake
from tests.store.test_history import snits_game

TOP = {"sourceName", "sourcePlayId", "playDate", "game", "board", "players", "comments"}


@pytest.fixture
def finished(home, cli) -> dict:
    """One finished play of each kind, by the name `history --bgstats` takes."""
    from companion.shared import session

    four, _ = session.create("sssnake", {"players": ["Ann", "Bob", "Cid", "Dee"], "landscape": "fjord", "seed": 7})
    play_sssnake(session, four, random.Random(1), None)
    assert cli("sssnake", "new", "--players", "Sol", "--seed", "3", "--landscape", "sahara").exit_code == 0
    for _ in range(2):
        assert cli("sssnake", "flip").exit_code == 0
    assert cli("sssnake", "report", "Sol", "--eliminated").exit_code == 0
    assert cli("sssnake", "record", "--landscape", "fjord", "--length", "30", "--golden", "2").exit_code == 0
    return {"four": four, "solo": "sssnake-2", "record": "record-1", "snits": snits_game(5),
            "clans": snits_game(6, players=2)}


def read_back(cli, name: str) -> tuple[str, dict]:
    """(link, the play JSON read back out of the link); the link is what --json and the plain output give."""
    out = json.loads(cli("history", "--bgstats", name, "--json").stdout)
    url = out["link"]
    assert url.startswith(LINK) and len(url) < 8000 and out["length"] == len(url)
    assert cli("history", "--bgstats", name).stdout.splitlines()[0] == url
    data = json.loads(unquote(url[len(LINK):]))
    assert data == out["play"] and set(data) == TOP and data["sourceName"] == SOURCE
    return url, data


def stored(game_id: str):
    store = Store()
    try:
        record = store.load(game_id)
        return record.play_id, record.updated
    finally:
        store.close()


def utc(stamp: str) -> str:
    return datetime.fromisoformat(stamp).astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S")


def check_sssnake(cli, game_id: str, data: dict, land: str) -> None:
    """Every field against `sssnake score --json` and the store: points, places, the winner, the start player."""
    play_id, updated = stored(game_id)
    score = json.loads(cli("sssnake", "score", "--game", game_id, "--json").stdout)
    solo = len(score["scores"]) == 1
    assert data["sourcePlayId"] == play_id and data["playDate"] == utc(updated) and data["board"] == land
    assert data["game"] == {"name": "Sssnake: Flip&Write", "sourceGameId": "sssnake", "highestWins": True,
                            "noPoints": False}
    setup = json.loads(cli("sssnake", "log", "--game", game_id, "--json").stdout)["setup"]
    expected = [{"name": s["name"], "sourcePlayerId": f"sssnake:{s['name'].lower()}", "score": s["E_total"],
                 "rank": 1 if solo else s["place"], "winner": not solo and s["place"] == 1,
                 "startPlayer": s["name"] == setup["players"][0]}
                for s in sorted(score["scores"], key=lambda s: (s["place"], -s["E_total"]))]
    assert sorted(data["players"], key=lambda p: p["name"]) == sorted(expected, key=lambda p: p["name"])
    lines = data["comments"].splitlines()
    for s in score["scores"]:
        assert (f"{s['place']}. {s['name']} {s['E_total']}: length {s['A_length']}, eliminated {s['B_points']}, "
                f"golden {s['C_golden']}, rotten {s['D_rotten']}") in lines
    assert (lines[0] == f"Solo rank: {score['solo_rank']}") == solo and lines[-1] == f"companion game {game_id}"


def test_a_four_player_sssnake_game(cli, finished):
    _, data = read_back(cli, finished["four"])
    check_sssnake(cli, finished["four"], data, "Fjord")
    assert sum(p["winner"] for p in data["players"]) >= 1 and len(data["players"]) == 4


def test_a_solo_sssnake_game_has_a_score_and_rank_and_no_winner(cli, finished):
    _, data = read_back(cli, finished["solo"])
    check_sssnake(cli, finished["solo"], data, "Sahara")
    assert [(p["rank"], p["winner"]) for p in data["players"]] == [(1, False)]


def test_a_paper_record(cli, finished):
    _, data = read_back(cli, "record-1")
    store = Store()
    try:
        (row,) = store.solo_scores()
    finally:
        store.close()
    assert data["sourcePlayId"] == row["play_id"] and data["playDate"] == utc(row["played"])
    assert data["board"] == "Fjord" and data["game"]["sourceGameId"] == "sssnake"
    assert data["players"] == [{"name": "Solo player", "sourcePlayerId": "sssnake:solo", "score": 32, "rank": 1,
                                "winner": False, "startPlayer": True}]
    assert data["comments"].splitlines() == [f"Solo rank: {row['rank']}",
                                             "1. 32: length 30, golden 2, rotten 0 (on paper)"]


@pytest.mark.parametrize("which, sides", [("snits", ["Snits"]), ("clans", ["Red", "Blue"])])
def test_a_snits_game(cli, finished, which, sides):
    """A win or a loss per side against `snits status --json`; no points; the clans are team Snits."""
    game_id = finished[which]
    _, data = read_back(cli, game_id)
    view = json.loads(cli("snits", "status", "--game", game_id, "--json").stdout)["state"]
    play_id, updated = stored(game_id)
    assert data["sourcePlayId"] == play_id and data["playDate"] == utc(updated)
    assert data["game"] == {"name": "Snits' Revenge", "sourceGameId": "snits", "highestWins": True, "noPoints": True}
    assert data["board"] == view["edition"]
    won = {"snits": sides, "bolotomus": ["Bolotomus"], "tie": []}.get(view["winner"], [view["winner"]])
    by_name = {p["name"]: p for p in data["players"]}
    assert set(by_name) == {*sides, "Bolotomus"}
    for name, p in by_name.items():
        team = {"team": "Bolotomus" if name == "Bolotomus" else "Snits"} if len(sides) > 1 else {}
        assert p == {"name": name, "sourcePlayerId": f"snits:{name.lower()}", "rank": 1 if name in won or not won
                     else 1 + len(won), "winner": name in won, "startPlayer": name == sides[0], "role": name} | team
    assert f"{len(view['dead_snorgs'])} of {view['organs_to_win']} organs out, {view['snits_alive']} Snits alive, " \
           f"turn {view['turn']}" in data["comments"]


def test_the_qr_code_decodes_to_the_same_link(cli, finished, tmp_path):
    from companion.tokens import qr

    for name in ("four", "clans"):
        url, _ = read_back(cli, finished[name])
        qr.png(url, tmp_path / f"{name}.png", scale=4)
        assert qr.read(tmp_path / f"{name}.png") == [url]


def test_qr_draws_the_code_as_a_picture_for_a_terminal_too_narrow(cli, finished, tmp_path):
    """`--qr FILE.png`: the code the 80-column terminal cannot show, as a picture that decodes to the link; a file
    already there is kept without --force."""
    from companion.tokens import qr

    url, _ = read_back(cli, finished["four"])
    path = tmp_path / "play.png"
    result = cli("history", "--bgstats", finished["four"], "--qr", path)
    assert result.exit_code == 0 and qr.read(path) == [url] and f"wrote {path}" in result.stderr
    again = cli("history", "--bgstats", finished["four"], "--qr", path)
    assert again.exit_code == 1 and again.stderr.startswith(f"error: {path} exists; --force would replace it")
    assert "choose another path with --qr" in again.stderr


def test_a_renamed_and_a_resumed_game_are_the_same_play(cli, finished):
    _, before = read_back(cli, finished["four"])
    assert cli("games", "rename", finished["four"], "fjord-night", "--yes").exit_code == 0
    _, renamed = read_back(cli, "fjord-night")
    token = json.loads(cli("token", "--game", "fjord-night", "--json").stdout)["token"]
    resumed = json.loads(cli("resume", token, "--json").stdout)["game"]
    _, again = read_back(cli, resumed)
    assert before["sourcePlayId"] == renamed["sourcePlayId"] == again["sourcePlayId"]
    listed = json.loads(cli("history", "--json").stdout)
    assert [p["sourcePlayId"] for p in listed].count(before["sourcePlayId"]) == 1, "one play, listed once"


def test_the_export_file_holds_every_play_and_replaces_nothing(cli, finished, tmp_path):
    path = tmp_path / "bgstats.json"
    assert cli("history", "--export", "bgstats-json", "-o", path).exit_code == 0
    data = json.loads(path.read_text())
    assert set(data) == {"games", "players", "locations", "plays"}
    assert [g["sourceGameId"] for g in data["games"]] == ["sssnake", "snits"] or \
           [g["sourceGameId"] for g in data["games"]] == ["snits", "sssnake"]
    plays = json.loads(cli("history", "--json").stdout)
    assert [p["uuid"] for p in data["plays"]] == [p["sourcePlayId"] for p in plays] and len(plays) == 5
    people = {p["id"]: p["name"] for p in data["players"]}
    for exported, play in zip(data["plays"], plays, strict=True):
        assert [people[s["playerRefId"]] for s in exported["playerScores"]] == [p["name"] for p in play["players"]]
        assert exported["playDate"] == play["playDate"] and exported["locationRefId"] == 1
    refused = cli("history", "--export", "bgstats-json", "-o", path)
    assert refused.exit_code == 1 and "--force" in refused.stderr and json.loads(path.read_text()) == data
    assert cli("history", "--export", "bgstats-json", "-o", path, "--force").exit_code == 0


def test_refusals_are_one_line(cli, home):
    assert cli("sssnake", "new", "--players", "Ann,Bob", "--seed", "1").exit_code == 0
    for args, words in ((("history", "--bgstats"), "no finished game yet"),
                        (("history", "--bgstats", "sssnake-1"), "sssnake-1 is not over yet"),
                        (("history", "--bgstats", "record-4"), "no paper score record-4"),
                        (("history", "--bgstats", "nope"), "no game 'nope'"),
                        (("history", "sssnake-1"), "GAME goes with --bgstats"),
                        (("history", "--qr", "x.png"), "--qr draws a play's BG Stats code"),
                        (("history", "--bgstats", "--qr", "x.jpg"), "--qr writes a .png picture")):
        result = cli(*args)
        assert result.exit_code == 1 and words in result.stderr and result.stderr.count("\n") == 1
