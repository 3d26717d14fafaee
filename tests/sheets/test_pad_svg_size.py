"""SVG pads stay small (issue 14: at most 50 KiB a sheet) while every file stays whole on its own and scans."""
import re
import xml.etree.ElementTree as ET

import pytest

from companion.sheets.layout import PAPERS
from companion.sheets.sheet import render_pad
from companion.tokens.pad_code import pad_code
from tests.sheets.readers import SVG, decode_svg

SLUGS = ["am-fluss", "sahara", "fjord", "foxtrail"]
GOAL = 50 * 1024


@pytest.fixture(scope="module", params=[("a4", False), ("letter", True)], ids=["a4", "letter-inksaver"])
def pad(request, tmp_path_factory):
    paper, ink_saver = request.param
    path = tmp_path_factory.mktemp(f"svg-{paper}") / "pad"
    render_pad(SLUGS, 2, PAPERS[paper], "svg", ink_saver, "SIZE9", path)
    return sorted(path.iterdir())


def test_every_sheet_is_at_most_50_kib(pad):
    sizes = {p.name: p.stat().st_size for p in pad}
    assert len(sizes) == 8 and max(sizes.values()) <= GOAL, sizes


def test_each_file_defines_everything_it_uses(pad):
    """Self-contained: every <use> points at a definition in the same file, and nothing outside it."""
    for path in pad:
        text = path.read_text()
        ids = set(re.findall(r' id="([^"]+)"', text))
        refs = set(re.findall(r'href="#([^"]+)"', text))
        assert refs and refs <= ids, path.name
        assert not re.search(r'href="(?!#)', text), path.name


def test_font_is_named_once_and_numbers_are_two_decimals(pad):
    root = ET.parse(pad[0]).getroot()
    assert "Helvetica" in root.get("font-family")
    assert not [t for t in root.iter(f"{SVG}text") if t.get("font-family")]
    assert not re.search(r"\d\.\d{3}", pad[0].read_text())


def test_every_sheet_qr_still_decodes(pad):
    paper = "letter" if "letter" in str(pad[0]) else "a4"
    assert [decode_svg(p) for p in pad] == [[pad_code(slug, paper, "SIZE9", n)] for n, slug in
                                            enumerate([s for s in SLUGS for _ in range(2)], 1)]
