"""The printed Bolotomus map (The Playing Area; Getting Into the Bolotomus; Prepare for Play): every organ and
passage of each edition's map, passages told apart by kind, entries from outside, the Lapotum's printed Snorg; and
each edition's layout (layout-EDITION.toml) checked so a passage changed in map-EDITION.toml cannot run over an organ,
the key or an entry, or cross another passage unnoticed (benchmarks/map_layout.py searches for a new layout)."""
import itertools
import re
import xml.etree.ElementTree as ET

import pytest
from pypdf import PdfReader

from companion.sheets.bolotomus_map import PLAYING, SMALL, map_title, render_map
from companion.sheets.canvas import PT
from companion.sheets.layout import PAPERS
from companion.sheets.map_drawing import CHANNEL_WALL, FLESH, RED
from companion.sheets.map_layout import ENTRY, bridges, map_layout, passage_ends, tag_points
from companion.sheets.text import width
from companion.snits.bolotomus import DEFAULT_EDITION, EDITIONS, load
from tests.sheets.map_geometry import BADGE, badges, crossings, distance, half_width, meets_box, segments, tag_box
from tests.sheets.readers import SVG, svg_texts

MM = 72 / 25.4
CROSSINGS = {  # passages that cross on an edition's page: two of the first edition's, drawn as bridges (no layout
    # search found its graph a page without them: benchmarks/map_layout.py, issue 33)
    "first-edition": {("Antephellum-Lapotum", "Wobbulum-Gurgitator"), ("Gurgitator-Deep Compositor", "Bilgeum-Lapotum")},
}
EDGE = 3.0  # mm round a page that many printers cannot print on: nothing of the map goes there


@pytest.fixture(scope="module", params=EDITIONS)
def a4_text(request, tmp_path_factory):
    path = tmp_path_factory.mktemp("map") / "map.pdf"
    assert render_map(PAPERS["a4"], "pdf", False, path, load(request.param)) == 1
    reader = PdfReader(path)
    box = reader.pages[0].mediabox
    return (float(box.width), float(box.height)), reader.pages[0].extract_text(), request.param


@pytest.fixture(scope="module", params=EDITIONS)
def letter_svg(request, tmp_path_factory):
    """(the Letter page's SVG, its edition)."""
    path = tmp_path_factory.mktemp("map") / "svg"
    render_map(PAPERS["letter"], "svg", False, path, load(request.param))
    return path / "bolotomus-map.svg", request.param


def _lines(svg):
    return [el for el in ET.parse(svg).getroot().iter() if el.tag in (f"{SVG}polyline", f"{SVG}line")]


def test_map_is_one_landscape_page_naming_every_organ(a4_text):
    """The Playing Area: the 16 organs, on A4 landscape (297 x 210 mm), under a title naming the edition."""
    (w, h), text, edition = a4_text
    assert (round(w / MM), round(h / MM)) == (297, 210)
    for organ in load(edition).organs:
        assert organ.name in text
    assert "print at 100%" in text
    assert f"The Bolotomus - {edition.replace('-', ' ')}" in text


def test_the_default_map_is_the_default_editions_and_a_players_keeps_its_name():
    assert map_title(load()) == "The Bolotomus - second edition" and DEFAULT_EDITION == "second-edition"
    assert map_title(load("first-edition")) == "The Bolotomus - first edition"
    from companion.snits.mapfile import parse
    from tests.snits.test_own_map import BOXED

    assert map_title(parse(BOXED.read_bytes(), "boxed.toml")) == "The Bolotomus - boxed.toml"


def test_render_map_without_a_board_prints_the_default_edition(tmp_path):
    render_map(PAPERS["a4"], "svg", False, tmp_path / "s")
    assert "The Bolotomus - second edition" in svg_texts(tmp_path / "s" / "bolotomus-map.svg")


def test_letter_svg_is_letter_landscape_and_names_every_organ(letter_svg):
    svg, edition = letter_svg
    root = ET.parse(svg).getroot()
    assert root.get("viewBox") == "0 0 279.4 215.9"
    texts = svg_texts(svg)
    assert all(o.name in texts for o in load(edition).organs)


def test_every_passage_is_tagged_with_its_limit(letter_svg):
    """Channels let two pieces pass a phase ("2"), canals one ("1"); the red canals no Snits at all."""
    svg, edition = letter_svg
    texts = svg_texts(svg)
    kinds = [p.kind for p in load(edition).passages]
    assert texts.count("2") == kinds.count("channel")
    assert texts.count("1") == kinds.count("canal")
    assert texts.count("no Snits") == kinds.count("red")


def test_red_canals_are_red_and_dashed_and_channels_have_two_walls(letter_svg):
    """Told apart in grey-scale: a red canal is dashed as well as red; a channel is two parallel lines (a passage
    drawn over a crossing is drawn again there, on its bridge)."""
    svg, edition = letter_svg
    lines = _lines(svg)
    board = load(edition)
    kinds = [p.kind for p in board.passages]
    over = [kinds[o] for o, _, _ in bridges(board, passage_ends(map_layout(edition), board))]
    red = [el for el in lines if el.get("stroke") == RED]
    assert len(red) == kinds.count("red") + over.count("red") + 1  # + the key's sample
    assert all(el.get("stroke-dasharray") for el in red)
    walls = [el for el in lines if el.get("stroke") == CHANNEL_WALL.colour
             and float(el.get("stroke-width")) == CHANNEL_WALL.width]
    assert len(walls) == 2 * (kinds.count("channel") + over.count("channel") + 1)


@pytest.mark.parametrize("edition", EDITIONS)
def test_organ_boxes_do_not_overlap_and_stay_on_the_map(edition):
    """Each organ holds four 15 x 15 mm counters, clear of every other organ and of the key box."""
    layout = map_layout(edition)
    assert layout.organ_w >= 30 and layout.organ_h >= 30
    boxes = {o.name: layout.box(o.name) for o in load(edition).organs}
    boxes["key"] = layout.key
    for (a, (ax, ay, aw, ah)), (b, (bx, by, bw, bh)) in itertools.combinations(boxes.items(), 2):
        assert ax + aw <= bx or bx + bw <= ax or ay + ah <= by or by + bh <= ay, (a, b)
    for x, y, w, h in boxes.values():
        assert 0 <= x and x + w <= layout.width and 0 <= y and y + h <= layout.height


@pytest.mark.parametrize("edition", EDITIONS)
def test_passages_run_from_organ_edge_to_organ_edge_and_cross_no_other_organ_nor_the_key(edition):
    """A passage connects exactly its two organs: drawn between their boxes, through no third one and not through
    the key box."""
    layout, board = map_layout(edition), load(edition)
    for p, (kind, a, b) in zip(board.passages, passage_ends(layout, board), strict=True):
        ends = [board.organs[p.a].name, board.organs[p.b].name]
        for name, (x, y) in zip(ends, (a, b), strict=True):
            bx, by, bw, bh = layout.box(name)
            on_edge = min(abs(x - bx), abs(x - bx - bw), abs(y - by), abs(y - by - bh)) < 1e-6
            assert on_edge and bx - 1e-6 <= x <= bx + bw + 1e-6 and by - 1e-6 <= y <= by + bh + 1e-6
        for other in board.organs:
            if other.name not in ends:
                assert not meets_box(a, b, layout.box(other.name), half_width(kind)), (ends, other.name)
        assert not meets_box(a, b, layout.key, half_width(kind)), (ends, "the key")


@pytest.mark.parametrize("edition", EDITIONS)
def test_passages_cross_no_other_passage(edition):
    """A player follows a passage by eye from organ to organ: the second edition's never cross; the first
    edition's two crossings are drawn as bridges (test_a_crossing_is_a_bridge)."""
    assert set(crossings(map_layout(edition), load(edition))) == CROSSINGS.get(edition, set())


@pytest.mark.parametrize("edition", EDITIONS)
def test_limit_tags_lie_on_their_own_passage_only(edition):
    """A passage's "1", "2" or "no Snits" sits on it alone: on no other passage (a crossing on it moves it along, off
    the bridge), organ box or the key; and a passage shows beside its tag (it is longer than the tag)."""
    layout, board = map_layout(edition), load(edition)
    segs = segments(layout, board)
    places = tag_points(board, passage_ends(layout, board))
    for (a, b, kind, p, q), place in zip(segs, places, strict=True):
        tag = tag_box(kind, place, place)
        assert ((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2) ** 0.5 > max(tag[2], tag[3]) + 2, (a, b)
        for a2, b2, kind2, p2, q2 in segs:
            assert (a2, b2) == (a, b) or not meets_box(p2, q2, tag, half_width(kind2)), (a, b, a2, b2)
        for box in [layout.box(o.name) for o in board.organs] + [layout.key]:
            tx, ty, tw, th = tag
            assert tx + tw <= box[0] or box[0] + box[2] <= tx or ty + th <= box[1] or box[1] + box[3] <= ty, (a, b)


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_passage_runs_over_a_compositors_or_smashers_badge(edition):
    """The M and the star stand out of the box's top-right corner; a passage leaving that corner stays off them."""
    layout, board = map_layout(edition), load(edition)
    for name, centre in badges(layout, board).items():
        for a, b, kind, p, q in segments(layout, board):
            assert distance(centre, p, q) - half_width(kind) >= BADGE, (name, a, b)


@pytest.mark.parametrize("edition", EDITIONS)
def test_orifices_sit_on_the_bottom_row_with_their_entries_clear(edition):
    """Snits come in from under the Bolotomus: each orifice is on the bottom row, its entry arrow and words below
    it are on the map, and no organ, passage or the key is in their way."""
    layout, board = map_layout(edition), load(edition)
    others = [layout.box(o.name) for o in board.organs] + [layout.key]
    for organ in (o for o in board.organs if o.orifice):
        x, y, w, h = layout.box(organ.name)
        assert y + h + ENTRY - 1 <= layout.height, organ.name  # the arrow is 13 mm long
        assert y + h >= layout.height - ENTRY - 10, organ.name
        entry = (x, y + h, w, ENTRY - 1)
        for box in others:
            assert not meets_box((entry[0], entry[1] + 1e-3), (entry[0] + w, entry[1] + entry[3]), box), organ.name
            assert box[0] + box[2] <= x or x + w <= box[0] or box[1] + box[3] <= y + h or box[1] >= y + h + ENTRY - 1
        for a, b, _kind, p, q in segments(layout, board):
            assert not meets_box(p, q, entry), (organ.name, a, b)


def _extents(svg):
    """What the page draws, each as (what, x0, y0, x1, y1) in mm on the page: texts (by their metrics), circles,
    lines and rects, through the groups' translations."""
    out = []

    def walk(el, ox, oy):
        for kid in el:
            dx, dy = ox, oy
            move = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)", kid.get("transform", ""))
            if move:
                dx, dy = ox + float(move[1]), oy + float(move[2])
            else:
                assert not kid.get("transform"), kid.get("transform")
            tag = kid.tag.replace(SVG, "")
            if tag == "text":
                size = float(kid.get("font-size"))
                wide = float(kid.get("textLength") or width(kid.text, size / PT, kid.get("font-weight") == "bold"))
                x = float(kid.get("x")) + dx - {"middle": wide / 2, "end": wide}.get(kid.get("text-anchor"), 0)
                y = float(kid.get("y")) + dy
                out.append((kid.text, x, y - 0.75 * size, x + wide, y + 0.25 * size))
            elif tag == "circle":
                cx, cy, r = (float(kid.get(k)) for k in ("cx", "cy", "r"))
                out.append(("circle", cx + dx - r, cy + dy - r, cx + dx + r, cy + dy + r))
            elif tag == "rect":
                x, y, w, h = (float(kid.get(k, 0)) for k in ("x", "y", "width", "height"))  # svg leaves out x="0"
                out.append(("rect", x + dx, y + dy, x + dx + w, y + dy + h))
            elif tag in ("polyline", "polygon"):
                pts = [tuple(map(float, p.split(","))) for p in kid.get("points").split()]
                out.append((tag, min(p[0] for p in pts) + dx, min(p[1] for p in pts) + dy,
                            max(p[0] for p in pts) + dx, max(p[1] for p in pts) + dy))
            walk(kid, dx, dy)

    walk(ET.parse(svg).getroot(), 0.0, 0.0)
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("edition", EDITIONS)
def test_every_label_and_line_is_inside_the_page(tmp_path, edition, paper):
    """Title, organ names, tags, entries, badges and the key: all on the page, EDGE mm clear of its edges."""
    render_map(PAPERS[paper], "svg", False, tmp_path / "s", load(edition))
    svg = tmp_path / "s" / "bolotomus-map.svg"
    _, _, pw, ph = map(float, ET.parse(svg).getroot().get("viewBox").split())
    drawn = _extents(svg)
    assert len([d for d in drawn if d[0] in {o.name for o in load(edition).organs}]) >= 16
    for what, x0, y0, x1, y1 in drawn:
        assert EDGE <= x0 and x1 <= pw - EDGE and EDGE <= y0 and y1 <= ph - EDGE, (what, x0, y0, x1, y1)


@pytest.mark.parametrize("edition", EDITIONS)
def test_organ_names_fit_their_boxes(edition):
    """The name band holds the organ's whole name (the renderer's sizes: 6.5 pt, 5.8 pt for long names)."""
    layout = map_layout(edition)
    for organ in load(edition).organs:
        size = 6.5 if len(organ.name) < 15 else 5.8
        assert width(organ.name, size, bold=True) <= layout.organ_w - 2 * 1.5 - 6, organ.name  # the badge's corner


def test_orifices_show_their_entry_limits_and_the_fleotis_smash_roll(letter_svg):
    """Getting Into the Bolotomus: two Snits a turn into the Antephellum and the Glut, one into the Fleotis,
    which the Eye and the Prolobosinator smash at."""
    svg, edition = letter_svg
    texts = svg_texts(svg)
    orifices = [o for o in load(edition).organs if o.orifice]
    assert texts.count("entry from outside:") == len(orifices) == 3
    assert texts.count("2 Snits a turn") == 2 and texts.count("1 Snit a turn") == 1
    assert "+ smash roll while the Eye" in texts


def test_the_lapotum_snorg_is_printed_on_the_map(letter_svg):
    """Prepare for Play: there is no counter for the Lapotum; its Snorg is printed on the map."""
    svg, edition = letter_svg
    texts = svg_texts(svg)
    assert texts.count("(printed)") == 1
    lapotum = next(o.name for o in load(edition).organs if not o.snorg)
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


@pytest.fixture
def layout_file(monkeypatch):
    """Edit an edition's layout as read: `edit(edition, change)` with change(centres) -> centres."""
    import companion.sheets.map_layout as map_layout_module

    real = map_layout_module.read_template
    edits = {}

    def read(*parts):
        data = real(*parts)
        change = edits.get(parts[-1])
        return {**data, "centre": change(dict(data["centre"]))} if change else data

    monkeypatch.setattr(map_layout_module, "read_template", read)
    map_layout_module.edition_layout.cache_clear()
    yield lambda edition, change: edits.__setitem__(f"layout-{edition}.toml", change)
    map_layout_module.edition_layout.cache_clear()


@pytest.mark.parametrize("edition", EDITIONS)
def test_an_organ_without_a_place_on_the_printed_map_is_named(layout_file, edition):
    """Every organ of the edition's map must be on its page: a layout that leaves one out is refused, naming it."""
    import companion.sheets.map_layout as map_layout_module

    layout_file(edition, lambda centres: {k: v for k, v in centres.items() if k != "Eye"})
    with pytest.raises(ValueError, match=f"layout-{edition}.toml: no centre for Eye"):
        map_layout_module.map_layout(edition)


def test_a_centre_for_an_organ_the_map_lacks_is_named(layout_file):
    import companion.sheets.map_layout as map_layout_module

    layout_file("second-edition", lambda centres: {**centres, "Gizzard": [1, 1]})
    with pytest.raises(ValueError, match="layout-second-edition.toml: a centre for Gizzard, not an organ of the "
                                         "second-edition map"):
        map_layout_module.map_layout("second-edition")


def test_each_edition_prints_on_its_own_layout():
    """The two editions share organ names but not places: each page is drawn from its own layout file."""
    first, second = map_layout("first-edition"), map_layout("second-edition")
    assert first.centres != second.centres and map_layout() is second
    with pytest.raises(ValueError, match="no edition map 'third-edition'"):
        map_layout("third-edition")


def own_map():
    """A player's transcription with names of its own (the Oculus and the Grinder smash at the Sphincter
    Maximus), its Gizzard where the grid once drew the Glut's passage to it under the key."""
    from companion.snits import mapfile
    from tests.snits.test_own_map import BOXED

    text = BOXED.read_text().replace('"Eye"', '"Oculus"').replace('"Prolobosinator"', '"Grinder"')
    text = text.replace('name = "Fleotis"', 'name = "Sphincter Maximus"\nshort = "Sphinx"')
    text = text.replace('"Fleotis"', '"Sphincter Maximus"').replace('x = 65\ny = 70', 'x = 55\ny = 70')
    return mapfile.parse(text.encode(), "own.toml")


def own_layout(paper):
    from companion.sheets.bolotomus_map import PAGE_MARGIN, TITLE_H
    from companion.sheets.layout import A3
    from companion.sheets.map_layout import big_layout, page_layout

    board = own_map()
    if paper == "a3":
        w, h = A3.size(landscape=True)
        return big_layout(board, w - 2 * PAGE_MARGIN, h - 2 * PAGE_MARGIN, TITLE_H)
    return page_layout(board), board


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
def test_a_players_map_has_no_passage_or_entry_under_the_key_nor_a_passage_over_a_third_organ(paper):
    """Issue 21: the grid drew the Glut-Gizzard canal under the key box; the key goes where nothing runs under it,
    and organs move or swap cells until no passage runs over a third organ."""
    layout, board = own_layout(paper)
    for p, (kind, a, b) in zip(board.passages, passage_ends(layout, board), strict=True):
        assert not meets_box(a, b, layout.key, half_width(kind)), (p, "the key")
        for other in board.organs:
            if other.index not in (p.a, p.b):
                assert not meets_box(a, b, layout.box(other.name), half_width(kind)), (p, other.name)
    for organ in (o for o in board.organs if o.orifice):
        x, y, w, h = layout.box(organ.name)
        assert not meets_box((x, y + h + 1e-3), (x + w, y + h + ENTRY - 1), layout.key), organ.name
        assert y + h + ENTRY - 1 <= layout.height, organ.name  # the entry's arrow and words on the map


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_players_map_keeps_every_label_inside_the_page(tmp_path, paper):
    """The entries' words under a bottom-row orifice ran off the page's foot."""
    render_map(PAPERS[paper], "svg", False, tmp_path / "s", own_map())
    svg = tmp_path / "s" / "bolotomus-map.svg"
    _, _, pw, ph = map(float, ET.parse(svg).getroot().get("viewBox").split())
    drawn = _extents(svg)
    assert sum(1 for d in drawn if d[0] == "entry from outside:") == 3
    for what, x0, y0, x1, y1 in drawn:
        assert EDGE <= x0 and x1 <= pw - EDGE and EDGE <= y0 and y1 <= ph - EDGE, (what, x0, y0, x1, y1)


def test_the_key_and_the_entry_name_the_maps_own_smashers_and_smash_orifice(tmp_path):
    render_map(PAPERS["a4"], "svg", False, tmp_path / "s", own_map())
    texts = svg_texts(tmp_path / "s" / "bolotomus-map.svg")
    assert "Oculus, Grinder: smash Snits" in texts and "running into the Sphincter Maximus" in texts
    assert "+ smash roll while the Oculus" in texts and "or Grinder works" in texts
    assert not any(name in text for text in texts for name in ("Eye", "Prolobosinator", "Fleotis"))


def test_the_key_of_a_map_without_smashers_draws_no_smashers_mark(tmp_path):
    """A player's map may have no smash orifice and no smashers: the key then shows no star to explain."""
    from companion.snits import mapfile
    from tests.snits.test_own_map import BOXED

    text = BOXED.read_text().replace("smash = true\n", "").replace("smasher = true\n", "")
    render_map(PAPERS["a4"], "svg", False, tmp_path / "s", mapfile.parse(text.encode(), "plain.toml"))
    texts = svg_texts(tmp_path / "s" / "bolotomus-map.svg")
    assert not any("smash" in text for text in texts) and "Compositor: makes a Makum" in texts


def test_a_map_whose_key_has_a_passage_under_it_wherever_it_goes_is_refused(monkeypatch):
    """No place for the key clear of the passages: refused, saying what to change, rather than printed under. Here
    the key may only stand down the middle, eight cells either side of it, and the Mouth has a passage to every
    other organ: one passage crosses under the key however the organs sit."""
    import companion.sheets.map_layout as map_layout_module
    from companion.sheets.layout import LayoutError
    from companion.snits import mapfile

    base = map_layout()
    monkeypatch.setattr(map_layout_module, "_key_places", lambda _: [(base.width / 2 - 30, 0.0, 60.0, base.height)])
    organs = [{"name": "Mouth", "x": 0, "y": 100, "orifice": 1}, {"name": "Lapotum", "x": 100, "y": 0, "snorg": False}]
    organs += [{"name": f"Organ {i}", "x": 100 * (i % 2), "y": 50} for i in range(14)]
    ways = [{"between": ["Mouth", o["name"]], "kind": "red" if o["name"] == "Lapotum" else "canal"} for o in organs[1:]]
    board = mapfile.build({"organ": organs, "passage": ways}, "band.toml", mapfile.Where("band.toml"))
    assert len(map_layout_module._cells(base, map_layout_module._key_places(base)[0])) == 16
    with pytest.raises(LayoutError, match="the map band.toml: wherever the key goes on the printed page, a passage "
                                          "or an entry runs under it; move an organ's x, y in the map file"):
        map_layout_module.auto_layout(board)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("edition", EDITIONS)
def test_the_one_page_map_says_plainly_it_is_too_small_to_play_on(tmp_path, edition, paper):
    """Issue 21: a busy organ holds its Snorg, three or four Snits and a thingy, 5-7 counters; the one page's
    organs hold 4 (sixteen boxes of six 15 mm places with their passages did not fit A4 or Letter: docs/printing.md),
    so the page says so in red, naming the big map (nine places an organ) and how to print it."""
    cols, rows = map_layout(edition).spots
    assert cols * rows < PLAYING
    render_map(PAPERS[paper], "svg", False, tmp_path / "s", load(edition))
    texts = svg_texts(tmp_path / "s" / "bolotomus-map.svg")
    assert SMALL in texts and "--tiles 2x1" in SMALL and "--paper a3" in SMALL


def test_the_a3_page_is_the_playing_size_and_says_nothing_of_it(tmp_path):
    from companion.sheets.layout import A3

    render_map(A3, "svg", False, tmp_path / "s")
    texts = svg_texts(tmp_path / "s" / "bolotomus-map.svg")
    assert SMALL not in texts and any("organs hold 9 counters of 15 x 15 mm" in t for t in texts)


def test_a_crossing_is_a_bridge(tmp_path):
    """Where the first edition's passages cross, the one drawn over (a channel over a canal) lies on a white band
    that cuts the one beneath on both sides: the two plainly do not meet (issue 33: the Lapotum-Bilgeum red canal ran
    through the Deep Compositor-Gurgitator channel)."""
    layout, board = map_layout("first-edition"), load("first-edition")
    ends = passage_ends(layout, board)
    names = [f"{board.organs[p.a].name}-{board.organs[p.b].name}" for p in board.passages]
    crossed = {(names[o], names[u]) for o, u, _ in bridges(board, ends)}
    assert crossed == {("Antephellum-Lapotum", "Wobbulum-Gurgitator"),  # of two canals, the first over
                       ("Gurgitator-Deep Compositor", "Bilgeum-Lapotum")}, "the channel goes over the red canal"
    path = tmp_path / "map.svg"
    render_map(PAPERS["a4"], "svg", False, path, load("first-edition"))
    svg = (path if path.is_file() else sorted(path.iterdir())[0]).read_text()
    bands = re.findall(r'<(?:line|polyline)[^>]*stroke="#ffffff"[^>]*>', svg)
    assert len(bands) >= 2, "a white band under each bridge"
