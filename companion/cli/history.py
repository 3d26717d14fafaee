"""`companion sssnake stats`, `companion snits stats` and `sssnake history`: the history's figures in words with a
sparkline, and with --plot a chart of the score trend, with --csv every finished game as CSV."""
from __future__ import annotations

import csv
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

import click

from companion.cli.output import emit
from companion.core.games import GAMES, load
from companion.core.language import N_, _, ngettext
from companion.core.printable import printable
from companion.core.record import Value
from companion.shared.session import Refused, open_store
from companion.store import history

if TYPE_CHECKING:
    from companion.store.db import Store


class Stats(Value):
    """How `stats` shows one game's history; the registry (companion/core/games.py) names each game's."""

    title: str  # the chart's title
    columns: tuple[str, ...]  # the CSV's columns, keys of a history row
    rows: Callable[[Store], list[dict]]  # (store) -> the history's rows, oldest first
    figures: Callable[[list[dict]], dict]  # (rows) -> the figures, as --json prints them
    text: Callable[[dict], str]  # (figures) -> the figures in words
    series: Callable[[dict], list[tuple[str, list[int]]]]  # (figures) -> the chart's lines, [(label, scores)]


def rows(shown: Stats) -> list[dict]:
    """The history of this game, read in one go from the saved games."""
    store = open_store()
    try:
        return shown.rows(store)
    finally:
        store.close()


def solo_history(landscape: str | None) -> list[dict]:
    """`sssnake history`: the solo games, paper ones included, oldest first."""
    store = open_store()
    try:
        return [r for r in history.sssnake_rows(store, landscape) if r["players"] == 1]
    finally:
        store.close()


def stats(kind: str, as_json: bool, plot: str | None, csv_path: str | None, force: bool) -> None:
    """Print the figures (or only the CSV, for `--csv -`); --plot and --csv files are checked before anything is
    written, so a refusal writes none of them."""
    from companion.cli.output import check

    fmt = plot and plot.lower().rpartition(".")[2]
    if plot and fmt not in ("svg", "pdf", "png"):
        raise Refused(_("--plot draws an .svg, .pdf or .png file, not {path}: e.g. --plot scores.svg").format(
            path=repr(plot)))
    for path, option in ((plot, "--plot"), (csv_path, "--csv")):
        if path and path != "-":
            check(path, force, option=option)
    shown = load(GAMES[kind].stats)
    found = rows(shown)
    data = shown.figures(found)
    if plot:
        assert fmt  # a plot path has its suffix, checked above
        chart(shown, data, fmt, plot)
    if csv_path:
        export(shown, found, csv_path)
        if csv_path == "-":
            return
    emit(as_json, data, shown.text(data))


def trend_text(f: dict) -> tuple[str, str]:
    """('best 36, average 27.0, trend +12.0', the sparkline of the scores)."""
    trend = _("n/a") if f["trend"] is None else f"{f['trend']:+}"
    return (_("best {best}, average {average}, trend {trend}").format(best=f["best"], average=f["average"], trend=trend),
            history.sparkline(f["scores"]))


def sssnake_text(data: dict) -> str:
    """Solo figures per landscape (as `stats` has always shown them), then each player's games with others."""
    solo, players = [], []
    for land, f in data.items():
        if f["games"]:
            words, spark = trend_text(f)
            ranks = ", ".join(f"{_(text)} {n}" for text, n in f["ranks"].items() if n)
            solo.append("  " + _("{landscape}: {games}, {figures}; {ranks}").format(
                landscape=land, games=games(f["games"]), figures=words, ranks=ranks) + f"  {spark}")
        for name, p in f["players"].items():
            words, spark = trend_text(p)
            players.append("  " + _("{name} on {landscape}: {games}, {wins}, {figures}").format(
                name=name, landscape=land, games=games(p["games"]), wins=wins(p["wins"]), figures=words)
                           + f"  {spark}")
    lines = ([_("Solo games, per landscape:")] + solo if solo else []) + (
        [_("Games with others, per player and landscape:")] + players if players else [])
    return "\n".join(lines) or _("no finished games yet; solo ones and `record`ed paper games count too")


def games(n: int) -> str:
    """'3 game(s)': a count of games as the figures word it."""
    return ngettext("{n} game(s)", "{n} game(s)", n).format(n=n)


def wins(n: int) -> str:
    return ngettext("{n} win(s)", "{n} win(s)", n).format(n=n)


def snits_text(data: dict) -> str:
    """Wins by side, organs out with its trend and sparkline, turns, and each clan's record."""
    if not data["games"]:
        return _("no finished games of Snits' Revenge yet")
    won, turns = data["wins"], data["turns"]
    words, spark = trend_text(data["organs_out"])
    lines = [ngettext("{n} finished game(s): the Snits won {snits}, the Bolotomus {bolotomus}, ties {ties}",
                      "{n} finished game(s): the Snits won {snits}, the Bolotomus {bolotomus}, ties {ties}",
                      data["games"]).format(n=data["games"], snits=won["snits"], bolotomus=won["bolotomus"],
                                            ties=won["ties"]),
             "  " + _("organs out: {figures}").format(figures=words) + f"  {spark}",
             "  " + _("turns: average {average}, fewest {fewest}, most {most}").format(
                 average=turns["average"], fewest=turns["fewest"], most=turns["most"])]
    if data["clans"]:
        lines.append(_("Clans (games with several Snit players):"))
        lines += [f"  {clan}: {games(c['games'])}, {wins(c['wins'])}" for clan, c in data["clans"].items()]
    return "\n".join(lines)


def snits_series(data: dict) -> list[tuple[str, list[int]]]:
    """The chart's line for Snits' Revenge: the organs out."""
    return [(_("organs out"), data["organs_out"]["scores"])] if data["games"] else []


def sssnake_series(data: dict) -> list[tuple[str, list[int]]]:
    """The chart's lines for Sssnake, as the figures group the games: the solo points and each player's per
    landscape."""
    lines = []
    for land, f in data.items():
        lines += [(_("solo, {landscape}").format(landscape=land), f["scores"])] if f["scores"] else []
        lines += [(f"{name}, {land}", p["scores"]) for name, p in f["players"].items()]
    return lines


def chart(shown: Stats, data: dict, fmt: str, path: str) -> None:
    """Draw the score trend into `path`; says where on stderr, so --json output stays JSON."""
    from companion.sheets.chart import render
    from companion.sheets.layout import LayoutError

    lines = shown.series(data)
    if not lines:
        raise Refused(_("no finished games to draw yet; --plot draws once a game is over"))
    try:
        render(_(shown.title), lines, fmt, path)
    except LayoutError as exc:
        raise Refused(str(exc)) from None
    except OSError as exc:
        raise Refused(_("cannot write {path}: {why}; choose another --plot path").format(
            path=path, why=exc.strerror or exc)) from None
    click.echo(_("wrote {path}").format(path=printable(str(path))), err=True)


def export(shown: Stats, found: list[dict], path: str) -> None:
    """The history as CSV, one row per player and game (Sssnake) or per game (Snits), to `path` or stdout ("-")."""
    columns = shown.columns
    try:
        out = sys.stdout if path == "-" else open(path, "w", newline="", encoding="utf-8")
    except OSError as exc:
        raise Refused(_("cannot write {path}: {why}; choose another --csv path").format(
            path=path, why=exc.strerror or exc)) from None
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for r in found:
        writer.writerow([cell(r[c]) for c in columns])
    if out is not sys.stdout:
        out.close()
        click.echo(_("wrote {path}").format(path=printable(str(path))), err=True)


def cell(value) -> str | int | float:
    """A CSV cell; a name a spreadsheet would run as a formula (=, +, -, @) is quoted with a leading '."""
    if isinstance(value, list):
        value = " ".join(value)
    if value is None:
        return ""
    if isinstance(value, str) and value[:1] and value[0] in "=+-@":
        return "'" + value
    return value


SSSNAKE = Stats(N_("Sssnake: points per game, oldest first"),
                ("played", "game_id", "landscape", "players", "player", "place", "won", "score", "length",
                 "eliminated_points", "golden", "rotten", "rank"),
                history.sssnake_rows, history.sssnake_figures, sssnake_text, sssnake_series)
SNITS = Stats(N_("Snits' Revenge: organs out per game"),
              ("played", "game_id", "snit_players", "clans", "winner", "side_won", "organs_out", "organs_to_win",
               "turns", "spark", "splops"),
              history.snits_rows, history.snits_figures, snits_text, snits_series)


@click.command("history")
@click.argument("game", required=False, metavar="[GAME]")
@click.option("--bgstats", is_flag=True, help="the game's BG Stats link and its QR code (GAME: a game id or record-N; "
                                              "default: the latest finished play)")
@click.option("--export", "export_as", type=click.Choice(["bgstats-json"]), help="write the whole history as a file "
                                                                                 "of this shape")
@click.option("-o", "--output", metavar="PATH", help="the --export file (default: output/bgstats.json)")
@click.option("--qr", "qr_path", metavar="FILE.png", help="with --bgstats: the QR code as a picture too, to show on a "
                                                         "screen the terminal's code does not fit")
@click.option("--force", is_flag=True, help="replace a file already at -o or --qr")
@click.option("--json", "as_json", is_flag=True, help="machine-readable output")
def history_command(game, bgstats, export_as, output, qr_path, force, as_json):
    """Every finished play, both games and paper `record`s; --bgstats gives one to BG Stats as a link and QR code."""
    from companion.store import bgstats as plays

    if game and not bgstats:
        raise Refused(_("GAME goes with --bgstats: `companion history --bgstats {game}`").format(game=game))
    if output and not export_as:
        raise Refused(_("-o names the --export file: `companion history --export bgstats-json -o FILE`"))
    if qr_path and not bgstats:
        raise Refused(_("--qr draws a play's BG Stats code: `companion history --bgstats --qr code.png`"))
    if qr_path:
        from companion.cli.output import check

        if not qr_path.lower().endswith(".png"):
            raise Refused(_("--qr writes a .png picture, not {path}: e.g. --qr bgstats.png").format(
                path=printable(qr_path)))
        check(qr_path, force, option="--qr")  # before anything is read: a refusal writes nothing
    store = open_store()
    try:
        if bgstats:
            return bgstats_link(store, game, as_json, qr_path)
        found = plays.plays(store)
    finally:
        store.close()
    if export_as:
        return write_export(plays.export([p for _name, p in found]), output or "output/bgstats.json", force)
    emit(as_json, [{"name": name, **p} for name, p in found],
         "\n".join(f"{name:<14} {p['playDate'][:16]}  {p['game']['name']}: {p['comments'].splitlines()[0]}"
                   for name, p in found) or _("no finished plays yet; a game counts once it is over, paper `record`s "
                                              "too"))


def bgstats_link(store: Store, game: str | None, as_json: bool, qr_path: str | None = None) -> None:
    """One play's link, then its QR code for the phone with BG Stats to scan; the code is left out, saying why, where
    the console cannot draw it, it is wider than the terminal, or the link outgrows every QR code; `qr_path`: the
    code as a PNG picture too."""
    import shutil

    from companion.store import bgstats as plays
    from companion.tokens import qr

    try:
        name, data = plays.chosen(store, game)
    except plays.NotAPlay as exc:
        raise Refused(str(exc)) from None
    url = plays.link(data)
    if qr_path:
        try:
            qr.png(url, qr_path, caption=(f"BG Stats: {data['game']['name']}", name, data["playDate"][:16]))
        except qr.TooLong:
            raise Refused(_("the link is too long for a QR code: open it on the phone that has BG Stats")) from None
        except OSError as exc:
            raise Refused(_("cannot write {path}: {why}; choose another path with --qr").format(
                path=printable(qr_path), why=exc.strerror or exc)) from None
        click.echo(_("wrote {path}").format(path=printable(qr_path)), err=True)
    if as_json:
        return emit(True, {"name": name, "link": url, "length": len(url), "play": data}, "")
    click.echo(url)
    why = "" if qr.drawable(getattr(sys.stdout, "encoding", None)) else _("this console cannot draw it")
    try:
        code = "" if why else qr.terminal(url)
    except qr.TooLong:
        code, why = "", _("the link is too long for a QR code")
    width, room = len(code.partition("\n")[0]) - len(qr.DARK_ON_LIGHT) - len(qr.RESET), shutil.get_terminal_size().columns
    if code and width > room:
        code, why = "", _("its QR code is {width} columns wide, the terminal {room}: widen it and ask again, or "
                          "--qr code.png draws it as a picture").format(width=width, room=room)
    if code:
        click.echo(code, color=True)  # the colours are the picture: keep them when piped
    how = _("open the link on the phone that has BG Stats ({why}), or show the game's table page (companion serve)"
            ).format(why=why) if why else _("open the link, or scan the code with the phone that has BG Stats")
    click.echo(_("{name}: {n} characters; {how}").format(name=name, n=len(url), how=how), err=True)


def write_export(data: dict, path: str, force: bool) -> None:
    """The export file, checked first: nothing already there is replaced without --force."""
    import json
    import os

    from companion.cli.output import check

    check(path, force)
    try:
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        with open(path, "w", encoding="utf-8") as out:
            json.dump(data, out, ensure_ascii=False, indent=1)
    except OSError as exc:
        raise Refused(_("cannot write {path}: {why}; choose another path with -o").format(
            path=path, why=exc.strerror or exc)) from None
    n = len(data["plays"])
    click.echo(ngettext("wrote {path} ({n} play)", "wrote {path} ({n} plays)", n).format(path=printable(path), n=n),
               err=True)
