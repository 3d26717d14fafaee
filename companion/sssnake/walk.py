"""A digital snake's move, square by square, under the rulebook's Movement, End of play, Terrain types and abilities.

A path is typed as directions (U up towards row 1, D, L, R; `R3` for RRR), squares (`5,7`: the next square), `@5,7`
for a start elsewhere (Digging, Diving, an egg hatching) and `/` between the two heads of a Two-headed snake. A step
that breaks a rule is refused (IllegalAction naming the rule and the square); a step that eliminates the snake ends
the walk with `out` saying why (the player confirms such a move).
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from companion.core.engine import IllegalAction
from companion.core.language import N_, _
from companion.core.numbers import whole
from companion.sssnake.actions import Square, shown, square, square_text
from companion.sssnake.ground import BACK, MOVES, Ground
from companion.sssnake.sheet import Sheet
from companion.sssnake.snake import Card

TOKEN = re.compile(r"\s*(?:(/)|(@?)(\d+),(\d+)|([UDLRudlr])(\d*))")
MAX_PATH = 256  # squares a path may enter: a sheet's all, more than any move (both heads together) can
# What a snake bumps into at a square: as it eliminates a step there, and as it keeps a dig or dive from coming up
BLOCKS = {"body": (N_("bites itself at {square}"), N_("{kind} cannot come up at {square}: the snake bites itself there")),
          "object": (N_("bumps into an immovable object at {square}"),
                     N_("{kind} cannot come up at {square}: the snake bumps into an immovable object there")),
          "egg": (N_("bumps into its own egg at {square} (eggs may not be passed through)"),
                  N_("{kind} cannot come up at {square}: the snake bumps into its own egg there")),
          "rocks": (N_("bumps into rocks at {square} (Climbing crosses them)"),
                    N_("{kind} cannot come up at {square}: the snake bumps into rocks there")),
          "foliage": (N_("moves on foliage at {square} before it is {paw} long (the fox's paw): eliminated"),
                      N_("{kind} cannot come up at {square}: the snake moves on foliage there"))}


def parse(text: str) -> list[list[tuple]]:
    """The path's parts (one per head), each a list of ('step', direction), ('to', square) or ('at', square); a path
    entering more squares than a sheet has is refused as it is read, before it is expanded."""
    parts: list[list[tuple]] = [[]]
    pos, text, entered = 0, text.strip(), 0
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m:
            raise IllegalAction(_("cannot read the path at {text}; write steps as U D L R (R3 for RRR), squares as 5,7, "
                                  "a dig, dive or egg start as @5,7, and / between two heads").format(
                text=repr(text[pos:pos + 8].strip())))
        pos = m.end()
        if m.group(1):
            parts.append([])
            if len(parts) > 2:
                raise IllegalAction(_("a snake has at most two heads: one / in a path"))
            continue
        count = 1 if m.group(3) else whole(m.group(6) or "1", MAX_PATH)
        if not count:
            raise IllegalAction(_("a step count runs 1-{most} (R3 for RRR), not {count}").format(
                most=MAX_PATH, count=shown(m.group(6))))
        entered += count
        if entered > MAX_PATH:
            raise IllegalAction(_("a path enters at most {most} squares (all of a sheet's), more than any snake moves "
                                  "in a turn; type this turn's move, like R3 D2").format(most=MAX_PATH))
        if m.group(3):
            parts[-1].append(("at" if m.group(2) else "to", square(f"{m.group(3)},{m.group(4)}")))
        else:
            parts[-1] += [("step", m.group(5).upper())] * count
    return parts


def text(parts: list[list[tuple]]) -> str:
    """The canonical typed form: runs of one direction as R3, squares as 5,7 and @5,7, heads split by /."""
    out = []
    for part in parts:
        words, run = [], None
        for kind, value in part + [("end", None)]:
            if run and (kind != "step" or value != run[0]):
                words.append(run[0] + (str(run[1]) if run[1] > 1 else ""))
                run = None
            if kind == "step":
                run = (value, run[1] + 1) if run else (value, 1)
            elif kind in ("to", "at"):
                words.append(("@" if kind == "at" else "") + square_text(value))
        out.append(" ".join(words))
    return " / ".join(out)


class Turn:
    """What the move may use: the snake's length at the start of the turn, its squares to move (lo-hi), its abilities
    this turn (a Nocturnal snake's borrowed card among them), the golden apples still on the sheet, and `bumped`:
    a move logged before rules version 5, when a step into rocks eliminated the snake instead of being refused."""

    def __init__(self, length: int, lo: int, hi: int, abilities, golden=(), bumped: bool = False):
        self.length, self.lo, self.hi = length, lo, hi
        self.abilities = frozenset(abilities)
        self.golden = frozenset(golden)
        self.bumped = bumped


class Walk:
    """One move in progress on a sheet it does not change until `commit`."""

    def __init__(self, ground: Ground, sheet: Sheet, turn: Turn):
        self.ground, self.sheet, self.turn = ground, sheet, turn
        self.body = set(sheet.body)
        self.eggs = sheet.egg_squares()
        self.drawn: list[Square] = []
        self.heads, self.last = list(sheet.heads), list(sheet.last)
        self.head = self.steps = self.crossings = 0
        self.fresh = self.rotten = self.eaten = 0
        self.golden: list[Square] = []
        self.ate_last = self.dived = False  # dived: the last step went from other ground into water (Diving comes up)
        self.out: str | None = None
        self.jumps: list[tuple[Square, Square]] = []
        self.moved: set[int] = set()
        self.hatched: Square | None = None

    def has(self, card: int) -> bool:
        return card in self.turn.abilities

    @property
    def wrap(self) -> bool:
        return self.has(Card.INTELLIGENT)

    def begin(self, k: int) -> None:
        """Start moving head `k`; the second head starts at the X (Two-headed) the first time."""
        self.head = k
        self.dived = False  # a dive is this head's: the other head's last step into water lets this one come up nowhere
        if k == 1:
            if not self.has(Card.TWO_HEADED) or not self.sheet.split:
                raise IllegalAction(_("only a Two-headed snake with its X drawn moves two heads (/ in the path)"))
            if len(self.heads) == 1:
                self.heads.append(self.sheet.split)
                self.last.append(None)

    def at(self) -> Square:
        return self.heads[self.head]

    def blocked(self, sq: Square) -> str | None:
        """What the snake bumps into or may not cross at a square, as End of play words it (a key of BLOCKS); None
        when it may enter."""
        g = self.ground
        if sq in self.body:
            return "body"
        if g.object(sq):
            return "object"
        if sq in self.eggs:
            return "egg"
        letter = g.letter(sq)
        if letter == "r" and not self.has(Card.CLIMBING):
            if not self.turn.bumped:
                raise IllegalAction(_("snakes cannot move across rocks (Terrain types): not {square}; only Climbing "
                                      "crosses them").format(square=square_text(sq)))
            return "rocks"
        if letter == "f" and g.paw and self.turn.length < g.paw:
            return "foliage"
        return None

    def step(self, d: str) -> None:
        """One square in direction `d` ("Movement"): never back the way it came; a Flexible snake jumps one square of
        itself in a straight line; past the edge only when Intelligent."""
        self.alive()
        self.room()
        if self.last[self.head] and d == BACK[self.last[self.head]]:
            raise IllegalAction(_("a snake moves in any direction except the one it came from (Movement): not "
                                  "{direction} from {square}").format(direction=d, square=square_text(self.at())))
        here = self.at()
        to = self.ground.next(here, d, self.wrap)
        if to is None:
            return self.eliminate(_("bumps into the edge of the board at {square}").format(square=square_text(here)))
        over = None
        if to in self.body and self.has(Card.FLEXIBLE):
            over, to = to, self.ground.next(to, d, self.wrap)
            if to is None:
                return self.eliminate(_("jumps over itself at {square} into the edge of the board").format(
                    square=square_text(over)))
        for a, b in ((here, over), (over, to)) if over else ((here, to),):
            if self.ground.crosses(a, b):
                self.crossings += 1
        if self.crossings >= 2:
            return self.eliminate(_("crosses the falcon's line of shadow a second time, at {square} (Sahara's "
                                    "falcon)").format(square=square_text(to)))
        why = self.blocked(to)
        if why:
            return self.eliminate(_(BLOCKS[why][0]).format(square=square_text(to), paw=self.ground.paw))
        self.dived = self.ground.letter(to) == "w" and self.ground.letter(here) != "w"
        self.enter(to, d)

    def enter(self, to: Square, d: str | None) -> None:
        """Draw the square as snake and eat what lies there; it counts as one square of the move."""
        self.body.add(to)
        self.drawn.append(to)
        self.heads[self.head], self.last[self.head] = to, d
        self.steps += 1
        self.moved.add(self.head)
        n = 0 if to in self.sheet.crossed else self.sheet.apples.get(to, 0)
        if to in self.sheet.rotten:
            self.rotten += n
        else:
            self.fresh += n
        gold = to in self.turn.golden
        if gold:
            self.golden.append(to)
        self.eaten += n + gold
        self.ate_last = bool(n or gold)

    def jump(self, sq: Square) -> None:
        """`@C,R`: a start elsewhere. Hatching: the first square of a move after an egg hatched. Digging: the first
        square of a head that ended its last turn on sand, to any other sand square (quicksand is not sand), counting
        as a square of the move. Diving: right after moving into water from other ground, from any other water
        square, counting as a square of the move too (the rulebook leaves this open; like Digging here)."""
        self.alive()
        g, here = self.ground, self.heads[self.head] if self.heads else None
        if not g.on(sq):
            raise IllegalAction(_("{square} is off the sheet").format(square=square_text(sq)))
        if here is None:
            if sq not in self.sheet.eggs[0]:
                eggs = ", ".join(map(square_text, self.sheet.eggs[0]))
                raise IllegalAction(_("the snake hatches from one of its eggs ({eggs}), not {square} (Offspring)")
                                    .format(eggs=eggs, square=square_text(sq)))
            self.heads, self.last = [sq], [None]
            self.eggs -= set(self.sheet.eggs[0])  # "Cross out the other two eggs": no longer in the new snake's way
            self.body.add(sq)
            self.drawn.append(sq)
            self.hatched = sq
            return
        ended = self.head < len(self.sheet.heads) and here not in self.sheet.caves  # not a cave, an egg or a new X
        first = self.head not in self.moved and ended  # Digging: "When a snake ends its turn on a sand square"
        if first and g.letter(here) == "s" and self.has(Card.DIGGING):
            kind, letter = "Digging", "s"
        elif self.dived and self.has(Card.DIVING):
            kind, letter = "Diving", "w"
        else:
            raise IllegalAction(_("the snake cannot come up at {square}: Digging starts a move from sand it ended on, "
                                  "Diving goes on from water it just entered, an egg only after an elimination").format(
                square=square_text(sq)))
        if g.letter(sq) != letter or sq == here:
            raise IllegalAction((_("{kind} comes up on another sand square, not {square}") if letter == "s" else
                                 _("{kind} comes up on another water square, not {square}")).format(
                kind=_(kind), square=square_text(sq)))
        why = self.blocked(sq)
        if why:
            raise IllegalAction(_(BLOCKS[why][1]).format(kind=_(kind), square=square_text(sq)))
        self.room()
        self.jumps.append((here, sq))
        self.dived = False
        self.enter(sq, None)

    def to(self, sq: Square) -> None:
        """A square named instead of a direction: the next square (or, Flexible, the one past a square of itself)."""
        self.alive()
        here = self.at()
        for d in MOVES:
            one = self.ground.next(here, d, self.wrap)
            two = one and self.ground.next(one, d, self.wrap)
            if one == sq or (two == sq and one in self.body and self.has(Card.FLEXIBLE)):
                return self.step(d)
        raise IllegalAction(_("{square} is not next to the head at {head}; a snake moves one square at a time, "
                              "horizontally or vertically (Movement)").format(square=square_text(sq),
                                                                             head=square_text(here)))

    def room(self) -> None:
        """A square past the most the snake moves is refused: the snake stopped before it, whatever lies there."""
        if self.steps >= self.turn.hi:
            raise IllegalAction(_("the snake moves {need} squares this turn, not {steps} or more (Movement)").format(
                need=self.need(), steps=self.steps + 1))

    def need(self) -> str:
        lo, hi = self.turn.lo, self.turn.hi
        return str(lo) if lo == hi else f"{lo}-{hi}"

    def alive(self) -> None:
        if self.out:
            raise IllegalAction(_("the path goes on after the snake {out}: it is eliminated there").format(out=self.out))

    def eliminate(self, why: str) -> None:
        self.out = why
        self.moved.add(self.head)

    def take(self, kind: str, value: Any) -> None:
        """One part of a path as parsed: a step in a direction, a walk to a square, a jump to a square."""
        part: dict[str, Callable[[Any], None]] = {"step": self.step, "to": self.to, "at": self.jump}
        part[kind](value)

    def run(self, parts: list[list[tuple]]) -> Walk:
        for k, part in enumerate(parts):
            if self.out:
                if part:
                    self.alive()
                continue
            self.begin(k)
            if not self.heads and not self.sheet.eggs:  # one clear refusal rather than an IndexError below
                raise IllegalAction(_("the snake was eliminated and has no egg to hatch from (Offspring)"))
            if not self.heads and (not part or part[0][0] != "at"):
                raise IllegalAction(_("the snake hatches from an egg: start the path with @COLUMN,ROW of one of its "
                                      "eggs ({eggs})").format(eggs=", ".join(map(square_text, self.sheet.eggs[0]))))
            for kind, value in part:
                self.take(kind, value)
        if not self.out:
            self.finish()
        return self

    def finish(self) -> None:
        """The move's end: as many squares as the snake moves (fewer at the third or later apple with Winter stores),
        then each head that moved on ground it may end on (Terrain types)."""
        lo, hi = self.turn.lo, self.turn.hi
        stores = self.has(Card.WINTER_STORES) and self.ate_last and self.eaten >= 3 and self.steps <= hi
        if not stores and not lo <= self.steps <= hi:
            raise IllegalAction(_("the snake moves {need} squares this turn, not {steps} (Movement)").format(
                need=self.need(), steps=self.steps))
        for k in sorted(self.moved):
            sq, letter = self.heads[k], self.ground.letter(self.heads[k])
            if letter == "w" and not self.has(Card.SWIMMING):
                return self.eliminate(_("ends its move on water at {square} (Swimming ends there)").format(
                    square=square_text(sq)))
            if letter == "q":
                return self.eliminate(_("ends its move on quicksand at {square}").format(square=square_text(sq)))

    def ending(self) -> str:
        """Where the move ended, as actions.ENDINGS letters: snow before ice when two heads end on both (the
        rulebook is silent; the stricter), shade on either head."""
        ends = [self.heads[k] for k in sorted(self.moved)] or self.heads
        letters = {self.ground.letter(sq) for sq in ends}
        end = "s" if "n" in letters else "i" if "i" in letters else ""
        return end + ("h" if any(self.ground.shade(sq) for sq in ends) else "")

    def stole(self) -> Square | None:
        """Thieving: the move ended on a square of fresh apples (the first head that did)."""
        if not self.has(Card.THIEVING) or self.out:
            return None
        for k in sorted(self.moved):
            sq = self.heads[k]
            if self.sheet.apples.get(sq) and sq not in self.sheet.rotten and sq not in self.sheet.crossed:
                return sq
        return None

    def commit(self) -> Sheet:
        """The sheet after the move: the snake drawn, what it ate gone, an egg hatched (the others crossed out)."""
        sh = self.sheet.copy()
        sh.body += self.drawn
        for sq in self.drawn:
            sh.apples.pop(sq, None)
            sh.rotten.discard(sq)
        sh.heads, sh.last, sh.jumps = list(self.heads), list(self.last), sh.jumps + self.jumps
        if self.hatched:
            sh.eggs.pop(0)
            sh.caves.append(self.hatched)
        return sh


def walk(ground: Ground, sheet: Sheet, turn: Turn, path: str | list) -> Walk:
    """Walk a typed path (or parsed parts) on a sheet; refused steps raise IllegalAction, eliminations set `out`."""
    return Walk(ground, sheet, turn).run(parse(path) if isinstance(path, str) else path)
