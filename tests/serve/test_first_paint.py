"""A digital player's phone paints its sheet with the page (issue 31: the first paint under 1 s at 4x CPU throttle):
the player page's first answer carries the sheet's drawing, the very one G/sheet.svg returns, when ?name=NAME names
a digital player whose move (or marks) is due, and as JSON data the state and the sheet its scripts would fetch
first; the page's script lays its tap grid over that same <svg> and fetches none of them. Behaviour, never time: the benchmark (benchmarks/serve_latency.py --sheet) times it.
Fixtures: tests/serve/conftest.py."""
import json
import re

import pytest

from tests.serve.conftest import PHONE, TIMEOUT_MS
from tests.serve.served import g
from tests.serve.test_sheet_svg import sahara

pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'sssnake-snits-companion[serve]'")

EARLY = re.compile(r'<div id="act"><section class="box move"><div id="sheet-first" class="sheet-zoom" data-player="([^"]*)" data-seq="(\d+)">'
                   r'<div class="sheet-pic">(<svg.*?</svg>)</div>'
                   r'<script type="application/json" id="sheet-json">([^<]*)</script></div></section></div></div>'
                   r'<script type="application/json" id="state-first">([^<]*)</script>', re.S)


def first_answer(client, game: str, query: str = "?name=Ann") -> str:
    got = client.get(g(game) + "/player" + query)
    assert got.status_code == 200 and got.headers["cache-control"] == "no-store"
    return got.text


def test_the_page_carries_the_players_sheet_as_g_sheet_svg_draws_it(cli, client):
    game = sahara(cli)
    page = first_answer(client, game, "?name=ann")  # as the page matches the link's name: any case
    found = EARLY.search(page)
    assert found and found.group(1, 2) == ("Ann", "3")
    assert found.group(3) == client.get(g(game) + "/sheet.svg?player=Ann").text  # one drawing, not a second
    assert json.loads(found.group(4)) == client.get(g(game) + "/sheet/Ann").json()  # what the script would fetch
    assert json.loads(found.group(5)) == client.get(g(game) + "/state").json()
    assert page.index("sheet-first") < page.index('<script src="/static/common.js">')  # before any script
    assert '<link rel="stylesheet" id="sssnake-css" href="/static/sssnake.css">' in page  # sized at the first paint


def test_the_terrain_is_tiled_each_square_once_with_no_use_outside_the_defs(cli, client):
    from tests.serve.test_sheet_svg import SVG, svg_of

    text, root = svg_of(client, sahara(cli))
    assert "<use" not in text[text.index("</defs>"):]  # a browser builds no tree of <use> for the terrain
    ids = {el.get("id") for el in root.iter(f"{SVG}g")}
    rows = [g for g in root.findall(f"{SVG}g") if any(r.get("fill", "").startswith("url(#tile-") for r in g)]
    assert len(rows) == 16
    for row in rows:
        runs = [r for r in row.findall(f"{SVG}rect") if r.get("fill", "").startswith("url(#tile-")]
        assert round(sum(float(r.get("width")) for r in runs) / float(root.get("data-cell"))) == 16
        patterns = {r.get("fill")[5:-1] for r in runs}  # each tile: one square's own drawing in <defs>
        for tile in patterns:
            used = root.find(f".//{SVG}pattern[@id='{tile}']/{SVG}use")
            assert used is not None and used.get("{http://www.w3.org/1999/xlink}href")[1:] in ids


def test_the_json_in_the_page_can_neither_close_its_element_nor_open_markup():
    from companion.serve.sheet_svg import data

    said = {"name": "</script><b>&amp;<!--"}
    block = data("state-first", said)
    inner = block[len('<script type="application/json" id="state-first">'):-len("</script>")]
    assert not set("<>&") & set(inner) and json.loads(inner) == said


def test_no_sheet_in_the_page_for_a_paper_player_a_stranger_or_no_move_due(cli, client):
    game = sahara(cli)
    for query in ("", "?name=Bob", "?name=Zed", "?name=" + "A" * 65):
        assert "sheet-first" not in first_answer(client, game, query), query
    assert "sheet-first" not in client.get(g(game) + "/").text  # the table page draws no sheet
    out = cli("sssnake", "new", "--players", "Ann,Bob", "--seed", "11", "--landscape", "sahara", "--digital", "Ann",
              "--json")
    assert "sheet-first" not in first_answer(client, json.loads(out.output)["game"])  # a flip is due, no move
    assert cli("snits", "new", "--seed", "1").exit_code == 0
    assert "sheet-first" not in first_answer(client, "snits-1", "?name=Snits")


def test_the_sheet_is_painted_before_any_script_of_the_page_runs(cli, server, browser):
    game = sahara(cli)
    context = browser.new_context(**PHONE)  # the page's Content-Security-Policy kept: the drawing needs no inline style
    context.set_default_timeout(TIMEOUT_MS)
    broken: list[str] = []
    try:
        page = context.new_page()
        page.on("console", lambda msg: broken.append(msg.text) if "Content Security Policy" in msg.text else None)
        page.route("**/*.js", lambda route: route.abort())  # no script at all: what the first answer paints
        page.goto(server.player(game, "Ann"))
        svg = page.locator("#sheet-first .sheet-pic svg")
        box = svg.bounding_box()
        assert box and box["width"] >= 16 * 24 and box["height"] >= 16 * 24  # drawn at a finger's size, scrolling
        assert svg.locator(':scope > polyline[stroke="#5b2a86"]').count() == 1  # Sahara's falcon line
        assert page.evaluate("document.body.dataset.seq") == "-1"  # nothing of the page's own drawing ran
        assert not broken
    finally:
        context.close()


AT_PARSE = """document.addEventListener("DOMContentLoaded", () => {  // the drawing the HTML came with, and
    window.early = document.querySelector("#sheet-first svg");       // whether it ever left the page
    window.left = 0;
    new MutationObserver((changes) => changes.forEach((change) => change.removedNodes.forEach((node) => {
        if (node.contains(window.early)) window.left += 1;
    }))).observe(document, {childList: true, subtree: true});
}, {once: true});"""
SAME = """() => window.early instanceof SVGSVGElement && window.left === 0
    && document.querySelector("#act .sheet-pic svg") === window.early
    && document.querySelectorAll("svg.sheet-svg").length === 1 && !document.getElementById("sheet-first")"""


def test_the_grid_is_laid_over_the_drawing_the_page_came_with_which_never_leaves_the_page(cli, server, browser, wait_seq):
    game = sahara(cli)
    context = browser.new_context(**PHONE)
    context.set_default_timeout(TIMEOUT_MS)
    asked: list[str] = []
    broken: list[str] = []
    try:
        page = context.new_page()  # the page's Content-Security-Policy kept: every style set through the CSSOM
        page.on("request", lambda request: asked.append(request.url))
        page.on("console", lambda msg: broken.append(msg.text) if "Content Security Policy" in msg.text else None)
        page.add_init_script(AT_PARSE)
        page.goto(server.player(game, "Ann"))
        wait_seq(page, 3)
        page.locator("#grid .sq.head").wait_for()
        assert page.evaluate(SAME)
        col = page.locator("#grid .sq.head").get_attribute("data-col")
        page.locator(f'#grid .sq.near[data-col="{col}"]').first.tap()  # a step drawn: the page redrawn round it
        page.locator("#grid .sq.path").wait_for()
        assert page.evaluate(SAME) and page.inner_text("#path") != "–"
        assert page.evaluate("document.querySelector('#act .sheet-pic').style.getPropertyValue('--sheet-squares')")
        assert not broken
        assert not [url for url in asked if re.search(r"/(sheet\.svg|sheet/Ann|state)\b", url)]  # fetched none
    finally:
        context.close()


def test_a_phone_that_chose_another_player_drops_the_links_sheet(cli, server, open_page, wait_seq):
    game = sahara(cli)
    page = open_page(server.player(game, "Bob"))
    page.locator("#change").wait_for()  # Bob chosen on this phone (its localStorage), then the link names Ann
    page.goto(server.player(game, "Ann"))
    wait_seq(page, 3)
    assert page.inner_text("#me") == "Bob" and page.locator("#sheet-first, .sheet-pic svg").count() == 0
