"""Declaring a game's commands so that each is built, and its code imported, only when it is called: all of a game's
click options cost each command ~1 ms, and the history or completion code more."""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from companion.cli.language import localize
from companion.cli.output import emit

if TYPE_CHECKING:
    from click._termui_impl import ProgressBar as ClickBar


class LaterGroup(click.Group):
    """Commands declared with `later` are built (their click decorators applied) when looked up."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.declared: dict[str, tuple] = {}

    def later(self, *decorators, name: str | None = None):
        """Declare the function as command `name` (default: its own) with these click decorators, listed top first."""
        def declare(f):
            self.declared[name or f.__name__] = (f, decorators)
            return f

        return declare

    def list_commands(self, ctx) -> list[str]:
        return sorted({*self.commands, *self.declared})

    def get_command(self, ctx, cmd_name: str):
        if cmd_name in self.declared:
            f, decorators = self.declared.pop(cmd_name)
            for decorate in reversed(decorators):
                f = decorate(f)
            self.command(cmd_name)(f)
        return localize(super().get_command(ctx, cmd_name))


def completes(kind: str | None, what: str):
    """A `shell_complete=` callback for the argument `what` ("game" for --game) of a `kind` game's command; the
    completion code is imported only when the shell asks, so a command that runs never loads it."""
    def complete(ctx, param, incomplete):
        from companion.cli.completion import complete as names

        return names(kind, what, ctx, incomplete)

    return complete


def stats_command(group: LaterGroup, kind: str, doc: str) -> None:
    """Declare `stats` (figures, --plot, --csv) on a game's group; its code in companion.cli.history is imported
    only when it runs."""
    def stats(as_json, plot, csv_path, force):
        from companion.cli.history import stats as show

        show(kind, as_json, plot, csv_path, force)

    stats.__doc__ = doc
    group.later(
        click.option("--plot", metavar="FILE", help="draw the score trend as a chart: FILE.svg or FILE.pdf"),
        click.option("--csv", "csv_path", metavar="FILE", help="write every finished game as CSV (- for the screen)"),
        click.option("--force", is_flag=True, help="replace the --plot or --csv file if it exists"),
        click.option("--json", "as_json", is_flag=True, help="machine-readable output"),
        name="stats",
    )(stats)


def computer_shown(kind: str, game_id: str, setup: dict, state, quiet: bool, pace: float, line):
    """The computer's go (the session's), each action printed as it comes, `pace` seconds apart on a terminal so the
    table can follow; `line(side, action, messages)` words one. Returns (state, the actions as --json lists them)."""
    import time

    from companion.shared.session import computer_go

    pace = pace if sys.stdout.isatty() else 0

    def show(side: str, action: dict, messages) -> None:
        time.sleep(pace)
        click.echo(line(side, action, messages))

    return computer_go(kind, game_id, setup, state, None if quiet else show)


def undo_redo_commands(group: click.Group, kind: str, show) -> None:
    """Add `undo` and `redo` to a game's group; `show(state)` is the text printed after the step's line (steps.py)."""
    for name, forward in (("undo", False), ("redo", True)):
        def command(game, as_json, forward=forward, name=name):
            from companion.core.games import engine
            from companion.shared.session import step_back, stepped
            from companion.shared.steps import step_line

            told: list[str] = []  # a redo says again what its actions did, as when first played
            game_id, moved, state = step_back(kind, game, forward, told=told)
            eng = engine(kind)
            mine, reply, _ = stepped(moved, forward)
            emit(as_json, lambda: {"game": game_id, name: mine, "computer": reply, "state": eng.view(state)},
                 "\n".join([f"{step_line(kind, moved, forward)} ({game_id})", *told, show(state)]))
        command.__doc__ = ("Put back the last undone action." if forward
                           else "Take back the last action (redo puts it back).")
        group.command(name)(click.option("--game", help="game id (default: the latest)")(
            click.option("--json", "as_json", is_flag=True, help="machine-readable output")(command)))


class ProgressBar:
    """A click progress bar on stderr for a long run (`snits balance`, `snits autoplay`), opened at the first
    report of (done, total); stdout keeps only the result."""

    def __init__(self, label: str) -> None:
        self.bar: ClickBar[int] | None
        self.label, self.bar, self.shown = label, None, 0

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None:
            self.bar = click.progressbar(length=total, label=self.label, file=sys.stderr, show_pos=True)
            self.bar.__enter__()
        self.bar.update(done - self.shown)
        self.shown = done

    def close(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)
