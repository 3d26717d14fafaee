"""The commands that add a game: `new` starts one the companion keeps (its setup read from the options), `record` keeps
a solo game played on paper."""
from __future__ import annotations

import click

from companion.cli.output import emit
from companion.cli.sssnake.base import engine
from companion.cli.sssnake.options import RECORDED, Count, json_option
from companion.cli.sssnake.rounds import computer
from companion.core.language import _
from companion.shared.session import Refused
from companion.shared.sssnake.setup import known_landscape, start_game
from companion.shared.sssnake.text import next_lines, paper_text, setup_text

NEW = (
    click.option("--players", required=True,
                 help="names in clockwise order, comma-separated: Ann,Bob,Cid (one for solo)"),
    click.option("--landscape", default="am-fluss", show_default=True,
                 help="am-fluss, sahara, fjord or foxtrail (any case; Am Fluss, FoxTrail)"),
    click.option("--sheets", type=click.Choice(["edition", "boxed"]), default="edition", show_default=True,
                 help="edition: this edition's printed pads (terrain known); boxed: the published game's own pads"),
    click.option("--seed", type=Count(0, 2 ** 63 - 1),
                 help="fix the shuffles, 0 to 2**63-1 (default: a random seed, saved with the game)"),
    click.option("--friendship", is_flag=True, help="eliminated players may rejoin (Friendship mode)"),
    click.option("--first", help="who holds the first-player token (the one who most recently ate an apple)"),
    click.option("--teach", is_flag=True, help="a first game: a one-line rule reminder with every step"),
    click.option("--digital", multiple=True, help="players whose sheet the companion keeps, comma-separated or the "
                 "option again: they type paths (`move`), the companion checks them and counts what was eaten"),
    click.option("--bot", "bots", multiple=True, help="players the computer plays, comma-separated or the option "
                 "again (a player named bot in --players is one too)"),
    json_option,
)


def new(players, landscape, sheets, seed, friendship, first, teach, digital, bots, as_json):
    """Start a game: shuffle the apple deck and lay out the ability display."""
    game_id, land, state, setup = start_game(players.split(","), landscape, sheets=sheets, seed=seed,
                                             friendship=friendship, first=first, teach=teach,
                                             digital=listed(digital), bots=listed(bots))
    if not as_json:
        click.echo(setup_text(game_id, land, setup, engine().view(state)))
    state, replied = computer(game_id, setup, state, as_json)
    if as_json or replied:
        emit(as_json, lambda: {"game": game_id, "setup": setup, "computer": replied, "state": engine().view(state)},
             "\n".join(next_lines(engine().next_step(state), state.teach)))


def listed(given: tuple[str, ...]) -> list[str]:
    """Names given as `--digital Ann,Cid` or `--digital Ann --digital Cid` alike (the option kept only the last)."""
    return [name for typed in given for name in typed.split(",")]


RECORD = (
    click.option("--landscape", help="am-fluss, sahara, fjord or foxtrail (with --daily: the day's; with --photo: the "
                                     "photo's)"),
    click.option("--length", type=Count(1, RECORDED),
                 help="snake length at the end, 1-124 (at most three times round the track); with --photo: corrects "
                      "the reading"),
    click.option("--golden", type=Count(0, RECORDED), help="golden apples eaten (default 0, or the photo's)"),
    click.option("--rotten", type=Count(0, RECORDED), help="rotten apples eaten (default 0, or the photo's)"),
    click.option("--daily", "day", metavar="YYYY-MM-DD", help="the daily game of this date, kept against the day"),
    click.option("--photo", "photos", multiple=True, metavar="SHEET.jpg",
                 help="read the finished sheet from a photo, show it and ask once before keeping it; the option "
                      "again for each sheet of a table: ranked, not kept"),
    click.option("--yes", is_flag=True, help="with --photo: keep the reading without asking"),
    click.option("--again", is_flag=True, help="with --photo: record a pad sheet recorded before (played anew)"),
    click.option("--out-before", metavar="B,B,...", help="with several --photo: the players out before each sheet's, "
                                                         "in photo order (not asked; with --yes, default 0)"),
    json_option,
)


def record(landscape, length, golden, rotten, day, photos, yes, again, out_before, as_json):
    """Record a solo game played on paper, typed or read from a photo of the sheet; prints its score and rank."""
    from companion.shared.sssnake.paper import record_paper

    if photos:
        from companion.cli.sssnake.photo import from_photos

        return from_photos(photos, landscape, day, {"length": length, "golden": golden, "rotten": rotten}, yes, again,
                           out_before, as_json)
    for given, option in ((yes, "--yes"), (again, "--again"), (out_before, "--out-before")):
        if given:
            raise Refused(_("{option} goes with --photo SHEET.jpg").format(option=option))
    if length is None:
        raise Refused(_("give the snake's --length at the end (or --photo SHEET.jpg: read it from the sheet)"))
    if not (day or landscape):
        raise Refused(_("name the --landscape played (or --daily YYYY-MM-DD: the day's landscape)"))
    if day:
        from companion.cli.sssnake.daily import daily_landscape

        day, land = daily_landscape(day, landscape)
    else:
        land = known_landscape(landscape)
    golden, rotten = golden or 0, rotten or 0
    kept = record_paper(land, length, golden, rotten, day)
    emit(as_json, kept, paper_text(kept, length, golden, rotten))


def declare(group) -> None:
    """`new` and `record` on the sssnake group, built when first looked up."""
    group.later(*NEW)(new)
    group.later(*RECORD)(record)
