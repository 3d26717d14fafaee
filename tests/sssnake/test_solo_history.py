"""Solo score tracking: finished solo games are recorded; paper games can be recorded; history and stats."""
import json

import pytest


def test_record_prints_score_and_rank(cli):
    """Solo: A length + C golden - D rotten; golden apples on Fjord, rotten ones printed on FoxTrail."""
    result = cli("sssnake", "record", "--landscape", "fjord", "--length", "32", "--golden", "3")
    assert result.exit_code == 0 and "32 + 3 golden - 0 rotten = 35 points. Sssuper!" in result.output
    result = cli("sssnake", "record", "--landscape", "foxtrail", "--length", "32", "--rotten", "5")
    assert result.exit_code == 0 and "32 + 0 golden - 5 rotten = 27 points. Well played." in result.output


@pytest.mark.parametrize("landscape", ["am-fluss", "sahara", "fjord"])
def test_record_refuses_rotten_apples_a_solo_sheet_cannot_have(cli, landscape):
    """Issue 33: rotten apples come from Poisonous (a 3+ players card, out of a solo game) or lie printed on
    FoxTrail; the README's own example recorded 5 on Fjord."""
    result = cli("sssnake", "record", "--landscape", landscape, "--length", "32", "--rotten", "1")
    assert result.exit_code == 1 and result.output.endswith("has no rotten apples in a solo game: they come from the "
                                                            "Poisonous card (three or more players) or lie printed on "
                                                            "FoxTrail; record 0 rotten\n")
    assert json.loads(cli("sssnake", "history", "--json").output) == []


def test_record_refuses_bad_counters(cli):
    assert cli("sssnake", "record", "--landscape", "moon", "--length", "9").exit_code == 1
    assert cli("sssnake", "record", "--landscape", "fjord", "--length", "0").exit_code == 2


@pytest.mark.parametrize("args, message", [
    (("--length", "125"), "length 125 is longer than a sheet shows: the track runs 1-40, at most 3 times round "
                          "from the start of 4, so 1-124"),
    (("--length", "30", "--rotten", "10000000000"), "10000000000 rotten apples is more than any snake eats: at most 120"),
    (("--length", "30", "--golden", "7"), "Fjord has 6 golden apples, not 7"),
    (("--length", "9", "--golden", "6"), "length 9 is too short"),
])
def test_record_refuses_counters_no_sheet_can_show_and_saves_nothing(cli, args, message):
    """Growing: one circle per apple on a track printed 1-40 (edition.toml record_laps: at most three times round)."""
    result = cli("sssnake", "record", "--landscape", "foxtrail" if "--rotten" in args else "fjord", *args)
    assert result.exit_code == 1 and result.output.startswith(f"error: {message}") and result.output.count("\n") == 1
    assert json.loads(cli("sssnake", "history", "--json").output) == []


def test_record_takes_the_longest_snake_a_sheet_can_show(cli):
    assert cli("sssnake", "record", "--landscape", "foxtrail", "--length", "124", "--rotten", "120").exit_code == 0


def finish_a_solo_game(cli):
    """Sahara solo: caves, two rounds eating an apple each, then eliminated: 6 points."""
    cli("sssnake", "new", "--players", "Sol", "--landscape", "sahara", "--seed", "1")
    cli("sssnake", "flip")
    for _ in range(2):
        cli("sssnake", "flip")
        assert cli("sssnake", "report", "Sol", "--fresh", "1").exit_code == 0
    cli("sssnake", "flip")
    cli("sssnake", "report", "Sol", "--eliminated")


def test_a_finished_solo_game_is_in_the_history_once(cli):
    """Solo: every finished game is recorded; undo and redo of its last step do not count it twice."""
    finish_a_solo_game(cli)
    cli("sssnake", "undo")
    cli("sssnake", "redo")
    rows = json.loads(cli("sssnake", "history", "--json").output)
    assert len(rows) == 1 and rows[0]["score"] == 6 and rows[0]["game_id"] == "sssnake-1"
    assert rows[0]["rank"] == "The main thing is to have fun."


def test_undoing_the_end_takes_the_game_out_of_the_history(cli):
    finish_a_solo_game(cli)
    cli("sssnake", "undo")
    assert json.loads(cli("sssnake", "history", "--json").output) == []


def test_stats_per_landscape(cli):
    for length in (20, 22, 30, 36):
        cli("sssnake", "record", "--landscape", "fjord", "--length", str(length))
    cli("sssnake", "record", "--landscape", "sahara", "--length", "25")
    data = json.loads(cli("sssnake", "stats", "--json").output)
    assert data["fjord"]["games"] == 4 and data["fjord"]["best"] == 36 and data["fjord"]["average"] == 27.0
    assert data["fjord"]["trend"] == 12.0  # newer half 33 - older half 21
    assert data["fjord"]["ranks"]["Sssuper!"] == 1 and data["sahara"]["trend"] is None
    assert "fjord: 4 game(s), best 36" in cli("sssnake", "stats").output


def test_history_filters_by_landscape(cli):
    cli("sssnake", "record", "--landscape", "fjord", "--length", "20")
    cli("sssnake", "record", "--landscape", "sahara", "--length", "21")
    out = cli("sssnake", "history", "--landscape", "sahara").output
    assert "sahara" in out and "fjord" not in out


def test_record_refuses_counters_no_sheet_can_show(cli):
    """Fjord golden apples: only Fjord has them (six); Growing: each apple eaten adds one to the starting 4."""
    cases = [(["--landscape", "sahara", "--length", "9", "--golden", "1"], "Sahara has no golden apples"),
             (["--landscape", "fjord", "--length", "20", "--golden", "7"], "Fjord has 6 golden apples, not 7"),
             (["--landscape", "foxtrail", "--length", "8", "--rotten", "5"], "at least 9"),
             (["--landscape", "moon", "--length", "9"], "choose one of: am-fluss")]
    for args, message in cases:
        result = cli("sssnake", "record", *args)
        assert result.exit_code == 1 and message in result.output
    assert json.loads(cli("sssnake", "history", "--json").output) == []


def test_history_refuses_an_unknown_landscape(cli):
    """Bad input: an unknown landscape names the four that exist instead of printing an empty history."""
    result = cli("sssnake", "history", "--landscape", "moon")
    assert result.exit_code == 1 and "choose one of: am-fluss, fjord, foxtrail, sahara" in result.output
