"""The phone's digital sheet is the printed pad's own drawing (issue 31): GET G/sheet.svg?player=NAME is the
landscape's grid from sheets/ (terrain art, objects, shade, Sahara's falcon line, the numbers on every side), drawn
once per landscape per process, with the player's pencil layer; on a 390 px phone the tap grid lies over it exactly,
the page opens with the head, the apple square, the first column and the numbers in view, and taps on the picture
move the snake. Fixtures: tests/serve/conftest.py."""
import re
import threading
import xml.etree.ElementTree as ET

import pytest

from tests.serve.served import g, moving, saved
from tests.serve.test_sssnake_pages import legal_path

pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'sssnake-snits-companion[serve]'")

SVG = "{http://www.w3.org/2000/svg}"
SAHARA = ("--landscape", "sahara", "--digital", "Ann")  # seed 11: Ann's cave at 4,6, the first apple at 2,12
CROSSING = "R D D R"  # from 4,6 on Sahara: over the falcon's line and back over it (refused: it eliminates)


def sahara(cli) -> str:
    return moving(cli, "Ann,Bob", 11, *SAHARA)


def svg_of(client, game: str, player: str = "Ann"):
    got = client.get(g(game) + f"/sheet.svg?player={player}&seq=3")
    assert got.status_code == 200 and got.headers["content-type"].startswith("image/svg+xml"), got.text
    assert got.headers["cache-control"] == "no-store"
    return got.text, ET.fromstring(got.text)


def pencil(text: str) -> str:
    """The pencil layer: what follows the static drawing."""
    return text[text.index('<g class="pencil"'):]


def test_the_sheet_svg_is_the_pads_grid_with_the_falcon_line_and_numbers(cli, client):
    from companion.sheets.sheet_grid import FALCON_LINE
    from companion.sheets.sheet_layout import CELL, GRID_X, GRID_Y
    from companion.sssnake.edition import edition

    text, root = svg_of(client, sahara(cli))
    assert root.get("viewBox").split()[0:2] == ["0", "27"] and root.get("data-cols") == root.get("data-rows") == "16"
    assert (float(root.get("data-grid-x")), float(root.get("data-grid-y")), float(root.get("data-cell"))) == \
        (GRID_X, GRID_Y, CELL)
    falcon = [el for el in root.findall(f"{SVG}polyline") if el.get("stroke") == FALCON_LINE.colour]  # not <defs>
    assert len(falcon) == 1 and falcon[0].get("stroke-dasharray") == "2.5,1.2"
    line = edition().landscapes["sahara"].extra["falcon_line"]
    assert falcon[0].get("points").split() == [f"{GRID_X + x * CELL:g},{GRID_Y + y * CELL:g}" for x, y in line]
    numbers = [el.text for el in root.iter(f"{SVG}text") if el.text and el.text.isdigit()]
    assert all(numbers.count(str(n)) >= 4 for n in range(1, 17))  # every column and row number on all four sides
    assert re.search(r'<g class="pencil"[^>]*>.*<polygon', text)  # the cave, the head: the pencil's ovals


def test_the_legend_is_the_pads_words_beside_marks_the_svg_defines(cli, client):
    from companion.sheets.landscape import landscape_map
    from companion.sheets.sheet_panels import feature_line

    game = sahara(cli)
    text, _ = svg_of(client, game)
    legend = client.get(g(game) + "/sheet/Ann").json()["legend"]
    assert [line["name"] for line in legend if "name" in line] == ["grassland", "sand", "quicksand", "rocks"]
    assert legend[-1]["text"] == feature_line(landscape_map("sahara")) and "falcon" in legend[-1]["text"]
    assert all(f'id="{line["swatch"]}"' in text for line in legend)


def test_other_landscapes_draw_no_falcon_line(cli, client):
    from companion.sheets.sheet_grid import FALCON_LINE

    text, _ = svg_of(client, moving(cli, "Ann,Bob", 11, "--digital", "Ann"))
    assert FALCON_LINE.colour not in text


def test_the_sheet_svg_is_refused_as_the_sheet_is(cli, client):
    game = sahara(cli)
    for query, line in (("player=Bob", "paper"), ("player=Zed", "Zed"), ("", "name the player")):
        got = client.get(g(game) + f"/sheet.svg?{query}")
        assert got.status_code == 400 and line in got.json()["error"], (query, got.text)
        if query != "":
            assert got.json() == client.get(g(game) + f"/sheet/{query[7:]}").json()
    assert cli("snits", "new", "--seed", "1").exit_code == 0
    assert client.get(g("snits-1") + "/sheet.svg?player=Snits").status_code == 404


def test_the_pencil_layer_follows_a_move_and_the_drawing_stays(cli, client):
    game = sahara(cli)
    before, _ = svg_of(client, game)
    path = legal_path(game, "Ann")
    assert cli("sssnake", "move", "Ann", *path, "--game", game).exit_code == 0
    after, _ = svg_of(client, game)
    assert pencil(before) != pencil(after)
    assert before[:before.index('<g class="pencil"')] == after[:after.index('<g class="pencil"')]
    assert after.count("<polyline") > before.count("<polyline")  # the body's line: four more steps


def test_the_static_drawing_is_drawn_once_per_landscape(cli, client, monkeypatch):
    from companion.serve import sheet_svg

    drawn = []
    real = sheet_svg.draw_grid
    monkeypatch.setattr(sheet_svg, "_static", {})
    monkeypatch.setattr(sheet_svg, "draw_grid", lambda cv, lmap, **how: (drawn.append(lmap), real(cv, lmap, **how)))
    game = sahara(cli)
    threads = [threading.Thread(target=sheet_svg.static, args=("sahara",)) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    first, _ = svg_of(client, game)
    svg_of(client, game)
    assert len(drawn) == 1 and sheet_svg.static("sahara") is sheet_svg.static("sahara")
    svg_of(client, moving(cli, "Ann,Bob", 11, "--digital", "Ann"))  # another landscape: drawn once more
    assert len(drawn) == 2


# ---- on the phone ----------------------------------------------------------------------------------------------
SEEN = """() => {  // the phone sheet's boxes at the start: its scroll box, the grid, the numbers, the falcon line
    const box = (el) => { const r = el.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; };
    const svg = document.querySelector("#act .sheet-pic svg");
    return {zoom: box(document.querySelector("#act .sheet-zoom")), grid: box(document.getElementById("grid")),
            falcon: box(svg.querySelector(':scope > polyline[stroke="#5b2a86"]')),
            numbers: [...svg.querySelectorAll("text")].filter((t) => /^\\d+$/.test(t.textContent))
                .map((t) => ({n: Number(t.textContent), ...box(t)})),
            head: box(document.querySelector("#grid .sq.head")), falls: box(document.querySelector("#grid .sq.falls")),
            first: box(document.querySelector('#grid .sq[data-col="1"][data-row="1"]')),
            page: document.scrollingElement.scrollWidth};
}"""


def inside(a: dict, zoom: dict) -> bool:
    """a lies within the scroll box, side to side."""
    return zoom["x"] - 0.5 <= a["x"] and a["x"] + a["w"] <= zoom["x"] + zoom["w"] + 0.5


def open_sheet(open_page, server, game, scheme="light"):
    page = open_page(server.player(game, "Ann"), phone=True)
    page.emulate_media(color_scheme=scheme)
    page.locator("#act .sheet-pic svg").wait_for()
    page.locator("#grid .sq.head").wait_for()
    return page


@pytest.mark.parametrize("scheme", ("light", "dark"))
def test_on_a_phone_the_falcon_line_the_numbers_and_the_head_are_in_view(cli, server, open_page, shot, scheme):
    game = sahara(cli)
    page = open_sheet(open_page, server, game, scheme)
    seen = page.evaluate(SEEN)
    zoom, grid = seen["zoom"], seen["grid"]
    assert seen["page"] <= 390  # the page itself never scrolls sideways: the sheet scrolls in its box
    assert grid["w"] / 16 >= 24 and grid["h"] / 16 >= 24  # squares a finger can tap
    assert inside(seen["head"], zoom) and inside(seen["falls"], zoom) and inside(seen["first"], zoom)
    falcon = seen["falcon"]
    assert min(falcon["x"] + falcon["w"], zoom["x"] + zoom["w"]) - max(falcon["x"], zoom["x"]) > 200
    left = {t["n"] for t in seen["numbers"] if t["x"] + t["w"] <= grid["x"] and inside(t, zoom)}
    top = {t["n"] for t in seen["numbers"] if t["y"] + t["h"] <= grid["y"] and inside(t, zoom)}
    assert left == set(range(1, 17))  # the row numbers down the left side, every one in view
    assert {1, 2, 4} <= top  # the column numbers over the first column, the apple's and the head's
    assert "Falcon: a snake that crosses the falcon's line" in page.inner_text("#act .legend")
    shot(page, f"serve-phone-sheet-{scheme}")


def test_taps_on_the_picture_draw_a_move_that_is_accepted(cli, server, open_page, wait_seq):
    game = sahara(cli)
    page = open_sheet(open_page, server, game)
    head = page.locator("#grid .sq.head")
    col, row = int(head.get_attribute("data-col")), int(head.get_attribute("data-row"))
    path = legal_path(game, "Ann")
    for step in path:
        col, row = col + {"L": -1, "R": 1}.get(step, 0), row + {"U": -1, "D": 1}.get(step, 0)
        square = page.locator(f'#grid .sq[data-col="{col}"][data-row="{row}"]')
        box = square.bounding_box()
        hit = page.evaluate("([x, y]) => { const n = document.elementFromPoint(x, y); "
                            "return n && n.dataset.col + ',' + n.dataset.row; }",
                            [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
        assert hit == f"{col},{row}"  # the button over the picture's square takes the tap
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert page.inner_text("#path") == " ".join(path)
    page.locator("#move").tap()
    wait_seq(page, 4)
    from companion.shared.session import current

    record, state = current("sssnake", game)
    record.store.close()
    assert saved(game)[0][-1]["type"] == "move" and state.sheets[0].heads == [(col, row)]


def test_crossing_the_falcon_line_twice_is_refused_with_the_clis_line(cli, server, open_page):
    game = sahara(cli)
    page = open_sheet(open_page, server, game)
    col, row = 4, 6
    assert page.locator("#grid .sq.head").get_attribute("data-col") == "4"
    for step in CROSSING.split():
        col, row = col + {"L": -1, "R": 1}.get(step, 0), row + {"U": -1, "D": 1}.get(step, 0)
        page.locator(f'#grid .sq[data-col="{col}"][data-row="{row}"]').tap()
    page.locator("#move").tap()
    page.wait_for_function("document.getElementById('error').textContent.length > 0")
    said = page.inner_text("#error")
    typed = cli("sssnake", "move", "Ann", *CROSSING.split(), "--game", game)
    assert typed.exit_code != 0 and "falcon's line of shadow a second time" in said
    assert said.split("; ")[0] in typed.output  # the rule's words; the advice names each face's own "anyway"
    assert len(saved(game)[0]) == 3  # the cave flips and the apple card: nothing more
