"""The game pages' scripts in German (issue 36): every word the Sssnake and Snits scripts show goes through common.js'
t()/tn() with a literal English msgid (what Babel and the server's words element read), each has its German in the
compiled catalog, and a page served to a German browser shows them: the Sssnake phone and the Snits table."""
import functools
import gettext
import json
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract

from companion.core import language
from tests.serve.conftest import app, base, browser, open_page, server, shot, wait_seq  # noqa: F401  (serve fixtures)
from tests.serve.served import moving

STATIC = Path(__file__).resolve().parents[2] / "companion" / "serve" / "static"
SCRIPTS = ("sssnake-player.js", "sssnake-table.js", "snits-table.js", "snits-player.js", "snits-actions.js")
CALL = re.compile(r"(?<![\w.$])(tn?)\((\s*)(.?)")  # a call of t( or tn(, and the character its argument starts with


def messages(script: str) -> list:
    """The msgids Babel extracts from a script, as tools/catalog.py does (a plural as (one, many))."""
    with open(STATIC / script, "rb") as file:
        return [message for _line, message, _comments, _context in extract("javascript", file,
                                                                            keywords={"t": None, "tn": (1, 2)})]


@pytest.mark.parametrize("script", SCRIPTS)
def test_every_call_has_a_literal_english_msgid(script):
    text = (STATIC / script).read_text(encoding="utf-8")
    calls = CALL.findall(text)
    assert calls, f"{script} shows no word through t()"
    assert [quote for _name, _space, quote in calls if quote != '"'] == [], f"{script}: t(variable) or t(`...`)"
    found = messages(script)
    assert len(found) == len(calls) and all(found), f"{script}: a call Babel cannot read"


@functools.cache
def compiled_german() -> dict:
    with open(language.catalog_path("de"), "rb") as file:
        return gettext.GNUTranslations(file)._catalog


def german(message) -> str | list[str] | None:
    """The compiled catalog's German for a msgid (a plural's [one, many]); None if it has none."""
    compiled = compiled_german()
    if isinstance(message, tuple):
        pair = [compiled.get((message[0], 0)), compiled.get((message[0], 1))]
        return pair if all(pair) else None
    return compiled.get(message) or None


@pytest.mark.parametrize("script", SCRIPTS)
def test_every_msgid_has_its_german(script):
    missing = [m for m in messages(script) if german(m) is None]
    assert not missing, f"{script}: no German for {missing[:5]} (python tools/catalog.py build)"


def served_words(scripts: tuple[str, ...], words: dict) -> list:
    """The msgids of `scripts` whose German differs from the English but is missing from a page's words element."""
    found = []
    for m in (m for script in scripts for m in messages(script)):
        english, key = (list(m), m[0]) if isinstance(m, tuple) else (m, m)
        if german(m) != english and key not in words:
            found.append(m)
    return found


@pytest.fixture
def german_pages(server):
    """Skips until the server puts the scripts' German into a page for a German browser (companion/serve/speech.py)."""
    import urllib.request

    def check(url):
        request = urllib.request.Request(url, headers={"Accept-Language": "de"})
        with urllib.request.urlopen(request, timeout=10) as reply:
            found = re.search(r'<script type="application/json" id="words">(.*?)</script>', reply.read().decode(), re.S)
        if not found:
            pytest.skip("the server sends no words element to a German browser yet")
        return json.loads(found[1])

    return check


def test_the_sssnake_phone_speaks_german(cli, server, open_page, wait_seq, german_pages, shot):
    game = moving(cli, "Ann,Bob")
    words = german_pages(server.player(game, "Ann"))
    assert words["Who are you? Tap your name."] == "Wer bist du? Tippe deinen Namen an."
    assert served_words(("sssnake-player.js", "sssnake-table.js"), words) == []
    page = open_page(server.player(game, "Ann") + "&lang=de", phone=True)  # the switch
    wait_seq(page, 0)
    column, row = (server.get(game, "state")["view"]["round"][k] for k in ("column", "row"))
    assert page.locator("#next").inner_text() == f"Du bist dran. Der Apfel fiel auf {column},{row}."
    assert page.locator(".report h2").inner_text() == "Deine Runde"
    assert page.locator("#send").inner_text().startswith("Senden: 0 frisch")
    page.locator("#fresh-plus").click()
    assert page.locator("#send").inner_text().startswith("Senden: 1 frisch")
    assert page.locator("#fresh-plus").get_attribute("aria-label") == "○ frisch plus eins"
    shot(page, "sssnake-player-de")  # with SERVE_SCREENSHOTS=DIR set


def test_the_snits_table_speaks_german_and_its_names_stay(cli, server, open_page, wait_seq, german_pages, shot):
    out = cli("snits", "new", "--seed", 7, "--json")
    game = json.loads(out.output)["game"]
    assert served_words(("snits-table.js",), german_pages(server.table(game))) == []
    page = open_page(server.table(game) + "?lang=de")
    wait_seq(page, 0)
    labels = page.locator(".facts .label").all_text_contents()  # as written (the style shows them in capitals)
    assert labels[:4] == ["Phase", "Wer ist dran", "Letzter Wurf", "Punkte"]
    assert page.locator("#phase").inner_text().startswith("Runde 1: ")
    assert re.fullmatch(r"0 von \d+ Organen erledigt; \d+ Snits leben", page.locator("#score").inner_text())
    assert page.locator("#map").get_attribute("aria-label") == "der Spielplan des Bolotomus"
    assert "Lapotum" in page.locator("#map").inner_text()  # the organs' invented names as printed
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "snits-table-phone-de")


def test_an_english_browser_gets_the_same_english_as_before(cli, server, open_page, wait_seq):
    game = moving(cli, "Ann,Bob")
    page = open_page(server.player(game, "Ann"), phone=True)
    wait_seq(page, 0)
    assert page.locator(".report h2").inner_text() == "Your round"
    assert page.locator("#send").inner_text().startswith("Send: 0 fresh")
    assert page.locator("#next").inner_text().startswith("Your turn. The apple fell on ")
