"""The end-of-game table page gives the play to BG Stats (issue 35): G/bgstats answers the link `companion history
--bgstats` prints and its QR code; the page's #bgstats-link goes there and #bgstats-qr shows the code, which zxing-cpp reads
off a screenshot of the page; a game that goes on is refused in the CLI's words."""
import json
from urllib.parse import unquote

from playwright.sync_api import expect

from companion.store.bgstats import LINK
from companion.tokens import qr
from tests.serve.served import g
from tests.serve.test_a11y_snits import new_snits
from tests.serve.test_new_game_pages import finished_solo


def test_the_route_gives_the_cli_s_link_and_refuses_a_game_that_goes_on(cli, client):
    game = finished_solo(cli)
    found = client.get(g(game) + "/bgstats")
    assert found.status_code == 200 and found.headers["cache-control"].startswith("no-store")
    body = found.json()
    assert body["link"] == json.loads(cli("history", "--bgstats", game, "--json").stdout)["link"]
    assert body["qr"].startswith("<svg") and "BG Stats" in body["text"] and body["length"] == len(body["link"])
    snits = new_snits(cli)
    refused = client.get(g(snits) + "/bgstats")
    assert refused.status_code == 400 and refused.json()["error"] == (
        f"{snits} is not over yet; BG Stats takes a finished game (`companion history` lists them)")


def test_the_end_of_game_page_links_the_play_and_shows_its_code(cli, server, open_page, shot, tmp_path):
    game = finished_solo(cli)
    table = open_page(server.table(game), csp=True)  # the code is a data: image: the page's CSP must let it show
    link = table.locator("#bgstats-link")  # no wait_seq: an older Playwright's wait_for_function evaluates a string
    expect(link).to_be_visible()
    href = link.get_attribute("href")
    assert href == server.get(game, "bgstats")["link"]
    play = json.loads(unquote(href.removeprefix(LINK)))
    assert play["players"][0]["name"] == "Ann" and play["players"][0]["winner"] is False
    code = table.locator("#bgstats-qr")
    expect(code).to_be_visible()
    code.screenshot(path=tmp_path / "code.png", caret="initial")  # as the screen shows it (no caret style: CSP)
    assert qr.read(tmp_path / "code.png") == [href]
    box = link.bounding_box()
    assert box and box["height"] >= 24 and box["width"] >= 24
    shot(table, "serve-table-bgstats")
