"""The Snits' Revenge phone by keyboard and on a 390 px screen (issue 22): `done` after the moves (issue 31), the small map's
organs one tab stop, named, moved between by the arrow keys and picked with Enter, the page shorter than three
screens with the map's text readable. Headless Chromium; fixtures: tests/serve/conftest.py."""
import json

from tests.serve.test_a11y_sheet import focused, tab_through


def new_snits(cli) -> str:
    out = cli("snits", "new", "--seed", "3", "--spark", "ask", "--hide-spark", "Glut", "--splops", "3",
              "--hide-splops", "Eye,Bilgeum,Wobbulum", "--json")
    assert out.exit_code == 0, out.output
    return json.loads(out.output)["game"]


def snits_phone(cli, server, open_page):
    snits = new_snits(cli)
    page = open_page(server.player(snits, "Snits"), phone=True)
    page.locator(".action").first.wait_for()
    return page


def test_snits_done_comes_after_the_moves_and_says_what_it_ends(cli, server, open_page):
    """Issue 31: `done` is no longer the first button (a first tap ended the phase); it follows the moves, in words."""
    page = snits_phone(cli, server, open_page)
    stops = tab_through(page, most=80)
    at = next(i for i, s in enumerate(stops) if "done" in s["cls"].split())
    moves = [i for i, s in enumerate(stops) if "action" in s["cls"].split() and "done" not in s["cls"].split()]
    assert moves and max(moves) < at
    assert stops[at]["text"] == "Done: end the phase (1. Move Snits)"


def test_the_small_maps_organs_are_focused_named_and_picked_by_keyboard(cli, server, open_page):
    page = snits_phone(cli, server, open_page)
    stops = tab_through(page, most=60)
    organs = [s["organ"] for s in stops if s["organ"]]
    assert len(organs) == 1  # the map is one tab stop
    page.locator(f'#minimap [data-organ="{organs[0]}"]').focus()
    page.keyboard.press("ArrowRight")
    other = focused(page)["organ"]
    assert other and other != organs[0]
    title = page.evaluate("document.activeElement.querySelector(':scope > title').textContent")
    assert title.startswith(f"{other}, ") and "move" in title
    page.keyboard.press("Enter")
    assert page.inner_text("#focus") == f"Only the {other}"
    assert page.get_attribute(f'#minimap [data-organ="{other}"]', "aria-pressed") == "true"


def test_the_snits_phone_is_shorter_than_three_screens_and_its_map_readable(cli, server, open_page):
    page = snits_phone(cli, server, open_page)
    assert page.evaluate("document.documentElement.scrollHeight") < 3 * 844
    assert smallest_counter_name(page, "#minimap") >= 10


def smallest_counter_name(page, box: str) -> float:
    """The rendered size in px of the smallest counter's name on the map in `box`: its font size at the SVG's scale,
    and no more than the height of its box on the screen."""
    sizes = page.evaluate("""(box) => {
        const svg = document.querySelector(box + " svg");
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        return [...svg.querySelectorAll(".counter text")].map((t) =>
            [parseFloat(getComputedStyle(t).fontSize) * scale, t.getBoundingClientRect().height]);
    }""", box)
    assert sizes
    return min(min(size, height) for size, height in sizes)


def test_after_a_move_taken_by_keyboard_the_focus_is_on_a_move_not_on_done(cli, server, open_page, wait_seq):
    page = snits_phone(cli, server, open_page)
    page.locator("#actions .action").first.focus()
    page.keyboard.press("Enter")  # the move is taken and gone from the list: the focus stays among the moves
    wait_seq(page, 1)
    page.wait_for_function("document.activeElement.matches('#actions .action')")
    assert "done" not in focused(page)["cls"].split()
