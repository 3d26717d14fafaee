"""A game's own tokens always resume (issue 34, items 4-5): the checks that refuse a sheet no legal game draws accept
every sheet the rules draw, after a Tricky swap and after an Offspring egg hatches too."""
import random
from collections import Counter

import pytest

from companion.core.games import engine
from companion.sssnake import paths
from companion.sssnake.bot import greedy_move
from companion.sssnake.snake import Card
from companion.sssnake.state import Phase
from companion.sssnake.walk import text
from companion.tokens import game_token as token
from tests.tokens.test_sheet_tokens import resumed, same, tokens

MOVE = "move"


def played(seed: int, actions: list[dict]):
    """Ann on a digital sheet, Bob on paper, on Am Fluss: the state after each of the actions, in turn."""
    eng = engine("sssnake")
    state = eng.new({"players": ["Ann", "Bob"], "digital": ["Ann"], "seed": seed, "landscape": "am-fluss"})
    for action in actions:
        state = eng.apply(state, action).state
        yield action, state


def rounds(*moves: str) -> list[dict]:
    """The cave round, then a round per path: a flip, Ann's move, Bob's report of nothing."""
    out = [{"type": "flip"}] * 2
    for path in moves:
        out += [{"type": "flip"}, {"type": MOVE, "player": "Ann", "path": path},
                {"type": "report", "player": "Bob", "fresh": 0}]
    return out


def test_a_tricky_swap_resumes():
    """Seed 22: Ann eats her way to length 7 by flip 6, takes Tricky and draws flip 7's apple at 4,3 instead of 3,4
    (the card's). No card turned since the shuffle named column 4 or row 3, so the check of where apples can lie
    refused Ann's own token until the apple was eaten or the deck reshuffled; a Tricky snake's apples lie in line with
    a swapped square as well."""
    actions = rounds("D R3", "D R3", "U2 L U2", "U3 L U L") + [
        {"type": "take", "player": "Ann", "card": 6}, {"type": "flip"},
        {"type": MOVE, "player": "Ann", "path": "U R2 U R3", "swap": True}]
    for action, state in played(22, actions):
        assert same(resumed(tokens(state)), state), action
    assert state.sheets[0].apples.get((4, 3)) == 1


HATCHED = rounds("L U3", "U R3", "U2 R U R", "R U4 L") + [
    {"type": "take", "player": "Ann", "card": 16, "marks": [[6, 4], [13, 13], [5, 14]]}, {"type": "flip"},
    {"type": MOVE, "player": "Ann", "path": "L", "anyway": True}, {"type": "report", "player": "Bob", "fresh": 0}]


def test_an_offspring_snake_that_hatches_resumes():
    """Seed 3: Ann reaches length 7 by flip 6, takes Offspring (eggs at 6,4, 13,13 and 5,14) and steps onto her own
    body. At the round's end the egg counts as used (the snake hatches: no head, its next move starts at an egg) but
    the sheet keeps the eggs until that move crosses them out, so the sheet held one set of eggs more than the
    snake's unused Offspring and Ann's own token was refused until she moved again."""
    actions = HATCHED + [{"type": "flip"}, {"type": MOVE, "player": "Ann", "path": "@13,13 R3 D L3"}]
    for action, state in played(3, actions):
        assert same(resumed(tokens(state)), state), action
    assert state.snakes[0].eggs_used == 1 and state.sheets[0].eggs == [] and state.sheets[0].caves[-1] == (13, 13)


def test_a_hatching_sheet_with_more_eggs_than_its_offspring_is_still_refused():
    """The egg being hatched is the only one the sheet may hold beyond the snake's unused Offspring."""
    *_, (_, state) = played(3, HATCHED)
    state.sheets[0].eggs.append([(8, 8), (9, 9), (8, 9)])
    with pytest.raises(token.TokenError, match="player 1's sheet has eggs or owed marks its cards do not give"):
        resumed(tokens(state))


def test_eggs_drawn_on_apples_resume():
    """Seed 3: Ann takes Offspring with an egg at 16,16, where an apple lies: a square her snake could move to, so
    the rules draw the egg there and the apple stays under it (out of reach until the egg hatches or is crossed out).
    The sheet check refused apples on an egg as a sheet no game draws (apples falling on an egg roll off; these were
    there first), so Ann's own token was refused."""
    actions = rounds("L U3", "U R3", "U2 R U R", "R U4 L") + [
        {"type": "take", "player": "Ann", "card": 16, "marks": [[16, 16], [6, 4], [13, 13]]}]
    for action, state in played(3, actions):
        assert same(resumed(tokens(state)), state), action
    assert state.sheets[0].apples.get((16, 16)) == 1 and (16, 16) in state.sheets[0].egg_squares()


# The property: seeded random games whose every state resumes from its own tokens

SAMPLE, FULL = 12, 200  # games in the default run (swaps, eggs, hatches and rejoins among them); the slow run
WANTED = (Card.TRICKY, Card.OFFSPRING)  # taken whenever offered, most of the time: their sheets are the rare ones
ELIMINATE = 0.04  # a digital snake's chance of a move that eliminates it (Friendship: it may rejoin)
GREEDY = 0.8  # its chance of the move eating the most (the computer's baseline), so it grows to its abilities


def action(st, rng: random.Random) -> dict:
    """A legal action from the rules' own space (every ability reachable), Tricky and Offspring taken when on
    offer in most draws; a digital snake with an egg often makes a move that eliminates it, so the egg hatches, and
    any digital snake now and then (so it rejoins). A Tricky snake swaps half its apples (paths.sample)."""
    space = engine("sssnake").legal_actions(st)
    chosen = space.sample(rng)
    for _ in range(12):
        if chosen["type"] != "take" or chosen["card"] in WANTED:
            break
        chosen = space.sample(rng)
    if chosen.get("out") and rng.random() < 0.8:  # paper snakes stay longer, so digital ones grow to their abilities
        chosen = space.sample(rng)
    if chosen["type"] != MOVE:
        return chosen
    who = st.index(chosen["player"])
    if rng.random() < (0.5 if st.snakes[who].eggs else ELIMINATE):
        return eliminating(st, chosen, rng) or chosen
    return greedy_move(st, who, rng) if rng.random() < GREEDY else chosen


def eliminating(st, move: dict, rng: random.Random) -> dict | None:
    """A move of the same player, with the same swap, that eliminates the snake; None when the search finds none."""
    who = st.index(move["player"])
    for steps, w in paths.search(paths.placed(st, who, "swap" in move), who, rng, budget=500, alive=False):
        if w.out:
            return {"type": MOVE, "player": move["player"], "path": text([steps]), "anyway": True} | \
                ({"swap": True} if "swap" in move else {})
    return None


def game(seed: int) -> Counter:
    """Two to four players, all on digital sheets or all but Ann, Friendship on, the four landscapes in turn, to the
    end of play (or 300 actions): after every action the game token and the sheet tokens resume the very state (the
    state dicts compare equal). What happened, counted."""
    eng, rng = engine("sssnake"), random.Random(f"own-tokens:{seed}")
    names = ["Ann", "Bob", "Cid", "Dee"][:2 + seed % 3]
    state = eng.new({"players": names, "digital": names[seed % 2:], "seed": seed, "friendship": True,
                     "landscape": ("am-fluss", "fjord", "foxtrail", "sahara")[seed % 4]})
    seen: Counter = Counter()
    for _ in range(300):
        if state.phase == Phase.OVER:
            break
        chosen = action(state, rng)
        before = state
        state = eng.apply(state, chosen).state
        try:
            assert same(resumed(tokens(state)), state), f"seed {seed}: resumed otherwise after {chosen}"
        except token.TokenError as exc:
            pytest.fail(f"seed {seed}: own token refused after {chosen}: {exc}")
        seen[chosen["type"]] += 1
        seen["swap"] += bool(chosen.get("swap"))
        seen["hatch"] += sum(state.snakes[i].eggs_used > before.snakes[i].eggs_used for i in state.sheets)
        seen["digital rejoin"] += chosen["type"] == "rejoin" and state.index(chosen["player"]) in state.sheets
        seen["eggs"] += sum(len(sh.eggs) > len(before.sheets[i].eggs) for i, sh in state.sheets.items())
    return seen


@pytest.mark.parametrize("seeds", [range(SAMPLE), pytest.param(range(FULL), marks=pytest.mark.slow)],
                         ids=["sample", "full"])
def test_every_state_of_random_games_resumes_from_its_own_tokens(seeds):
    """Issue 34: the checks that refuse impossible sheets accept every sheet the rules draw; the sample played Tricky
    swaps, drew eggs, hatched them and rejoined digital snakes."""
    seen = sum(map(game, seeds), Counter())
    assert all(seen[what] for what in ("swap", "eggs", "hatch", "rejoin", "digital rejoin", "move", "take")), seen
