"""Apple cards: the A side a column, the B side a row, half apples, and the restart of the used-up stack."""
from companion.sssnake.deck import FLIPS_PER_DECK, Deck, card
from companion.sssnake.edition import edition
from companion.sssnake.fall import current_square, extra_apple


def test_edition_each_number_once_per_side():
    """Apple cards: both sides show 1-16, each number once per side."""
    apples = edition().apples
    assert sorted(c.a for c in apples) == list(range(1, 17)) == sorted(c.b for c in apples)


def test_edition_half_apples_never_on_both_sides_of_one_card():
    """Our edition: 5 A and 5 B half apples, never both on one card (documented in apples.toml)."""
    apples = edition().apples
    assert sum(c.half_a for c in apples) == 5 == sum(c.half_b for c in apples)
    assert not any(c.half_a and c.half_b for c in apples)


def test_round_a_coordinate_is_the_new_a_top_and_the_b_side_just_turned(table):
    """First round A: the top A card is turned onto the B stack; A shows the column, B the row."""
    t = table()
    order = t.state.deck.order
    t.flip()
    assert current_square(t.state) == (card(order[1]).a, card(order[0]).b)
    t.flip()
    assert current_square(t.state) == (card(order[2]).a, card(order[1]).b)


def test_fifteen_flips_then_all_cards_are_shuffled_and_the_stack_restarts(table):
    """Apple cards: when all the apple cards are used up, shuffle all the cards and restart."""
    t = table(players=["Solo"])
    t.caves()
    first = t.state.deck.order
    while t.state.flips < FLIPS_PER_DECK:
        t.round()
    assert t.state.deck.order == first and t.state.deck.exhausted
    t.round()
    assert t.state.deck.pos == 1 and sorted(t.state.deck.order) == list(range(1, 17))
    assert t.state.deck.order != first


def test_reshuffle_is_announced(table):
    t = table(players=["Solo"])
    t.caves()
    while t.state.flips < FLIPS_PER_DECK:
        t.round()
    messages = t.flip()
    assert "shuffled" in messages[0]


def two_halves_deck() -> Deck:
    """A deck whose first turned card shows a B half apple and whose next A face shows one too."""
    b_half = next(c.id for c in edition().apples if c.half_b)
    a_half = next(c.id for c in edition().apples if c.half_a)
    rest = [i for i in range(1, 17) if i not in (b_half, a_half)]
    return Deck(tuple([b_half, a_half] + rest))


def test_two_half_apples_face_up_drop_an_extra_apple(table):
    """Apple cards: if two half apples are face up, an additional apple falls."""
    t = table(players=["Solo"])
    t.caves()
    t.state.deck = two_halves_deck()
    messages = t.flip()
    assert extra_apple(t.state) and "extra apple" in messages[0]
    assert t.view()["round"]["sheets"][0]["squares"][0]["apples"] == 2


def test_no_extra_apple_while_caves_are_placed(table):
    """Apple cards: during the first round, for fairness, no additional apples fall."""
    t = table(players=["Solo"])
    t.state.deck = two_halves_deck()
    messages = t.flip()
    assert not extra_apple(t.state) and "extra" not in messages[0]


def test_deck_view_shows_face_up_sides_and_counts_not_the_order(table):
    t = table()
    t.flip()
    v = t.view()["deck"]
    assert set(v) == {"a_top", "a_top_half", "a_left", "flips_left", "b_stack", "b_top", "b_top_half"}
    assert v["a_left"] == 15 and v["b_stack"] == 1 and v["flips_left"] == 14
