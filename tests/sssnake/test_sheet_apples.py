"""Apples falling and rolling, and caves placed, on hand-drawn sheets (companion.sssnake.sheet).

Every expected value below is worked out by hand from the rulebook sentence quoted with it.
"""
import pytest

from companion.core.engine import IllegalAction
from companion.sssnake.sheet import cave_room
from tests.sssnake.drawn import draw


def grass(width, height):
    return "\n".join(["g" * width] * height)


def test_an_apple_falls_where_the_card_says():
    d = draw(grass(5, 5))
    assert d.sheet.drop(d.ground, (2, 4), 1, False) == (2, 4)
    assert (d.sheet.apples, d.sheet.rotten) == ({(2, 4): 1}, set())


@pytest.mark.parametrize("letter", "wqrnif")
def test_apples_lie_on_any_terrain(letter):
    """First round: "Apples, however, are placed exactly where the apple card coordinates state, regardless of the
    terrain type." """
    d = draw(f"gg{letter}gg")
    assert d.sheet.drop(d.ground, (3, 1), 1, False) == (3, 1)


def test_a_second_apple_on_a_square_is_a_second_stalk():
    """Apple cards: "for every apple which lands on the same square, draw an extra stalk"."""
    d = draw(grass(5, 5), """
    .....
    .2...
    .....
    .....
    .....
    """)
    assert d.sheet.drop(d.ground, (2, 2), 1, False) == (2, 2)
    assert d.sheet.apples == {(2, 2): 3}


def test_the_rulebooks_rolling_example():
    """Apple cards: "Joy turns over the apple card A5/B3. The apple falls onto the snake and rolls in the direction
    of the nearest edge of the board, i.e. upwards, until it reaches the next available square. The apple stops
    rolling on square A5/B1." On a 9 x 8 sheet from 5,3 the edges are 2 up, 5 down, 4 left and 4 right."""
    d = draw(grass(9, 8), """
    .........
    ....=H...
    ....=....
    ....C....
    .........
    .........
    .........
    .........
    """, "U2 R")
    assert d.sheet.drop(d.ground, (5, 3), 1, False) == (5, 1)
    assert d.sheet.apples == {(5, 1): 1}


def test_an_apple_rolling_off_the_edge_is_lost():
    """Apple cards: "If the apple rolls off the edge of the board, it falls out of the game and is not drawn." """
    d = draw(grass(7, 7), """
    ...H...
    ...=...
    ...=...
    ...=...
    ...C...
    .......
    .......
    """, "U4")
    assert d.sheet.drop(d.ground, (4, 3), 2, False) is None
    assert d.sheet.apples == {}


@pytest.mark.parametrize("marks, falls, rests", [
    # on the cave 2,2 (1 up, 3 down, 1 left, 4 right: up and left tie, up first)
    ("......\n.C....\n......\n......\n......", (2, 2), (2, 1)),
    # on the head 5,3 (2 up, 2 down, 4 left, 1 right)
    ("......\n......\n.C==H.\n......\n......", (5, 3), (6, 3)),
    # on an immovable object 3,4 (3 up, 1 down, 2 left, 3 right)
    ("......\n......\n......\n..#...\n......", (3, 4), (3, 5)),
    # on an egg 1,3 (2 up, 2 down, 0 left: off the sheet)
    ("......\n.....E\nE.....\n......\n.E....", (1, 3), None),
    # on an egg 6,2 (1 up, 3 down, 5 left, 0 right: off the sheet)
    ("......\n.....E\nE.....\n......\n.E....", (6, 2), None),
    # on an egg 2,5 (4 up, 0 down, 1 left, 4 right: off the sheet)
    ("......\n.....E\nE.....\n......\n.E....", (2, 5), None),
])
def test_apples_roll_off_caves_snakes_objects_and_eggs(marks, falls, rests):
    """Apple cards: "If an apple falls on a snake cave, on the snake itself or on an immovable object, the apple rolls
    in the direction of the closest edge of the board until it reaches an available square." 16 Offspring: "Apples
    which land on eggs roll off." """
    path = "R3" if "H" in marks else ""
    d = draw(grass(6, 5), marks, path)
    assert d.sheet.drop(d.ground, falls, 1, False) == rests
    assert d.sheet.apples == ({rests: 1} if rests else {})


@pytest.mark.parametrize("marks, on, rests", [
    (".....\n.....\n..#..\n.....\n.....", (3, 3), (3, 2)),  # all four edges 2 away: up
    (".....\n.....\n.....\n.#...\n.....", (2, 4), (2, 5)),  # 3 up, 1 down, 1 left, 3 right: down
])
def test_edges_equally_near_roll_up_then_down(marks, on, rests):
    """Apple cards: "If two board edges are the same distance away, you may choose which edge the apple rolls
    towards." The companion chooses for a digital sheet: up, then down, then left, then right."""
    d = draw(grass(5, 5), marks)
    assert d.sheet.drop(d.ground, on, 1, False) == rests


def test_edges_equally_near_left_before_right():
    """3,4 on 5 x 7: 3 up, 3 down, 2 left, 2 right: left."""
    d = draw(grass(5, 7), ".....\n.....\n.....\n..#..\n.....\n.....\n.....")
    assert d.sheet.drop(d.ground, (3, 4), 1, False) == (2, 4)


def test_a_crossed_out_square_draws_no_apple():
    """9 Thieving: "If an apple should later fall on this square, it will not be drawn." """
    d = draw(grass(5, 5), ".....\n.x...\n.....\n.....\n.....")
    assert d.sheet.drop(d.ground, (2, 2), 1, False) is None
    assert d.sheet.apples == {}


def test_an_apple_rolling_onto_a_crossed_out_square_is_not_drawn():
    """The rulebook is silent; the companion: an apple rolls to the first square off the snake, and if that square
    is crossed out it draws no apple there. On the head 4,2: 1 up, 4 down, 3 left, 1 right: up, to the crossed 4,1."""
    d = draw(grass(5, 6), """
    ...x.
    C==H.
    .....
    .....
    .....
    .....
    """, "R3")
    assert d.sheet.drop(d.ground, (4, 2), 1, False) is None
    assert d.sheet.apples == {}


def test_a_fresh_apple_falling_on_a_rotten_one_rots():
    """Types of apple: "Example 1: a fresh apple falls on a rotten apple. Now there are two rotten apples on this
    square." """
    d = draw(grass(3, 3), "...\n.r.\n...")
    d.sheet.drop(d.ground, (2, 2), 1, False)
    assert (d.sheet.apples, d.sheet.rotten) == ({(2, 2): 2}, {(2, 2)})


def test_a_rotten_apple_falling_on_fresh_ones_rots_them():
    """Types of apple: "Example 2: a rotten apple falls on two fresh apples. Now there are three rotten apples on this
    square." """
    d = draw(grass(3, 3), "...\n.2.\n...")
    d.sheet.drop(d.ground, (2, 2), 1, True)
    assert (d.sheet.apples, d.sheet.rotten) == ({(2, 2): 3}, {(2, 2)})


def test_a_rolling_rotten_apple_rots_the_apples_where_it_stops():
    """On the head 4,2 it rolls up (1 up, 1 right: up first) onto the fresh apple at 4,1."""
    d = draw(grass(5, 5), """
    ...1.
    C==H.
    .....
    .....
    .....
    """, "R3")
    assert d.sheet.drop(d.ground, (4, 2), 1, True) == (4, 1)
    assert (d.sheet.apples, d.sheet.rotten) == ({(4, 1): 2}, {(4, 1)})


# First round: "If the apple card coordinates show that the cave is in water, ice, rock, foliage, quicksand or an
# immovable object, the cave moves horizontally or vertically in any direction until it reaches another terrain
# type." Grassland, sand and snow hold a cave ("gsn"); on the FoxTrail only grassland ("g").

def test_a_cave_on_open_ground_stays():
    d = draw("gsn\nggg")
    sheet = d.sheet
    assert sheet.draw_cave(d.ground, (2, 1), "gsn") == (2, 1)
    assert (sheet.body, sheet.caves, sheet.heads, sheet.last) == ([(2, 1)], [(2, 1)], [(2, 1)], [None])


def test_a_cave_in_water_moves_to_the_nearest_other_terrain():
    """From 4,3: up it reaches grassland 2 squares away (4,1), right 1 square away (5,3): the nearer (the rulebook
    lets the player pick the direction; the companion takes the nearest square)."""
    d = draw("""
    ggggg
    wwwwg
    wwwwg
    wwwwg
    wwwww
    """)
    assert d.sheet.draw_cave(d.ground, (4, 3), "gsn") == (5, 3)
    assert d.sheet.draw_cave(draw("ggggg\nwwwwg\nwwwwg\nwwwwg\nwwwww").ground, (2, 3), "gsn") == (2, 1)


@pytest.mark.parametrize("letter", "wirfq")
def test_a_cave_leaves_each_forbidden_terrain(letter):
    d = draw(f"g{letter}s")
    assert d.sheet.draw_cave(d.ground, (2, 1), "gsn") == (1, 1)


def test_a_cave_on_an_object_moves():
    d = draw("ggggg\nggggg\nggggg", ".....\n.....\n...##")
    assert d.sheet.draw_cave(d.ground, (5, 3), "gsn") == (5, 2)


def test_nearest_squares_equally_far_go_up_down_left_right():
    """The companion's order when two ways are equally short: up, down, left, right."""
    d = draw("ggg\ngwg\nggg")
    assert d.sheet.draw_cave(d.ground, (2, 2), "gsn") == (2, 1)
    d = draw("gwg\ngwg\nggg")
    assert d.sheet.draw_cave(d.ground, (2, 2), "gsn") == (2, 3)
    d = draw("gwg\ngwg\ngwg")
    assert d.sheet.draw_cave(d.ground, (2, 2), "gsn") == (1, 2)


def test_foxtrail_caves_move_on_to_grassland():
    """FoxTrail: "Caves which would land on the foliage terrain type are moved until they fall onto grassland
    terrain": past the sand at 2,1 to the grassland at 1,1."""
    d = draw("gsfs", paw=8)
    assert d.sheet.draw_cave(d.ground, (3, 1), "g") == (1, 1)


def test_a_cave_covers_an_apple_drawn_there():
    """The rulebook is silent on a cave drawn over an apple (another player's cave put it there); the companion:
    the cave covers it and the apple is gone."""
    d = draw("ggg\nggg", "...\n.1.")
    assert d.sheet.draw_cave(d.ground, (2, 2), "gsn") == (2, 2)
    assert d.sheet.apples == {}


def test_a_sheet_with_no_room_for_a_cave():
    """Refused in words (issue 34: it was a BadState, a traceback); a rejoin is not offered then (test_rejoin_room)."""
    d = draw("www\nwww")
    assert not cave_room(d.ground, d.sheet, (2, 2), "gsn")
    with pytest.raises(IllegalAction, match="no square in line with 2,2 can hold a cave"):
        d.sheet.draw_cave(d.ground, (2, 2), "gsn")
