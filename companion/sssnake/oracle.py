"""The limit the computer's snake is measured against (benchmarks/sssnake_bot.py): the bot's own search, told the
whole deck order by playing the real flips ahead, several rounds deep, with many times the bot's budget."""
from __future__ import annotations

import random
from itertools import islice

from companion.sssnake import bot, bot_moves
from companion.sssnake.game import ENGINE
from companion.sssnake.rounds import next_step
from companion.sssnake.scoring import scores
from companion.sssnake.state import Phase, State

ROOTS = 6  # moves tried now: the bot's best that the rules' walk confirms
BEAM = 4  # game states kept each round ahead
BRANCH = 3  # moves tried from each
DEPTH = 3  # rounds looked at, this one's flip and the real flips after it
PLANS = 1 + ROOTS + (DEPTH - 1) * BEAM * BRANCH  # the bot's searches per decision, at most: the oracle's budget


def ahead(st: State) -> State:
    """A solo game played on to its snake's next move: the real flips (the deck as it lies, reshuffled by the
    seed), the bot's takes and places; or to its end."""
    while st.phase != Phase.OVER and next_step(st)["step"] != "report":
        action = {"type": "flip"} if next_step(st)["step"] == "flip" else bot.decide(st, 0)
        assert action is not None, "the bot owes a take or a place at every step but a flip and a report"
        st = ENGINE.apply(st, action).state
    return st


def judged(st: State) -> tuple[float, list[dict]]:
    """A state's worth in the bot's units, points so far plus the best move's planned worth (an ended game: its
    points), and the moves worth trying from it."""
    points = bot_moves.APPLE * scores(st.snakes)[0].total
    if st.phase == Phase.OVER:
        return points, []
    _, _, top = bot_moves.plan(st, 0, random.Random(st.seed * 7919 + st.flips))
    moves = [a for a, _ in islice(bot_moves.confirmed(st, 0, top), BRANCH)]
    return points + (top[0].worth if moves else -2000.0), moves


def move(st: State) -> dict:
    """The solo snake's move: each of the bot's best few, played on through the real flips by a beam of the bot's
    best replies, chosen by the best state any of them reaches; the bot's own move when none keeps the snake in."""
    action, _, top = bot_moves.plan(st, 0, random.Random(st.seed * 7919 + st.flips))
    roots = [a for a, _ in islice(bot_moves.confirmed(st, 0, top), ROOTS)]
    if len(roots) < 2:
        return action
    layer = [(i, ahead(ENGINE.apply(st, a).state)) for i, a in enumerate(roots)]
    for _ in range(DEPTH - 1):
        layer = [(i, ahead(ENGINE.apply(s, a).state)) if moves else (i, s)
                 for _, moves, i, s in rated(layer)[:BEAM] for a in moves or [None]]
    return roots[rated(layer)[0][2]]


def rated(layer: list[tuple[int, State]]) -> list[tuple]:
    """(worth, moves, root, state) for each state, best first."""
    return sorted(((*judged(s), i, s) for i, s in layer), key=lambda r: r[0], reverse=True)
