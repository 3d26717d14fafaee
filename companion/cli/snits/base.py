"""What every Snits' Revenge command module shares (the game's kind, its engine, the common options, the computer's
go, a counter by name), apart from the click group: commands, play and hiding import it, and none of them each other
at start-up."""
from __future__ import annotations

from typing import TYPE_CHECKING

import click

from companion.cli.commands import completes
from companion.core.language import _
from companion.shared import session
from companion.shared.session import Refused

if TYPE_CHECKING:
    from companion.snits.state import State

KIND = "snits"
RULES = "companion snits rules"  # how a teaching reminder says where to read more
PACE = 0.6  # seconds between the computer's actions on a terminal, so a person can follow them
SLOWEST = 5.0  # the longest pace a table may ask for (COMPANION_PACE, play --pace)


def options():
    """Reading the options (companion/shared/snits/options.py), loaded by the commands that have any to read."""
    from companion.shared.snits import options as snits_options

    return snits_options


def engine():
    from companion.snits.game import ENGINE

    return ENGINE


game_option = click.option("--game", help="game id (default: the latest Snits' Revenge game)",
                           shell_complete=completes(KIND, "game"))
json_option = click.option("--json", "as_json", is_flag=True, help="machine-readable output")
roll_option = click.option("--roll", help="manual dice: the numbers rolled, in order, e.g. 3, or 4,2 (also '4 2' or 42)")
eyes_option = click.option("--bolotomus", "eyes", is_flag=True,
                           help="show the hidden Spark/Splop placement (the Bolotomus' eyes only)")


def versus(game_id: str, setup: dict, state, quiet: bool, pace: float | None = None) -> tuple[State, list[dict]]:
    """In a game against the computer, its go: each action printed as it comes (at a pace a person can follow on
    a terminal: `pace` seconds, else paced()); returns the state after and the actions as --json lists them."""
    if not session.computer_sides(setup):
        return state, []
    from companion.cli.commands import computer_shown
    from companion.shared.snits.log import computer_line

    return computer_shown(KIND, game_id, setup, state, quiet, paced() if pace is None else pace, computer_line)


def paced() -> float:
    """The seconds between the computer's actions: COMPANION_PACE (0-5; 0 shows its go at once), else PACE."""
    import os

    try:
        asked = float(os.environ.get("COMPANION_PACE", ""))
    except ValueError:  # unset, or not a number: the default
        return PACE
    return min(max(asked, 0.0), SLOWEST) if asked == asked else PACE  # NaN: the default


def counter(state, typed: str) -> int:
    """The counter a player named, or a refusal that suggests names (the near misses, else what names look like)."""
    from companion.core.engine import IllegalAction
    from companion.snits.pieces import lookup

    try:
        return lookup(state, typed)
    except IllegalAction as exc:
        hint = "" if suggests(str(exc)) else _("; a Snit's name (`companion snits status` lists them), R1-R{runs} or "
                                              "M1-M{makums}").format(runs=len(state.runs), makums=len(state.makums))
        raise Refused(f"{exc}{hint}") from None


def suggests(refusal: str) -> bool:
    """The refusal of a name (companion/snits/names.py) already suggests names: `did you mean`, `could be`, in the
    language spoken now (the words its message has before the first name)."""
    from string import Formatter

    return any(next(text.strip(" ;") for text, *_rest in Formatter().parse(_(message)) if text.strip(" ;")) in refusal
               for message in ("; did you mean {names}?", "{typed} could be {names}: type more of the {what}'s name"))
