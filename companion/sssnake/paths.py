"""Moves a digital snake can make now, found by trying paths on the rules' own walk: a random one for random play and
the legal-action space, and every one up to a budget for the computer's snake."""
from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine import IllegalAction
from companion.sssnake.digital import turn
from companion.sssnake.ground import MOVES, ground
from companion.sssnake.pencil import place_pending
from companion.sssnake.snake import Card
from companion.sssnake.state import State
from companion.sssnake.walk import Walk, text

if TYPE_CHECKING:
    import random

BUDGET = 400  # prefixes tried before a search gives up


def prefix(st: State, who: int, steps: list[tuple]) -> Walk | None:
    """The walk of a path's first part so far (no end checks), or None when a step is refused."""
    sh = st.sheets[who]
    w = Walk(ground(st.land), sh, turn(st, st.snakes[who]))
    try:
        w.begin(0)
        for kind, value in steps:
            {"step": w.step, "at": w.jump}[kind](value)
    except IllegalAction:
        return None
    return w


def starts(st: State, who: int) -> list[list[tuple]]:
    """How a move may begin: from the head, or after an egg hatched from one of the eggs."""
    sh = st.sheets[who]
    return [[]] if sh.heads else [[("at", egg)] for egg in sh.eggs[0]]


def finished(w: Walk) -> bool:
    """Whether the walk so far is a whole move the rules accept (it may end in elimination: see `out`)."""
    if w.out:
        return True
    try:
        w.finish()
    except IllegalAction:
        return False
    return True


def search(st: State, who: int, rng: random.Random | None, budget: int = BUDGET, alive: bool = True):
    """Depth-first over directions (in random order with `rng`): yields (steps, walk) for each whole move, only those
    that keep the snake in the game when `alive`, until the budget of prefixes is spent."""
    todo = starts(st, who)
    tried = 0
    while todo and tried < budget:
        steps = todo.pop()
        w = prefix(st, who, steps)
        tried += 1
        if w is None:
            continue
        if w.out or w.steps >= w.turn.lo or (w.has(Card.WINTER_STORES) and w.eaten >= 3):
            done = prefix(st, who, steps)
            if finished(done) and not (alive and done.out):
                yield steps, done
        if not w.out and w.steps < w.turn.hi:
            dirs = list(MOVES)
            if rng:
                rng.shuffle(dirs)
            todo += [steps + [("step", d)] for d in dirs]


def placed(st: State, who: int, swap: bool) -> State:
    """A copy of the state with the round's apple drawn on the sheet (swapped, Tricky)."""
    st = st.copy()
    place_pending(st, who, swap)
    return st


def sample(st: State, who: int, rng: random.Random) -> dict:
    """A random move: one that keeps the snake in the game when the search finds one, else one that eliminates it."""
    s = st.snakes[who]
    swap = s.has(Card.TRICKY) and bool(st.sheets[who].pending) and rng.random() < 0.5
    here = placed(st, who, swap)
    found = next(search(here, who, rng), None) or next(search(here, who, rng, budget=10 ** 6, alive=False))
    steps, w = found
    return {"type": "move", "player": s.name, "path": text([steps])} | ({"swap": True} if swap else {}) | \
        ({"anyway": True} if w.out else {})
