"""Snits' Revenge counter sheets: 15 x 15 mm counters in a grid with crop marks, each kind starting a new row.

Snits show clan colour band and clan initial (for colour-blind players), name, speed and badge; the Bolotomus'
pieces are named as the CLI names them (the Snorgs by organ, M1..M9, R1..R18). Every counter has the same back,
so the Spark of Life, the Splops and any dummy counter look alike face down (The Spark of Life and the Splops).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from companion.core.language import N_, _, pgettext
from companion.sheets import symbols
from companion.sheets.canvas import THIN, Canvas, Document, Stroke
from companion.sheets.documents import open_document
from companion.sheets.layout import CROP_GAP, CROP_LENGTH, MIN_MARGIN, CardGrid, CardSize, Paper, card_grid
from companion.sheets.text import fit, wrap
from companion.snits.bolotomus import load as load_board
from companion.snits.counters import MAKUM_BASE, RUN_BASE, Snit, makum_name, run_name
from companion.snits.counters import load as load_counters

COUNTER_15MM = CardSize(N_("counter 15 x 15 mm (trim size, no bleed)"), 15.0, 15.0)
S = COUNTER_15MM.width
HEADER = 8.0  # mm kept free above the grid for the page caption
CLAN_COLOURS = {"Red": ("#c0392b", "#ffffff"), "Blue": ("#2e6db4", "#ffffff"),
                "Green": ("#2f8f3a", "#ffffff"), "Yellow": ("#f2c530", "#000000")}  # band, initial
OTHER_CLAN = ("#777777", "#ffffff")
CUT = Stroke("#9a9a9a", 0.12)
BACK = "counter-back"
SNORG_TINT, MAKUM_TINT, RUN_TINT = "#fbece6", "#e4f1dc", "#ece4f3"
BACK_TINT = "#4a3a5c"


@dataclass(frozen=True)
class Counter:
    """One counter: the name it goes by in the game, its kind, and how to draw its face in a 15 mm box (its
    ground printed `bleed` mm past the cut, for a print shop's export)."""

    label: str
    kind: str
    face: Callable[[Canvas, float], None]


def clan_names() -> list[str]:
    return [c.lower() for c in load_counters().clans]


def sections(clan: str) -> list[list[Counter]]:
    """The counters to print, one list per kind: the chosen clan's Snits (or all clans'), then the Bolotomus'."""
    sheet, board = load_counters(), load_board()
    clans = range(len(sheet.clans)) if clan == "all" else [clan_names().index(clan)]
    out = [[Counter(s.name, "snit", lambda cv, b, s=s: _snit(cv, b, s, sheet.clans[s.clan])) for s in sheet.clan(k)]
           for k in clans]
    out.append([Counter(f"{board.organs[i].name} Snorg", "snorg",
                        lambda cv, b, n=board.organs[i].name: _snorg(cv, b, n)) for i in board.snorg_organs])
    out.append([Counter(makum_name(MAKUM_BASE + k), "makum",
                        lambda cv, b, k=k: _named(cv, b, "Makum", makum_name(MAKUM_BASE + k), MAKUM_TINT))
                for k in range(sheet.makums)])
    out.append([Counter(run_name(RUN_BASE + k), "runnungitm",
                        lambda cv, b, k=k: _named(cv, b, "Runnungitm", run_name(RUN_BASE + k), RUN_TINT))
                for k in range(sheet.runnungitms)])
    out.append([Counter("Spark of Life", "spark", lambda cv, b: _spark(cv))]
               + [Counter("Splop", "splop", lambda cv, b: _splop(cv)) for _splop_n in range(sheet.splops)]
               + [Counter("Senior Snit totem", "totem", lambda cv, b: _totem(cv))])
    return out


def counter_grid(paper: Paper) -> CardGrid:
    """As many 15 mm counters as fit inside the printer's margin and the crop marks, below the caption."""
    w, h = paper.size()
    room = MIN_MARGIN + CROP_GAP + CROP_LENGTH
    cols, rows = int((w - 2 * room) // S), int((h - 2 * room - HEADER) // S)
    return card_grid(paper, COUNTER_15MM, cols, rows)


def pages(clan: str, grid: CardGrid) -> list[list[Counter | None]]:
    """Counters in grid order, each kind from the start of a row (None: an empty place), cut into pages."""
    cells: list[Counter | None] = []
    for kind in sections(clan):
        cells += kind + [None] * (-len(kind) % grid.cols)
    return [cells[i:i + grid.per_page] for i in range(0, len(cells), grid.per_page)]


def render_counters(clan: str, paper: Paper, duplex: bool, offset: tuple[float, float], fmt: str, path) -> int:
    """Front pages; with duplex each is followed by its back page (mirrored for a long-edge flip, moved by
    `offset`). Returns the page count."""
    doc = open_document(fmt)
    doc.duplex = duplex
    draw_counters(doc, clan, paper, duplex, offset)
    return doc.save(Path(path))


def draw_counters(doc: Document, clan: str, paper: Paper, duplex: bool, offset: tuple[float, float]) -> None:
    """The counter pages onto `doc`: a file of counters, or a part of a booklet (pages count within the part)."""
    grid = counter_grid(paper)
    chunks = pages(clan, grid)
    first = doc.pages
    total = len(chunks) * (2 if duplex else 1)
    for n, chunk in enumerate(chunks, 1):
        sides = [(False, "front")] + ([(True, "back")] if duplex else [])
        for is_back, side in sides:
            with doc.page(grid.page_w, grid.page_h, f"{doc.pages - first + 1:02d}-{side}") as cv:
                shown = pgettext("side", "back") if is_back else pgettext("side", "front")
                caption = _("Snits' Revenge counters ({clan}), {side} {n} - page {page}/{pages} - {size} - print at "
                            "100%").format(clan=clan, side=shown, n=n, page=doc.pages - first + 1, pages=total,
                                           size=_(COUNTER_15MM.label))
                _page(cv, grid, chunk, is_back, offset if is_back else (0.0, 0.0), caption)


def _page(cv: Canvas, grid: CardGrid, chunk: list[Counter | None], is_back: bool, offset: tuple[float, float],
          caption: str) -> None:
    slots = grid.back_slots(offset) if is_back else grid.slots()
    for counter, slot in zip(chunk, slots, strict=False):
        if counter is None:
            continue
        if is_back:
            cv.stamp(BACK, S, S, _back, slot.x, slot.y)
        else:
            with cv.translated(slot.x, slot.y) as c:
                counter.face(c, 0.0)
                c.rect(0, 0, S, S, CUT)
    for x1, y1, x2, y2 in grid.crop_marks(offset):
        cv.line(x1, y1, x2, y2, THIN)
    top = grid.slots()[0].y
    cv.text(grid.page_w / 2, top - CROP_GAP - CROP_LENGTH - 2, caption, 6, "middle", colour="#555555")


def _centred(cv: Canvas, y: float, s: str, size: float, bold: bool = False, colour: str = "#000000") -> None:
    cv.text(S / 2, y, s, fit(s, S - 1.6, size, bold), "middle", bold=bold, colour=colour)


def _snit(cv: Canvas, bleed: float, snit: Snit, clan: str) -> None:
    """Clan band and initial, name, speed, and the lightning (fast) or hammer (strong) badge."""
    band, ink = CLAN_COLOURS.get(clan, OTHER_CLAN)
    cv.rect(-bleed, -bleed, S + 2 * bleed, 3.8 + bleed, stroke=None, fill=band)
    cv.text(1.2, 3.0, clan[0], 6, bold=True, colour=ink)
    cv.text(S - 1.2, 3.0, clan, fit(clan, 8, 4.5), "end", colour=ink)
    _centred(cv, 7.6, snit.name, 6, bold=True)
    cv.text(S / 2 if not snit.badge else 5.6, 13.6, str(snit.speed), 14, "middle", bold=True)
    if snit.fast:
        symbols.lightning(cv, 10.8, 11.4, 2.6)
    elif snit.hammer:
        symbols.hammer(cv, 10.8, 11.6, 2.3)
    elif snit.spare:
        cv.text(S - 1.0, 13.8, pgettext("counter", "spare"), 3.8, "end", colour="#555555")


def _ground(cv: Canvas, bleed: float, tint: str) -> None:
    """A counter's tint, printed into the bleed so a slightly-off cut shows no white edge."""
    cv.rect(-bleed, -bleed, S + 2 * bleed, S + 2 * bleed, stroke=None, fill=tint)


def _snorg(cv: Canvas, bleed: float, organ: str) -> None:
    """A Snorg bears its organ's name: it mans that organ and never leaves it."""
    _ground(cv, bleed, SNORG_TINT)
    _centred(cv, 3.6, "Snorg", 4.5, colour="#555555")
    lines = wrap(organ, S - 1.6, 5.5, bold=True)
    for i, line in enumerate(lines):
        _centred(cv, 8.6 + (i - (len(lines) - 1) / 2) * 3.0, line, 5.5, bold=True)


def _named(cv: Canvas, bleed: float, kind: str, name: str, tint: str) -> None:
    """A Makum or Runnungitm: its kind, and the short name the CLI uses for it (M3, R12)."""
    _ground(cv, bleed, tint)
    _centred(cv, 4.0, kind, 5)
    _centred(cv, 12.2, name, 13, bold=True)


def _spark(cv: Canvas) -> None:
    symbols.star(cv, S / 2, 5.8, 4.2, symbols.GOLD)
    _centred(cv, 11.6, pgettext("counter", "Spark"), 5.5, bold=True)
    _centred(cv, 14.0, pgettext("counter", "of Life"), 4.5)


def _splop(cv: Canvas) -> None:
    cv.circle(S / 2, 6.2, 3.8, stroke=None, fill="#8a9a3a")
    _centred(cv, 13.0, "Splop!", 6.5, bold=True)


def _totem(cv: Canvas) -> None:
    """Multiplayer: the Senior Snit Clan moves first; the totem passes to the left after each turn."""
    for i, line in enumerate((pgettext("counter", "Senior"), pgettext("counter", "Snit"),
                              pgettext("counter", "totem"))):
        _centred(cv, 4.6 + i * 4.2, line, 6 if i < 2 else 5, bold=i < 2)


def back(cv: Canvas, bleed: float) -> None:
    """The back as a print shop's export draws it: the ground past the cut, then the one back."""
    _ground(cv, bleed, BACK_TINT)
    cv.stamp(BACK, S, S, _back)


def _back(cv: Canvas) -> None:
    """One back for every counter, so nothing lying face down can be told from another."""
    cv.rect(0, 0, S, S, stroke=None, fill=BACK_TINT)
    cv.circle(S / 2, S / 2, 5.2, Stroke("#ffffff", 0.4))
    cv.text(S / 2, S / 2 + 1.6, "SR", 8, "middle", bold=True, colour="#ffffff")
