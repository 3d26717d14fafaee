"""`companion token`, `resume` and `qr`: a saved game leaves the machine as a token or QR code and comes back."""
from __future__ import annotations

import os
import re
import sys
from datetime import date

import click

from companion.cli.commands import completes
from companion.cli.output import emit
from companion.core.games import GAMES, engine
from companion.core.language import N_, _
from companion.shared import card_words
from companion.shared.session import Refused, create, current
from companion.tokens import game_token as codec
from companion.tokens import sheet_token

SEALED = N_("sealed: this public token leaves out the hidden Spark/Splops, so the game can be looked at but not "
            "played on; the Bolotomus resumes it from `companion token --private` instead")
GAME_HELP = "game id (default: the most recent game of any kind)"
PRIVATE_HELP = "include what only the Bolotomus may know (Spark of Life, Splops); keep it from the Snits"


def token_of(record, state, private: bool) -> str:
    """The game's token; warns on stderr when a private token really holds something the table must not see."""
    eng = engine(record.kind)
    if private and record.kind == "snits":
        from companion.shared.snits.options import keep_secret

        keep_secret(record, state)
    if private and eng.to_dict(state, True) != eng.to_dict(state, False):
        click.echo(_("private token: it shows the hidden Spark/Splops; keep it away from the Snits player"), err=True)
    return codec.encode(record.kind, record.id, state, private, record.play_id)


def sheets_of(record, state) -> list[tuple[str, str]]:
    """(player's name, sheet token) for each digital player, in seat order; none in a game of paper players."""
    sheets = getattr(state, "sheets", {})
    return [(state.snakes[i].name, sheet_token.encode(record.id, state, i)) for i in sorted(sheets)]


@click.command()
@click.option("--game", help=GAME_HELP, shell_complete=completes(None, "game"))
@click.option("--private", is_flag=True, help=PRIVATE_HELP)
@click.option("--json", "as_json", is_flag=True, help="machine-readable output")
def token(game, private, as_json):
    """Print a game's state as one short token, then each digital player's sheet token (resume them anywhere,
    together, with `companion resume`)."""
    record, state = current(None, game)
    text = token_of(record, state, private)
    sheets = sheets_of(record, state)
    listed = {"sheets": [{"player": name, "token": t, "length": len(t)} for name, t in sheets]} if sheets else {}
    emit(as_json, {"game": record.id, "kind": record.kind, "private": private, "token": text,
                   "length": len(text)} | listed,
         "\n".join([text] + ["{token}  # {sheet}".format(token=t, sheet=_("{name}'s sheet").format(name=name))
                             for name, t in sheets]))


@click.command()
@click.argument("text", nargs=-1, metavar="[TOKEN [SHEETTOKEN...]]")
@click.option("--image", "--photo", "images", multiple=True, metavar="PHOTO",
              help="a photo or PNG of the game's QR code (or of its printed state card); repeat it for each digital "
                   "sheet's code or card (or show them all in one photo); sheet tokens may also be typed")
@click.option("--vs", metavar="SIDE[,SIDE]", help="Snits' Revenge: the computer plays these sides (bolotomus, snits "
                                                 "or clans), as with `snits new --vs`")
@click.option("--level", type=click.IntRange(1, 2), help="with --vs: the computer's strength, 1 or 2 (default)")
@click.option("--think", type=click.FloatRange(0.01, 60), help="with --vs: seconds a level-2 decision may take")
@click.option("--json", "as_json", is_flag=True, help="machine-readable output")
def resume(text, images, vs, level, think, as_json):
    """Create a game from a token (argument, in single quotes, or piped in) or from a photo of its QR code; a game
    with digital sheets also takes each digital player's sheet token."""
    decoded, data, state = read_token(text, images)
    eng = engine(decoded.kind)
    snapshot = {k: v for k, v in data.items() if k != codec.DIGITAL}
    setup = {"snapshot": snapshot, **opponent(decoded.kind, state, vs, level, think)}
    game_id, _state = create(decoded.kind, setup, wanted_id=decoded.game_id, play_id=decoded.play_id)
    moved = "" if game_id == decoded.game_id else _(" ({game} is taken here)").format(game=decoded.game_id)
    sealed = _(SEALED) if getattr(state, "sealed", False) else ""
    emit(as_json, {"game": game_id, "kind": decoded.kind, "from": decoded.game_id, "sealed": bool(sealed),
                   "status": eng.describe(state), "state": eng.view(state)},
         _("resumed as {game}{moved}: {status}").format(game=game_id, moved=moved, status=eng.describe(state))
         + (f"\n{sealed}" if sealed else ""))


def opponent(kind: str, state, vs: str | None, level: int | None, think: float | None) -> dict:
    """The setup's "computer" entry for `--vs` (a token carries the game, not who plays it)."""
    if vs is None and level is None and think is None:
        return {}
    if kind != "snits":
        raise Refused(_("--vs, --level and --think are for Snits' Revenge games; this token is a {title} game")
                      .format(title=GAMES[kind].title))
    if getattr(state, "sealed", False):
        raise Refused(_("--vs: this public token is sealed and cannot be played on; resume the Bolotomus' "
                        "`companion token --private` instead"))
    from companion.shared.snits.options import against

    return against(vs, level, think, state.players, "manual" if state.manual else "auto")


def read_token(text: tuple[str, ...], images: tuple[str, ...]):
    """The game token from the argument, the images or stdin, joined with the sheet tokens given (typed, piped or in
    the photos): (token, joined state dict, state); refuses with the first reason when no game token decodes."""
    typed = sheet_token.split(text)
    if images:
        from companion.tokens import qr

        if any(not sheet_token.is_sheet(t) for t in typed):
            raise Refused(_("give a token or --image PHOTO, not both (with --image, type only sheet tokens, "
                            "{prefix}...)").format(prefix=sheet_token.PREFIX))
        try:
            for image in images:
                typed += [t for t in qr.read(image) if t not in typed]  # one code seen in two photos counts once
        except qr.ImageError as exc:
            raise Refused(str(exc)) from None
    elif not text:
        piped = "" if sys.stdin.isatty() else sys.stdin.read(codec.MAX_CHARS * 8)
        if not piped.strip():
            raise Refused(_("give a token (in single quotes), --image PHOTO, or pipe one in: "
                            "companion token | companion resume"))
        typed = sheet_token.split([piped])
    sheets = [t for t in typed if sheet_token.is_sheet(t)]
    candidates = [t for t in typed if not sheet_token.is_sheet(t)]
    if not candidates:
        raise Refused(_("a sheet token resumes only with its game token: give the game token too, then the sheet "
                        "tokens"))
    if len(candidates) > 1 and not images:
        raise Refused(_("give one game token, not {n}; a game with digital sheets takes its sheet tokens "
                        "({prefix}...) after it").format(n=len(candidates), prefix=sheet_token.PREFIX))
    errors = []
    for candidate in candidates:
        try:
            decoded = codec.unpack(candidate)
            data = sheet_token.join(decoded, sheets)
            return decoded, data, codec.validate(decoded.kind, data)
        except codec.TokenError as exc:
            errors.append(str(exc))
    for candidate in candidates:
        sheet = pad_sheet(candidate) or daily_result(candidate, images)
        if sheet:
            raise Refused(sheet)
    raise Refused(errors[0] if len(errors) == 1 else _("none of the {n} QR codes is a game: {why}").format(
        n=len(errors), why=errors[0]))


def daily_result(text: str, images: tuple[str, ...]) -> str | None:
    """What to do with a daily game's result token, which no saved game is made from; None for any other text."""
    from companion.sssnake.daily import OLD_PREFIX, PREFIX

    prefix = next((p for p in (PREFIX, OLD_PREFIX) if text.strip().upper().startswith(p)), None)
    if prefix is None:
        return None
    how = f"--image {images[0]}" if images else f"'{prefix}...'"
    return _("this is a daily game's result token ({prefix}...), not a saved game: check its score with "
             "`companion sssnake verify {how}`").format(prefix=prefix, how=how)


def pad_sheet(text: str) -> str | None:
    """What a printed Sssnake sheet's QR code names, and the command that starts a game on that landscape; None
    for any text that sheets/sheet.py would not print on a sheet of this edition."""
    from companion.sssnake.edition import edition
    from companion.tokens.pad_code import read_pad_code

    sheet = read_pad_code(text)
    if sheet is None:
        return None
    land = edition().landscapes[sheet.landscape]
    return _("this is a Sssnake sheet: {landscape}, pad {serial}, sheet {page}, not a saved game; play on it with "
             "`companion sssnake new --players NAMES --landscape {slug}`, or record it when finished with "
             "`companion sssnake record --photo PHOTO`").format(landscape=land.name, serial=sheet.serial,
                                                                 page=sheet.page, slug=sheet.landscape)


@click.command()
@click.option("--game", help=GAME_HELP, shell_complete=completes(None, "game"))
@click.option("--private", is_flag=True, help=PRIVATE_HELP)
@click.option("--format", "fmt", type=click.Choice(["terminal", "png", "svg", "pdf"]), default="terminal",
              show_default=True, help="terminal: on screen; png: the code alone; svg/pdf: a printable state card")
@click.option("-o", "--output", help="file to write (default: output/<game>-qr.png or output/<game>-card.<format>; "
                                     "a digital player's sheet goes next to it as <game>-<player>-...)")
@click.option("--force", is_flag=True, help="replace the files if they exist")
def qr(game, private, fmt, output, force):
    """Show a game's token as a QR code, or write it as an image or a printable state card; one more code for each
    digital player's sheet token."""
    from companion.tokens import qr as codes
    from companion.tokens.qr import CAPACITY, TooLong

    record, state = current(None, game)
    sheets = sheets_of(record, state)
    texts = [(None, token_of(record, state, private))] + sheets
    if fmt == "terminal":
        paths = [None] * len(texts)
        screen(codes, output)
    else:
        from companion.cli.output import check

        paths = file_names(record.id, fmt, output, [name for name, _token in sheets])
        for path in paths:
            check(path, force)  # every file is safe to write before the first is written
    for (name, text), path in zip(texts, paths, strict=True):
        try:
            if path:
                click.echo(write_code(codes, record, state, name, text, private, fmt, path))
            else:
                click.echo(codes.terminal(text), color=True)  # the colours are the picture: keep them when piped
                what = _("{game}, {name}'s sheet").format(game=record.id, name=name) if name else record.id
                click.echo(_("{what}: {n} characters, QR version {version}; scan it, or `companion resume --image` a "
                             "photo of it").format(what=what, n=len(text), version=codes.version(text)))
        except TooLong:
            raise Refused((_("game {game}'s {name}'s sheet token is {n} characters, more than a QR code holds "
                             "({capacity} at error correction M); `companion token` gives it as text") if name else
                           _("game {game}'s token is {n} characters, more than a QR code holds ({capacity} at error "
                             "correction M); `companion token` gives it as text")).format(
                game=record.id, name=name, n=len(text), capacity=CAPACITY)) from None


def file_names(game_id: str, fmt: str, output: str | None, names: list[str]) -> list[str]:
    """The game's file (-o, else output/<game>-qr.png or -card.<format>), then each sheet's beside it, named
    <game>-<player>-...: the player's name in lower-case letters and digits (its seat number if that leaves none or
    two alike)."""
    path = output or os.path.join("output", f"{game_id}-qr.png" if fmt == "png" else f"{game_id}-card.{fmt}")
    slugs = [re.sub(r"[^a-z0-9]+", "", name.lower()) for name in names]
    slugs = [slug if slug and slugs.count(slug) == 1 else f"player{k + 1}" for k, slug in enumerate(slugs)]
    if output:
        stem, ext = os.path.splitext(output)
        return [path] + [f"{stem}-{slug}{ext}" for slug in slugs]
    head, tail = path.rsplit(game_id, 1)
    return [path] + [f"{head}{game_id}-{slug}{tail}" for slug in slugs]


def write_code(codes, record, state, name: str | None, text: str, private: bool, fmt: str, path: str) -> str:
    """Write the PNG or state card (of the game, or of the sheet of player `name`) at a path checked safe."""
    try:
        if fmt == "png":
            codes.png(text, path)
        else:
            from companion.sheets.state_card import render

            title = f"{GAMES[record.kind].title} - {record.id}"
            if name:
                lines = [_("{name}'s digital sheet at flip {flips}: resume it together with the game's card of").format(
                    name=name, flips=state.flips),
                         _("this flip (a photo of each card, or of both side by side, or type this sheet's token after "
                           "the game's)")]
                render(text, _("{title} - {name}'s sheet").format(title=title, name=name), lines, fmt, path,
                       "companion resume --photo <the game's card> --photo <this card>")
            else:
                lines = card_words.card(record.kind, engine(record.kind).view(state), private,
                                        date.today().isoformat())
                sheets = getattr(state, "sheets", {})
                how = ("companion resume --photo <this card> --photo <each digital sheet's card>" if sheets else
                       "companion resume --photo <picture of this card>")
                render(text, title, lines, fmt, path, how)
    except OSError as exc:
        raise Refused(_("cannot write {path}: {why}; choose another place with -o PATH").format(
            path=path, why=exc.strerror or exc)) from None
    return path


def screen(codes, output: str | None) -> None:
    """Refuse the terminal code where -o was given or the console cannot draw blocks."""
    if output:
        raise Refused(_("-o is for --format png, svg or pdf; the terminal code goes to the screen (or `> FILE`)"))
    encoding = getattr(sys.stdout, "encoding", None)
    if not codes.drawable(encoding):
        raise Refused(_("this console's encoding ({encoding}) has no block characters to draw a QR code; "
                        "use --format png (or pdf) and open the file, or set PYTHONIOENCODING=utf-8").format(
            encoding=encoding))
