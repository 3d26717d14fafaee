"""The served pages in German (docs/german.md): the browser's Accept-Language (or the ?lang= switch, kept in a
cookie) picks the language of the page, of its scripts' words and of every line the server words; the JSON the scripts
read as data is the same in both. The axe check of the German pages: tests/serve/test_a11y.py."""
import importlib.util
import json
import re
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the serve extra is not installed (pip install -e '.[serve]')")

from companion.serve import speech  # noqa: E402
from tests.serve.conftest import app, base, browser, client, open_page, server  # noqa: E402,F401
from tests.serve.served import g, moving  # noqa: E402
from tests.serve.test_browser import prefix  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
GERMAN = {"Accept-Language": "de-CH,de;q=0.9,en;q=0.5"}


def words_of(page: str) -> dict:
    found = re.search(r'<script type="application/json" id="words">(.*?)</script>', page, re.S)
    return json.loads(found[1]) if found else {}


@pytest.mark.parametrize("header, lang", [
    ("de", "de"), ("de-CH", "de"), ("de-AT,en;q=0.5", "de"), ("en-US,en;q=0.9,de;q=0.8", "en"),
    ("fr-FR, de;q=0.5, en;q=0.4", "de"), ("en;q=0.2, de-DE;q=0.7", "de"), ("fr", None), ("de;q=0", None), ("", None),
    ("de;q=oops, en", "en")])
def test_the_browser_s_languages_are_ranked_by_their_q_values(header, lang):
    assert speech.accepted(header) == lang


def test_a_german_browser_gets_the_page_in_german_with_the_switch(cli, client):
    game = moving(cli, "Ann,Bob")
    page = client.get(g(game) + "/", headers=GERMAN).text
    assert '<html lang="de">' in page and "<title>Der Tisch · companion</title>" in page
    assert '<span class="label">Als Nächstes:</span>' in page and "{{" not in page
    assert '<nav class="langs" aria-label="Sprache">' in page
    assert '<a href="?lang=de" hreflang="de" aria-current="true" lang="de">Deutsch</a>' in page
    assert '<a href="?lang=en" hreflang="en" lang="en">English</a>' in page
    said = words_of(page)
    assert said["Refused: "] == "Abgelehnt: " and said["New game"] == "Neue Partie"  # common.js', lookups.js'
    english = client.get(g(game) + "/").text
    assert '<html lang="en">' in english and "<title>The table · companion</title>" in english
    assert 'id="words"' not in english and "{{" not in english


def test_the_switch_wins_over_the_browser_and_is_kept(cli, client):
    game = moving(cli, "Ann,Bob")
    got = client.get(g(game) + "/player?name=Ann&lang=en", headers=GERMAN)
    assert '<html lang="en">' in got.text and "lang=en" in got.headers["set-cookie"]
    assert '<a href="?name=Ann&amp;lang=de" hreflang="de" lang="de">Deutsch</a>' in got.text  # the name stays
    assert '<html lang="en">' in client.get(g(game) + "/player", headers=GERMAN).text  # the cookie, then
    client.cookies.clear()
    assert '<html lang="de">' in client.get(g(game) + "/player", headers=GERMAN).text


def test_the_words_sent_are_the_page_s_scripts_words_only(cli, client):
    """The words element holds the translations of the msgids of the page's own scripts, none of another page's."""
    game = moving(cli, "Ann,Bob")
    said = words_of(client.get(g(game) + "/", headers=GERMAN).text)
    ids = {one for name in ("common.js", "lookups.js", "sssnake-table.js") for one, _many in
           speech.script_messages(name)}
    assert said and set(said) <= ids
    others = {one for one, _many in speech.script_messages("bolotomus.js")} - ids
    assert others and not others & set(said)  # the Bolotomus page's own: not on the table page


def test_the_server_reads_the_scripts_words_as_the_catalog_does():
    """speech.py's reading of t() and tn() (at run time, without Babel) finds what tools/catalog.py extracts."""
    spec = importlib.util.spec_from_file_location("catalog_tool", ROOT / "tools" / "catalog.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    babel = {}
    for message, _context, location in tool.js_messages():
        name = Path(location.rsplit(":", 1)[0]).name
        babel.setdefault(name, set()).add(message if isinstance(message, str) else tuple(message))
    for name, wanted in babel.items():
        ours = {one if many is None else (one, many) for one, many in speech.script_messages(name)}
        assert ours == wanted, name


def test_a_refusal_posted_from_a_german_page_comes_back_in_german(cli, client):
    game = moving(cli, "Ann,Bob")
    seq = client.get(g(game) + "/state").json()["seq"]
    got = client.post(g(game) + "/undo", json={"seq": seq - 1}, headers=GERMAN)
    assert got.status_code == 400
    assert got.json()["error"].startswith(f"die Partie ist weitergegangen: die Seite zeigte {seq - 1} Aktionen")
    got = client.post(g(game) + "/undo", json={"seq": "x"}, headers=GERMAN)
    assert got.json()["error"] == 'schicke ein JSON-Objekt: {} von der Tischseite oder {"player": NAME, "seq": N} ' \
                                  "von der Seite eines Spielers"
    got = client.post(g(game) + "/act", content=b"{}", headers={**GERMAN, "Content-Type": "text/plain"})
    assert got.status_code == 415 and got.json()["error"].startswith("schicke die Aktion als JSON")
    dead = client.get(f"/g/{game}/aaaaaaaaaaaaaaaa/state", headers=GERMAN).json()["error"]
    assert dead.endswith("scanne den Code noch einmal")
    assert client.get("/nowhere", headers=GERMAN).json() == {"error": "nicht gefunden"}
    english = client.post(g(game) + "/undo", json={"seq": seq - 1}).json()["error"]
    assert english.startswith(f"the game moved on: the page showed {seq - 1} actions")


def test_a_dead_link_s_page_reads_in_german(cli, client):
    game = moving(cli, "Ann,Bob")
    got = client.get(f"/g/{game}/aaaaaaaaaaaaaaaa/player", headers=GERMAN)
    assert got.status_code == 404 and '<html lang="de">' in got.text
    assert "Scanne den Code noch einmal" in got.text and "{{" not in got.text


PEOPLE = ("next_text", "status")  # the lines a page shows as they are; the rest is data


def data_only(state: dict) -> dict:
    kept = {k: v for k, v in state.items() if k not in PEOPLE}
    if kept.get("last"):
        kept["last"] = {k: v for k, v in kept["last"].items() if k != "text"}
    return kept


def test_the_state_is_the_same_data_in_german_and_english(cli, client):
    game = moving(cli, "Ann,Bob", 3, "--digital", "Bob")
    for path in ("state", "sheet/Bob", "legal?player=Ann", "options", "deck", "score"):
        de = client.get(f"{g(game)}/{path}", headers=GERMAN).json()
        en = client.get(f"{g(game)}/{path}", headers={"Accept-Language": "en"}).json()
        if path == "state":
            assert data_only(de) == data_only(en)
        elif path.startswith("legal"):
            assert [a["action"] for a in de["actions"]] == [a["action"] for a in en["actions"]]
            assert {k: v for k, v in de.items() if k != "actions"} == {k: v for k, v in en.items() if k != "actions"}
        elif path.startswith("sheet"):
            assert {k: v for k, v in de.items() if k != "legend"} == {k: v for k, v in en.items() if k != "legend"}
        else:
            assert {k: v for k, v in de.items() if k != "text"} == {k: v for k, v in en.items() if k != "text"}


def test_the_sheet_and_the_board_are_named_in_german(cli, client):
    game = moving(cli, "Ann,Bob", 3, "--digital", "Bob")
    drawing = client.get(f"{g(game)}/sheet.svg?player=Bob", headers=GERMAN).text
    assert 'aria-label="Am Fluss: dein Spielbogen wie gedruckt, mit deinen Bleistiftstrichen"' in drawing
    english = client.get(f"{g(game)}/sheet.svg?player=Bob").text
    assert 'aria-label="Am Fluss: your sheet as printed, with your pencil marks"' in english
    assert english.replace("your sheet as printed, with your pencil marks", "") == drawing.replace(
        "dein Spielbogen wie gedruckt, mit deinen Bleistiftstrichen", "")


def test_a_german_page_in_the_browser(cli, server, open_page):
    """The page speaks German as it runs (under the pages' Content-Security-Policy): the feed's word, the refusal's
    prefix (common.js' t("Refused: ") given to the stylesheet), and the switch back to English keeps the name."""
    from playwright.sync_api import expect

    game = moving(cli, "Ann,Bob", 3, "--digital", "Bob")
    page = open_page(server.player(game, "Ann") + "&lang=de", phone=True, csp=True)
    expect(page.locator("#live")).to_have_text("live")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator(".next .label")).to_have_text("Als Nächstes:")
    page.evaluate("Companion.showError('zu viele Äpfel', true)")
    assert prefix(page) == '"Abgelehnt: "'
    page.click("a[hreflang=en]")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    assert "name=Ann" in page.url
    page.evaluate("Companion.showError('too many apples', true)")
    assert prefix(page) == '"Refused: "'
