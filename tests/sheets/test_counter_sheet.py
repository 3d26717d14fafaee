"""Counter sheets (The Playing Pieces; About the Snits; The Spark of Life and the Splops): 15 x 15 mm counters,
as many of each kind as the edition has, in a grid with crop marks, with identical backs."""
import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from pypdf import PdfReader

from companion.sheets.counter_sheet import BACK, counter_grid, pages, render_counters, sections
from companion.sheets.layout import CROP_GAP, PAPERS
from companion.snits.bolotomus import load as load_board
from companion.snits.counters import load as load_counters
from tests.sheets.readers import SVG, svg_texts


def _kinds(clan):
    return Counter(c.kind for kind in sections(clan) for c in kind)


def test_all_clans_print_every_counter_of_the_edition():
    """9 Makums, 15 Snorgs (none for the Lapotum), 18 Runnungitms, 21 Snits in each of 4 clans, the Spark,
    four Splops, and the Senior Snit totem of the multiplayer game."""
    sheet = load_counters()
    assert _kinds("all") == {"snit": 4 * 21, "snorg": 15, "makum": sheet.makums, "runnungitm": sheet.runnungitms,
                             "spark": 1, "splop": sheet.splops, "totem": 1}
    assert (sheet.makums, sheet.runnungitms, sheet.splops) == (9, 18, 4)


def test_one_clan_prints_its_21_snits_and_the_bolotomus_pieces():
    kinds = sections("blue")
    assert [c.label for c in kinds[0]] == [s.name for s in load_counters().clan(1)]
    assert _kinds("blue")["snit"] == 21 and _kinds("blue")["snorg"] == 15


def test_snorgs_are_named_for_their_organs_and_pieces_as_the_cli_names_them():
    labels = [c.label for kind in sections("red") for c in kind]
    board = load_board()
    assert [f"{o.name} Snorg" for o in board.organs if o.snorg] == [lb for lb in labels if lb.endswith(" Snorg")]
    assert [f"R{k}" for k in range(1, 19)] == [lb for lb in labels if re.fullmatch(r"R\d+", lb)]
    assert [f"M{k}" for k in range(1, 10)] == [lb for lb in labels if re.fullmatch(r"M\d+", lb)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_kind_starts_a_new_row_and_all_fit_one_page(paper):
    grid = counter_grid(PAPERS[paper])
    (page,) = pages("all", grid)
    firsts = [next(i for i, c in enumerate(page) if c is not None and c.label == kind[0].label)
              for kind in sections("all")]
    assert all(i % grid.cols == 0 for i in firsts)
    assert grid.slots()[0].w == grid.slots()[0].h == 15.0


def test_snit_faces_show_clan_initial_name_speed(tmp_path):
    """About the Snits: each Snit counter has a name and number (its Speed); the clan shows as a letter too."""
    path = tmp_path / "c.pdf"
    assert render_counters("red", PAPERS["a4"], False, (0, 0), "pdf", path) == 1
    text = PdfReader(path).pages[0].extract_text()
    for snit in load_counters().clan(0):
        assert snit.name in text
    assert "R18" in text and "M9" in text and "Spark" in text and "Splop!" in text
    assert "15 x 15 mm" in text and "print at 100%" in text


def _groups(svg):
    out = []
    for g in ET.parse(svg).getroot().findall(f"{SVG}g"):
        x, y = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)", g.get("transform")).groups()
        out.append((float(x), float(y)))
    return out


def test_counters_sit_15_mm_apart_where_the_grid_says_with_crop_marks_on_every_cut(tmp_path):
    render_counters("green", PAPERS["a4"], False, (0, 0), "svg", tmp_path / "s")
    (svg,) = (tmp_path / "s").iterdir()
    grid = counter_grid(PAPERS["a4"])
    (page,) = pages("green", grid)
    expected = [(round(s.x, 2), round(s.y, 2)) for c, s in zip(page, grid.slots(), strict=False) if c is not None]
    assert [(round(x, 2), round(y, 2)) for x, y in _groups(svg)] == expected
    top = grid.slots()[0].y
    lines = [[tuple(map(float, p.split(","))) for p in el.get("points").split()]
             for el in ET.parse(svg).getroot().iter(f"{SVG}polyline")]
    xs = sorted({round(a[0], 2) for a, b in lines if a[0] == b[0] and max(a[1], b[1]) <= top - CROP_GAP + 1e-6})
    x0 = grid.slots()[0].x
    assert xs == [round(x0 + 15 * k, 2) for k in range(grid.cols + 1)]


def test_badges_are_drawn_for_fast_and_strong_snits_only(tmp_path):
    """Fast Snits carry a lightning bolt, Strong Snits a hammer; the others, spares included, none."""
    render_counters("yellow", PAPERS["letter"], False, (0, 0), "svg", tmp_path / "s")
    (svg,) = (tmp_path / "s").iterdir()
    clan = load_counters().clan(3)
    texts = svg_texts(svg)
    assert texts.count("spare") == sum(s.spare for s in clan)
    groups = ET.parse(svg).getroot().findall(f"{SVG}g")
    badged = [len(g.findall(f"{SVG}polygon")) for g in groups[:21]]
    assert badged == [1 if s.fast else 2 if s.hammer else 0 for s in clan]


def test_duplex_backs_are_identical_and_mirrored(tmp_path):
    """The Spark and the Splops lie face down: every back is the same drawing, so none can be told apart."""
    assert render_counters("all", PAPERS["a4"], True, (0.5, -1.0), "svg", tmp_path / "s") == 2
    front, back = sorted((tmp_path / "s").iterdir())
    root = ET.parse(back).getroot()
    uses = root.findall(f"{SVG}use")
    assert len(uses) == len(_groups(front)) and {u.get("{http://www.w3.org/1999/xlink}href") for u in uses} == \
        {f"#{BACK}"}
    grid = counter_grid(PAPERS["a4"])
    first = grid.back_slots((0.5, -1.0))[0]
    assert (float(uses[0].get("x")), float(uses[0].get("y"))) == (round(first.x, 2), round(first.y, 2))
