"""A digital sheet printed: the pad's sheet with the player's pencil marks, as PDF, SVG and PNG."""
import sys
import xml.etree.ElementTree as ET

import pytest
from pypdf import PdfReader

from companion.sheets.layout import PAPERS, LayoutError
from companion.sheets.pencil import LINE, PENCIL, render_sheet
from companion.sheets.sheet_layout import BOX_W, CELL, GRID_X, GRID_Y, box_height
from companion.sssnake.sheet import Sheet
from tests.sheets.readers import SVG, svg_texts

INFO = {"length": 9, "abilities": ["Digging", "Two-headed"], "track": "ffrgf"}


def drawn() -> Sheet:
    """Am Fluss: a cave at 2,6, right to 5,6, down to 5,9, dug in there and up at 9,12, left to 7,12."""
    first = [(2, 6), (3, 6), (4, 6), (5, 6), (5, 7), (5, 8), (5, 9)]
    return Sheet(body=first + [(9, 12), (8, 12), (7, 12)], caves=[(2, 6)], heads=[(7, 12)], last=["L"],
                 apples={(2, 9): 2, (12, 14): 3}, rotten={(12, 14)}, crossed={(14, 2)},
                 eggs=[[(1, 14), (2, 14), (3, 15)]], split=(4, 6), jumps=[((5, 9), (9, 12))])


@pytest.fixture(scope="module")
def svg(tmp_path_factory):
    path = tmp_path_factory.mktemp("svg") / "sheet.svg"
    assert render_sheet("am-fluss", drawn(), "svg", path, PAPERS["a4"], "Ann", INFO) == 1
    return path


def pencilled(path) -> list:
    """The elements drawn in pencil grey (the printed sheet uses no such colour)."""
    root = ET.parse(path).getroot()
    return [el for el in root.iter() if PENCIL in (el.get("stroke"), el.get("fill"))]


def test_pdf_one_page_on_the_paper(tmp_path):
    path = tmp_path / "sheet.pdf"
    assert render_sheet("sahara", drawn(), "pdf", path, PAPERS["letter"], "Ann", INFO) == 1
    page = PdfReader(path).pages[0]
    assert path.stat().st_size > 10_000
    assert (round(float(page.mediabox.width) * 25.4 / 72), round(float(page.mediabox.height) * 25.4 / 72)) == (216, 279)


def test_svg_holds_the_pencil_marks(svg):
    marks = pencilled(svg)
    lines = [el for el in marks if el.tag == f"{SVG}polyline" and el.get("stroke-width") == str(LINE.width)]
    assert len(lines) == 8  # 9 links, the dig drawn as two holes
    assert sum(el.get("stroke-dasharray") is not None for el in marks) == 2  # the dig's entrance and exit
    assert sum(el.get("fill") == PENCIL for el in marks if el.tag != f"{SVG}text") == 2  # the cave's mouth, the head


def test_the_printed_sheet_is_under_the_marks(svg):
    texts = svg_texts(svg)
    assert "Am Fluss" in texts and "Player" in texts


def test_name_abilities_and_length_written(svg):
    assert {"Ann", "Digging", "Two-headed", "9"} <= set(svg_texts(svg))


def test_png_size_at_150_dpi_and_another(tmp_path):
    from PIL import Image

    path = tmp_path / "sheet.png"
    assert render_sheet("fjord", drawn(), "png", path, PAPERS["a4"], golden_gone=[(6, 14)]) == 1
    assert abs(Image.open(path).size[0] - 210 / 25.4 * 150) <= 1  # 150 dpi unless told
    for dpi in (150, 72):
        render_sheet("fjord", drawn(), "png", path, PAPERS["a4"], dpi=dpi)
        w, h = Image.open(path).size
        assert abs(w - 210 / 25.4 * dpi) <= 1 and abs(h - 297 / 25.4 * dpi) <= 1


def test_png_shows_pencil_on_the_snake_and_the_head(tmp_path):
    """Rendered by pdfium: the middle of a body square and of the head are pencil-dark, an empty square is not."""
    from PIL import Image

    path = tmp_path / "sheet.png"
    render_sheet("am-fluss", drawn(), "png", path, PAPERS["a4"], dpi=100)
    image = Image.open(path).convert("L")

    def at(col, row):
        x = (210 - BOX_W) / 2 + GRID_X + (col - 0.5) * CELL
        y = (297 - box_height(PAPERS["a4"])) / 2 + GRID_Y + (row - 0.5) * CELL
        return image.getpixel((round(x / 25.4 * 100), round(y / 25.4 * 100)))

    assert at(5, 7) < 110 and at(8, 12) < 110 and at(7, 12) < 110
    assert at(10, 10) > 180


def test_png_without_pypdfium2_names_the_extra(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "pypdfium2", None)
    with pytest.raises(LayoutError, match=r"pip install 'sssnake-snits-companion\[png\]'"):
        render_sheet("am-fluss", drawn(), "png", tmp_path / "sheet.png", PAPERS["a4"])
    assert not (tmp_path / "sheet.png").exists()


def test_golden_apples_gone_are_crossed_out(tmp_path):
    counts = []
    for gone in ((), [(6, 14), (9, 11)]):
        path = tmp_path / "fjord.svg"
        render_sheet("fjord", Sheet(), "svg", path, PAPERS["a4"], golden_gone=gone)
        counts.append(len(pencilled(path)))
    assert counts == [0, 4]  # two strokes each
