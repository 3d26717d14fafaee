"""`companion snits map`: the Bolotomus drawn in the terminal, organ by organ and as a character sketch; compact,
the sketch and the score in an 80 x 24 terminal."""
from __future__ import annotations

import os
import shutil
import sys
from typing import Any

from companion.core.language import _
from companion.shared.lines import wrap
from companion.shared.snits.text import WAYS, counters_at, headline, hidden_marks, load, plain, summary
from companion.snits.movement import capacity


def map_text(state, bolotomus_eyes: bool = False, paint=plain) -> str:
    """Each organ: its Snorg, the Snits and thingies in it, and its passages with what is used this phase."""
    board = state.board
    hidden = hidden_marks(state) if bolotomus_eyes else {}
    rows = [headline(state), sketch(state, paint), ""]
    for o in board.organs:
        snorg = _("printed") if not o.snorg else ("Snorg" if state.snorgs[o.index] else paint(_("no Snorg"), "red"))
        roles = [r for r, on in ((_("orifice"), o.orifice), (_("compositor"), o.compositor),
                                 (_("smasher"), o.smasher)) if on]
        head = f"{o.name}{' (' + ', '.join(roles) + ')' if roles else ''}"
        secret = hidden.get(o.index)
        rows.append(f"{head:<36} {snorg}{paint(secret, 'cyan') if secret else ''}")
        who = counters_at(state, o.index, paint)
        if who:
            rows.append(wrap("    " + who, " " * 8))
        ways = []
        for there, p in board.neighbours(o.index):
            note = load(state.used.get(p.index, 0), capacity(state, p.kind))
            ways.append(f"{WAYS[p.kind]}{board.organs[there].name}{note}")
        rows.append(wrap("    " + _("to: {ways}").format(ways=", ".join(ways)), " " * 8))
    rows += ["", wrap(_("Sketch: [xGlut 2s 1r 3m]: the Glut's Snorg is dead (x), 2 Snits, 1 Runnungitm and 3 Makums "
                        "are in it. Passages: = channel, - canal (. in the sketch), ~ red canal (never Snits), # used "
                        "up this phase. Snits: name, speed, L lightning, H hammer."), ""),
             summary(state)]
    return "\n".join(rows)


def compact_text(state, bolotomus_eyes: bool = False, paint=plain) -> str:
    """The headline, the sketch, its key and the score in an 80 x 24 terminal: counts, not names (`snits status
    NAME` finds one counter); the Bolotomus' eyes add where the Spark and Splops lie. The sketch takes the lines
    the rest leaves."""
    width, lines = COMPACT
    rows = [wrap(line, width=width) for line in (
        _("e.g. [xGlut 2s 1r 3m]: Glut, Snorg dead, 2 Snits, 1 Runnungitm, 3 Makums in it"),
        _("Passages: = channel, . canal, ~ red canal (never Snits), # used up this phase"),
        _("Find one: `companion snits status NAME`; all by name: `companion snits status`"))]
    if bolotomus_eyes and state.placement:
        p, board = state.placement, state.board
        spark = [_("Spark: {organ}").format(organ=board.organs[p.spark].name)] if p.spark is not None else []
        splops = ", ".join(board.organs[o].name + (_(" (gone off)") if o in state.popped else "") for o in p.splops)
        rows.append(wrap(_("Bolotomus' eyes only: {where}").format(
            where="; ".join([*spark, _("Splops: {organs}").format(organs=splops or _("none"))])), width=width))
    rows += [wrap(line, width=width) for line in clans_lines(state)]
    rows.append(summary(state, width))
    left = lines - 1 - sum(len(r.splitlines()) for r in rows)  # a sketch of height h draws at most h - 1 lines
    return "\n".join([headline(state), sketch(state, paint, width, max(MIN_SKETCH, left + 1)), *rows])


def clans_lines(state) -> list[str]:
    """With several clans, whose Snits stand in each organ (the sketch only counts them) and who carries the Spark
    or where it lies once the clans fight for it; nothing for one clan."""
    from companion.shared.snits.text import tag
    from companion.snits.pieces import clan_name, snit

    if state.players < 2:
        return []
    board = state.board
    where = []
    for o in board.organs:
        clans = [snit(cid).clan for cid, at in enumerate(state.snits) if at == o.index]
        if clans:
            where.append((o.short or o.name) + " " + " ".join(f"{clan_name(k)[0]}{clans.count(k)}" for k in sorted(set(clans))))
    lines = [_("Snits by clan: {where}").format(where="; ".join(where) or _("none on the map"))]
    if state.holder is not None:
        at = state.snits[state.holder]
        carrier = tag(state.holder, state.players)
        lines.append(_("The Spark of Life: carried by {snit} in the {organ}").format(
            snit=carrier, organ=board.organs[at].name) if 0 <= at < len(board.organs) else
            _("The Spark of Life: carried by {snit}").format(snit=carrier))
    elif state.lies is not None:
        lines.append(_("The Spark of Life lies in the {organ}").format(organ=board.organs[state.lies].name))
    return lines


def fitted(state, bolotomus_eyes: bool = False, paint=plain, compact: bool | None = None) -> str:
    """The full map, or the compact one where asked (`compact`) or, unasked, where a terminal is too small for the
    full one: a player at 80 x 24 sees the map without scrolling."""
    full = map_text(state, bolotomus_eyes, paint)
    if compact is None:
        compact = sys.stdout.isatty() and too_small(full, shutil.get_terminal_size((0, 0)))
    return compact_text(state, bolotomus_eyes, paint) if compact else full


def too_small(text: str, size: tuple[int, int]) -> bool:
    """The terminal (columns, lines; 0 unknown) shows less than the whole text."""
    columns, lines = size
    return 0 < lines < len(text.splitlines()) or 0 < columns < max(map(len, text.splitlines()))


SKETCH_W, SKETCH_H = 96, 24
COMPACT = (80, 24)  # the terminal `map --compact` fits: columns, lines
MIN_SKETCH = 8  # the compact sketch's least height, however long the score
LINE = {"channel": "=", "canal": ".", "red": "~"}


def sketch(state, paint=plain, width: int = SKETCH_W, height: int = SKETCH_H) -> str:
    """The Bolotomus drawn in characters: organs where the map has them, passages as lines (= channel, . canal,
    ~ red canal, # used up this phase); each organ shows x (Snorg dead) and how many Snits (2s), Runnungitms (1r)
    and Makums (3m) are in it: a count, never a counter's name."""
    board = state.board
    grid = [[" "] * width for _ in range(height)]

    def spot(o):
        return round(o.x / 100 * (width - 16)) + 4, round(o.y / 100 * (height - 2)) + 1

    for p in board.passages:
        (x0, y0), (x1, y1) = spot(board.organs[p.a]), spot(board.organs[p.b])
        full = state.used.get(p.index, 0) >= capacity(state, p.kind)
        steps = max(abs(x1 - x0), abs(y1 - y0), 1)
        for i in range(steps + 1):
            cell = paint("#", "yellow") if full else LINE[p.kind]
            grid[round(y0 + (y1 - y0) * i / steps)][round(x0 + (x1 - x0) * i / steps)] = cell
    rows: dict[int, list[tuple[int, str, bool]]] = {}
    for o in board.organs:
        x, y = spot(o)
        counts = [(sum(1 for p in state.snits if p == o.index), "s"), (state.runs.count(o.index), "r"),
                  (state.makums.count(o.index), "m")]
        dead = o.snorg and not state.snorgs[o.index]
        label = "[" + ("x" if dead else "") + o.short + "".join(f" {n}{letter}" for n, letter in counts if n) + "]"
        rows.setdefault(y, []).append((x - len(label) // 2, label, dead))
    for y, labels in sorted(rows.items()):
        for x, label, dead in placed(sorted(labels), width):
            cells = list(label)
            if dead:
                cells[1] = paint("x", "red")
            grid[y][x:x + len(label)] = cells
    return "\n".join("".join(row).rstrip() for row in grid).strip("\n")


def placed(labels: list[tuple[int, str, bool]], width: int) -> list[tuple[int, str, bool]]:
    """One line's organ labels, left to right where wished, moved apart so that none hides another (a space
    between) and none runs off the `width`; labels that cannot all fit share the room evenly, cut short."""
    room = max(1, (width + 1) // len(labels) - 1)
    if sum(len(label) + 1 for _, label, _ in labels) - 1 > width:
        labels = [(x, label if len(label) <= room else label[:room - 1] + "]", dead) for x, label, dead in labels]
    out: list[list[Any]]  # [x, label, dead], x pushed along in place
    out, at = [], 0
    for x, label, dead in labels:
        x = max(at, x)
        out.append([x, label, dead])
        at = x + len(label) + 1
    end = width  # pushed back from the right edge, each label left of the next
    for item in reversed(out):
        item[0] = min(item[0], end - len(item[1]))
        end = item[0] - 1
    return [(max(0, x), label, dead) for x, label, dead in out]


def painter(no_color: bool = False):
    """Clan colours where the terminal shows them: not with --no-color, NO_COLOR, or output to a file or a pipe."""
    if no_color or os.environ.get("NO_COLOR") or not coloured():
        return plain
    return lambda text, colour: f"\x1b[{ANSI_COLOURS[colour]}m{text}\x1b[0m"


ANSI_COLOURS = {"black": 30, "red": 31, "green": 32, "yellow": 33, "blue": 34, "magenta": 35, "cyan": 36, "white": 37}


def coloured() -> bool:
    """Output goes to a terminal that shows colour."""
    return sys.stdout.isatty() and os.environ.get("TERM") != "dumb"
