"""The `companion` command: a thin root that loads each game's commands only when they are called."""
from __future__ import annotations

import os
import sys

import click

from companion.cli.language import localize, speak
from companion.core.language import LANGUAGES, N_, UnknownLanguage, _

# name -> ("module:attribute", help), besides each game's group (companion/core/games.py); loaded on demand so
# `companion sssnake flip` never imports printing code.
SUBCOMMANDS = {
    "print": ("companion.cli.printing:print_group", N_("Print pads, cards, the Bolotomus map, counters, reference cards (PDF/SVG).")),
    "token": ("companion.cli.tokens:token", N_("Print a game's state as a short token.")),
    "resume": ("companion.cli.tokens:resume", N_("Create a game from a token or a photo of its QR code.")),
    "qr": ("companion.cli.tokens:qr", N_("Show a game's token as a QR code or a printable state card.")),
    "games": ("companion.cli.games:games", N_("List saved games; delete, rename or archive one.")),
    "history": ("companion.cli.history:history_command", N_("Every finished play; --bgstats gives one to BG Stats.")),
    "serve": ("companion.cli.serve:serve_command", N_("Show the games on a local web page: the table's screen, each "
                                                    "player's phone.")),
}


def explain(exc: BaseException) -> str | None:
    """One line for a file the companion needs and cannot use (the saved games, the edition data); else None."""
    data = sys.modules.get("companion.core.edition_data")
    if data and isinstance(exc, data.EditionDataError):
        return str(exc)
    store = sys.modules.get("companion.store.connection")
    if store is None:  # the saved games were never opened: not theirs
        return None
    from companion.core.folders import data_home

    return store.explain(exc, os.path.join(data_home(), "games.sqlite"))


def subcommands() -> dict[str, tuple[str, str]]:
    """Every subcommand: each game's group from the registry, then the shared ones."""
    from companion.core.games import GAMES

    return {**{kind: (g.cli, _("{title} at the table.").format(title=g.title)) for kind, g in GAMES.items()}, **SUBCOMMANDS}


class Refusal(click.ClickException):
    """A refusal as click shows it: one `error:` line on stderr, exit 1."""

    def show(self, file=None) -> None:
        from companion.core.printable import printable

        click.echo(f"error: {printable(self.format_message())}", err=True)


class LazyGroup(click.Group):
    """A group whose subcommands are imported when used, not when the program starts."""

    def list_commands(self, ctx):
        return sorted(subcommands())

    def get_command(self, ctx, name):
        from companion.core.games import load

        found = subcommands().get(name)
        return found and localize(load(found[0]))

    def invoke(self, ctx):
        """Run the subcommand; a refusal (session.Refused), or a store or edition data file that cannot be used, is
        one line (session raises its own error so that only this layer speaks click)."""
        try:
            return super().invoke(ctx)
        except Exception as exc:
            session = sys.modules.get("companion.shared.session")
            refused = session and isinstance(exc, session.Refused)
            why = str(exc) if refused else explain(exc)
            if not refused and not why:
                raise
            raise Refusal(why) from None

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        """Click's own errors (a bad option, a missing argument) as one line, like the companion's refusals."""
        from companion.cli.console import tolerate

        tolerate(sys.stdout, sys.stderr)  # a cp1252 or ASCII console prints stand-ins instead of crashing
        try:
            args = speak(sys.argv[1:] if args is None else args)
        except UnknownLanguage as exc:
            click.echo(f"error: {exc}", err=True)
            sys.exit(2)
        localize(self)
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:
            code = super().main(args, prog_name, complete_var, False, **extra)
        except click.exceptions.NoArgsIsHelpError as exc:
            click.echo(exc.ctx.get_help())  # a bare group name asks for its help
            sys.exit(0)
        except click.UsageError as exc:
            from companion.core.printable import printable

            where = exc.ctx.command_path if exc.ctx else "companion"
            said = _("{message} (see `{command} --help`)").format(message=printable(exc.format_message()), command=where)
            click.echo(f"error: {said}", err=True)
            sys.exit(exc.exit_code)
        except click.ClickException as exc:
            exc.show()
            sys.exit(exc.exit_code)
        except click.Abort:
            click.echo(_("Aborted!"), err=True)
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)

    def format_commands(self, ctx, formatter):
        rows = [(name, _(help_)) for name, (_where, help_) in sorted(subcommands().items())]
        with formatter.section(_("Commands")):
            formatter.write_dl(rows)


def show_version(ctx, param, value):
    """--version (click's version_option imports locale, a cost every command would pay)."""
    if value and not ctx.resilient_parsing:
        from companion import __version__
        from companion.snits.game import SnitsEngine
        from companion.sssnake.daily import PREFIX as DAILY
        from companion.sssnake.game import SssnakeEngine
        from companion.store import schema as store_schema
        from companion.tokens import game_token as token
        from companion.tokens import sheet_token

        click.echo(f"companion, version {__version__}\n"
                   f"rules: Sssnake {SssnakeEngine.version}, Snits' Revenge {SnitsEngine.version}\n"
                   f"formats: store {store_schema.VERSION}, game token {token.FORMAT}{token.VERSION}, "
                   f"sheet token {sheet_token.PREFIX[:3]}, daily result token {DAILY[:3]}")
        ctx.exit()


@click.group(cls=LazyGroup)
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=show_version,
              help="Show the version and exit.")
# --lang is taken off the line before click parses it (companion/cli/language.py: anywhere on the line); declared
# here for --help to list it
@click.option("--lang", type=click.Choice(LANGUAGES), expose_value=False, is_eager=True,
              help="Speak en (English) or de (German); default: COMPANION_LANG, else your locale's language.")
def main():
    """Table companion and print shop for Sssnake: Flip&Write and Snits' Revenge.

    Saved games live in $COMPANION_HOME (else your user data folder).
    """


def run() -> None:
    """The console script: `main`, then an exit without Python's teardown of every loaded module, which costs a
    table command about 12 ms of CPU (a sixth of its time); output is flushed and atexit handlers still run."""
    code: str | int | None
    try:
        main()
        code = 0
    except SystemExit as exc:
        code = exc.code
    if code is not None and not isinstance(code, int):
        print(code, file=sys.stderr)  # sys.exit("text") means: print it, exit 1
        code = 1
    import atexit

    atexit._run_exitfuncs()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (BrokenPipeError, ValueError):
        code = code or 1  # the reader went away (`companion ... | head`): nothing more to say
    os._exit(code or 0)
