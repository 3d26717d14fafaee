"""`companion snits map`: the Bolotomus drawn in the terminal, organ by organ and as a character sketch."""
from __future__ import annotations

import os
import sys

from companion.snits.movement import capacity
from companion.snits_text import counters_at, headline, hidden_marks, plain, summary, wrap


def map_text(state, bolotomus_eyes: bool = False, paint=plain) -> str:
    """Each organ: its Snorg, the Snits and thingies in it, and its passages with what is used this phase."""
    board = state.board
    hidden = hidden_marks(state) if bolotomus_eyes else {}
    rows = [headline(state), sketch(state, paint), ""]
    for o in board.organs:
        snorg = "printed" if not o.snorg else ("Snorg" if state.snorgs[o.index] else paint("no Snorg", "red"))
        roles = [r for r, on in (("orifice", o.orifice), ("compositor", o.compositor), ("smasher", o.smasher)) if on]
        head = f"{o.name}{' (' + ', '.join(roles) + ')' if roles else ''}"
        secret = hidden.get(o.index)
        rows.append(f"{head:<36} {snorg}{paint(secret, 'cyan') if secret else ''}")
        who = counters_at(state, o.index, paint)
        if who:
            rows.append(wrap("    " + who, " " * 8))
        ways = []
        for there, p in board.neighbours(o.index):
            cap = capacity(state, p.kind)
            used = state.used.get(p.index, 0)
            mark = {"channel": "=", "canal": "-", "red": "~"}[p.kind]
            note = f" {used}/{cap}" + (" FULL" if used >= cap else "") if used else ""
            ways.append(f"{mark}{board.organs[there].name}{note}")
        rows.append(wrap("    to: " + ", ".join(ways), " " * 8))
    rows += ["", wrap("Sketch: [xGlut 2s 1r 3m]: the Glut's Snorg is dead (x), 2 Snits, 1 Runnungitm and 3 Makums are "
                      "in it. Passages: = channel, - canal (. in the sketch), ~ red canal (never Snits), # used up "
                      "this phase. Snits: name, speed, L lightning, H hammer.", ""),
             summary(state)]
    return "\n".join(rows)


SKETCH_W, SKETCH_H = 96, 24
LINE = {"channel": "=", "canal": ".", "red": "~"}


def sketch(state, paint=plain) -> str:
    """The Bolotomus drawn in characters: organs where the map has them, passages as lines (= channel, . canal,
    ~ red canal, # used up this phase); each organ shows x (Snorg dead) and how many Snits (2s), Runnungitms (1r)
    and Makums (3m) are in it: a count, never a counter's name."""
    board = state.board
    grid = [[" "] * SKETCH_W for _ in range(SKETCH_H)]

    def spot(o):
        return round(o.x / 100 * (SKETCH_W - 16)) + 4, round(o.y / 100 * (SKETCH_H - 2)) + 1

    for p in board.passages:
        (x0, y0), (x1, y1) = spot(board.organs[p.a]), spot(board.organs[p.b])
        full = state.used.get(p.index, 0) >= capacity(state, p.kind)
        steps = max(abs(x1 - x0), abs(y1 - y0), 1)
        for i in range(steps + 1):
            cell = paint("#", "yellow") if full else LINE[p.kind]
            grid[round(y0 + (y1 - y0) * i / steps)][round(x0 + (x1 - x0) * i / steps)] = cell
    for o in board.organs:
        x, y = spot(o)
        counts = [(sum(1 for p in state.snits if p == o.index), "s"), (state.runs.count(o.index), "r"),
                  (state.makums.count(o.index), "m")]
        dead = "x" if o.snorg and not state.snorgs[o.index] else ""
        label = "[" + dead + o.short + "".join(f" {n}{letter}" for n, letter in counts if n) + "]"
        x = max(0, min(SKETCH_W - len(label), x - len(label) // 2))
        cells = list(label)
        if dead:
            cells[1] = paint("x", "red")
        grid[y][x:x + len(label)] = cells
    return "\n".join("".join(row).rstrip() for row in grid).strip("\n")


def painter(no_color: bool = False):
    """Clan colours where the terminal shows them: not with --no-color, NO_COLOR, or output to a file or a pipe."""
    import click

    if no_color or os.environ.get("NO_COLOR") or not coloured():
        return plain
    return lambda text, colour: click.style(text, fg=colour)


def coloured() -> bool:
    """Output goes to a terminal that shows colour."""
    return sys.stdout.isatty() and os.environ.get("TERM") != "dumb"
