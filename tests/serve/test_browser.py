"""`companion serve` end to end in headless Chromium (issue 13): four phones report a Sssnake round while the table
page shows it, an ability taken on a phone, a Snits move by tapping, the Bolotomus' secret kept off every public
page, and a CLI command on the table page within a second. Fixtures: tests/serve/conftest.py."""
import json
import re
import time

import pytest

from companion.core.games import engine
from companion.shared import session

expect = pytest.importorskip("playwright.sync_api", reason="no browser: the `playwright` package is not installed "
                             "(pip install -e '.[test]')").expect  # waits until the page shows it (5 s at most)
PLAYERS = ["Ann", "Bob", "Cid", "Dee"]


def new_game(cli, *args) -> str:
    result = cli(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)["game"]


def seq_of(page) -> int:
    return int(page.evaluate("document.body.dataset.seq"))


def snake(table, name: str, part: str):
    """A snake's counter on the table page: .length, .moves, .abilities, .score, .state."""
    return table.locator(f'#players .player[data-name="{name}"] .{part}')


def report(phone, table, wait_seq, seq: int, fresh: int = 0, end: str | None = None) -> None:
    """Tap a paper report on a phone (fresh apples, an ending) and send it; the table page shows seq."""
    for _ in range(fresh):
        phone.locator("#fresh-plus").tap()
    if end:
        phone.locator(f'.end[data-end="{end}"]').tap()
    phone.locator("#send").tap()
    wait_seq(table, seq)


def test_four_phones_report_a_round_and_take_an_ability(cli, server, open_page, wait_seq, shot):
    """Every player reports from their own phone; the table page shows each report and the round; Dee takes the
    ability they reached from their phone; `status` in the terminal shows it all."""
    game = new_game(cli, "sssnake", "new", "--players", ",".join(PLAYERS), "--seed", "5")
    for _ in range(4):  # the cave round, at the terminal
        assert cli("sssnake", "flip").exit_code == 0
    table = open_page(server.table(game))
    wait_seq(table, 4)
    assert table.locator("body").get_attribute("data-kind") == "sssnake"
    assert table.locator("#game").inner_text().strip() == game
    phones = {"Ann": open_page(server.player(game), phone=True)}
    phones["Ann"].locator('.pick[data-name="Ann"]').tap()  # Ann chooses who she is; the others scanned their own QR
    expect(phones["Ann"].locator("#me")).to_contain_text("Ann")
    for name in PLAYERS[1:]:
        phones[name] = open_page(server.player(game, name), phone=True)
        expect(phones[name].locator("#me")).to_contain_text(name)

    phones["Ann"].locator("#flip").tap()  # Ann holds the token: she flips the round's card on her phone
    wait_seq(table, 5)
    expect(table.locator("#card")).to_have_attribute("data-col", "7")
    expect(table.locator("#card")).to_have_attribute("data-row", "5")
    for name in PLAYERS:
        expect(snake(table, name, "state")).to_have_text("waiting")
    for phone in phones.values():
        wait_seq(phone, 5)
    expect(phones["Bob"].locator("#flip")).to_have_count(0)

    report(phones["Ann"], table, wait_seq, 6, fresh=2)
    expect(snake(table, "Ann", "state")).to_have_text("reported")
    bob = phones["Bob"]
    for _ in range(9):  # nine apples cannot have fallen yet: refused with the CLI's own line, nothing saved
        bob.locator("#fresh-plus").tap()
    bob.locator("#send").tap()
    refused = cli("sssnake", "report", "Bob", "--fresh", "9")
    assert refused.exit_code != 0 and refused.output.startswith("error: ")
    expect(bob.locator("#error")).to_have_text(refused.output.strip().removeprefix("error: "))
    assert seq_of(bob) == 6 and seq_of(table) == 6
    expect(snake(table, "Bob", "state")).to_have_text("waiting")
    for _ in range(8):
        bob.locator("#fresh-minus").tap()
    report(bob, table, wait_seq, 7, end="shade")
    expect(snake(table, "Bob", "state")).to_have_text("reported")
    report(phones["Cid"], table, wait_seq, 8, fresh=1)
    shot(phones["Dee"], "sssnake-player")
    report(phones["Dee"], table, wait_seq, 9, fresh=3)  # the last report ends the round
    for name, length in {"Ann": "6", "Bob": "5", "Cid": "5", "Dee": "7"}.items():
        expect(snake(table, name, "length")).to_contain_text(length)

    dee = phones["Dee"]
    wait_seq(dee, 9)
    expect(dee.locator(".take")).to_have_count(6)  # the face-up cards; only Dee (reached 7) is offered them
    wait_seq(phones["Bob"], 9)
    expect(phones["Bob"].locator(".take")).to_have_count(0)
    dee.locator('.take[data-card="9"]').tap()  # shows the card: its name, its effect, "Take Thieving"
    expect(dee.locator(".take-chosen")).to_contain_text("Thieving")
    assert int(dee.evaluate("document.body.dataset.seq")) == 9  # nothing taken yet
    dee.locator("#confirm").tap()
    wait_seq(table, 10)
    expect(snake(table, "Dee", "abilities")).to_contain_text("Thieving")
    expect(table.locator('#display .card[data-number="9"]')).to_have_count(0)
    shot(table, "sssnake-table")
    status = cli("sssnake", "status").output
    assert "Thieving" in next(line for line in status.splitlines() if line.strip().startswith("Dee"))
    logged = json.loads(cli("sssnake", "log", "--json").output)["actions"][4:]
    assert [(a["type"], a.get("player"), a.get("fresh", 0), a.get("card")) for a in logged] == [
        ("flip", None, 0, None), ("report", "Ann", 2, None), ("report", "Bob", 1, None), ("report", "Cid", 1, None),
        ("report", "Dee", 3, None), ("take", "Dee", 0, 9)]
    assert logged[2].get("end")  # Bob's move ended on shade


def test_a_snits_move_by_tapping_and_the_bolotomus_secret_stays_private(cli, server, open_page, wait_seq, shot):
    """The Snits' phone offers exactly the legal actions as buttons; one tap moves a Snit on the table's map. The
    Bolotomus' link and the hidden placement (salt, Spark, Splops) appear on no public page or JSON; only the
    Bolotomus' own page shows them."""
    game = new_game(cli, "snits", "new", "--seed", "3", "--spark", "ask", "--hide-spark", "Glut", "--splops", "3",
                    "--hide-splops", "Eye,Bilgeum,Wobbulum")
    record, state = session.current("snits", game)
    record.store.close()
    eng = engine("snits")
    salt = eng.to_dict(state, private=True)["h"]["salt"]
    bsecret = server.bolotomus(game).rstrip("/").rsplit("/", 1)[1]
    secrets = [bsecret, salt]

    table = open_page(server.table(game))
    wait_seq(table, 0)
    assert table.locator("body").get_attribute("data-kind") == "snits"
    expect(table.locator("#map svg, #map img").first).to_be_visible()
    expect(table.locator("#phase")).not_to_be_empty()
    expect(table.locator("#turn")).not_to_be_empty()
    map_before = table.locator("#map").inner_html()

    phone = open_page(server.player(game), phone=True)
    phone.locator(".pick").first.wait_for()
    sides = [p.get_attribute("data-name") for p in phone.locator(".pick").all()]
    assert any(s.lower() == "bolotomus" for s in sides) and len(sides) == 2
    snits_side = next(s for s in sides if s.lower() != "bolotomus")
    phone.locator(f'.pick[data-name="{snits_side}"]').tap()
    phone.locator(".action").first.wait_for()
    offered = [b.get_attribute("data-text") for b in phone.locator(".action").all()]  # the words, less any odds
    legal = server.get(game, f"legal?player={snits_side}")["actions"]
    assert sorted(offered) == sorted(a["text"] for a in legal) and "enter Zipwick Antephellum" in offered
    assert sorted(offered) == sorted(eng.action_text(a) for a in eng.legal_actions(state, snits_side))
    for page in (table, phone):
        public_page_keeps(page, secrets)
    for route in ("state", f"legal?player={snits_side}", "legal?player=Bolotomus"):
        text = json.dumps(server.get(game, route))
        assert not any(secret in text for secret in secrets), route
    assert "Glut" not in json.dumps(server.get(game, "state")["view"].get("hidden", {}))

    phone.locator(".action", has_text="enter Zipwick Antephellum").first.tap()
    wait_seq(table, 1)
    assert table.locator("#map").inner_html() != map_before
    shot(table, "snits-table")
    record, state = session.current("snits", game)
    record.store.close()
    assert eng.view(state)["snits"][0]["name"] == "Zipwick" and eng.view(state)["snits"][0]["at"] == "Antephellum"
    wait_seq(phone, 1)
    for page in (table, phone):
        public_page_keeps(page, secrets)

    bolotomus = open_page(server.bolotomus(game), phone=True)
    expect(bolotomus.locator("#spark")).to_contain_text("Glut")
    for organ in ("Eye", "Bilgeum", "Wobbulum"):
        expect(bolotomus.locator("#splops")).to_contain_text(organ)
    # the Bolotomus' Next: is the whole step in words (its /private carries next, as /state does), never CLI syntax
    expect(bolotomus.locator("#next")).to_contain_text(re.compile(r"Move Snits: .+ or done"))
    assert "`" not in bolotomus.locator("#next").inner_text() and "companion" not in bolotomus.locator("#next").inner_text()


def public_page_keeps(page, secrets: list[str]) -> None:
    """A public page's DOM names neither the Bolotomus' link nor the placement's salt and has no Spark/Splops."""
    html = page.content()
    assert not any(secret in html for secret in secrets), page.url
    assert page.locator("#spark, #splops").count() == 0, page.url


def test_the_table_page_shows_a_cli_command_within_a_second(cli, server, open_page, wait_seq):
    """A flip typed at the terminal (the CLI in-process, the same store) shows on the table page within a second;
    so does an undo."""
    game = new_game(cli, "sssnake", "new", "--players", "Ann,Bob", "--seed", "5")
    table = open_page(server.table(game))
    wait_seq(table, 0)
    start = time.perf_counter()
    assert cli("sssnake", "flip").exit_code == 0
    assert wait_seq(table, 1, timeout=1000) == 1
    assert time.perf_counter() - start < 1
    expect(table.locator("#card")).to_have_attribute("data-col", "10")
    expect(table.locator("#card")).to_have_attribute("data-row", "4")
    start = time.perf_counter()
    assert cli("sssnake", "undo").exit_code == 0
    table.wait_for_function("() => document.body.dataset.seq === '0'", timeout=1000)
    assert time.perf_counter() - start < 1


def test_every_page_runs_under_the_content_security_policy(cli, server, open_page):
    """The pages, each game's scripts and the Bolotomus map drawn into the page break no rule of the policy (the
    fixture fails the test on a violation); waits by page.evaluate, which the policy allows."""
    assert cli("snits", "new", "--seed", "1").exit_code == 0
    sssnake = new_game(cli, "sssnake", "new", "--players", "Ann,Bob", "--seed", "5", "--digital", "Bob")
    pages = [open_page(url, phone=phone, csp=True) for url, phone in (
        (server.table("snits-1"), False), (server.player("snits-1", "Snits"), True), (server.bolotomus("snits-1"), False),
        (server.table(sssnake), False), (server.player(sssnake, "Bob"), True))]
    deadline = time.monotonic() + 5
    while any(seq_of(page) < 0 for page in pages) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert all(seq_of(page) >= 0 for page in pages)
    expect(pages[0].locator("#map svg")).to_have_count(1)


def test_a_dead_link_says_so_in_words_open_or_reloaded(cli, server, open_page):
    """A page open when its game is deleted, and the same link reloaded: no "reconnecting..." and no raw JSON, but
    the words saying to scan the code again."""
    game = new_game(cli, "sssnake", "new", "--players", "Ann,Bob", "--seed", "5")
    phone = open_page(server.player(game, "Ann"), phone=True, csp=True)
    expect(phone.locator("#live")).to_have_text("live")
    assert cli("games", "delete", game, "--yes").exit_code == 0
    expect(phone.locator("#error")).to_contain_text("scan the code again")
    expect(phone.locator("#live")).to_have_text("link dead")
    assert "Refused" not in phone.evaluate("getComputedStyle(document.getElementById('error'), '::before').content")
    answer = phone.reload()
    assert answer.status == 404
    expect(phone.locator("#error")).to_contain_text("Scan the code again")
    assert "{" not in phone.locator("body").inner_text()


def prefix(page) -> str:
    """What style.css puts before #error: '"Refused: "' or 'none'."""
    return page.evaluate("getComputedStyle(document.getElementById('error'), '::before').content")


def test_only_a_rules_refusal_reads_refused(cli, server, open_page):
    """The CLI's refusal (a 400) is "Refused: ..."; no answer, the computer playing or a server failure read as what
    they are, not as a refusal."""
    game = new_game(cli, "sssnake", "new", "--players", "Ann,Bob", "--seed", "5")
    for _ in range(3):
        assert cli("sssnake", "flip").exit_code == 0
    phone = open_page(server.player(game, "Bob"), phone=True)
    send = phone.locator("#send")
    for _ in range(9):  # nine apples cannot have fallen yet
        phone.locator("#fresh-plus").tap()
    send.tap()
    expect(phone.locator("#error")).not_to_be_empty()
    assert prefix(phone) == '"Refused: "'
    answers = {"no answer": lambda route: route.abort(),
               "the computer is playing": lambda route: route.fulfill(
                   status=409, content_type="application/json", body=json.dumps({"error": "the computer is playing"})),
               "the companion failed": lambda route: route.fulfill(
                   status=500, content_type="application/json", body=json.dumps({"error": "the companion failed"}))}
    for words, answer in answers.items():
        phone.route("**/act", answer)
        send.tap()
        expect(phone.locator("#error")).to_contain_text("not answering" if words == "no answer" else words)
        assert prefix(phone) == "none", words
        phone.unroute("**/act")


def test_two_phones_on_one_name_are_told(cli, server, open_page):
    """Two devices (browser contexts) on the Snits' side: each is told in words; a reload of one is still one
    device; once the second chooses the Bolotomus, neither is told any more."""
    assert cli("snits", "new", "--seed", "1").exit_code == 0
    first = open_page(server.player("snits-1", "Snits"), phone=True, csp=True)
    expect(first.locator("#live")).to_have_text("live")
    expect(first.locator("#twin")).to_have_count(0)
    second = open_page(server.player("snits-1", "Snits"), phone=True, csp=True)
    for phone in (first, second):
        expect(phone.locator("#twin")).to_contain_text("Another phone is open as Snits too")
    first.reload()
    expect(first.locator("#live")).to_have_text("live")
    for phone in (first, second):
        expect(phone.locator("#twin")).to_contain_text("Another phone is open as Snits too:")  # one other: a reload
    second.locator('#sides .pick[data-name="Bolotomus"]').tap()  # is the same device
    expect(second.locator("#me")).to_have_text("Bolotomus")
    for phone in (first, second):
        expect(phone.locator("#twin")).to_be_empty()


def test_a_sssnake_phone_that_is_not_ann_any_more_is_no_twin(cli, server, open_page):
    """Two phones on Ann are told; "not Ann?" on one (choosing again) ends it for both at once."""
    game = new_game(cli, "sssnake", "new", "--players", "Ann,Bob", "--seed", "5")
    first = open_page(server.player(game, "Ann"), phone=True)
    second = open_page(server.player(game, "Ann"), phone=True)
    for phone in (first, second):
        expect(phone.locator("#twin")).to_contain_text("Another phone is open as Ann too")
    second.locator("#change").tap()
    expect(second.locator('.pick[data-name="Bob"]')).to_be_visible()
    for phone in (first, second):
        expect(phone.locator("#twin")).to_be_empty()
