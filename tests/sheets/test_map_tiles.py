"""The big Bolotomus map: one A3 page, or tiled over 2 or 4 A4/Letter sheets with a 10 mm overlap, cut and
registration marks in the margins and hatched glue margins; organs with places for eight 15 mm counters and more."""
import itertools
import re
import xml.etree.ElementTree as ET

import pytest
from pypdf import PdfReader

from companion.sheets.bolotomus_map import POSTER_EDGE, render_map
from companion.sheets.layout import A3, PAPERS
from companion.sheets.map_drawing import FLESH
from companion.sheets.map_layout import BAND, COUNTER, FOOT, SIDE, big_layout
from companion.sheets.tiles import GAP, MARGIN, MARK, OVERLAP, TILES, Tiling, tiling
from companion.snits.bolotomus import EDITIONS, load
from companion.snits.mapfile import parse
from tests.sheets.map_geometry import half_width, meets_box, segments
from tests.sheets.readers import SVG
from tests.snits.test_own_map import BOXED

MM = 72 / 25.4
PAPER_TILES = [(p, t) for p in ("a4", "letter") for t in TILES]


def _tiling(paper, tiles):
    return tiling(PAPERS[paper], *TILES[tiles], 267.0, 190.0)


def _layouts():
    """Every big map's layout, each edition's and a player's: on A3 and on each tiling of A4 and Letter."""
    w, h = A3.size(landscape=True)
    areas = [(w - 20, h - 20, 10.0)]
    for paper, tiles in PAPER_TILES:
        t, turned = _tiling(paper, tiles)
        pw, ph = t.size[::-1] if turned else t.size
        areas.append((pw - 2 * POSTER_EDGE, ph - 2 * POSTER_EDGE, 0.0))
    boxed = parse(BOXED.read_bytes(), "boxed.toml")
    boards = [load(edition) for edition in EDITIONS] + [boxed]
    return [(area, big_layout(board, *area)) for area in areas for board in boards]


def _name(value):
    """A test id: the area's size and the map (its edition or file name)."""
    if isinstance(value, tuple) and len(value) == 2 and hasattr(value[1], "organs"):
        return value[1].edition or value[1].name
    return None


def test_a3_is_one_landscape_page_of_297_by_420_mm(tmp_path):
    assert render_map(A3, "pdf", False, tmp_path / "a3.pdf") == 1
    box = PdfReader(tmp_path / "a3.pdf").pages[0].mediabox
    assert (round(float(box.width) / MM), round(float(box.height) / MM)) == (420, 297)


@pytest.mark.parametrize("area, layout_board", _layouts(), ids=_name)
def test_every_big_organ_has_room_for_a_busy_organs_counters(area, layout_board):
    """Issue 21: the playing size. A busy organ holds its Snorg, three or four Snits and a thingy (PLAYING is 6,
    at most 7): every organ's free places hold that many, the Lapotum's less the printed Snorg and its words
    beside it (two places)."""
    from companion.sheets.bolotomus_map import PLAYING

    layout, board = layout_board
    cols, rows = layout.spots
    for organ in board.organs:
        free = cols * rows - (0 if organ.snorg else 2)
        assert free >= PLAYING + 1, (organ.name, free)


@pytest.mark.parametrize("area, layout_board", _layouts(), ids=_name)
def test_big_organs_hold_eight_counters_and_fit_their_area_without_overlap(area, layout_board):
    """Below its name band each organ has room for 3 x 3 counters of 15 mm; no box overlaps another or the key,
    and the map (an orifice's entry arrow included) stays inside the area it was made for."""
    layout, board = layout_board
    cols, rows = layout.spots
    assert cols * rows >= 8
    assert layout.organ_w - 2 * SIDE >= cols * COUNTER and layout.organ_h - BAND - FOOT >= rows * COUNTER
    boxes = {o.name: layout.box(o.name) for o in board.organs}
    if not board.name:
        boxes["key"] = layout.key
    for (a, (ax, ay, aw, ah)), (b, (bx, by, bw, bh)) in itertools.combinations(boxes.items(), 2):
        assert ax + aw <= bx or bx + bw <= ax or ay + ah <= by or by + bh <= ay, (a, b)
    w, h, title = area
    assert layout.width <= w + 1e-6 and layout.height <= h - title + 1e-6
    for o in board.organs:
        x, y, bw, bh = layout.box(o.name)
        assert x >= -1 and x + bw <= layout.width + 1 and y >= -1
        assert y + bh + (13 if o.orifice else 0) <= layout.height + 1e-6, o.name


@pytest.mark.parametrize("area, layout_board", [(a, lb) for a, lb in _layouts() if lb[1].edition], ids=_name)
def test_big_maps_passages_cross_no_third_organ_nor_the_key(area, layout_board):
    """The big map's organs are relatively larger than the page's (nine counters, the map scaled less): each
    edition's passages still clear every other organ and the key there."""
    layout, board = layout_board
    boxes = {o.name: layout.box(o.name) for o in board.organs}
    for a, b, kind, p, q in segments(layout, board):
        for name, box in boxes.items():
            assert name in (a, b) or not meets_box(p, q, box, half_width(kind)), (a, b, name)
        assert not meets_box(p, q, layout.key, half_width(kind)), (a, b, "the key")


@pytest.mark.parametrize("edition", EDITIONS)
def test_a3_of_each_edition_is_titled_with_it(tmp_path, edition):
    render_map(A3, "svg", False, tmp_path / "a3", load(edition))
    texts = [t.text for t in ET.parse(tmp_path / "a3" / "bolotomus-map.svg").getroot().iter(f"{SVG}text")]
    assert f"The Bolotomus - {edition.replace('-', ' ')}" in texts


def test_a3_svg_organs_have_nine_dashed_15_mm_places(tmp_path):
    render_map(A3, "svg", False, tmp_path / "a3")
    root = ET.parse(tmp_path / "a3" / "bolotomus-map.svg").getroot()
    places = [r for r in root.iter(f"{SVG}rect") if r.get("stroke-dasharray") and r.get("stroke") == "#b0b0b0"]
    assert len(places) == 9 * len(load().organs)
    assert {(float(r.get("width")), float(r.get("height"))) for r in places} == {(COUNTER, COUNTER)}
    assert "organs hold 9 counters of 15 x 15 mm" in "".join(t.text for t in root.iter(f"{SVG}text"))


@pytest.mark.parametrize("paper, tiles", PAPER_TILES)
def test_tiles_overlap_by_10_mm_and_cover_the_whole_map(paper, tiles):
    """Neighbouring windows share exactly OVERLAP mm; together they show every part of the map, which fills
    the poster less its edge, on pages the size of the paper."""
    t, turned = _tiling(paper, tiles)
    cols, rows = TILES[tiles]
    assert (t.cols, t.rows) == (cols, rows)
    assert sorted((t.page_w, t.page_h)) == sorted(PAPERS[paper].size())
    ww, wh = t.window
    assert (ww, wh) == (t.page_w - 2 * MARGIN, t.page_h - 2 * MARGIN)
    for r, c in itertools.product(range(rows), range(cols)):
        x, y = t.origin(r, c)
        if c:
            assert t.origin(r, c - 1)[0] + ww - x == pytest.approx(OVERLAP)
        if r:
            assert t.origin(r - 1, c)[1] + wh - y == pytest.approx(OVERLAP)
    w, h = t.size
    assert t.origin(rows - 1, cols - 1)[0] + ww == pytest.approx(w)
    assert t.origin(rows - 1, cols - 1)[1] + wh == pytest.approx(h)
    assert turned == (tiles == "1x2")  # a landscape map stacked on two sheets runs along them


def _page_marks(svg):
    """The tile page's marks (0.2 mm lines MARK long: not the hatching, not the targets' crosses), targets, the
    clip window and where the page places the map, in mm."""
    root = ET.parse(svg).getroot()
    lines = set()
    for el in root.iter(f"{SVG}polyline"):
        if el.get("stroke-width") == "0.2" and el.get("stroke") == "#000000":
            (x1, y1), (x2, y2) = (tuple(float(v) for v in p.split(",")) for p in el.get("points").split())
            if abs(x2 - x1) + abs(y2 - y1) == MARK:
                lines.add((x1, y1, x2, y2))
    targets = {(float(c.get("cx")), float(c.get("cy"))) for c in root.iter(f"{SVG}circle")
               if c.get("stroke-width") == "0.2"}
    clip = next(root.iter(f"{SVG}clipPath")).find(f"{SVG}rect")
    use = next(el for el in root.iter(f"{SVG}use") if el.get("{http://www.w3.org/1999/xlink}href") == "#bolotomus-map")
    window = tuple(float(clip.get(k)) for k in ("x", "y", "width", "height"))
    return lines, targets, window, (float(use.get("x")), float(use.get("y")))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_2x1_marks_stand_on_the_overlap_edges_in_the_top_and_bottom_margins(tmp_path, paper):
    """Left tile: marks at its window's right edge and 10 mm inside it; right tile: at its window's left edge
    (where its margin is cut off) and 10 mm inside; each in the top margin (6..9 mm) and the bottom margin,
    with a registration target halfway between them. The two tiles show the same 10 mm of the map there."""
    assert render_map(PAPERS[paper], "svg", False, tmp_path / "t", tiles=(2, 1)) == 2
    t = Tiling(2, 1, *PAPERS[paper].size())
    ww, wh = t.window
    left = _page_marks(tmp_path / "t" / "bolotomus-map-r1c1.svg")
    right = _page_marks(tmp_path / "t" / "bolotomus-map-r1c2.svg")
    top, bottom = (MARGIN - GAP - MARK, MARGIN - GAP), (MARGIN + wh + GAP, MARGIN + wh + GAP + MARK)
    for (lines, targets, window, _at), xs in ((left, (MARGIN + ww - OVERLAP, MARGIN + ww)),
                                             (right, (MARGIN, MARGIN + OVERLAP))):
        assert window == pytest.approx((MARGIN, MARGIN, ww, wh))
        assert lines == {(x, y1, x, y2) for x in xs for y1, y2 in (top, bottom)}
        assert targets == {(sum(xs) / 2, sum(top) / 2), (sum(xs) / 2, sum(bottom) / 2)}
    # the map point under the left tile's overlap strip is the one under the right tile's
    shown = [MARGIN - at[0] for *_, at in (left, right)]
    assert shown[0] + ww - OVERLAP == pytest.approx(shown[1])
    assert 100 < ww <= 196  # the window is most of a portrait sheet's width


def test_2x2_tiles_are_four_pages_with_marks_on_both_seams(tmp_path):
    assert render_map(PAPERS["a4"], "svg", True, tmp_path / "t", tiles=(2, 2)) == 4
    t = Tiling(2, 2, *PAPERS["a4"].size(landscape=True))
    ww, wh = t.window
    lines, targets, window, _ = _page_marks(tmp_path / "t" / "bolotomus-map-r2c2.svg")
    xs, ys = (MARGIN, MARGIN + OVERLAP), (MARGIN, MARGIN + OVERLAP)
    assert {x for x, y1, x2, y2 in lines if x == x2} == set(xs)  # the seam to the left, in top and bottom margins
    assert {y for x1, y, x2, y2 in lines if y == y2} == set(ys)  # the seam above, in left and right margins
    assert len(lines) == 8 and len(targets) == 4
    texts = "".join(el.text for el in ET.parse(tmp_path / "t" / "bolotomus-map-r1c1.svg").getroot().iter(f"{SVG}text"))
    assert "tile row 1, column 1 of 2 x 2" in texts and "glue under the next tile's edge" in texts
    assert "glue here, under the edge of tile row 1, column 2" in texts
    assert "glue here, under the edge of tile row 2, column 1" in texts


def test_pdf_tiles_are_clipped_to_their_window(tmp_path):
    """The map is drawn once (one form) and clipped on each tile: no organ tint reaches the glue margin."""
    pdfium = pytest.importorskip("pypdfium2", reason="pypdfium2 renders PDF pages")
    path = tmp_path / "t.pdf"
    assert render_map(PAPERS["a4"], "pdf", False, path, tiles=(2, 1)) == 2
    assert len(re.findall(rb"/Subtype /Form", path.read_bytes())) == 1
    pdf = pdfium.PdfDocument(str(path))
    try:
        image = pdf[0].render(scale=4 / MM * 1).to_pil().convert("RGB")  # 4 px a mm
    finally:
        pdf.close()
    flesh = tuple(int(FLESH[i:i + 2], 16) for i in (1, 3, 5))
    px = image.load()
    right = int((MARGIN + Tiling(2, 1, 210, 297).window[0] + 0.5) * 4)
    margin = [px[x, y] for x in range(right, image.width) for y in range(0, image.height, 3)]
    inside = [px[x, y] for x in range(0, right - 4) for y in range(0, image.height, 3)]
    assert flesh in inside and flesh not in margin


def test_print_map_tiles_and_a3_from_the_command_line(run, tmp_path):
    assert run("map", "--paper", "a3").output.strip() == "wrote output/bolotomus-map-a3.pdf (1 page)"
    assert run("map", "--tiles", "2x2", "--paper", "letter").output.strip() == \
        "wrote output/bolotomus-map-letter-tiles-2x2.pdf (4 pages)"
    assert run("map", "--tiles", "1x2", "--map", str(BOXED)).output.strip() == \
        "wrote output/bolotomus-map-boxed-a4-tiles-1x2.pdf (2 pages)"
    assert run("map", "--tiles", "2x1", "--map", "first-edition").output.strip() == \
        "wrote output/bolotomus-map-first-edition-a4-tiles-2x1.pdf (2 pages)"
    box = PdfReader(tmp_path / "output" / "bolotomus-map-letter-tiles-2x2.pdf").pages[3].mediabox
    assert (round(float(box.width) / MM, 1), round(float(box.height) / MM, 1)) == (279.4, 215.9)


@pytest.mark.parametrize("args, message", [
    (("map", "--tiles", "3x3"), "unknown --tiles '3x3'; use one of: 2x1, 1x2, 2x2 (columns x rows of sheets), or 1x1 "
                                "(one page)"),
    (("pad", "--paper", "a3"), "unknown paper 'a3'; use one of: a4, letter"),
])
def test_bad_tiles_and_a3_elsewhere_are_refused(run, tmp_path, args, message):
    result = run(*args)
    assert result.exit_code == 1 and message in result.stderr
    assert list(tmp_path.iterdir()) == []
