"""`companion sssnake ...`: the group of table commands, listed as a game comes to them. Each is one transaction
through companion.shared.session, declared here from the module that holds it and built when first looked up."""
from __future__ import annotations

import click

from companion.cli.commands import LaterGroup, stats_command, undo_redo_commands
from companion.cli.sssnake import new_games, reads, rounds
from companion.cli.sssnake.base import KIND, engine
from companion.cli.sssnake.daily import declare as declare_daily
from companion.cli.sssnake.options import game_option
from companion.cli.topics import add_card, add_rules
from companion.shared.sssnake.text import status_text

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


@sssnake.later(game_option)
def play(game):
    """Walk through the rounds with prompts, for players who would rather not type commands."""
    from companion.cli.sssnake.play import walk

    walk(game)


new_games.declare(sssnake)
rounds.declare(sssnake)
reads.declare(sssnake)
undo_redo_commands(sssnake, KIND, lambda state: status_text("", engine().view(state)).split("\n", 1)[1])
stats_command(sssnake, KIND, "Per landscape: solo games, best, average, rank counts and the trend; each player's "
              "games with others, wins, best, average and trend.")
add_rules(sssnake, "sssnake")
add_card(sssnake)
declare_daily(sssnake)
