"""Rules at hand: every heading of both rulebooks' contents is answered by a topic in the edition's own words."""
import re
from pathlib import Path

import pytest

from companion.shared import topics

RULES = Path(__file__).resolve().parents[2].parent / "shared" / "rules"
BOOKS = {"sssnake": "sssnake.txt", "snits": "snits-revenge.txt"}


def contents(book: str) -> list[str]:
    """The headings of a rulebook's Table of Contents (its bulleted list)."""
    lines = (RULES / book).read_text().splitlines()
    start = max(i for i, line in enumerate(lines) if line.strip() == "Table of Contents")
    headings = []
    for line in lines[start + 1:]:
        if not line.strip():
            if headings:
                break
            continue
        headings.append(line.strip().lstrip("•").strip())
    return headings


@pytest.mark.skipif(not RULES.is_dir(), reason="the rulebooks live in shared/ beside the checkout")
@pytest.mark.parametrize("game", BOOKS)
def test_every_heading_of_the_rulebook_has_a_topic(game):
    headings = contents(BOOKS[game])
    assert len(headings) > 20
    answered = {section for topic in topics.topics(game) for section in topic.sections}
    assert [h for h in headings if h not in answered] == []
    assert answered <= set(headings), "a topic names a section the rulebook does not have"


@pytest.mark.skipif(not RULES.is_dir(), reason="the rulebooks live in shared/ beside the checkout")
@pytest.mark.parametrize("game", BOOKS)
def test_no_topic_copies_the_rulebook(game):
    """The edition's own words: no run of eight words from the rulebook appears in a topic."""
    book = " ".join(re.findall(r"[a-z0-9']+", (RULES / BOOKS[game]).read_text().lower()))
    for topic in topics.topics(game):
        words = re.findall(r"[a-z0-9']+", topic.text.lower())
        runs = [" ".join(words[i:i + 8]) for i in range(len(words) - 7)]
        assert [run for run in runs if f" {run} " in f" {book} "] == [], topic.name


def test_every_ability_card_and_terrain_is_a_topic():
    names = {t.name for t in topics.topics("sssnake")}
    assert {"climbing", "two-headed", "winter-stores", "offspring"} <= names
    assert {"grassland", "water", "sand", "quicksand", "rocks", "snow", "ice", "foliage"} <= names
    assert topics.card(15).name == "intuition" and "single use" in topics.card(15).text
    assert "3+ players only" in topics.card(9).text and "3+" not in topics.card(1).text


def test_every_phase_and_counter_kind_of_snits_is_a_topic():
    for query in ("move", "kick", "second move", "compose", "move thingies", "chomp", "transform", "win",
                  "snit", "snorg", "makum", "runnungitm", "spark", "splop", "variations", "multiplayer"):
        assert topics.find("snits", query)


@pytest.mark.parametrize("query, name", [("Scoring", "scoring"), ("SCO", "scoring"), ("card 12", "nocturnal"),
                                         ("12", "nocturnal"), ("winter stores", "winter-stores"),
                                         ("golden", "apple-kinds"), ("fox", "foxtrail"), ("dig", "digging")])
def test_a_topic_is_found_by_name_alias_or_unique_prefix(query, name):
    assert topics.find("sssnake", query).name == name


def test_an_unknown_or_ambiguous_topic_says_what_would_be_right():
    with pytest.raises(topics.UnknownTopic, match="no rule topic 'zebra'; topics: components, setup"):
        topics.find("sssnake", "zebra")
    with pytest.raises(topics.UnknownTopic, match="could be .*; type more of it"):
        topics.find("sssnake", "s")
    with pytest.raises(topics.UnknownTopic, match="numbered 1 to 16"):
        topics.card(17)


def test_a_topic_names_its_rulebook_section():
    assert topics.topic_text(topics.find("snits", "kick")).endswith("(rulebook: 2. Snit Kicking)")


def test_rules_and_card_commands(cli):
    r = cli("sssnake", "card", "12")
    assert r.exit_code == 0 and r.output.startswith("Card 12 Nocturnal (permanent):")
    assert r.output.rstrip().endswith("(rulebook: Ability descriptions)")
    r = cli("snits", "rules", "pack", "attack")
    assert r.exit_code == 0 and "(rulebook: 2. Snit Kicking)" in r.output
    assert all(len(line) <= 100 for line in r.output.splitlines())
    assert "topics: pieces, snit" in cli("snits", "rules").output


def test_an_unknown_topic_is_refused_in_one_line(cli):
    r = cli("sssnake", "rules", "zebra")
    assert r.exit_code == 1 and r.output.startswith("error: no rule topic 'zebra'; topics: ")
    assert len(r.output.strip().splitlines()) == 1
    assert cli("sssnake", "card", "17").exit_code == 2


def test_the_apple_cards_topic_says_what_a_flip_does(cli):
    """A flip pairs the turned card's B side (the row) with the A side now on top (the column), as the deck does."""
    from companion.sssnake.game import ENGINE

    state = ENGINE.apply(ENGINE.new({"players": ["Ann"], "seed": 7}), {"type": "flip"}).state
    view = ENGINE.view(state)
    assert (view["round"]["column"], view["round"]["row"]) == (view["deck"]["a_top"], view["deck"]["b_top"])
    text = " ".join(cli("sssnake", "rules", "apple-cards").output.split())
    assert "its B side gives the row, and the A side now on top of the stack (the next card's) gives the column" in text
    assert "B side underneath" not in text
