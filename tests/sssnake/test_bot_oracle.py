"""The oracle the benchmark measures the computer's snake against: it reads the deck order the bot cannot see, and
what it plays is a move the rules accept."""
from companion.sssnake import bot, bot_moves, oracle
from companion.sssnake.deck import Deck
from companion.sssnake.game import ENGINE

LAND, SEED, FLIPS = "am-fluss", 1, 5


def dealt(seed: int = SEED, flips: int = FLIPS):
    """A solo game a few rounds in, its moves the bot's."""
    st = ENGINE.new({"players": ["Bot"], "computer": {"sides": ["Bot"]}, "seed": seed, "landscape": LAND})
    while st.flips < flips or ENGINE.next_step(st)["step"] != "report":
        st = ENGINE.apply(st, bot.decide(st, 0) or {"type": "flip"}).state
    return st


def restacked(st):
    """The same table with the cards under the A stack's top in reverse: what lies face up is unchanged."""
    other = st.copy()
    order, pos = st.deck.order, st.deck.pos
    other.deck = Deck(order[:pos + 1] + order[pos + 1:][::-1], pos)
    return other


def test_the_oracle_plays_by_the_deck_the_bot_cannot_see():
    st = dealt()
    other = restacked(st)
    assert st.deck.view() == other.deck.view()
    assert bot_moves.plan(st, 0)[0] == bot_moves.plan(other, 0)[0]  # the bot sees only the face-up cards
    chosen, instead = oracle.move(st), oracle.move(other)
    assert chosen != instead  # the oracle plays the flips to come
    ENGINE.apply(st, chosen)
    ENGINE.apply(other, instead)


def test_the_oracle_searches_at_least_ten_times_what_the_bot_does(monkeypatch):
    """The bot's decision is one plan; the oracle's at least ten (and at most PLANS)."""
    st, calls, plan = dealt(), [], bot_moves.plan
    monkeypatch.setattr(bot_moves, "plan", lambda *a, **k: calls.append(1) or plan(*a, **k))
    oracle.move(st)
    assert 10 <= len(calls) <= oracle.PLANS
