"""Snits' Revenge's rules in German: refusals and the table's lines read German (the Gang and the Kanal kept apart,
the invented names as printed), the view words its phase and side in German but keeps the values code reads, the
recap still knows the phases' bookkeeping, and the edition's topics are in the catalog with German."""
import tomllib
from pathlib import Path

import pytest

from companion.core import language
from companion.core.engine import IllegalAction
from companion.snits import phases
from companion.snits.game import ENGINE
from companion.snits.pieces import lookup

ROOT = Path(__file__).resolve().parents[2]
SETUP = {"seed": 4, "remove": ["Grubnik", "Zoomer"], "duty": "Wobbulum", "edition": "second-edition"}


def refusal(state, action: dict) -> str:
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, action)
    return str(refused.value)


def test_a_kick_in_the_move_phase_is_refused_in_german(cli, german):
    assert cli("snits", "new", "--seed", 4, "--remove", "Grubnik,Zoomer", "--duty", "Wobbulum").exit_code == 0
    result = cli("snits", "kick", "Zipwick", "Snorg")
    assert result.exit_code == 1
    assert "error: Snits treten in der Phase „Snits treten“; jetzt ist die Phase „Snits bewegen“" in result.output


def test_the_same_refusal_reads_english_without_the_german_fixture():
    state = ENGINE.new(SETUP)
    assert refusal(state, {"type": "kick", "who": "Zipwick", "target": "Snorg"}) == (
        "Snits kick in the Snit Kicking phase; now it is the Move Snits phase")


def test_a_full_channel_is_a_gang_and_a_full_canal_a_kanal(german):
    state = ENGINE.new(SETUP)
    board = state.board
    here = board.organ("Antephellum").index
    state.snits[lookup(state, "Zipwick")] = here
    for organ in ("Glut", "Wobbulum"):  # from the Antephellum: a channel to the Glut, a canal to the Wobbulum
        passage = board.passage(here, board.organ(organ).index)
        state.used[passage.index] = 2 if passage.kind == "channel" else 1
    assert refusal(state, {"type": "move", "who": "Zipwick", "to": "Glut"}) == (
        "Antephellum→Glut ist ein Gang, und 2 Figuren haben ihn in dieser Phase schon benutzt")
    assert refusal(state, {"type": "move", "who": "Zipwick", "to": "Wobbulum"}) == (
        "Antephellum→Wobbulum ist ein Kanal, und 1 Figur hat ihn in dieser Phase schon benutzt")


def test_a_play_line_reads_german_with_the_snits_names_as_printed(german):
    state = ENGINE.new(SETUP)
    lines = ENGINE.apply(state, {"type": "enter", "who": "Zipwick", "to": "Fleotis"}).messages
    assert lines[0].startswith("Lauf von Zipwick (Blitz) in Fleotis (Eye und Prolobosinator arbeiten beide)")
    done = ENGINE.apply(state, {"type": "done"}).messages
    assert done[0] == "beendet: 1. Snits bewegen (die Snits)"
    assert all(phases.bookkeeping(line) for line in done)


def test_the_view_words_what_a_page_shows_in_german_and_keeps_what_code_reads(german):
    state = ENGINE.apply(ENGINE.new(SETUP), {"type": "done"}).state
    view = ENGINE.view(state)
    assert (view["phase_title"], view["to_act"]) == ("1. Compositors erzeugen", "der Bolotomus")
    assert {s["at"] for s in view["snits"]} == {"outside"} and view["phase"] == "compose"
    language.use("en")
    english = ENGINE.view(state)
    assert (english["phase_title"], english["to_act"]) == ("1. Compositors Compose", "the Bolotomus")
    assert {k: v for k, v in english.items() if k not in ("phase_title", "to_act")} == {
        k: v for k, v in view.items() if k not in ("phase_title", "to_act")}


def test_the_topics_file_names_its_translated_keys():
    data = tomllib.loads((ROOT / "templates" / "snits" / "topics.toml").read_text(encoding="utf-8"))
    assert data["translate"] == ["text", "sections"]


def test_the_catalog_holds_a_topic_title_and_a_counter_text_in_german():
    catalog = language.load("de")
    topics = tomllib.loads((ROOT / "templates" / "snits" / "topics.toml").read_text(encoding="utf-8"))["topic"]
    pieces = next(t for t in topics if t["name"] == "pieces")
    assert catalog.gettext("The Playing Pieces") == "Die Spielfiguren"
    assert catalog.gettext(pieces["text"]).startswith("Snits dringen ein; die Dinger des Bolotomus")
    assert catalog.gettext(" (lightning)") == " (Blitz)" and catalog.gettext(" (hammer)") == " (Hammer)"
    assert catalog.pgettext("passage", "channel") == "Gang" and catalog.pgettext("passage", "canal") == "Kanal"
