"""Movement, Growing and End of play on hand-drawn sheets: a move walked square by square (companion.sssnake.walk).

Every expected value below is worked out by hand from the rulebook sentence quoted with it.
"""
import pytest

from companion.core.engine import IllegalAction
from companion.sssnake.walk import parse, text
from tests.sssnake.drawn import draw

MEADOW = """
ggggg
ggggg
ggggg
ggggg
"""


def test_a_snake_moves_exactly_its_length_from_the_cave():
    """Movement: "Starting at the cave, a snake must move as many squares as its length at the beginning of the
    turn. At the beginning of the game, the snake length is 4." """
    d = draw(MEADOW, """
    C....
    .....
    .....
    .....
    """)
    w = d.walk("R3 D")
    assert (w.out, w.steps, w.heads, w.drawn) == (None, 4, [(4, 2)], [(2, 1), (3, 1), (4, 1), (4, 2)])


@pytest.mark.parametrize("path, steps", [("R3", 3), ("R3 D2", 5)])
def test_fewer_or_more_squares_than_the_length_are_refused(path, steps):
    """Movement: "a snake must move as many squares as its length"."""
    d = draw(MEADOW, """
    C....
    .....
    .....
    .....
    """)
    with pytest.raises(IllegalAction, match=f"moves 4 squares this turn, not {steps}"):
        d.walk(path)


def test_the_length_is_the_length_at_the_start_of_the_turn():
    """Movement: "as many squares as its length at the beginning of the turn": a snake of 6 moves 6."""
    d = draw(MEADOW, """
    C....
    .....
    .....
    .....
    """)
    assert d.walk("R4 D2", length=6).steps == 6
    with pytest.raises(IllegalAction, match="moves 6 squares this turn, not 4"):
        d.walk("R3 D", length=6)


def test_from_the_cave_any_direction_is_open():
    """Movement: "Snakes can move horizontally or vertically in all directions except the direction they came
    from": at the cave it came from nowhere."""
    d = draw(MEADOW, """
    .....
    ..C..
    .....
    .....
    """)
    assert d.walk("L D R2").heads == [(4, 3)]
    assert d.walk("R D L2").heads == [(2, 3)]
    assert d.walk("U R D2").heads == [(4, 3)]
    assert d.walk("D2 R U").heads == [(4, 3)]


def test_going_back_the_way_it_came_last_turn_is_refused():
    """Movement: "in all directions except the direction they came from": the head last moved right."""
    d = draw(MEADOW, """
    C=H..
    .....
    .....
    .....
    """, "R2")
    with pytest.raises(IllegalAction, match="except the one it came from.*not L from 3,1"):
        d.walk("L D2 R")


def test_going_back_within_the_move_is_refused():
    d = draw(MEADOW, """
    C....
    .....
    .....
    .....
    """)
    with pytest.raises(IllegalAction, match="not U from 2,2"):
        d.walk("R D U R")


def test_biting_itself_eliminates():
    """End of play: "A player will be eliminated if: their snake bites itself or bumps into itself"."""
    d = draw(MEADOW, """
    C==..
    ..H..
    .....
    .....
    """, "R2 D")
    w = d.walk("L U")
    assert w.out == "bites itself at 2,1"
    assert (w.steps, w.heads) == (1, [(2, 2)])


def test_biting_a_square_drawn_earlier_in_the_same_move():
    d = draw(MEADOW, """
    C....
    .....
    .....
    .....
    """)
    w = d.walk("R2 D L U", length=5)  # 2,1 3,1 3,2 2,2, then 2,1 again
    assert (w.out, w.steps) == ("bites itself at 2,1", 4)


def test_the_cave_is_part_of_the_snake():
    """Movement: "A snake is drawn like this: cave, then the snake, ending in the head": bumping into the cave is
    bumping into itself."""
    d = draw(MEADOW, """
    .....
    .C=..
    .H=..
    .....
    """, "R D L")
    assert d.walk("U").out == "bites itself at 2,2"


def test_nothing_may_follow_the_square_that_eliminated_the_snake():
    d = draw(MEADOW, """
    C==..
    ..H..
    .....
    .....
    """, "R2 D")
    with pytest.raises(IllegalAction, match="goes on after the snake bites itself at 2,1"):
        d.walk("L U L D")


@pytest.mark.parametrize("path, where", [("U", "1,1"), ("L", "1,1"), ("R5", "5,1"), ("D4", "1,4")])
def test_the_edge_of_the_board_eliminates(path, where):
    """End of play: "their snake bumps into the edge of the board"."""
    d = draw(MEADOW, """
    C....
    .....
    .....
    .....
    """)
    assert d.walk(path, length=5).out == f"bumps into the edge of the board at {where}"


def test_an_immovable_object_eliminates():
    """End of play: "their snake bumps into the edge of the board or immovable boundaries"; Objects: "Immovable
    objects are objects on the game sheets which are similarly outlined with a thick line"."""
    d = draw(MEADOW, """
    C.#..
    .....
    .....
    .....
    """)
    w = d.walk("R2")
    assert w.out == "bumps into an immovable object at 3,1"
    assert w.steps == 1


def test_an_egg_is_a_boundary_the_snake_is_eliminated_by():
    """16 Offspring: "Squares with eggs placed on them may not be passed through." The rulebook does not say whether
    such a step is refused or eliminates; the companion treats an egg like an immovable boundary (End of play)."""
    d = draw(MEADOW, """
    C.E..
    ....E
    E....
    .....
    """)
    assert d.walk("R2").out == "bumps into its own egg at 3,1 (eggs may not be passed through)"


def test_moving_past_an_apple_eats_it_and_so_does_ending_on_one():
    """Growing: "If a snake moves to or past an apple, it eats the apple and grows at the end of the turn. The snake
    grows by one field per apple eaten": 2 stalks at 2,1 plus 1 at 4,2 where it ends; 5,2 is not reached."""
    d = draw(MEADOW, """
    C2...
    ...11
    .....
    .....
    """)
    w = d.walk("R3 D")
    assert (w.fresh, w.rotten, w.eaten, w.golden) == (3, 0, 3, [])


def test_rotten_and_fresh_apples_are_counted_apart():
    """Types of apple: "Rotten apples ... each rotten apple eaten scores 1 minus point"; Growing: "this applies to
    all types of apple"."""
    d = draw(MEADOW, """
    Cr1..
    ...r.
    .....
    .....
    """)
    w = d.walk("R3 D")
    assert (w.fresh, w.rotten, w.eaten) == (1, 2, 3)


def test_a_golden_apple_is_eaten_once_and_counted_apart():
    """Fjord: "The snake which ate the golden apple grows by 1 as usual." The move reports its square so the
    other players cross it out."""
    d = draw(MEADOW, """
    C.G..
    .....
    .....
    .....
    """)
    w = d.walk("R3 D")
    assert (w.fresh, w.golden, w.eaten) == (0, [(3, 1)], 1)
    w = d.walk("R2 D L")
    assert (w.fresh, w.golden, w.eaten) == (0, [(3, 1)], 1)


def test_a_golden_apple_crossed_out_is_not_there():
    """Fjord: "If a snake eats a golden apple, all other players cross the apple out on their game sheets": the
    turn's golden apples leave it out."""
    d = draw(MEADOW, """
    C.G..
    .....
    .....
    .....
    """)
    w = d.walk("R3 D", golden=())
    assert (w.golden, w.eaten) == ([], 0)


def test_a_crossed_out_square_holds_no_apple():
    """9 Thieving: "The crossed-out square can be passed through as if an apple had never been there."""
    d = draw(MEADOW, """
    C.x..
    .....
    .....
    .....
    """)
    d.sheet.apples[(3, 1)] = 2
    w = d.walk("R3 D")
    assert (w.out, w.fresh, w.eaten) == (None, 0, 0)


def test_commit_draws_the_snake_and_clears_what_it_ate():
    """Growing: the apples eaten are gone from the sheet; the head is where the move ended."""
    d = draw(MEADOW, """
    C=2..
    .H..1
    .....
    .....
    """, "R D")
    before = d.sheet.copy()
    w = d.walk("R2 U L")
    assert (w.fresh, w.heads) == (2, [(3, 1)])
    after = w.commit()
    assert after.body == [(1, 1), (2, 1), (2, 2), (3, 2), (4, 2), (4, 1), (3, 1)]
    assert (after.apples, after.heads, after.last) == ({(5, 2): 1}, [(3, 1)], ["L"])
    assert d.sheet == before, "the walk does not change the sheet it walked on"


def test_path_grammar():
    """Steps U D L R (R3 for RRR, any case), squares 5,7, a start elsewhere @5,7, and / between two heads."""
    assert parse("r3 D 5,7 @2,3 / u2") == [
        [("step", "R"), ("step", "R"), ("step", "R"), ("step", "D"), ("to", (5, 7)), ("at", (2, 3))],
        [("step", "U"), ("step", "U")]]


@pytest.mark.parametrize("typed, canonical", [
    ("RRRD", "R3 D"), ("r3 d", "R3 D"), ("R R 4,1 D", "R2 4,1 D"), ("@5,4 U3", "@5,4 U3"),
    ("R2/D2", "R2 / D2"), ("U1 U1 L", "U2 L")])
def test_the_canonical_text_reads_back_the_same(typed, canonical):
    assert text(parse(typed)) == canonical
    assert parse(canonical) == parse(typed)


@pytest.mark.parametrize("typed, message", [
    ("R0", "a step count runs 1-256 .*, not .0."), ("R1000", "a step count runs 1-256 .*, not .1000."),
    ("R200 D100", "a path enters at most 256 squares"),
    ("R Q", r"cannot read the path at '\s*Q'"), ("R / D / L", "at most two heads")])
def test_unreadable_paths_are_refused(typed, message):
    with pytest.raises(IllegalAction, match=message):
        parse(typed)


def test_a_square_names_the_next_step():
    d = draw(MEADOW, """
    C....
    .....
    .....
    .....
    """)
    assert d.walk("2,1 3,1 3,2 R").heads == [(4, 2)]
    assert d.walk("R 3,1 D R").heads == [(4, 2)]
    with pytest.raises(IllegalAction, match="3,1 is not next to the head at 1,1"):
        d.walk("3,1 R D")


def test_a_square_past_the_length_is_refused_not_walked():
    """Movement: "a snake must move as many squares as its length": a snake of 4 has stopped at 5,1 before the
    fifth step would bump into the edge; the path is wrong, the snake is not eliminated."""
    d = draw(MEADOW, """
    C....
    .....
    .....
    .....
    """)
    with pytest.raises(IllegalAction, match="moves 4 squares this turn, not 5 or more"):
        d.walk("R5")
