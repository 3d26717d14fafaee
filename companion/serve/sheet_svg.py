"""A digital player's Sssnake sheet for the phone: the printed pad's own grid drawing (sheets/sheet_grid.py: terrain
art, objects, shade, the falcon's line, the coordinates on every side), drawn with the SVG backend once per process
and landscape, with the player's pencil marks (sheets/pencil.py, as the PNG export draws them) over it.

The root <svg> says where the squares are (data-grid-x, data-grid-y, data-cell in the viewBox's mm, data-cols,
data-rows) so the page lays its tap grid exactly over them. Only public facts are drawn: a digital sheet is public
(GET G/sheet/{name} returns it), and the golden apples gone are those the public view no longer lists.
"""
from __future__ import annotations

import html
import json
import re
import threading

from companion.core.language import _
from companion.sheets.landscape import SIZE, landscape_map
from companion.sheets.pencil import draw_pencil
from companion.sheets.sheet_grid import draw_grid, square_id
from companion.sheets.sheet_layout import BAND, CELL, GRID_TOP, GRID_X, GRID_Y, shown_terrains
from companion.sheets.sheet_panels import (
    SHADE_LINE,
    allows,
    feature_line,
    feature_mark,
    objects_line,
    objects_mark,
    shade_mark,
)
from companion.sheets.svg_backend import SvgCanvas, SvgDocument, SvgPage
from companion.sssnake.edition import edition
from companion.sssnake.ground import ground

SIDE = 2 * BAND + SIZE * CELL  # mm: the squares and the numbers round them (the drawing is square)
VIEW = (0.0, GRID_TOP, SIDE, SIDE)  # the part of the pad's box that draw_grid draws on: x, y, width, height
NUMBERS = 10  # points: the numbers round the squares, 10 px on a phone's 28 px squares (7 on paper)

RUN = re.compile(r'<use (?:x="([\d.]+)" )?xlink:href="#(square-[a-z]+)(?:-x(\d+))?" />')  # a row's run of squares
_lock = threading.Lock()
_static: dict[str, str] = {}


def static(slug: str) -> str:
    """The landscape's grid drawing as SVG text up to its closing tag: drawn once per process and landscape."""
    with _lock:
        if slug not in _static:
            _static[slug] = _draw_static(slug)
        return _static[slug]


def warm_up() -> None:
    """Every landscape's drawing made before a phone asks for one (a server's background thread)."""
    for slug in edition().landscapes:
        static(slug)


def _draw_static(slug: str) -> str:
    """The grid on white paper (the numbers' bands too, so they read in a dark page), geometry on the root."""
    lmap = landscape_map(slug)
    page = SvgPage(SvgDocument(single_file=True), SIDE, SIDE, f"sheet-{slug}")
    dwg = page.dwg
    for size in ("width", "height"):
        dwg.attribs.pop(size, None)
    x, y, w, h = VIEW
    dwg.attribs.update({"viewBox": f"{x:g} {y:g} {w:g} {h:g}", "class": "sheet-svg", "data-landscape": slug,
                        "data-grid-x": f"{GRID_X:g}", "data-grid-y": f"{GRID_Y:g}", "data-cell": f"{CELL:g}",
                        "data-cols": str(SIZE), "data-rows": str(SIZE), "role": "img"})  # named by sheet_svg
    cv = SvgCanvas(page, dwg)
    cv.rect(x, y, w, h, None, fill="#ffffff")
    draw_grid(cv, lmap, ink_saver=False, number_size=NUMBERS)
    marks = {"legend-objects": lambda c: objects_mark(c, 1, 1, CELL - 2),
             "legend-shade": lambda c: shade_mark(c, 1, 1, CELL - 2),
             "legend-feature": lambda c: feature_mark(c, lmap, (CELL - 6) / 2, (CELL - 6) / 2, False)}
    for name, draw in marks.items():  # in the <defs> only, for the page's legend to place (see legend)
        page.doc.define(name, CELL, CELL, draw)
        page.define(name)
    text = tiled(dwg.tostring())
    return text[:text.rindex("</svg>")]


def tiled(text: str) -> str:
    """The terrain's runs of squares, which the backend draws as nested <use> of one square's drawing (2000+
    elements once a browser builds them: ~150 ms of a phone's first paint with the CPU slowed 4x), as rects filled
    with a pattern of that same square: the same picture, one tile per terrain."""
    head, body = text.split("</defs>", 1)
    tiles: dict[str, str] = {}

    def run(found: re.Match) -> str:
        x, square, count = found.group(1) or "0", found.group(2), int(found.group(3) or 1)
        tiles[square] = (f'<pattern height="{CELL:g}" id="tile-{square}" patternUnits="userSpaceOnUse" '
                         f'width="{CELL:g}"><use xlink:href="#{square}" /></pattern>')
        return f'<rect fill="url(#tile-{square})" height="{CELL:g}" width="{count * CELL:g}" x="{x}" />'

    body = RUN.sub(run, body)
    return "".join((head, *tiles.values(), "</defs>", body))


def sheet_svg(state, who: int) -> str:
    """The landscape's grid with player `who`'s pencil layer, as one SVG document (no XML declaration), named in the
    player's language (the grid is drawn once for every language)."""
    name = _("{landscape}: your sheet as printed, with your pencil marks").format(
        landscape=edition().landscapes[state.land].name)
    head = static(state.land).replace(' role="img"', f' role="img" aria-label="{html.escape(name)}"', 1)
    page = SvgPage(SvgDocument(single_file=True), SIDE, SIDE, "pencil")
    layer = page.dwg.g(class_="pencil")
    gold = edition().landscapes[state.land].golden_apples
    draw_pencil(SvgCanvas(page, layer), ground(state.land), state.sheets[who], [gold[i] for i in state.golden_gone])
    return "".join((head, layer.tostring(), "</svg>"))


def legend(slug: str) -> list[dict]:
    """The pad's legend in its own words, for the page to show under the sheet: what each terrain allows, the
    objects, the shade, the sheet's challenge; each with the id of its mark's drawing in the sheet's SVG <defs>
    (`swatch`, CELL mm square) and a terrain's `name`."""
    lmap = landscape_map(slug)
    terrain = [{"swatch": square_id(k), "name": k.name, "text": allows(k, lmap.meta.paw_length)}
               for k in shown_terrains(lmap)]
    objects = [{"swatch": "legend-objects", "text": objects_line(lmap)}] if lmap.objects else []
    return terrain + objects + [{"swatch": "legend-shade", "text": _(SHADE_LINE)},
                                {"swatch": "legend-feature", "text": feature_line(lmap)}]


def in_page(page: str, first: dict) -> str:
    """The player page's HTML with what reads.first_sheet read in it: the sheet's drawing (as G/sheet.svg draws it)
    and the style that sizes it, so the phone paints the sheet with the page, before its scripts fetch anything
    (issue 31: under 1 s at 4x CPU throttle); and, as JSON data (never run), the state and the sheet the scripts
    would fetch first. sssnake-player.js draws the page round it (the ids and boxes it would make itself) and lays
    its tap grid over this same <svg>, which never leaves the page (taken out and put back, a slow phone styles
    and lays it out afresh); or drops it."""
    name, seq = html.escape(first["name"]), first["seq"]
    box = "move" if first["state"]["next"]["step"] == "report" else "place"
    early = (f'<div id="sssnake" class="sss-player"><div id="sss-me"></div><p id="sss-hint" aria-live="polite"></p>'
             f'<div id="act"><section class="box {box}">'  # where the script draws the sheet: it stays there
             f'<div id="sheet-first" class="sheet-zoom" data-player="{name}" data-seq="{seq}">'
             f'<div class="sheet-pic">{first["drawing"]}</div>{data("sheet-json", first["sheet"])}</div>'
             f'</section></div></div>{data("state-first", first["state"])}')
    page = page.replace('<div id="view"></div>', f'<div id="view">{early}</div>', 1)
    return page.replace("</head>", '<link rel="stylesheet" id="sssnake-css" href="/static/sssnake.css">\n</head>', 1)


def data(id_: str, found: dict) -> str:
    """A JSON data block: no character of it can close the element or open markup."""
    text = json.dumps(found, separators=(",", ":"))
    for char, escaped in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026")):
        text = text.replace(char, escaped)
    return f'<script type="application/json" id="{id_}">{text}</script>'
