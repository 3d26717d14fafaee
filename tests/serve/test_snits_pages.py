"""The Snits' Revenge pages in a real browser (headless Debian Chromium driven by Playwright, loopback only): the
table page's map, a move tapped on a phone landing on the table, organs filtering the moves, typed dice, and the
Bolotomus' secret never in a public page. With SERVE_SCREENSHOTS=docs/img, the docs' docs/img/snits-*.png."""
import os
import random
import re
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
sync_api = pytest.importorskip("playwright.sync_api", reason="the browser tests need the playwright package "
                                                            "(pip install playwright; the test extra)")
pytest.importorskip("starlette", reason="companion serve needs starlette (pip install 'sssnake-snits-companion[serve]')")
pytest.importorskip("uvicorn", reason="companion serve needs uvicorn (pip install 'sssnake-snits-companion[serve]')")
if not os.access(CHROMIUM, os.X_OK):
    pytest.skip(f"no browser: {CHROMIUM} is missing (apt-get install chromium)", allow_module_level=True)

from companion.shared import session  # noqa: E402
from tests.serve.served import b, g  # noqa: E402

SALT = "pepper-and-salt-42"
SPARK, SPLOPS = "Forebosinator", ["Eye", "Splenox", "Bilgeum"]
SEQ = 10_000  # ms to wait for a page to show a change


def stored_view(game):
    from companion.snits.game import ENGINE

    record, state = session.current("snits", game)
    record.store.close()
    return ENGINE.view(state)


def stored_log(game):
    from tests.serve.served import saved

    return saved(game)[0]


def hidden_setup(**more):
    return {"seed": 7, "dice": "auto", "duty": "Lapotum", "remove": ["Grubnik", "Zoomer"], "spark": True,
            "splops": 3, "hidden": {"spark": SPARK, "splops": SPLOPS, "salt": SALT}, **more}


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield browser
        browser.close()


def urls(base, game):
    """The table, player and Bolotomus pages of a game served at `base`."""
    return f"{base}{g(game)}/", f"{base}{g(game)}/player", f"{base}{b(game)}/"


def page_at(browser, url, width, height):
    page = browser.new_page(viewport={"width": width, "height": height}, bypass_csp=True)  # wait_for_function evals
    page.goto(url)
    return page


def seq_shown(page, seq):
    page.wait_for_selector(f'body[data-seq="{seq}"]', timeout=SEQ)


def test_the_table_page_shows_the_map(browser, base):
    game, _ = session.create("snits", hidden_setup())
    table = page_at(browser, urls(base, game)[0], 1280, 800)
    seq_shown(table, 0)
    assert table.locator("body").get_attribute("data-kind") == "snits"
    assert table.locator("#map svg [data-organ]").count() == 16
    assert table.locator('#map [data-organ="Lapotum"] [data-counter="R1"]').count() == 1  # the duty Runnungitm
    assert "Move Snits" in table.locator("#phase").inner_text()
    assert "Snits" in table.locator("#turn").inner_text()
    assert table.locator("#dice").inner_text()
    table.close()


def test_a_move_tapped_on_a_phone_lands_on_the_table(browser, base):
    game, _ = session.create("snits", hidden_setup())
    table_url, player_url, _ = urls(base, game)
    table = page_at(browser, table_url, 1280, 800)
    phone = page_at(browser, player_url, 390, 844)
    seq_shown(table, 0)
    seq_shown(phone, 0)
    assert sorted(phone.locator(".pick").evaluate_all("bs => bs.map(b => b.dataset.name)")) == ["Bolotomus", "Snits"]
    phone.click('.pick[data-name="Snits"]')
    assert phone.locator("#me").inner_text() == "Snits"
    entry = phone.locator(".action", has_text=re.compile(r"^enter \w+ Antephellum$")).first
    entry.wait_for(timeout=SEQ)
    who = entry.inner_text().split()[1]
    entry.click()
    seq_shown(phone, 1)
    seq_shown(table, 1)
    table.wait_for_selector(f'#map [data-organ="Antephellum"] [data-counter="{who}"]', timeout=SEQ)
    assert phone.locator("#error").inner_text() == ""
    assert who in stored_view(game)["organs"][0]["snits"]  # the Antephellum, as `status` shows it
    # the Bolotomus has nothing to do in the Snits' phase: its phone says so and offers no move
    phone.click('.pick[data-name="Bolotomus"]')
    phone.wait_for_function("document.querySelector('#me').textContent === 'Bolotomus'")
    phone.wait_for_function("document.querySelector('#waiting').textContent.startsWith('Not your go')")
    assert phone.locator(".action").count() == 0
    table.close()
    phone.close()


def test_the_table_shows_the_last_dice(browser, base):
    game, _ = session.create("snits", hidden_setup())
    table_url, player_url, _ = urls(base, game)
    table = page_at(browser, table_url, 1280, 800)
    phone = page_at(browser, player_url + "?name=Snits", 390, 844)
    seq_shown(table, 0)
    seq_shown(phone, 0)
    assert table.locator("#dice").inner_text() == "none yet"
    risky = phone.locator('.action[data-text^="enter "][data-text$=" Fleotis"]').first
    text = risky.get_attribute("data-text")
    assert "in 36 to get in" in risky.inner_text()  # its odds beside it, in the server's words
    risky.click()  # the Fleotis run: two dice, rolled by the companion (auto dice)
    seq_shown(table, 1)
    rolled = stored_log(game)[-1]["dice"]
    assert table.locator("#dice").inner_text() == f"{rolled[0]} {rolled[1]} ({text})"
    table.close()
    phone.close()


def test_a_side_the_computer_plays_is_not_offered(browser, base):
    game, _ = session.create("snits", {**hidden_setup(), "computer": {"sides": ["Bolotomus"]}})
    phone = page_at(browser, urls(base, game)[1], 390, 844)
    seq_shown(phone, 0)
    assert phone.locator(".pick").evaluate_all("bs => bs.map(b => b.dataset.name)") == ["Snits"]
    assert phone.locator(".action").count() == 0  # nobody picked yet
    phone.close()


def test_tapping_an_organ_shows_only_its_moves(browser, base):
    game, _ = session.create("snits", hidden_setup())
    phone = page_at(browser, urls(base, game)[1] + "?name=Snits", 390, 844)
    seq_shown(phone, 0)
    everything = phone.locator(".action:visible").count()
    phone.locator('#minimap [data-organ="Glut"] .hit').click()
    assert phone.locator("#focus").inner_text() == "Only the Glut"
    shown = phone.locator(".action:visible").evaluate_all("bs => bs.map(b => b.dataset.text)")
    assert 0 < len(shown) < everything
    assert all(text.endswith(" Glut") or text == "done" for text in shown)  # `done` stays, after the moves
    phone.click("#all")
    assert phone.locator(".action:visible").count() == everything
    phone.close()


def test_manual_dice_are_tapped_one_row_per_die(browser, base):
    """A game with real dice: the run into the Fleotis asks for its two dice with buttons 1-6 (as `play` asks),
    and the action goes in with them; Back plays nothing."""
    game, _ = session.create("snits", hidden_setup(dice="manual"))
    phone = page_at(browser, urls(base, game)[1] + "?name=Snits", 390, 844)
    seq_shown(phone, 0)
    risky = phone.locator('.action[data-text^="enter "][data-text$=" Fleotis"]').first
    who = risky.get_attribute("data-text").split()[1]
    risky.click()
    phone.wait_for_selector("#dice-box:not([hidden])", timeout=SEQ)
    assert phone.locator("#dice-why").inner_text().startswith(f"{who}'s run into the Fleotis: roll 2 dice")
    assert phone.locator("#dice-rows .die").count() == 2 and phone.locator("#dice-rows .face").count() == 12
    assert phone.locator("#error").inner_text() == ""  # asked for, not refused
    phone.click("#dice-back")
    assert phone.locator("#dice-box").is_hidden() and phone.locator("body").get_attribute("data-seq") == "0"
    phone.locator(f'.action[data-text="enter {who} Fleotis"]').click()
    phone.wait_for_selector("#dice-box:not([hidden])", timeout=SEQ)
    assert phone.locator("#dice-send").is_disabled()
    phone.click('#dice-rows .face[data-die="0"][data-face="1"]')
    phone.click('#dice-rows .face[data-die="1"][data-face="2"]')
    assert phone.locator("#dice-send").inner_text() == "Send the roll: 1 2"
    phone.click("#dice-send")
    seq_shown(phone, 1)
    assert stored_log(game)[-1] == {"type": "enter", "who": who, "to": "Fleotis", "dice": [1, 2]}
    assert phone.locator("#error").inner_text() == ""
    assert "is in and safe" in phone.locator("#result").inner_text()
    phone.close()


def test_the_secret_is_never_in_a_public_page(browser, base):
    game, _ = session.create("snits", hidden_setup())
    table_url, player_url, bolotomus_url = urls(base, game)
    secret = b(game).rsplit("/", 1)[1]
    pages = [page_at(browser, table_url, 1280, 800), page_at(browser, player_url + "?name=Bolotomus", 390, 844),
             page_at(browser, player_url + "?name=Snits", 390, 844)]
    for page in pages:
        seq_shown(page, 0)
        html = page.content()
        assert secret not in html and SALT not in html
        assert "splop" not in html.lower() and "data-spark" not in html and "spark-lies" not in html
        assert page.locator("[data-organ] .counter.popped").count() == 0
        page.close()
    own = page_at(browser, bolotomus_url, 390, 844)
    seq_shown(own, 0)
    assert own.locator("#spark").inner_text() == SPARK
    assert own.locator("#splops").inner_text() == ", ".join(sorted(SPLOPS))
    own.close()


def test_screenshots_for_the_docs(browser, base, tmp_path):
    """A game some turns in (random legal moves, two clans), the table at 1280 x 800 and a phone at 390 x 844, in
    $SERVE_SCREENSHOTS (docs/img for the docs; else a temporary folder: the default run leaves docs/img alone)."""
    img = Path(os.environ.get("SERVE_SCREENSHOTS") or tmp_path)
    from companion.snits.autoplay import choose
    from companion.snits.game import ENGINE

    game, state = session.create("snits", hidden_setup(players=2, remove=None, seed=3))
    rng = random.Random(5)
    while not (state.turn >= 3 and state.phase == "move" and state.actor == 0 and ENGINE.legal_actions(state)):
        state = session.act("snits", game, choose(rng, ENGINE.legal_actions(state))).result.state
    table_url, player_url, _ = urls(base, game)
    img.mkdir(parents=True, exist_ok=True)
    table = page_at(browser, table_url, 1280, 800)
    phone = page_at(browser, player_url + "?name=" + ENGINE.view(state)["to_act"].split()[1], 390, 844)
    for page in (table, phone):
        page.wait_for_function("Number(document.body.dataset.seq) > 0", timeout=SEQ)
    phone.wait_for_selector(".action", timeout=SEQ)
    table.screenshot(path=str(img / "snits-table.png"))
    organ = phone.locator("#minimap [data-organ].has-moves").first  # a tap on an organ with moves filters them
    organ.click()
    assert phone.locator("#focus").inner_text() == f"Only the {organ.get_attribute('data-organ')}"
    phone.evaluate("window.scrollTo(0, document.querySelector('.where').offsetTop - 8)")
    phone.screenshot(path=str(img / "snits-player.png"))
    assert (img / "snits-table.png").stat().st_size > 10_000
    table.close()
    phone.close()


def test_the_side_picker_changes_side_and_a_link_does_not_override_it(browser, base):
    game, _ = session.create("snits", hidden_setup())
    phone = page_at(browser, urls(base, game)[1] + "?name=Snits", 390, 844)
    seq_shown(phone, 0)
    assert phone.locator("#me").inner_text() == "Snits"
    phone.click('.pick[data-name="Bolotomus"]')  # the link names the Snits: the tap still changes side
    phone.wait_for_selector('.pick[data-name="Bolotomus"][aria-pressed="true"]', timeout=SEQ)
    assert phone.locator("#me").inner_text() == "Bolotomus"
    phone.reload()  # the same link again: the side this phone picked
    seq_shown(phone, 0)
    phone.wait_for_function("document.querySelector('#waiting').textContent.startsWith('Not your go')", timeout=SEQ)
    assert phone.locator("#me").inner_text() == "Bolotomus"
    phone.close()
