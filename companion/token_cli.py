"""`companion token`, `resume` and `qr`: a saved game leaves the machine as a token or QR code and comes back."""
from __future__ import annotations

import os
import sys
from datetime import date

import click

from companion import card_words, token as codec
from companion.commands import completes, emit
from companion.games import GAMES, engine
from companion.session import Refused, create, current

SEALED = ("sealed: this public token leaves out the hidden Spark/Splops, so the game can be looked at but not "
          "played on; the Bolotomus resumes it from `companion token --private` instead")
GAME_HELP = "game id (default: the most recent game of any kind)"
PRIVATE_HELP = "include what only the Bolotomus may know (Spark of Life, Splops); keep it from the Snits"


def token_of(record, state, private: bool) -> str:
    """The game's token; warns on stderr when a private token really holds something the table must not see."""
    eng = engine(record.kind)
    if private and eng.to_dict(state, True) != eng.to_dict(state, False):
        click.echo("private token: it shows the hidden Spark/Splops; keep it away from the Snits player", err=True)
    return codec.encode(record.kind, record.id, state, private)


@click.command()
@click.option("--game", help=GAME_HELP, shell_complete=completes(None, "game"))
@click.option("--private", is_flag=True, help=PRIVATE_HELP)
@click.option("--json", "as_json", is_flag=True, help="machine-readable output")
def token(game, private, as_json):
    """Print a game's state as one short token (resume it anywhere with `companion resume`)."""
    record, state = current(None, game)
    text = token_of(record, state, private)
    emit(as_json, {"game": record.id, "kind": record.kind, "private": private, "token": text,
                   "length": len(text)}, text)


@click.command()
@click.argument("text", nargs=-1, metavar="[TOKEN]")
@click.option("--image", "--photo", "image",
              help="a photo or PNG of the game's QR code (or of its printed state card)")
@click.option("--json", "as_json", is_flag=True, help="machine-readable output")
def resume(text, image, as_json):
    """Create a game from a token (argument, in single quotes, or piped in) or from a photo of its QR code."""
    decoded, state = read_token(text, image)
    eng = engine(decoded.kind)
    game_id, _ = create(decoded.kind, {"snapshot": decoded.data}, wanted_id=decoded.game_id)
    moved = "" if game_id == decoded.game_id else f" ({decoded.game_id} is taken here)"
    sealed = SEALED if getattr(state, "sealed", False) else ""
    emit(as_json, {"game": game_id, "kind": decoded.kind, "from": decoded.game_id, "sealed": bool(sealed),
                   "status": eng.describe(state), "state": eng.view(state)},
         f"resumed as {game_id}{moved}: {eng.describe(state)}" + (f"\n{sealed}" if sealed else ""))


def read_token(text: tuple[str, ...], image: str | None):
    """The decoded token from the argument, the image or stdin; refuses with the first reason when none decodes."""
    if text and image:
        raise Refused("give a token or --image PHOTO, not both")
    if image:
        from companion import qr

        try:
            candidates = qr.read(image)
        except qr.ImageError as exc:
            raise Refused(str(exc)) from None
    elif text:
        candidates = [" ".join(text)]  # an unquoted token with single spaces arrives in pieces
    else:
        piped = "" if sys.stdin.isatty() else sys.stdin.read(codec.MAX_CHARS + 100)
        if not piped.strip():
            raise Refused("give a token (in single quotes), --image PHOTO, or pipe one in: "
                          "companion token | companion resume")
        candidates = [piped]
    errors = []
    for candidate in candidates:
        try:
            return codec.decode(candidate)
        except codec.TokenError as exc:
            errors.append(str(exc))
    for candidate in candidates:
        sheet = pad_sheet(candidate)
        if sheet:
            raise Refused(sheet)
    raise Refused(errors[0] if len(errors) == 1 else f"none of the {len(errors)} QR codes is a game: {errors[0]}")


def pad_sheet(text: str) -> str | None:
    """What a printed Sssnake sheet's QR code names, and the command that starts a game on that landscape; None
    for any text that sheets/sheet.py would not print on a sheet of this edition."""
    import re

    found = re.fullmatch(r"SSSNAKE:[A-Z0-9.-]{1,40}:([A-Z-]{1,20}):([A-Z0-9]{1,12}):([0-9]{1,4})", text.strip())
    if not found:
        return None
    from companion.sheets.sheet import sheet_code
    from companion.sssnake.edition import edition

    slug, serial, page = found[1].lower(), found[2], int(found[3])
    land = edition().landscapes.get(slug)
    if land is None or sheet_code(slug, serial, page) != text.strip():
        return None
    return (f"this is a Sssnake sheet: {land.name}, pad {serial}, sheet {page}, not a saved game; play on it with "
            f"`companion sssnake new --players NAMES --landscape {slug}`")


@click.command()
@click.option("--game", help=GAME_HELP, shell_complete=completes(None, "game"))
@click.option("--private", is_flag=True, help=PRIVATE_HELP)
@click.option("--format", "fmt", type=click.Choice(["terminal", "png", "svg", "pdf"]), default="terminal",
              show_default=True, help="terminal: on screen; png: the code alone; svg/pdf: a printable state card")
@click.option("-o", "--output", help="file to write (default: output/<game>-qr.png or output/<game>-card.<format>)")
@click.option("--force", is_flag=True, help="replace the file if it exists")
def qr(game, private, fmt, output, force):
    """Show a game's token as a QR code, or write it as an image or a printable state card."""
    from companion import qr as codes
    from companion.sheets.qr import CAPACITY, TooLong

    record, state = current(None, game)
    text = token_of(record, state, private)
    try:
        if fmt == "terminal":
            terminal(codes, record.id, text, output)
        else:
            click.echo(write_code(codes, record, state, text, private, fmt, output, force))
    except TooLong:
        raise Refused(f"game {record.id}'s token is {len(text)} characters, more than a QR code holds ({CAPACITY} "
                      "at error correction M); `companion token` gives it as text") from None


def write_code(codes, record, state, text: str, private: bool, fmt: str, output: str | None, force: bool) -> str:
    """Write the PNG or state card where -o (else output/) says, once that is safe; returns the path."""
    from companion.output import check

    path = output or os.path.join("output", f"{record.id}-qr.png" if fmt == "png" else f"{record.id}-card.{fmt}")
    check(path, force)
    try:
        if fmt == "png":
            codes.png(text, path)
        else:
            from companion.sheets.state_card import render

            lines = card_words.card(record.kind, engine(record.kind).view(state), private, date.today().isoformat())
            render(text, f"{GAMES[record.kind].title} - {record.id}", lines, fmt, path)
    except OSError as exc:
        raise Refused(f"cannot write {path}: {exc.strerror or exc}; choose another place with -o PATH") from None
    return path


def terminal(codes, game_id: str, text: str, output: str | None) -> None:
    """The code in half blocks on the screen, refused where -o was given or the console cannot draw blocks."""
    if output:
        raise Refused("-o is for --format png, svg or pdf; the terminal code goes to the screen (or `> FILE`)")
    encoding = getattr(sys.stdout, "encoding", None)
    if not codes.drawable(encoding):
        raise Refused(f"this console's encoding ({encoding}) has no block characters to draw a QR code; "
                      "use --format png (or pdf) and open the file, or set PYTHONIOENCODING=utf-8")
    click.echo(codes.terminal(text), color=True)  # the colours are the picture: keep them when piped
    click.echo(f"{game_id}: {len(text)} characters, QR version {codes.version(text)}; scan it, or "
               "`companion resume --image` a photo of it")
