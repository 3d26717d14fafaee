"""A digital player's sheet in the terminal: the 16 x 16 grid with the terrain faint and the pencil marks over it.

Every mark is a distinct pair of characters, so the grid reads the same without colour (a pipe, NO_COLOR) as with
it; colour only adds weight (bold, reverse video), never meaning by red or green. Also the links between the
snake's squares (step, wrap, hop, jump), which the printed sheet draws too.
"""
from __future__ import annotations

from companion.sssnake.actions import Square
from companion.sssnake.ground import MOVES, Ground, ground
from companion.sssnake.sheet import Sheet

STEP, WRAP, HOP, JUMP = "step", "wrap", "hop", "jump"  # side by side; round the edge (Intelligent); over itself
#                                                        (Flexible); under the ground or water (Digging, Diving)
ARROW = {"U": "^", "D": "v", "L": "<", "R": ">", None: " "}
TERRAIN_NAMES = {"g": "grass", "w": "water", "s": "sand", "q": "quicksand", "r": "rocks", "n": "snow", "i": "ice",
                 "f": "foliage"}
SHADE = "'"  # before the terrain letter of a shaded square
RESET = "\x1b[0m"
STYLE = {"terrain": "2", "object": "2", "crossed": "2", "snake": "1", "head": "1;7", "split": "1;7", "fresh": "1",
         "rotten": "7", "golden": "1;4", "egg": "1", "pending": "4"}  # SGR: 1 bold, 2 faint, 4 underline, 7 reverse
WIDTH = 80  # no line is wider
LEGEND = ["@> head, last step  C cave  >^<v snake, to next  X split  O_ O> dig/dive in/out",
          "o2 apples  *2 rotten  G1 golden  xx crossed  E1 eggs  ## object  ?1 to draw"]

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
    """Each square's two characters and style, the terrain where nothing is drawn."""
    letters = terrain_letters(gr)
    cells = {sq: ((SHADE if gr.shade(sq) else " ") + letters[gr.letter(sq)], "terrain") for sq in gr.squares()}
    gone = set(map(tuple, golden_gone))
    cells.update({sq: ("##", "object") for sq in gr.squares() if gr.object(sq)})
    if sheet.pending:
        cells.update({sq: ("?" + _count(sheet.pending[2]), "pending") for sq in _pending_squares(sheet, tricky)})
    for sq in map(tuple, gr.golden):
        cells[sq] = ("xx", "crossed") if sq in gone else ("G1", "golden")  # eaten: everyone crosses it out (Fjord)
    for sq, n in sheet.apples.items():
        cells[sq] = ("*" if sq in sheet.rotten else "o") + _count(n), "rotten" if sq in sheet.rotten else "fresh"
    cells.update({sq: ("xx", "crossed") for sq in sheet.crossed})
    cells.update({sq: (f"E{k}", "egg") for k, group in enumerate(sheet.eggs, 1) for sq in group})
    cells.update(_snake(gr, sheet))
    return cells


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
    cells.update({sq: ("@" + ARROW[d], "head") for sq, d in zip(sheet.heads, sheet.last + [None] * 2)})
    return cells


def terrain_letters(gr: Ground) -> dict[str, str]:
    """Each terrain as its lower-case letter, the sheet's commonest as a dot so the marks stand out."""
    there = [gr.letter(sq) for sq in gr.squares()]
    common = max(TERRAIN_NAMES, key=there.count)
    return {k: "." if k == common else k for k in TERRAIN_NAMES}


def _count(n: int) -> str:
    """One character for how many apples lie there: 1-9, then +."""
    return str(n) if n <= 9 else "+"


def _pending_squares(sheet: Sheet, tricky: bool) -> list[Square]:
    """Where this round's apple may land: as the card says, or the coordinates switched (Tricky)."""
    col, row = sheet.pending[:2]
    return list(dict.fromkeys([(col, row)] + [(row, col)] * tricky))


def sheet_lines(slug: str, sheet: Sheet, colour: bool, golden_gone=(), tricky: bool = False) -> list[str]:
    """The grid with column numbers on top and row numbers at both sides, then the legend; at most 80 columns;
    `tricky`: the snake may swap this round's apple's coordinates."""
    gr = ground(slug)
    cells = marks(gr, sheet, golden_gone, tricky)
    top = ("   " + "".join(f"{c:>3} " for c in range(1, gr.width + 1))).rstrip()
    lines = [top]
    for r in range(1, gr.height + 1):
        row = "".join(f" {_paint(*cells[(c, r)], colour)} " for c in range(1, gr.width + 1))
        lines.append(f"{r:>2} {row}{r}")
    lines.append(top)
    return lines + LEGEND + _packed(_terrain_legend(gr)) + _pending_line(sheet, tricky)


def _paint(text: str, style: str, colour: bool) -> str:
    """A mark in its ANSI style (blank squares plain), or as it is without colour."""
    return f"\x1b[{STYLE[style]}m{text}{RESET}" if colour and text.strip() else text


def _packed(words: list[str]) -> list[str]:
    """Legend entries two spaces apart, as many to a line as fit (a sheet with every terrain needs two)."""
    lines = [""]
    for word in words:
        if lines[-1] and len(lines[-1]) + 2 + len(word) > WIDTH:
            lines.append("")
        lines[-1] += ("  " if lines[-1] else "") + word
    return lines


def _terrain_legend(gr: Ground) -> list[str]:
    """The terrain letters this sheet has, and the shade mark when it has shade."""
    there, letters = {gr.letter(sq) for sq in gr.squares()}, terrain_letters(gr)
    paw = f" (length {gr.paw}+)" if gr.paw else ""
    words = [f"{letters[k]} {name}{paw if k == 'f' else ''}" for k, name in TERRAIN_NAMES.items() if k in there]
    words[0] = "terrain: " + words[0]
    if any(gr.shade(sq) for sq in gr.squares()):
        words.append(f"{SHADE}w shade")
    return words


def _pending_line(sheet: Sheet, tricky: bool) -> list[str]:
    """Where this round's apple will be drawn once the Tricky player has chosen."""
    if not sheet.pending:
        return []
    col, row, n, rotten = sheet.pending
    where = " or ".join(f"{c},{r}" for c, r in _pending_squares(sheet, tricky))
    kind = "rotten apple" if rotten else "apple"
    return [f"?{_count(n)} this round's {kind}{'s' * (n != 1)} ({n}), not yet drawn: {where}"]
