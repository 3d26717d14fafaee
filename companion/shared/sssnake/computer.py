"""The snakes the companion plays in a game of Sssnake: each acts while it is theirs to (flip when holding the
token, move, take a card), one action a transaction through the session, for the command line and the web pages."""
from __future__ import annotations

import random

from companion.shared import session

KIND = "sssnake"


def reply(game_id: str, setup: dict, state, show) -> object:
    """While a computer snake has a move, let the bot choose it and apply it; `show(side, action, result)` after
    each. Returns the state the person plays on."""
    from companion.sssnake.bot import decide
    from companion.sssnake.game import ENGINE

    sides = session.computer_sides(setup)
    n = 0
    while side := next((s for s in sides if ENGINE.legal_actions(state, s)), None):  # the snake with a move now
        rng = random.Random(f"bot:{state.seed}:{state.step}:{state.flips}:{n}")
        action = decide(state, state.index(side), rng) or {"type": "flip"}
        _, result, _ = session.act(KIND, game_id, action, computer=True)
        show(side, result.logged or action, result)
        state, n = result.state, n + 1
    return state
