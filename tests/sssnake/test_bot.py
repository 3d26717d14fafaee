"""The computer's snake: every decision it makes is one the rules accept, it outscores the greedy baseline, its hint
explains a legal move, and the cards that draw marks carry valid ones."""
import random
import re

import pytest

from companion.sssnake import bot, bot_cards
from companion.sssnake.display import Display
from companion.sssnake.game import ENGINE
from companion.sssnake.pencil import marks
from companion.sssnake.scoring import scores
from companion.sssnake.snake import Card
from companion.sssnake.state import Phase

LANDS = ("am-fluss", "sahara", "fjord", "foxtrail")


def new(land: str, seed: int):
    return ENGINE.new({"players": ["Bot"], "computer": {"sides": ["Bot"]}, "seed": seed, "landscape": land})


def play(st, mover, rng, rounds: int = 10 ** 6):
    """Flip and let `mover` move (the bot takes and places) until the game ends or `rounds` rounds are flipped."""
    flips = 0
    while st.phase != Phase.OVER:
        step = ENGINE.next_step(st)["step"]
        if step == "flip":
            if flips == rounds:
                break
            flips += 1
            action = {"type": "flip"}
        else:
            action = mover(st, rng) if step == "report" else bot.decide(st, 0, rng)
        assert action is not None
        st = ENGINE.apply(st, action).state
    return st


def played(land: str, seed: int, rounds: int):
    return play(new(land, seed), lambda st, rng: bot.decide(st, 0, rng), random.Random(seed), rounds)


@pytest.mark.parametrize("land", LANDS)
def test_bot_decisions_are_legal_and_keep_the_snake_in(land):
    for seed in (1, 2):
        st = played(land, seed, 9)
        assert not st.snakes[0].out  # nine rounds in, the bot has found room every time
        assert len(st.sheets[0].body) > 9  # it moved every round after the cave


def test_bot_sees_a_pocket_two_moves_on():
    """Alone on Am Fluss (seed 7), the move of round 15 left a next move open but none after it: looking one move
    ahead from its 5 best moves the bot walked in and was eliminated at round 17 (4 points, its worst game of 40);
    following its 10 best, two moves on each (AHEAD, DEEP), it walks on (and ends at 30)."""
    assert not played("am-fluss", 7, 18).snakes[0].out


def test_bot_owes_nothing_when_not_its_turn():
    st = new("am-fluss", 3)
    assert bot.decide(st, 0) is None  # the cave flip is the lead's, not the bot's
    st = ENGINE.apply(st, {"type": "flip"}).state
    assert bot.decide(st, 0) is None


def test_bot_beats_greedy_on_a_fixed_sample():
    total = {}
    for name, mover in (("bot", lambda st, rng: bot.decide(st, 0, rng)),
                        ("greedy", lambda st, rng: bot.greedy_move(st, 0, rng))):
        total[name] = sum(scores(play(new("sahara", seed), mover, random.Random(seed)).snakes)[0].total
                          for seed in range(3))
    assert total["bot"] >= total["greedy"] + 3 * 3


def test_hint_is_a_legal_move_with_reasons():
    st = played("fjord", 4, 5)
    st = ENGINE.apply(st, {"type": "flip"}).state
    action, reasons = bot.hint(st, 0)
    assert action["type"] == "move" and not action.get("anyway")
    assert reasons and all(isinstance(r, str) and r for r in reasons)
    assert any("free squares" in r for r in reasons)
    ENGINE.apply(st, action)


def choosing(card: int):
    """A game some rounds in where the bot chooses from a display whose most wanted face-up card is `card`."""
    st = played("am-fluss", 5, 6).copy()
    up = [n for n in (14, 9, 10, 3, 4, 11) if n != card]  # all wanted less than Two-headed, face down 2 and 1
    st.display = Display((int(card), up[0], up[1], 2, up[2], up[3], up[4], 1))
    st.choosers, st.phase = [0], Phase.CHOOSE
    return st


@pytest.mark.parametrize("card", [Card.TWO_HEADED, Card.OFFSPRING, Card.INTUITION])
def test_takes_carry_valid_marks(card):
    st = choosing(card)
    action = bot.decide(st, 0, random.Random(0))
    assert action["card"] == card
    after = ENGINE.apply(st, action).state
    sh = after.sheets[0]
    if card == Card.TWO_HEADED:
        assert sh.split and sh.split in st.sheets[0].body and sh.split not in sh.heads + sh.caves
    if card == Card.OFFSPRING:
        assert len(sh.eggs[0]) == 3 and not set(sh.eggs[0]) & set(sh.body)
    if card == Card.INTUITION:
        assert after.snakes[0].squares and max(after.snakes[0].squares[0]) <= 12
    assert ENGINE.next_step(after)["step"] == "flip"
    after = ENGINE.apply(after, {"type": "flip"}).state
    ENGINE.apply(after, bot.decide(after, 0, random.Random(1)))  # the next move with the new card is legal too


def test_places_what_moulting_drew():
    st = choosing(Card.TWO_HEADED)
    st.choosers, st.placing = [], [0]
    st.sheets[0].owed = [Card.OFFSPRING]
    action = bot.decide(st, 0)
    assert action["type"] == "place" and len(action["marks"]) == 3
    assert ENGINE.apply(st, action).state.sheets[0].eggs
    st.sheets[0].owed = []
    action = bot.decide(st, 0)
    assert action == {"type": "place", "player": "Bot", "corner": action["corner"]}
    ENGINE.apply(st, action)


def test_split_and_eggs_pass_the_rules_marks():
    st = played("foxtrail", 6, 5).copy()
    assert marks(st.copy(), 0, Card.TWO_HEADED, tuple(map(tuple, bot_cards.split_mark(st, 0))))
    assert marks(st.copy(), 0, Card.OFFSPRING, tuple(map(tuple, bot_cards.egg_marks(st, 0))))


def in_shade_with_nocturnal(seed: int):
    """Ann alone on Am Fluss after the cave and a flip, given Nocturnal and a last move ended in shade."""
    st = ENGINE.new({"players": ["Ann"], "digital": ["Ann"], "seed": seed, "landscape": "am-fluss"})
    for _ in range(2):
        st = ENGINE.apply(st, {"type": "flip"}).state
    st = st.copy()
    st.snakes[0].gained, st.snakes[0].end = [Card.NOCTURNAL], "h"
    return st


def test_a_nocturnal_loan_is_a_move_the_rules_read():
    """Nocturnal: the card borrowed is written as its number, so the hint and the bot's move are accepted (it was an
    enum the action's fields refuse, and `hint` crashed)."""
    st = in_shade_with_nocturnal(1)
    action, reasons = bot.hint(st, 0)
    assert type(action["borrow"]) is int and action["borrow"] in st.display.face_up()
    assert f"Nocturnal: borrows {ability_name(action['borrow'])} this turn" in reasons
    ENGINE.apply(st, action)
    ENGINE.apply(st, bot.decide(st, 0, random.Random(0)))


def ability_name(card: int) -> str:
    from companion.sssnake.display import ability

    return ability(card).name


def first_move(seed: int):
    """Ann (paper) and the computer's snake on Am Fluss, after the caves and the first round's flip."""
    st = ENGINE.new({"players": ["Ann", "bot"], "computer": {"sides": ["bot"]}, "seed": seed, "landscape": "am-fluss"})
    for _ in range(3):
        st = ENGINE.apply(st, {"type": "flip"}).state
    return st


@pytest.mark.parametrize("seed", [1, 2, 10, 25])
def test_with_others_the_bot_eats_the_apple_it_can_reach(seed):
    """Their game ends when the last-but-one snake is out, so room is priced at the turn's length: priced at the
    length after eating, a board's worth of room made every apple cost more than it scored, and on these first
    moves the bot walked past the apple Ann's cave left on its sheet."""
    st = first_move(seed)
    said = ENGINE.apply(st, bot.decide(st, 1, random.Random(seed))).messages
    assert "eats 1 fresh apple" in said[0]


def test_hint_says_what_the_move_eats_and_why_it_skips_apples():
    """Alone on Fjord the first move walks past a reachable apple (room lasts the game): the hint says so, where it
    said no apple was within reach, and its first line is the rules' own count of what the move eats."""
    st = new("fjord", 2)
    for _ in range(2):
        st = ENGINE.apply(st, {"type": "flip"}).state
    action, reasons = bot.hint(st, 0)
    said = ENGINE.apply(st, action).messages[0]
    assert said.endswith(": eats nothing.") and reasons[0] == "Eats nothing"
    assert re.fullmatch(r"\d+ other moves? found eats? up to 1 apple, but alone, the game ends when the sheet runs "
                        r"out of room, and each apple eaten makes every later move a square longer: staying short now "
                        r"leaves room for more apples later", reasons[1])
    assert not any("within reach this round" in r or "eat less" in r for r in reasons)
