"""The computer's snake's move: beams of partial paths for each head, egg or dig and each Tricky swap or Nocturnal
loan worth trying, each whole move valued for the apples it eats and the room it leaves, the best searched a few
moves on, and the first the rules' own walk confirms."""
from __future__ import annotations

import copy
import random
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from companion.core.engine import IllegalAction
from companion.sssnake.bot_grid import Grid, grid_of, taken
from companion.sssnake.ground import ground
from companion.sssnake.paths import Board, last_resort, placed, start, steps_of, walks
from companion.sssnake.snake import Card
from companion.sssnake.state import State
from companion.sssnake.turns import turn
from companion.sssnake.walk import text, walk

BORROWS = (Card.FLEXIBLE, Card.INTELLIGENT, Card.ELASTIC, Card.CLIMBING, Card.SWIMMING)  # Nocturnal's useful loans
WIDTH = 80  # partial moves each beam keeps per depth
CAP = 240  # whole moves valued per decision
AHEAD = 10  # best moves whose next move is searched too
AHEAD_WIDTH = 30
DEEP = 2  # moves searched after each of those
FOLLOWED = 3  # best next moves whose own next move is searched
APPLE = 10.0  # an apple point, in the planner's units
SAVED = 1.0  # a square the next move spares (snow) counts as a square of room
AREA = 0.7  # room against apples (0.5-1.0 measured alike, 2 worse)
ROTTEN = -0.3  # a rotten apple: a point lost, a square of length gained


@dataclass
class Option:
    """A whole move found for one head: the node the beam ended in, the head, the path before the beam (an egg,
    a dig), the round's choices (Tricky swap, Nocturnal borrow), its worth and the figures the hint words."""

    node: tuple
    head: int
    prefix: list
    board: Board
    here: State
    swap: bool
    borrow: int
    worth: float = 0.0
    area: int = 0
    need: int = 0
    ahead: bool | None = None  # a next move was found after it (None: not searched)

    def parts(self) -> list[list[tuple]]:
        steps = self.prefix + steps_of(self.node[8])
        return [steps] if self.head == 0 else [[], steps]


def hug(b: Board, node: tuple) -> int:
    """Sides of the head against the edge, objects or the snake: a snake that hugs them leaves no pockets."""
    t = taken(b, node[2])
    return sum(j < 0 or t >> j & 1 for j in b.next[node[0]])


def distances(b: Board) -> list[int]:
    """Steps from each square to the nearest apple over free ground (unreachable: a large number)."""
    far = b.w * b.h
    dist = [far] * len(b.squares)
    todo = deque(i for i, f in enumerate(b.food) if f > 0)
    for i in todo:
        dist[i] = 0
    t = taken(b, 0)
    while todo:
        i = todo.popleft()
        for j in b.next[i]:
            if j >= 0 and dist[j] == far and not t >> j & 1:
                dist[j] = dist[i] + 1
                todo.append(j)
    return dist


def next_range(b: Board, length: int, letter: str, spread: int) -> tuple[int, int]:
    """The squares the snake moves next round after ending on this letter (snow halves, ice doubles)."""
    base = (length + 1) // 2 if letter == "n" else length * 2 if letter == "i" else length
    return max(1, base - spread), base + spread


def value(b: Board, grid: Grid, node: tuple, heads: int, length: int, spread: int,
          priced: int | None) -> tuple[float, int, int]:
    """A whole move's worth: apples eaten, the room left around the head (squares cut off are lost for good),
    apples still reachable and near; (worth, room, squares needed next round). Room is priced in moves of the
    length after eating (alone, the snake's own rounds are the game's), or at `priced` (see `pricing`)."""
    head, _, mask, _, _, food, eaten, _, _ = node
    free = grid.full & ~taken(b, mask)
    room = grid.flood(grid.spread((1 << head) | heads) & free, free)
    area = room.bit_count()
    grown = length + eaten
    lo, hi = next_range(b, grown, b.letters[head], spread)
    near = grid.within(1 << head, free, hi)
    later = sum(b.food[i] for i in b.apples if room >> i & 1 and not mask >> i & 1)
    close = sum(b.food[i] for i in b.apples if near >> i & 1 and not mask >> i & 1)
    square = AREA * APPLE / ((priced or grown) + 4)  # a square of room: a move's length of them buys about an apple
    saved = grown - (lo + hi) // 2  # squares the next move spares (snow) or spends (ice, negative)
    worth = APPLE * food + 2.0 * later + 4.0 * close + (area + SAVED * saved) * square + near.bit_count() * 0.05
    if area < lo:
        worth -= 1000 + 10 * (lo - area)
    return worth, area, lo


def pricing(st: State, length: int) -> int | None:
    """With others, room is priced at the turn's length: their game ends when the last-but-one snake is out, not when
    this one's room does, and priced after eating, an apple cheapened a board's worth of room below its point."""
    return length if len(st.snakes) > 1 else None


def roots(st: State, who: int, b: Board, rng: random.Random) -> list[tuple[int, list, tuple]]:
    """Where a move may begin: the head, a Two-headed snake's second head, an egg after a hatching, a dig."""
    sh, g = st.sheets[who], ground(st.land)
    if not sh.heads:
        out = []
        for egg in sh.eggs[0]:
            i = b.index[egg]
            out.append((0, [("at", egg)], (i, None, 1 << i, 0, 0, 0.0, 0, False, ())))
        return out
    out = [(0, [], start(b, sh.heads[0], sh.last[0]))]
    if Card.TWO_HEADED in b.turn.abilities and sh.split:
        two = len(sh.heads) > 1
        out.append((1, [], start(b, sh.heads[1] if two else sh.split, sh.last[1] if two else None)))
    if Card.DIGGING in b.turn.abilities and g.letter(sh.heads[0]) == "s":
        t = taken(b, 0)
        sand = [sq for sq in b.squares if g.letter(sq) == "s" and not t >> b.index[sq] & 1]
        for sq in rng.sample(sand, min(6, len(sand))):
            i = b.index[sq]
            out.append((0, [("at", sq)], (i, None, 1 << i, 1, 0, b.food[i], b.count[i], b.count[i] > 0, ())))
    return out


def options(st: State, who: int, rng: random.Random, width: int = WIDTH) -> list[Option]:
    """Every move the beams find, for each Tricky swap and Nocturnal loan worth trying, valued."""
    s, sh = st.snakes[who], st.sheets[who]
    swaps = [False, True] if s.has(Card.TRICKY) and sh.pending else [False]
    borrows = [0]
    if s.has(Card.NOCTURNAL) and st.in_shade(who):
        borrows += [n for n in BORROWS if n in st.display.face_up() and not s.has(n)]
    seen: dict = {}
    combos = len(swaps) * len(borrows) * (1 + bool(s.has(Card.TWO_HEADED) and sh.split) + s.has(Card.DIGGING) * 6)
    width = min(width, max(20, 2 * width // combos))  # the same work whatever the snake may try
    for swap in swaps:
        here = placed(st, who, swap)
        for borrow in borrows:
            b = Board(here, who, borrow, ROTTEN)
            grid = grid_of(b)
            spread = len(s.abilities) if Card.ELASTIC in b.turn.abilities else 0
            ranks = rankings(b, distances(b))
            for head, prefix, root in roots(here, who, b, rng):
                other = 0
                if len(here.sheets[who].heads) > 1:
                    other = 1 << b.index[here.sheets[who].heads[1 - head]]
                for rank in ranks:
                    for node in walks(b, root, width, rank, rng):
                        if (swap, borrow, head, node[0], node[2]) not in seen:
                            seen[swap, borrow, head, node[0], node[2]] = (node, head, prefix, b, grid, here, swap,
                                                                          borrow, other, spread)
    raw = cap(list(seen.values()), rng, lambda r: r[0][5])
    found = []
    for node, head, prefix, b, grid, here, swap, borrow, other, spread in raw:
        o = Option(node, head, prefix, b, here, swap, borrow)
        o.worth, o.area, o.need = value(b, grid, node, other, s.length, spread, pricing(st, s.length))
        found.append(o)
    return found


def rankings(b: Board, dist: list[int]) -> tuple[Callable[[tuple], float], Callable[[tuple], float]]:
    """The two orders a beam keeps partial moves in on this board: apples eaten, near the next apples and hugging
    what is taken; or apples and hugging alone."""
    return (lambda n: APPLE * n[5] - 0.8 * dist[n[0]] + hug(b, n),
            lambda n: 3 * n[5] + 2 * hug(b, n))


def cap(items: list, rng: random.Random, food: Callable) -> list:
    """At most CAP moves to value: those eating the most, then a random share of the rest (same work per decision
    however many squares an Elastic snake may stop at)."""
    if len(items) <= CAP:
        return items
    rng.shuffle(items)
    items.sort(key=food, reverse=True)
    keep, rest = items[:CAP // 2], items[CAP // 2:]
    return keep + rng.sample(rest, CAP - len(keep))


def ahead(b: Board, node: tuple, length: int, spread: int, rng: random.Random, priced: int | None,
          depth: int) -> float:
    """The best next move after `node` (known apples only), followed `depth` moves on through the FOLLOWED best at
    each: its worth, or a heavy loss when none is left (a pocket two moves on traps a snake one move could not see)."""
    nb = copy.copy(b)
    nb.body = b.body | node[2]
    grown = length + node[6]
    nb.lo, nb.hi = next_range(b, grown, b.letters[node[0]], spread)
    nb.food = [0.0 if node[2] >> i & 1 else f for i, f in enumerate(b.food)]
    nb.apples = [i for i in b.apples if not node[2] >> i & 1]
    grid = grid_of(nb)
    root = (node[0], node[1], 0, 0, 0, 0.0, 0, False, ())
    nodes = cap(list(walks(nb, root, AHEAD_WIDTH, lambda n: APPLE * n[5] + 2 * hug(nb, n), rng)), rng,
                lambda n: n[5])
    rated = sorted(((value(nb, grid, n, 0, grown, spread, priced)[0], n) for n in nodes[:CAP // 4]),
                   key=lambda r: r[0], reverse=True)
    if not rated:
        return -2000.0
    if depth == 1:
        return rated[0][0]
    return max(APPLE * n[5] + 0.9 * ahead(nb, n, grown, spread, rng, priced, depth - 1) for _, n in rated[:FOLLOWED])


def plan(st: State, who: int, rng: random.Random | None = None) -> tuple[dict, Option | None, list[Option]]:
    """The move the computer makes, with the option chosen (None when no valued one was legal) and every option
    valued, best first."""
    rng = rng or random.Random(st.seed * 7919 + st.flips)
    s = st.snakes[who]
    found = options(st, who, rng)
    spread = len(s.abilities) if s.has(Card.ELASTIC) else 0
    found.sort(key=lambda o: o.worth, reverse=True)
    for o in found[:AHEAD]:
        o.worth = APPLE * o.node[5] + 0.9 * ahead(o.board, o.node, s.length, spread, rng, pricing(st, s.length), DEEP)
        o.ahead = o.worth > -1000
    top = sorted(found[:AHEAD], key=lambda o: o.worth, reverse=True) + found[AHEAD:]
    action, chosen = first_legal(st, who, top, rng)
    return action, chosen, top


def confirmed(st: State, who: int, ordered: list[Option]) -> Iterator[tuple[dict, Option]]:
    """(move, option) for each option in order that the rules' walk confirms keeps the snake in."""
    s = st.snakes[who]
    for o in ordered:
        parts = o.parts()
        try:
            w = walk(ground(st.land), o.here.sheets[who], turn(o.here, s, o.borrow), parts)
        except IllegalAction:
            continue
        if not w.out:
            yield move_dict(s.name, parts, o.swap, o.borrow, False), o


def first_legal(st: State, who: int, ordered: list[Option], rng: random.Random) -> tuple[dict, Option | None]:
    """The first option the rules' walk confirms keeps the snake in; else any move the path search finds (a Nocturnal
    loan's when only a loan opens one), one that eliminates the snake only when nothing else is found."""
    found = next(confirmed(st, who, ordered), None)
    if found:
        return found
    s = st.snakes[who]
    steps, out, borrow = last_resort(placed(st, who, False), who, rng)
    return move_dict(s.name, [steps], False, borrow, out), None


def move_dict(name: str, parts: list, swap: bool, borrow: int, anyway: bool) -> dict:
    return {"type": "move", "player": name, "path": text(parts)} | ({"swap": True} if swap else {}) | \
        ({"borrow": int(borrow)} if borrow else {}) | ({"anyway": True} if anyway else {})

