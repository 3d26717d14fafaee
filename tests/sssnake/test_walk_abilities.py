"""Ability descriptions on hand-drawn sheets: what each ability does to a move walked square by square.

Every expected value below is worked out by hand from the ability's text, quoted with it.
"""
import pytest

from companion.core.engine import IllegalAction
from companion.sssnake.snake import Card
from tests.sssnake.drawn import draw

# 1 Climbing and 2 Swimming: test_walk_terrain.py, with the terrain they change.

# 7 Flexible: "Snakes can jump over themselves. They can only jump one square at a time and always in a straight
# line. A snake can jump over itself multiple times in the same turn. The squares jumped over are not counted as part
# of the movement."
FLEX = """
ggggg
ggggg
ggggg
ggggg
ggggg
"""
FLEX_MARKS = """
.C...
.=.H.
.===.
.....
.....
"""  # cave 2,1, then 2,2 2,3 3,3 4,3 and the head at 4,2, last moving up


def flexible():
    return draw(FLEX, FLEX_MARKS, "D2 R2 U")


def test_flexible_jumps_one_square_of_itself_not_counted():
    w = flexible().walk("L2 D2", abilities={Card.FLEXIBLE})  # 3,2, over 2,2 to 1,2, then 1,3 1,4
    assert (w.out, w.steps, w.drawn) == (None, 4, [(3, 2), (1, 2), (1, 3), (1, 4)])


def test_without_flexible_the_same_step_is_a_bite():
    w = flexible().walk("L2")
    assert (w.out, w.steps) == ("bites itself at 2,2", 1)


def test_flexible_names_the_square_beyond_itself():
    w = flexible().walk("3,2 1,2 1,3 1,4", abilities={Card.FLEXIBLE})
    assert w.drawn == [(3, 2), (1, 2), (1, 3), (1, 4)]


def test_flexible_jumps_over_the_cave_and_again_in_the_same_turn():
    """ "A snake can jump over itself multiple times in the same turn": over the cave 2,1, then over 2,2 back."""
    w = flexible().walk("U L2 D R", length=5, abilities={Card.FLEXIBLE})  # 4,1 3,1 [2,1] 1,1 1,2 [2,2] 3,2
    assert (w.out, w.steps, w.heads) == (None, 5, [(3, 2)])


def test_flexible_landing_on_itself_is_a_bite():
    """ "only jump one square at a time": over 2,3 the snake lands on 3,3, itself (the rulebook does not say what
    then; the companion: it bites itself there)."""
    w = flexible().walk("L2 D R", abilities={Card.FLEXIBLE})  # 3,2, over 2,2 to 1,2, 1,3, over 2,3 onto 3,3
    assert (w.out, w.steps) == ("bites itself at 3,3", 3)


def test_flexible_jumping_into_the_edge():
    d = draw("""
    ggg
    ggg
    """, """
    C..
    =H.
    """, "D R")
    w = d.walk("U L", abilities={Card.FLEXIBLE})  # 2,1, then over the cave 1,1 and off the sheet
    assert w.out == "jumps over itself at 1,1 into the edge of the board"


def test_a_flexible_jump_over_the_falcons_line_crosses_it():
    """Sahara: "If a snake crosses the falcon's line of shadow twice in one turn, the player is immediately
    eliminated." The rulebook does not say whether a jump over itself across the line crosses it; the companion:
    it does, the snake passing over the line. Line between columns 2 and 3; jumps over 3,2 and over the cave 3,3."""
    d = draw("""
    gggggg
    gggggg
    gggggg
    gggggg
    """, """
    .H=...
    ..=...
    ..C...
    ......
    """, "U2 L", falcon=[(2, 0), (2, 4)])
    w = d.walk("D R D L", abilities={Card.FLEXIBLE})  # 2,2, over 3,2 to 4,2 (crossing), 4,3, over 3,3 to 2,3
    assert w.out == "crosses the falcon's line of shadow a second time, at 2,3 (Sahara's falcon)"
    assert w.steps == 3


def test_flexible_still_never_goes_back_the_way_it_came():
    """Movement: "except the direction they came from": the head came up from 4,3; down would jump 4,3."""
    with pytest.raises(IllegalAction, match="not D from 4,2"):
        flexible().walk("D R U2", abilities={Card.FLEXIBLE})


# 3 Digging: "When a snake ends its turn on a sand square, the new turn may begin on any other sand square. The new
# start point counts as part of the movement. Note that "Digging" cannot be used on quicksand."
DUNES = """
gggs1
gsggg
ggggq
gggsg
"""


def dunes(path="R D", head=".H..."):
    terrain = DUNES.replace("1", "s")
    return draw(terrain, f"""
    C=..1
    {head}
    .....
    .....
    """, path)


def test_digging_starts_the_turn_on_another_sand_square_counting_it():
    w = dunes().walk("@4,4 U3", abilities={Card.DIGGING})  # head on sand at 2,2; 4,4 4,3 4,2 4,1
    assert (w.out, w.steps, w.heads, w.jumps) == (None, 4, [(4, 1)], [((2, 2), (4, 4))])
    assert w.commit().jumps == [((2, 2), (4, 4))]


def test_the_square_dug_up_to_is_a_square_of_the_move():
    with pytest.raises(IllegalAction, match="moves 4 squares this turn, not 3"):
        dunes().walk("@4,4 U2", abilities={Card.DIGGING})


def test_digging_up_to_an_apple_eats_it():
    w = dunes().walk("@5,1 D3", abilities={Card.DIGGING})  # 5,1 (an apple) 5,2 5,3 (quicksand) 5,4
    assert (w.out, w.fresh, w.heads) == (None, 1, [(5, 4)])


def test_without_digging_there_is_no_coming_up_elsewhere():
    with pytest.raises(IllegalAction, match="cannot come up at 4,4"):
        dunes().walk("@4,4 U3")


@pytest.mark.parametrize("to", ["3,3", "5,3", "2,2"])
def test_digging_comes_up_on_another_sand_square_only(to):
    """Grassland 3,3; quicksand 5,3 ("cannot be used on quicksand"); 2,2 is where it went in ("any other")."""
    with pytest.raises(IllegalAction, match=f"Digging comes up on another sand square, not {to}"):
        dunes().walk(f"@{to} U3", abilities={Card.DIGGING})


def test_digging_only_begins_a_turn():
    with pytest.raises(IllegalAction, match="cannot come up at 4,4"):
        dunes().walk("D @4,4 U2", abilities={Card.DIGGING})


def test_digging_needs_the_turn_to_have_ended_on_sand():
    d = draw(DUNES.replace("1", "s"), """
    CH...
    .....
    .....
    .....
    """, "R")
    with pytest.raises(IllegalAction, match="cannot come up at 4,4"):
        d.walk("@4,4 U3", abilities={Card.DIGGING})


def test_digging_up_into_itself_is_refused():
    d = draw(DUNES.replace("1", "s"), """
    C===.
    .H.=.
    .===.
    .....
    """, "R3 D2 L2 U")
    assert d.sheet.heads == [(2, 2)]
    with pytest.raises(IllegalAction, match="Digging cannot come up at 4,1: the snake bites itself there"):
        d.walk("@4,1 D3", abilities={Card.DIGGING})


# 4 Diving: "When a snake moves into water from another terrain type, the movement can be interrupted on the first
# water square and continued from any other water square."
FJORD = """
gwwgg
ggggg
ggggg
gwwwg
"""


def fjord():
    return draw(FJORD, """
    C....
    .....
    .....
    .....
    """)


def test_diving_continues_from_another_water_square():
    """The square it comes up on counts as a square of the move (the rulebook is silent; as Digging's)."""
    w = fjord().walk("R @4,4 U2", abilities={Card.DIVING})  # 2,1 (water), up at 4,4, 4,3 4,2
    assert (w.out, w.steps, w.heads, w.jumps) == (None, 4, [(4, 2)], [((2, 1), (4, 4))])
    with pytest.raises(IllegalAction, match="moves 4 squares this turn, not 3"):
        fjord().walk("R @4,4 U", abilities={Card.DIVING})


def test_coming_up_past_the_length_is_refused():
    """Three squares for a snake of 3, the third into water: there is no fourth to come up on."""
    with pytest.raises(IllegalAction, match="moves 3 squares this turn, not 4 or more"):
        fjord().walk("D R U @4,4", length=3, abilities={Card.DIVING})


def test_diving_only_at_the_first_water_square():
    with pytest.raises(IllegalAction, match="cannot come up at 4,4"):
        fjord().walk("R2 @4,4 U", abilities={Card.DIVING})


def test_diving_comes_up_in_water_only():
    with pytest.raises(IllegalAction, match="Diving comes up on another water square, not 5,4"):
        fjord().walk("R @5,4 U2", abilities={Card.DIVING})
    with pytest.raises(IllegalAction, match="Diving comes up on another water square, not 2,1"):
        fjord().walk("R @2,1 D2", abilities={Card.DIVING})


def test_without_diving_there_is_no_coming_up_elsewhere():
    with pytest.raises(IllegalAction, match="cannot come up at 4,4"):
        fjord().walk("R @4,4 U2")


def test_diving_and_still_ending_on_water_eliminates():
    w = fjord().walk("R @4,4 L2", abilities={Card.DIVING})  # up at 4,4, then 3,4 2,4: water
    assert w.out == "ends its move on water at 2,4 (Swimming ends there)"


# 5 Intelligent: "Snakes can move past the edge of the board. Imagine the landscape as a ball. If a snake moves past
# the right-hand side of the board, it enters from the left-hand side of the board on the same row. The same applies
# for the top and bottom of the board."
BALL = """
gggg
gggg
gggg
"""


def ball():
    return draw(BALL, """
    ....
    C...
    ....
    """)


def test_intelligent_goes_round_the_ball():
    w = ball().walk("L2 U2", abilities={Card.INTELLIGENT})  # 4,2 3,2 3,1 3,3
    assert (w.out, w.heads, w.drawn) == (None, [(3, 3)], [(4, 2), (3, 2), (3, 1), (3, 3)])
    assert ball().walk("4,2 3,2 3,1 3,3", abilities={Card.INTELLIGENT}).heads == [(3, 3)]


def test_without_intelligent_the_edge_eliminates():
    assert ball().walk("L").out == "bumps into the edge of the board at 1,2"


def test_intelligent_round_the_ball_into_itself():
    d = draw(BALL, """
    ....
    C==H
    ....
    """, "R3")
    assert d.walk("R", abilities={Card.INTELLIGENT}).out == "bites itself at 1,2"


# 8 Elastic: "During their movement, snakes can move one square further or one square fewer per ability gained."
# The turn gives the range (Snake.move_range: tests/sssnake/test_movement.py); the walk keeps to it.

@pytest.mark.parametrize("path", ["R3", "R4", "R4 D"])
def test_elastic_moves_within_the_range(path):
    d = draw("ggggg\nggggg", "C....\n.....")
    assert d.walk(path, length=4, lo=3, hi=5, abilities={Card.ELASTIC}).out is None


@pytest.mark.parametrize("path, steps", [("R2", 2), ("R4 D L", 6)])
def test_elastic_refuses_beyond_the_range(path, steps):
    d = draw("ggggg\nggggg", "C....\n.....")
    with pytest.raises(IllegalAction, match=f"moves 3-5 squares this turn, not {steps}"):
        d.walk(path, length=4, lo=3, hi=5, abilities={Card.ELASTIC})


# 9 Thieving: "When a snake ends its movement on a square with a fresh apple, all other players cross out the
# apple(s) on this square on their game sheets."

@pytest.mark.parametrize("marks, stole", [("C..1", (4, 1)), ("C..3", (4, 1)), ("C..r", None), ("C1..", None)])
def test_thieving_ending_on_fresh_apples(marks, stole):
    w = draw("gggg", marks).walk("R3", length=3, abilities={Card.THIEVING})
    assert w.stole() == stole


def test_without_thieving_nothing_is_stolen():
    assert draw("gggg", "C..1").walk("R3", length=3).stole() is None


def test_an_eliminated_thief_steals_nothing():
    """The rulebook is silent; the companion: a snake eliminated ending on water ended no move to steal with."""
    w = draw("gggw", "C..1").walk("R3", length=3, abilities={Card.THIEVING})
    assert (w.out is not None, w.stole()) == (True, None)


def test_apples_crossed_out_are_not_stolen_again():
    d = draw("gggg", "C..x")
    d.sheet.apples[(4, 1)] = 1
    assert d.walk("R3", length=3, abilities={Card.THIEVING}).stole() is None


# 11 Winter stores: "When a snake eats its third apple in a single turn, it may end its movement there or at any
# subsequent apple eaten. For example, at the fifth apple eaten in a single turn."
ORCHARD = "gggggg\ngggggg"


@pytest.mark.parametrize("path, fresh", [("R2", 3), ("R5", 4), ("R5 D", 4)])
def test_winter_stores_ends_at_the_third_apple_or_a_later_one(path, fresh):
    w = draw(ORCHARD, "C12..1\n......").walk(path, length=6, abilities={Card.WINTER_STORES})
    assert (w.out, w.fresh, w.steps) == (None, fresh, len(w.drawn))


@pytest.mark.parametrize("path, steps", [("R", 1), ("R3", 3)])
def test_winter_stores_not_before_the_third_apple_nor_past_the_apple(path, steps):
    """ "R": two apples eaten; "R3": the third apple was eaten at 3,1 but 4,1 holds none."""
    with pytest.raises(IllegalAction, match=f"moves 6 squares this turn, not {steps}"):
        draw(ORCHARD, "C12..1\n......").walk(path, length=6, abilities={Card.WINTER_STORES})


def test_winter_stores_not_at_the_second_apple():
    with pytest.raises(IllegalAction, match="moves 6 squares this turn, not 2"):
        draw(ORCHARD, "C11.1.\n......").walk("R2", length=6, abilities={Card.WINTER_STORES})


def test_without_winter_stores_the_whole_length():
    with pytest.raises(IllegalAction, match="moves 6 squares this turn, not 2"):
        draw(ORCHARD, "C12..1\n......").walk("R2", length=6)


def test_winter_stores_three_stalks_on_one_square():
    w = draw(ORCHARD, "C3....\n......").walk("R", length=6, abilities={Card.WINTER_STORES})
    assert (w.out, w.fresh, w.steps) == (None, 3, 1)


def test_winter_stores_counts_every_kind_of_apple():
    w = draw(ORCHARD, "Cr1G..\n......").walk("R3", length=6, abilities={Card.WINTER_STORES})
    assert (w.out, w.fresh, w.rotten, w.golden) == (None, 1, 1, [(4, 1)])


# 13 Two-headed: "When you gain the ability, draw an "X" anywhere along your snake's body. Starting from this square,
# the snake's path splits into two. When moving, the snake's length can be split across both parts as desired. The
# movements must be carried out one after the other. Both snake heads can lead to a player being eliminated."
TWINS = """
gggggg
gggggg
gggggg
gggggg
gggggg
"""
TWINS_MARKS = """
CX=H..
......
......
......
......
"""  # cave 1,1, the X at 2,1, head 4,1


def twins(terrain=TWINS):
    return draw(terrain, TWINS_MARKS, "R3")


def test_two_heads_share_the_length():
    w = twins().walk("R2 / D2", abilities={Card.TWO_HEADED})
    assert (w.out, w.steps, w.heads) == (None, 4, [(6, 1), (2, 3)])
    after = w.commit()
    assert (after.heads, after.last) == ([(6, 1), (2, 3)], ["R", "D"])


@pytest.mark.parametrize("path, heads", [("/ D4", [(4, 1), (2, 5)]), ("D4 /", [(4, 5), (2, 1)]),
                                         ("R / D3", [(5, 1), (2, 4)])])
def test_two_heads_split_the_length_as_desired(path, heads):
    assert twins().walk(path, abilities={Card.TWO_HEADED}).heads == heads


def test_the_two_parts_still_add_up_to_the_length():
    with pytest.raises(IllegalAction, match="moves 4 squares this turn, not 3"):
        twins().walk("R / D2", abilities={Card.TWO_HEADED})


def test_one_head_without_two_headed():
    with pytest.raises(IllegalAction, match="only a Two-headed snake with its X drawn"):
        twins().walk("R2 / D2")


def test_the_second_head_can_eliminate():
    w = twins().walk("R2 / L", abilities={Card.TWO_HEADED})
    assert w.out == "bites itself at 1,1"


def test_the_second_head_ending_on_water_eliminates():
    w = twins(TWINS.replace("gggggg\ngggggg\ngggggg\n", "gggggg\ngggggg\ngwgggg\n", 1)).walk(
        "R2 / D2", abilities={Card.TWO_HEADED})
    assert w.out == "ends its move on water at 2,3 (Swimming ends there)"


def test_nothing_after_the_first_head_is_eliminated():
    with pytest.raises(IllegalAction, match="goes on after the snake bites itself at 3,1"):
        twins().walk("D L U / D", abilities={Card.TWO_HEADED})


def test_both_heads_go_on_next_turn_each_from_where_it_came():
    sheet = twins().walk("R2 / D2", abilities={Card.TWO_HEADED}).commit()
    from companion.sssnake.walk import Turn, walk
    ground = twins().ground
    w = walk(ground, sheet, Turn(4, 4, 4, {Card.TWO_HEADED}), "D2 / D2")
    assert (w.out, w.heads) == (None, [(6, 3), (2, 5)])
    with pytest.raises(IllegalAction, match="not U from 2,3"):
        walk(ground, sheet, Turn(4, 4, 4, {Card.TWO_HEADED}), "D3 / U")


@pytest.mark.parametrize("first, second, ending", [("n", "i", "s"), ("i", "n", "s"), ("i", "g", "i"),
                                                   ("g", "g", "")])
def test_two_heads_on_snow_and_ice(first, second, ending):
    """Snow halves the next move, ice doubles it; when one head ends on each the rulebook is silent: the companion
    takes snow (the stricter)."""
    rows = TWINS.strip().split("\n")
    rows[0] = rows[0][:5] + first
    rows[2] = rows[2][:1] + second + rows[2][2:]
    w = twins("\n".join(rows)).walk("R2 / D2", abilities={Card.TWO_HEADED})
    assert w.ending() == ending


def test_either_head_in_the_shade():
    d = draw(TWINS, """
    CX=H..
    ......
    .o....
    ......
    ......
    """, "R3")
    assert d.walk("R2 / D2", abilities={Card.TWO_HEADED}).ending() == "h"


# 16 Offspring: "Select three squares and draw an egg on each of them. ... If you are eliminated, your next turn
# begins from one of the three drawn eggs, with the same snake length as before. Cross out the other two eggs.
# Squares with eggs placed on them may not be passed through."
NEST = """
ggggg
ggggg
ggggg
ggggg
"""
NEST_MARKS = """
C==H.
.....
E.E.E
.....
"""


def nest():
    return draw(NEST, NEST_MARKS, "R3", out=True)


def test_hatching_starts_the_move_at_an_egg():
    """The egg is the new starting point, like the cave ("Each snake begins their first movement at the cave. This
    is the starting point."): not a square of the move."""
    w = nest().walk("@3,3 U L D2")  # 3,2 2,2 2,3 2,4
    assert (w.out, w.steps, w.heads) == (None, 4, [(2, 4)])
    after = w.commit()
    assert (after.eggs, after.caves, after.heads) == ([], [(1, 1), (3, 3)], [(2, 4)])
    assert after.body[-5:] == [(3, 3), (3, 2), (2, 2), (2, 3), (2, 4)]


def test_the_egg_is_not_a_square_of_the_move():
    with pytest.raises(IllegalAction, match="moves 4 squares this turn, not 3"):
        nest().walk("@3,3 U L D")


def test_hatching_must_name_an_egg():
    with pytest.raises(IllegalAction, match="start the path with @COLUMN,ROW of one of its eggs"):
        nest().walk("U L D2")
    with pytest.raises(IllegalAction, match=r"hatches from one of its eggs \(1,3, 3,3, 5,3\), not 2,2"):
        nest().walk("@2,2 U L D2")


def test_the_other_two_eggs_are_crossed_out_when_one_hatches():
    """ "Cross out the other two eggs": crossed out, they no longer stand in the new snake's way."""
    w = nest().walk("@3,3 R2 U2")  # 4,3 5,3 (a crossed-out egg) 5,2 5,1
    assert (w.out, w.heads) == (None, [(5, 1)])


def test_the_old_drawing_is_still_the_snake():
    """The rulebook is silent on the eliminated snake's drawing; the companion keeps it: hatching into it is a bite."""
    assert nest().walk("@3,3 U2").out == "bites itself at 3,1"


def test_a_dive_by_one_head_is_not_the_other_heads():
    """4 Diving goes on "from any other water square" after the snake "moves into water": the first head's last step
    into water at 5,1 does not let the second head, starting at the X on grassland, come up in water."""
    rows = TWINS.strip().split("\n")
    rows[0], rows[2] = "ggggwg", "ggwggg"
    with pytest.raises(IllegalAction, match="cannot come up at 3,3"):
        twins("\n".join(rows)).walk("R / @3,3 D2", abilities={Card.TWO_HEADED, Card.DIVING, Card.SWIMMING})


def test_the_x_is_not_where_a_turn_ended_so_no_digging_from_it():
    """3 Digging: "When a snake ends its turn on a sand square": the second head's first move starts at the X,
    where no turn ended."""
    rows = TWINS.strip().split("\n")
    rows[0], rows[4] = "gsgggg", "ggggsg"
    with pytest.raises(IllegalAction, match="cannot come up at 5,5"):
        twins("\n".join(rows)).walk("R2 / @5,5 U", abilities={Card.TWO_HEADED, Card.DIGGING})


def test_no_digging_from_the_egg_it_hatched_from():
    """3 Digging: the egg is where the new snake starts, not where it ended a turn."""
    d = draw(NEST.replace("ggggg\nggggg\nggggg", "ggggs\nggggg\nggsgg", 1), NEST_MARKS, "R3", out=True)
    with pytest.raises(IllegalAction, match="cannot come up at 5,1"):
        d.walk("@3,3 @5,1 D L2", abilities={Card.DIGGING})


def test_no_digging_from_a_cave():
    """3 Digging: "ends its turn on a sand square": a cave on sand (Friendship mode's rejoining snake keeps its
    abilities) is where the snake appears, not where it ended a turn."""
    d = draw("sgs\nggg", "C..\n...")
    with pytest.raises(IllegalAction, match="cannot come up at 3,1"):
        d.walk("@3,1 D L", length=3, abilities={Card.DIGGING})


def test_both_heads_crossings_of_the_falcons_line_add_up():
    """Sahara: "If a snake crosses the falcon's line of shadow twice in one turn": the snake, so one crossing by each
    head is twice (the rulebook does not speak of two heads; the companion counts the snake's crossings)."""
    d = draw(TWINS, TWINS_MARKS, "R3", falcon=[(0, 2), (6, 2)])  # along the bottom of row 2
    w = d.walk("D2 / D2", abilities={Card.TWO_HEADED})  # 4,2 4,3 (crossing), then 2,2 2,3 (crossing)
    assert w.out == "crosses the falcon's line of shadow a second time, at 2,3 (Sahara's falcon)"


def test_an_eliminated_snake_without_eggs_has_no_move():
    d = draw(NEST, NEST_MARKS.replace("E", "."), "R3", out=True)
    with pytest.raises(IllegalAction, match="no egg to hatch from"):
        d.walk("@3,3 U L D2")
