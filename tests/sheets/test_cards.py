"""Apple and ability cards (Apple cards, Ability Cards): faces, nine to a page, duplex backs where they belong."""
import re
import xml.etree.ElementTree as ET

import pytest
from pypdf import PdfReader

from companion.sheets.cards import render_cards
from companion.sheets.layout import PAPERS, POKER, card_grid
from companion.sssnake.edition import edition
from tests.sheets.readers import SVG, svg_texts


def _pages(reader):
    return [p.extract_text() for p in reader.pages]


def _card_origins(path):
    """Top-left corners of the cards on an SVG page: the translate of each top-level group."""
    root = ET.parse(path).getroot()
    out = []
    for g in root.findall(f"{SVG}g"):
        x, y = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)", g.get("transform")).groups()
        out.append((float(x), float(y)))
    return out


def test_apple_cards_show_the_column_on_a_and_the_row_on_b(tmp_path):
    """Apple cards: the A side shows the column, the B side the row; backs follow the fronts without --duplex."""
    path = tmp_path / "a.pdf"
    assert render_cards("apples", PAPERS["a4"], 0, False, (0, 0), "pdf", path) == 4
    pages = _pages(PdfReader(path))
    cards = edition().apples
    for card in cards[:9]:
        assert f"A column {card.a}" in pages[0] and f"B row {card.b}" in pages[2]
    for card in cards[9:]:
        assert f"A column {card.a}" in pages[1] and f"B row {card.b}" in pages[3]
    assert "front 1" in pages[0] and "back of front 1" in pages[2]


def test_half_apples_are_printed_where_the_edition_has_them(tmp_path):
    """Apple cards: some cards show half an apple (apples.toml says which side)."""
    path = tmp_path / "a"
    render_cards("apples", PAPERS["a4"], 0, False, (0, 0), "svg", path)
    halves = sum(svg_texts(p).count("half apple") for p in path.iterdir())
    expected = sum(c.half_a + c.half_b for c in edition().apples)
    assert halves == expected == 10


def test_ability_cards_show_number_name_symbols_and_effect(tmp_path):
    """Ability Cards: number, name, permanent or single use, 3+ players, and the ability."""
    path = tmp_path / "b.pdf"
    render_cards("abilities", PAPERS["letter"], 0, False, (0, 0), "pdf", path)
    reader = PdfReader(path)
    assert len(reader.pages) == 4
    text = " ".join(_pages(reader)[:2]).replace("\n", " ")
    for card in edition().abilities.values():
        assert card.name in text
        assert " ".join(card.effect.split()[:4]) in text
    assert text.count("3+ players") == sum(c.three_plus for c in edition().abilities.values())
    assert text.count("single use") == sum(not c.permanent for c in edition().abilities.values())
    in_effects = sum(c.effect.count("permanent") for c in edition().abilities.values())
    assert text.count("permanent") - in_effects == sum(c.permanent for c in edition().abilities.values())
    page = reader.pages[0]
    assert (round(float(page.mediabox.width) * 25.4 / 72, 1), round(float(page.mediabox.height) * 25.4 / 72, 1)) \
        == (215.9, 279.4)


def test_cards_sit_nine_to_a_page_where_the_millimetres_say(tmp_path):
    path = tmp_path / "c"
    render_cards("apples", PAPERS["a4"], 0, False, (0, 0), "svg", path)
    grid = card_grid(PAPERS["a4"], POKER, 3, 3)
    front = _card_origins(path / "page-001.svg")
    assert front == [(pytest.approx(s.x), pytest.approx(s.y)) for s in grid.slots()]
    assert len(_card_origins(path / "page-002.svg")) == 7


def test_duplex_backs_follow_each_front_mirrored_and_offset(tmp_path):
    """--duplex: a back page after each front, columns mirrored for a long-edge flip, moved by --back-offset."""
    path = tmp_path / "d"
    assert render_cards("apples", PAPERS["a4"], 0, True, (1.5, -0.5), "svg", path) == 4
    assert "A column 1" in svg_texts(path / "page-001.svg")
    assert "B row 8" in svg_texts(path / "page-002.svg")
    front, back = _card_origins(path / "page-001.svg"), _card_origins(path / "page-002.svg")
    assert back[0] == (pytest.approx(front[2][0] + 1.5), pytest.approx(front[2][1] - 0.5))
    assert back[2] == (pytest.approx(front[0][0] + 1.5), pytest.approx(front[0][1] - 0.5))


def test_crop_marks_are_where_the_cuts_are(tmp_path):
    path = tmp_path / "e"
    render_cards("abilities", PAPERS["a4"], 0, False, (0, 0), "svg", path)
    root = ET.parse(path / "page-001.svg").getroot()
    marks = set()
    for line in root.findall(f"{SVG}polyline"):
        (x1, y1), (x2, y2) = [tuple(map(float, p.split(","))) for p in line.get("points").split()]
        marks.add((x1, y1, x2, y2))
    expected = {tuple(round(v, 2) for v in m) for m in card_grid(PAPERS["a4"], POKER, 3, 3).crop_marks()}
    assert expected <= marks and len(expected) == 16


def test_bleed_extends_the_card_background_past_the_cut(tmp_path):
    """--bleed: the background prints the given mm past the trim on every side."""
    path = tmp_path / "f"
    render_cards("apples", PAPERS["a4"], 1.0, False, (0, 0), "svg", path)
    root = ET.parse(path / "page-001.svg").getroot()
    first = root.find(f"{SVG}g/{SVG}rect")
    assert (first.get("x"), first.get("y"), first.get("width"), first.get("height")) == ("-1", "-1", "65", "90")


def test_all_decks_each_start_on_a_new_page(tmp_path):
    """--deck all: apple pages first, then ability pages; no page mixes the two decks."""
    path = tmp_path / "g"
    assert render_cards("all", PAPERS["a4"], 0, True, (0, 0), "svg", path) == 8
    assert len(_card_origins(path / "page-003.svg")) == 7
    texts = svg_texts(path / "page-005.svg")
    assert "Climbing" in texts and not any(t and t.startswith("A column") for t in texts)
