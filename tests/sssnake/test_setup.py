"""Rulebook Setup steps 3-5: the apple deck, the ability display, the first-player token."""
import re

import pytest

from companion.core.engine import IllegalAction
from companion.sssnake.display import ROW
from companion.sssnake.edition import edition
from companion.sssnake.game import ENGINE


@pytest.mark.parametrize("slug", ["am-fluss", "sahara", "fjord", "foxtrail"])
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_setup4_display_has_green_cards_no_red_and_eight_in_all(table, slug, players):
    """Setup 4: green cards in, red cards out, random cards up to eight."""
    land = edition().landscapes[slug]
    st = table(players=[f"P{i}" for i in range(players)], landscape=slug, seed=players).state
    assert len(st.display.cards) == 8 and len(set(st.display.cards)) == 8
    assert set(land.green) <= set(st.display.cards)
    assert not set(land.red) & set(st.display.cards)


@pytest.mark.parametrize("players", [1, 2])
def test_setup4_three_player_cards_removed_for_one_or_two_players(table, players):
    """Setup 4 / Ability Cards: 3+ player cards are removed when playing alone or with two."""
    three_plus = {n for n, c in edition().abilities.items() if c.three_plus}
    for seed in range(20):
        st = table(players=["Ann", "Bob"][:players], seed=seed).state
        assert not three_plus & set(st.display.cards)


def test_setup4_three_player_cards_can_appear_with_three(table):
    three_plus = {n for n, c in edition().abilities.items() if c.three_plus}
    assert any(three_plus & set(table(seed=s).state.display.cards) for s in range(30))


def test_setup4_two_rows_of_four_last_card_of_each_row_face_down(table):
    st = table().state
    rows = table().view()["display"]
    assert [len(r) for r in rows] == [ROW, ROW]
    assert rows[0][-1] is None and rows[1][-1] is None
    assert len(st.display.face_up()) == 6


def test_setup4_display_is_random_but_seeded(table):
    assert table(seed=5).state.display == table(seed=5).state.display
    assert len({table(seed=s).state.display.cards for s in range(10)}) > 1


def test_setup3_deck_is_a_shuffled_permutation_of_the_16_cards(table):
    orders = {table(seed=s).state.deck.order for s in range(10)}
    assert all(sorted(o) == list(range(1, 17)) for o in orders) and len(orders) > 1


def test_setup5_first_player_token_given_to_the_chosen_player(table):
    assert table(first=2).view()["first_player"] == "Cid"


def test_player_names_must_differ_and_count_one_to_six(table):
    with pytest.raises(IllegalAction, match="share a name"):
        table(players=["Ann", "ann"])
    with pytest.raises(IllegalAction, match="1-6 players"):
        table(players=[])


def test_unknown_landscape_lists_the_known_ones(table):
    with pytest.raises(IllegalAction, match="am-fluss"):
        table(landscape="mars")


def test_player_names_are_one_word(table):
    """Names are typed after commands (`report Ann`), so each is one word."""
    with pytest.raises(IllegalAction, match="one word"):
        table(players=["Ann Lee", "Bob"])


def test_an_empty_player_name_is_refused(table):
    """Names are typed after commands, so none may be empty ('Ann,,Bob')."""
    with pytest.raises(IllegalAction, match="player 2's name is empty"):
        table(players=["Ann", "", "Bob"])


@pytest.mark.parametrize("seed", [-1, 2 ** 63, "7", 1.5])
def test_a_seed_outside_0_to_2_63_is_refused(table, seed):
    """Every game must travel as a token, which carries the seed as a signed 64-bit number."""
    with pytest.raises(IllegalAction, match=r"the seed is a whole number 0 to 2\*\*63 - 1"):
        table(seed=seed)


def test_the_largest_seed_plays(table):
    t = table(seed=2 ** 63 - 1)
    t.caves()
    assert t.state.seed == 2 ** 63 - 1


@pytest.mark.parametrize("name", ["Ice", "out", "snow", "shade", "rejoin", "1", "2", "2f", "r", "g", "..."])
def test_a_name_the_round_line_reads_as_one_of_its_words_is_refused(table, name):
    """`round "Bob 1 ice"` must mean Bob ended on ice, so no new game may call a player Ice (or out, 2, ...)."""
    with pytest.raises(IllegalAction, match=f"{re.escape(repr(name))} cannot be a player's name: the round line"):
        ENGINE.admit(table(players=["Ann", name]).state)


@pytest.mark.parametrize("names", [["Ann;Bob"], ["Ann+Bob"], ["Ann:", "Bob"]])
def test_a_name_with_the_round_lines_marks_is_refused_pointing_at_commas(table, names):
    """`--players "Ann;Bob"` is two players mistyped, not a solo game of a player called Ann;Bob."""
    with pytest.raises(IllegalAction, match="names are separated by commas, like Ann,Bob,Cid"):
        ENGINE.admit(table(players=names).state)


def test_a_game_saved_with_such_a_name_still_opens_and_its_line_names_the_player(table):
    """The limit is for new games: a saved game's setup replays (a clause that names Ice is Ice's)."""
    t = table(players=["Ann", "Ice"])
    t.caves()
    t.flip()
    t.do({"type": "round", "line": "Ann 1 ice 1"})
    assert t.log[-1]["line"] == "Ann 1 Ice 1"
