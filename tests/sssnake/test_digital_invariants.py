"""Seeded random games with digital sheets (every action from the rules' own legal actions) keep the sheet's
invariants after every action: the snake never crosses itself (a Flexible jump passes over, never onto, itself),
its squares follow one another as Movement allows, and apples lie only where apples can lie."""
import pytest

from benchmarks import random_play
from companion.sssnake.ground import ground
from companion.sssnake.snake import Card

LANDSCAPES = ("am-fluss", "sahara", "fjord", "foxtrail")


def side_by_side(g, a, b, wrap: bool) -> bool:
    return any(g.next(a, d, wrap) == b for d in "UDLR")


def hopped(g, a, b, body: set, wrap: bool) -> bool:
    """b lies two squares from a in a straight line over a square of the snake (Flexible)."""
    return any((one := g.next(a, d, wrap)) in body and g.next(one, d, wrap) == b for d in "UDLR")


def check(state) -> None:
    g = ground(state.land)
    for who, sh in state.sheets.items():
        snake = state.snakes[who]
        wrap, flexible = snake.has(Card.INTELLIGENT), snake.has(Card.FLEXIBLE)
        assert len(set(sh.body)) == len(sh.body), "a square drawn twice: the snake crossed itself"
        assert not any(g.object(sq) for sq in sh.body), "the snake on an immovable object"
        assert all(g.letter(sq) != "r" for sq in sh.body) or snake.has(Card.CLIMBING) or Card.NOCTURNAL in \
            snake.abilities, "the snake on rocks without Climbing"
        starts = set(sh.caves) | {b for _, b in sh.jumps}
        drawn = set()
        for k, sq in enumerate(sh.body):
            if k and sq not in starts:
                before = sh.body[:k]
                assert any(side_by_side(g, a, sq, wrap) for a in before) or \
                    (flexible and any(hopped(g, a, sq, drawn, wrap) for a in before)), f"{sq} follows nothing"
            drawn.add(sq)
        eggs = sh.egg_squares()
        for sq, n in sh.apples.items():  # an egg may be drawn on apples (issue 34): they lie under it
            assert n > 0 and sq not in drawn and not g.object(sq) and sq not in sh.crossed
        assert set(sh.heads) <= drawn and (sh.split is None or sh.split in drawn)
        assert not eggs & drawn


@pytest.mark.parametrize("seed", range(8))
def test_random_digital_games_keep_the_sheets_invariants(seed):
    table = random_play.sssnake(3, 40, seed, LANDSCAPES[seed % 4], friendship=seed % 2 == 1, digital=2)
    for state, _ in table.steps:
        check(state)
    check(table.state)
    assert any(a["type"] == "move" for _, a in table.steps)
