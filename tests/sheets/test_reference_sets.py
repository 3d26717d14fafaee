"""Full reference sets: Sssnake's rounds, scoring, terrains and the 16 abilities; Snits' Revenge's turns, dice,
movement and the optional rules (variations, Spark and Splops, multiplayer); --ink-saver for cards and references."""
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from companion.cli.main import main
from companion.sheets import reference
from companion.sheets.landscape import terrains
from companion.sheets.layout import PAPERS
from companion.snits.options import force_rule, table
from companion.sssnake.edition import edition
from tests.sheets.test_card_faces import draw, inky_fills


def _card(game, label, ink_saver=False):
    (card,) = [c for kind, cards in reference.game_sets(game, ink_saver) for c in cards if c.label == label]
    return draw(card.front, 0)


def _words(rec):
    return " ".join(s for s, _ in rec.texts)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game, pages", [("sssnake", 1), ("snits", 1), ("all", 2)])
def test_page_counts_each_game_from_a_new_page(tmp_path, paper, game, pages):
    path = tmp_path / "r.pdf"
    assert reference.render_reference(game, PAPERS[paper], "pdf", path) == pages
    assert reference.render_reference(game, PAPERS[paper], "pdf", tmp_path / "i.pdf", ink_saver=True) == pages
    if game == "all":
        first, second = (p.extract_text() for p in PdfReader(path).pages)
        assert "Snit turn" in first and "Sssnake" not in first
        assert "Sssnake: rounds" in second and "Snit turn" not in second


def test_the_ability_summary_names_all_sixteen_with_effect_and_symbols():
    """Ability Cards: number, name, infinity (permanent) or lightning (single use), three snakes (3+)."""
    recs = [_card("sssnake", "Sssnake abilities 1-8"), _card("sssnake", "Sssnake abilities 9-16")]
    for rec, numbers in zip(recs, (range(1, 9), range(9, 17)), strict=True):
        words = _words(rec)
        for n in numbers:
            card = edition().abilities[n]
            assert f"{n} {card.name}" in words and " ".join(card.effect.split()[:5]) in words
        infinities = sum(1 for kind, _, _, pts in rec.shapes if kind == "polygon" and len(pts) == 49)
        bolts = sum(1 for kind, fill, pen, pts in rec.shapes if kind == "polygon" and len(pts) == 7 and pen is None
                    and fill == "#000000")
        permanent = sum(edition().abilities[n].permanent for n in numbers)
        assert (infinities, bolts) == (permanent + 1, len(numbers) - permanent + 1)  # + the key at the foot
        assert "permanent" in words and "single use" in words and "3+ players only" in words


def test_the_terrain_card_has_every_terrain_with_its_pattern_move_and_end():
    """Terrain Types Overview: each terrain's square in its own pattern ink, may move, may end, the note."""
    rec = _card("sssnake", "Sssnake terrains")
    texts = [s for s, _ in rec.texts]
    inks = {colour for _, fill, pen, _ in rec.shapes for colour in (fill, pen)}
    for t in terrains().values():
        at = texts.index(t.name)
        assert texts[at + 1:at + 6].count(t.move) >= 1 and t.end in texts[at + 1:at + 6]
        assert t.note in " ".join(texts[at + 1:at + 4])
        assert t.ink in inks
    assert [t for t in texts if t in ("yes", "no", "paw")] == [r for t in terrains().values() for r in (t.move, t.end)]


def test_the_scoring_card_has_a_to_e_the_multipliers_and_the_solo_ranks():
    ed = edition()
    rec = _card("sssnake", "Sssnake scoring")
    texts, words = [s for s, _ in rec.texts], _words(rec)
    assert [t for t in texts if t in "ABCDE" and len(t) == 1] == list("ABCDE")
    assert f"x{ed.eliminated_multiplier}" in words and f"x{ed.dark_multiplier}" in words
    for points, rank in ed.solo_ranks[:-1]:
        assert f"{points}+" in texts and rank in texts
    assert f"under {ed.solo_ranks[-2][0]}" in texts and ed.solo_ranks[-1][1] in texts
    assert "32 + 8 + 3 - 5 = 38." in words


def test_snits_optional_rules_take_their_numbers_from_the_rules_table():
    r = table()
    variations = _words(_card("snits", "variations"))
    assert f"--variant organs_to_win={r['organs_to_win'] - 1}" in variations
    assert f"--variant channel={r['channel'] + 1}" in variations
    assert f"{force_rule(1)[0] - r['force_change']}-{force_rule(1)[0] + r['force_change']}" in variations
    assert f"and {r['splops']} Splops" in _words(_card("snits", "spark"))
    setup, end = _words(_card("snits", "multiplayer")), _words(_card("snits", "multiplayer end"))
    for n in (2, 3, 4):
        size, badged = force_rule(n)
        assert f"{n} Snit players: {size} Snits each, {badged} of them badged." in setup
    rules = [f"{n} " for n in range(1, 10)]
    assert all(rule in setup for rule in rules[:5]) and all(rule in end for rule in rules[5:])


def test_ink_saver_references_have_no_tint_and_no_large_fill():
    for _kind, cards in reference.game_sets("all", ink_saver=True):
        for card in cards:
            assert inky_fills(draw(card.front, 0)) == [], card.label
    for _kind, cards in reference.game_sets("all"):
        for card in cards:
            assert inky_fills(draw(card.front, 0)), card.label  # the title band is a tint the check sees


def test_cli_ink_saver_names_its_output(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    assert runner.invoke(main, ["print", "reference", "--ink-saver"]).output.strip() == \
        "wrote output/reference-all-a4-inksaver.pdf (2 pages)"
    assert runner.invoke(main, ["print", "cards", "--deck", "apples", "--ink-saver"]).output.splitlines()[0] == \
        "wrote output/cards-apples-a4-inksaver.pdf (4 pages)"  # then the back offset used
