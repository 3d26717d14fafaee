"""A digital sheet inside a game: flips draw on it, a move reports for its player, the round's end crosses out what
other snakes took, and the abilities that draw (Two-headed, Offspring, Tricky, Nocturnal) draw on it. Squares are
Am Fluss' (rows 12-16 of columns 1-10 are grassland but for sand at 5-7,13-14) and Fjord's."""
import random

import pytest

from companion.core.engine import IllegalAction
from companion.sssnake.fall import current_square
from companion.sssnake.ground import ground
from companion.sssnake.paths import sample
from companion.sssnake.pencil import roll_lines
from companion.sssnake.sheet import Sheet
from companion.sssnake.snake import Card
from companion.sssnake.state import Phase
from tests.sssnake.conftest import Table


@pytest.fixture
def digital(table):
    """Ann on a digital sheet, Bob on paper, after the cave round and the first flip; Ann's cave redrawn at 2,15
    with nothing else on her sheet."""
    def make(landscape="am-fluss", **more):
        t = table(players=("Ann", "Bob"), landscape=landscape, digital=["Ann"], **more)
        t.caves()
        t.flip()
        t.state.sheets[0] = Sheet(body=[(2, 15)], caves=[(2, 15)], heads=[(2, 15)], last=[None],
                                  pending=sheet(t).pending)
        return t

    return make


def sheet(t):
    return t.state.sheets[0]


def test_the_cave_round_draws_the_flippers_cave_and_everyone_elses_apple(table):
    """First round: "The first player draws a cave at these coordinates. The other players instead draw an apple at
    the same coordinates" (B, C); a cave on water or rocks moves to other ground."""
    t = table(players=("Ann", "Bob"), digital=["Ann", "Bob"], seed=4)
    t.flip()
    ann_cave = sheet(t).caves[0]
    assert t.state.sheets[1].apples == {ann_cave: 1} or ground("am-fluss").letter(ann_cave) != "g"
    t.flip()
    bob_cave = t.state.sheets[1].caves[0]
    assert sheet(t).body == [ann_cave] and sheet(t).heads == [ann_cave]
    assert ground("am-fluss").letter(bob_cave) in "gsn" and ground("am-fluss").letter(ann_cave) in "gsn"


def test_a_move_reports_what_the_path_ate(digital):
    """Growing: "If a snake moves to or past an apple, it eats the apple and grows at the end of the turn" — one
    circle per apple, rotten ones coloured in."""
    t = digital()
    sheet(t).pending = None
    sheet(t).apples = {(3, 15): 1, (4, 15): 1}
    sheet(t).rotten = {(4, 15)}
    t.state.rotted = True  # as if a Poisonous snake had turned a card: a rotten apple can lie there
    t.do({"type": "move", "player": "Ann", "path": "R4"})
    assert t.state.reports[0].fresh == 1 and t.state.reports[0].rotten == 1 and not t.state.reports[0].out
    t.report("Bob")
    assert t.snake("Ann").track == "fr" and t.snake("Ann").length == 6
    assert sheet(t).body == [(2, 15), (3, 15), (4, 15), (5, 15), (6, 15)] and sheet(t).apples == {}


def test_the_rounds_apple_is_drawn_when_the_player_moves(digital):
    """E/F: "all players draw an apple at the coordinates shown" — on a digital sheet when its player moves."""
    t = digital()
    col, row, n, _ = sheet(t).pending
    t.do({"type": "move", "player": "Ann", "path": "R4"})
    assert (sheet(t).apples.get((col, row)) == n) or (col, row) in sheet(t).body


def test_an_eliminating_move_needs_confirming_and_then_eats_nothing(digital):
    """End of play: a snake that bumps into the edge is eliminated; "Apples which are collected in the round where a
    player is eliminated are not circled"."""
    t = digital()
    sheet(t).pending = None
    sheet(t).apples = {(2, 16): 1}
    with pytest.raises(IllegalAction, match="eliminates Ann: the snake bumps into the edge of the board at 2,16"):
        t.do({"type": "move", "player": "Ann", "path": "D D"})
    t.do({"type": "move", "player": "Ann", "path": "D D", "anyway": True})
    assert t.log[-1] == {"type": "move", "player": "Ann", "path": "D2", "anyway": True}
    t.report("Bob")
    assert t.snake("Ann").out and t.snake("Ann").length == 4


def test_digital_players_do_not_report_and_paper_players_do_not_move(digital):
    t = digital()
    with pytest.raises(IllegalAction, match="Ann plays a digital sheet"):
        t.report("Ann", fresh=1)
    with pytest.raises(IllegalAction, match="Ann plays a digital sheet"):
        t.do({"type": "round", "line": "Ann 1 Bob 0"})
    with pytest.raises(IllegalAction, match="Bob plays on paper"):
        t.do({"type": "move", "player": "Bob", "path": "R4"})
    t.do({"type": "round", "line": "Bob 0"})  # the round line leaves the digital player to move
    assert t.state.phase == Phase.MOVE and 0 not in t.state.reports


def test_thieving_by_a_paper_player_crosses_out_the_square_on_the_digital_sheet(digital):
    """9 Thieving: "all other players cross out the apple(s) on this square on their game sheets. ... If an apple
    should later fall on this square, it will not be drawn"."""
    t = digital()
    sheet(t).apples[(9, 3)] = 2
    t.snake("Bob").gained.append(Card.THIEVING)
    t.report("Bob", fresh=2, stole=[9, 3])
    t.do({"type": "move", "player": "Ann", "path": "R4"})
    assert (9, 3) in sheet(t).crossed and (9, 3) not in sheet(t).apples
    assert sheet(t).drop(ground("am-fluss"), (9, 3), 1, False) is None


def test_tricky_chooses_where_the_apple_falls_when_it_moves(digital):
    """6 Tricky: "you decide whether the apple on your game sheet appears at the coordinates shown or whether the
    coordinates are switched"."""
    t = digital()
    sheet(t).pending = [3, 12, 1, 0]
    with pytest.raises(IllegalAction, match="Ann is not Tricky"):
        t.do({"type": "move", "player": "Ann", "path": "R4", "swap": True})
    t.snake("Ann").gained.append(Card.TRICKY)
    t.do({"type": "move", "player": "Ann", "path": "R4", "swap": True})
    assert sheet(t).apples.get((12, 3)) == 1 and (3, 12) not in sheet(t).apples


def test_two_headed_draws_its_x_on_the_snake_and_then_moves_two_heads(digital):
    """13 Two-headed: "draw an X anywhere along your snake's body ... the snake's length can be split across both
    parts as desired"."""
    t = digital()
    sheet(t).pending = None
    t.do({"type": "move", "player": "Ann", "path": "R4"})
    t.report("Bob")
    st = t.state
    st.choosers, st.phase = [0], Phase.CHOOSE
    st.display = st.display.__class__((13, *[c for c in st.display.cards if c != 13][:7]), (3, 3))
    with pytest.raises(IllegalAction, match="Two-headed: name one square of Ann's body"):
        t.take("Ann", 13)
    with pytest.raises(IllegalAction, match="Two-headed: name one square of Ann's body"):
        t.take("Ann", 13, marks=[[9, 9]])
    t.take("Ann", 13, marks=[[4, 15]])
    assert sheet(t).split == (4, 15)
    t.flip()
    t.report("Bob")
    t.do({"type": "move", "player": "Ann", "path": "R2 / U2"})
    assert sheet(t).heads == [(8, 15), (4, 13)]


def test_offspring_eggs_and_hatching(digital):
    """16 Offspring: "Select three squares and draw an egg on each ... If you are eliminated, your next turn begins
    from one of the three drawn eggs, with the same snake length as before. Cross out the other two eggs"."""
    t = digital()
    st = t.state
    sheet(t).pending = None
    t.snake("Ann").gained.append(Card.OFFSPRING)
    t.state.sheets[0].eggs = [[(9, 12), (9, 13), (9, 14)]]
    t.do({"type": "move", "player": "Ann", "path": "D D", "anyway": True})
    t.report("Bob")
    assert not t.snake("Ann").out and t.snake("Ann").eggs_used == 1 and sheet(t).heads == []
    t.flip()
    with pytest.raises(IllegalAction, match="hatches from an egg: start the path with @COLUMN,ROW"):
        t.do({"type": "move", "player": "Ann", "path": "R4"})
    t.do({"type": "move", "player": "Ann", "path": "@9,13 D D R R"})
    assert sheet(t).caves[-1] == (9, 13) and sheet(t).eggs == [] and sheet(t).heads == [(11, 15)]
    assert st is not t.state


def test_offspring_eggs_go_where_the_snake_could_move(digital):
    t = digital()
    st = t.state
    st.choosers, st.phase = [0], Phase.CHOOSE
    st.display = st.display.__class__((16, *[c for c in st.display.cards if c != 16][:7]), (3, 3))
    with pytest.raises(IllegalAction, match=r"Offspring: name three different free squares .*\(2,15 is not\)"):
        t.take("Ann", 16, marks=[[2, 15], [5, 5], [6, 6]])
    with pytest.raises(IllegalAction, match=r"\(3,11 is not\)"):  # rocks, without Climbing
        t.take("Ann", 16, marks=[[3, 11], [5, 5], [6, 6]])
    t.take("Ann", 16, marks=[[6, 1], [5, 5], [6, 6]])  # water: a snake moves across it
    assert sheet(t).eggs == [[(6, 1), (5, 5), (6, 6)]]



def test_the_offspring_refusals_example_is_three_squares_it_takes(digital):
    """The example a refusal gives is drawn from the sheet, so typing it works (it was 2,2;9,4;14,12 whatever lay
    there, and 2,2 could be the snake)."""
    t = digital()
    st = t.state
    st.choosers, st.phase = [0], Phase.CHOOSE
    st.display = st.display.__class__((16, *[c for c in st.display.cards if c != 16][:7]), (3, 3))
    with pytest.raises(IllegalAction, match=r", like (\d+,\d+);(\d+,\d+);(\d+,\d+)$") as refused:
        t.take("Ann", 16, marks=[[2, 15], [5, 5], [6, 6]])
    like = refused.value.args[0].rsplit("like ", 1)[1].split(";")
    t.take("Ann", 16, marks=[[int(n) for n in sq.split(",")] for sq in like])
    assert len(sheet(t).eggs[0]) == 3


def test_paper_players_draw_their_own_marks(table):
    t = table(players=("Ann", "Bob"))
    t.state.choosers, t.state.phase = [0], Phase.CHOOSE
    card = t.state.display.face_up()[0]
    with pytest.raises(IllegalAction, match="Ann plays on paper: draw the marks on the sheet"):
        t.take("Ann", card, marks=[[1, 1]])


def test_a_golden_apple_eaten_by_another_is_gone_from_the_digital_sheet(digital):
    """Fjord: "If a snake eats a golden apple, all other players cross the apple out on their game sheets"."""
    t = digital("fjord")
    t.state.sheets[0] = Sheet(body=[(6, 12)], caves=[(6, 12)], heads=[(6, 12)], last=[None])
    t.report("Bob", golden=[[9, 11]])
    t.do({"type": "move", "player": "Ann", "path": "R4"})
    t.flip()
    t.report("Bob")
    t.do({"type": "move", "player": "Ann", "path": "U L L L"})  # over 9,11, whose golden apple Bob ate
    assert (9, 11) in sheet(t).body and t.snake("Ann").golden == 0 and t.snake("Bob").golden == 1


def test_nocturnal_borrows_a_face_up_permanent_card_from_the_shade(digital):
    """12 Nocturnal: "When a snake begins its turn on a square in the shade, you may use one of the face-up
    permanent abilities in the display for the entire turn"."""
    t = digital()
    sheet(t).pending = None
    up = [n for n in t.state.display.face_up() if n != Card.NOCTURNAL]
    with pytest.raises(IllegalAction, match="Ann is not Nocturnal"):
        t.do({"type": "move", "player": "Ann", "path": "R4", "borrow": up[0]})
    t.snake("Ann").gained.append(Card.NOCTURNAL)
    with pytest.raises(IllegalAction, match="Ann does not begin this turn in shade"):
        t.do({"type": "move", "player": "Ann", "path": "R4", "borrow": up[0]})


def loan(t) -> int:
    """Ann made Nocturnal, and a face-up permanent card she may borrow."""
    from companion.sssnake.display import ability

    sheet(t).pending = None
    t.snake("Ann").gained.append(Card.NOCTURNAL)
    return next(n for n in t.state.display.face_up() if ability(n).permanent and n != Card.NOCTURNAL)


def test_nocturnal_borrows_when_the_turn_begins_on_a_cave_in_the_shade(digital):
    """12 Nocturnal works "When a snake begins its turn on a square in the shade": a cave there too (10,14 is shaded
    on Am Fluss), not only where the last move ended."""
    t = digital()
    card = loan(t)
    t.state.sheets[0] = Sheet(body=[(10, 14)], caves=[(10, 14)], heads=[(10, 14)], last=[None])
    t.do({"type": "move", "player": "Ann", "path": "D L3", "borrow": card})
    assert t.log[-1]["borrow"] == card


def test_nocturnal_borrows_when_the_snake_hatches_from_an_egg_in_the_shade(digital):
    t = digital()
    card = loan(t)
    t.state.sheets[0] = Sheet(body=[(2, 15)], caves=[(2, 15)], heads=[], last=[], eggs=[[(10, 14), (2, 5), (5, 9)]])
    with pytest.raises(IllegalAction, match="Ann does not begin this turn in shade"):
        t.do({"type": "move", "player": "Ann", "path": "@2,5 D4", "borrow": card})
    t.do({"type": "move", "player": "Ann", "path": "@10,14 D L3", "borrow": card})
    assert t.log[-1]["borrow"] == card


def out_and_back(table):
    """Friendship mode: Ann's digital snake runs off the sheet, and on the next flip may rejoin."""
    t = table(players=("Ann", "Bob"), digital=["Ann"], friendship=True)
    t.caves()
    t.flip()
    t.state.sheets[0] = Sheet(body=[(2, 15)], caves=[(2, 15)], heads=[(2, 15)], last=[None])
    t.do({"type": "move", "player": "Ann", "path": "D D", "anyway": True})
    t.report("Bob")
    t.flip()
    return t


def test_rejoining_draws_a_new_cave_on_the_digital_sheet(table):
    """Friendship mode: "they can choose to draw a cave instead of an apple"."""
    t = out_and_back(table)
    t.do({"type": "rejoin", "player": "Ann"})
    assert len(sheet(t).caves) == 2 and sheet(t).heads == [sheet(t).caves[1]] and sheet(t).pending is None


def test_the_boxed_games_sheets_have_no_digital_players(table):
    with pytest.raises(IllegalAction, match="a digital sheet needs this edition's terrain"):
        table(digital=["Ann"], sheets="boxed")
    with pytest.raises(IllegalAction, match="no player 'Zed' to give a digital sheet"):
        table(digital=["Zed"])


def test_a_two_headed_snake_that_hatches_starts_again_with_one_head(digital):
    """The rulebook is silent (docs/digital-sheet.md, choice 8): the X was on the eliminated snake, so the snake
    that hatches from an egg moves with one head."""
    t = digital()
    sheet(t).pending = None
    t.snake("Ann").gained += [Card.OFFSPRING, Card.TWO_HEADED]
    sheet(t).eggs, sheet(t).split = [[(9, 12), (9, 13), (9, 14)]], (2, 15)
    t.do({"type": "move", "player": "Ann", "path": "D D", "anyway": True})
    t.report("Bob")
    assert sheet(t).split is None and sheet(t).heads == []
    t.flip()
    with pytest.raises(IllegalAction, match="only a Two-headed snake with its X drawn moves two heads"):
        t.do({"type": "move", "player": "Ann", "path": "@9,13 D D / R"})


def test_the_apple_of_a_player_who_does_not_move_is_drawn_when_the_round_ends(table):
    """E/F: "all players draw an apple" — an eliminated digital player's sheet gets it at the round's end (Friendship
    mode: the sheet may be played again)."""
    t = table(players=("Ann", "Bob", "Cid"), digital=["Ann"], friendship=True)
    t.caves()
    t.flip()
    t.state.sheets[0] = Sheet(body=[(2, 15)], caves=[(2, 15)], heads=[(2, 15)], last=[None])
    t.do({"type": "move", "player": "Ann", "path": "D D", "anyway": True})
    t.report("Bob")
    t.report("Cid")
    t.flip()
    col, row, n, _ = sheet(t).pending
    t.report("Bob")
    t.report("Cid")
    assert sheet(t).pending is None and sheet(t).apples.get((col, row)) == n


def rocks_ahead(digital):
    """Ann on Sahara at 15,11 after a step left from 16,11, Flexible: rocks at 15,10 and 14,11, and her body at 15,12
    with rocks at 15,13 past it, so every way on is into rocks."""
    t = digital("sahara")
    sheet(t).body = [(15, 12), (16, 12), (16, 11), (15, 11)]
    sheet(t).caves, sheet(t).heads, sheet(t).last = [(15, 12)], [(15, 11)], ["L"]
    t.snake("Ann").gained.append(Card.FLEXIBLE)
    return t


def test_a_snake_rocks_leave_no_move_is_eliminated_where_it_stands(digital):
    """Rocks refuse every step, so no path is a move; the move with no path, confirmed, eliminates the snake with
    its sheet as it was (the round goes on without it)."""
    t = rocks_ahead(digital)
    with pytest.raises(IllegalAction, match="snakes cannot move across rocks"):
        t.do({"type": "move", "player": "Ann", "path": "D", "anyway": True})
    with pytest.raises(IllegalAction, match="^this move eliminates Ann: the snake has no move left"):
        t.do({"type": "move", "player": "Ann", "path": ""})
    body = list(sheet(t).body)
    said = t.do({"type": "move", "player": "Ann", "path": "", "anyway": True})
    assert said[0].startswith("Ann moves 0 squares and has no move left (rocks")
    assert t.state.reports[0].out and sheet(t).body == body and sheet(t).heads == [(15, 11)]


def test_no_path_is_refused_while_the_snake_has_a_move(digital):
    t = digital()
    with pytest.raises(IllegalAction, match="^Ann moves 4 squares this turn: type the path"):
        t.do({"type": "move", "player": "Ann", "path": "", "anyway": True})


def test_the_computer_takes_no_path_when_rocks_leave_it_none(digital):
    from companion.sssnake.bot import decide

    t = rocks_ahead(digital)
    assert decide(t.state, 0) == {"type": "move", "player": "Ann", "path": "", "anyway": True}


def test_an_eliminating_move_into_rocks_logged_before_rules_5_replays_as_played(digital):
    """Rules version 4 eliminated a snake stepping into rocks; its log still replays so (migrate sets `bumped`)."""
    from companion.sssnake.game import ENGINE
    from companion.store.saved import migrated

    t = digital()
    t.state.sheets[0].body = t.state.sheets[0].caves = t.state.sheets[0].heads = [(3, 13)]
    logged = {"type": "move", "player": "Ann", "path": "U", "anyway": True}
    with pytest.raises(IllegalAction, match="snakes cannot move across rocks"):
        migrated(ENGINE, t.state, logged, ENGINE.version)
    st = migrated(ENGINE, t.state, logged, 4)
    assert st.reports[0].out and st.sheets[0].body == [(3, 13)]


def solo_cave_flip(seed, **flip):
    """A solo digital game of Am Fluss after its cave flip (seed 11: 4,7, quicksand; 32: 14,1, rocks at the top edge;
    1: 8,10, ground a cave may lie on)."""
    t = Table(("Ann",), "am-fluss", seed, False, 0, digital=["Ann"])
    t.do({"type": "flip", **flip})
    return t


def test_the_first_player_chooses_which_way_the_cave_moves():
    """First round: on quicksand "the cave moves horizontally or vertically in any direction until it reaches another
    terrain type": the first player chooses; without a choice, the nearest way (down to 4,8), and the others said."""
    t = solo_cave_flip(11)
    assert sheet(t).caves == [(4, 8)]
    assert "Ann may choose another way: up (to 4,5) or left (to 2,7) or right (to 5,7)" in " ".join(t.messages)
    for way, at in (("U", (4, 5)), ("L", (2, 7)), ("R", (5, 7)), ("D", (4, 8))):
        t = solo_cave_flip(11, cave=way)
        assert sheet(t).caves == [at] and sheet(t).heads == [at] and t.log[-1] == {"type": "flip", "cave": way}
        assert "may choose another way" not in " ".join(t.messages)


@pytest.mark.parametrize("seed, cave, why", [
    (32, "U", (r"up from 14,1 the cave reaches the sheet's edge first; choose down \(to 14,2\) or left \(to 13,1\) "
               r"or right \(to 16,1\)")),
    (1, "L", "the cave at 8,10 may lie there and does not move; leave out the direction"),
    (11, "X", "flip takes a direction U, D, L or R"),
])
def test_a_caves_direction_it_cannot_take_is_refused(seed, cave, why):
    t = Table(("Ann",), "am-fluss", seed, False, 0, digital=["Ann"])
    with pytest.raises(IllegalAction, match=why):
        t.do({"type": "flip", "cave": cave})


def test_a_caves_direction_is_for_a_digital_cave_flip_only(table):
    t = table(players=("Ann", "Bob"), digital=["Bob"])
    with pytest.raises(IllegalAction, match="Ann plays on paper and draws the cave there"):
        t.do({"type": "flip", "cave": "U"})
    t.caves()
    with pytest.raises(IllegalAction, match="only a flip of the cave round places a cave"):
        t.do({"type": "flip", "cave": "U"})


def test_a_rejoining_digital_snake_chooses_its_caves_way_too(table):
    """Friendship mode: "The usual rules for cave placement apply": the player chooses the way."""
    t = out_and_back(table)
    col, row = current_square(t.state)
    t.state.sheets[0].body.append((col, row))  # the old snake lies where the card falls: the new cave moves off it
    before = t.state.copy()
    t.do({"type": "rejoin", "player": "Ann", "cave": "D"})
    assert (col, row) == (1, 1) and sheet(t).caves[1] == (1, 2) and t.log[-1]["cave"] == "D"
    t.state = before
    t.do({"type": "rejoin", "player": "Ann"})
    assert "may choose another way" in " ".join(t.messages)


def test_an_apple_rolling_towards_two_edges_as_near_rolls_where_the_player_chooses(digital):
    """Apple cards: "If two board edges are the same distance away, you may choose which edge the apple rolls
    towards": 4,4 on the snake is 3 from the top and 3 from the left."""
    t = digital()
    sheet(t).body, sheet(t).caves, sheet(t).heads = [(4, 4)], [(4, 4)], [(4, 4)]
    sheet(t).pending = [4, 4, 1, 0]
    base = t.state.copy()
    t.do({"type": "move", "player": "Ann", "path": "D4", "roll": "L"})
    assert (3, 4) in sheet(t).apples and (4, 3) not in sheet(t).apples and t.log[-1]["roll"] == "L"
    t.state = base.copy()
    t.do({"type": "move", "player": "Ann", "path": "D4"})
    assert (4, 3) in sheet(t).apples  # unchosen: up, as before
    t.state = base.copy()
    with pytest.raises(IllegalAction, match=r"on 4,4 rolls up or left \(two edges as near\): choose one of those"):
        t.do({"type": "move", "player": "Ann", "path": "D4", "roll": "D"})


def test_a_roll_is_refused_where_the_apple_has_no_edge_to_choose(digital):
    t = digital()
    sheet(t).pending = [9, 9, 1, 0]
    with pytest.raises(IllegalAction, match="falling on 9,9 lies there: it does not roll; leave out the roll"):
        t.do({"type": "move", "player": "Ann", "path": "R4", "roll": "U"})
    sheet(t).body, sheet(t).caves, sheet(t).heads = [(3, 15)], [(3, 15)], [(3, 15)]
    sheet(t).pending = [3, 15, 1, 0]
    with pytest.raises(IllegalAction, match="3,15 rolls down, towards the nearest edge: no edge to choose"):
        t.do({"type": "move", "player": "Ann", "path": "R4", "roll": "L"})


def test_the_flip_tells_a_digital_player_whose_apple_may_roll_two_ways(digital):
    """The flip's lines name the sheet whose apple falls on the snake with two edges as near, and how to choose."""
    t = digital()
    sheet(t).body, sheet(t).caves, sheet(t).heads = [(4, 4)], [(4, 4)], [(4, 4)]
    sheet(t).pending = [4, 4, 1, 0]
    assert roll_lines(t.state) == [("  Ann: an apple on 4,4 falls on the snake's cave, as near the edge up and left: "
                                    "it rolls up unless the move says --roll left (play: roll=left).")]
    sheet(t).body = [(4, 4), (5, 5)]
    sheet(t).pending = [5, 5, 1, 0]
    assert roll_lines(t.state)[0].startswith("  Ann: an apple on 5,5 falls on the snake, as near the edge up and left")
    sheet(t).pending = [9, 9, 1, 0]
    assert roll_lines(t.state) == []


def test_the_legal_space_offers_the_caves_ways_the_flip_can_take():
    from companion.sssnake.space import legal

    st = Table(("Ann",), "am-fluss", 32, False, 0, digital=["Ann"]).state  # 14,1: down, left or right
    space = legal(st)
    assert all(space.contains({"type": "flip", "cave": w}) for w in "DLR") and space.contains({"type": "flip"})
    assert not space.contains({"type": "flip", "cave": "U"})


def nocturnal_hemmed_in(digital):
    """rocks_ahead's snake, Nocturnal, its last move ended in shade, Climbing (card 1) face up in the display."""
    t = rocks_ahead(digital)
    t.snake("Ann").gained.append(Card.NOCTURNAL)
    t.snake("Ann").end = "h"
    t.state.display = t.state.display.replace(cards=(1,) + tuple(n for n in t.state.display.cards if n != 1)[:7])
    assert 1 in t.state.display.face_up()
    return t


def test_a_nocturnal_snake_with_a_loan_that_opens_a_path_has_a_move(digital):
    """12 Nocturnal: beginning in shade it "may use one of the face-up permanent abilities": rocks all round leave it
    a move with Climbing, so no path is refused, naming the loan; the move with the loan is taken."""
    t = nocturnal_hemmed_in(digital)
    with pytest.raises(IllegalAction, match=r"^Ann begins this turn in shade: borrowing Climbing \(Nocturnal, card 1\) "
                                            "opens a path, like "):
        t.do({"type": "move", "player": "Ann", "path": "", "anyway": True})
    found = sample(t.state, 0, random.Random(1))
    assert found["borrow"] == 1 and found["path"]
    from companion.sssnake import bot_moves

    assert bot_moves.first_legal(t.state, 0, [], random.Random(1))[0]["borrow"] == 1  # the bot's last resort borrows too
    t.do(found)
    assert 0 in t.state.reports


def test_a_move_with_no_path_logged_before_rules_7_replays_as_played(digital):
    """Rules version 6 checked a move with no path without Nocturnal's loans; migrate marks it `own`."""
    from companion.sssnake.game import ENGINE
    from companion.store.saved import migrated

    t = nocturnal_hemmed_in(digital)
    logged = {"type": "move", "player": "Ann", "path": "", "anyway": True}
    with pytest.raises(IllegalAction, match="borrowing Climbing"):
        migrated(ENGINE, t.state, logged, ENGINE.version)
    st = migrated(ENGINE, t.state, logged, 6)
    assert st.reports[0].out and ENGINE.action_text(logged | {"own": True}) == "move Ann anyway own"


def test_an_apple_on_a_tree_is_said_to_fall_on_an_object_not_the_snake(digital):
    """Issue 33: the flip's line said "falls on the snake" for an apple on a palm tree far from the snake."""
    from companion.sssnake.ground import ground

    t = digital()
    g = ground(t.state.land)
    tree = next((c, r) for r in range(1, 17) for c in range(1, 17) if g.object((c, r)))
    free = next((c, r) for r in range(1, 17) for c in range(1, 17) if not sheet(t).taken(g, (c, r)))
    assert sheet(t).under(g, tree) == "an immovable object" and sheet(t).under(g, free) == ""
