"""The canvas: one drawing gives PDF and SVG; reusable parts are written once per document."""
import xml.etree.ElementTree as ET

import pytest
from pypdf import PdfReader

from companion.sheets.canvas import THIN, hatch_segments
from companion.sheets.documents import open_document
from tests.sheets.readers import SVG


def _static(cv):
    cv.rect(0, 0, 40, 20, THIN)
    cv.text(20, 12, "STATIC PART", 10, "middle")


def _draw(doc):
    for n in range(3):
        with doc.page(100, 80) as cv:
            cv.stamp("stamp", 40, 20, _static, 10, 10)
            cv.text(10, 60, f"page {n + 1}", 10)
    return doc


def test_pdf_reuses_one_form_on_every_page(tmp_path):
    """Pads are cheap: the static part is one form XObject, placed on each page."""
    path = tmp_path / "d.pdf"
    assert _draw(open_document("pdf")).save(path) == 3
    reader = PdfReader(path)
    refs = [xobj.get_object()[k].indirect_reference.idnum
            for p in reader.pages for xobj in [p["/Resources"]["/XObject"]] for k in xobj]
    assert len(refs) == 3 and len(set(refs)) == 1
    assert [round(float(p.mediabox.width) * 25.4 / 72, 2) for p in reader.pages] == [100.0] * 3
    assert "STATIC PART" in reader.pages[2].extract_text() and "page 3" in reader.pages[2].extract_text()


def test_svg_pages_define_the_static_part_once_and_use_it(tmp_path):
    path = tmp_path / "d"
    assert _draw(open_document("svg")).save(path) == 3
    files = sorted(path.iterdir())
    assert [f.name for f in files] == ["page-001.svg", "page-002.svg", "page-003.svg"]
    root = ET.parse(files[0]).getroot()
    assert root.get("viewBox") == "0 0 100 80" and root.get("width") == "100mm"
    assert len(root.findall(f"{SVG}defs/{SVG}g[@id='stamp']")) == 1
    assert len(root.findall(f".//{SVG}use")) == 1


def test_hatching_stays_inside_its_rectangle():
    segs = hatch_segments(10, 20, 30, 15, 45, 2)
    assert len(segs) > 10
    for (x1, y1), (x2, y2) in segs:
        for x, y in ((x1, y1), (x2, y2)):
            assert 10 - 1e-9 <= x <= 40 + 1e-9 and 20 - 1e-9 <= y <= 35 + 1e-9


def test_unknown_format_is_refused():
    with pytest.raises(ValueError, match="use pdf or svg"):
        open_document("png")


def test_qr_is_drawn_as_one_shape_of_module_runs(tmp_path):
    """QR modules merge into runs in one path: small files and no hairline gaps between modules."""
    doc = open_document("svg", single_file=True)
    with doc.page(50, 50) as cv:
        cv.qr(5, 5, 40, [[True, True, False], [False, True, True], [True, False, True]], quiet=1)
    doc.save(tmp_path / "q.svg")
    paths = ET.parse(tmp_path / "q.svg").getroot().findall(f"{SVG}path")
    assert len(paths) == 1
    # 5 x 5 modules of 8 mm with the quiet zone; rows give runs of 2, 2, and 1 + 1
    assert paths[0].get("d") == "M13 13h16v8h-16z M21 21h16v8h-16z M13 29h8v8h-8z M29 29h8v8h-8z"


def test_svg_output_replaces_an_old_page_folder_but_never_other_files(tmp_path):
    """Saving into an earlier run's folder replaces its pages; a folder with anything else is left alone."""
    old = tmp_path / "old"
    old.mkdir()
    (old / "page-009.svg").write_text("<svg/>")
    _draw(open_document("svg")).save(old)
    assert sorted(p.name for p in old.iterdir()) == ["page-001.svg", "page-002.svg", "page-003.svg"]
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep me")
    with pytest.raises(FileExistsError):
        _draw(open_document("svg")).save(mine)
    assert [p.name for p in mine.iterdir()] == ["notes.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine", "old"]
