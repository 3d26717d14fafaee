"""Terrain types, the Sahara falcon and the FoxTrail paw on hand-drawn sheets: a move walked square by square.

Every expected value below is worked out by hand from the rulebook sentence quoted with it.
"""
import pytest

from companion.core.engine import IllegalAction
from companion.sssnake.snake import Card
from companion.sssnake.walk import Turn, walk
from tests.sssnake.drawn import draw


def row(letters: str, marks: str | None = None, **kw):
    """One row of terrain with the cave at its left end; the snake moves right along it."""
    return draw(letters, marks or "C" + "." * (len(letters) - 1), **kw)


@pytest.mark.parametrize("letters", ["gggg", "ggss", "gssg", "ssss"])
def test_grassland_and_sand_are_open_to_move_and_end_on(letters):
    """Terrain types: "Grassland and sand: Snakes can move and end their movement on grassland and sand without any
    restrictions." """
    w = row(letters).walk("R3", length=3)
    assert (w.out, w.heads) == (None, [(4, 1)])


def test_water_may_be_crossed():
    """Terrain types: "Water and quicksand: Snakes can move across water and quicksand, but cannot end their
    movement there." """
    w = row("gwwgg").walk("R4")
    assert (w.out, w.heads) == (None, [(5, 1)])


def test_ending_on_water_eliminates_without_swimming():
    """End of play: "their snake ends its turn on a terrain where it is not allowed to end a turn, e.g. on water
    without the "Swimming" ability"."""
    w = row("ggwww").walk("R4")
    assert w.out == "ends its move on water at 5,1 (Swimming ends there)"


def test_swimming_ends_on_water():
    """2 Swimming: "Snakes can end their movement on squares of the water terrain type." """
    w = row("ggwww").walk("R4", abilities={Card.SWIMMING})
    assert (w.out, w.heads) == (None, [(5, 1)])


def test_quicksand_may_be_crossed():
    w = row("gqqgg").walk("R4")
    assert (w.out, w.heads) == (None, [(5, 1)])


@pytest.mark.parametrize("abilities", [(), (Card.SWIMMING,)])
def test_ending_on_quicksand_eliminates_even_a_swimmer(abilities):
    """Terrain types: quicksand: "cannot end their movement there"; 2 Swimming speaks of water only."""
    w = row("ggggq").walk("R4", abilities=abilities)
    assert w.out == "ends its move on quicksand at 5,1"


def test_rocks_refuse_a_step():
    """Terrain types: "Rocks: Snakes cannot move across rocks": a path into rocks is not a move, so it is refused
    (the edge, an object and itself stay "immovable boundaries" that eliminate, End of play)."""
    with pytest.raises(IllegalAction, match=r"^snakes cannot move across rocks \(Terrain types\): not 3,1; only "
                                            "Climbing crosses them"):
        row("ggrgg").walk("R2")


def test_a_move_logged_before_rules_5_bumps_into_rocks():
    """A move of then (`bumped`, set by migrate) ends where it did: eliminated on the step into rocks."""
    d = row("ggrgg")
    w = walk(d.ground, d.sheet, Turn(4, 2, 2, (), (), bumped=True), "R2")
    assert w.out == "bumps into rocks at 3,1 (Climbing crosses them)"
    assert (w.steps, w.heads) == (1, [(2, 1)])


def test_climbing_crosses_and_ends_on_rocks():
    """1 Climbing: "Snakes can move on squares of the rock terrain type and can also end their movement there." """
    assert row("grrgr").walk("R4", abilities={Card.CLIMBING}).out is None
    w = row("ggggr").walk("R4", abilities={Card.CLIMBING})
    assert (w.out, w.heads) == (None, [(5, 1)])


@pytest.mark.parametrize("letters, ending", [("gggn", "s"), ("gggi", "i"), ("gnig", ""), ("gggg", ""),
                                             ("ggns", ""), ("ggin", "s"), ("ggni", "i")])
def test_where_the_move_ends_on_snow_or_ice(letters, ending):
    """Terrain types: "Snow: ... if a snake ends its movement on snow, it can only move half its length (rounded up)
    in the following turn." "Ice: ... If a snake ends its movement on ice, it must move double its length in the
    following turn." Only the square the move ends on counts (ending letters: s snow, i ice)."""
    w = row(letters).walk("R3", length=3)
    assert (w.out, w.ending()) == (None, ending)


@pytest.mark.parametrize("marks, ending", [("C..o", "h"), ("C.o.", ""), ("Co..", "")])
def test_ending_in_the_shade(marks, ending):
    """Objects: "The shadows shown on the various game sheets do not count as a terrain type ... They do not have any
    effect on snakes unless abilities or challenges say so" (12 Nocturnal: "When a snake begins its turn on a square
    in the shade"): the move reports ending in the shade (h) and nothing else changes."""
    w = row("gggg", marks).walk("R3", length=3)
    assert (w.out, w.ending()) == (None, ending)


def test_snow_in_the_shade():
    w = row("gggn", "C..o").walk("R3", length=3)
    assert w.ending() == "sh"


def test_foliage_before_the_snake_is_as_long_as_the_paw_eliminates():
    """FoxTrail: "Snakes can only move across foliage when they are big enough. Anyone who moves on foliage before
    then is eliminated. The required snake length to move on the foliage terrain type is shown next to the paw
    symbol." Paw 6, snake 5."""
    w = row("gfggggf", paw=6).walk("R", length=5)
    assert w.out == "moves on foliage at 2,1 before it is 6 long (the fox's paw): eliminated"
    assert w.steps == 0


def test_foliage_once_the_snake_is_as_long_as_the_paw():
    """Terrain types: "Foliage: Snakes can only move or end their movement on foliage when they are big enough":
    a snake of 6 with the paw at 6 crosses foliage and ends on it."""
    w = row("gfggggf", paw=6).walk("R6", length=6)
    assert (w.out, w.heads) == (None, [(7, 1)])


def test_the_length_at_the_start_of_the_turn_decides_foliage():
    """An apple eaten on the way does not make the snake big enough this turn: "grows at the end of the turn"."""
    w = row("ggff", "C1..", paw=5).walk("R2", length=4)
    assert w.out == "moves on foliage at 3,1 before it is 5 long (the fox's paw): eliminated"


FALCON_L = [(0, 2), (2, 2), (2, 0)]  # along the bottom of rows 1-2 under columns 1-2, then up between columns 2 and 3
SAHARA = """
gggg
gggg
gggg
"""


@pytest.mark.parametrize("path", ["R2 D2", "D2 R2", "R D2 R", "D R2 U"])
def test_crossing_the_falcons_line_once_is_allowed(path):
    """Sahara: "If a snake crosses the falcon's line of shadow twice in one turn, the player is immediately
    eliminated." Each of these paths crosses the line once."""
    d = draw(SAHARA, """
    C...
    ....
    ....
    """, falcon=FALCON_L)
    w = d.walk(path)
    assert (w.out, w.steps) == (None, 4)


@pytest.mark.parametrize("path, where, steps", [("R2 D L", "2,2", 3), ("D2 R U", "2,2", 3)])
def test_crossing_the_falcons_line_twice_eliminates_at_once(path, where, steps):
    d = draw(SAHARA, """
    C...
    ....
    ....
    """, falcon=FALCON_L)
    w = d.walk(path)
    assert w.out == f"crosses the falcon's line of shadow a second time, at {where} (Sahara's falcon)"
    assert w.steps == steps


def test_walking_along_the_falcons_line_is_not_crossing_it():
    d = draw(SAHARA, """
    ....
    ....
    C...
    """, falcon=[(0, 2), (4, 2)])
    assert d.walk("R3 U").out is None  # crosses once, from 4,3 to 4,2
    assert d.walk("U R2 D").out == "crosses the falcon's line of shadow a second time, at 3,3 (Sahara's falcon)"
