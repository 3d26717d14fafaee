"""A digital player's game sheet: the snake's whole drawing, the apples on it, crossed-out squares, eggs, the X.

The companion keeps it for players who play the sheet through the companion; paper players keep their own. The
rules that change it are in companion.sssnake.walk (a move) and companion.sssnake.digital (flips, round ends).
"""
from __future__ import annotations

from companion.core.engine import BadState, IllegalAction
from companion.core.language import _, pgettext
from companion.core.record import Record
from companion.sssnake.actions import Square
from companion.sssnake.ground import MOVES, Ground
from companion.sssnake.snake import Card, Snake

ROLL_ORDER = "UDLR"  # two edges equally near: the player chooses (a move's roll); unchosen, up, down, left, right in
#                      this order (docs/digital-sheet.md)
CAVE_ORDER = "UDLR"  # a cave on blocked ground: the direction the first player chooses; unchosen, the nearest allowed
#                      square, this order breaking ties
WORDS = {"U": "up", "D": "down", "L": "left", "R": "right"}  # a direction as the table types it (--cave, --roll)


def way(d: str) -> str:
    """A direction as a player reads it in a sentence (the apple rolls up, the cave moves left)."""
    return {"U": pgettext("direction", "up"), "D": pgettext("direction", "down"), "L": pgettext("direction", "left"),
            "R": pgettext("direction", "right")}[d]


class Sheet(Record):
    """`body` every square drawn as snake, caves included, in drawing order; `heads` the head(s) the next move starts
    from (empty after an egg hatched: the move starts at an egg); `last` the direction each head last stepped in
    (None after a cave, an egg, a dig or a dive); `apples` {square: apples drawn there}, `rotten` the squares whose
    apples are rotten; `crossed` squares crossed out (Thieving by another snake); `eggs` Offspring eggs in sets of
    three; `split` Two-headed's X; `jumps` (entrance, exit) of each dig and dive, for drawing; `owed` cards whose
    marks the player still has to draw (Two-headed, Offspring gained through Moulting); `pending` this round's apple
    for a Tricky snake, [column, row, apples, rotten], placed when it moves."""

    def __init__(self, body=(), caves=(), heads=(), last=(), apples=None, rotten=(), crossed=(), eggs=(),
                 split=None, jumps=(), owed=(), pending=None):
        self.body = list(body)
        self.caves = list(caves)
        self.heads = list(heads)
        self.last = list(last)
        self.apples: dict[Square, int] = dict(apples or {})
        self.rotten = set(rotten)
        self.crossed = set(crossed)
        self.eggs = [list(e) for e in eggs]
        self.split = split
        self.jumps = list(jumps)
        self.owed = list(owed)
        self.pending = pending

    def copy(self) -> Sheet:
        return Sheet(self.body, self.caves, self.heads, self.last, self.apples, self.rotten, self.crossed, self.eggs,
                     self.split, self.jumps, self.owed, self.pending)

    def egg_squares(self) -> set[Square]:
        return {sq for group in self.eggs for sq in group}

    def taken(self, ground: Ground, sq: Square) -> bool:
        """Where an apple cannot lie and rolls off: a cave, the snake, an immovable object, an egg."""
        return sq in self.body or ground.object(sq) or sq in self.egg_squares()

    def under(self, ground: Ground, sq: Square) -> str:
        """What apples falling on `sq` land on and roll off, in words ("" where they lie)."""
        if sq in self.caves:
            return pgettext("falls on", "the snake's cave")
        if sq in self.body:
            return pgettext("falls on", "the snake")
        if ground.object(sq):
            return pgettext("falls on", "an immovable object")
        return pgettext("falls on", "an egg") if sq in self.egg_squares() else ""

    def drop(self, ground: Ground, sq: Square, count: int, rotten: bool, edge: str = "") -> Square | None:
        """Apples falling on a square ("Apple cards"): on the snake, a cave, an object or an egg they roll towards the
        nearest edge (of two as near, `edge`, the player's choice) to the first free square, off the sheet they are
        lost; a crossed-out square draws nothing; rotten and fresh apples on one square all rot. Returns where they
        lie, or None."""
        at = roll(ground, self, sq, edge)
        if at is None or at in self.crossed or count <= 0:
            return None
        self.apples[at] = self.apples.get(at, 0) + count
        if rotten:
            self.rotten.add(at)
        return at

    def draw_cave(self, ground: Ground, sq: Square, allowed: str, direction: str = "") -> Square:
        """A cave at the card's square, moved off ground it may not lie on (in `direction`, the first player's
        choice); it covers any apple drawn there."""
        at = cave_square(ground, self, sq, allowed, direction)
        self.body.append(at)
        self.caves.append(at)
        self.heads, self.last = [at], [None]
        self.apples.pop(at, None)
        self.rotten.discard(at)
        return at


def edges(ground: Ground, sheet: Sheet, sq: Square) -> str:
    """The directions apples falling on `sq` may roll in: the nearest edge's, or the equally near two's; none when
    they stay."""
    if not sheet.taken(ground, sq):
        return ""
    col, row = sq
    away = {"U": row - 1, "D": ground.height - row, "L": col - 1, "R": ground.width - col}
    return "".join(d for d in ROLL_ORDER if away[d] == min(away.values()))


def roll(ground: Ground, sheet: Sheet, sq: Square, edge: str = "") -> Square | None:
    """The square apples falling on `sq` come to rest on rolling towards `edge` (one of the nearest; unchosen, the
    first in ROLL_ORDER), or None when they roll off the sheet."""
    near = edges(ground, sheet, sq)
    if edge and edge not in (near if len(near) > 1 else ""):
        where = f"{sq[0]},{sq[1]}"
        raise IllegalAction(_("the apple falling on {square} rolls {ways} (two edges as near): choose one of those")
                            .format(square=where, ways=_(" or ").join(way(d) for d in near)) if len(near) > 1 else
                            _("the apple falling on {square} rolls {way}, towards the nearest edge: no edge to choose; "
                              "leave out the roll").format(square=where, way=way(near)) if near else
                            _("the apple falling on {square} lies there: it does not roll; leave out the roll").format(
                                square=where))
    if not near:
        return sq
    at: Square | None = sq
    while at is not None and sheet.taken(ground, at):
        at = ground.next(at, edge or near[0], wrap=False)
    return at


def cave_ways(ground: Ground, sheet: Sheet, sq: Square, allowed: str) -> dict[str, tuple[int, Square]]:
    """Where a cave on ground it may not lie on can go: per direction, (squares moved, the first allowed square
    straight that way); empty when it stays (the snake's own drawing is passed over). None in line: refused."""
    if fits(ground, sheet, sq, allowed):
        return {}
    ways = ways_off(ground, sheet, sq, allowed)
    if not ways:
        raise IllegalAction(_("no square in line with {square} can hold a cave: the snake, objects and ground a cave "
                              "may not lie on fill its row and column").format(square=f"{sq[0]},{sq[1]}"))
    return ways


def fits(ground: Ground, sheet: Sheet, at: Square, allowed: str) -> bool:
    """A square a cave may lie on: allowed ground, no object, not the snake."""
    return ground.letter(at) in allowed and not ground.object(at) and at not in sheet.body


def ways_off(ground: Ground, sheet: Sheet, sq: Square, allowed: str) -> dict[str, tuple[int, Square]]:
    """Per direction that reaches one, (squares moved, the first square straight from `sq` a cave fits on)."""
    ways = {}
    for d in CAVE_ORDER:
        at, k = ground.next(sq, d, wrap=False), 1
        while at is not None and not fits(ground, sheet, at, allowed):
            at, k = ground.next(at, d, wrap=False), k + 1
        if at is not None:
            ways[d] = (k, at)
    return ways


def cave_room(ground: Ground, sheet: Sheet, sq: Square, allowed: str) -> bool:
    """Whether a cave falling on `sq` can be drawn: there, or straight from it (a rejoining snake's own drawing,
    objects and ground a cave may not lie on can fill its row and column)."""
    return fits(ground, sheet, sq, allowed) or bool(ways_off(ground, sheet, sq, allowed))


def cave_square(ground: Ground, sheet: Sheet, sq: Square, allowed: str, direction: str = "") -> Square:
    """First round: a cave on terrain it may not lie on, or an object, moves straight in the direction the first
    player chooses until it reaches allowed ground; unchosen, to the nearest such square."""
    ways = cave_ways(ground, sheet, sq, allowed)
    if not ways:
        if direction:
            raise IllegalAction(_("the cave at {square} may lie there and does not move; leave out the direction")
                                .format(square=f"{sq[0]},{sq[1]}"))
        return sq
    if direction and direction not in ways:
        raise IllegalAction(_("{way} from {square} the cave reaches the sheet's edge first; choose {ways}").format(
            way=way(direction), square=f"{sq[0]},{sq[1]}", ways=ways_text(ways)))
    return ways[direction][1] if direction else min(ways.values(), key=lambda way: way[0])[1]


def ways_text(ways: dict[str, tuple[int, Square]]) -> str:
    """'up (to 3,2) or left (to 1,5)': the directions a cave may take (as typed) and where each ends."""
    return _(" or ").join(_("{way} (to {square})").format(way=WORDS[d], square=f"{at[0]},{at[1]}")
                          for d, (_moved, at) in ways.items())


# The dict form, stored with the game (never in the game token: each digital player has a sheet token).

def to_dict(sh: Sheet) -> dict:
    """Squares as [column, row]; empty fields left out."""
    d = {"b": [list(s) for s in sh.body], "c": [list(s) for s in sh.caves], "h": [list(s) for s in sh.heads],
         "l": "".join(d or "-" for d in sh.last), "a": [[c, r, n] for (c, r), n in sorted(sh.apples.items())],
         "r": sorted(list(s) for s in sh.rotten), "x": sorted(list(s) for s in sh.crossed),
         "e": [[list(s) for s in group] for group in sh.eggs], "s": list(sh.split) if sh.split else None,
         "j": [[list(a), list(b)] for a, b in sh.jumps], "o": sh.owed, "p": sh.pending}
    return {k: v for k, v in d.items() if v}


def from_dict(data, ground: Ground, where: str = "sheet") -> Sheet:
    """A sheet from its dict form, every square on the ground; anything else is one BadState line."""
    if not isinstance(data, dict) or set(data) - set("bchlarxesjop"):
        raise BadState(f"{where} is not a digital sheet")

    def sq(v) -> Square:
        if not (isinstance(v, list) and len(v) == 2 and all(type(x) is int for x in v) and ground.on(tuple(v))):
            raise BadState(f"{where} holds a square off the sheet")
        return v[0], v[1]

    def sqs(key) -> list[Square]:
        v = data.get(key, [])
        if not isinstance(v, list):
            raise BadState(f"{where}.{key} must be a list of squares")
        return [sq(x) for x in v]

    apples = {}
    for item in data.get("a", []):
        if not (isinstance(item, list) and len(item) == 3 and type(item[2]) is int and 0 < item[2] < 1000):
            raise BadState(f"{where}.a must list [column, row, apples]")
        apples[sq(item[:2])] = item[2]
    last = data.get("l", "")
    heads = sqs("h")
    if not isinstance(last, str) or len(last) != len(heads) or set(last) - set(MOVES) - {"-"} or len(heads) > 2:
        raise BadState(f"{where}: one or two heads, each with its last step U, D, L, R or -")
    eggs = data.get("e", [])
    if not isinstance(eggs, list) or any(not isinstance(g, list) or len(g) != 3 for g in eggs):
        raise BadState(f"{where}.e must hold eggs in threes")
    jumps = data.get("j", [])
    if not isinstance(jumps, list) or any(not isinstance(j, list) or len(j) != 2 for j in jumps):
        raise BadState(f"{where}.j must hold [entrance, exit] pairs")
    owed = data.get("o", [])
    if not isinstance(owed, list) or any(o not in (13, 16) for o in owed):
        raise BadState(f"{where}.o lists cards owing marks: 13 Two-headed, 16 Offspring")
    pending = data.get("p")
    if pending is not None and not (isinstance(pending, list) and len(pending) == 4
                                    and all(type(x) is int for x in pending) and ground.on(tuple(pending[:2]))):
        raise BadState(f"{where}.p must be [column, row, apples, rotten]")
    return Sheet(body=sqs("b"), caves=sqs("c"), heads=heads, last=[None if ch == "-" else ch for ch in last],
                 apples=apples, rotten=sqs("r"), crossed=sqs("x"), eggs=[[sq(s) for s in g] for g in eggs],
                 split=sq(data["s"]) if data.get("s") else None, jumps=[(sq(a), sq(b)) for a, b in jumps],
                 owed=owed, pending=pending)


def fault(sh: Sheet, ground: Ground, snake: Snake, flips: int) -> str | None:
    """What no legal game could have drawn on the snake's sheet, in words, or None: each body square once, off
    objects (and rocks, without Climbing), each following one before it as Movement allows or starting at a cave or
    a dig's exit; the heads, the X, caves and jumps on the body; apples and eggs off it (apples may lie under an
    egg drawn on them); no more eggs (but the one hatching), heads or owed marks than the snake's cards give; no more
    squares moved than its moves could walk. A token's sheet is read against it, so a sheet the rules never drew is
    refused, not played on."""
    cards = set(Card) if snake.has(Card.NOCTURNAL) else set(snake.abilities)  # Nocturnal borrows any permanent card
    wrap, body = Card.INTELLIGENT in cards, sh.body
    drawn: set[Square] = set()
    starts = set(sh.caves) | {b for _entrance, b in sh.jumps}
    for k, sq in enumerate(body):
        if sq in drawn:
            return "draws a square of the snake twice"
        if ground.object(sq) or (ground.letter(sq) == "r" and Card.CLIMBING not in cards):
            return "draws the snake on an object or on rocks it cannot climb"
        if sq not in starts and not any((one := ground.next(sq, d, wrap)) in drawn or Card.FLEXIBLE in cards
                                        and one is not None and ground.next(one, d, wrap) in drawn for d in MOVES):
            return "draws a square of the snake that follows none before it"
        if not k and sq not in sh.caves:
            return "starts the snake elsewhere than at a cave"
        drawn.add(sq)
    eggs = sh.egg_squares()
    on_body = set(sh.caves) | set(sh.heads) | {s for j in sh.jumps for s in j} | ({sh.split} if sh.split else set())
    if not on_body <= drawn or len(set(sh.caves)) != len(sh.caves) or bool(sh.caves) != snake.cave:
        return "has a cave, head, X or dig that is not on the snake, or a cave the track does not say was drawn"
    if (len(sh.heads) > 1 or sh.split) and not snake.has(Card.TWO_HEADED) or body and not sh.heads and not sh.eggs:
        return "has heads (or an X) its cards do not give, or no head and no egg to move from"
    hatching = bool(body) and not sh.heads  # its egg counted used at the round's end, crossed out at the next move
    if eggs & drawn or len(eggs) != 3 * len(sh.eggs) or any(ground.object(e) for e in eggs) \
            or len(sh.eggs) > snake.eggs + hatching or any(not snake.has(o) for o in sh.owed):
        return "has eggs or owed marks its cards do not give, or an egg on the snake or an object"
    if any(sq in drawn or sq in sh.crossed or ground.object(sq) for sq in sh.apples) \
            or any(sq in drawn or ground.object(sq) for sq in sh.rotten):  # an egg may be drawn on apples lying there
        return "has apples where none can lie (on the snake, an object or a crossed-out square)"
    if len(body) - len(sh.caves) > flips * (2 * snake.length + len(snake.abilities)):
        return f"has more squares moved than {flips} flips of a snake {snake.length} long could walk"
    return None
