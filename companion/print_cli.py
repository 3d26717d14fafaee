"""`companion print`: Sssnake pads and cards, the Snits' Revenge map, counters and reference cards, and the
duplex calibration page, as PDF or SVG.

The printing code (sheets/, reportlab, svgwrite, qrcode) is imported inside each command, never at import time.
"""
from __future__ import annotations

import re
import secrets
from pathlib import Path

import click

from companion.games import GAMES
from companion.output import check as check_output
from companion.commands import emit
from companion.session import Refused

FORMATS = ("pdf", "svg")
DECKS = ("apples", "abilities", "all")
SERIAL = re.compile(r"[A-Z0-9]{1,12}")
REFERENCE = (*sorted(k for k, g in GAMES.items() if g.reference), "all")  # what `reference --game` takes
MAX_COPIES = 1000  # a boxed pad has 40 of each; a thousand is a print shop's run, not a typo's


def _paper(ctx, param, name: str):
    from companion.sheets.layout import PAPERS

    key = name.lower()
    if key not in PAPERS:
        raise Refused(f"unknown paper {name!r}; use one of: {', '.join(PAPERS)}")
    return PAPERS[key]


def _format(ctx, param, fmt: str) -> str:
    if fmt.lower() not in FORMATS:
        raise Refused(f"unknown format {fmt!r}; use pdf or svg")
    return fmt.lower()


def _target(output: str | None, default: str, fmt: str, force: bool) -> Path:
    """The -o path, else output/<default>.pdf (a folder of pages for SVG), once it is known safe to write."""
    if output is not None:
        if not output.strip():
            raise Refused("-o needs a file (pdf) or folder (svg) name")
        other = {"pdf": ".svg", "svg": ".pdf"}[fmt]
        if output.lower().endswith(other):
            raise Refused(f"-o {output} ends in {other} but the format is {fmt}; "
                          f"add --format {other[1:]} (svg writes a folder of pages) or name a .{fmt} path")
        path = Path(output)
    else:
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
    emit(as_json, {"path": str(path), "pages": pages, "files": files}, f"wrote {path} ({counts})")


def _offset(ctx, param, text: str) -> tuple[float, float]:
    from companion.sheets.layout import LayoutError, parse_offset

    try:
        return parse_offset(text)
    except LayoutError as exc:
        raise Refused(str(exc)) from None


def output_options(command):
    """--paper, --format, -o, --force and --json, the same on every print command (checked as they are parsed)."""
    options = [
        click.option("--paper", default="a4", show_default=True, callback=_paper, help="a4 or letter"),
        click.option("--format", "fmt", default="pdf", show_default=True, callback=_format,
                     help="pdf (one file) or svg (a folder)"),
        click.option("-o", "--output", default=None, help="file (pdf) or folder (svg) to write"),
        click.option("--force", is_flag=True, help="replace the file (or folder of pages) if it exists"),
        click.option("--json", "as_json", is_flag=True, help="machine-readable output"),
    ]
    for option in reversed(options):
        command = option(command)
    return command


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
    serial = serial.upper() if serial else "".join(secrets.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(6))
    if not SERIAL.fullmatch(serial):
        raise Refused(f"--serial {serial!r} must be 1-12 letters A-Z or digits (the QR alphanumeric set)")
    from companion.sheets.sheet import render_pad

    path = _target(output, f"pad-{landscape_}-{paper.key}{'-inksaver' if ink_saver else ''}", fmt, force)
    _write(lambda p: render_pad(slugs, copies, paper, fmt, ink_saver, serial, p), path, as_json)


@print_group.command()
@click.option("--deck", default="all", show_default=True, help="apples, abilities or all")
@click.option("--bleed", type=float, default=0.0, show_default=True, help="mm printed past each card's cut")
@click.option("--duplex", is_flag=True, help="a back page after each front page (flip on the long edge)")
@INK_SAVER
@BACK_OFFSET
@output_options
def cards(deck, bleed, duplex, ink_saver, offset, paper, fmt, output, force, as_json):
    """Apple and ability cards, poker size 63 x 88 mm, nine to a page with crop marks."""
    if deck not in DECKS:
        raise Refused(f"unknown deck {deck!r}; use one of: {', '.join(DECKS)}")
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


@print_group.command("map")
@click.option("--ink-saver", is_flag=True, help="outlines only, no tints")
@click.option("--map", "map_file", metavar="FILE.toml", help="a player's own map (as for `snits new --map`), its "
                                                             "organs laid out on a grid")
@output_options
def bolotomus_map(ink_saver, map_file, paper, fmt, output, force, as_json):
    """The Bolotomus map for Snits' Revenge on one landscape page: organs, passages, entries, turn sequence."""
    from companion.sheets.bolotomus_map import render_map

    board = None
    if map_file is not None:
        from companion.snits_options import read_map

        board = read_map(map_file)
    name = f"-{Path(map_file).stem}" if map_file is not None else ""
    path = _target(output, f"bolotomus-map{name}-{paper.key}{'-inksaver' if ink_saver else ''}", fmt, force)
    _write(lambda p: render_map(paper, fmt, ink_saver, p, board), path, as_json)


@print_group.command()
@click.option("--clan", default="all", show_default=True, help="red, blue, green, yellow or all")
@click.option("--duplex", is_flag=True, help="a back page after each front page (flip on the long edge)")
@BACK_OFFSET
@output_options
def counters(clan, duplex, offset, paper, fmt, output, force, as_json):
    """Snits' Revenge counters, 15 x 15 mm with crop marks: Snits, Snorgs, Makums, Runnungitms, Spark, Splops."""
    from companion.sheets.counter_sheet import clan_names, render_counters

    clan = clan.lower()
    if clan != "all" and clan not in clan_names():
        raise Refused(f"unknown clan {clan!r}; use one of: {', '.join(clan_names())}, all")
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
