"""Every page as it looks, mid-game, at 390x844 and 1280x800, light and dark (issue 31): the Sahara sheet's falcon
line, numbers and head in view on a phone, the Snits phone map's counter names at least 10 px, no text cut off,
and axe-core's whole rule set clean. With SERVE_SCREENSHOTS=docs/img the docs' pictures are taken
(serve-PAGE-WIDTH-SCHEME.png, shown in docs/serve.md); the default run checks the pages at 390 px in light and what
opens on them at 1280 px in dark, `-m slow` every other width and scheme. Fixtures: tests/serve/conftest.py."""
import pytest

from companion.shared import session
from tests.serve.served import moving
from tests.serve.test_a11y import axe, said
from tests.serve.test_a11y_snits import smallest_counter_name
from tests.serve.test_bolotomus_page import SETUP, bolotomus_turn
from tests.serve.test_sheet_svg import SEEN, inside
from tests.serve.test_snits_phone import snits_inside
from tests.serve.test_sssnake_pages import legal_path

pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'sssnake-snits-companion[serve]'")

FACES = [(390, "light"), (1280, "dark"), (390, "dark"), (1280, "light")]


def faces(*default: tuple[int, str]) -> list:
    """Every width and scheme, those not in `default` marked slow (the default run stays short)."""
    return [face if face in default else pytest.param(*face, marks=pytest.mark.slow) for face in FACES]


def sssnake_mid_game(cli) -> str:
    """Sahara for Ann (digital), Bob and Cid (paper): one round played (Ann's move, the others' reports), the
    second round's apple turned."""
    game = moving(cli, "Ann,Bob,Cid", 11, "--landscape", "sahara", "--digital", "Ann")
    assert cli("sssnake", "move", "Ann", *legal_path(game, "Ann"), "--game", game).exit_code == 0
    assert cli("sssnake", "round", "Bob 1 Cid 0", "--game", game).exit_code == 0
    assert cli("sssnake", "flip", "--game", game).exit_code == 0
    return game


@pytest.fixture
def every_page(cli, home, server):
    """{name: url} of every page mid-game: the Sssnake table and phones (Bob on paper, Ann's Sahara sheet), a Snits'
    Revenge game in the Snits' go (its table and the Snits' phone) and one in the Bolotomus' (the public page's
    Bolotomus pick and the Bolotomus' private page)."""
    sssnake = sssnake_mid_game(cli)
    snits, _ = session.create("snits", {**SETUP, "dice": "manual"})
    snits_inside(snits)
    theirs, _ = session.create("snits", SETUP)
    bolotomus_turn(theirs)
    return {"sssnake-table": server.table(sssnake), "sssnake-paper": server.player(sssnake, "Bob"),
            "sssnake-digital": server.player(sssnake, "Ann"), "snits-table": server.table(snits),
            "snits-player": server.player(snits, "Snits"), "snits-pick": server.player(theirs, "Bolotomus"),
            "bolotomus": server.bolotomus(theirs)}


READY = {"sssnake-digital": "#grid .sq.head", "snits-player": "#actions .action", "snits-pick": "#actions .action",
         "bolotomus": "#actions .action", "snits-table": "#map svg"}

CUT = """() => {  // every element with text of its own that is cut off: clipped in its box, or off the screen sideways
    const scrolls = (n) => { for (n = n.parentElement; n; n = n.parentElement) {
        const o = getComputedStyle(n).overflowX; if (o === "auto" || o === "scroll") return true; } return false; };
    const cut = [];
    for (const n of document.querySelectorAll("body *")) {
        const own = [...n.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
        if (!own || !n.getClientRects().length || n.closest("[hidden], svg, details:not([open]) > :not(summary)")) continue;
        const s = getComputedStyle(n), r = n.getBoundingClientRect();
        if (s.visibility === "hidden" || n.clientWidth <= 1) continue;  // hidden, or for a screen reader (.vh)
        const clips = s.overflowX === "hidden" || s.overflowX === "clip" || s.textOverflow === "ellipsis";
        const what = `${n.tagName.toLowerCase()}${n.id ? "#" + n.id : ""}.${n.getAttribute("class") || ""}: ` +
                     n.textContent.trim().slice(0, 40);
        if (clips && n.scrollWidth > n.clientWidth + 1) cut.push("clipped " + what);
        else if (!scrolls(n) && (r.left < -1 || r.right > innerWidth + 1)) cut.push("off the screen " + what);
    }
    if (document.scrollingElement.scrollWidth > innerWidth + 1) cut.push("the page scrolls sideways");
    return cut;
}"""


def opened(open_page, url: str, width: int, scheme: str, ready: str | None):
    page = open_page(url, phone=width == 390)
    page.emulate_media(color_scheme=scheme)
    page.wait_for_function("Number(document.body.dataset.seq) >= 0")
    if ready:
        page.locator(ready).first.wait_for()
    page.wait_for_timeout(300)  # the look-ups' and the map's own answers are drawn
    return page


@pytest.mark.parametrize("width,scheme", faces((390, "light")))
def test_every_page_mid_game_shows_what_it_must_cut_nothing_and_axe_finds_nothing(every_page, open_page, shot,
                                                                                     width, scheme):
    found = []
    for name, url in every_page.items():
        page = opened(open_page, url, width, scheme, READY.get(name))
        found += [f"{name}: {line}" for line in page.evaluate(CUT)]
        found += [f"{name}: axe\n{said([v])}" for v in axe(page)]
        if name == "sssnake-digital" and width == 390:
            found += [f"{name}: {line}" for line in sheet_in_view(page)]
        if name.startswith(("snits", "bolotomus")) and width == 390:  # the phones' maps, and the table's on a phone
            if (size := smallest_counter_name(page, "#map" if name == "snits-table" else "#minimap")) < 10:
                found.append(f"{name}: the map's smallest counter name is {size:.1f} px")
        shot(page, f"serve-{name}-{width}-{scheme}", scale="css")  # a CSS pixel a pixel: a quarter of the bytes
        page.context.close()
    assert not found, "\n".join(found)


def sheet_in_view(page) -> list[str]:
    """What of the Sahara sheet is out of its scroll box's view at open: the falcon line, the numbers, the head."""
    seen = page.evaluate(SEEN)
    zoom, grid, falcon = seen["zoom"], seen["grid"], seen["falcon"]
    out = []
    if not inside(seen["head"], zoom):
        out.append("the head is out of view")
    if min(falcon["x"] + falcon["w"], zoom["x"] + zoom["w"]) - max(falcon["x"], zoom["x"]) < 100:
        out.append("the falcon line is out of view")
    rows = {t["n"] for t in seen["numbers"] if (t["x"] + t["w"] <= grid["x"] or t["x"] >= grid["x"] + grid["w"])
            and inside(t, zoom)}
    cols = {t["n"] for t in seen["numbers"] if t["y"] + t["h"] <= grid["y"] and inside(t, zoom)}
    head = int(page.get_attribute("#grid .sq.head", "data-col"))
    if rows != set(range(1, 17)):
        out.append(f"row numbers out of view: {sorted(set(range(1, 17)) - rows)}")
    if head not in cols:
        out.append(f"the head's column number {head} is out of view")
    return out


def open_form(page) -> None:
    page.click("#new-game summary")
    page.locator("#new-game-form").wait_for()


def open_score(page) -> None:
    page.click("#look-score")
    page.locator("#lookup[open] #lookup-text").wait_for()


def ask_dice(page) -> None:
    page.locator('.action[data-text="kick Bonk Snorg"]').click()
    page.locator("#dice-box:not([hidden])").wait_for()


def open_secrets(page) -> None:
    page.click("#commitment summary")
    page.click(".whole-status summary")


# what opens on a page, beyond what it shows at first: (page, what opens it)
OPENED = [("sssnake-table", open_form), ("sssnake-table", open_score), ("snits-table", open_form),
          ("sssnake-digital", lambda page: page.click("#rules summary")), ("snits-player", ask_dice),
          ("bolotomus", open_secrets)]


@pytest.mark.parametrize("width,scheme", faces((1280, "dark")))
def test_axe_finds_nothing_with_the_form_the_dialog_the_dice_and_the_secrets_open(every_page, open_page, width,
                                                                                    scheme):
    found = []
    for name, step in OPENED:
        page = opened(open_page, every_page[name], width, scheme, READY.get(name))
        step(page)
        page.wait_for_timeout(200)
        found += [f"{name} ({step.__name__}): {line}" for line in page.evaluate(CUT)]
        found += [f"{name} ({step.__name__}): axe\n{said([v])}" for v in axe(page)]
        page.context.close()
    assert not found, "\n".join(found)
