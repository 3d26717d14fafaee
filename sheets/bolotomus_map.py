"""The printed Bolotomus map for Snits' Revenge: 16 organs with places for 15 x 15 mm counters (four each on an A4
or Letter page, nine on the big map: A3, or tiled over 2 or 4 sheets), passages drawn by kind (tell-apart in
grey-scale), the orifices' entries, and a turn-sequence box. This module lays the map out on its pages or tiles;
map_layout places the organs (each edition's layout-EDITION.toml, or a player's map on a grid), map_drawing draws them.
"""
from __future__ import annotations

from pathlib import Path

from companion.core.language import N_, _
from companion.sheets.canvas import Canvas, Document
from companion.sheets.documents import open_document
from companion.sheets.layout import Paper
from companion.sheets.map_drawing import RED, draw_map
from companion.sheets.map_layout import COUNTER, MapLayout, big_layout, map_layout, page_layout
from companion.snits.bolotomus import DEFAULT_EDITION, Bolotomus, load

TITLE_H = 10.0  # mm above the map area for the title line
PLAYING = 6  # counters a busy organ holds (its Snorg, three or four Snits, a thingy): the least to play on
PAGE_MARGIN = 10.0  # mm round the big map on an A3 page
POSTER_EDGE = 3.0  # mm kept free inside a tiled poster's edge, so no badge or arrow is cut off at the last tile
EDITIONS = {"first-edition": N_("first edition"), "second-edition": N_("second edition")}  # shown through _()


def render_map(paper: Paper, fmt: str, ink_saver: bool, path, board: Bolotomus | None = None,
               tiles: tuple[int, int] | None = None) -> int:
    """An edition's map (`board`: load(EDITION); None: the default edition's) or a player's: one landscape page
    (A4 and Letter as drawn in its layout-EDITION.toml; A3 the big map), or the big map over cols x rows `tiles`.
    Returns the page count."""
    from companion.sheets.tiles import render_tiles, tiling

    board = load() if board is None else board
    doc = open_document(fmt)
    if tiles is not None:
        # no title line on the poster (each tile's label names the map): Letter's 2 x 1 needs that height
        base = map_layout(board.edition or DEFAULT_EDITION)
        t, turned = tiling(paper, *tiles, base.width, base.height)
        w, h = t.size
        area = (h, w) if turned else (w, h)
        layout, board = big_layout(board, area[0] - 2 * POSTER_EDGE, area[1] - 2 * POSTER_EDGE, 0.0)

        def poster(cv: Canvas) -> None:
            if not turned:
                return _map_in(cv, layout, board, ink_saver, *area)
            with cv.translated(w, 0) as at, at.rotated(90) as r:  # the map's top along the poster's right edge
                _map_in(r, layout, board, ink_saver, *area)

        render_tiles(doc, t, "bolotomus-map", poster, map_title(board), _holds(layout))
        return doc.save(Path(path))
    draw_map_page(doc, paper, ink_saver, board)
    return doc.save(Path(path))


def draw_map_page(doc: Document, paper: Paper, ink_saver: bool, board: Bolotomus | None = None) -> None:
    """The one-page map of `board` (None: the default edition's) onto `doc` (A4 and Letter as drawn in its
    layout-EDITION.toml, A3 the big map): a map file of its own, or a part of a booklet."""
    w, h = paper.size(landscape=True)
    board = load() if board is None else board
    if paper.key in ("a4", "letter"):
        layout = page_layout(board)
    else:
        layout, board = big_layout(board, w - 2 * PAGE_MARGIN, h - 2 * PAGE_MARGIN, TITLE_H)
    with doc.page(w, h, "bolotomus-map") as cv:
        _sheet(cv, layout, board, ink_saver, _("{paper}, landscape").format(paper=paper.label), w, h)


def map_title(board: Bolotomus) -> str:
    """The map's name, above the page's map or on every tile's label: its edition, or a player's map's file name."""
    if board.edition:
        name = _(EDITIONS[board.edition]) if board.edition in EDITIONS else board.edition.replace("-", " ")
    else:
        name = board.name or _("a player's map")
    return _("The Bolotomus - {map}").format(map=name)


def too_small(layout: MapLayout) -> bool:
    """Its organs hold fewer counters than a busy organ has (PLAYING): an overview, not a map to play on."""
    cols, rows = layout.spots
    return cols * rows < PLAYING


SMALL = N_("Too small to play on (a busy organ has 5-7 counters): play on the big map, 9 an organ: "
           "companion print map --tiles 2x1 (two sheets) or --paper a3")  # shown through _()


def _holds(layout: MapLayout) -> str:
    """What an organ holds, so a player knows the printed places fit the counters."""
    cols, rows = layout.spots
    return _("organs hold {count} counters of {size:g} x {size:g} mm").format(count=cols * rows, size=COUNTER)


def _sheet(cv: Canvas, layout: MapLayout, board: Bolotomus, ink_saver: bool, paper: str, w: float, h: float) -> None:
    """Title, note and map, centred in w x h mm; a map whose organs hold too few counters to play on says so and
    names the big map."""
    ox, oy = (w - layout.width) / 2, (h - layout.height - TITLE_H) / 2
    cv.text(ox, oy + 6, map_title(board), 14, bold=True)
    note = _("{paper} - print at 100% (no scaling) - {holds}").format(paper=paper, holds=_holds(layout))
    small = too_small(layout)
    cv.text(ox + layout.width, oy + (3.5 if small else 6), note, 6, "end", colour="#555555")
    if small:
        cv.text(ox + layout.width, oy + 7.5, _(SMALL), 6, "end", bold=True, colour=RED)
    with cv.translated(ox, oy + TITLE_H) as m:
        draw_map(m, layout, board, ink_saver)


def _map_in(cv: Canvas, layout: MapLayout, board: Bolotomus, ink_saver: bool, w: float, h: float) -> None:
    """The map alone, centred in w x h mm."""
    with cv.translated((w - layout.width) / 2, (h - layout.height) / 2) as m:
        draw_map(m, layout, board, ink_saver)
