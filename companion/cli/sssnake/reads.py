"""The commands that only read what the store keeps: a game's status, deck, score and log, and the solo games'
history."""
from __future__ import annotations

import click

from companion.cli.output import emit
from companion.cli.sssnake.base import KIND, engine
from companion.cli.sssnake.options import game_option, json_option
from companion.shared import session
from companion.shared.sssnake.text import deck_text, log_text, score_text, solo_history_text, status_text

READ = (game_option, json_option)  # every read of a saved game


def table_view(game: str | None) -> tuple[str, dict]:
    """(game id, the table's view) of a saved game, for the commands that only read."""
    record, state = session.current(KIND, game)
    return record.id, engine().view(state)


def status(game, as_json):
    """Every snake's counters, the display, the deck and what comes next."""
    game_id, view = table_view(game)
    emit(as_json, {"game": game_id, "state": view}, status_text(game_id, view))


def deck(game, as_json):
    """What lies face up on the apple deck and how many cards are left (not their order)."""
    game_id, view = table_view(game)
    emit(as_json, {"game": game_id, "deck": view["deck"]}, deck_text(view))


def score(game, as_json):
    """Score A-E for every player (final once the game is over)."""
    from companion.sssnake.state import Phase

    game_id, view = table_view(game)
    rows = [{"place": p["place"], **p["score"]} for p in view["players"]]
    emit(as_json, {"game": game_id, "over": view["phase"] == Phase.OVER.word, "scores": rows,
                   "solo_rank": view["solo_rank"]}, score_text(view))


def log(game, as_json):
    """The game's actions, one line each, as the store keeps them; each flip with its square."""
    from companion.shared.sssnake.log import flipped

    record, _ = session.current(KIND, game)
    flips = flipped(engine(), record)
    emit(as_json, {"game": record.id, "setup": record.setup, "actions": record.actions,
                   "flips": [{"action": i + 1, **f} for i, f in flips.items()]},
         log_text([engine().action_text(a) for a in record.actions], flips))


HISTORY = (click.option("--landscape", help="only this landscape"), json_option)


def history(landscape, as_json):
    """Every recorded solo game, oldest first."""
    from companion.cli.history import solo_history

    if landscape:
        from companion.shared.sssnake.setup import known_landscape

        landscape = known_landscape(landscape).slug
    rows = solo_history(landscape)
    emit(as_json, rows, solo_history_text(rows))


def declare(group) -> None:
    """The reading commands on the sssnake group, each built when first looked up."""
    for command in (status, deck, score, log):
        group.later(*READ)(command)
    group.later(*HISTORY)(history)
