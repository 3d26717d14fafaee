"""A digital player's sheet in the terminal: the 16 x 16 grid, each square its terrain letter and the pencil marks.

Every square shows its terrain letter (the same letter on every landscape; a capital in shade) before what is drawn
there, so an apple on rocks reads as one; every mark is a distinct pair of characters that is no terrain letter, so
the grid reads the same without colour (a pipe, NO_COLOR) as with it; colour only adds weight (bold, reverse video),
never meaning by red or green. Sahara's falcon line runs between the squares (- and | along their edges). Also the
links between the snake's squares (step, wrap, hop, jump), which the printed sheet draws too.
"""
from __future__ import annotations

from companion.core.language import N_, _, ngettext
from companion.sssnake.actions import Square
from companion.sssnake.ground import MOVES, Ground, ground
from companion.sssnake.sheet import Sheet

STEP, WRAP, HOP, JUMP = "step", "wrap", "hop", "jump"  # side by side; round the edge (Intelligent); over itself
#                                                        (Flexible); under the ground or water (Digging, Diving)
ARROW = {"U": "^", "D": "v", "L": "<", "R": ">", None: " "}
TERRAIN_NAMES = {"g": N_("grassland"), "w": N_("water"), "s": N_("sand"), "q": N_("quicksand"), "r": N_("rocks"),
                 "n": N_("snow"), "i": N_("ice"), "f": N_("foliage")}  # terrains.toml's letters, on every sheet
RESET = "\x1b[0m"
STYLE = {"terrain": "2", "shade": "4", "object": "2", "crossed": "2", "snake": "1", "head": "1;7", "split": "1;7",
         "fresh": "1", "rotten": "7", "golden": "1;4", "egg": "1", "pending": "4", "falcon": "1"}
#         SGR: 1 bold, 2 faint, 4 underline, 7 reverse
WIDTH = 80  # no line is wider
LEGEND = [N_("each square: its terrain letter (a capital in shade), then what is drawn there"),
          N_("@> head, last step"), N_("@C head on its cave"), N_("C> cave"), N_(">^<v snake, to next"),
          N_("X> split"), N_("O_ O> dig/dive in/out"), N_("o2 apples"), N_("*2 rotten"), N_("$1 golden"),
          N_("xx crossed"), N_("E1 eggs"), N_("## object"), N_("?1 to draw")]
FALCON = N_("-|+ the falcon's line (crossed twice in one move: out)")

Link = tuple[Square, Square, str, str | None]  # from, to, kind, direction (None for a jump)


def links(gr: Ground, sheet: Sheet) -> list[Link]:
    """How each square of the snake was drawn from an earlier one; caves and hatched eggs start a new line."""
    out: list[Link] = []
    drawn: list[Square] = []
    ends: list[Square] = []  # squares nothing has been drawn from yet, latest last
    for sq in sheet.body:
        if sq not in sheet.caves:
            found = _drawn_from(gr, sheet, drawn, ends, sq)
            if found:
                out.append(found)
                if found[0] in ends:
                    ends.remove(found[0])
        drawn.append(sq)
        ends.append(sq)
    return out


def _drawn_from(gr: Ground, sheet: Sheet, drawn: list[Square], ends: list[Square], sq: Square) -> Link | None:
    """The link into `sq`: from the square drawn just before, else from a loose end, else from the X."""
    for frm in dict.fromkeys([*drawn[-1:], *reversed(ends), *([sheet.split] if sheet.split else [])]):
        if (frm, sq) in sheet.jumps:
            return frm, sq, JUMP, None
        found = link(gr, frm, sq, set(drawn))
        if found:
            return frm, sq, *found
    return None


def link(gr: Ground, a: Square, b: Square, body: set[Square]) -> tuple[str, str] | None:
    """(kind, direction) of a move from `a` to `b`: a step, a step round the edge, or a hop over the snake."""
    for d in MOVES:
        one = gr.next(a, d, wrap=True)
        if one == b:
            return (STEP if gr.next(a, d, wrap=False) else WRAP), d
        if one in body and gr.next(one, d, wrap=True) == b:
            return (HOP if gr.next(one, d, wrap=False) and gr.next(a, d, wrap=False) else WRAP), d
    return None


def marks(gr: Ground, sheet: Sheet, golden_gone=(), tricky: bool = False) -> dict[Square, tuple[str, str]]:
    """What is drawn on each square, two characters and their style; blank where nothing is."""
    cells = {sq: ("  ", "terrain") for sq in gr.squares()}
    gone = set(map(tuple, golden_gone))
    cells.update({sq: ("##", "object") for sq in gr.squares() if gr.object(sq)})
    if sheet.pending:
        cells.update({sq: ("?" + _count(sheet.pending[2]), "pending") for sq in _pending_squares(sheet, tricky)})
    for sq in map(tuple, gr.golden):
        cells[sq] = ("xx", "crossed") if sq in gone else ("$1", "golden")  # eaten: everyone crosses it out (Fjord)
    for sq, n in sheet.apples.items():
        cells[sq] = ("*" if sq in sheet.rotten else "o") + _count(n), "rotten" if sq in sheet.rotten else "fresh"
    cells.update({sq: ("xx", "crossed") for sq in sheet.crossed})
    cells.update({sq: (f"E{k}", "egg") for k, group in enumerate(sheet.eggs, 1) for sq in group})
    cells.update(_snake(gr, sheet))
    return cells


def terrain_mark(gr: Ground, sq: Square) -> tuple[str, str]:
    """A square's terrain letter, a capital in shade, and its style."""
    letter = gr.letter(sq)
    return (letter.upper(), "shade") if gr.shade(sq) else (letter, "terrain")


def _snake(gr: Ground, sheet: Sheet) -> dict[Square, tuple[str, str]]:
    """The snake: arrows towards the next square, caves, dig/dive holes, the X and the heads on top."""
    cells = {sq: (" " + ARROW[None], "snake") for sq in sheet.body}
    for a, b, kind, d in links(gr, sheet):
        if kind == JUMP:
            cells[a], cells[b] = ("O_", "snake"), ("O" + cells[b][0][1], "snake")
        elif cells[a][0][1] == " ":
            cells[a] = (cells[a][0][0] + ARROW[d], "snake")
    cells.update({sq: ("C" + cells[sq][0][1], "snake") for sq in sheet.caves if sq in cells})
    if sheet.split:
        cells[sheet.split] = ("X" + cells.get(sheet.split, ("  ",))[0][1], "split")
    for sq, d in zip(sheet.heads, sheet.last + [None] * 2, strict=False):
        cells[sq] = ("@" + ("C" if d is None and sq in sheet.caves else ARROW[d]), "head")
    return cells


def _count(n: int) -> str:
    """One character for how many apples lie there: 1-9, then +."""
    return str(n) if n <= 9 else "+"


def _pending_squares(sheet: Sheet, tricky: bool) -> list[Square]:
    """Where this round's apple may land: as the card says, or the coordinates switched (Tricky)."""
    col, row = sheet.pending[:2]
    return list(dict.fromkeys([(col, row)] + [(row, col)] * tricky))


def sheet_lines(slug: str, sheet: Sheet, colour: bool, golden_gone=(), tricky: bool = False) -> list[str]:
    """The grid with column numbers on top and row numbers at both sides, the falcon's line between the squares,
    then the legend; at most 80 columns; `tricky`: the snake may swap this round's apple's coordinates."""
    gr = ground(slug)
    cells = marks(gr, sheet, golden_gone, tricky)
    top = ("  " + "".join(f" {c:>3}" for c in range(1, gr.width + 1))).rstrip()
    lines = [top]
    for r in range(1, gr.height + 1):
        row = "".join(_paint(_edge(gr, x, r), "falcon", colour) + _paint(*terrain_mark(gr, (x + 1, r)), colour)
                      + _paint(*cells[(x + 1, r)], colour) for x in range(gr.width))
        lines.append(f"{r:>2}{row}{_paint(_edge(gr, gr.width, r), 'falcon', colour)}{r}")
        if r < gr.height and any(((x, r), (x + 1, r)) in gr.falcon for x in range(gr.width)):
            lines.append(_paint(_falcon_between(gr, r), "falcon", colour))
    legend = _packed([_(entry) for entry in LEGEND + [FALCON] * bool(gr.falcon)]) + _packed(_terrain_legend(gr))
    return lines + [top] + legend + _pending_line(sheet, tricky)


def _edge(gr: Ground, x: int, r: int) -> str:
    """The column left of square x + 1 in row r: the falcon's line where it runs down that edge."""
    return "|" if ((x, r - 1), (x, r)) in gr.falcon else " "


def _falcon_between(gr: Ground, y: int) -> str:
    """The line between rows y and y + 1 where the falcon's line runs along it: - along an edge, + at a bend."""
    def corner(x: int) -> str:
        across = {((x - 1, y), (x, y)), ((x, y), (x + 1, y))} & gr.falcon
        down = {((x, y - 1), (x, y)), ((x, y), (x, y + 1))} & gr.falcon
        return "+" if across and down else "-" if across else "|" if down else " "
    return ("  " + "".join(corner(x) + ("---" if ((x, y), (x + 1, y)) in gr.falcon else "   ")
                           for x in range(gr.width)) + corner(gr.width)).rstrip()


def _paint(text: str, style: str, colour: bool) -> str:
    """A mark in its ANSI style (blank squares plain), or as it is without colour."""
    return f"\x1b[{STYLE[style]}m{text}{RESET}" if colour and text.strip() else text


def _packed(words: list[str]) -> list[str]:
    """Legend entries two spaces apart, as many to a line as fit."""
    lines = [""]
    for word in words:
        if lines[-1] and len(lines[-1]) + 2 + len(word) > WIDTH:
            lines.append("")
        lines[-1] += ("  " if lines[-1] else "") + word
    return lines


def _terrain_legend(gr: Ground) -> list[str]:
    """The terrain letters this sheet has (a capital: in shade)."""
    there = {gr.letter(sq) for sq in gr.squares()}
    paw = " " + _("(length {paw}+)").format(paw=gr.paw) if gr.paw else ""
    words = [f"{k} {_(name)}{paw if k == 'f' else ''}" for k, name in TERRAIN_NAMES.items() if k in there]
    words[0] = _("terrain: {first}").format(first=words[0])
    return words


def _pending_line(sheet: Sheet, tricky: bool) -> list[str]:
    """Where this round's apple will be drawn once the Tricky player has chosen."""
    if not sheet.pending:
        return []
    col, row, n, rotten = sheet.pending
    where = _(" or ").join(f"{c},{r}" for c, r in _pending_squares(sheet, tricky))
    kind = ngettext("this round's rotten apple ({count}), not yet drawn: {squares}",
                    "this round's rotten apples ({count}), not yet drawn: {squares}", n) if rotten else \
        ngettext("this round's apple ({count}), not yet drawn: {squares}",
                 "this round's apples ({count}), not yet drawn: {squares}", n)
    return [f"?{_count(n)} " + kind.format(count=n, squares=where)]
