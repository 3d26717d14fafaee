"""`companion sssnake rules|card` and `companion snits rules`: the edition's wording of a rule, at the table."""
from __future__ import annotations

import click

from companion.cli.output import emit
from companion.core.language import _
from companion.shared.session import Refused

WIDTH = 100  # terminal columns the text is wrapped to


def show(game: str, query: str | None, as_json: bool) -> None:
    """One topic's text and rulebook section, or the list of topics when none is named."""
    from companion.shared import topics

    if not query:
        every = topics.topics(game)
        emit(as_json, [t.name for t in every],
             wrapped(_("topics: {names}").format(names=", ".join(t.name for t in every)))
             + "\n" + _("`companion {game} rules TOPIC` reads one").format(game=game))
        return
    try:
        topic = topics.find(game, query)
    except topics.UnknownTopic as exc:
        raise Refused(str(exc)) from None
    emit(as_json, topic._asdict(), wrapped(topics.topic_text(topic)))


def wrapped(text: str) -> str:
    import textwrap

    return "\n".join(textwrap.fill(line, WIDTH) for line in text.splitlines())


def add_rules(group: click.Group, game: str) -> None:
    """Give a game's group its `rules [TOPIC]` command."""
    @group.command("rules")
    @click.argument("topic", nargs=-1)
    @click.option("--json", "as_json", is_flag=True, help="machine-readable output")
    def rules(topic, as_json):
        """A rule in the edition's words, with its rulebook section (no topic: list them)."""
        show(game, " ".join(topic), as_json)


def add_card(group: click.Group) -> None:
    """Give Sssnake's group `card N`: an ability card's text."""
    @group.command("card")
    @click.argument("number", type=click.IntRange(1, 16))
    @click.option("--json", "as_json", is_flag=True, help="machine-readable output")
    def card(number, as_json):
        """An ability card's text (1-16), with its rulebook section."""
        from companion.shared import topics

        topic = topics.card(number)
        emit(as_json, topic._asdict(), wrapped(topics.topic_text(topic)))
