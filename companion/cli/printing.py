"""`companion print`: Sssnake pads and cards, the Snits' Revenge map, counters and reference cards, the
duplex calibration page, as PDF or SVG, and one print-and-play booklet (PDF) per game.

The printing code (sheets/, reportlab, svgwrite, qrcode) is imported inside each command, never at import time.
"""
from __future__ import annotations

import functools
import os
import re
import secrets
from pathlib import Path

import click

from companion.cli.output import check as check_output
from companion.cli.output import emit
from companion.core.games import GAMES
from companion.core.printable import printable
from companion.shared.session import Refused

FORMATS = ("pdf", "svg")
DECKS = ("apples", "abilities", "all")
SERIAL = re.compile(r"[A-Z0-9]{1,12}")
REFERENCE = (*sorted(k for k, g in GAMES.items() if g.reference), "all")  # what `reference --game` takes
MAX_COPIES = 1000  # a boxed pad has 40 of each; a thousand is a print shop's run, not a typo's


def _paper(a3: bool):
    """The --paper check: a4 or letter, and a3 where the command prints on it (the map)."""
    def check(ctx, param, name: str):
        from companion.sheets.layout import A3, PAPERS

        papers = {**PAPERS, "a3": A3} if a3 else PAPERS
        key = name.lower()
        if key not in papers:
            raise Refused(f"unknown paper {name!r}; use one of: {', '.join(papers)}")
        return papers[key]
    return check


def _format(ctx, param, fmt: str) -> str:
    if fmt.lower() not in FORMATS:
        raise Refused(f"unknown format {fmt!r}; use pdf or svg")
    return fmt.lower()


TEXT_AND_IMAGES = {".txt", ".md", ".csv", ".json", ".toml", ".html", ".png", ".jpg", ".jpeg", ".gif"}  # never a print


def _target(output: str | None, default: str, fmt: str, force: bool) -> Path:
    """The -o path, else output/<default>.pdf (a folder of pages for SVG), once it is known safe to write."""
    if output is not None:
        if not output.strip():
            raise Refused("-o needs a file (pdf) or folder (svg) name")
        other = {"pdf": ".svg", "svg": ".pdf"}[fmt]
        if output.lower().endswith(other):
            raise Refused(f"-o {output} ends in {other} but the format is {fmt}; "
                          f"add --format {other[1:]} (svg writes a folder of pages) or name a .{fmt} path")
        suffix = os.path.splitext(output)[1].lower()  # as typed: a trailing / names a folder, refused below
        if suffix in TEXT_AND_IMAGES:
            raise Refused(f"-o {output} ends in {suffix}, which is no {fmt} file; print writes pdf (a .pdf file) or "
                          f"svg (a folder of pages): name a .{fmt} path")
        check_output(output, force, folder=fmt == "svg")  # as typed: Path drops a trailing /
        return Path(output)
    path = Path("output") / (f"{default}.pdf" if fmt == "pdf" else f"{default}-svg")
    check_output(path, force, folder=fmt == "svg")
    return path


def _write(render, path: Path, as_json: bool) -> None:
    """Run a renderer into `path`; layout and file-system problems become one-line refusals, no partial output."""
    from companion.sheets.layout import LayoutError

    try:
        pages = render(path)
    except LayoutError as exc:
        raise Refused(str(exc)) from None
    except OSError as exc:
        raise Refused(f"cannot write {path}: {exc.strerror or exc}; choose another -o path") from None
    files = sorted(str(p) for p in path.iterdir()) if path.is_dir() else [str(path)]
    counts = f"{pages} page{'s' if pages != 1 else ''}" + (f", {len(files)} file{'s' if len(files) != 1 else ''}" if path.is_dir() else "")
    emit(as_json, {"path": str(path), "pages": pages, "files": files}, f"wrote {printable(str(path))} ({counts})")


def _serial(serial: str | None) -> str:
    """The pad serial in the sheets' QR codes: the one given (checked), else a random one."""
    serial = serial.upper() if serial else "".join(secrets.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(6))
    if not SERIAL.fullmatch(serial):
        raise Refused(f"--serial {serial!r} must be 1-12 letters A-Z or digits (the QR alphanumeric set)")
    return serial


def _offset(ctx, param, text: str) -> tuple[float, float]:
    from companion.sheets.layout import LayoutError, parse_offset

    try:
        return parse_offset(text)
    except LayoutError as exc:
        raise Refused(str(exc)) from None


def output_options(command, a3: bool = False):
    """--paper, --format, -o, --force and --json, the same on every print command (checked as they are parsed)."""
    options = [
        click.option("--paper", default="a4", show_default=True, callback=_paper(a3),
                     help="a4, letter or a3" if a3 else "a4 or letter"),
        click.option("--format", "fmt", default="pdf", show_default=True, callback=_format,
                     help="pdf (one file) or svg (a folder)"),
        click.option("-o", "--output", default=None, help="file (pdf) or folder (svg) to write"),
        click.option("--force", is_flag=True, help="replace the file (or folder of pages) if it exists"),
        click.option("--json", "as_json", is_flag=True, help="machine-readable output"),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def _export(ctx, param, fmt: str | None) -> str | None:
    if fmt is not None and fmt.lower() != "png":
        raise Refused(f"unknown export {fmt!r}; use png (one image per card side, for a print shop)")
    return fmt and fmt.lower()


EXPORT = click.option("--export", default=None, callback=_export, metavar="png",
                      help="png: a folder of one image per card side, sized for a print-on-demand service")
DPI = click.option("--dpi", type=int, default=None, help="pixels per inch of --export png  [default: 300]")
SHEET_ONLY = {"paper": "--paper", "fmt": "--format", "duplex": "--duplex", "offset": "--back-offset",
              "ink_saver": "--ink-saver"}


def _export_png(ctx: click.Context, sides, default: str, bleed: float, dpi: int | None, output: str | None,
                force: bool, as_json: bool) -> None:
    """--export png: each card side an image in -o (else output/<default>-<dpi>dpi); sheet-only options refused."""
    from click.core import ParameterSource

    from companion.sheets.export import export

    for name, option in SHEET_ONLY.items():
        if ctx.get_parameter_source(name) not in (None, ParameterSource.DEFAULT):
            raise Refused(f"{option} is for printed sheets; --export png writes each card side as its own image: "
                          f"leave {option} out")
    dpi = 300 if dpi is None else dpi
    if output is not None and not output.strip():
        raise Refused("-o needs a folder name for --export png")
    path = Path(output) if output is not None else Path("output") / f"{default}-{dpi}dpi"
    _write(lambda p: export(*sides, bleed, dpi, p, force), path, as_json)


def _sheet_only(export: str | None, **given) -> None:
    """Refuse an export-only option (--dpi, or a counter's --bleed) on a printed sheet."""
    for option, value in given.items():
        if export is None and value is not None:
            raise Refused(f"{option} is for --export png; add --export png or leave {option} out")




INK_SAVER = click.option("--ink-saver", is_flag=True, help="outlines and patterns only: no tints or large fills")
BACK_OFFSET = click.option("--back-offset", "offset", default="0,0", show_default=True, callback=_offset,
                           help="X,Y mm to move back pages, measured with `companion print calibration`")


@click.group("print")
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
            raise Refused(f"{exc}, or all") from None
    if not 1 <= copies <= MAX_COPIES:
        raise Refused(f"--copies must be 1 to {MAX_COPIES} (sheets of each landscape), not {copies}")
    serial = _serial(serial)
    from companion.sheets.sheet import render_pad

    path = _target(output, f"pad-{landscape_}-{paper.key}{'-inksaver' if ink_saver else ''}", fmt, force)
    _write(lambda p: render_pad(slugs, copies, paper, fmt, ink_saver, serial, p), path, as_json)


@print_group.command()
@click.option("--deck", default="all", show_default=True, help="apples, abilities or all")
@click.option("--bleed", type=float, default=0.0, show_default=True, help="mm printed past each card's cut")
@click.option("--duplex", is_flag=True, help="a back page after each front page (flip on the long edge)")
@INK_SAVER
@BACK_OFFSET
@EXPORT
@DPI
@output_options
@click.pass_context
def cards(ctx, deck, bleed, duplex, ink_saver, offset, export, dpi, paper, fmt, output, force, as_json):
    """Apple and ability cards, poker size 63 x 88 mm, nine to a page with crop marks (or one PNG per side)."""
    if deck not in DECKS:
        raise Refused(f"unknown deck {deck!r}; use one of: {', '.join(DECKS)}")
    _sheet_only(export, **{"--dpi": dpi})
    if export:
        from companion.sheets.export import card_sides

        return _export_png(ctx, card_sides(deck), f"cards-{deck}", bleed, dpi, output, force, as_json)
    from companion.sheets.cards import render_cards

    name = f"cards-{deck}-{paper.key}{'-duplex' if duplex else ''}{'-inksaver' if ink_saver else ''}"
    path = _target(output, name, fmt, force)
    _write(lambda p: render_cards(deck, paper, bleed, duplex, offset, fmt, p, ink_saver), path, as_json)


@print_group.command()
@click.option("--back-offset", "offset", default="0,0", show_default=True, callback=_offset,
              help="X,Y mm, to check a measured offset")
@output_options
def calibration(offset, paper, fmt, output, force, as_json):
    """A duplex test page: print it double-sided and read your printer's front/back offset off its scales."""
    from companion.sheets.calibration import render_calibration

    path = _target(output, f"calibration-{paper.key}", fmt, force)
    _write(lambda p: render_calibration(paper, offset, fmt, p), path, as_json)


ONE_PAGE = "1x1"  # --tiles: the map on one sheet (on A4 and Letter the overview, too small to play on)


def _tiles(ctx, param, text: str | None) -> tuple[int, int] | None:
    from companion.sheets.tiles import TILES

    if text is None or text.lower() == ONE_PAGE:
        return None if text is None else (1, 1)
    if text.lower() not in TILES:
        raise Refused(f"unknown --tiles {text!r}; use one of: {', '.join(TILES)} (columns x rows of sheets), or "
                      f"{ONE_PAGE} (one page)")
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
    board, _ = choose_map(map_name)
    if board.edition:  # the default edition's file keeps its name from before there were two
        name = "" if board.edition == DEFAULT_EDITION else f"-{board.edition}"
    else:
        name = f"-{Path(map_name).stem}"
    tiled = f"-tiles-{tiles[0]}x{tiles[1]}" if tiles else ""
    path = _target(output, f"bolotomus-map{name}-{paper.key}{tiled}{'-inksaver' if ink_saver else ''}", fmt, force)
    _write(lambda p: render_map(paper, fmt, ink_saver, p, board, tiles), path, as_json)


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
        raise Refused(f"unknown clan {clan!r}; use one of: {', '.join(clan_names())}, all")
    _sheet_only(export, **{"--dpi": dpi, "--bleed": bleed})
    if export:
        from companion.sheets.export import counter_sides

        return _export_png(ctx, counter_sides(clan), f"counters-{clan}", bleed or 0.0, dpi, output, force, as_json)
    path = _target(output, f"counters-{clan}-{paper.key}{'-duplex' if duplex else ''}", fmt, force)
    _write(lambda p: render_counters(clan, paper, duplex, offset, fmt, p), path, as_json)


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
        raise Refused(f"unknown game {game!r}; use one of: {', '.join(REFERENCE)}")
    path = _target(output, f"reference-{game}-{paper.key}{'-inksaver' if ink_saver else ''}", fmt, force)
    _write(lambda p: render_reference(game, paper, fmt, p, ink_saver), path, as_json)


@print_group.command()
@click.option("--game", "kind", required=True, help=f"{', '.join(GAMES)}")
@click.option("--serial", default=None, help="pad serial in the sheets' QR codes (A-Z, 0-9); random if left out")
@output_options
def booklet(kind, serial, paper, fmt, output, force, as_json):
    """One game's print-and-play booklet (PDF): cover, paper guide, cut-and-glue guide, every printable, duplex-ready."""
    kind = kind.lower()
    if kind not in GAMES:
        raise Refused(f"unknown game {kind!r}; use one of: {', '.join(GAMES)}")
    if fmt != "pdf":
        raise Refused("a booklet is one PDF; leave out --format svg (each part prints as SVG with its own command)")
    serial = _serial(serial)
    from companion.sheets.booklet import render_booklet

    path = _target(output, f"booklet-{kind}-{paper.key}", fmt, force)
    _write(lambda p: render_booklet(kind, paper, serial, p), path, as_json)
