"""`companion sssnake ...`: the table commands. Each is one transaction through companion.shared.session."""
from __future__ import annotations

import os

import click

from companion.cli.commands import LaterGroup, completes, stats_command, undo_redo_commands
from companion.cli.output import emit
from companion.cli.sssnake.base import KIND, WAYS, engine, known_landscape
from companion.cli.sssnake.daily import declare as declare_daily
from companion.cli.topics import add_card, add_rules
from companion.shared import session
from companion.shared.session import Refused
from companion.shared.sssnake.text import (
    deck_text,
    log_text,
    next_lines,
    score_text,
    setup_text,
    solo_history_text,
    status_text,
)

game_option = click.option("--game", help="game id (default: the latest Sssnake game)",
                           shell_complete=completes(KIND, "game"))
json_option = click.option("--json", "as_json", is_flag=True, help="machine-readable output")
player_argument = click.argument("player", shell_complete=completes(KIND, "player"))


RECORDED = 2 ** 63 - 1  # the most `record` reads (what the store keeps), so the rules word what no sheet shows


class Count(click.ParamType):
    """A whole number typed on the command line, least to most (default: the most a count says, either sign, so the
    rules word a negative count), bounded where it is read: int() of thousands of digits raises, and a refusal quotes
    only the start of what was typed."""
    name = "integer"

    def __init__(self, least: int | None = None, most: int | None = None):
        self.least, self.most = least, most

    def convert(self, value, param, ctx):
        from companion.sssnake.actions import COUNT_MAX, shown, whole

        most = COUNT_MAX if self.most is None else self.most
        least = -most if self.least is None else self.least
        text = str(value).strip()
        size = whole(text.removeprefix("-"), most)
        n = value if type(value) is int else None if size is None else -size if text.startswith("-") else size
        if n is None or not least <= n <= most:
            self.fail(f"{shown(str(value))} is not a whole number {least} to {most}", param, ctx)
        return n


# `sssnake --help` lists the commands in the order a game uses them; any not named here follow, alphabetically.
ORDER = ("new", "play", "flip", "round", "report", "move", "sheet", "hint", "fix", "take", "place", "rejoin", "status",
         "deck", "score", "log", "undo", "redo", "card", "rules", "record", "history", "stats", "daily", "verify")


class InPlayOrder(LaterGroup):
    """Sssnake's group: help lists the commands as a game comes to them, not alphabetically."""

    def list_commands(self, ctx) -> list[str]:
        return sorted(super().list_commands(ctx), key=lambda n: (ORDER.index(n) if n in ORDER else len(ORDER), n))


@click.group(cls=InPlayOrder)
def sssnake():
    """Sssnake: Flip&Write at the table: apple deck, ability display, turn order, counters, score."""


def run(game: str | None, action: dict, as_json: bool) -> None:
    """Apply one action, then the computer's snakes' replies; print the lines and what comes next (or the JSON)."""
    game_id, result, setup = session.act(KIND, game, action)
    if result.messages and not as_json:
        click.echo("\n".join(result.messages))  # before the computer's replies, which print as they come
    state, replied = computer(game_id, setup, result.state, as_json)
    emit(as_json, lambda: {"game": game_id, "messages": list(result.messages), "computer": replied,
                           "state": engine().view(state)},
         "\n".join(next_lines(engine().next_step(state), state.teach)))


def computer(game_id: str, setup: dict, state, quiet: bool):
    """The snakes the computer plays act while it is theirs to (loaded only in games with one)."""
    if not session.computer_sides(setup):
        return state, []
    from companion.cli.sssnake.sheet import reply

    return reply(game_id, setup, state, quiet)


def random_seed() -> int:
    """Six digits from the OS, cheap to import (the table commands stay fast), short to read out."""
    return int.from_bytes(os.urandom(4), "big") % 10 ** 6


@sssnake.later(
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
    click.option("--digital", default="", help="players whose sheet the companion keeps, comma-separated: they type "
                 "paths (`move`), the companion checks them and counts what was eaten"),
    click.option("--bot", "bots", default="", help="players the computer plays, comma-separated (a player named bot "
                 "in --players is one too)"),
    json_option,
)
def new(players, landscape, sheets, seed, friendship, first, teach, digital, bots, as_json):
    """Start a game: shuffle the apple deck and lay out the ability display."""
    from companion.sssnake.actions import shown

    names = [n.strip() for n in players.split(",")]
    lowered = [n.lower() for n in names]
    if first and first.lower() not in lowered:
        raise Refused(f"--first {shown(first)} is not a player; players: {', '.join(names)}")
    land = known_landscape(landscape)
    setup = {"players": names, "landscape": land.slug, "seed": random_seed() if seed is None else seed,
             "friendship": friendship, "first": lowered.index(first.lower()) if first else 0}
    setup.update({"sheets": sheets} if sheets == "boxed" else {}, **({"teach": True} if teach else {}))
    listed = [n.strip() for n in digital.split(",") if n.strip()]
    computer_sides = [n.strip() for n in bots.split(",") if n.strip()] + [n for n in names if n.lower() == "bot"]
    if listed:
        setup["digital"] = listed
    if computer_sides:
        setup["computer"] = {"sides": list(dict.fromkeys(computer_sides))}
        if len(setup["computer"]["sides"]) == len(names):
            raise Refused("the computer cannot play every snake: leave one for a person")
    game_id, state = session.create(KIND, setup)
    if not as_json:
        click.echo(setup_text(game_id, land, setup, engine().view(state)))
    state, replied = computer(game_id, setup, state, as_json)
    if as_json or replied:
        emit(as_json, lambda: {"game": game_id, "setup": setup, "computer": replied, "state": engine().view(state)},
             "\n".join(next_lines(engine().next_step(state), state.teach)))


cave_option = click.option("--cave", type=click.Choice(list(WAYS)),
                           help="a digital sheet's cave on ground it may not lie on moves this way (the first "
                           "player's choice; default: the nearest way)")


@sssnake.later(cave_option, game_option, json_option)
def flip(cave, game, as_json):
    """The first player turns the next apple card; prints where it falls and each snake's move."""
    run(game, {"type": "flip"} | ({"cave": WAYS[cave]} if cave else {}), as_json)


def square_arg(text: str) -> list[int]:
    from companion.core.engine import IllegalAction
    from companion.sssnake.actions import square

    try:
        return list(square(text))
    except IllegalAction as exc:
        raise Refused(str(exc)) from None


REPORT_OPTIONS = (
    player_argument,
    click.option("--fresh", type=Count(), default=0, help="fresh apples eaten this round"),
    click.option("--rotten", type=Count(), default=0, help="rotten apples eaten this round"),
    click.option("--golden", multiple=True,
                 help="a golden apple eaten, as COL,ROW (repeat for more); on boxed sheets how many, like 2"),
    click.option("--end", "ends", multiple=True, type=click.Choice(["snow", "ice", "shade"]),
                 help="where the move ended, when it matters next round (repeat: --end snow --end shade)"),
    click.option("--eliminated", is_flag=True, help="the snake was eliminated this round"),
    click.option("--stole", help="Thieving: the square of fresh apples the move ended on, as COL,ROW"),
    game_option,
    json_option,
)


def report_action(kind: str, player, fresh, rotten, golden, ends, eliminated, stole) -> dict:
    """A report (or a fix, the same fields) from the options: a golden apple by square, or by count (boxed)."""
    from companion.sssnake.actions import COUNT_MAX, endings, whole

    counts = [whole(g, COUNT_MAX) for g in golden if g.isdecimal()]
    if None in counts:
        raise Refused(f"--golden counts golden apples 0-{COUNT_MAX} (boxed sheets), or names one as COL,ROW")
    action = {"type": kind, "player": player, "fresh": fresh, "rotten": rotten,
              "golden": [square_arg(g) for g in golden if not g.isdecimal()],
              "golden_count": sum(counts), "end": endings(ends), "out": eliminated,
              "stole": square_arg(stole) if stole else None}
    return {k: v for k, v in action.items() if v or k in ("type", "player")}


@sssnake.later(*REPORT_OPTIONS)
def report(game, as_json, **fields):
    """Report one player's round: apples eaten, where the move ended, an elimination."""
    run(game, report_action("report", **fields), as_json)


@sssnake.later(*REPORT_OPTIONS)
def fix(game, as_json, **fields):
    """Correct a report of the open round, or of the round that just closed (before the next flip): the player's whole
    report again; the other reports stay (undo takes it back)."""
    run(game, report_action("fix", **fields), as_json)


@sssnake.later(click.argument("line", nargs=-1), game_option, json_option, name="round")
def round_line(line, game, as_json):
    """The whole table's round in one line: round "Ann 2 Bob 0 Cid 1+g4,12 snow Dee out" (docs/sssnake.md)."""
    run(game, {"type": "round", "line": " ".join(line)}, as_json)


MARKS = click.option("--marks", help="a digital sheet's marks: Two-headed's X as COL,ROW on the snake, Offspring's "
                     "three eggs as COL,ROW;COL,ROW;COL,ROW")


def marks_arg(text: str | None) -> dict:
    return {"marks": [square_arg(sq) for sq in text.split(";")]} if text else {}


@sssnake.later(
    player_argument,
    click.argument("card", type=Count(0)),
    click.option("--corner", help="Intuition: the 5x5 square's top-left corner, as COL,ROW (1-12)"),
    MARKS,
    game_option,
    json_option,
)
def take(player, card, corner, marks, game, as_json):
    """A player who reached 7, 12, 18 or 23 takes a face-up ability card."""
    action = {"type": "take", "player": player, "card": card} | marks_arg(marks)
    if corner:
        action["corner"] = square_arg(corner)
    run(game, action, as_json)


@sssnake.later(player_argument, click.argument("corner", required=False), MARKS, game_option, json_option)
def place(player, corner, marks, game, as_json):
    """Place what Moulting drew: an Intuition square's top-left corner as COL,ROW, or a digital sheet's --marks."""
    action = {"type": "place", "player": player} | marks_arg(marks)
    if corner:
        action["corner"] = square_arg(corner)
    run(game, action, as_json)


@sssnake.later(
    player_argument,
    click.argument("path", nargs=-1),
    click.option("--swap", is_flag=True, help="Tricky: this round's apple falls at ROW,COLUMN instead"),
    click.option("--borrow", type=Count(0),
                 help="Nocturnal, starting in shade: a face-up permanent card used this turn"),
    click.option("--anyway", is_flag=True, help="confirm a move that eliminates the snake (when there is no other)"),
    click.option("--roll", type=click.Choice(list(WAYS)),
                 help="this round's apple falls on the snake with two edges as near: it rolls towards this one"),
    game_option,
    json_option,
)
def move(**options):
    """A digital player's move: steps U D L R (R3 = R R R), squares 5,7, @5,7 to dig, dive or hatch, / between two
    heads; checked against the sheet, and what the snake ate is reported (no path, with --anyway: a snake that
    rocks leave no move at all is eliminated)."""
    from companion.cli.sssnake.sheet import move as moved

    moved(**options)


@sssnake.later(
    player_argument,
    click.option("-o", "--output", help="draw it on the printed landscape: a .pdf, .svg or .png file"),
    click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True),
    click.option("--force", is_flag=True, help="replace the file if it exists"),
    game_option,
    json_option,
)
def sheet(**options):
    """Show a digital player's sheet: terrain, apples, the snake and its head (or draw it with -o)."""
    from companion.cli.sssnake.sheet import sheet as show

    show(**options)


@sssnake.later(player_argument, game_option, json_option)
def hint(**options):
    """Suggest a path for a digital player's move this round, and say why."""
    from companion.cli.sssnake.sheet import hint as suggest

    suggest(**options)


@sssnake.later(player_argument, cave_option, game_option, json_option)
def rejoin(player, cave, game, as_json):
    """Friendship mode: an eliminated player draws a cave on this flip instead of an apple."""
    run(game, {"type": "rejoin", "player": player} | ({"cave": WAYS[cave]} if cave else {}), as_json)


def table_view(game: str | None) -> tuple[str, dict]:
    """(game id, the table's view) of a saved game, for the commands that only read."""
    record, state = session.current(KIND, game)
    return record.id, engine().view(state)


@sssnake.later(game_option, json_option)
def status(game, as_json):
    """Every snake's counters, the display, the deck and what comes next."""
    game_id, view = table_view(game)
    emit(as_json, {"game": game_id, "state": view}, status_text(game_id, view))


@sssnake.later(game_option, json_option)
def deck(game, as_json):
    """What lies face up on the apple deck and how many cards are left (not their order)."""
    game_id, view = table_view(game)
    emit(as_json, {"game": game_id, "deck": view["deck"]}, deck_text(view))


@sssnake.later(game_option, json_option)
def score(game, as_json):
    """Score A-E for every player (final once the game is over)."""
    from companion.sssnake.state import Phase

    game_id, view = table_view(game)
    rows = [{"place": p["place"], **p["score"]} for p in view["players"]]
    emit(as_json, {"game": game_id, "over": view["phase"] == Phase.OVER.word, "scores": rows,
                   "solo_rank": view["solo_rank"]}, score_text(view))


@sssnake.later(game_option, json_option)
def log(game, as_json):
    """The game's actions, one line each, as the store keeps them; each flip with its square."""
    from companion.shared.sssnake.log import flipped

    record, _ = session.current(KIND, game)
    flips = flipped(engine(), record)
    emit(as_json, {"game": record.id, "setup": record.setup, "actions": record.actions,
                   "flips": [{"action": i + 1, **f} for i, f in flips.items()]},
         log_text([engine().action_text(a) for a in record.actions], flips))


undo_redo_commands(sssnake, KIND, lambda state: status_text("", engine().view(state)).split("\n", 1)[1])


@sssnake.later(
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
    from companion.core.engine import IllegalAction
    from companion.sssnake.scoring import solo_rank, total
    from companion.sssnake.solo import check_paper_game

    if not (day or landscape):
        raise Refused("name the --landscape played (or --daily YYYY-MM-DD: the day's landscape)")
    if day:
        from companion.cli.sssnake.daily import daily_landscape

        day, land = daily_landscape(day, landscape)
    else:
        land = known_landscape(landscape)
    landscape = land.slug
    try:
        check_paper_game(land, length, golden, rotten)
    except IllegalAction as exc:
        raise Refused(str(exc)) from None
    points = total(length, golden, rotten)
    rank = solo_rank(points)
    store = session.open_store()
    try:
        with store.transaction():
            row = store.record_solo(landscape, length, golden, rotten, points, rank, day)
    finally:
        store.close()
    emit(as_json, {"id": row, "landscape": landscape, "score": points, "rank": rank} | ({"day": day} if day else {}),
         f"{f'Daily game of {day}' if day else 'Solo game'} on {landscape}: {length} + {golden} golden - {rotten} "
         f"rotten = {points} points. {rank}")



@sssnake.later(click.option("--landscape", help="only this landscape"), json_option)
def history(landscape, as_json):
    """Every recorded solo game, oldest first."""
    from companion.cli.history import solo_history

    if landscape:
        landscape = known_landscape(landscape).slug
    rows = solo_history(landscape)
    emit(as_json, rows, solo_history_text(rows))


stats_command(sssnake, KIND, "Per landscape: solo games, best, average, rank counts and the trend; each player's "
              "games with others, wins, best, average and trend.")


@sssnake.later(game_option)
def play(game):
    """Walk through the rounds with prompts, for players who would rather not type commands."""
    from companion.cli.sssnake.play import walk

    walk(game)


add_rules(sssnake, "sssnake")
add_card(sssnake)
declare_daily(sssnake)
