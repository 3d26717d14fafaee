"""Sssnake's rules in German: refusals and the table's lines read German, the round line takes German words beside
the English (the same game either way), no player is named after one of them, and the edition's ability names are
in the catalog with the glossary's German."""
import importlib.util
import json
import sys
import tomllib
from pathlib import Path

import pytest

from companion.core.language import _
from companion.sssnake.roundline import GERMAN, grammar_word

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = {"Climbing": "Klettern", "Swimming": "Schwimmen", "Digging": "Graben", "Diving": "Tauchen",
            "Intelligent": "Intelligent", "Tricky": "Trickreich", "Flexible": "Flexibel", "Elastic": "Elastisch",
            "Thieving": "Diebisch", "Poisonous": "Giftig", "Winter stores": "Wintervorrat", "Nocturnal": "Nachtaktiv",
            "Two-headed": "Zweiköpfig", "Moulting": "Häutung", "Intuition": "Intuition", "Offspring": "Nachwuchs"}


def flipped(cli, players: str, flips: int, *more: str) -> None:
    """A new seed-5 game of `players` with `flips` cards turned."""
    assert cli("sssnake", "new", "--players", players, "--seed", "5", *more).exit_code == 0
    for _flip in range(flips):
        assert cli("sssnake", "flip").exit_code == 0


def played(cli, line: str) -> dict:
    """A two-player Fjord game past its first flip, the round typed as `line`: the game as --json shows it."""
    flipped(cli, "Ann,Bob", 3, "--landscape", "fjord")
    result = cli("sssnake", "round", line)
    assert result.exit_code == 0, result.output
    return json.loads(cli("sssnake", "status", "--json").output)


def test_a_refusal_of_the_rules_reads_german(cli, german):
    result = cli("sssnake", "new", "--players", "Ann,ann")
    assert result.exit_code == 1
    assert "error: zwei Spieler haben denselben Namen; gib jedem einen anderen" in result.output


def test_a_round_line_refusal_reads_german_and_suggests_the_german_word(cli, german):
    flipped(cli, "Ann,Bob", 3)
    result = cli("sssnake", "round", "Ann 2 schattn")
    assert result.exit_code == 1 and "Ann: 'schattn' gehört nicht zu einer Meldung; meintest du schatten?" in result.output


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_round_line_in_german_words_is_the_same_game_as_in_english(cli, home, monkeypatch, lang):
    monkeypatch.setenv("COMPANION_LANG", lang)
    english = played(cli, "Ann 2 snow Bob out")
    monkeypatch.setenv("COMPANION_HOME", str(home.parent / "other"))
    german = played(cli, "ann 2 Schnee bob raus")
    assert german == english
    assert english["state"]["players"][1]["out"] and english["state"]["players"][0]["ended_on"] == ["snow"]


def test_the_german_round_line_reads_back_in_german(cli, german):
    flipped(cli, "Ann,Bob,Cid", 4)
    result = cli("sssnake", "round", "Ann 1 schatten Bob 0 Cid zurueck")
    assert result.exit_code == 1 and "Freundschaftsmodus" in result.output
    result = cli("sssnake", "round", "Ann 1 schatten Bob 0 Cid raus")
    assert "Gemeldet: Ann 1 schatten, Bob 0, Cid raus." in result.output


@pytest.mark.parametrize("name", ["Schnee", "EIS", "schatten", "Raus", "Zurück", "zurueck", "Einsteigen"])
def test_a_german_grammar_word_is_refused_as_a_players_name(cli, name):
    assert grammar_word(name)
    result = cli("sssnake", "new", "--players", f"Ann,{name}")
    assert result.exit_code == 1 and "cannot be a player's name: the round line reads it" in result.output


def test_the_german_words_never_mean_an_english_word_of_another_meaning():
    english = {"snow", "ice", "shade", "out", "rejoin"}
    assert set(GERMAN.values()) <= english and not set(GERMAN) & english


def test_the_catalog_holds_each_ability_name_with_the_glossarys_german(german):
    spec = importlib.util.spec_from_file_location("catalog_tool", ROOT / "tools" / "catalog.py")
    tool = importlib.util.module_from_spec(spec)
    sys.modules["catalog_tool"] = tool
    spec.loader.exec_module(tool)
    extracted = tool.extracted()
    cards = tomllib.loads((ROOT / "templates" / "sssnake" / "abilities.toml").read_text(encoding="utf-8"))["cards"]
    for card in cards:
        assert extracted.get(card["name"]) is not None and extracted.get(card["effect"]) is not None
        assert _(card["name"]) == GLOSSARY[card["name"]]
