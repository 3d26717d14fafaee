"""The Snits' Revenge phone and table at 390 px (issue 31): the map opens on the player's own pieces, its counter
names (and the table's) at least 10 px, an organ tapped zooms to it, a list view, odds beside a kick, the result of
a tap in view; and whole games played through the pages alone (two Snit phones and the Bolotomus' private page),
each tap one of the legal actions a seeded random player picks, with an undo and a redo on the pages and the
rematch from the table page. Fixtures: conftest.py."""
import random

import pytest

from companion.shared import session
from tests.serve.test_a11y_snits import smallest_counter_name
from tests.serve.test_bolotomus_page import SETUP, in_view, stored

pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'sssnake-snits-companion[serve]'")


def snits_inside(game: str) -> None:
    """Zipwick and Bonk into the Glut, Smashel into the Antephellum, and on to the Snit Kicking."""
    for who, to in (("Zipwick", "Glut"), ("Bonk", "Glut"), ("Smashel", "Antephellum")):
        session.act("snits", game, {"type": "enter", "who": who, "to": to})
    session.act("snits", game, {"type": "done"})


def test_the_phone_map_opens_on_my_pieces_readable(home, server, open_page, wait_seq, shot):
    game, _ = session.create("snits", SETUP)
    snits_inside(game)
    phone = open_page(server.player(game, "Snits"), phone=True)
    wait_seq(phone, 4)
    phone.locator("#actions .action").first.wait_for()
    assert in_view(phone, "Zipwick") and in_view(phone, "Smashel")
    assert smallest_counter_name(phone, "#minimap") >= 10
    kick = phone.locator('.action[data-text="kick Bonk Snorg"]')
    assert kick.locator(".odds").inner_text() == "4 in 6 to kill the Snorg"  # a hammer Snit
    buttons = phone.locator(".action").evaluate_all("bs => bs.map(b => b.dataset.text)")
    assert buttons[-1] == "done" and buttons[0] != "done"
    for scheme in ("light", "dark"):
        phone.emulate_media(color_scheme=scheme)
        shot(phone, f"snits-phone-{scheme}")


def test_an_organ_tapped_zooms_to_it_and_the_list_view_lists_my_organs(home, server, open_page, wait_seq):
    game, _ = session.create("snits", SETUP)
    snits_inside(game)
    phone = open_page(server.player(game, "Snits"), phone=True)
    wait_seq(phone, 4)
    phone.locator("#actions .action").first.wait_for()
    phone.locator('#minimap [data-organ="Glut"] .hit').click()
    assert phone.locator("#focus").inner_text() == "Only the Glut"
    box = phone.locator("#minimap").bounding_box()
    glut = phone.locator('#minimap [data-organ="Glut"]').bounding_box()
    assert glut["width"] > 0.8 * box["width"]  # zoomed: the organ fills the map's box
    assert in_view(phone, "Zipwick") and in_view(phone, "Bonk")
    shown = phone.locator("#actions .action:visible").evaluate_all("bs => bs.map(b => b.dataset.text)")
    assert shown and all("Zipwick" in t or "Bonk" in t for t in shown)  # the Snits in the Glut: kicks, a pack
    phone.click("#all")
    assert phone.locator('#minimap [data-organ="Glut"]').bounding_box()["width"] < 0.8 * box["width"]
    phone.click("#list-view")
    assert phone.locator("#minimap").is_hidden()
    listed = phone.locator(".organ-pick").evaluate_all("bs => bs.map(b => b.dataset.organ)")
    assert listed == ["Antephellum", "Glut"]
    assert "Zipwick, Bonk" in phone.locator('.organ-pick[data-organ="Glut"]').inner_text()
    phone.click('.organ-pick[data-organ="Antephellum"]')
    assert phone.locator("#focus").inner_text() == "Only the Antephellum"
    assert phone.locator("#actions .action:visible").evaluate_all("bs => bs.map(b => b.dataset.text)") == [
        "kick Smashel Snorg"]


def test_the_result_of_a_tap_is_in_view(home, server, open_page, wait_seq):
    game, _ = session.create("snits", SETUP)
    snits_inside(game)
    phone = open_page(server.player(game, "Snits"), phone=True)
    wait_seq(phone, 4)
    phone.locator('.action[data-text="kick Smashel Snorg"]').click()
    wait_seq(phone, 5)
    phone.wait_for_function("document.querySelector('#result').textContent.includes('Kick by Smashel')")
    top, bottom = phone.evaluate("[document.querySelector('#result').getBoundingClientRect().top, "
                                 "document.querySelector('#result').getBoundingClientRect().bottom]")
    assert 0 <= top and bottom <= 844


def test_the_table_map_is_readable_on_a_phone(home, server, open_page, wait_seq):
    game, _ = session.create("snits", SETUP)
    table = open_page(server.table(game), phone=True)
    wait_seq(table, 0)
    table.wait_for_selector("#map svg.readable")
    assert smallest_counter_name(table, "#map") >= 10
    assert table.evaluate("document.documentElement.scrollWidth") <= 390  # the map scrolls in its box, not the page


def play_through_pages(server, open_page, wait_seq, setup: dict, most: int) -> tuple[str, int]:
    """A whole game from the pages alone: each side's page taps one of its legal actions (autoplay's seeded random
    player), the Snit clans each on their own phone, the Bolotomus on its private page; the first Snit action is
    undone on its phone and redone on the table page, the Bolotomus' first undone and redone on its own page; once
    won, the table page's Rematch starts the same game. (winner, actions)."""
    from companion.snits.autoplay import choose

    game, state = session.create("snits", setup)
    rng = random.Random(f"pages:{setup['seed']}")
    clans = list(dict.fromkeys(s["clan"] for s in server.get(game, "state")["view"]["snits"]))
    sides = clans[:setup.get("players", 1)] if setup.get("players", 1) > 1 else ["Snits"]
    pages = {side: open_page(server.player(game, side), phone=True) for side in sides}
    pages["Bolotomus"] = open_page(server.bolotomus(game), phone=True)
    table = open_page(server.table(game))
    stepped = set()  # the pages that have undone and redone an action
    for seq in range(most):
        legal = {side: server.get(game, f"legal?player={side}")["actions"] for side in pages}
        side = next((s for s, found in legal.items() if found), None)
        if side is None:
            break
        actions = [a["action"] for a in legal[side]]
        index = actions.index(choose(rng, actions))
        page = pages[side]
        wait_seq(page, seq)
        page.locator(f'.action[data-index="{index}"]').click()
        wait_seq(page, seq + 1)
        assert page.locator("#error").inner_text() == "", page.locator("#error").inner_text()
        who = "Bolotomus" if side == "Bolotomus" else "Snits"
        if who not in stepped:
            stepped.add(who)
            undo_and_redo(page, page if who == "Bolotomus" else table, game, seq, legal[side][index]["text"])
    state, log = stored(game)
    assert state.phase == "over", f"not over after {most} actions"
    assert stepped == {"Snits", "Bolotomus"}
    wait_seq(table, len(log))
    assert "won" in table.locator("#turn").inner_text()
    for page in pages.values():
        page.wait_for_function("document.querySelector('#waiting').textContent === 'The game is over.'")
    rematch(server, table, game, pages["Bolotomus"])
    return state.winner, len(log)


def undo_and_redo(page, redo_page, game: str, seq: int, text: str) -> None:
    """The action just tapped (the log's seq+1-th) undone on its page, which says so as the terminal does, and redone
    on `redo_page`: the log as it was, every page following."""
    from playwright.sync_api import expect

    done = stored(game)[1]
    page.locator("#undo").tap()
    expect(page.locator("#messages")).to_contain_text("undo: ")
    assert text in page.locator("#messages").inner_text()
    page.wait_for_function("n => document.body.dataset.seq === String(n)", arg=seq)
    assert stored(game)[1] == done[:seq]
    redo_page.wait_for_function("n => document.body.dataset.seq === String(n)", arg=seq)
    redo_page.locator("#redo").click()
    expect(redo_page.locator("#messages")).to_contain_text("redo: ")
    assert text in redo_page.locator("#messages").inner_text()
    page.wait_for_function("n => document.body.dataset.seq === String(n)", arg=seq + 1)
    assert stored(game)[1] == done


def rematch(server, table, game: str, bolotomus=None) -> None:
    """The table page's Rematch: the same game again (players, map, dice, variants), its table page opened; the
    Bolotomus' page links the rematch's own private page."""
    from playwright.sync_api import expect

    expect(table.locator("#after-game")).to_be_visible()
    table.locator("#rematch").click()
    again = f"snits-{int(game.split('-')[1]) + 1}"  # the next id: every game of this test's store is its own
    table.wait_for_url(f"**/g/{again}/*/")
    assert table.url == server.table(again)
    table.wait_for_function("document.body.dataset.seq === '0'")
    old, new = (server.get(g, "options")["options"] for g in (game, again))
    assert new == old
    if bolotomus is not None:
        expect(bolotomus.locator("#next-game-link")).to_have_attribute("href", server.bolotomus(again)[len(server.base):])


def test_a_whole_short_game_through_the_pages(home, server, open_page, wait_seq):
    """Two Snit players and the Bolotomus, two organs to win: the Bolotomus dies in turn 2, and the clans fight for
    the Spark."""
    winner, played = play_through_pages(server, open_page, wait_seq, {"seed": 10, "dice": "auto", "players": 2,
                                        "variants": {"organs_to_win": 2}}, 80)
    assert winner in ("Red", "Blue") and played > 20


@pytest.mark.slow
def test_a_whole_game_by_the_rules_through_the_pages(home, server, open_page, wait_seq):
    """Two Snit players, nine organs to win, the Spark and three Splops hidden: some 370 taps."""
    winner, _ = play_through_pages(server, open_page, wait_seq, {"seed": 13, "dice": "auto", "players": 2}, 600)
    assert winner in ("Red", "Blue", "snits", "bolotomus", "tie")
