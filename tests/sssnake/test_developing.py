"""Developing: abilities at 7, 12, 18, 23, chosen in turn from the first player; the display's face-down rule."""
import pytest

from companion.core.engine import IllegalAction
from companion.sssnake.display import ROW


def ann_choosing(table):
    """Ann grew 4 -> 7 in the first full round and owes a choice."""
    t = table()
    t.caves()
    t.round(Ann={"fresh": 3})
    return t


def test_reaching_seven_gains_an_ability(table):
    t = table()
    t.caves()
    t.round(Bob={"fresh": 3})
    assert t.view()["choosing"] == ["Bob"] and t.view()["phase"] == "choose"


def test_every_threshold_crossed_gains_one_ability(table):
    """Developing: growing from 6 past 7 and 12 in one turn gives two abilities."""
    t = table()
    t.caves()
    for _ in range(5):  # flips for the apples eaten
        t.round()
    t.snake("Ann").track = "ff"
    t.round(Ann={"fresh": 6})
    assert t.view()["choosing"] == ["Ann", "Ann"]
    assert "Ann grows 6 -> 12, reaching 7, 12: gains 2 abilities." in t.messages


def test_choices_go_from_the_first_player_clockwise(table):
    """Developing: several snakes choose in turn, starting at the first player and going clockwise."""
    t = table(first=2)
    t.caves()  # the token went round to Cid again
    t.round(Ann={"fresh": 3}, Bob={"fresh": 3}, Cid={"fresh": 3})
    assert t.view()["choosing"] == ["Cid", "Ann", "Bob"]
    card = t.state.display.face_up()[0]
    with pytest.raises(IllegalAction, match="Cid's turn"):
        t.take("Ann", card)


def test_taking_turns_the_card_and_reveals_the_face_down_one_in_its_row(table):
    """Developing C-D: turn the chosen card over, turn up the face-down card of the same row."""
    t = table()
    t.caves()
    t.round(Ann={"fresh": 3}, Bob={"fresh": 3})
    display = t.state.display
    chosen = display.cards[0]
    hidden = display.cards[display.down[0]]
    t.take("Ann", chosen)
    assert hidden in t.state.display.face_up() and chosen not in t.state.display.face_up()
    with pytest.raises(IllegalAction, match="face down"):
        t.take("Bob", chosen)  # the card just chosen is not available to the next player


def test_picking_a_face_down_card_is_refused(table):
    t = ann_choosing(table)
    hidden = t.state.display.cards[ROW - 1]
    with pytest.raises(IllegalAction, match="face down; pick a face-up card"):
        t.take("Ann", hidden)


def test_a_card_not_in_the_display_is_refused(table):
    t = ann_choosing(table)
    missing = next(n for n in range(1, 17) if n not in t.state.display.cards)
    with pytest.raises(IllegalAction, match="not in the display"):
        t.take("Ann", missing)


def test_a_permanent_ability_already_held_is_refused(table):
    """Our choice: a permanent card you hold adds nothing, so pick another while one is face up."""
    t = ann_choosing(table)
    card = next(n for n in t.state.display.face_up() if n not in (13, 14, 15, 16))
    t.snake("Ann").gained.append(card)
    with pytest.raises(IllegalAction, match="already has"):
        t.take("Ann", card)


def test_the_token_passes_after_the_choices(table):
    t = ann_choosing(table)
    with pytest.raises(IllegalAction, match="Ann chooses an ability"):
        t.flip()
    card = next(n for n in t.state.display.face_up() if n != 15)
    t.take("Ann", card)
    assert t.view()["phase"] == "flip" and t.view()["first_player"] == "Bob"


def test_no_ability_when_the_snake_did_not_grow_past_a_threshold(table):
    t = table()
    t.caves()
    t.round(Ann={"fresh": 2})
    assert t.view()["choosing"] == []


def test_taking_when_nobody_is_owed_an_ability_says_when_one_is(table):
    """Developing: abilities come on reaching 7, 12, 18 or 23; a take out of turn says so and what comes next."""
    t = table()
    t.caves()
    with pytest.raises(IllegalAction, match=r"gains one on reaching 7, 12, 18, 23; next comes a flip"):
        t.take("Ann", t.state.display.face_up()[0])


def test_a_paper_intuition_names_its_square(table):
    """15 Intuition: "Draw a 5x5 square on the game sheet": the paper player is told where it goes."""
    from companion.sssnake.display import Display

    t = ann_choosing(table)
    t.state.display = Display((15, 1, 2, 3, 4, 5, 6, 7))
    said = t.take("Ann", 15, corner=[3, 7])
    assert "Ann: draw the 5x5 Intuition square from 3,7 to 7,11 (columns 3-7, rows 7-11)." in said


@pytest.mark.parametrize("card", [13, 16])
def test_a_digital_sheets_two_headed_or_offspring_take_gives_one_instruction(table, card):
    """The companion draws a digital sheet's X and eggs (marks), so the paper player's "draw an X" is not said too."""
    from companion.sssnake.abilities import single_use

    t = table(players=("Ann", "Bob"), digital=["Ann"])
    assert single_use(t.state, 0, card) == []
    assert single_use(t.state, 1, card) and "draw" in single_use(t.state, 1, card)[0]


def test_status_shows_no_move_once_the_game_is_over(cli):
    assert cli("sssnake", "new", "--players", "Ann,Bob", "--seed", "3").exit_code == 0
    for _ in range(3):
        cli("sssnake", "flip")
    cli("sssnake", "round", "Ann out")
    out = cli("sssnake", "status").output
    assert "  Bob        length  4  fresh 0 rotten 0 golden 0  place 1; no abilities" in out and "moves " not in out
