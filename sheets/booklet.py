"""One print-and-play booklet per game: a cover, what to print on which paper, how to cut and glue, then every
printable of the game in one PDF, each drawn by its own renderer onto the booklet's document (nothing drawn twice).

Duplex rule: a double-sided part (cards, counters) starts on an odd page, a blank page going before it when
needed, so its backs stay behind its fronts whether the part or the whole booklet is printed double-sided.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from companion import __version__
from companion.core.games import GAMES, Game
from companion.core.language import N_, _
from companion.sheets.canvas import HAIRLINE, THIN, Canvas, Document, Stroke
from companion.sheets.documents import open_document
from companion.sheets.layout import CROP_GAP, CROP_LENGTH, POKER, Paper, card_grid
from companion.sheets.text import wrap

CARD_STOCK = N_("card stock 200-250 g/m2")  # the constants marked N_ are shown through _()
PLAIN = N_("plain paper 80-100 g/m2")
MARGIN = 20.0  # mm, left and right of the booklet's own pages
TINT = {"sssnake": "#3f6b3a", "snits": "#6b3a4a"}  # the reference cards' title bands
BLANK = "blank (the next part starts on an odd page)"
FRONT_MATTER = (N_("cover"), N_("what to print on which paper"), N_("cut, glue and assemble"))
NEEDED = {"sssnake": N_("a pencil for each player (coloured pencils help), an eraser"),
          "snits": N_("two six-sided dice; some glue and card or board to mount the map and counters on")}


@dataclass(frozen=True)
class Part:
    """One printable in the booklet: what it is, its paper, whether it has backs, its page count, how to draw it."""

    key: str  # the `companion print` command that prints it alone
    title: str  # in the language spoken, as the guide shows it
    paper: str  # marked N_
    duplex: bool  # front and back pages, printed double-sided, flipped on the long edge
    titles: tuple[str, ...]  # each page's, in order (English: they name the pages, never printed)
    draw: Callable[[Document], None]
    note: str = ""  # one line for the print guide, in the language spoken

    @property
    def pages(self) -> int:
        return len(self.titles)


def _numbered(title: str, count: int, per_page: int, duplex: bool = False) -> tuple[str, ...]:
    """Page titles for `count` things `per_page` to a page: "title 1/2", or "title: front 1", "title: back 1"."""
    sheets = -(-count // per_page)
    if duplex:
        return tuple(f"{title}: {side} {n}" for n in range(1, sheets + 1) for side in ("front", "back"))
    return (title,) if sheets == 1 else tuple(f"{title} {n}/{sheets}" for n in range(1, sheets + 1))


def pad_part(paper: Paper, serial: str) -> Part:
    from companion.sheets.sheet import draw_pad
    from companion.sssnake.edition import edition, landscape

    slugs = list(edition().landscapes)
    names = tuple(f"Pad sheet: {landscape(slug).name}" for slug in slugs)
    return Part("pad", _("Pad sheets, one of each landscape"), PLAIN, False, names,
                lambda doc: draw_pad(doc, slugs, 1, paper, False, serial),
                _("one sheet per player per game; print more with `companion print pad`"))


def cards_part(paper: Paper, serial: str) -> Part:
    from companion.sheets.cards import decks, draw_cards

    per_page = card_grid(paper, POKER, 3, 3).per_page
    apples, abilities = decks("all")
    titles = _numbered("Apple cards", len(apples), per_page, True) + _numbered("Ability cards", len(abilities),
                                                                               per_page, True)
    return Part("cards", _("Apple and ability cards"), CARD_STOCK, True, titles,
                lambda doc: draw_cards(doc, "all", paper, 0.0, True, (0.0, 0.0)),
                _("backs mirrored for a long-edge flip; off by a millimetre? see `companion print calibration`"))


def map_part(paper: Paper, serial: str) -> Part:
    from companion.sheets.bolotomus_map import draw_map_page

    return Part("map", _("The Bolotomus map"), PLAIN, False, ("The Bolotomus map",),
                lambda doc: draw_map_page(doc, paper, False),  # the default edition's
                _("a landscape page: let the printer rotate it, never shrink it"))


def counters_part(paper: Paper, serial: str) -> Part:
    from companion.sheets.counter_sheet import counter_grid, draw_counters, pages

    grid = counter_grid(paper)
    return Part("counters", _("Counters"), CARD_STOCK, True, _numbered("Counters", len(pages("all", grid)), 1, True),
                lambda doc: draw_counters(doc, "all", paper, True, (0.0, 0.0)),
                _("every counter has the same back, so the Spark and the Splops hide face down"))


PARTS = {"pad": pad_part, "cards": cards_part, "map": map_part, "counters": counters_part}


def reference_part(game: Game, paper: Paper) -> Part:
    from companion.sheets.reference import draw_reference, game_sets

    count = sum(len(cards) for _kind, cards in game_sets(game.kind))
    titles = _numbered("Reference cards", count, card_grid(paper, POKER, 3, 3).per_page)
    return Part("reference", _("Reference cards"), CARD_STOCK, False, titles,
                lambda doc: draw_reference(doc, game.kind, paper))


@dataclass(frozen=True)
class Booklet:
    """A game's booklet laid out before anything is drawn: the front matter's page numbers come from it."""

    game: Game
    paper: Paper
    parts: list[Part]

    def starts(self) -> list[int]:
        """The first page of each part: after the front matter, a double-sided part on an odd page."""
        out, page = [], len(FRONT_MATTER) + 1
        for part in self.parts:
            if part.duplex and page % 2 == 0:
                page += 1
            out.append(page)
            page += part.pages
        return out

    def page_titles(self) -> list[str]:
        """Every page's title in order, blank pages included."""
        titles = list(FRONT_MATTER)
        for part, start in zip(self.parts, self.starts(), strict=True):
            titles += [BLANK] * (start - 1 - len(titles)) + list(part.titles)
        return titles


def booklet(kind: str, paper: Paper, serial: str) -> Booklet:
    """The game's printables in the order its registry entry lists them, then its reference cards."""
    game = GAMES[kind]
    parts = [PARTS[name](paper, serial) for name in game.printables]
    if game.reference:
        parts.append(reference_part(game, paper))
    return Booklet(game, paper, parts)


def render_booklet(kind: str, paper: Paper, serial: str, path) -> int:
    """The whole booklet as one PDF; returns the page count."""
    book = booklet(kind, paper, serial)
    doc = open_document("pdf")
    total = len(book.page_titles())
    w, h = paper.size()
    for title, draw in zip(FRONT_MATTER, (_cover, _print_guide, _cut_guide), strict=True):
        with doc.page(w, h, title) as cv:
            draw(cv, book, w)
            _footer(cv, w, h, doc.pages + 1, total)
    for part, start in zip(book.parts, book.starts(), strict=True):
        while doc.pages + 1 < start:
            with doc.page(w, h, "blank") as cv:
                cv.text(w / 2, h / 2, _("This page is blank on purpose: the next part starts on an odd page, so "
                                        "its backs print behind its fronts."), 7, "middle", colour="#999999")
        before = doc.pages
        part.draw(doc)
        if doc.pages - before != part.pages:  # the renderer changed its layout: the guide's page numbers would lie
            raise RuntimeError(f"booklet expected {part.pages} pages of {part.key}, drew {doc.pages - before}")
    return doc.save(Path(path))


def _footer(cv: Canvas, w: float, h: float, page: int, total: int) -> None:
    cv.text(w / 2, h - 10, _("booklet page {page} of {total} - print at 100% (actual size)").format(
        page=page, total=total), 7, "middle", colour="#777777")


def _heading(cv: Canvas, w: float, y: float, title: str, tint: str) -> float:
    cv.rect(MARGIN, y, w - 2 * MARGIN, 11, stroke=None, fill=tint, radius=2)
    cv.text(MARGIN + 4, y + 7.8, title, 15, bold=True, colour="#ffffff")
    return y + 19


def _paragraph(cv: Canvas, w: float, y: float, text: str, size: float = 9.5, indent: float = 0.0,
               bold: bool = False) -> float:
    """Wrapped text from the left margin; returns the y below it."""
    for line in wrap(text, w - 2 * MARGIN - indent, size, bold):
        cv.text(MARGIN + indent, y, line, size, bold=bold)
        y += size * 0.47
    return y + 1.6


def _steps(cv: Canvas, w: float, y: float, steps: list[str]) -> float:
    for n, step in enumerate(steps, 1):
        cv.text(MARGIN, y, f"{n}.", 9.5, bold=True)
        y = _paragraph(cv, w, y, step, indent=6)
    return y


def _table(cv: Canvas, w: float, y: float, book: Booklet, columns: list[tuple[str, float]],
           cells: Callable[[Part, int], list[str]]) -> float:
    """The parts one to a row; `columns` are (heading, x from the margin)."""
    for head, x in columns:
        cv.text(MARGIN + x, y, head, 8.5, bold=True)
    y += 2
    for part, start in zip(book.parts, book.starts(), strict=True):
        cv.line(MARGIN, y, w - MARGIN, y, HAIRLINE)
        row = cells(part, start)
        lines = [wrap(cell, (columns[i + 1][1] if i + 1 < len(columns) else w - 2 * MARGIN) - x - 2, 8.5)
                 for i, (cell, (_head, x)) in enumerate(zip(row, columns, strict=True))]
        for (_head, x), cell_lines in zip(columns, lines, strict=True):
            for k, line in enumerate(cell_lines):
                cv.text(MARGIN + x, y + 4.5 + k * 4, line, 8.5)
        y += 2.5 + 4 * max(len(c) for c in lines)
    cv.line(MARGIN, y, w - MARGIN, y, HAIRLINE)
    return y + 7


def _pages(part: Part, start: int) -> str:
    return f"{start}" if part.pages == 1 else f"{start}-{start + part.pages - 1}"


def _sides(part: Part) -> str:
    return _("double-sided, flip on the long edge") if part.duplex else _("one-sided")


def _cover(cv: Canvas, book: Booklet, w: float) -> None:
    """Game name, edition, contents."""
    tint = TINT[book.game.kind]
    cv.rect(0, 0, w, 95, stroke=None, fill=tint)
    cv.text(w / 2, 45, book.game.title, 34, "middle", bold=True, colour="#ffffff")
    cv.text(w / 2, 60, _("print-and-play booklet"), 16, "middle", colour="#ffffff")
    cv.text(w / 2, 75, _edition(book.game), 10, "middle", colour="#ffffff")
    y = _paragraph(cv, w, 115, _("Contents"), 14, bold=True) + 2
    y = _table(cv, w, y, book, [(_("pages"), 0), (_("part"), 22), (_("print on"), 84), (_("sides"), 128)],
               lambda part, start: [_pages(part, start), part.title, _(part.paper), _sides(part)])
    for n, title in enumerate(FRONT_MATTER[1:], 2):
        y = _paragraph(cv, w, y, _("page {n}: {title}").format(n=n, title=_(title)), 9)
    y = _paragraph(cv, w, y + 4, _("You also need: {things}.").format(things=_(NEEDED[book.game.kind])), 9)
    _paragraph(cv, w, y + 2, _("{paper}. Every printable here also prints on its own: {commands}.").format(
        paper=book.paper.label, commands=", ".join(f"`companion print {p.key}`" for p in book.parts)), 8.5)


def _edition(game: Game) -> str:
    if game.kind == "sssnake":
        from companion.sssnake.edition import edition

        return _("edition {edition} - companion {version}").format(edition=edition().name, version=__version__)
    return _("the companion's print-and-play edition - companion {version}").format(version=__version__)


def _print_guide(cv: Canvas, book: Booklet, w: float) -> None:
    """What to print on which paper, the duplex settings and the scale."""
    y = _heading(cv, w, 20, _("What to print on which paper"), TINT[book.game.kind])
    y = _paragraph(cv, w, y, _("Print each part on its own paper with the page range below: in the print dialog "
                               "choose Pages, then the range."), 9.5)
    y = _table(cv, w, y + 3, book, [(_("pages"), 0), (_("part"), 22), (_("paper"), 72), (_("sides"), 118)],
               lambda part, start: [_pages(part, start), part.title, _(part.paper),
                                    "; ".join(filter(None, (_sides(part), part.note)))])
    y = _paragraph(cv, w, y, _("Settings for every part"), 11, bold=True)
    sizes = "; ".join(dict.fromkeys(_(SIZES[p.key]) for p in book.parts if p.key in SIZES))
    _steps(cv, w, y + 1, [
        _("Scale 100% (\"actual size\"). Never \"fit to page\" or \"shrink oversized pages\": {sizes}.").format(
            sizes=sizes),
        _("Paper size {paper}, the size this booklet was made for (`--paper` chooses another).").format(
            paper=book.paper.label),
        _("Double-sided parts: two-sided printing, flip on the LONG edge (also called book or portrait binding). "
          "The back pages are already mirrored; do not mirror them again."),
        _("Backs a little off their fronts? Print `companion print calibration` double-sided, read X and Y, and "
          "print that part alone with `--duplex --back-offset X,Y` (the offset is kept for later prints)."),
        _("No two-sided printer: print the fronts, put the printed sheets back in the tray (try one first to see "
          "which way up), and print the backs; or print both one-sided and glue each back to its front (next page: "
          "\"No two-sided printer\")") + (_(FOLD) if any(p.key == "cards" for p in book.parts) else "") + ".",
        _("Blank pages: a double-sided part always starts on an odd page, with a blank page before it when needed. "
          "So even the whole booklet printed double-sided on plain paper (a quick proof) keeps every back behind "
          "its front."),
        _("One-sided parts stay one-sided: a card cut from a page with print on its reverse would carry other "
          "cards on its back."),
    ])


FOLD = N_("; or, for the cards, `companion print cards --fold`: each back under its front on one side of the paper; "
          "fold the page along the dashed fold marks, glue the halves together, then cut")
SIZES = {"cards": N_("cards are cut to 63 x 88 mm (poker size)"),
         "reference": N_("cards are cut to 63 x 88 mm (poker size)"),
         "map": N_("the map's organ boxes hold 15 mm counters"), "counters": N_("counters are cut to 15 x 15 mm")}
CUT_STEPS = [
    N_("No two-sided printer: before cutting, lay each back page face down, spread glue thinly over it, lay its "
       "front page on it face up, line up the crop marks against a window (the back is mirrored, so they meet), "
       "press flat and let it dry. Then cut as below."),
    N_("Cut on a mat with a metal ruler and a craft knife, or with a guillotine; scissors do in a pinch."),
    N_("The short crop marks in the margin sit on the extension of every cut: lay the ruler across a pair of "
       "opposite marks and cut the whole page through, first all cuts one way (strips), then the strips."),
    N_("Double-sided sheets are cut from the front side, along the front's marks: the back's marks are mirrored "
       "and may sit off by the printer's offset."),
]
GUIDE = {
    "pad": N_("Pad sheets: nothing to cut. One sheet per player per game; print a stack with `companion print pad "
              "--copies 40` (each sheet has its own QR code) and staple or clip it at the top."),
    "cards": N_("Apple and ability cards: 9 to a page with their backs behind. Cut as above; poker sleeves "
                "(63.5 x 88 mm) make them shuffle well and hide a slightly-off back."),
    "map": N_("The map: one landscape page, the second edition's (new games play on it). Glue it onto card or board "
              "(a cereal box) so it lies flat; trim at the page edge. The first edition's map: `companion print map "
              "--map first-edition`; for a bigger map see `companion print map --help`."),
    "counters": N_("Counters: 15 x 15 mm, each inside a grey cut line; their back glued on as above where printed "
                   "one-sided. Glued onto 1-2 mm board they are easier to pick up. Cut rows first, then each "
                   "counter."),
    "reference": N_("Reference cards: one-sided; cut them like the cards and keep them at the table."),
}


def _cut_guide(cv: Canvas, book: Booklet, w: float) -> None:
    """How to cut the cards and counters, glue the backs and the map; with a drawing of the cuts."""
    y = _heading(cv, w, 20, _("Cut, glue and assemble"), TINT[book.game.kind])
    y = _steps(cv, w, y, [_(step) for step in CUT_STEPS])
    y = _cut_diagram(cv, w, y + 2)
    for part in book.parts:
        y = _paragraph(cv, w, y, _(GUIDE[part.key]), 9.5)


def _cut_diagram(cv: Canvas, w: float, y: float) -> float:
    """A small page with a 3 x 3 card grid, its crop marks, and two of the cuts drawn dashed."""
    pw, ph, card_w, card_h = 50.0, 66.0, 12.6, 17.6
    x0 = MARGIN + 4
    cv.rect(x0, y, pw, ph, THIN, fill="#ffffff")
    gx, gy = x0 + (pw - 3 * card_w) / 2, y + (ph - 3 * card_h) / 2
    for r in range(3):
        for c in range(3):
            cv.rect(gx + c * card_w, gy + r * card_h, card_w, card_h, HAIRLINE, fill="#eef3ea")
    gap, length = CROP_GAP / 2, CROP_LENGTH / 2
    cut = Stroke("#c0392b", 0.35, dash=(1.2, 0.8))
    for k in range(4):
        x, yy = gx + k * card_w, gy + k * card_h
        cv.line(x, gy - gap - length, x, gy - gap, THIN)
        cv.line(x, gy + 3 * card_h + gap, x, gy + 3 * card_h + gap + length, THIN)
        cv.line(gx - gap - length, yy, gx - gap, yy, THIN)
        cv.line(gx + 3 * card_w + gap, yy, gx + 3 * card_w + gap + length, yy, THIN)
    cv.line(gx + card_w, y - 3, gx + card_w, y + ph + 3, cut)
    cv.line(x0 - 3, gy + card_h, x0 + pw + 3, gy + card_h, cut)
    tx = x0 + pw + 10
    cv.text(tx, y + 10, _("crop marks (black): where each cut goes"), 8.5)
    cv.text(tx, y + 16, _("cuts (red, dashed): through the whole page,"), 8.5)
    cv.text(tx, y + 20.5, _("from mark to mark"), 8.5)
    cv.text(tx, y + 28, _("fronts and backs: cut from the front side"), 8.5)
    return y + ph + 8
