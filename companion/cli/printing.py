"""`companion print`: Sssnake pads and cards, the Snits' Revenge map, counters and reference cards, the
duplex calibration page, as PDF or SVG, and one print-and-play booklet (PDF) per game.

The printing code (sheets/, reportlab, svgwrite, qrcode) is imported inside each command, never at import time.
"""
from __future__ import annotations

import functools
from pathlib import Path

import click

from companion.cli.commands import LaterGroup
from companion.cli.output import check as check_output
from companion.cli.print_options import (
    BACK_OFFSET,
    DPI,
    EXPORT,
    INK_SAVER,
    back_offset,
    export_png,
    output_options,
    pad_serial,
    sheet_only,
    target,
    write,
)
from companion.core.games import GAMES
from companion.core.language import _
from companion.shared.session import Refused

DECKS = ("apples", "abilities", "all")
REFERENCE = (*sorted(k for k, g in GAMES.items() if g.reference), "all")  # what `reference --game` takes
MAX_COPIES = 1000  # a boxed pad has 40 of each; a thousand is a print shop's run, not a typo's


@click.group("print", cls=LaterGroup)  # its commands' help in the language spoken
def print_group():
    """Print pads, cards, maps, counters, reference cards and calibration pages (PDF/SVG). Print at 100%."""


@print_group.command()
@click.option("--landscape", "landscape_", default="all", show_default=True,
              help="am-fluss, sahara, fjord, foxtrail or all")
@click.option("--copies", type=int, default=40, show_default=True, help="sheets of each landscape")
@click.option("--ink-saver", is_flag=True, help="outlines and patterns only, no tints")
@click.option("--serial", default=None, help="pad serial in the QR codes (A-Z, 0-9); random if left out")
@output_options
def pad(landscape_, copies, paper, fmt, ink_saver, serial, output, force, as_json):
    """A pad of game sheets: a page per sheet, numbered, each with its own QR code."""
    from companion.sssnake.edition import edition, landscape

    if landscape_ == "all":
        slugs = list(edition().landscapes)
    else:
        try:
            slugs = [landscape(landscape_).slug]
        except ValueError as exc:
            raise Refused(_("{why}, or all").format(why=exc)) from None
    if not 1 <= copies <= MAX_COPIES:
        raise Refused(_("--copies must be 1 to {most} (sheets of each landscape), not {copies}").format(
            most=MAX_COPIES, copies=copies))
    serial = pad_serial(serial)
    from companion.sheets.sheet import render_pad

    path = target(output, f"pad-{landscape_}-{paper.key}{'-inksaver' if ink_saver else ''}", fmt, force)
    write(lambda p: render_pad(slugs, copies, paper, fmt, ink_saver, serial, p), path, as_json)


def _cutter(ctx, param, name: str | None):
    from companion.sheets.cutter import CUTTERS

    if name is None:
        return None
    if name.lower() == "cricut":  # Design Space lays out and marks what it prints itself: it takes the cards as images
        raise Refused(_("Cricut Design Space prints its own marks round the images it is given: upload the cards of "
                        "`companion print cards --export png` (a PNG per card side, at size) as Print Then Cut images"))
    if name.lower() not in CUTTERS:
        raise Refused(_("unknown cutter {name}; use {cutters}").format(name=repr(name), cutters=", ".join(CUTTERS)))
    return CUTTERS[name.lower()]


def _card_size(ctx, param, name: str):
    from companion.sheets.layout import CARD_SIZES

    if name.lower() not in CARD_SIZES:
        raise Refused(_("unknown card size {name}; use one of: {sizes}").format(name=repr(name),
                                                                                 sizes=", ".join(CARD_SIZES)))
    return name.lower(), CARD_SIZES[name.lower()]


@print_group.command()
@click.option("--deck", default="all", show_default=True, help="apples, abilities or all")
@click.option("--card-size", "size", default="63x88", show_default=True, callback=_card_size,
              help="63x88 (the edition's 63 x 88 mm) or poker (2.5 x 3.5 in = 63.5 x 88.9 mm, what sleeves fit)")
@click.option("--bleed", type=float, default=0.0, show_default=True, help="mm printed past each card's cut")
@click.option("--duplex", is_flag=True, help="a back page after each front page (flip on the long edge)")
@click.option("--fold", is_flag=True, help="each back under its front on a landscape page, to fold and glue "
                                           "(for printers that cannot print double-sided straight)")
@click.option("--cutter", default=None, callback=_cutter, metavar="silhouette",
              help="print-then-cut: the machine's registration marks on the fronts, the cards kept clear of them, "
                   "and the SVG cut file of the trim lines beside the PDF")
@INK_SAVER
@BACK_OFFSET
@EXPORT
@DPI
@output_options
@click.pass_context
def cards(ctx, deck, size, bleed, duplex, fold, cutter, ink_saver, offset, export, dpi, paper, fmt, output, force,
          as_json):
    """Apple and ability cards, 63 x 88 mm or poker 2.5 x 3.5 in, nine to a page with crop marks (or one PNG per
    side)."""
    if deck not in DECKS:
        raise Refused(_("unknown deck {deck}; use one of: {decks}").format(deck=repr(deck), decks=", ".join(DECKS)))
    sheet_only(export, **{"--dpi": dpi})
    sized = "" if size[0] == "63x88" else f"-{size[0]}"  # the default keeps the names from before --card-size
    if export:
        from companion.sheets.export import card_sides

        return export_png(ctx, card_sides(deck, size[1]), f"cards-{deck}{sized}", bleed, dpi, output, force, as_json)
    if fold:
        return _fold(deck, sized, size, bleed, duplex, offset, cutter, paper, fmt, ink_saver, output, force, as_json)
    from companion.sheets.cards import render_cards

    back = back_offset(offset)
    name = (f"cards-{deck}{sized}-{paper.key}{'-duplex' if duplex else ''}{'-inksaver' if ink_saver else ''}"
            f"{f'-{cutter.key}' if cutter else ''}")
    path = target(output, name, fmt, force)
    cut = _cut_file(cutter, path, fmt, force)
    write(lambda p: render_cards(deck, paper, bleed, duplex, back.value, fmt, p, ink_saver, size[1], cutter, cut),
          path, as_json, back, cut)


def _cut_file(cutter, path: Path, fmt: str, force: bool) -> Path | None:
    """With --cutter: the SVG cut file beside the PDF (NAME-cut.svg), checked like the PDF before anything is drawn."""
    if cutter is None:
        return None
    if fmt != "pdf":
        raise Refused(_("--cutter prints a PDF with the machine's marks and writes the SVG cut file beside it; leave "
                        "out --format svg"))
    cut = path.with_name(f"{path.stem}-cut.svg")
    check_output(cut, force)
    return cut


def _fold(deck, sized, size, bleed, duplex, offset, cutter, paper, fmt, ink_saver, output, force, as_json) -> None:
    """`cards --fold`: one-sided pages to fold and glue, so no duplex, no back offset and no cutter's grid."""
    for given, option in ((duplex, "--duplex"), (offset is not None, "--back-offset"), (cutter, "--cutter")):
        if given:
            raise Refused(_("--fold prints each back under its front on one side of the paper; leave out {option}")
                          .format(option=option))
    from companion.sheets.fold import render_fold

    path = target(output, f"cards-{deck}{sized}-{paper.key}-fold{'-inksaver' if ink_saver else ''}", fmt, force)
    write(lambda p: render_fold(deck, paper, bleed, fmt, p, ink_saver, size[1]), path, as_json)


@print_group.command()
@BACK_OFFSET
@output_options
def calibration(offset, paper, fmt, output, force, as_json):
    """A duplex test page: print it double-sided and read your printer's front/back offset off its scales."""
    from companion.sheets.calibration import render_calibration

    back = back_offset(offset)
    path = target(output, f"calibration-{paper.key}", fmt, force)
    write(lambda p: render_calibration(paper, back.value, fmt, p), path, as_json, back)


ONE_PAGE = "1x1"  # --tiles: the map on one sheet (on A4 and Letter the overview, too small to play on)


def _tiles(ctx, param, text: str | None) -> tuple[int, int] | None:
    from companion.sheets.tiles import TILES

    if text is None or text.lower() == ONE_PAGE:
        return None if text is None else (1, 1)
    if text.lower() not in TILES:
        raise Refused(_("unknown --tiles {tiles}; use one of: {known} (columns x rows of sheets), or {one} (one "
                        "page)").format(tiles=repr(text), known=", ".join(TILES), one=ONE_PAGE))
    return TILES[text.lower()]


@print_group.command("map")
@click.option("--ink-saver", is_flag=True, help="outlines only, no tints")
@click.option("--map", "map_name", metavar="EDITION|FILE.toml",
              help="second-edition (the default) or first-edition, the edition's maps; or a player's own map (as for "
                   "`snits new --map`), its organs laid out on a grid")
@click.option("--tiles", metavar="2x1|1x2|2x2|1x1", callback=_tiles,
              help="the big map over 2 or 4 sheets (columns x rows) to glue together (default: 2x1 on A4 and "
                   "Letter); 1x1: one page (on A4 and Letter an overview whose organs hold 4 counters)")
@functools.partial(output_options, a3=True)
def bolotomus_map(ink_saver, map_name, tiles, paper, fmt, output, force, as_json):
    """The Bolotomus map for Snits' Revenge: organs, passages, entries, turn sequence. The playing size is the big
    map, organs holding nine 15 mm counters (a busy organ has 5-7): by default over two A4 or Letter sheets glued
    together (--tiles 2x1), on one sheet with --paper a3. --tiles 1x1 on A4 or Letter prints one page whose organs
    hold four: an overview, too small to play on."""
    from companion.shared.snits.options import choose_map
    from companion.sheets.bolotomus_map import render_map
    from companion.snits.bolotomus import DEFAULT_EDITION

    if tiles is None and paper.key != "a3":
        tiles = (2, 1)  # the playing size on a home printer's paper
    elif tiles == (1, 1):
        tiles = None
    board, _setup = choose_map(map_name)
    if board.edition:  # the default edition's file keeps its name from before there were two
        name = "" if board.edition == DEFAULT_EDITION else f"-{board.edition}"
    else:
        name = f"-{Path(map_name).stem}"
    tiled = f"-tiles-{tiles[0]}x{tiles[1]}" if tiles else ""
    path = target(output, f"bolotomus-map{name}-{paper.key}{tiled}{'-inksaver' if ink_saver else ''}", fmt, force)
    write(lambda p: render_map(paper, fmt, ink_saver, p, board, tiles), path, as_json)


@print_group.command()
@click.option("--clan", default="all", show_default=True, help="red, blue, green, yellow or all")
@click.option("--duplex", is_flag=True, help="a back page after each front page (flip on the long edge)")
@BACK_OFFSET
@EXPORT
@DPI
@click.option("--bleed", type=float, default=None, help="with --export png: mm printed past each counter's cut  "
                                                        "[default: 0]")
@output_options
@click.pass_context
def counters(ctx, clan, duplex, offset, export, dpi, bleed, paper, fmt, output, force, as_json):
    """Snits' Revenge counters, 15 x 15 mm with crop marks: Snits, Snorgs, Makums, Runnungitms, Spark, Splops."""
    from companion.sheets.counter_sheet import clan_names, render_counters

    clan = clan.lower()
    if clan != "all" and clan not in clan_names():
        raise Refused(_("unknown clan {clan}; use one of: {clans}, all").format(clan=repr(clan),
                                                                                 clans=", ".join(clan_names())))
    sheet_only(export, **{"--dpi": dpi, "--bleed": bleed})
    if export:
        from companion.sheets.export import counter_sides

        return export_png(ctx, counter_sides(clan), f"counters-{clan}", bleed or 0.0, dpi, output, force, as_json)
    back = back_offset(offset) if duplex else None
    path = target(output, f"counters-{clan}-{paper.key}{'-duplex' if duplex else ''}", fmt, force)
    write(lambda p: render_counters(clan, paper, duplex, back.value if back else (0.0, 0.0), fmt, p), path, as_json,
          back)


@print_group.command()
@click.option("--game", default="all", show_default=True, help=f"{', '.join(REFERENCE[:-1])} or all")
@INK_SAVER
@output_options
def reference(game, ink_saver, paper, fmt, output, force, as_json):
    """Reference cards, poker size 63 x 88 mm: Snits' Revenge turns, dice, movement, variations and multiplayer;
    Sssnake rounds, scoring, terrains and the 16 abilities."""
    from companion.sheets.reference import render_reference

    game = game.lower()
    if game not in REFERENCE:
        raise Refused(_("unknown game {game}; use one of: {games}").format(game=repr(game), games=", ".join(REFERENCE)))
    path = target(output, f"reference-{game}-{paper.key}{'-inksaver' if ink_saver else ''}", fmt, force)
    write(lambda p: render_reference(game, paper, fmt, p, ink_saver), path, as_json)


@print_group.command()
@click.option("--game", "kind", required=True, help=f"{', '.join(GAMES)}")
@click.option("--serial", default=None, help="pad serial in the sheets' QR codes (A-Z, 0-9); random if left out")
@output_options
def booklet(kind, serial, paper, fmt, output, force, as_json):
    """One game's print-and-play booklet (PDF): cover, paper guide, cut-and-glue guide, every printable, duplex-ready."""
    kind = kind.lower()
    if kind not in GAMES:
        raise Refused(_("unknown game {game}; use one of: {games}").format(game=repr(kind), games=", ".join(GAMES)))
    if fmt != "pdf":
        raise Refused(_("a booklet is one PDF; leave out --format svg (each part prints as SVG with its own command)"))
    serial = pad_serial(serial)
    from companion.sheets.booklet import render_booklet

    path = target(output, f"booklet-{kind}-{paper.key}", fmt, force)
    write(lambda p: render_booklet(kind, paper, serial, p), path, as_json)
