"""A game's own tokens always resume (issue 34, items 4-5): the checks that refuse a sheet no legal game draws accept
every sheet the rules draw, after a Tricky swap and after an Offspring egg hatches too."""
from companion.core.games import engine
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
