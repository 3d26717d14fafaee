"""The state card the token helper prints: the QR carries the token, the card carries the words."""
import pytest
from pypdf import PdfReader

from companion.sheets.state_card import render
from tests.sheets.readers import decode_pdf, decode_svg, svg_texts

TOKEN = "SSS1:7Q2X:ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789:ROUND7"
LINES = ["Round seven, three players: Ann, Bob and Cy.", "Saved on 30 November 2026."]


def test_pdf_state_card_qr_decodes_to_the_token(tmp_path):
    path = tmp_path / "card.pdf"
    assert render(TOKEN, "Sssnake, round 7", LINES, "pdf", path) == 1
    page = PdfReader(path).pages[0]
    assert round(float(page.mediabox.width) / 72 * 25.4) == 210
    text = page.extract_text()
    assert "Sssnake, round 7" in text and "Saved on 30 November 2026." in text
    assert decode_pdf(path) == [TOKEN]


def test_svg_state_card_is_one_file_with_the_token(tmp_path):
    path = tmp_path / "card.svg"
    assert render(TOKEN, "Sssnake", LINES, "svg", path) == 1
    assert path.is_file()
    assert "Round seven, three players: Ann, Bob and Cy." in svg_texts(path)
    assert decode_svg(path) == [TOKEN]


def test_a_failed_render_leaves_no_file(tmp_path):
    """No partial output: an unknown format writes nothing."""
    path = tmp_path / "card.png"
    with pytest.raises(ValueError, match="unknown format 'png'"):
        render(TOKEN, "x", [], "png", path)
    assert list(tmp_path.iterdir()) == []
