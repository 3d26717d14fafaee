"""What a new user tripped over: landscape names in any case, help in the order of play, the log's squares,
counted words, refusals that list what is left, solo wording, a deck that forecasts nothing."""
import json
import re

import pytest


@pytest.mark.parametrize("given, slug", [("Fjord", "fjord"), ("Am Fluss", "am-fluss"), ("FOXTRAIL", "foxtrail"),
                                         ("fox trail", "foxtrail"), ("am_fluss", "am-fluss")])
def test_landscape_names_are_taken_in_any_case_and_spelling(cli, given, slug):
    out = cli("sssnake", "new", "--players", "Ann", "--landscape", given, "--json")
    assert out.exit_code == 0 and json.loads(out.output)["setup"]["landscape"] == slug
    assert cli("sssnake", "record", "--landscape", given, "--length", "20").exit_code == 0
    assert cli("sssnake", "history", "--landscape", given, "--json").exit_code == 0


def test_an_unknown_landscape_is_refused_with_the_four_names(cli):
    out = cli("sssnake", "new", "--players", "Ann", "--landscape", "Moon")
    assert out.exit_code == 1
    assert out.output == "error: unknown landscape 'Moon'; choose one of: am-fluss, fjord, foxtrail, sahara\n"


def test_help_lists_the_commands_in_the_order_of_play(cli):
    listed = re.findall(r"^  (\w+)\s", cli("sssnake", "--help").output.split("Commands:")[1], re.MULTILINE)
    assert listed[:15] == ["new", "play", "flip", "round", "report", "move", "sheet", "hint", "fix", "take", "place",
                           "rejoin", "status", "deck", "score"]
    assert {"log", "undo", "redo", "card", "rules", "record", "history", "stats", "daily", "verify"} <= set(listed[15:])


def test_log_shows_each_flips_square_and_whose_cave(cli):
    cli("sssnake", "new", "--players", "Ann,Bob", "--seed", "7")
    squares = []
    for _ in range(3):
        data = json.loads(cli("sssnake", "flip", "--json").output)["state"]["round"]
        squares.append(f"{data['column']},{data['row']}")
    cli("sssnake", "round", "Ann 1")
    lines = cli("sssnake", "log").output.splitlines()
    assert lines == [f"  1. flip {squares[0]}: Ann's cave", f"  2. flip {squares[1]}: Bob's cave",
                     f"  3. flip {squares[2]}: Ann flipped", "  4. round Ann 1 Bob 0"]
    flips = json.loads(cli("sssnake", "log", "--json").output)["flips"]
    assert [f["action"] for f in flips] == [1, 2, 3] and flips[2]["player"] == "Ann" and not flips[2]["cave"]


def test_counts_of_one_are_singular_and_the_deck_forecasts_nothing(cli):
    """Apple cards: the A face on top is paired with the row under it at the next flip, so no square is known
    before it is turned."""
    cli("sssnake", "new", "--players", "Ann", "--seed", "3")
    before = cli("sssnake", "deck").output
    assert "faces up on the A stack, but the first flip pairs that card's row with the column under it" in before
    assert "16 cards on the A stack, 0 cards on the B stack; 15 flips before all 16 are shuffled again." in before
    cli("sssnake", "flip")
    after = cli("sssnake", "deck").output
    assert "the next square is face down" in after and "1 card on the B stack" in after
    assert not re.search(r"\b1 (cards|flips|eggs|chances)\b", after)
    assert "next column" not in after and "on top" not in after


def test_the_deck_says_when_the_next_flip_reshuffles(cli):
    """Apple cards: when all the cards are used up, they are shuffled and the stack restarts."""
    cli("sssnake", "new", "--players", "Ann", "--seed", "3")
    for _ in range(15):
        cli("sssnake", "flip")
        cli("sssnake", "round", "")
    assert "1 card on the A stack, 15 cards on the B stack; the next flip shuffles all 16 first." in \
        cli("sssnake", "deck").output


def test_a_golden_apple_refusal_lists_only_those_still_on_the_sheet(table):
    t = table(landscape="fjord")
    t.caves()
    t.round(Ann={"golden": [[4, 12]]})
    t.flip()
    with pytest.raises(ValueError) as refused:
        t.report("Bob", golden=[[1, 1]])
    assert str(refused.value).endswith("golden apples left: 6,14 9,11 11,15 13,9 15,13")


def test_a_solo_game_has_nobody_else_to_cross_out_a_golden_apple(table):
    """Fjord: "all other players cross the apple out" — alone, there are none."""
    t = table(players=("Sol",), landscape="fjord")
    t.caves()
    t.round(Sol={"golden": [[4, 12]]})
    assert "Sol takes golden apple 4,12." in t.messages
    assert not any("everyone else" in m for m in t.messages)
    assert not any("token" in m for m in t.messages), "the solo player keeps the token: nothing passes"


def test_status_leaves_out_where_an_eliminated_snake_ended(cli):
    """End of play: an eliminated snake does not move again, so the ending that would halve or double it is moot."""
    cli("sssnake", "new", "--players", "Ann,Bob,Cid", "--seed", "7")
    for _ in range(4):
        cli("sssnake", "flip")
    cli("sssnake", "round", "Ann shade Cid shade")
    cli("sssnake", "flip")
    cli("sssnake", "round", "Ann shade Cid out")
    lines = {line.split()[0]: line for line in cli("sssnake", "status").output.splitlines()[1:4]}
    assert "ended on shade" in lines["Ann"] and "ended on" not in lines["Cid"] and " out;" in lines["Cid"]


def test_history_goes_on_when_one_game_cannot_be_opened(cli):
    """A game saved under newer rules is Unreadable here: history and stats leave it out instead of failing."""
    import sqlite3

    from companion.store.db import Store

    cli("sssnake", "new", "--players", "Sol", "--seed", "3")
    cli("sssnake", "new", "--players", "Ann,Bob", "--seed", "3")
    cli("sssnake", "record", "--landscape", "fjord", "--length", "20")
    store = Store()
    store.close()
    db = sqlite3.connect(store.path)
    db.execute("UPDATE games SET rules_version = 99 WHERE id = 'sssnake-2'")
    db.commit()
    db.close()
    for command in ("history", "stats"):
        out = cli("sssnake", command)
        assert out.exit_code == 0 and "Room for improvement." in out.output, command
