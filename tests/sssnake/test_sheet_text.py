"""A digital sheet in the terminal: every mark at its square, told apart by characters alone, within 80 columns."""
import re

import pytest

from companion.sssnake.ground import ground
from companion.sssnake.sheet import Sheet
from companion.sssnake.sheet_text import HOP, JUMP, STEP, WRAP, links, sheet_lines

ANSI = re.compile(r"\x1b\[[0-9;]*m")
SLUGS = ["am-fluss", "sahara", "fjord", "foxtrail"]


def drawn() -> Sheet:
    """Am Fluss: a cave at 2,6, right along row 6 to 5,6, down to 5,9; dug in there, up at 9,12, left to 7,12."""
    first = [(2, 6), (3, 6), (4, 6), (5, 6), (5, 7), (5, 8), (5, 9)]
    return Sheet(body=first + [(9, 12), (8, 12), (7, 12)], caves=[(2, 6)], heads=[(7, 12)], last=["L"],
                 apples={(2, 9): 2, (12, 14): 3, (10, 16): 12}, rotten={(12, 14)}, crossed={(14, 2)},
                 eggs=[[(1, 14), (2, 14), (3, 15)]], split=(4, 6), jumps=[((5, 9), (9, 12))], pending=[3, 12, 1, 0])


def square(lines: list[str], col: int, row: int) -> str:
    """The three characters of a square, its terrain letter and its mark: after the row number, four columns a square
    (the first the falcon's edge)."""
    line = next(ANSI.sub("", line) for line in lines[1:] if line[:2] == f"{row:>2}")
    return line[2 + (col - 1) * 4 + 1:2 + (col - 1) * 4 + 4]


def cell(lines: list[str], col: int, row: int) -> str:
    """The two characters drawn on a square, after its terrain letter."""
    return square(lines, col, row)[1:]


@pytest.fixture
def plain():
    return sheet_lines("am-fluss", drawn(), colour=False)


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("colour", [False, True])
def test_every_line_fits_80_columns(slug, colour):
    lines = sheet_lines(slug, drawn(), colour)
    assert max(len(ANSI.sub("", line)) for line in lines) <= 80


def test_no_ansi_without_colour(plain):
    assert not any("\x1b" in line for line in plain)


@pytest.mark.parametrize("slug", SLUGS)
def test_colour_only_adds_style_never_red_or_green(slug):
    coloured = sheet_lines(slug, drawn(), colour=True)
    assert [ANSI.sub("", line) for line in coloured] == sheet_lines(slug, drawn(), colour=False)
    codes = {code for line in coloured for m in ANSI.findall(line) for code in m[2:-1].split(";")}
    assert codes and not codes & {"31", "32", "41", "42", "91", "92"}


def test_column_and_row_numbers(plain):
    assert plain[0].split() == [str(c) for c in range(1, 17)] == plain[17].split()
    assert all(plain[r][2 + (c - 1) * 4 + 3] == str(c)[-1] for c in range(1, 17) for r in (0, 17))  # over the marks
    assert [line.split()[0] for line in plain[1:17]] == [str(r) for r in range(1, 17)]
    assert [line.split()[-1] for line in plain[1:17]] == [str(r) for r in range(1, 17)]


def test_the_snake_cave_arrows_split_dig_and_head(plain):
    assert cell(plain, 2, 6) == "C>"
    assert cell(plain, 4, 6) == "X>"
    assert [cell(plain, 5, r) for r in (6, 7, 8)] == [" v"] * 3
    assert cell(plain, 5, 9) == "O_"
    assert cell(plain, 9, 12) == "O<"
    assert cell(plain, 8, 12) == " <"
    assert cell(plain, 7, 12) == "@<"


def test_apples_fresh_rotten_and_many(plain):
    assert cell(plain, 2, 9) == "o2"
    assert cell(plain, 12, 14) == "*3"
    assert cell(plain, 10, 16) == "o+"


def test_crossed_eggs_objects_and_pending(plain):
    assert cell(plain, 14, 2) == "xx"
    assert [cell(plain, *sq) for sq in ((1, 14), (2, 14), (3, 15))] == ["E1"] * 3
    assert cell(plain, 2, 2) == "##"  # a tree
    assert cell(plain, 3, 12) == "?1" and cell(plain, 12, 3) != "?1"  # as the card says
    assert any("not yet drawn: 3,12" in line for line in plain[18:])
    tricky = sheet_lines("am-fluss", drawn(), colour=False, tricky=True)
    assert cell(tricky, 3, 12) == cell(tricky, 12, 3) == "?1"  # or switched: Tricky
    assert any("3,12 or 12,3" in line for line in tricky[18:])


def test_every_square_shows_its_terrain_under_its_marks(plain):
    assert square(plain, 1, 1) == "g  " and square(plain, 6, 1) == "w  " and square(plain, 5, 2) == "s  "
    assert square(plain, 4, 3) == "G  "  # grassland in shade
    assert square(plain, 2, 6) == "gC>" and square(plain, 7, 12) == "g@<"
    assert any(line.startswith("terrain: g grassland  w water") for line in plain)


def test_an_apple_on_rocks_reads_as_on_rocks():
    rock = next(sq for sq in ground("sahara").squares() if ground("sahara").letter(sq) == "r")
    lines = sheet_lines("sahara", Sheet(apples={rock: 1}), colour=False)
    assert square(lines, *rock) == "ro1"


@pytest.mark.parametrize("slug", SLUGS)
def test_one_letter_one_terrain_on_every_landscape(slug):
    gr = ground(slug)
    lines = sheet_lines(slug, drawn(), colour=False)
    for sq in gr.squares():
        letter = square(lines, *sq)[0]
        assert letter == (gr.letter(sq).upper() if gr.shade(sq) else gr.letter(sq)), sq
    marks = {ch for sq in gr.squares() for ch in cell(lines, *sq)}
    assert not marks & set("gwsqrnif" + "GWSQRNIF")  # no mark is a terrain letter


def test_the_legend_names_every_mark_drawn():
    cave = Sheet(body=[(2, 6)], caves=[(2, 6)], heads=[(2, 6)], last=[None])  # just after the cave round
    assert cell(sheet_lines("am-fluss", cave, colour=False), 2, 6) == "@C"
    for sheet in (cave, drawn()):
        lines = sheet_lines("am-fluss", sheet, colour=False)
        legend = " ".join(lines[18:])
        starts = {word[0] for word in legend.split()}
        shown = {cell(lines, c, r).strip() for c in range(1, 17) for r in range(1, 17)} - {""}
        assert all(mark[0] in starts or mark in ">^<v" for mark in shown), shown
        assert "@C head on its cave" in legend


def test_the_falcon_line_runs_between_the_squares_and_is_in_the_legend():
    lines = sheet_lines("sahara", Sheet(), colour=False)
    rows = {line[:2]: line for line in lines[1:17 + 3]}
    assert rows[" 8"][2 + 5 * 4] == "|" and rows[" 9"][2 + 5 * 4] == "|" and rows[" 9"][2 + 11 * 4] == "|"
    gaps = [line for line in lines[1:20] if line[:2] == "  "]
    assert gaps == ["  --------------------+",  # under row 7, to the bend at x = 5
                    "                      |                       +--------------------",  # under row 8
                    "                      +-----------------------+"]  # under row 9
    assert any("falcon's line" in line for line in lines[20:])
    assert not any("falcon" in line for line in sheet_lines("fjord", Sheet(), colour=False))


def test_golden_apples_on_the_sheet_and_gone():
    lines = sheet_lines("fjord", Sheet(), colour=False, golden_gone=[(6, 14)])
    assert cell(lines, 4, 12) == "$1"
    assert cell(lines, 6, 14) == "xx"


def test_links_name_each_kind_of_move():
    gr = ground("am-fluss")
    sheet = Sheet(body=[(3, 12), (4, 12), (5, 12), (6, 12), (6, 11), (5, 11), (5, 13), (4, 13), (3, 13), (2, 13),
                        (1, 13), (16, 13), (15, 13)], caves=[(3, 12)])
    kinds = [(a, b, kind) for a, b, kind, _ in links(gr, sheet)]
    assert ((5, 11), (5, 13), HOP) in kinds and ((1, 13), (16, 13), WRAP) in kinds
    assert ((3, 12), (4, 12), STEP) in kinds and len(kinds) == 12
    assert links(gr, drawn())[5:7] == [((5, 8), (5, 9), STEP, "D"), ((5, 9), (9, 12), JUMP, None)]


def test_a_second_head_grows_from_the_x():
    gr = ground("am-fluss")
    sheet = Sheet(body=[(2, 6), (3, 6), (4, 6), (5, 6), (6, 6), (4, 7), (4, 8)], caves=[(2, 6)],
                  heads=[(6, 6), (4, 8)], last=["R", "D"], split=(4, 6))
    assert ((4, 6), (4, 7), STEP, "D") in links(gr, sheet)
    lines = sheet_lines("am-fluss", sheet, colour=False)
    assert (cell(lines, 6, 6), cell(lines, 4, 8)) == ("@>", "@v")


@pytest.mark.parametrize("env, tty, weight", [({}, True, True), ({"NO_COLOR": "1"}, True, False),
                                              ({"TERM": "dumb"}, True, False), ({}, False, False)])
def test_colour_only_on_a_terminal_without_no_color(monkeypatch, env, tty, weight):
    from companion.cli.sssnake import sheet as sssnake_sheet_cli

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    monkeypatch.setattr(sssnake_sheet_cli.sys.stdout, "isatty", lambda: tty, raising=False)
    assert sssnake_sheet_cli.coloured() is weight
