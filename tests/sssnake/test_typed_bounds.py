"""What a player types is bounded where it is read (issue 25): a number of thousands of digits, a path longer than
any move or a pasted page is one short `error:` line, never a traceback, a long wait or the input echoed whole."""
import time
import tracemalloc

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from companion.core.engine import IllegalAction
from companion.sssnake.game import ENGINE
from companion.sssnake.roundline import parse as parse_line
from companion.sssnake.walk import MAX_PATH
from tests.sssnake.stored import refused
from tests.sssnake.test_digital_cli import game  # noqa: F401  (the fixture: Ann digital, moves open)

HUGE = "9" * 4400  # past int()'s 4,300 digits
ZEROS = "0" * 5000 + "1"  # a small value in more text than int() reads (issue 34, 1): the text is bounded, not the value
NAMES = ["Ann", "Bob", "Cid"]
SHORT = 200  # the longest a refusal line may be


@pytest.mark.parametrize("args, match", [
    (("round", f"Bob: {HUGE}"), "a count of apples runs 0-999"),
    (("round", f"Bob g{HUGE},3"), "is off the sheet"),
    (("round", f"Bob x3,{HUGE}"), "is off the sheet"),
    (("move", "Ann", f"R{HUGE}"), "a step count runs 1-256"),
    (("move", "Ann", f"{HUGE},{HUGE}"), "is off the sheet"),
    (("move", "Ann", f"@3,{HUGE}"), "is off the sheet"),
    (("move", HUGE, "R"), "no player '999"),
    (("report", "Bob", "--golden", HUGE), "--golden counts golden apples 0-999"),
    (("round", f"Bob {ZEROS}"), "a count of apples runs 0-999"),
    (("round", f"Bob g{ZEROS},3"), "is off the sheet"),
    (("move", "Ann", f"R{ZEROS}"), "a step count runs 1-256"),
    (("move", "Ann", f"{ZEROS},{ZEROS}"), "is off the sheet"),
    (("report", "Bob", "--golden", ZEROS), "--golden counts golden apples 0-999"),
    (("round", "z" * 5000), "is not a player"),
    (("round", "Bob " + "z" * 5000), "is not part of a report"),
])
def test_a_huge_number_or_word_is_one_short_line(game, args, match):
    refused(game, "sssnake", *args, match=match)
    assert len(game("sssnake", *args).output) < SHORT


@pytest.mark.parametrize("number", [HUGE, ZEROS])
@pytest.mark.parametrize("option", ["--fresh", "--rotten"])
def test_a_huge_count_option_is_a_short_usage_error(game, option, number):
    result = game("sssnake", "report", "Bob", option, number)
    assert result.exit_code == 2 and "is not a whole number -999 to 999" in result.output and len(result.output) < SHORT


def test_a_path_longer_than_any_move_is_refused_before_it_is_expanded(game):
    tracemalloc.start()
    began = time.perf_counter()
    refused(game, "sssnake", "move", "Ann", *["R256"] * 20000, match=f"a path enters at most {MAX_PATH} squares")
    took = time.perf_counter() - began
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert took < 2 and peak < 20 * 2 ** 20


def moving(players, **setup):
    """A state whose round is open: the moves (and the round line) come next."""
    st = ENGINE.new({"players": players, "landscape": "fjord", "seed": 7, **setup})
    for _ in range(len(players) + 1):
        st = ENGINE.apply(st, {"type": "flip"}).state
    return st


DIGITAL = moving(["Ann", "Bob"], digital=["Ann"])  # Ann's path meets every rule of the walk
PAPER = moving(NAMES)
PATH_TEXT = st.lists(st.sampled_from(list("UDLRudlr0123456789,@/ \t+x") + ["999", "R256", "9" * 5000, "²"]),
                     max_size=60).map("".join) | st.text(max_size=40)
LINE_TEXT = st.lists(st.sampled_from(NAMES + ["ann:", "0", "2", "1r", "g", "2g", "g4,12", "x7,3", "snow", "ice",
                                              "shade", "out", "rejoin", "...", "+", ":", "9" * 5000, "g9999,1", "r0",
                                              "²", "١٢"]) | st.text(max_size=8),
                     max_size=12).map(" ".join)


@settings(derandomize=True, max_examples=300, deadline=None)
@given(PATH_TEXT)
@example("R" + "9" * 5000)
@example("R256 " * 40)
def test_any_typed_path_is_a_move_or_one_short_refusal(typed):
    """The rules' own error or a move, in bounded time; never another exception."""
    began = time.perf_counter()
    try:
        ENGINE.apply(DIGITAL, {"type": "move", "player": "Ann", "path": typed})
    except IllegalAction as exc:
        assert len(str(exc)) < SHORT and "\n" not in str(exc)
    assert time.perf_counter() - began < 1


@settings(derandomize=True, max_examples=300, deadline=None)
@given(LINE_TEXT)
@example("Bob " + "9" * 5000)
@example("Cid " + "z" * 5000)
def test_any_typed_round_line_is_read_or_one_short_refusal(typed):
    """The parser's and the rules' own error or a round, in bounded time; never another exception."""
    began = time.perf_counter()
    try:
        parse_line(typed, NAMES)
        ENGINE.apply(PAPER, {"type": "round", "line": typed})
    except IllegalAction as exc:
        assert len(str(exc)) < SHORT and "\n" not in str(exc)
    assert time.perf_counter() - began < 1


@pytest.mark.parametrize("args, match", [
    (("take", "Bob", ZEROS), "is not a whole number 0 to 999"),
    (("take", "Bob", "1", "--corner", f"{ZEROS},1"), "is off the sheet"),
    (("place", "Bob", f"1,{ZEROS}"), "is off the sheet"),
])
def test_a_number_typed_with_thousands_of_zeros_is_one_short_line(game, args, match):
    """Issue 34, 1: int() refuses more than 4,300 digits whatever their value, so the text is bounded first."""
    result = game("sssnake", *args)
    assert result.exit_code != 0 and match in result.output and len(result.output) < SHORT
    assert "Traceback" not in result.output and result.exception is None or isinstance(result.exception, SystemExit)
