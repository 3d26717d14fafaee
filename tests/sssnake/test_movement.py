"""Movement: as many squares as the length; snow halves (rounded up), ice doubles; Elastic widens the range."""
import pytest

from companion.core.engine import IllegalAction
from companion.sssnake.edition import edition
from companion.sssnake.snake import Snake


def grown(length: int, **kw) -> Snake:
    return Snake("Ann", track="f" * (length - 4), **kw)


def test_movement_a_snake_moves_its_length():
    assert Snake("Ann").move_range() == (4, 4)
    assert grown(9).move_range() == (9, 9)


def test_snow_halves_the_next_move_rounded_up():
    """Terrain: ending on snow, the next move is half the length, rounded up."""
    assert grown(9, end="s").move_range() == (5, 5)
    assert grown(8, end="s").move_range() == (4, 4)


def test_ice_doubles_the_next_move():
    """Terrain: ending on ice, the next move is double the length."""
    assert grown(7, end="i").move_range() == (14, 14)


def test_shade_alone_changes_nothing():
    """Objects: shade is not a terrain and does not affect movement."""
    assert grown(7, end="h").move_range() == (7, 7)


def test_elastic_one_square_more_or_fewer_per_ability_gained():
    """8 Elastic: gained as the third ability, up to three squares further or fewer."""
    assert grown(18, gained=[1, 2, 8]).move_range() == (15, 21)


def test_elastic_counts_cards_drawn_by_moulting_too():
    assert grown(12, gained=[8, 14], moulted=[2]).move_range() == (9, 15)


def test_flip_prints_each_living_snakes_move(table):
    t = table(landscape="fjord")
    t.caves()
    t.round(Ann={"fresh": 1, "end": "s"}, Bob={"end": "i"})
    lines = t.flip()
    assert "Ann: moves 3 (half, after snow)" in "\n".join(lines)
    assert "Bob: moves 8 (double, after ice)" in "\n".join(lines)
    assert "Cid: moves 4" in "\n".join(lines)


def test_a_report_with_an_unknown_ending_is_refused(table):
    t = table()
    t.caves()
    t.flip()
    with pytest.raises(IllegalAction, match="unknown ending"):
        t.report("Ann", end="x")


def test_foxtrail_flip_says_who_is_long_enough_for_foliage(table):
    """FoxTrail: snakes may move on foliage only from the length next to the paw symbol."""
    t = table(landscape="foxtrail")
    t.caves()
    t.snake("Bob").track = "f" * (edition().landscapes["foxtrail"].paw_length - 4)
    lines = "\n".join(t.flip())
    assert "Bob: moves 10; long enough for foliage" in lines
    assert "Ann: moves 4\n" in lines


def test_an_ending_the_sheet_does_not_have_is_refused(table):
    """Terrain Types Overview: snow and ice change the next move only where the sheet has them (Sahara: neither)."""
    t = table(landscape="sahara")
    t.caves()
    t.flip()
    with pytest.raises(IllegalAction, match="Sahara has no ice to end on; its sheet has shade"):
        t.report("Ann", end="ih")
    assert "Ann" in t.view()["waiting_for"]
    t.report("Ann", end="h")


def test_elastic_after_snow_says_both_in_one_bracket(table):
    """8 Elastic widens the move that snow halved: 'moves 1-3 (Elastic; half, after snow)'."""
    t = table(landscape="fjord")
    t.caves()
    t.snake("Ann").gained.append(8)
    t.round(Ann={"end": "s"})
    assert "  Ann: moves 1-3 (Elastic; half, after snow)" in t.flip()
