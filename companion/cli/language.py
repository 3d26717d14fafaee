"""The command line in the player's language: click's own words and each command's help through the catalog."""
from __future__ import annotations

import inspect  # click has imported it already
import os
import sys

import click

from companion.core import language
from companion.core.language import _

# click binds gettext's functions into each of its modules at import; pointing those names at ours translates
# "Usage:", "Options:" and click's errors without gettext.translation (which would import locale for every command)
CLICK_MODULES = ("core", "decorators", "exceptions", "formatting", "parser", "shell_completion", "termui", "types",
                 "utils", "_termui_impl")


def asked(args) -> tuple[str | None, list[str]]:
    """The value of `--lang` anywhere on the line (before a `--`) and the line without it, so that `companion sssnake
    status --lang de` speaks German as `companion --lang de sssnake status` does."""
    args, value, kept = list(args), None, []
    i = 0
    while i < len(args):
        if args[i] == "--":
            kept += args[i:]
            break
        if args[i] == "--lang" and i + 1 < len(args):
            value, i = args[i + 1], i + 2
        elif args[i].startswith("--lang="):
            value, i = args[i].split("=", 1)[1], i + 1
        else:
            kept.append(args[i])
            i += 1
    return value, kept


MACHINE = "--json"  # output for programs: the same bytes in every language, so English throughout


def speak(args) -> list[str]:
    """Speak the language the command line and the environment ask for (raises UnknownLanguage) and return the line
    without its --lang; a command asked for machine output speaks English, so its documents (their messages too)
    never change with the language."""
    for name in CLICK_MODULES:
        module = sys.modules.get(f"click.{name}")
        if module is not None:
            if hasattr(module, "_"):
                module._ = _  # type: ignore[attr-defined]
            if hasattr(module, "ngettext"):
                module.ngettext = language.ngettext  # type: ignore[attr-defined]
    value, args = asked(args)
    lang = language.detect(os.environ, value)
    language.use("en" if MACHINE in args else lang)
    return args


def localize(command):
    """The command's help, short help, epilog and options' help in the language spoken now; the English is kept on
    the command, so a later call in another language starts from it."""
    if command is None:
        return None
    english = command.__dict__.setdefault("english", {
        "help": command.help, "short_help": command.short_help, "epilog": command.epilog,
        "params": [getattr(param, "help", None) for param in command.params]})
    # a docstring is looked up as inspect.cleandoc gives it (as click shows it): Python 3.13 strips its indentation
    # when it compiles, 3.11 keeps it, and one catalog serves both
    command.help, command.short_help, command.epilog = (text and _(inspect.cleandoc(text)) for text in (
        english["help"], english["short_help"], english["epilog"]))
    for param, text in zip(command.params, english["params"], strict=True):
        if text:
            param.help = _(text)
    helper = getattr(command, "_help_option", None)  # click keeps --help's option, worded when it was first made
    if helper is not None:
        helper.help = _("Show this message and exit.")
    return command


YES, NO = ("y", "yes", "j", "ja"), ("n", "no", "nein")  # English always works; German beside it


def confirm(question: str, default: bool = False) -> bool:
    """click.confirm in the player's language: its [y/N] and its y/n are English only, so a German table would be
    asked [y/N] and refused `ja`. Raises click.Abort at the end of input, as click.confirm does."""
    choices = _("[Y/n]") if default else _("[y/N]")
    while True:
        answer = click.prompt(f"{question} {choices}", default="", show_default=False, prompt_suffix=": ")
        answer = answer.strip().lower()
        if not answer:
            return default
        if answer in YES or answer in NO:
            return answer in YES
        click.echo(_("Error: invalid input"), err=True)
