"""The games registry: every entry resolves, and a third game added there alone is found by every consumer."""
import sys
import types

import click
import pytest

from companion.cli.history import Stats, stats
from companion.cli.main import main
from companion.cli.printing import print_group
from companion.core import games
from companion.core.engine import Engine
from companion.shared import card_words
from companion.sheets.cards import Card
from companion.tokens import game_token as token


@pytest.mark.parametrize("kind", games.GAMES)
def test_every_part_of_an_entry_resolves(kind):
    game = games.GAMES[kind]
    assert game.kind == kind and game.name and game.title
    rules = games.engine(kind)
    assert isinstance(rules, Engine) and rules.kind == kind
    assert isinstance(games.load(game.cli), click.Group)
    assert callable(games.load(game.card_words))
    assert isinstance(games.load(game.preset), bytes)
    assert isinstance(games.load(game.stats), Stats)
    assert all(callable(names) for names in games.load(game.names).values())
    assert set(game.printables) <= set(print_group.commands)
    assert not game.reference or all(isinstance(c, Card) for c in games.load(game.reference)())


def test_token_letters_are_unique_capitals():
    letters = [g.letter for g in games.GAMES.values()]
    assert len(set(letters)) == len(letters) and all(len(c) == 1 and c.isupper() for c in letters)


@pytest.fixture
def tic(monkeypatch):
    """A third game, Tic, whose every part lives in one stand-in module and whose only mention is its entry."""
    parts = types.ModuleType("tic_parts")
    parts.ENGINE = Engine()
    parts.ENGINE.kind = "tic"
    parts.tic = click.Group("tic", help="unused: the root's list shows the registry's title")
    parts.words = lambda view, private: [f"{view['moves']} moves{' (private)' if private else ''}."]
    parts.PRESET = b'"moves":'
    parts.STATS = Stats("Tic: moves per game", ("moves",), lambda store: [{"moves": 5}],
                        lambda rows: {"games": len(rows)}, lambda data: f"{data['games']} game(s) of Tic", list)
    parts.NAMES = {}
    monkeypatch.setitem(sys.modules, "tic_parts", parts)
    entry = games.Game(kind="tic", name="Tic", title="Tic: the Game", letter="T", engine="tic_parts:ENGINE",
                       cli="tic_parts:tic", card_words="tic_parts:words", preset="tic_parts:PRESET",
                       stats="tic_parts:STATS", names="tic_parts:NAMES", printables=(), reference="")
    monkeypatch.setitem(games.GAMES, "tic", entry)
    return parts


def test_a_third_game_needs_only_its_registry_entry(tic, home, cli):
    assert games.engine("tic") is tic.ENGINE
    text = token.pack("tic", "tic-1", {"moves": 5})
    assert text.startswith("CT1T:") and token.unpack(text) == token.Token("tic", "tic-1", {"moves": 5})
    assert "CT2T: (Tic)" in str(pytest.raises(token.TokenError, token.unpack, "XX1T:00").value)
    assert card_words.card("tic", {"moves": 5}, True, "2026-11-30") == ["5 moves (private).", "Printed 2026-11-30."]
    assert "Tic: the Game at the table." in cli("--help").output
    assert main.get_command(None, "tic") is tic.tic


def test_the_third_game_s_stats(tic, home, capsys):
    stats("tic", False, None, None, False)
    assert capsys.readouterr().out == "1 game(s) of Tic\n"
