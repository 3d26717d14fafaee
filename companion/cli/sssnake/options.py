"""The options and arguments the Sssnake commands share, and how a count or a square typed on the command line is read
(a refusal in one line); only click and what a table command loads anyway are imported here."""
from __future__ import annotations

import click

from companion.cli.commands import completes
from companion.cli.sssnake.base import KIND, WAYS
from companion.core.language import _
from companion.shared.session import Refused

RECORDED = 2 ** 63 - 1  # the most `record` reads (what the store keeps), so the rules word what no sheet shows
game_option = click.option("--game", help="game id (default: the latest Sssnake game)",
                           shell_complete=completes(KIND, "game"))
json_option = click.option("--json", "as_json", is_flag=True, help="machine-readable output")
player_argument = click.argument("player", shell_complete=completes(KIND, "player"))
cave_option = click.option("--cave", type=click.Choice(list(WAYS)),
                           help="a digital sheet's cave on ground it may not lie on moves this way (the first "
                           "player's choice; default: the nearest way)")
MARKS = click.option("--marks", help="a digital sheet's marks: Two-headed's X as COL,ROW on the snake, Offspring's "
                     "three eggs as COL,ROW;COL,ROW;COL,ROW")


class Count(click.ParamType):
    """A whole number typed on the command line, least to most (default: the most a count says, either sign, so the
    rules word a negative count), bounded where it is read: int() of thousands of digits raises, and a refusal quotes
    only the start of what was typed."""
    name = "integer"

    def __init__(self, least: int | None = None, most: int | None = None):
        self.least, self.most = least, most

    def convert(self, value, param, ctx):
        from companion.core.numbers import whole
        from companion.sssnake.actions import COUNT_MAX, shown

        most = COUNT_MAX if self.most is None else self.most
        least = -most if self.least is None else self.least
        text = str(value).strip()
        size = whole(text.removeprefix("-"), most)
        n = value if type(value) is int else None if size is None else -size if text.startswith("-") else size
        if n is None or not least <= n <= most:
            self.fail(_("{value} is not a whole number {least} to {most}").format(value=shown(str(value)),
                                                                                   least=least, most=most), param, ctx)
        return n


def square_arg(text: str) -> list[int]:
    """A square typed as COL,ROW."""
    from companion.core.engine import IllegalAction
    from companion.sssnake.actions import square

    try:
        return list(square(text))
    except IllegalAction as exc:
        raise Refused(str(exc)) from None


def marks_arg(text: str | None) -> dict:
    """--marks as the action's squares (none given: nothing)."""
    return {"marks": [square_arg(sq) for sq in text.split(";")]} if text else {}
