"""Rules at hand: the edition's wording of each rule, card and terrain, found by a forgiving name."""
from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from companion.core.edition_data import read_template
from companion.core.language import N_, _

TERRAIN_MOVES = {"yes": N_("may cross it"), "no": N_("may not cross it"), "paw": N_("may cross it from the paw length")}
TERRAIN_ENDS = {"yes": N_("may end there"), "no": N_("may not end there"),
                "paw": N_("may end there from the paw length")}
KINDS = {"permanent": N_("permanent"), "single": N_("single use, may be taken again")}
GAMES = ("sssnake", "snits")  # the games with topics


def same(text: str) -> str:
    """The English as the edition data has it: a Topic keeps it, for --json and for finding a topic by name."""
    return text


class Topic(NamedTuple):
    """One rule to read at the table: what to type, the rulebook headings it answers, and the edition's words."""

    name: str
    sections: tuple[str, ...]
    text: str
    aliases: tuple[str, ...] = ()


class UnknownTopic(LookupError):
    """A topic nobody wrote; the message lists close names or every name."""


def topics(game: str, say: Callable[[str], str] = same) -> list[Topic]:
    """Every topic of a game ("sssnake" or "snits"), in the order the edition data lists them; `say` words each text
    (`_`: in the language spoken now)."""
    written = [Topic(t["name"], tuple(t["sections"]), " ".join(say(t["text"]).split()), tuple(t.get("aliases", ())))
               for t in read_template(game, "topics.toml")["topic"]]
    if game != "sssnake":
        return written
    return written + ability_topics(say) + terrain_topics(say)


def ability_topics(say: Callable[[str], str] = same) -> list[Topic]:
    """The 16 ability cards (Ability descriptions), worded by abilities.toml."""
    return [Topic(c["name"].lower().replace(" ", "-"), (N_("Ability descriptions"),), card_text(c, say),
                  (str(c["number"]), f"card {c['number']}", c["name"].lower()))
            for c in read_template("sssnake", "abilities.toml")["cards"]]


def card_text(card: dict, say: Callable[[str], str] = same) -> str:
    players = say(N_(", 3+ players only")) if card["three_plus"] else ""
    return say(N_("Card {number} {name} ({kind}{players}): {effect}")).format(
        number=card["number"], name=say(card["name"]), kind=say(KINDS[card["kind"]]), players=players,
        effect=say(card["effect"]))


def terrain_topics(say: Callable[[str], str] = same) -> list[Topic]:
    """The eight terrains (Terrain types), worded by terrains.toml."""
    rows = read_template("sssnake", "terrains.toml")["terrain"]
    return [Topic(t["name"], (N_("Terrain types"),),
                  say(N_("{terrain}: a snake {moves} and {ends}")).format(
                      terrain=say(t["name"]).capitalize(), moves=say(TERRAIN_MOVES[t["move"]]),
                      ends=say(TERRAIN_ENDS[t["end"]]))
                  + (say(N_(" ({note}).")).format(note=say(t["note"])) if t["note"] else "."))
            for t in rows]


def card(number: int) -> Topic:
    """Sssnake's ability card `number` (1-16)."""
    for topic in ability_topics():
        if str(number) in topic.aliases:
            return topic
    raise UnknownTopic(_("no ability card {number}; the cards are numbered 1 to 16").format(number=number))


def find(game: str, query: str) -> Topic:
    """The topic a player means: its name or an alias, in any case, or a prefix of just one of them."""
    wanted = " ".join(query.lower().replace("_", "-").split())
    every = topics(game)
    for topic in every:
        if wanted in (topic.name, topic.name.replace("-", " "), *topic.aliases):
            return topic
    starting = {t.name: t for t in every
                if any(word.startswith(wanted) for word in (t.name, t.name.replace("-", " "), *t.aliases))}
    if wanted and len(starting) == 1:
        return next(iter(starting.values()))
    if wanted and starting:
        raise UnknownTopic(_("{query} could be {names}; type more of it").format(
            query=repr(query), names=", ".join(sorted(starting))))
    raise UnknownTopic(_("no rule topic {query}; topics: {names}").format(
        query=repr(query), names=", ".join(t.name for t in every)))


def topic_text(topic: Topic) -> str:
    """The topic as the terminal shows it, in the language spoken now: its words, then where the rulebook says it."""
    text = topic.text
    for game in GAMES:
        english = topics(game)
        if topic in english:
            text = topics(game, _)[english.index(topic)].text
            break
    return _("{text}\n(rulebook: {sections})").format(text=text, sections="; ".join(_(s) for s in topic.sections))
