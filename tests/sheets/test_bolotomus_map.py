"""The printed Bolotomus map (The Playing Area; Getting Into the Bolotomus; Prepare for Play): every organ and
passage of the edition, passages told apart by kind, entries from outside, the Lapotum's printed Snorg."""
import itertools
import xml.etree.ElementTree as ET

import pytest
from pypdf import PdfReader

from companion.snits.bolotomus import load
from companion.sheets.bolotomus_map import CHANNEL_WALL, FLESH, RED, map_layout, passage_ends, render_map
from companion.sheets.layout import PAPERS
from tests.sheets.readers import SVG, svg_texts

MM = 72 / 25.4


@pytest.fixture(scope="module")
def a4_text(tmp_path_factory):
    path = tmp_path_factory.mktemp("map") / "map.pdf"
    assert render_map(PAPERS["a4"], "pdf", False, path) == 1
    reader = PdfReader(path)
    box = reader.pages[0].mediabox
    return (float(box.width), float(box.height)), reader.pages[0].extract_text()


@pytest.fixture(scope="module")
def letter_svg(tmp_path_factory):
    path = tmp_path_factory.mktemp("map") / "svg"
    render_map(PAPERS["letter"], "svg", False, path)
    return path / "bolotomus-map.svg"


def _lines(svg):
    return [el for el in ET.parse(svg).getroot().iter() if el.tag in (f"{SVG}polyline", f"{SVG}line")]


def test_map_is_one_landscape_page_naming_every_organ(a4_text):
    """The Playing Area: the 16 organs, on A4 landscape (297 x 210 mm)."""
    (w, h), text = a4_text
    assert (round(w / MM), round(h / MM)) == (297, 210)
    for organ in load().organs:
        assert organ.name in text
    assert "print at 100%" in text


def test_letter_svg_is_letter_landscape_and_names_every_organ(letter_svg):
    root = ET.parse(letter_svg).getroot()
    assert root.get("viewBox") == "0 0 279.4 215.9"
    texts = svg_texts(letter_svg)
    assert all(o.name in texts for o in load().organs)


def test_every_passage_is_tagged_with_its_limit(letter_svg):
    """Channels let two pieces pass a phase ("2"), canals one ("1"); the red canals no Snits at all."""
    texts = svg_texts(letter_svg)
    kinds = [p.kind for p in load().passages]
    assert texts.count("2") == kinds.count("channel")
    assert texts.count("1") == kinds.count("canal")
    assert texts.count("no Snits") == kinds.count("red")


def test_red_canals_are_red_and_dashed_and_channels_have_two_walls(letter_svg):
    """Told apart in grey-scale: a red canal is dashed as well as red; a channel is two parallel lines."""
    lines = _lines(letter_svg)
    kinds = [p.kind for p in load().passages]
    red = [el for el in lines if el.get("stroke") == RED]
    assert len(red) == kinds.count("red") + 1  # + the key's sample
    assert all(el.get("stroke-dasharray") for el in red)
    walls = [el for el in lines if el.get("stroke") == CHANNEL_WALL.colour
             and float(el.get("stroke-width")) == CHANNEL_WALL.width]
    assert len(walls) == 2 * (kinds.count("channel") + 1)


def test_organ_boxes_do_not_overlap_and_stay_on_the_map():
    """Each organ holds four 15 x 15 mm counters, clear of every other organ and of the key box."""
    layout = map_layout()
    assert layout.organ_w >= 30 and layout.organ_h >= 30
    boxes = {o.name: layout.box(o.name) for o in load().organs}
    boxes["key"] = layout.key
    for (a, (ax, ay, aw, ah)), (b, (bx, by, bw, bh)) in itertools.combinations(boxes.items(), 2):
        assert ax + aw <= bx or bx + bw <= ax or ay + ah <= by or by + bh <= ay, (a, b)
    for x, y, w, h in boxes.values():
        assert 0 <= x and x + w <= layout.width and 0 <= y and y + h <= layout.height


def test_passages_run_from_organ_edge_to_organ_edge_and_cross_no_other_organ():
    """A passage connects exactly its two organs: drawn between their boxes, through no third one."""
    layout, board = map_layout(), load()
    for p, (kind, a, b) in zip(board.passages, passage_ends(layout, board)):
        ends = [board.organs[p.a].name, board.organs[p.b].name]
        for name, (x, y) in zip(ends, (a, b)):
            bx, by, bw, bh = layout.box(name)
            on_edge = min(abs(x - bx), abs(x - bx - bw), abs(y - by), abs(y - by - bh)) < 1e-6
            assert on_edge and bx - 1e-6 <= x <= bx + bw + 1e-6 and by - 1e-6 <= y <= by + bh + 1e-6
        for other in board.organs:
            if other.name in ends:
                continue
            ox, oy, ow, oh = layout.box(other.name)
            for t in (i / 100 for i in range(101)):
                x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
                assert not (ox < x < ox + ow and oy < y < oy + oh), (ends, other.name)


def test_orifices_show_their_entry_limits_and_the_fleotis_smash_roll(letter_svg):
    """Getting Into the Bolotomus: two Snits a turn into the Antephellum and the Glut, one into the Fleotis,
    which the Eye and the Prolobosinator smash at."""
    texts = svg_texts(letter_svg)
    orifices = [o for o in load().organs if o.orifice]
    assert texts.count("entry from outside:") == len(orifices) == 3
    assert texts.count("2 Snits a turn") == 2 and texts.count("1 Snit a turn") == 1
    assert "+ smash roll while the Eye" in texts


def test_the_lapotum_snorg_is_printed_on_the_map(letter_svg):
    """Prepare for Play: there is no counter for the Lapotum; its Snorg is printed on the map."""
    texts = svg_texts(letter_svg)
    assert texts.count("(printed)") == 1
    lapotum = next(o.name for o in load().organs if not o.snorg)
    assert texts.count(lapotum) == 2  # the organ's name and its printed Snorg


def test_the_turn_sequence_is_on_the_map(a4_text):
    """Sequence of Play: the Snit turn's three phases and the Bolotomus turn's five."""
    text = a4_text[1]
    for phase in ("Move Snits", "Snit kicking", "Fast Snits move again", "Compositors compose", "Move thingies",
                  "Chomping", "Makums transform", "Has anybody won yet?"):
        assert phase in text


def test_ink_saver_drops_the_organ_tint(tmp_path):
    render_map(PAPERS["a4"], "svg", True, tmp_path / "s")
    assert FLESH not in (tmp_path / "s" / "bolotomus-map.svg").read_text()


def test_an_organ_without_a_place_on_the_printed_map_is_named(monkeypatch):
    """Every organ of the edition must be on the map: a layout that leaves one out is refused, naming it."""
    import companion.sheets.bolotomus_map as bolotomus_map

    real = bolotomus_map.read_template

    def without_eye(*parts):
        data = real(*parts)
        return {**data, "centre": {k: v for k, v in data["centre"].items() if k != "Eye"}}

    monkeypatch.setattr(bolotomus_map, "read_template", without_eye)
    bolotomus_map.map_layout.cache_clear()
    try:
        with pytest.raises(ValueError, match="map_layout.toml: no centre for Eye"):
            bolotomus_map.map_layout()
    finally:
        bolotomus_map.map_layout.cache_clear()
