"""Small hand-drawn sheets for the walk tests: a block of terrain letters and a block of marks, row 1 on top.

Terrain: g grassland, w water, s sand, q quicksand, r rocks, n snow, i ice, f foliage.
Marks, the same shape ('.' nothing there):
  C the cave; `path` draws the body from it (directions, `R3` for RRR, worked out here and not by walk.py) and the marks
    show that body as '=' with the head 'H', so a test's drawing and its body path are checked against each other
  1-9 that many fresh apples; r one rotten apple; G a printed golden apple (Fjord)
  x a crossed-out square; E an Offspring egg (three make a set, in reading order); X Two-headed's split (on the body)
  # an immovable object (a tree); o shade
Squares are (column, row), counted from 1 at the top left.
"""
from __future__ import annotations

import re

from companion.sssnake.ground import Ground
from companion.sssnake.sheet import Sheet
from companion.sssnake.walk import Turn, walk

STEP = {"U": (0, -1), "D": (0, 1), "L": (-1, 0), "R": (1, 0)}


def block(text: str) -> list[str]:
    return [line.strip() for line in text.strip().splitlines()]


class Drawn:
    def __init__(self, ground: Ground, sheet: Sheet):
        self.ground, self.sheet = ground, sheet

    def walk(self, path, length=4, abilities=(), lo=None, hi=None, golden=None):
        """The move under a Turn: `length` squares unless lo/hi say otherwise; golden apples default to the marks'."""
        lo = length if lo is None else lo
        hi = length if hi is None else hi
        golden = self.ground.golden if golden is None else golden
        return walk(self.ground, self.sheet, Turn(length, lo, hi, abilities, golden), path)


def draw(terrain: str, marks: str | None = None, path: str = "", *, falcon=None, paw=None, out=False) -> Drawn:
    """`out`: the snake was eliminated last round (no head: the next move hatches from an egg)."""
    rows = block(terrain)
    marks_rows = block(marks) if marks else ["." * len(rows[0])] * len(rows)
    assert len(marks_rows) == len(rows) and all(len(m) == len(rows[0]) for m in marks_rows), "blocks differ in shape"
    overlay, apples, rotten, crossed, eggs, golden, drawn = [], {}, set(), set(), [], [], set()
    cave = split = head = None
    for r, line in enumerate(marks_rows, 1):
        overlay.append("".join("T" if ch == "#" else "o" if ch == "o" else "." for ch in line))
        for c, ch in enumerate(line, 1):
            sq = (c, r)
            if ch.isdigit():
                apples[sq] = int(ch)
            elif ch == "r":
                apples[sq] = 1
                rotten.add(sq)
            elif ch == "x":
                crossed.add(sq)
            elif ch == "E":
                eggs.append(sq)
            elif ch == "G":
                golden.append(sq)
            elif ch == "C":
                cave = sq
            elif ch in "=HX":
                drawn.add(sq)
                split = sq if ch == "X" else split
                head = sq if ch == "H" else head
            else:
                assert ch in ".#o", f"unknown mark {ch!r}"
    ground = Ground(rows, overlay, falcon, paw, golden=tuple(golden))
    body, last = [cave] if cave else [], None
    for d, n in re.findall(r"([UDLR])(\d*)", path):
        for _ in range(int(n or 1)):
            last = d
            body.append((body[-1][0] + STEP[d][0], body[-1][1] + STEP[d][1]))
    assert set(body[1:]) == drawn, f"the marks show the body {sorted(drawn)}, the path draws {body[1:]}"
    assert head is None or head == body[-1], f"the marks' head {head} is not where the path ends, {body[-1]}"
    heads = [] if out or not body else [body[-1]]
    sheet = Sheet(body=body, caves=[cave] if cave else [], heads=heads, last=[last] if heads else [],
                  apples=apples, rotten=rotten, crossed=crossed, eggs=[eggs] if eggs else [], split=split)
    return Drawn(ground, sheet)
