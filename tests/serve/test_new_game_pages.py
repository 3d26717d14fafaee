"""The table page starts games and the pages look things up (issue 31), in headless Chromium: a new game from the
table page's form lands on its table page; a finished solo game shows its final score and rank, and one tap on
Rematch starts the same game, which the old phones link to; the round's summary shows once a round closes; score,
deck, hint, rules topics and the display's cards open in the look-up dialog in the CLI's words; axe-core stays
clean on all of it. With SERVE_SCREENSHOTS=DIR, the docs' screenshots (serve-table-*.png) are taken."""
import json

import pytest
from playwright.sync_api import expect

from tests.serve.served import moving
from tests.serve.test_a11y import axe, said
from tests.serve.test_a11y_snits import new_snits


def finished_solo(cli) -> str:
    """A solo Sssnake game played to its end at once: the cave, one apple, and the snake eliminated."""
    assert cli("sssnake", "new", "--players", "Ann", "--seed", "3", "--landscape", "fjord").exit_code == 0
    for _ in range(2):
        assert cli("sssnake", "flip").exit_code == 0
    assert cli("sssnake", "report", "Ann", "--eliminated").exit_code == 0
    return "sssnake-1"


def test_a_new_two_player_game_from_the_table_page_form(cli, server, open_page, wait_seq, shot):
    game = moving(cli, "Ann,Bob")
    table = open_page(server.table(game))
    wait_seq(table, 3)
    table.click("#new-game summary")
    expect(table.locator("#new-players li")).to_have_count(2)
    assert table.locator("#new-players .name").evaluate_all("(ns) => ns.map((n) => n.value)") == ["Ann", "Bob"]
    table.get_by_label("Player 1's name").fill("Cid")
    table.select_option("#new-landscape", "sahara")
    table.locator("#new-players li").nth(1).get_by_label("digital sheet").check()
    table.evaluate("document.activeElement.blur()")
    shot(table, "serve-table-new-game")
    table.click("#new-game-start")
    table.wait_for_url("**/g/sssnake-2/*/")
    assert table.url == server.table("sssnake-2")
    wait_seq(table, 0)
    expect(table.locator("#game")).to_have_text("sssnake-2")
    setup = json.loads(cli("sssnake", "log", "--game", "sssnake-2", "--json").output)["setup"]
    assert setup["players"] == ["Cid", "Bob"] and setup["landscape"] == "sahara" and setup["digital"] == ["Bob"]
    assert "sssnake-2" in cli("games").output


def test_a_refused_new_game_says_the_cli_s_line_and_starts_nothing(cli, server, open_page, wait_seq):
    game = moving(cli, "Ann,Bob")
    table = open_page(server.table(game))
    wait_seq(table, 3)
    table.click("#new-game summary")
    table.get_by_label("Player 2's name").fill("Ann")
    table.click("#new-game-start")
    said_by_cli = cli("sssnake", "new", "--players", "Ann,Ann").output
    expect(table.locator("#new-game-error")).not_to_be_empty()
    assert f"error: {table.locator('#new-game-error').text_content()}" in said_by_cli
    assert "sssnake-2" not in cli("games").output and table.url == server.table(game)


def test_after_a_solo_game_one_tap_starts_the_rematch(cli, server, open_page, wait_seq, shot):
    game = finished_solo(cli)
    table = open_page(server.table(game))
    phone = open_page(server.player(game, "Ann"), phone=True)
    wait_seq(table, 3)
    expect(table.locator("#after-game")).to_be_visible()
    assert table.locator("#final-score").text_content() + "\n" == cli("sssnake", "score").output
    expect(table.locator("#solo-rank")).to_have_text(json.loads(cli("sssnake", "score", "--json").output)["solo_rank"])
    shot(table, "serve-table-after-game")
    table.click("#rematch")
    table.wait_for_url("**/g/sssnake-2/*/")
    assert table.url == server.table("sssnake-2")
    setup = json.loads(cli("sssnake", "log", "--game", "sssnake-2", "--json").output)["setup"]
    assert setup["players"] == ["Ann"] and setup["landscape"] == "fjord"
    link = phone.locator("#next-game-link")  # the old game's phone links to the new game's player page
    expect(link).to_be_visible(timeout=10000)
    assert link.get_attribute("href") == server.player("sssnake-2", "Ann").removeprefix(server.base)
    expect(table.locator("#join img")).to_be_visible()  # the new table page's code for the phones


def test_the_round_summary_shows_once_a_round_closes(cli, server, open_page, wait_seq):
    game = moving(cli, "Ann,Bob")
    table = open_page(server.table(game))
    wait_seq(table, 3)
    expect(table.locator("#round-summary")).to_be_hidden()
    closed = cli("sssnake", "round", "Ann 2 Bob 1", "--game", game).output
    wait_seq(table, 4)
    expect(table.locator("#round-summary")).to_be_visible()
    lines = table.locator("#round-lines li").all_text_contents()
    assert lines and "\n".join(lines) in closed
    expect(table.locator("#round-summary-title")).to_contain_text("flip 3")


def test_look_ups_open_in_the_dialog_in_the_cli_s_words(cli, server, open_page, wait_seq):
    game = moving(cli, "Ann,Bob", 3, "--digital", "Bob")
    phone = open_page(server.player(game, "Bob"), phone=True)
    wait_seq(phone, 3)
    phone.click("#look-hint")
    expect(phone.locator("#lookup")).to_be_visible()
    said_by_cli = json.loads(cli("sssnake", "hint", "Bob", "--json").output)
    assert phone.locator("#lookup-text").text_content().split("\n")[1:] == said_by_cli["why"]
    phone.click("#lookup-close")
    phone.click("#look-score")
    expect(phone.locator("#lookup-text")).to_have_text(cli("sssnake", "score").output.rstrip("\n"))
    phone.click("#lookup-close")
    phone.click("#rules summary")
    phone.click('#topics button[data-topic="scoring"]')
    expect(phone.locator("#lookup-title")).to_have_text("scoring")
    words = " ".join(cli("sssnake", "rules", "scoring").output.split())
    assert " ".join(phone.locator("#lookup-text").text_content().split()) == words
    paper = open_page(server.player(game, "Ann"), phone=True)
    wait_seq(paper, 3)
    expect(paper.locator("#look-deck")).to_be_visible()
    assert paper.locator("#look-hint").count() == 0  # a paper player has no hint to ask for
    table = open_page(server.table(game))
    wait_seq(table, 3)
    card = table.locator("#display button.card[data-number]").first
    number = card.get_attribute("data-number")
    card.click()
    words = " ".join(cli("sssnake", "card", number).output.split())
    expect(table.locator("#lookup-text")).to_be_visible()
    assert " ".join(table.locator("#lookup-text").text_content().split()) == words


@pytest.mark.parametrize("scheme", ("light", "dark"))
def test_axe_stays_clean_on_the_new_sections(cli, server, open_page, wait_seq, scheme, shot):
    game = moving(cli, "Ann,Bob", 3, "--digital", "Bob")
    assert cli("sssnake", "round", "Ann 2", "--game", game).exit_code == 0
    solo = finished_solo_after(cli)
    snits = new_snits(cli)
    found = []
    for name, url, phone, step in (
            ("table-form", server.table(game), False, lambda p: p.click("#new-game summary")),
            ("table-card", server.table(game), False, lambda p: p.locator("#display button.card").first.click()),
            ("table-over", server.table(solo), False, lambda p: None),
            ("phone-form", server.table(game), True, lambda p: p.click("#new-game summary")),
            ("phone-over", server.table(solo), True, lambda p: None),
            ("snits-form", server.table(snits), False, lambda p: p.click("#new-game summary")),
            ("phone-rules", server.player(game, "Bob"), True, lambda p: p.click("#rules summary"))):
        page = open_page(url, phone=phone)
        page.emulate_media(color_scheme=scheme)
        wait_seq(page, 0)
        page.wait_for_timeout(300)  # the look-ups' own answers are drawn
        step(page)
        page.wait_for_timeout(300)
        bad = axe(page)  # every rule, every impact (minor and moderate too: issue 31)
        if bad:
            found.append(f"{name} ({scheme}):\n{said(bad)}")
        shot(page, f"serve-{name}-{scheme}")
    assert not found, "axe-core:\n" + "\n".join(found)


def finished_solo_after(cli) -> str:
    """A finished solo game beside the others (the latest game, so the CLI's commands reach it)."""
    assert cli("sssnake", "new", "--players", "Ann", "--seed", "3").exit_code == 0
    for _ in range(2):
        assert cli("sssnake", "flip").exit_code == 0
    assert cli("sssnake", "report", "Ann", "--eliminated").exit_code == 0
    return json.loads(cli("games", "--json").output)[0]["id"]
