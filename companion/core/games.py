"""Which games the companion knows: one entry per game, its parts named as "module:attribute" strings and loaded on
demand, so a command pays only for its own game and adding a game touches this registry alone."""
from __future__ import annotations

import importlib
import re

from companion.core.engine import Engine
from companion.core.record import Value

GAME_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")  # a game id: what the store makes (kind-N) and a token carries
PLAY_BYTES = 6  # a play's permanent id: this many random bytes, kept in hex (the store's migration 4 makes them too)


def new_play_id() -> str:
    """A fresh permanent play id: a game keeps it through renames and resumes, so BG Stats sees one play."""
    import secrets

    return secrets.token_hex(PLAY_BYTES)


class Game(Value):
    """A game's facts, and where its parts live, for everything outside its rules that treats games alike."""

    kind: str  # the short name in the store, the CLI and a token's state ("sssnake")
    name: str  # the game's name in a sentence ("Sssnake")
    title: str  # the full title, on a state card and in `companion --help` ("Sssnake: Flip&Write")
    letter: str  # the token's game letter (CT1S:); part of the frozen token format, never reused
    engine: str  # its Engine instance
    cli: str  # its click group, `companion <kind> ...`
    card_words: str  # the state card's lines: (view, private) -> list[str]
    preset: str  # the token's deflate preset dictionary (frozen with the token format)
    stats: str  # its history figures for `stats`: a companion.cli.history.Stats
    names: str  # shell completion: argument name -> (state -> the names it takes)
    printables: tuple[str, ...]  # the `companion print` commands that draw its pieces
    reference: str  # its reference cards for `print reference --game`: () -> list of sheets.cards.Card; "" for none
    computer: str = ""  # the computer's go, (game_id, setup, state, show) -> state, through the session; "" for none


GAMES = {game.kind: game for game in (
    Game(kind="sssnake", name="Sssnake", title="Sssnake: Flip&Write", letter="S",
         engine="companion.sssnake.game:ENGINE", cli="companion.cli.sssnake.commands:sssnake",
         card_words="companion.shared.card_words:sssnake", preset="companion.tokens.presets:SSSNAKE",
         stats="companion.cli.history:SSSNAKE", names="companion.cli.completion:SSSNAKE",
         printables=("pad", "cards"), reference="companion.sheets.reference:sssnake_cards",
         computer="companion.shared.sssnake.computer:reply"),
    Game(kind="snits", name="Snits' Revenge", title="Snits' Revenge", letter="R",
         engine="companion.snits.game:ENGINE", cli="companion.cli.snits.commands:snits",
         card_words="companion.shared.card_words:snits", preset="companion.tokens.presets:SNITS",
         stats="companion.cli.history:SNITS", names="companion.cli.completion:SNITS",
         printables=("map", "counters"), reference="companion.sheets.reference:snits_cards",
         computer="companion.shared.snits.computer:reply"),
)}


def load(where: str):
    """The object a "module:attribute" string names, importing its module now."""
    module, attr = where.split(":")
    return getattr(importlib.import_module(module), attr)


def game(kind: str) -> Game:
    """A known game's entry; an unknown kind is a ValueError naming the known ones."""
    try:
        return GAMES[kind]
    except KeyError:
        raise ValueError(f"unknown game kind {kind!r}; known: {', '.join(GAMES)}") from None


def engine(kind: str) -> Engine:
    """The rules engine for a stored game's kind."""
    return load(game(kind).engine)


def by_letter(letter: str) -> Game | None:
    """The game a token's letter names, or None."""
    return next((g for g in GAMES.values() if g.letter == letter), None)
