"""Every finished game remembered: both games' history, `sssnake stats` and `snits stats` per player and side, the
sparkline, --plot and --csv; unfinished games (and their hidden placement) never in it."""
import csv
import io
import json
import random
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from companion.store.db import Store
from companion.store.history import sparkline

ROOT = Path(__file__).resolve().parents[2]
SECRET = {"spark": "Splenox", "splops": ["Eye", "Glut"], "salt": "history-salt-0123"}


def two_player_game(cli, landscape: str, winner: str, loser: str, seed: int) -> None:
    """Caves, one round in which the loser is eliminated after the winner ate an apple: the game is over."""
    assert cli("sssnake", "new", "--players", f"{winner},{loser}", "--landscape", landscape, "--seed", seed,
               ).exit_code == 0
    for _ in range(3):
        cli("sssnake", "flip")
    assert cli("sssnake", "report", winner, "--fresh", "1").exit_code == 0
    assert "The game is over." in cli("sssnake", "report", loser, "--eliminated").output


def snits_game(seed: int, players: int = 1, variants=None, hidden=None) -> str:
    """A Snits' Revenge game played to its end by random legal actions, saved as a log with its final snapshot."""
    from companion.snits.autoplay import choose
    from companion.snits.game import ENGINE

    setup = {"seed": seed, "players": players, "variants": variants or {"organs_to_win": 2}}
    if hidden:
        setup.update(spark=True, splops=2, hidden=hidden)
    state, rng, log = ENGINE.start(setup), random.Random(seed), []
    while state.phase != "over":
        action = choose(rng, ENGINE.legal_actions(state))
        result = ENGINE.apply(state, action)
        state = result.state
        log.append(result.logged or action)
    store = Store()
    try:
        with store.transaction():
            game_id = store.create_game("snits", setup, ENGINE.version)
            for action in log:
                store.append(game_id, action)
            store.keep_snapshot(game_id, len(log), ENGINE.to_dict(state, private=True))
    finally:
        store.close()
    return game_id


@pytest.fixture
def sssnake_games(cli):
    """Ann beats Bob twice on Fjord (9 points each time), Bob beats Ann on Sahara; a paper solo game on Fjord."""
    two_player_game(cli, "fjord", "Ann", "Bob", 1)
    two_player_game(cli, "fjord", "Bob", "Ann", 2)
    two_player_game(cli, "sahara", "Bob", "Ann", 3)
    cli("sssnake", "record", "--landscape", "fjord", "--length", "30")


def test_sssnake_stats_per_player_and_landscape(cli, sssnake_games):
    data = json.loads(cli("sssnake", "stats", "--json").output)
    assert data["fjord"]["games"] == 1 and data["fjord"]["best"] == 30, "the solo figures stay as they were"
    assert data["fjord"]["players"] == {
        "Ann": {"games": 2, "wins": 1, "best": 9, "average": 6.5, "trend": -5.0, "scores": [9, 4]},
        "Bob": {"games": 2, "wins": 1, "best": 9, "average": 6.5, "trend": 5.0, "scores": [4, 9]}}
    assert data["sahara"]["games"] == 0 and data["sahara"]["players"]["Bob"]["wins"] == 1
    text = cli("sssnake", "stats").output.splitlines()
    assert text[:2] == ["Solo games, per landscape:",
                        "  fjord: 1 game(s), best 30, average 30.0, trend n/a; Impressive. 1  ▄"]
    assert "  Ann on fjord: 2 game(s), 1 win(s), best 9, average 6.5, trend -5.0  █▁" in text


def test_a_finished_game_resumed_twice_counts_once(cli, sssnake_games):
    """The Sahara game's token resumed here twice (as sssnake-4 and sssnake-5): still one game in stats;
    a game played out the same way from the same seed is the same game, a different one is not."""
    before = json.loads(cli("sssnake", "stats", "--json").output)
    token = cli("token", "--game", "sssnake-3").output.strip()
    assert "sssnake-4" in cli("resume", token).output and "sssnake-5" in cli("resume", token).output
    assert json.loads(cli("sssnake", "stats", "--json").output) == before
    two_player_game(cli, "sahara", "Bob", "Ann", 4)
    assert json.loads(cli("sssnake", "stats", "--json").output)["sahara"]["players"]["Bob"]["games"] == 2


def test_undoing_the_last_report_takes_the_game_out_again(cli, sssnake_games):
    cli("sssnake", "undo")
    assert "sahara" not in json.loads(cli("sssnake", "stats", "--json").output)
    cli("sssnake", "redo")
    assert len(json.loads(cli("sssnake", "stats", "--json").output)["sahara"]["players"]) == 2


def test_history_reads_snapshots_and_replays_no_log(cli, home, sssnake_games, monkeypatch):
    """The store's latest snapshot of a finished game is its final state: not one action is applied again."""
    from companion.snits.game import SnitsEngine
    from companion.sssnake.game import SssnakeEngine

    snits_game(1)

    def replayed(*_):
        raise AssertionError("a log was replayed")

    monkeypatch.setattr(SssnakeEngine, "apply", replayed)
    monkeypatch.setattr(SnitsEngine, "apply", replayed)
    assert json.loads(cli("sssnake", "stats", "--json").output)["fjord"]["players"]["Ann"]["games"] == 2
    assert json.loads(cli("snits", "stats", "--json").output)["games"] == 1


def test_snits_stats_by_side_and_clan(cli):
    for seed, players in ((1, 1), (2, 1), (4, 3)):
        snits_game(seed, players)
    snits_game(70, 1, {"force": 13})  # a small force: every Snit dies, the Bolotomus wins
    data = json.loads(cli("snits", "stats", "--json").output)
    assert data["games"] == 4 and data["wins"] == {"snits": 3, "bolotomus": 1, "ties": 0}
    assert data["organs_out"]["scores"][:3] == [2, 2, 2] and data["organs_out"]["best"] == 2
    assert data["turns"] == {"average": 14.5, "fewest": 1, "most": 42}
    assert data["clans"] == {"Blue": {"games": 1, "wins": 0}, "Green": {"games": 1, "wins": 1},
                             "Red": {"games": 1, "wins": 0}}
    text = cli("snits", "stats").output
    assert text.startswith("4 finished game(s): the Snits won 3, the Bolotomus 1, ties 0\n  organs out: best 2, ")
    assert "Clans (games with several Snit players):\n  Blue: 1 game(s), 0 win(s)\n" in text


def test_unfinished_games_and_hidden_placements_stay_out(cli, tmp_path):
    """Hidden information: an unfinished game is not in the history, and no placement is, even once revealed."""
    snits_game(5, hidden=SECRET)
    assert cli("snits", "new", "--spark", "--splops", "2", "--hide-spark", "Splenox", "--hide-splops", "Eye,Glut",
               "--seed", "9").exit_code == 0
    cli("sssnake", "new", "--players", "Ann,Bob", "--seed", "1")
    exported = cli("snits", "stats", "--csv", "-").output
    assert [r["game_id"] for r in csv.DictReader(io.StringIO(exported))] == ["snits-1"]
    outputs = [exported, cli("snits", "stats", "--json").output, cli("snits", "stats").output,
               cli("sssnake", "stats", "--csv", "-").output]
    assert cli("snits", "stats", "--plot", tmp_path / "organs.svg").exit_code == 0
    outputs.append((tmp_path / "organs.svg").read_text())
    for text in outputs:
        assert "Splenox" not in text and SECRET["salt"] not in text and "Eye" not in text
    assert cli("sssnake", "stats", "--csv", "-").output.count("\n") == 1, "the header alone"


def test_csv_export(cli, sssnake_games, tmp_path):
    path = tmp_path / "history.csv"
    result = cli("sssnake", "stats", "--csv", path)
    assert result.exit_code == 0 and result.stderr == f"wrote {path}\n"
    rows = list(csv.DictReader(path.open()))
    assert [(r["game_id"], r["player"], r["place"], r["won"], r["score"]) for r in rows[:2]] == [
        ("sssnake-1", "Ann", "1", "True", "9"), ("sssnake-1", "Bob", "2", "False", "4")]
    assert rows[-1]["game_id"] == "" and rows[-1]["rank"] == "Impressive." and rows[-1]["players"] == "1"
    again = cli("sssnake", "stats", "--csv", path)
    assert again.exit_code == 1 and again.stderr == f"error: {path} exists; --force would replace it (or choose " \
                                                    "another path with --csv)\n"


def test_a_name_a_spreadsheet_would_run_is_quoted(cli):
    two_player_game(cli, "fjord", "=Ann", "@Bob", 1)
    players = [r["player"] for r in csv.DictReader(io.StringIO(cli("sssnake", "stats", "--csv", "-").output))]
    assert players == ["'=Ann", "'@Bob"]


def test_plot_draws_a_png_too(cli, sssnake_games, tmp_path):
    """--plot trend.png: the chart's page as an image, to paste where a PDF or SVG will not go."""
    from PIL import Image

    path = tmp_path / "trend.png"
    result = cli("sssnake", "stats", "--plot", path)
    assert result.exit_code == 0 and result.stderr == f"wrote {path}\n"
    with Image.open(path) as image:
        w, h = image.size  # A4 landscape at 150 dpi; pdfium rounds a part pixel up
        assert image.format == "PNG" and (w, h) in {(1754, 1240), (1754, 1241)}


@pytest.mark.parametrize("name", ["trend.svg", "trend.pdf"])
def test_plot_draws_the_trend(cli, sssnake_games, tmp_path, name):
    path = tmp_path / name
    result = cli("sssnake", "stats", "--plot", path)
    assert result.exit_code == 0 and "Ann on fjord" in result.stdout and result.stderr == f"wrote {path}\n"
    if name.endswith(".svg"):
        texts = [t.text for t in ET.parse(path).getroot().iter("{http://www.w3.org/2000/svg}text")]
        assert texts[0] == "Sssnake: points per game, oldest first"
        assert {"solo, fjord", "Ann, fjord", "Bob, fjord", "Ann, sahara", "Bob, sahara"} <= set(texts)
    else:
        from pypdf import PdfReader

        page = PdfReader(path).pages[0]
        assert round(float(page.mediabox.width) / 72 * 25.4) == 297 and "Bob, sahara" in page.extract_text()


@pytest.mark.parametrize("args, message", [
    (("--plot", "trend.gif"), "--plot draws an .svg, .pdf or .png file, not 'trend.gif': e.g. --plot scores.svg"),
    (("--plot", "trend.svg"), "no finished games to draw yet; --plot draws once a game is over"),
    (("--plot", "old.svg"), "old.svg exists; --force would replace it (or choose another path with --plot)"),
    (("--csv", "old.svg", "--plot", "new.svg"),
     "old.svg exists; --force would replace it (or choose another path with --csv)"),
    (("--csv", "rows/"), "rows/ ends in a /, which names a folder; --csv names the file to write"),
])
def test_plot_refusals_write_nothing(cli, tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "old.svg").write_text("mine")
    cli("sssnake", "new", "--players", "Ann,Bob", "--seed", "1")
    before = (tmp_path / "home" / "games.sqlite").read_bytes()
    result = cli("sssnake", "stats", *args)
    assert result.exit_code == 1 and result.stderr.startswith(f"error: {message}") and result.output.count("\n") == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["home", "old.svg"]
    assert (tmp_path / "old.svg").read_text() == "mine"
    assert (tmp_path / "home" / "games.sqlite").read_bytes() == before


def test_sparkline():
    assert sparkline([1, 2, 3, 4, 5, 6, 7, 8]) == "▁▂▃▄▅▆▇█"
    assert sparkline([10, 0, 5]) == "█▁▅" and sparkline([3, 3]) == "▄▄" and sparkline([]) == ""
    assert len(sparkline(list(range(100)))) == 40, "the latest 40 games, on one line"


def test_sparkline_on_a_console_without_blocks(cli, home, sssnake_games):
    """cp1252 has no block characters: the bars become ASCII stand-ins, low to high, never a crash."""
    env = {"COMPANION_HOME": str(home), "PYTHONIOENCODING": "cp1252", "PATH": ""}
    out = subprocess.run([sys.executable, "-c", "from companion.cli.main import main; main(['sssnake', 'stats'])"],
                         cwd=ROOT, env=env, capture_output=True, check=True).stdout.decode("cp1252")
    assert "  Ann on fjord: 2 game(s), 1 win(s), best 9, average 6.5, trend -5.0  #_" in out


def test_the_v1_store_history(cli, home):
    """A store written by schema 1: its finished solo game is read from its snapshots after the upgrade."""
    home.mkdir()
    (home / "games.sqlite").write_bytes((ROOT / "tests" / "data" / "store-v1.sqlite").read_bytes())
    solo = json.loads(cli("sssnake", "stats", "--json").output)
    assert solo["sahara"]["games"] == 1 and solo["fjord"]["games"] == 1
    assert json.loads(cli("snits", "stats", "--json").output)["games"] == 1
