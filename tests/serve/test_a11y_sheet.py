"""The digital sheet on a phone by keyboard (issue 22): a grid of rows of squares, one tab stop, the arrow keys move
on it, Enter taps; the focus stays on its square after a step and when another phone reports, and on Send; this
round's apple square is marked. Headless Chromium; fixtures: tests/serve/conftest.py."""
import pytest

from tests.serve.served import moving


def focused(page) -> dict:
    """What has the focus: {tag, id, sq: "col,row" for a square of the sheet, organ, cls, text}."""
    return page.evaluate("""() => {
        const n = document.activeElement;
        return {tag: n.tagName.toLowerCase(), id: n.id || "", cls: n.getAttribute("class") || "",
                sq: n.classList.contains("sq") ? n.dataset.col + "," + n.dataset.row : "",
                organ: n.dataset ? n.dataset.organ || "" : "", text: (n.textContent || "").trim()};
    }""")


def tab_through(page, most: int = 400) -> list[dict]:
    """Press Tab from the top of the page until the focus comes round again (or `most` times): what each one focused."""
    page.evaluate("document.activeElement && document.activeElement.blur()")
    seen = []
    for _ in range(most):
        page.keyboard.press("Tab")
        now = focused(page)
        if now["tag"] == "body" or (seen and now == seen[0]):
            break
        seen.append(now)
    return seen


@pytest.fixture
def digital(cli, server, open_page):
    """Bob's phone (a digital sheet) at the first move of a game where Ann and Cid play on paper: (game, page)."""
    game = moving(cli, "Ann,Bob,Cid", 3, "--digital", "Bob")
    page = open_page(server.player(game, "Bob"), phone=True)
    page.locator("#grid .sq.head").wait_for()
    return game, page


def test_the_sheet_is_one_tab_stop_and_the_arrow_keys_move_on_it(digital):
    _, page = digital
    stops = tab_through(page)
    assert [s["sq"] for s in stops if s["sq"]] == [page.evaluate(
        "(() => { const h = document.querySelector('#grid .sq.head'); return h.dataset.col + ',' + h.dataset.row; })()")]
    assert stops[-1]["sq"] == "" and len(stops) < 30  # past the sheet: the buttons under it, a few stops in all
    page.locator("#grid .sq.head").focus()
    col, row = map(int, focused(page)["sq"].split(","))
    moves = {"ArrowLeft": (-1, 0), "ArrowUp": (0, -1), "ArrowRight": (1, 0), "ArrowDown": (0, 1)}
    for key, (dc, dr) in moves.items():
        if not (1 <= col + dc <= 16 and 1 <= row + dr <= 16):
            continue
        page.keyboard.press(key)
        assert focused(page)["sq"] == f"{col + dc},{row + dr}", key
        page.keyboard.press({"ArrowLeft": "ArrowRight", "ArrowRight": "ArrowLeft", "ArrowUp": "ArrowDown",
                             "ArrowDown": "ArrowUp"}[key])
    page.keyboard.press("Home")
    assert focused(page)["sq"] == f"1,{row}"
    page.keyboard.press("PageDown")
    assert focused(page)["sq"] == "1,16"
    assert page.locator("#grid [tabindex='0']").count() == 1  # the square the focus is on is the tab stop now


def next_to_head(page) -> str:
    """A square beside the head (◎) the path can step onto: "col,row"."""
    return page.evaluate("(() => { const n = document.querySelector('#grid .sq.near'); "
                         "return n.dataset.col + ',' + n.dataset.row; })()")


def test_focus_stays_on_the_sheet_after_a_step_and_a_report_from_another_phone(digital, server, wait_seq):
    game, page = digital
    page.locator("#grid .sq.head").focus()
    target = next_to_head(page)
    page.locator(f'#grid .sq[data-col="{target.split(",")[0]}"][data-row="{target.split(",")[1]}"]').focus()
    page.keyboard.press("Enter")  # a step: the path's first square, drawn
    page.wait_for_function("document.getElementById('path').textContent.trim().length === 1")
    assert focused(page)["sq"] == target
    seq = int(page.evaluate("document.body.dataset.seq"))
    assert server.act(game, {"type": "report", "player": "Ann", "fresh": 1})[0] == 200
    wait_seq(page, seq + 1)
    assert focused(page)["sq"] == target and len(page.inner_text("#path").strip()) == 1


def test_focus_stays_after_a_report_from_another_phone_and_after_send(cli, server, open_page, wait_seq):
    game = moving(cli, "Ann,Bob,Cid", 3)
    page = open_page(server.player(game, "Ann"), phone=True)
    page.locator("#fresh-plus").focus()
    page.keyboard.press("Enter")
    assert server.act(game, {"type": "report", "player": "Cid"})[0] == 200
    wait_seq(page, int(server.get(game, "state")["seq"]))
    assert focused(page)["id"] == "fresh-plus" and page.inner_text("#fresh") == "1"
    for _ in range(9):  # more apples than can have fallen: refused, the focus still on Send
        page.keyboard.press("Enter")
    page.locator("#send").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("document.getElementById('error').textContent.length > 0")
    assert focused(page)["id"] == "send"
    page.locator("#fresh-minus").focus()
    for _ in range(9):
        page.keyboard.press("Enter")
    page.locator("#send").focus()
    page.keyboard.press("Enter")  # sent: the report box is gone, the focus stays where it was, in its place
    page.locator("#fix").wait_for()
    assert focused(page)["id"] == "fix"




def test_the_rounds_apple_square_is_marked_on_the_sheet(digital, server):
    game, page = digital
    mine = next(s for s in server.get(game, "state")["view"]["round"]["sheets"] if s["name"] == "Bob")
    col, row = mine["squares"][0]["at"]
    square = page.locator(f'#grid .sq[data-col="{col}"][data-row="{row}"]')
    assert "falls" in square.get_attribute("class").split()
    assert "this round's apple falls here" in square.get_attribute("aria-label")
    assert page.locator("#grid .sq.falls").count() == len(mine["squares"])


def test_a_move_drawn_and_sent_by_keyboard_keeps_the_focus_on_the_page(digital, wait_seq):
    from tests.serve.test_sssnake_pages import legal_path

    game, page = digital
    page.locator("#grid .sq.head").focus()
    for step in legal_path(game, "Bob"):
        page.keyboard.press({"U": "ArrowUp", "D": "ArrowDown", "L": "ArrowLeft", "R": "ArrowRight"}[step])
        page.keyboard.press("Enter")
    assert page.inner_text("#path") == " ".join(legal_path(game, "Bob"))
    page.locator("#move").focus()
    page.keyboard.press("Enter")
    wait_seq(page, 5)  # three caves, the apple card, then Bob's move
    page.wait_for_function("document.activeElement.closest('#act') !== null")
    assert page.locator("#grid").count() == 0
