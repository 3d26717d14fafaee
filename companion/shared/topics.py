"""Rules at hand: the edition's wording of each rule, card and terrain, found by a forgiving name."""
from __future__ import annotations

from typing import NamedTuple

from companion.core.edition_data import read_template

TERRAIN_MOVES = {"yes": "may cross it", "no": "may not cross it", "paw": "may cross it from the paw length"}
TERRAIN_ENDS = {"yes": "may end there", "no": "may not end there", "paw": "may end there from the paw length"}
KINDS = {"permanent": "permanent", "single": "single use, may be taken again"}


class Topic(NamedTuple):
    """One rule to read at the table: what to type, the rulebook headings it answers, and the edition's words."""

    name: str
    sections: tuple[str, ...]
    text: str
    aliases: tuple[str, ...] = ()


class UnknownTopic(LookupError):
    """A topic nobody wrote; the message lists close names or every name."""


def topics(game: str) -> list[Topic]:
    """Every topic of a game ("sssnake" or "snits"), in the order the edition data lists them."""
    written = [Topic(t["name"], tuple(t["sections"]), " ".join(t["text"].split()), tuple(t.get("aliases", ())))
               for t in read_template(game, "topics.toml")["topic"]]
    if game != "sssnake":
        return written
    return written + ability_topics() + terrain_topics()


def ability_topics() -> list[Topic]:
    """The 16 ability cards (Ability descriptions), worded by abilities.toml."""
    return [Topic(c["name"].lower().replace(" ", "-"), ("Ability descriptions",), card_text(c),
                  (str(c["number"]), f"card {c['number']}", c["name"].lower()))
            for c in read_template("sssnake", "abilities.toml")["cards"]]


def card_text(card: dict) -> str:
    players = ", 3+ players only" if card["three_plus"] else ""
    return f"Card {card['number']} {card['name']} ({KINDS[card['kind']]}{players}): {card['effect']}"


def terrain_topics() -> list[Topic]:
    """The eight terrains (Terrain types), worded by terrains.toml."""
    rows = read_template("sssnake", "terrains.toml")["terrain"]
    return [Topic(t["name"], ("Terrain types",),
                  f"{t['name'].capitalize()}: a snake {TERRAIN_MOVES[t['move']]} and {TERRAIN_ENDS[t['end']]}"
                  + (f" ({t['note']})." if t["note"] else "."))
            for t in rows]


def card(number: int) -> Topic:
    """Sssnake's ability card `number` (1-16)."""
    for topic in ability_topics():
        if str(number) in topic.aliases:
            return topic
    raise UnknownTopic(f"no ability card {number}; the cards are numbered 1 to 16")


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
        raise UnknownTopic(f"{query!r} could be {', '.join(sorted(starting))}; type more of it")
    raise UnknownTopic(f"no rule topic {query!r}; topics: {', '.join(t.name for t in every)}")


def topic_text(topic: Topic) -> str:
    """The topic as the terminal shows it: its words, then where the rulebook says it."""
    return f"{topic.text}\n(rulebook: {'; '.join(topic.sections)})"
