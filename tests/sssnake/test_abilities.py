"""Ability cards whose effects the companion tracks: Tricky, Intuition, Thieving, Poisonous, Moulting, Offspring."""
import pytest

from companion.core.engine import IllegalAction
from companion.sssnake.deck import Deck
from companion.sssnake.display import Display, allowed
from companion.sssnake.edition import edition
from companion.sssnake.fall import apples_on, current_square
from companion.sssnake.game import ENGINE
from companion.sssnake.state import Phase

IN_ORDER = Deck(tuple(range(1, 17)))  # first flip of the round: column 2 (card 2's A), row 8 (card 1's B)


def in_play(table, **kw):
    t = table(**kw)
    t.caves()
    return t


def sheet(t, name):
    return next(s for s in t.view()["round"]["sheets"] if s["name"] == name)


def test_tricky_shows_the_swapped_coordinates(table):
    """6 Tricky: the apple may fall at the coordinates shown or with column and row switched."""
    t = in_play(table)
    t.snake("Bob").gained.append(6)
    t.state.deck = IN_ORDER
    lines = "\n".join(t.flip())
    assert [s["at"] for s in sheet(t, "Bob")["squares"]] == [[2, 8], [8, 2]]
    assert "Bob: moves 4; Tricky: or swap to 8,2" in lines
    assert len(sheet(t, "Ann")["squares"]) == 1


def test_intuition_needs_the_squares_corner(table):
    """15 Intuition: draw a 5x5 square; the companion asks for its top-left corner."""
    t = in_play(table)
    t.round(Ann={"fresh": 3})
    t.state.display = Display((15, 1, 2, 3, 5, 6, 7, 8))
    with pytest.raises(IllegalAction, match="corner"):
        t.take("Ann", 15)
    with pytest.raises(IllegalAction, match="leaves the sheet"):
        t.take("Ann", 15, corner=[13, 2])
    t.take("Ann", 15, corner=[2, 3])
    assert t.snake("Ann").squares == [(2, 3)]


def test_intuition_adds_an_apple_in_the_square_and_squares_stack(table):
    """15 Intuition: an apple falling in the square brings one more; overlapping squares stack."""
    t = in_play(table)
    t.state.deck = IN_ORDER
    t.flip()  # falls on 2,8
    t.snake("Bob").squares = [(1, 4), (2, 8)]
    t.snake("Cid").squares = [(3, 8)]  # columns 3-7: the apple falls outside
    assert sheet(t, "Ann")["squares"][0]["apples"] == 1
    assert sheet(t, "Bob")["squares"][0]["apples"] == 3
    assert sheet(t, "Cid")["squares"][0]["apples"] == 1


def test_intuition_square_is_announced_on_flip(table):
    t = in_play(table)
    t.state.deck = IN_ORDER
    t.snake("Bob").squares = [(1, 4)]
    lines = "\n".join(t.flip())
    assert "Bob: moves 4; Intuition: 2 apples on 2,8" in lines


def test_thieving_crosses_the_square_out_for_everyone_else(table):
    """9 Thieving: ending on fresh apples, all other players cross them out; later apples there are not drawn."""
    t = in_play(table)
    t.snake("Cid").gained.append(9)
    t.flip()
    col, row = current_square(t.state)
    t.report("Ann")
    t.report("Bob")
    t.report("Cid", fresh=1, stole=[col, row])
    assert (col, row, 2) in t.state.crossed
    assert apples_on(t.state, 0, (col, row)) == 0  # Ann's sheet: crossed out, later apples not drawn
    assert apples_on(t.state, 2, (col, row)) >= 1  # the thief's own sheet is untouched


def test_thieving_is_refused_without_the_card_or_without_fresh_apples(table):
    t = in_play(table)
    t.flip()
    with pytest.raises(IllegalAction, match="does not have Thieving"):
        t.report("Ann", fresh=1, stole=[3, 3])
    t.snake("Ann").gained.append(9)
    with pytest.raises(IllegalAction, match="fresh"):
        t.report("Ann", stole=[3, 3])


def test_crossed_out_square_is_announced_on_flip(table):
    t = in_play(table)
    t.flip()
    col, row = current_square(t.state)
    t.state.crossed.append((col, row, 0))
    t.state.phase = Phase.MOVE
    assert sheet(t, "Bob")["squares"][0]["apples"] == 0
    assert sheet(t, "Ann")["squares"][0]["apples"] == 1


def test_poisonous_flipper_makes_the_apple_rotten_for_all(table):
    """10 Poisonous: "When you turn over an apple card, all players draw a rotten apple instead of a fresh one";
    Types of apple: "If a rotten apple falls on a field where there are already one or more fresh apples ... rot"."""
    t = in_play(table, first=2)
    t.snake("Cid").gained.append(10)
    lines = t.flip()
    assert "a rotten apple (Cid is Poisonous; fresh apples already on that square rot too)" in lines[0]
    assert "Cid: moves 4; rotten apples count as fresh for you" in "\n".join(lines)
    assert t.view()["round"]["rotten"]


def test_poisonous_poisons_only_the_cards_its_holder_turns(table):
    """10 Poisonous: "When you turn over an apple card": another player's flip drops a fresh apple."""
    t = in_play(table)
    t.snake("Cid").gained.append(10)
    assert t.state.snakes[t.state.first].name == "Ann"
    assert "a fresh apple" in t.flip()[0]
    assert not t.view()["round"]["rotten"]


def test_moulting_draws_a_box_card_allowed_here_and_not_moulted_before(table):
    """14 Moulting: a random card from the box, among those usable on this sheet, never one moulted before."""
    t = in_play(table, players=["Ann", "Bob"], landscape="sahara")
    land = edition().landscapes["sahara"]
    for _ in range(4):
        t.state.choosers, t.state.phase = [0], "a"
        t.state.display = Display((14,) + tuple(n for n in land.green) + (5, 6, 7, 11, 12))
        before = list(t.snake("Ann").moulted)
        t.take("Ann", 14)
        drawn = t.snake("Ann").moulted[len(before):]
        box = set(allowed(land, 2)) - set(t.state.display.cards) - set(before)
        assert len(drawn) == 1 and drawn[0] in box
        if drawn[0] == 15:
            t.do({"type": "place", "player": "Ann", "corner": [1, 1]})
    assert len(set(t.snake("Ann").moulted)) == 4


def test_moulting_is_seeded_by_the_game_not_the_clock(table):
    draws = []
    for _ in range(2):
        t = in_play(table, seed=9)
        t.state.choosers, t.state.phase = [0], "a"
        t.state.display = Display((14, 1, 2, 3, 5, 6, 7, 8))
        t.take("Ann", 14)
        draws.append(t.snake("Ann").moulted)
    assert draws[0] == draws[1]


def test_moulting_into_intuition_asks_for_the_square(table):
    t = in_play(table, landscape="sahara")
    t.state.choosers, t.state.phase = [0], "a"
    t.state.display = Display((14, 1, 3, 5, 6, 7, 8, 9))
    for seed in range(200):  # find a seed whose Moulting draws Intuition
        t.state.seed = seed
        result = ENGINE.apply(t.state, {"type": "take", "player": "Ann", "card": 14})
        if result.state.snakes[0].moulted == [15]:
            break
    assert result.state.placing == [0] and result.state.phase == "a"
    t.state = result.state
    with pytest.raises(IllegalAction, match="places the Intuition square"):
        t.flip()
    t.do({"type": "place", "player": "Ann", "corner": [4, 4]})
    assert t.snake("Ann").squares == [(4, 4)] and t.state.phase == "f"


def test_offspring_egg_continues_an_eliminated_snake_at_the_same_length(table):
    """16 Offspring: if eliminated, the next turn begins from an egg with the same snake length."""
    t = in_play(table)
    for _ in range(2):  # flips for the apples eaten
        t.round()
    t.snake("Ann").gained.append(16)
    t.snake("Ann").track = "fff"
    t.round(Ann={"out": True, "fresh": 2})
    ann = t.snake("Ann")
    assert not ann.out and ann.length == 7 and ann.eggs == 0
    assert any("hatches from an egg" in m for m in t.messages)
    t.round(Ann={"out": True})
    assert t.snake("Ann").out


def test_single_use_cards_say_what_to_draw(table):
    """Single use: carried out once, immediately after selection."""
    t = in_play(table)
    t.round(Ann={"fresh": 3})
    t.state.display = Display((13, 16, 2, 3, 5, 6, 7, 8))
    lines = t.take("Ann", 13)
    assert "draw an X" in " ".join(lines)


def test_single_use_cards_may_be_taken_again(table):
    """Single use: players can select the ability multiple times."""
    t = in_play(table)
    for _ in range(5):  # flips for the apples eaten
        t.round()
    t.round(Ann={"fresh": 8})  # 4 -> 12: two choices
    t.state.display = Display((16, 1, 2, 3, 5, 6, 7, 8))
    t.take("Ann", 16)
    t.state.display = Display((16, 1, 2, 3, 5, 6, 7, 8))
    t.take("Ann", 16)
    assert t.snake("Ann").eggs == 2


def test_nocturnal_in_shade_lists_the_face_up_permanent_abilities(table):
    """12 Nocturnal: starting in shade, use one face-up permanent ability of the display for the turn."""
    t = in_play(table)
    t.snake("Ann").gained.append(12)
    t.round(Ann={"end": "h"})
    t.flip()
    offered = sheet(t, "Ann")["nocturnal"]
    assert offered and all(edition().abilities[n].permanent for n in offered)
    assert set(offered) <= set(t.state.display.face_up())


def test_poison_stops_when_the_poisonous_snake_is_out(table):
    """10 Poisonous + Round H: the token skips eliminated players, so an eliminated Poisonous snake turns no more cards."""
    t = in_play(table)
    t.snake("Cid").gained.append(10)
    t.round(Cid={"out": True})
    t.round()
    assert t.state.snakes[t.state.first].name == "Ann"
    assert "a fresh apple" in t.flip()[0]


@pytest.mark.parametrize("owed, words", [([16], "Ann draws the three Offspring eggs first"),
                                         ([13], "Ann draws the Two-headed X first"),
                                         ([], "Ann places the Intuition square first")])
def test_what_a_flip_waits_for_names_the_marks_owed(table, owed, words):
    """A flip (or a report, or hint) while a digital sheet owes marks says which: it said 'the Intuition square'
    for Offspring's eggs too."""
    from companion.sssnake.rounds import blocked
    from companion.sssnake.state import Phase

    t = table(players=("Ann", "Bob"), digital=["Ann"])
    t.caves()
    t.state.phase, t.state.placing, t.state.sheets[0].owed = Phase.CHOOSE, [0], owed
    assert blocked(t.state) == words
