"""Reference cards, poker size 63 x 88 mm nine to a page, one-sided: each game's set (sheets/reference_snits.py,
sheets/reference_sssnake.py) starts on its own page."""
from __future__ import annotations

from pathlib import Path

from companion.core.games import GAMES, load
from companion.core.language import _
from companion.sheets import reference_snits, reference_sssnake
from companion.sheets.canvas import Document
from companion.sheets.cards import Card, card_page
from companion.sheets.documents import open_document
from companion.sheets.layout import POKER, Paper, card_grid


def snits_cards(ink_saver: bool = False) -> list[Card]:
    """Snits' Revenge's reference cards (its registry entry names this)."""
    return reference_snits.cards(ink_saver)


def sssnake_cards(ink_saver: bool = False) -> list[Card]:
    """Sssnake's reference cards (its registry entry names this)."""
    return reference_sssnake.cards(ink_saver)


def game_sets(game: str, ink_saver: bool = False) -> list[tuple[str, list[Card]]]:
    """(kind, cards) of one game, or of every game that has some ("all", by kind: Snits' Revenge first)."""
    kinds = sorted(k for k, g in GAMES.items() if g.reference) if game == "all" else [game]
    return [(kind, load(GAMES[kind].reference)(ink_saver=ink_saver)) for kind in kinds]


def render_reference(game: str, paper: Paper, fmt: str, path, ink_saver: bool = False) -> int:
    """Reference cards nine to a page with crop marks, each game from a new page; returns the page count."""
    doc = open_document(fmt)
    draw_reference(doc, game, paper, ink_saver)
    return doc.save(Path(path))


def draw_reference(doc: Document, game: str, paper: Paper, ink_saver: bool = False) -> None:
    """The reference card pages onto `doc`: a file of their own, or a part of a booklet."""
    grid = card_grid(paper, POKER, 3, 3)
    chunks = [(kind, cards[i:i + grid.per_page]) for kind, cards in game_sets(game, ink_saver)
              for i in range(0, len(cards), grid.per_page)]
    for n, (kind, chunk) in enumerate(chunks, 1):
        with doc.page(grid.page_w, grid.page_h, f"reference-{n}") as cv:
            card_page(cv, grid, chunk, False, (0.0, 0.0),
                      _("{game} reference, 63 x 88 mm - page {page}/{pages} - print at 100%").format(
                          game=GAMES[kind].name, page=n, pages=len(chunks)))
