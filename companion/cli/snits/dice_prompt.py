"""`play`'s dice prompts for a table rolling real dice (`--dice manual`): each roll the rules need asked in turn,
after what the rolls before it did is shown."""
from __future__ import annotations

import click

from companion.cli.snits.base import engine
from companion.core.engine import IllegalAction
from companion.core.language import _, ngettext, pgettext
from companion.shared.lines import wrap
from companion.shared.session import Refused
from companion.shared.snits.options import dice


def ask(need, rolled_before: bool = False) -> list[int] | None:
    """Prompt until the player types exactly the dice the roll needs (`3 2`, `32` or `3,2`); None for `back` or
    an empty line (the action typed was not the one meant), but not once a roll of the action was shown: real dice
    were rolled and seen, so they stand (`rolled_before`)."""
    one = need.more == 1
    what = ngettext("{count} die", "{count} dice", need.more).format(count=need.more)
    back = pgettext("typed", "back")
    while True:
        asked = (_("{why}: roll 1 die and type it") if one else
                 _("{why}: roll {dice} and type them, e.g. 3 2")).format(why=need.why, dice=what)
        typed = click.prompt(asked + ("" if rolled_before else " " + _("(`{back}`: none)").format(back=back)),
                             default="", show_default=False).strip()
        if typed.lower() in ("", "back", back) and rolled_before:
            click.echo("error: " + _("the roll shown above stands, as real dice do: type this roll too ({dice}); undo "
                                     "then takes the whole action back").format(dice=what))
            continue
        if typed.lower() in ("", "back", back):
            return None
        try:
            rolled = dice(typed)
        except Refused as exc:
            click.echo(f"error: {exc}")
            continue
        if len(rolled) == need.more:
            return rolled
        click.echo("error: " + (_("type 1 die, 1 to 6") if one else _("type {dice}, each 1 to 6").format(dice=what)))


def ask_dice(state, action: dict) -> tuple[dict | None, int]:
    """Manual dice in `play`: ask for each roll the rules need, after showing what the rolls before it did (the
    chomp that caught, before its last kick). Returns the action with its dice (None: the player went back) and
    how many of its lines were shown."""
    from companion.snits.dice import NeedDice

    shown = 0
    while True:
        try:
            engine().apply(state, action)
            return action, shown
        except NeedDice as exc:
            if exc.told[shown:]:
                click.echo("\n".join(wrap(m) for m in exc.told[shown:]))
            shown = len(exc.told)
            rolled = ask(exc, shown > 0)
            if rolled is None:
                return None, shown
            action = {**action, "dice": list(action.get("dice", [])) + rolled}
        except IllegalAction:
            return action, shown  # session.act refuses it with the reason
