"""`companion sssnake move / sheet / hint`: the digital sheet's commands, and the snakes the computer plays."""
from __future__ import annotations

import os
import sys

import click

from companion.cli.commands import computer_shown
from companion.cli.output import emit
from companion.cli.sssnake.base import KIND, WAYS, confirm_anyway, engine
from companion.core.language import _
from companion.core.printable import printable
from companion.shared import session
from companion.shared.session import Refused
from companion.shared.sssnake.hints import sheet_of
from companion.shared.sssnake.text import next_lines

PACE = 0.4  # seconds between the computer's actions on a terminal, so the table can follow them


def move(player, path, swap, borrow, anyway, roll, game, as_json):
    """A digital player moves: the path is checked against the sheet and the abilities, and what the snake ate is
    reported for them."""
    action = {"type": "move", "player": player, "path": " ".join(path), "swap": swap, "borrow": borrow or 0,
              "anyway": anyway, "roll": WAYS[roll] if roll else ""}
    action = {k: v for k, v in action.items() if v or k in ("type", "player", "path")}
    try:
        game_id, result, setup = session.act(KIND, game, action)
    except Refused as exc:
        said = confirm_anyway(str(exc), _("add --anyway"))
        if said != str(exc):
            raise Refused(said) from None
        raise
    who = result.state.index(player)
    if not as_json:
        click.echo("\n".join([*result.messages, *sheet_lines(result.state, who)]))
    state, replied = reply(game_id, setup, result.state, as_json)
    emit(as_json, lambda: {"game": game_id, "action": result.logged or action, "messages": list(result.messages),
                           "computer": replied, "state": engine().view(state)},
         "\n".join(next_lines(engine().next_step(state), state.teach)))


def sheet_lines(state, who: int) -> list[str]:
    """A digital sheet as the terminal shows it (colour only on a terminal)."""
    from companion.sssnake.edition import edition
    from companion.sssnake.sheet_text import sheet_lines as lines
    from companion.sssnake.snake import Card

    gold = edition().landscapes[state.land].golden_apples
    return lines(state.land, state.sheets[who], coloured(), [gold[i] for i in state.golden_gone],
                 state.snakes[who].has(Card.TRICKY))


def coloured() -> bool:
    """Weight (bold, faint, reverse) on a terminal, none in a file, a pipe, on a dumb terminal or with NO_COLOR."""
    return sys.stdout.isatty() and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"


SHEET_FORMATS = ("pdf", "svg", "png")


def sheet(player, output, paper, force, game, as_json):
    """Show a digital player's sheet, or draw it on the printed landscape (-o ann.pdf, ann.svg or ann.png)."""
    from pathlib import Path

    from companion.cli.output import check

    record, state = session.current(KIND, game)
    who, drawn = sheet_of(state, player)
    snake = state.snakes[who]
    if not output:
        from companion.sssnake.sheet import to_dict

        emit(as_json, lambda: {"game": record.id, "player": snake.name, "sheet": to_dict(drawn)},
             "\n".join(sheet_lines(state, who)))
        return
    path = Path(output)
    fmt = path.suffix[1:].lower()
    if fmt not in SHEET_FORMATS:
        raise Refused(_("-o {output}: name a .pdf, .svg or .png file").format(output=output))
    check(path, force)
    from companion.sheets.layout import PAPERS, LayoutError
    from companion.sheets.pencil import render_sheet
    from companion.sssnake.display import ability
    from companion.sssnake.edition import edition

    gold = edition().landscapes[state.land].golden_apples
    info = {"length": snake.length, "track": snake.track, "abilities": [ability(n).name for n in snake.abilities]}
    try:
        render_sheet(state.land, drawn, fmt, path, PAPERS[paper], snake.name, info,
                     [gold[i] for i in state.golden_gone])
    except LayoutError as exc:
        raise Refused(str(exc)) from None
    except OSError as exc:
        raise Refused(_("cannot write {path}: {why}; choose another -o path").format(path=path,
                                                                                     why=exc.strerror or exc)) from None
    emit(as_json, {"game": record.id, "player": snake.name, "file": str(path)},
         _("wrote {path} ({player}'s sheet)").format(path=printable(str(path)), player=snake.name))


def hint(player, game, as_json):
    """Suggest a path for a digital player's move this round, and say why."""
    from companion.shared.sssnake.hints import suggestion

    record, state = session.current(KIND, game)
    action, why = suggestion(state, player)
    emit(as_json, {"game": record.id, "move": action, "why": why},
         "\n".join([_("Try: {move}").format(move=move_command(action)), *why]))


def move_command(action: dict) -> str:
    """The `companion sssnake move` command line that makes this move (its choices as the command's options)."""
    flags = ["--swap"] * bool(action.get("swap")) + ["--anyway"] * bool(action.get("anyway"))
    if action.get("borrow"):
        flags.append(f"--borrow {action['borrow']}")
    return " ".join(["companion sssnake move", action["player"], *[action["path"]] * bool(action["path"]), *flags])


def reply(game_id: str, setup: dict, state, quiet: bool) -> tuple[object, list[dict]]:
    """The computer's snakes act while it is theirs to, printed as they come; returns the state after and the
    actions for --json."""
    from companion.shared.sssnake.text import computer_line

    return computer_shown(KIND, game_id, setup, state, quiet, PACE, computer_line)
