"""The game sheet carries everything the rulebook lists (Game sheets), on A4 and Letter, for pencils."""
import xml.etree.ElementTree as ET

import pytest
from pypdf import PdfReader

from companion.sheets.landscape import landscape_map, terrains
from companion.sheets.layout import PAPERS
from companion.sheets.sheet import render_pad
from companion.sheets.sheet_layout import (
    BOX_H,
    BOX_W,
    CELL,
    GRID_X,
    GRID_Y,
    LEGEND_Y,
    QR_SIZE,
    QR_Y,
    SIDE_W,
    SIDE_X,
    TRACK_Y,
    Lower,
    box_height,
    lower,
)
from companion.sssnake.edition import edition
from companion.tokens.pad_code import pad_code
from companion.tokens.qr import ALPHANUMERIC
from tests.sheets.readers import SVG, decode_pdf, decode_svg

SLUGS = ["am-fluss", "sahara", "fjord", "foxtrail"]


@pytest.fixture(scope="module")
def pad_a4(tmp_path_factory):
    path = tmp_path_factory.mktemp("pad") / "pad.pdf"
    assert render_pad(SLUGS, 1, PAPERS["a4"], "pdf", False, "T3ST", path) == 4
    return PdfReader(path), path


@pytest.fixture(scope="module")
def pad_svg(tmp_path_factory):
    path = tmp_path_factory.mktemp("svg") / "pad"
    render_pad(["foxtrail"], 2, PAPERS["letter"], "svg", False, "T3ST", path)
    return sorted(path.iterdir())


def _mm(points):
    return round(float(points) * 25.4 / 72, 1)


def test_a_page_per_sheet_on_a4(pad_a4):
    reader, _ = pad_a4
    assert len(reader.pages) == 4
    assert {(_mm(p.mediabox.width), _mm(p.mediabox.height)) for p in reader.pages} == {(210.0, 297.0)}


@pytest.mark.parametrize("index, slug", list(enumerate(SLUGS)))
def test_sheet_shows_every_label_the_rulebook_lists(pad_a4, index, slug):
    """Game sheets: place name, ability setup, A columns, B rows, player name, terrain, abilities, length, points."""
    reader, _ = pad_a4
    text = reader.pages[index].extract_text()
    land = edition().landscapes[slug]
    for label in (land.name, "Ability cards:", "use", "remove", "Player", "Terrain", "Abilities gained",
                  "Snake length", "Points", "out before you", "golden apples", "rotten apples", "total",
                  "Print at 100%", f"sheet {index + 1} of 4"):
        assert label in text, label
    for n in (*land.green, *land.red):
        assert str(n) in text


def test_each_sheet_qr_decodes_to_its_own_name(pad_a4):
    """The QR names layout, paper, landscape, pad serial and page, so a scan tells which sheet it is; all distinct."""
    _, path = pad_a4
    codes = [decode_pdf(path, page) for page in range(4)]
    assert codes == [[pad_code(slug, "a4", "T3ST", n)] for n, slug in enumerate(SLUGS, 1)]
    assert codes[0] == ["S2:A:AM:T3ST:1"]
    assert set(codes[0][0]) <= ALPHANUMERIC


def test_static_part_is_one_form_per_landscape(tmp_path):
    """Pads are cheap: each landscape's static sheet is written once and placed on every copy."""
    path = tmp_path / "p.pdf"
    render_pad(["sahara", "fjord"], 3, PAPERS["a4"], "pdf", False, "X", path)
    reader = PdfReader(path)
    forms = [sorted(x.get_object()[k].indirect_reference.idnum for k in x)
             for p in reader.pages for x in [p["/Resources"]["/XObject"]]]
    assert forms[0] == forms[1] == forms[2] and forms[3] == forms[4] == forms[5] and forms[0] != forms[3]


def test_letter_pages_hold_the_whole_sheet(pad_svg):
    """One drawing fits Letter too: the 190 x 259 mm sheet sits inside the page with margins."""
    root = ET.parse(pad_svg[0]).getroot()
    assert root.get("width") == "215.9mm" and root.get("height") == "279.4mm"
    use = root.find(f"{SVG}use")
    x, y = float(use.get("x")), float(use.get("y"))
    assert x >= 5 and y >= 5 and x + BOX_W <= 215.9 - 5 and y + BOX_H <= 279.4 - 5


def _static_texts(path):
    root = ET.parse(path).getroot()
    group = next(g for g in root.findall(f"{SVG}defs/{SVG}g") if g.get("id").startswith("sheet-"))
    return [(float(t.get("x")), float(t.get("y")), t.text) for t in group.iter(f"{SVG}text")]


def test_column_and_row_numbers_on_all_four_sides(pad_svg):
    """Game sheets: A columns 1-16 above and below the grid, B rows 1-16 left and right of it."""
    texts = _static_texts(pad_svg[0])
    numbers = {str(n) for n in range(1, 17)}
    end = 16 * CELL
    above = {t for x, y, t in texts if y < GRID_Y and t in numbers}
    below = {t for x, y, t in texts if GRID_Y + end < y < GRID_Y + end + 6 and t in numbers}
    rows = [(x, t) for x, y, t in texts if GRID_Y < y < GRID_Y + end + 1 and t in numbers]
    left = {t for x, t in rows if x < GRID_X}
    right = {t for x, t in rows if GRID_X + end < x < GRID_X + end + 3}
    assert above == below == left == right == numbers


def test_snake_length_track_has_numbered_circles_to_the_printed_maximum(pad_svg):
    """Growing: circle the next number; the track runs 1..track_max, 1-4 the starting snake."""
    low = lower(landscape_map("foxtrail"), box_height(PAPERS["letter"]))
    texts = [t for x, y, t in _static_texts(pad_svg[0]) if low.track_y < y < low.legend_y - 5]
    assert [str(n) for n in range(1, edition().track_max + 1)] == [t for t in texts if t.isdigit()]


def test_svg_pad_is_one_file_per_sheet_with_distinct_qr(pad_svg):
    assert [p.name for p in pad_svg] == ["001-foxtrail.svg", "002-foxtrail.svg"]
    assert [decode_svg(p) for p in pad_svg] == [[pad_code("foxtrail", "letter", "T3ST", n)] for n in (1, 2)]


def test_foxtrail_shows_the_paw_length():
    """Fox: the length needed for foliage is shown next to the paw symbol."""
    from companion.sheets.documents import open_document
    from companion.sheets.landscape import landscape_map
    from companion.sheets.sheet import draw_static

    doc = open_document("svg", single_file=True)
    with doc.page(BOX_W, BOX_H) as cv:
        draw_static(cv, landscape_map("foxtrail"), False)
    svg = doc.done[0].dwg.tostring()
    assert ">10<" in svg and "length 10+ only" in svg


def test_terrains_are_light_and_each_has_its_own_pattern():
    """Pencil lines stay visible (light tints) and terrains differ by pattern too, for grey-scale and colour-blind."""
    kinds = list(terrains().values())
    assert len({k.pattern for k in kinds}) == len(kinds) == 8
    for k in kinds:
        r, g, b = (int(k.tint[i:i + 2], 16) for i in (1, 3, 5))
        assert 0.2126 * r + 0.7152 * g + 0.0722 * b >= 0.85 * 255, k.name


def test_ink_saver_prints_no_tints(tmp_path):
    """--ink-saver: outlines and patterns only."""
    colour, saver = tmp_path / "c", tmp_path / "s"
    render_pad(["am-fluss"], 1, PAPERS["a4"], "svg", False, "X", colour)
    render_pad(["am-fluss"], 1, PAPERS["a4"], "svg", True, "X", saver)
    tints = {k.tint for k in terrains().values() if k.tint != "#ffffff"}

    def fills(folder):
        return {e.get("fill") for f in folder.iterdir() for e in ET.parse(f).getroot().iter()}

    assert tints & fills(colour)
    assert not tints & fills(saver)


def test_each_terrain_square_is_drawn_once_and_placed_on_its_256_squares(pad_svg):
    """Small files: a terrain square is one definition; runs of alike squares in a row (2, 4, 8 of them) are
    definitions placing two halves; expanded, the grid holds the landscape's terrain on every square."""
    from companion.sheets.landscape import landscape_map

    root = ET.parse(pad_svg[0]).getroot()
    defs = {g.get("id"): g for g in root.findall(f"{SVG}defs/{SVG}g")}
    drawn = [name for name, g in defs.items() if name.startswith("square-") and g.find(f"{SVG}rect") is not None]
    assert sorted(drawn) == ["square-foliage", "square-grassland", "square-rocks"]
    href = "{http://www.w3.org/1999/xlink}href"

    def leaves(group, x, y):
        for el in group:
            if el.tag == f"{SVG}use" and el.get(href).startswith("#square-"):
                name = el.get(href)[1:]
                ux, uy = x + float(el.get("x", 0)), y + float(el.get("y", 0))
                yield from [(name, ux, uy)] if name in drawn else leaves(defs[name], ux, uy)
            elif el.tag == f"{SVG}g" and (el.get("transform") or "").startswith("translate("):
                dx, dy = map(float, el.get("transform")[10:-1].split(","))
                yield from leaves(el, x + dx, y + dy)

    placed = {(round((x - GRID_X) / CELL), round((y - GRID_Y) / CELL)): name
              for name, x, y in leaves(defs["sheet-foxtrail"], 0, 0)}
    terrain = landscape_map("foxtrail").terrain
    assert placed == {(c, r): f"square-{terrain[r][c]}" for r in range(16) for c in range(16)}


def _static_svg(slug, tmp_path):
    path = tmp_path / slug
    render_pad([slug], 1, PAPERS["a4"], "svg", False, "X", path)
    root = ET.parse(next(path.iterdir())).getroot()
    return next(g for g in root.findall(f"{SVG}defs/{SVG}g") if g.get("id") == f"sheet-{slug}")


def _painted(group, inherited=None):
    """Every element under `group` with its attributes, those its <g> parents hold included (as SVG inherits)."""
    for el in group:
        own = {**(inherited or {}), **el.attrib}
        yield el, own
        if el.tag == f"{SVG}g":
            yield from _painted(el, own)


def _segments(group, **attrs):
    out = []
    for el, own in _painted(group):
        if el.tag == f"{SVG}polyline" and all(own.get(k) == v for k, v in attrs.items()):
            out.append([tuple(map(float, p.split(","))) for p in el.get("points").split()])
    return out


def test_objects_are_outlined_thick_and_shade_red_dotted(tmp_path):
    """Objects: immovable objects outlined with a thick line; shadows outlined with a red dotted line."""
    from companion.sheets.landscape import landscape_map
    from companion.sheets.sheet_grid import SHADE, _edges

    lmap = landscape_map("am-fluss")
    group = _static_svg("am-fluss", tmp_path)
    thick = _segments(group, **{"stroke-width": "0.9"})
    dotted = _segments(group, stroke=SHADE.colour)
    assert len(thick) == sum(len(_edges(r)) for r in lmap.objects)
    assert len(dotted) == sum(len(_edges(r)) for r in lmap.shade)
    assert all(own.get("stroke-dasharray") for el, own in _painted(group) if own.get("stroke") == SHADE.colour)


def test_sahara_prints_the_falcon_line_where_the_data_puts_it(tmp_path):
    """Sahara: the falcon's line of shadow runs along the square edges given in sahara.toml."""
    from companion.sheets.landscape import landscape_map
    from companion.sheets.sheet_grid import FALCON_LINE

    group = _static_svg("sahara", tmp_path)
    lines = [pts for pts in _segments(group, stroke=FALCON_LINE.colour) if len(pts) > 2]
    expected = [(round(GRID_X + x * CELL, 2), round(GRID_Y + y * CELL, 2))
                for x, y in landscape_map("sahara").falcon_line]
    assert len(lines) == 1 and [tuple(round(v, 2) for v in p) for p in lines[0]] == expected


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_sheet_keeps_7_mm_from_every_edge_of_both_papers(paper):
    """The one drawing sits centred on A4 and Letter, clear of what home printers leave unprinted."""
    w, h = PAPERS[paper].size()
    assert min(w - BOX_W, h - BOX_H) / 2 >= 7


def test_grid_is_bigger_and_the_side_column_still_holds_the_qr():
    """The larger squares (9.8 mm, were 9.5) leave the side column room for the QR and the points labels."""
    assert CELL >= 9.8 and GRID_X + 16 * CELL + 5.5 < SIDE_X
    assert QR_SIZE <= SIDE_W and QR_Y + QR_SIZE + 7 < GRID_Y + 16 * CELL  # its two lines end above the corner mark


@pytest.mark.parametrize("slug", SLUGS)
def test_everything_below_the_grid_fits_in_the_box(slug, tmp_path):
    """Track and legend move down with the bigger grid; the lowest line still ends inside the printed area."""
    path = tmp_path / slug
    render_pad([slug], 1, PAPERS["letter"], "svg", False, "X", path)
    texts = _static_texts(next(path.iterdir()))
    assert max(y for _, y, _ in texts) <= BOX_H - 2
    assert GRID_Y + 16 * CELL + 4 < TRACK_Y - 3 and TRACK_Y + 24 < LEGEND_Y


def test_letter_pad_qr_decodes_on_every_page(tmp_path):
    """The smaller QR (22 mm) still scans: zxing-cpp reads every page of a Letter pad."""
    path = tmp_path / "pad.pdf"
    render_pad(SLUGS, 1, PAPERS["letter"], "pdf", False, "L3TTER", path)
    assert [decode_pdf(path, page, scale=2) for page in range(4)] == [
        [pad_code(slug, "letter", "L3TTER", n)] for n, slug in enumerate(SLUGS, 1)]


def test_ink_saver_x4_is_printed_on_white_inside_its_hatching(tmp_path):
    """The dark x4 chip (two players) keeps its hatching without ink, but the x4 itself lies on white, readable."""
    path = tmp_path / "pad"
    render_pad(["fjord"], 1, PAPERS["a4"], "svg", True, "X", path)
    root = ET.parse(next(path.iterdir())).getroot()
    group = next(g for g in root.findall(f"{SVG}defs/{SVG}g") if g.get("id") == "sheet-fjord-inksaver")
    painted = list(_painted(group))
    at = next(i for i, (el, _) in enumerate(painted) if el.tag == f"{SVG}text" and el.text == "x4")
    tx, ty = float(painted[at][0].get("x")), float(painted[at][0].get("y"))
    under = [own for el, own in painted[:at] if el.tag == f"{SVG}rect" and own.get("fill") == "#ffffff"
             and float(el.get("x")) < tx - 1.5 and tx + 1.5 < float(el.get("x")) + float(el.get("width"))
             and float(el.get("y")) < ty - 1.5 < ty < float(el.get("y")) + float(el.get("height")) + 0.3]
    assert under


def test_sahara_shade_outlines_never_run_along_the_falcon_line(tmp_path):
    """Where a shaded square's edge is the falcon's line, its red dots run just inside it, not on the dashes."""
    from companion.sheets.landscape import landscape_map
    from companion.sheets.sheet_grid import FALCON_LINE, SHADE, _edges

    lmap = landscape_map("sahara")
    group = _static_svg("sahara", tmp_path)
    falcon = _segments(group, stroke=FALCON_LINE.colour)
    on_falcon = set()
    for line in falcon:
        for (x1, y1), (x2, y2) in zip(line, line[1:], strict=False):
            on_falcon |= {(x1, y1, x2, y2), (x2, y2, x1, y1)}
    dotted = _segments(group, stroke=SHADE.colour)
    assert len(dotted) == sum(len(_edges(r)) for r in lmap.shade)

    def along(seg):
        (a, b), (c, d) = seg
        return any((a == c == x1 == x2 and min(y1, y2) <= min(b, d) and max(b, d) <= max(y1, y2))
                   or (b == d == y1 == y2 and min(x1, x2) <= min(a, c) and max(a, c) <= max(x1, x2))
                   for x1, y1, x2, y2 in on_falcon)
    assert not [seg for seg in dotted if along(seg)]
    moved = [seg for seg in dotted if seg not in [[(round(x1, 2), round(y1, 2)), (round(x2, 2), round(y2, 2))]
                                                  for r in lmap.shade for x1, y1, x2, y2 in _edges(r)]]
    assert len(moved) >= 3  # three shaded squares touch the line on this sheet


@pytest.mark.parametrize("slug, named", [("fjord", "immovable objects (trees, harbour quay, ship)"),
                                         ("foxtrail", "immovable objects (trees, fox)"),
                                         ("sahara", "immovable objects (trees)")])
def test_legend_names_the_sheets_own_objects(slug, named, tmp_path):
    """Each legend names the objects printed on its own sheet (Fjord's ship and quay, not the fox)."""
    texts = [t for _, _, t in _static_texts(next((lambda p: (render_pad([slug], 1, PAPERS["a4"], "svg", False, "X", p),
                                                            p)[1])(tmp_path / slug).iterdir()))]
    assert f"{named}: no entry" in texts


@pytest.mark.parametrize("paper, height", [("a4", 283.0), ("letter", 265.0)])
def test_the_drawing_takes_the_pages_height_down_to_its_margins(paper, height, tmp_path):
    """The squares are as large as the width allows (A4's 196 mm beside the side column); the height the paper has
    beyond that goes to the track and legend: the box runs 7 mm from top and bottom (A4 left 16 mm of each blank,
    38 mm of its page), and the lowest line of each landscape ends near the box's foot, its circles no smaller."""
    _, h = PAPERS[paper].size()
    assert box_height(PAPERS[paper]) == height and (h - height) / 2 <= 7.2
    for slug in SLUGS:
        path = tmp_path / f"{paper}-{slug}"
        render_pad([slug], 1, PAPERS[paper], "svg", False, "X", path)
        page = next(path.iterdir())
        use = ET.parse(page).getroot().find(f"{SVG}use")
        assert float(use.get("y")) == pytest.approx((h - height) / 2, abs=0.01)
        lowest = max(y for _, y, _ in _static_texts(page))
        assert height - 8 <= lowest <= height - 2, (slug, lowest)
    assert Lower(height).radius >= Lower().radius and Lower(height).track_y >= TRACK_Y - 0.5
