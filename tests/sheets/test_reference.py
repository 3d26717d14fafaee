"""Reference cards: the Snits' Revenge turns (Sequence of Play), dice with the exact chances of
companion.snits.odds, Movement Restrictions, and Sssnake's Round Overview and Terrain Types Overview."""
from fractions import Fraction

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from companion.cli.main import main
from companion.sheets import reference, reference_snits
from companion.sheets.landscape import terrains
from companion.sheets.layout import PAPERS, LayoutError
from companion.snits import odds
from tests.sheets.readers import svg_texts


@pytest.fixture(scope="module")
def snits_text(tmp_path_factory):
    path = tmp_path_factory.mktemp("ref") / "r.pdf"
    assert reference.render_reference("snits", PAPERS["a4"], "pdf", path) == 1
    return " ".join(PdfReader(path).pages[0].extract_text().split())


def test_percent_is_exact_to_one_decimal():
    assert [reference_snits.percent(Fraction(n, d)) for n, d in ((1, 3), (2, 3), (1, 1), (5, 12), (1, 36))] == \
        ["33.3%", "66.7%", "100%", "41.7%", "2.8%"]


def test_turn_cards_list_every_phase_in_order(snits_text):
    """Sequence of Play: three Snit phases, then five Bolotomus phases."""
    phases = ["1 Move Snits", "2 Snit kicking", "3 Second move for fast Snits", "1 Compositors compose",
              "2 Move thingies", "3 Chomping", "4 Makums transform", "5 Has anybody won yet?"]
    at = [snits_text.index(p) for p in phases]
    assert at == sorted(at)


def test_dice_card_prints_the_odds_module_chances(snits_text):
    """Kick 1-2, hammer 1-4, chomp and last kick over speed on 2 dice, Fleotis run by working smashers."""
    assert f"1-2 kills: {reference_snits.percent(odds.kick())}" in snits_text
    assert f"1-4: {reference_snits.percent(odds.kick(True))}" in snits_text
    for _label, cells in reference_snits.dice_rows():
        assert " ".join(cells) in snits_text
    assert " ".join(reference_snits.percent(odds.chomp(s)) for s in odds.SPEEDS) == "83.3% 72.2% 58.3% 41.7%"


def test_dice_card_takes_its_numbers_from_odds_not_its_own_sums(monkeypatch):
    monkeypatch.setattr(odds, "chomp", lambda speed: Fraction(speed, 100))
    assert reference_snits.dice_rows()[0][1] == ["4%", "5%", "6%", "7%"]


def test_movement_card_has_all_seven_restrictions(snits_text):
    """Movement Restrictions 1-7, with the channel and canal limits of the rules table."""
    for rule in ("1 A piece moves one organ per phase", "behind the Glut", "2 A Snorg never leaves its organ",
                 "3 A channel lets 2 pieces through", "4 A canal lets 1 piece through",
                 "5 Any number of pieces may share an organ", "6 Snits never use the red canals",
                 "7 Only Snits may be outside the Bolotomus"):
        assert rule in snits_text


def test_sssnake_cards_have_rounds_and_every_terrain(tmp_path):
    """Round Overview and Terrain Types Overview: what a snake may do on each terrain."""
    assert reference.render_reference("sssnake", PAPERS["letter"], "svg", tmp_path / "s") == 1
    texts = svg_texts(tmp_path / "s" / "reference-1.svg")
    assert "First round" in texts and "Later rounds" in texts
    for t in terrains().values():
        assert t.name in texts and t.note in " ".join(texts)  # a long note wraps


def test_all_prints_each_game_from_a_new_page():
    assert [(kind, [c.label for c in cards]) for kind, cards in reference.game_sets("all")] == [
        ("snits", ["Snit turn", "Bolotomus turn", "dice", "movement", "variations", "spark", "multiplayer",
                   "multiplayer end"]),
        ("sssnake", ["Sssnake rounds", "Sssnake scoring", "Sssnake terrains", "Sssnake abilities 1-8",
                     "Sssnake abilities 9-16"])]


def test_text_that_does_not_fit_a_card_is_refused(monkeypatch, tmp_path):
    monkeypatch.setattr(reference_snits, "movement", lambda: [("", ["word " * 400])])
    with pytest.raises(LayoutError, match="'Movement restrictions' runs .* past its bottom margin"):
        reference.render_reference("snits", PAPERS["a4"], "pdf", tmp_path / "r.pdf")
    assert not (tmp_path / "r.pdf").exists()


def test_cli_reference_default_path_and_unknown_game(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    result = runner.invoke(main, ["print", "reference"])  # like every print command: all, by default
    assert result.output.strip().startswith("wrote output/reference-all-a4.pdf (")
    bad = runner.invoke(main, ["print", "reference", "--game", "chess", "-o", "x.pdf"])
    assert bad.exit_code == 1 and bad.stderr == "error: unknown game 'chess'; use one of: snits, sssnake, all\n"
    assert not (tmp_path / "x.pdf").exists()
