"""The Bolotomus' hidden prompt: where the Spark of Life and the Splops hide, typed while the Snit players look
away, shown nowhere, and refused without a word of what was typed; `new` and `play` hand it to the setup."""
from __future__ import annotations

import click

from companion.core.engine import IllegalAction
from companion.core.language import _, ngettext


def hide(board, spark: bool, splops: int, taken: list[str]) -> tuple[str | None, list[str]]:
    """The Bolotomus types where the Spark and `splops` Splops hide, at prompts that show nothing typed; each answer
    is asked twice, and a wrong one is refused without a word of what was typed. `taken`: organs already used."""
    from companion.shared.snits.text import joined

    several = ngettext("{count} Splop", "{count} Splops", splops).format(count=splops)
    what = joined(x for x in (_("the Spark of Life") if spark else "", several if splops else "") if x)
    click.echo(_("The Bolotomus hides {what} under the Snorgs now.").format(what=what) + "\n"
               + _("Snit players, look away! (Typing is not shown.)"))
    spark_at = secret(board, _("The Spark of Life, under which organ's Snorg?"), 1, taken)[0] if spark else None
    taken = taken + ([spark_at] if spark_at else [])
    splops_at = secret(board, _("{splops}, under which organs' Snorgs (commas between)?").format(splops=several),
                       splops, taken) if splops else []
    click.echo(_("Hidden, and kept secret. Snit players may look again."))
    return spark_at, splops_at


def secret(board, question: str, count: int, taken: list[str]) -> list[str]:
    """`count` organs typed at a hidden prompt and typed again to check."""
    while True:
        first = placed(board, click.prompt(question, hide_input=True, default="", show_default=False), count, taken)
        if first is None:
            continue
        if placed(board, click.prompt(_("Again, to check"), hide_input=True, default="", show_default=False), count,
                  taken) == first:
            return first
        click.echo("error: " + _("the two answers differ (or the second was not right); once more"))


def placed(board, typed: str, count: int, taken: list[str]) -> list[str] | None:
    """The organs a hidden answer names, or None after a refusal that repeats nothing of what was typed."""
    names = []
    for item in typed.split(","):
        try:
            names.append(board.organ(item.strip()).name)
        except IllegalAction:
            click.echo("error: " + _("that is not one organ of this map; type more of its name (organs: {organs})").format(
                organs=", ".join(board.organs[o].name for o in board.snorg_organs)))
            return None
    lapotum = board.organs[board.lapotum].name
    if len(names) != count:
        click.echo("error: " + ngettext("type {count} organ, with commas between",
                                        "type {count} organs, with commas between", count).format(count=count))
    elif lapotum in names:
        click.echo("error: " + _("nothing hides in the {organ}: its Snorg is printed on the map and cannot be "
                                 "killed").format(organ=lapotum))
    elif len(set(names + taken)) != len(names + taken):
        click.echo("error: " + _("the Spark and each Splop go under a different Snorg"))
    else:
        return names
    return None
