"""The commands that keep the rounds (flip, report, fix, round, take, place, move, rejoin, and a digital sheet's
`sheet` and `hint`): each one action through companion.shared.session, then the computer's snakes' replies."""
from __future__ import annotations

from typing import cast

import click

from companion.cli.output import emit
from companion.cli.sssnake.base import KIND, WAYS, engine
from companion.cli.sssnake.options import (
    MARKS,
    Count,
    cave_option,
    game_option,
    json_option,
    marks_arg,
    player_argument,
    square_arg,
)
from companion.core.language import _
from companion.shared import session
from companion.shared.lines import fitted
from companion.shared.session import Refused
from companion.shared.sssnake.text import next_lines


def run(game: str | None, action: dict, as_json: bool) -> None:
    """Apply one action, then the computer's snakes' replies; print the lines and what comes next (or the JSON)."""
    game_id, result, setup = session.act(KIND, game, action)
    if result.messages and not as_json:
        click.echo("\n".join(fitted(m) for m in result.messages))  # before the computer's replies, as they come
    state, replied = computer(game_id, setup, result.state, as_json)
    emit(as_json, lambda: {"game": game_id, "messages": list(result.messages), "computer": replied,
                           "state": engine().view(state)},
         "\n".join(fitted(line) for line in next_lines(engine().next_step(state), state.teach)))


def computer(game_id: str, setup: dict, state, quiet: bool):
    """The snakes the computer plays act while it is theirs to (loaded only in games with one)."""
    if not session.computer_sides(setup):
        return state, []
    from companion.cli.sssnake.sheet import reply

    return reply(game_id, setup, state, quiet)


FLIP = (cave_option, game_option, json_option)


def flip(cave, game, as_json):
    """The first player turns the next apple card; prints where it falls and each snake's move."""
    run(game, {"type": "flip"} | ({"cave": WAYS[cave]} if cave else {}), as_json)


REPORT = (
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
    from companion.core.numbers import whole
    from companion.sssnake.actions import COUNT_MAX, endings

    counts = [whole(g, COUNT_MAX) for g in golden if g.isdecimal()]
    if None in counts:
        raise Refused(_("--golden counts golden apples 0-{most} (boxed sheets), or names one as COL,ROW").format(
            most=COUNT_MAX))
    action = {"type": kind, "player": player, "fresh": fresh, "rotten": rotten,
              "golden": [square_arg(g) for g in golden if not g.isdecimal()],
              "golden_count": sum(cast("list[int]", counts)), "end": endings(ends), "out": eliminated,  # None refused
              "stole": square_arg(stole) if stole else None}
    return {k: v for k, v in action.items() if v or k in ("type", "player")}


def report(game, as_json, **fields):
    """Report one player's round: apples eaten, where the move ended, an elimination."""
    run(game, report_action("report", **fields), as_json)


def fix(game, as_json, **fields):
    """Correct a report of the open round, or of the round that just closed (before the next flip): the player's whole
    report again; the other reports stay (undo takes it back)."""
    run(game, report_action("fix", **fields), as_json)


ROUND = (click.argument("line", nargs=-1), game_option, json_option)


def round_line(line, game, as_json):
    """The whole table's round in one line: round "Ann 2 Bob 0 Cid 1+g4,12 snow Dee out" (docs/sssnake.md)."""
    run(game, {"type": "round", "line": " ".join(line)}, as_json)


TAKE = (
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


PLACE = (player_argument, click.argument("corner", required=False), MARKS, game_option, json_option)


def place(player, corner, marks, game, as_json):
    """Place what Moulting drew: an Intuition square's top-left corner as COL,ROW, or a digital sheet's --marks."""
    action = {"type": "place", "player": player} | marks_arg(marks)
    if corner:
        action["corner"] = square_arg(corner)
    run(game, action, as_json)


MOVE = (
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


SHEET = (
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


HINT = (player_argument, game_option, json_option)


def hint(**options):
    """Suggest a path for a digital player's move this round, and say why."""
    from companion.cli.sssnake.sheet import hint as suggest

    suggest(**options)


REJOIN = (player_argument, cave_option, game_option, json_option)


def rejoin(player, cave, game, as_json):
    """Friendship mode: an eliminated player draws a cave on this flip instead of an apple."""
    run(game, {"type": "rejoin", "player": player} | ({"cave": WAYS[cave]} if cave else {}), as_json)


def declare(group) -> None:
    """The round-keeping commands on the sssnake group, each built when first looked up."""
    group.later(*FLIP)(flip)
    group.later(*REPORT)(report)
    group.later(*REPORT)(fix)
    group.later(*ROUND, name="round")(round_line)
    group.later(*TAKE)(take)
    group.later(*PLACE)(place)
    group.later(*MOVE)(move)
    group.later(*SHEET)(sheet)
    group.later(*HINT)(hint)
    group.later(*REJOIN)(rejoin)
