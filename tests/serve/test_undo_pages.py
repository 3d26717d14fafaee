"""Undo, redo and a report's fix on the pages (issue 31), in headless Chromium against the real server: a phone undoes
its own report and the table redoes it, each page showing the CLI's line; a Snits move tapped on a phone is undone
on the table; a refusal reads as the terminal's; "correct my report" starts from the report as it stands; an
ability is taken in two taps; the screen stays awake; nothing runs off the side of a phone held sideways."""
import json

import pytest

pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'sssnake-snits-companion[serve]'")
from playwright.sync_api import expect  # noqa: E402

from tests.serve.served import moving, saved  # noqa: E402

LANDSCAPE = {"width": 844, "height": 390}


def test_a_phone_undoes_its_report_and_the_table_redoes_it(cli, server, open_page, wait_seq):
    game = moving(cli, "Ann,Bob")
    table = open_page(server.table(game))
    ann = open_page(server.player(game, "Ann"), phone=True)
    wait_seq(ann, 3)
    expect(ann.locator("#undo-bar")).to_be_visible()
    ann.locator("#fresh-plus").tap()
    ann.locator("#send").tap()
    wait_seq(table, 4)
    ann.locator("#undo").tap()
    expect(ann.locator("#messages")).to_have_text("undo: report Ann fresh=1")
    expect(ann.locator("#send")).to_be_visible()  # Ann's report is due again
    assert len(saved(game)[0]) == 3
    wait_seq(table, 3)
    table.locator("#redo").click()
    expect(table.locator("#messages")).to_have_text("redo: report Ann fresh=1\nAnn reported; waiting for Bob.")
    assert saved(game)[0][-1] == {"type": "report", "player": "Ann", "fresh": 1}
    expect(ann.locator("#fix")).to_be_visible()  # the phone follows: reported
    expect(table.locator("#error")).to_be_empty()


def test_a_phone_cannot_undo_anothers_report(cli, server, open_page, wait_seq):
    game = moving(cli, "Ann,Bob")
    assert cli("sssnake", "report", "Ann", "--fresh", "2").exit_code == 0
    bob = open_page(server.player(game, "Bob"), phone=True)
    wait_seq(bob, 4)
    bob.locator("#undo").tap()
    expect(bob.locator("#error")).to_contain_text("the last action (report Ann fresh=2) is not Bob's")
    assert len(saved(game)[0]) == 4


def test_the_undo_bar_waits_for_a_name_on_a_phone(cli, server, open_page, wait_seq):
    game = moving(cli, "Ann,Bob")
    phone = open_page(server.player(game), phone=True)
    wait_seq(phone, 3)
    expect(phone.locator("#undo-bar")).to_be_hidden()
    phone.locator('.pick[data-name="Bob"]').tap()
    expect(phone.locator("#undo-bar")).to_be_visible()


def test_a_snits_move_tapped_on_a_phone_is_undone_on_the_table(cli, server, open_page, wait_seq):
    assert cli("snits", "new", "--seed", "3").exit_code == 0
    table = open_page(server.table("snits-1"))
    phone = open_page(server.player("snits-1"), phone=True)
    wait_seq(phone, 0)
    side = next(p.get_attribute("data-name") for p in phone.locator(".pick").all() if p.get_attribute("data-name")
                != "Bolotomus")
    phone.locator(f'.pick[data-name="{side}"]').tap()
    phone.locator(".action", has_text="enter Zipwick Antephellum").first.tap()
    wait_seq(table, 1)
    table.locator("#undo").click()
    expect(table.locator("#messages")).to_have_text("undo: enter Zipwick Antephellum")
    expect(phone.locator(".action", has_text="enter Zipwick Antephellum")).to_have_count(1)  # the phone follows
    assert saved("snits-1")[0] == []


def test_a_snits_phone_undoes_its_own_move_once_it_has_a_side(cli, server, open_page, wait_seq):
    """The Snits phone's undo bar waited for a side and never showed (drawn once, before a side was picked)."""
    assert cli("snits", "new", "--seed", "3").exit_code == 0
    phone = open_page(server.player("snits-1"), phone=True)
    wait_seq(phone, 0)
    expect(phone.locator("#undo-bar")).to_be_hidden()
    phone.locator('.pick[data-name="Snits"]').tap()
    expect(phone.locator("#undo-bar")).to_be_visible()
    phone.locator(".action", has_text="enter Zipwick Antephellum").first.tap()
    wait_seq(phone, 1)
    phone.locator("#undo").tap()
    expect(phone.locator("#messages")).to_have_text("undo: enter Zipwick Antephellum")
    assert saved("snits-1")[0] == []


def test_the_pages_refuse_an_undo_with_the_terminals_line(cli, server, open_page, wait_seq):
    assert cli("sssnake", "new", "--players", "Ann,Bob", "--seed", "3").exit_code == 0
    terminal = cli("sssnake", "undo")
    assert terminal.exit_code == 1 and terminal.output.startswith("error: ")
    table = open_page(server.table("sssnake-1"))
    wait_seq(table, 0)
    table.locator("#undo").click()
    expect(table.locator("#error")).to_have_text(terminal.output[len("error: "):].strip())
    assert table.locator("#error").get_attribute("data-refused") is not None  # shown as "Refused: ..."


def test_correct_my_report_starts_from_the_report(cli, server, open_page, wait_seq):
    game = moving(cli, "Ann,Bob")
    assert cli("sssnake", "report", "Ann", "--fresh", "2", "--end", "shade", "--eliminated").exit_code == 0
    ann = open_page(server.player(game, "Ann"), phone=True)
    wait_seq(ann, 4)
    ann.locator("#fix").tap()
    expect(ann.locator("#out")).to_have_attribute("aria-pressed", "true")
    expect(ann.locator("#fresh")).to_have_text("2")
    expect(ann.locator('[data-end="shade"]')).to_have_attribute("aria-pressed", "true")
    ann.locator("#fresh-minus").tap()
    ann.locator("#send").tap()
    wait_seq(ann, 5)
    assert saved(game)[0][-1] == {"type": "fix", "player": "Ann", "fresh": 1, "end": "h", "out": True}
    sheets = json.loads(cli("sssnake", "status", "--json").output)["state"]["round"]["sheets"]
    assert next(s for s in sheets if s["name"] == "Ann")["report"] == {"fresh": 1, "end": "h", "out": True}


WAKE = """
window.wakeCalls = [];
Object.defineProperty(navigator, "wakeLock", {configurable: true, value: {request(kind) {
  window.wakeCalls.push(kind);
  const sentinel = {released: false, type: kind, addEventListener() {}, release() { this.released = true; }};
  window.wakeSentinels = (window.wakeSentinels || []).concat([sentinel]);
  return Promise.resolve(sentinel);
}}});
"""


def test_every_page_keeps_the_screen_awake(cli, server, open_page, wait_seq):
    game = moving(cli, "Ann,Bob")
    for url in (server.table(game), server.player(game, "Ann")):
        page = open_page("about:blank")
        page.add_init_script(WAKE)
        page.goto(url)
        wait_seq(page, 3)
        page.wait_for_function("window.wakeCalls.length === 1")
        page.evaluate("window.wakeSentinels.forEach((s) => s.release())")  # the browser lets it go when hidden
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")  # shown again
        page.wait_for_function("window.wakeCalls.length === 2")
        assert page.evaluate("window.wakeCalls") == ["screen", "screen"]


def test_a_page_without_a_wake_lock_or_refused_one_says_nothing(cli, server, open_page, wait_seq):
    game = moving(cli, "Ann,Bob")
    for script in ("Object.defineProperty(navigator, 'wakeLock', {configurable: true, value: undefined});",
                   "Object.defineProperty(navigator, 'wakeLock', {configurable: true, value: {request() {"
                   " return Promise.reject(new DOMException('no', 'NotAllowedError')); }}});"):
        page = open_page("about:blank")
        page.add_init_script(script)
        page.goto(server.table(game))
        wait_seq(page, 3)
        expect(page.locator("#error")).to_be_empty()


def test_no_page_runs_off_the_side_of_a_phone_held_sideways(cli, server, open_page, wait_seq, browser):
    sssnake = moving(cli, "Ann,Bob", 3, "--digital", "Bob")  # Bob's sheet scrolls in its own box
    assert cli("snits", "new", "--seed", "3").exit_code == 0
    pages = [server.table(sssnake), server.player(sssnake, "Ann"), server.player(sssnake, "Bob"),
             server.table("snits-1"), server.player("snits-1", "Snits"), server.bolotomus("snits-1")]
    wide = []
    for url in pages:
        page = open_page(url, phone=True)
        page.set_viewport_size(LANDSCAPE)
        wait_seq(page, 0)
        page.wait_for_timeout(300)  # the redraw after the turn
        width = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
        if width[0] > width[1]:
            wide.append(f"{url}: {width[0]} px wide in {width[1]}")
    assert not wide, wide


def test_an_undo_tapped_before_the_redraw_undoes_the_phones_own_report(cli, server, open_page, wait_seq):
    game = moving(cli, "Ann,Bob")
    ann = open_page(server.player(game, "Ann"), phone=True)
    wait_seq(ann, 3)
    ann.route("**/state", lambda route: None)  # the redraw after the report never comes back
    ann.locator("#fresh-plus").tap()
    ann.locator("#send").tap()
    expect(ann.locator("#messages")).to_have_text("Ann reported; waiting for Bob.")
    ann.locator("#undo").tap()
    expect(ann.locator("#messages")).to_have_text("undo: report Ann fresh=1")
    expect(ann.locator("#error")).to_be_empty()
    assert len(saved(game)[0]) == 3


def test_a_writes_lines_go_once_the_game_moves_on(cli, server, open_page, wait_seq):
    """#messages speaks of the page's own last write; another player's action moves the game on and clears them (they
    lingered, read as news of the new state)."""
    game = moving(cli, "Ann,Bob,Cid")
    ann = open_page(server.player(game, "Ann"), phone=True)
    wait_seq(ann, 3)
    ann.locator("#send").tap()
    expect(ann.locator("#messages")).to_have_text("Ann reported; waiting for Bob, Cid.")
    wait_seq(ann, 4)
    assert cli("sssnake", "report", "Bob", "--fresh", "1").exit_code == 0
    wait_seq(ann, 5)
    expect(ann.locator("#messages")).to_have_text("")
