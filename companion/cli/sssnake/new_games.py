"""The commands that add a game: `new` starts one the companion keeps (its setup read from the options), `record` keeps
a solo game played on paper."""
from __future__ import annotations

import click

from companion.cli.output import emit
from companion.cli.sssnake.base import engine
from companion.cli.sssnake.options import Count, json_option
from companion.cli.sssnake.rounds import computer
from companion.shared.session import Refused
from companion.shared.sssnake.setup import known_landscape, start_game
from companion.shared.sssnake.text import next_lines, paper_text, setup_text

RECORDED = 2 ** 63 - 1  # the most `record` reads (what the store keeps), so the rules word what no sheet shows


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
    click.option("--landscape", help="am-fluss, sahara, fjord or foxtrail (with --daily: the day's)"),
    click.option("--length", type=Count(1, RECORDED), required=True,
                 help="snake length at the end, 1-124 (at most three times round the track)"),
    click.option("--golden", type=Count(0, RECORDED), default=0, help="golden apples eaten"),
    click.option("--rotten", type=Count(0, RECORDED), default=0, help="rotten apples eaten"),
    click.option("--daily", "day", metavar="YYYY-MM-DD", help="the daily game of this date, kept against the day"),
    json_option,
)


def record(landscape, length, golden, rotten, day, as_json):
    """Record a solo game played on paper; prints its score and rank."""
    from companion.shared.sssnake.paper import record_paper

    if not (day or landscape):
        raise Refused("name the --landscape played (or --daily YYYY-MM-DD: the day's landscape)")
    if day:
        from companion.cli.sssnake.daily import daily_landscape

        day, land = daily_landscape(day, landscape)
    else:
        land = known_landscape(landscape)
    kept = record_paper(land, length, golden, rotten, day)
    emit(as_json, kept, paper_text(kept, length, golden, rotten))


def declare(group) -> None:
    """`new` and `record` on the sssnake group, built when first looked up."""
    group.later(*NEW)(new)
    group.later(*RECORD)(record)
