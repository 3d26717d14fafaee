"""The state card's words (issue 5: the game's name, round, players and their counters in words, the date)."""
import pytest

from benchmarks import random_play
from companion.core.games import engine
from companion.shared import card_words
from companion.sheets.layout import A6
from companion.sheets.text import wrap

ROOM = 7  # lines of 9 pt text under the code on the A6 card (sheets/state_card.py), before its footer


def words(table, private=False):
    return card_words.card(table.kind, engine(table.kind).view(table.state), private, "2026-11-30")


def test_sssnake_card_names_round_and_every_snakes_counters():
    table = random_play.sssnake(4, 15, 2, "foxtrail")
    text = " ".join(words(table))
    view = engine("sssnake").view(table.state)
    assert f"flip {view['flips']}" in text and f"{view['first_player']} has the token" in text
    for p in view["players"]:
        assert f"{p['name']}{' (out)' if p['out'] else ''}: length {p['length']}" in text
    assert text.endswith("Printed 2026-11-30.")


def test_snits_card_names_turn_places_and_dead_snorgs():
    table = random_play.snits(10, 1)
    view = engine("snits").view(table.state)
    lines = words(table)
    assert lines[0].startswith(f"Turn {view['turn']}, {view['phase_title']}")
    assert f"Snits {view['snits_alive']} alive" in lines[1]
    assert all(organ in lines[2] for organ in view["dead_snorgs"])


def test_hidden_spark_public_card_shows_the_commitment_private_card_says_private():
    """Hidden information stays hidden: the public card names only the commitment; the private one warns."""
    table = random_play.snits(10, 1, **random_play.SPARK)
    public, private = words(table), words(table, private=True)
    commitment = engine("snits").view(table.state)["hidden"]["commitment"]
    assert public[0] == f"Hidden: the Spark and 3 Splops; commitment {commitment[:12]}."
    assert private[0] == "PRIVATE: shows the Spark and 3 Splops; keep face down."
    assert public[1:] == private[1:]  # the words never say where: only the private card's code knows


@pytest.mark.parametrize("table, private", [
    (random_play.sssnake(4, 15, 3, "foxtrail"), False),
    (random_play.sssnake(6, 15, 3, "sahara"), False),
    (random_play.snits(10, 1, **random_play.SPARK), True),
    (random_play.snits(10, 1, players=4), False),
])
def test_words_fit_under_the_code(table, private):
    """The card has room for seven lines; the words of a mid-game table wrap into no more."""
    wrapped = [part for line in words(table, private) for part in wrap(line, A6.width - 16, 9)]
    assert len(wrapped) <= ROOM


def test_sssnake_card_words_counts_and_the_phase_in_english():
    """"1 ability", "1 egg", and the phase in words: never "1 abilities", "eggs 1" nor "flip 5 (flip)" (issue 33)."""
    view = {"friendship": False, "landscape": "Fjord", "flips": 5, "phase": "flip", "first_player": "Ann",
            "players": [{"name": "Ann", "out": False, "length": 9, "circles": {"rotten": 1, "golden": 0}, "eggs": 1,
                         "abilities": ["Fast"]},
                        {"name": "Bob", "out": True, "length": 4, "circles": {"rotten": 0, "golden": 2}, "eggs": 2,
                         "abilities": ["Fast", "Diving"]}]}
    assert card_words.sssnake(view) == [
        "Fjord: flip 5, the next flip due, Ann has the token.",
        "Ann: length 9, 1 rotten, 1 egg, 1 ability; Bob (out): length 4, 2 golden, 2 eggs, 2 abilities."]
