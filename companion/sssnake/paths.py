"""Moves a digital snake can make now, found by trying paths on the rules' own walk: a random one for random play and
the legal-action space, and every one up to a budget for the computer's snake."""
from __future__ import annotations

from typing import TYPE_CHECKING

from companion.core.engine import IllegalAction
from companion.sssnake.ground import MOVES, ground
from companion.sssnake.pencil import place_pending
from companion.sssnake.snake import Card
from companion.sssnake.state import State
from companion.sssnake.turns import loans, turn
from companion.sssnake.walk import Turn, Walk, text

if TYPE_CHECKING:
    import random

BUDGET = 400  # prefixes tried before a search gives up


def prefix(st: State, who: int, steps: list[tuple], t: Turn | None = None) -> Walk | None:
    """The walk of a path's first part so far (no end checks) under turn `t` (default: the snake's own abilities),
    or None when a step is refused."""
    sh = st.sheets[who]
    w = Walk(ground(st.land), sh, t or turn(st, st.snakes[who]))
    try:
        w.begin(0)
        for kind, value in steps:
            w.take(kind, value)
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


def search(st: State, who: int, rng: random.Random | None, budget: int = BUDGET, alive: bool = True,
           t: Turn | None = None):
    """Depth-first over directions (in random order with `rng`): yields (steps, walk) for each whole move, only those
    that keep the snake in the game when `alive`, until the budget of prefixes is spent."""
    todo = starts(st, who)
    tried = 0
    while todo and tried < budget:
        steps = todo.pop()
        w = prefix(st, who, steps, t)
        tried += 1
        if w is None:
            continue
        if w.out or w.steps >= w.turn.lo or (w.has(Card.WINTER_STORES) and w.eaten >= 3):
            done = prefix(st, who, steps, t)
            if done is not None and finished(done) and not (alive and done.out):
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


def last_resort(st: State, who: int, rng: random.Random) -> tuple[list[tuple], bool, int]:
    """(steps, eliminated, card borrowed) of a move that keeps the snake in when the search finds one, else of one
    that eliminates it; with no path of its own (rocks all round), one a Nocturnal loan opens; else no steps."""
    found = next(search(st, who, rng), None) or next(search(st, who, rng, budget=10 ** 6, alive=False), None)
    if found:
        return found[0], bool(found[1].out), 0
    lent = lent_path(st, who, rng, alive=False)
    return (lent[0], bool(lent[1].out), lent[2]) if lent else ([], True, 0)


def lent_path(st: State, who: int, rng: random.Random | None, alive: bool) -> tuple[list[tuple], Walk, int] | None:
    """(steps, walk, card) of a move a Nocturnal loan opens, from a start in shade (only from there may it borrow),
    keeping the snake in when `alive`; None when no loan opens one."""
    s = st.snakes[who]
    for card in loans(st, who):
        for steps, w in search(st, who, rng, budget=10 ** 6, alive=alive, t=turn(st, s, card)):
            egg = steps[0][1] if steps and steps[0][0] == "at" else None
            if st.in_shade(who, egg):
                return steps, w, card
    return None


def sample(st: State, who: int, rng: random.Random) -> dict:
    """A random move: one that keeps the snake in the game when the search finds one, else one that eliminates it;
    with no path of its own, one a Nocturnal loan opens, else none (the snake has no move left)."""
    s = st.snakes[who]
    swap = s.has(Card.TRICKY) and bool(st.sheets[who].pending) and rng.random() < 0.5
    here = placed(st, who, swap)
    steps, out, borrow = last_resort(here, who, rng)
    return {"type": "move", "player": s.name, "path": text([steps])} | ({"swap": True} if swap else {}) | \
        ({"borrow": borrow} if borrow else {}) | ({"anyway": True} if out else {})


# The computer's snake: a board of square indices and bitmasks, walked incrementally (each branch forks the walk
# it grew from instead of re-walking its prefix), with the rules' own walk confirming the move chosen.

DIRS = tuple(MOVES)


class Board:
    """One head's move this turn as bits: what blocks it, where it may end, what it eats (apple points by square)."""

    def __init__(self, st: State, who: int, borrow: int = 0, rotten_worth: float = 0.0):
        g, sh, s = ground(st.land), st.sheets[who], st.snakes[who]
        self.turn = t = turn(st, s, borrow)
        self.lo, self.hi = t.lo, t.hi
        has = t.abilities.__contains__
        self.w, self.h = g.width, g.height
        self.wrap, self.flexible, self.stores = has(Card.INTELLIGENT), has(Card.FLEXIBLE), has(Card.WINTER_STORES)
        sqs = list(g.squares())
        self.squares = sqs
        self.index = {sq: i for i, sq in enumerate(sqs)}
        eggs = sh.egg_squares()
        self.blocked = self.mask(sq for sq in sqs if g.object(sq) or sq in eggs
                                 or (g.letter(sq) == "r" and not has(Card.CLIMBING))
                                 or (g.letter(sq) == "f" and g.paw and t.length < g.paw))
        self.no_end = self.mask(sq for sq in sqs if g.letter(sq) == "q"
                                or (g.letter(sq) == "w" and not has(Card.SWIMMING)))
        self.body = self.mask(sh.body)
        self.next = [[self.index.get(g.next(sq, d, self.wrap), -1) for d in DIRS] for sq in sqs]
        self.cross = [[bool(j >= 0 and g.crosses(sq, sqs[j])) for j in row]
                      for sq, row in zip(sqs, self.next, strict=True)]
        poison = has(Card.POISONOUS)
        self.food = [0.0] * len(sqs)  # points eaten on a square
        self.count = [0] * len(sqs)  # apples eaten there
        for sq, n in sh.apples.items():
            if sq not in sh.crossed:
                i = self.index[sq]
                self.food[i] = n * (1.0 if sq not in sh.rotten or poison else rotten_worth)
                self.count[i] = n
        for sq in t.golden:
            i = self.index[sq]
            self.food[i] += 2.0
            self.count[i] += 1
        self.apples = [i for i, f in enumerate(self.food) if f]  # squares with something to eat
        self.letters = [g.letter(sq) for sq in sqs]

    def mask(self, squares) -> int:
        m = 0
        for sq in squares:
            m |= 1 << self.index[sq]
        return m

    def fork(self, node: tuple, d: int) -> tuple | None:
        """One step of a partial move (head, last, mask, steps, crossings, food, eaten, ate_last, dirs) in direction
        d, or None when the step is refused or eliminates the snake."""
        head, last, mask, steps, cr, food, eaten, _, dirs = node
        if last is not None and d == last ^ 1:  # DIRS pairs U-D and L-R: the way back
            return None
        j = self.next[head][d]
        if j < 0:
            return None
        taken = self.body | mask
        cr += self.cross[head][d]
        if taken >> j & 1:
            if not self.flexible:
                return None
            k = self.next[j][d]
            if k < 0:
                return None
            cr += self.cross[j][d]
            j = k
        if cr >= 2 or (taken | self.blocked) >> j & 1:
            return None
        n = self.count[j]
        return j, d, mask | 1 << j, steps + 1, cr, food + self.food[j], eaten + n, n > 0, dirs + (d,)

    def ends(self, node: tuple) -> bool:
        """Whether the move may end here: its length (or Winter stores' third apple) on ground it may end on."""
        head, _, _, steps, _, _, eaten, ate, _ = node
        lo, hi = self.lo, self.hi
        return (lo <= steps <= hi or (self.stores and ate and eaten >= 3 and steps <= hi)) \
            and not self.no_end >> head & 1


def start(board: Board, sq, last: str | None) -> tuple:
    """The node a head starts from."""
    return board.index[sq], None if last is None else DIRS.index(last), 0, 0, 0, 0.0, 0, False, ()


def walks(board: Board, root: tuple, width: int, rank, rng: random.Random | None = None):
    """Beam search over partial moves from `root`: every depth keeps the `width` best by `rank(node)` (one node per
    head and squares covered); yields each whole move the rules would let end (not yet confirmed by the walk)."""
    layer = [root]
    while layer:
        grown: dict[tuple, tuple] = {}
        for node in layer:
            for d in range(4):
                child = board.fork(node, d)
                if child is not None and child[3] <= board.hi:
                    grown.setdefault((child[0], child[2]), child)
        layer = list(grown.values())
        for node in layer:
            if board.ends(node):
                yield node
        if len(layer) > width:
            if rng:
                rng.shuffle(layer)
            layer.sort(key=rank, reverse=True)
            del layer[width:]


def steps_of(dirs: tuple) -> list[tuple]:
    return [("step", DIRS[d]) for d in dirs]
