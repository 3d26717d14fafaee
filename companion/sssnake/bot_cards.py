"""The computer's snake's cards: the ability it takes, and the marks its cards draw on its sheet (Intuition's
corner, Two-headed's X, Offspring's eggs), each placed where the most free ground lies."""
from __future__ import annotations

from companion.sssnake.abilities import SQUARE_REACH, new_cards
from companion.sssnake.bot_grid import Grid, grid_of, taken
from companion.sssnake.ground import ground
from companion.sssnake.paths import Board
from companion.sssnake.snake import Card
from companion.sssnake.state import State

# Cards in the order the computer wants them: a second life, then room to move (fewer squares, wrapping, jumping
# itself), more apples, more ground; Thieving and Poisonous do nothing for a snake alone.
PREFERENCE = (Card.OFFSPRING, Card.ELASTIC, Card.INTELLIGENT, Card.FLEXIBLE, Card.TRICKY, Card.INTUITION,
              Card.CLIMBING, Card.SWIMMING, Card.TWO_HEADED, Card.NOCTURNAL, Card.DIGGING, Card.WINTER_STORES,
              Card.DIVING, Card.MOULTING, Card.POISONOUS, Card.THIEVING)


def free_mask(st: State, who: int) -> tuple[Board, Grid, int]:
    b = Board(st, who)
    grid = grid_of(b)
    return b, grid, grid.full & ~taken(b, 0)


def pick_card(st: State, who: int) -> int:
    s = st.snakes[who]
    cards = new_cards(st, s) or st.display.face_up()
    return min(cards, key=lambda n: PREFERENCE.index(n) if n in PREFERENCE else len(PREFERENCE))


def corner(st: State, who: int) -> list[int]:
    """Intuition's 5x5 square where the most free ground lies, nearest the head on a tie."""
    b, _, free = free_mask(st, who)
    sh = st.sheets[who]
    hc, hr = (sh.heads or [(b.w // 2, b.h // 2)])[0]

    def score(c: int, r: int) -> tuple:
        room = sum(free >> b.index[(c + dc, r + dr)] & 1 for dc in range(5) for dr in range(5)
                   if (c + dc, r + dr) in b.index)
        return room, -abs(c + 2 - hc) - abs(r + 2 - hr)

    return list(max(((c, r) for c in range(1, SQUARE_REACH + 1) for r in range(1, SQUARE_REACH + 1)),
                    key=lambda cr: score(*cr)))


def split_mark(st: State, who: int) -> list[list[int]]:
    """Two-headed's X: the body square (not a cave or a head) with the most free ground beside it."""
    sh = st.sheets[who]
    b, grid, free = free_mask(st, who)
    body = [sq for sq in sh.body if sq not in sh.caves and sq not in sh.heads]

    def room(sq) -> int:
        return grid.flood(grid.spread(1 << b.index[sq]) & free, free).bit_count()

    return [list(max(reversed(body), key=room))]


def egg_marks(st: State, who: int) -> list[list[int]]:
    """Offspring's three eggs far from the snake, in open ground it may end on, apart from each other."""
    sh, g, s = st.sheets[who], ground(st.land), st.snakes[who]
    b, grid, free = free_mask(st, who)
    ok = [sq for sq in b.squares if free >> b.index[sq] & 1 and sq not in sh.apples
          and not b.no_end >> b.index[sq] & 1 and not (g.letter(sq) == "f" and g.paw and s.length < g.paw)]
    room = {}
    for sq in ok:
        i = b.index[sq]
        room[sq] = grid.within(1 << i, free, 3).bit_count()
    chosen: list = []
    for _ in range(3):
        rest = [sq for sq in ok if sq not in chosen]
        best = max(rest, key=lambda sq: room[sq] + min([abs(sq[0] - c[0]) + abs(sq[1] - c[1]) for c in chosen]
                                                        or [0]) * 0.5)
        chosen.append(best)
    return [list(sq) for sq in chosen]


def marks_for(st: State, who: int, card: int) -> dict:
    if card == Card.TWO_HEADED:
        return {"marks": split_mark(st, who)}
    if card == Card.OFFSPRING:
        return {"marks": egg_marks(st, who)}
    return {}


def take(st: State, who: int) -> dict:
    """The ability the computer takes, with its Intuition corner or the marks its card draws."""
    card = pick_card(st, who)
    action = {"type": "take", "player": st.snakes[who].name, "card": int(card)}
    if card == Card.INTUITION:
        action["corner"] = corner(st, who)
    if who in st.sheets:
        action |= marks_for(st, who, card)
    return action


def place(st: State, who: int) -> dict:
    """What Moulting drew: its marks (Two-headed, Offspring) or an Intuition corner."""
    owed = st.sheets[who].owed if who in st.sheets else []
    name = st.snakes[who].name
    if owed:
        return {"type": "place", "player": name} | marks_for(st, who, owed[0])
    return {"type": "place", "player": name, "corner": corner(st, who)}

