"""Accessibility of every page (issue 22), in headless Chromium: axe-core (tests/serve/vendor/axe.min.js, from the
npm registry, used by the tests only) finds no violation of any impact (content outside landmarks included) on the
table, player and Bolotomus pages of both games and on the dead link page, in light and in dark, and in German; the
focus ring reaches 3:1 against what is around it; on a 390 px phone nothing to tap is under 24 x 24 px; "Next:" says
what comes in words, never a command. The sheet by keyboard: test_a11y_sheet.py; the Snits phone: test_a11y_snits.py.
Fixtures: tests/serve/conftest.py."""
from pathlib import Path

import pytest

from tests.serve.served import moving
from tests.serve.test_a11y_snits import new_snits

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
SCHEMES = ("light", "dark")


@pytest.fixture
def every_page(cli, server):
    """(name, url, phone) of every kind of page: a Sssnake game at its first move (Ann on paper, Bob digital), a
    Snits' Revenge game whose Bolotomus is a person, and a dead link."""
    sssnake = moving(cli, "Ann,Bob", 3, "--digital", "Bob")
    snits = new_snits(cli)
    return [("sssnake-table", server.table(sssnake), False),
            ("sssnake-pick", server.player(sssnake), True),
            ("sssnake-paper", server.player(sssnake, "Ann"), True),
            ("sssnake-digital", server.player(sssnake, "Bob"), True),
            ("snits-table", server.table(snits), False),
            ("snits-player", server.player(snits, "Snits"), True),
            ("snits-pick", server.player(snits), True),
            ("bolotomus", server.bolotomus(snits), True),
            ("dead", f"{server.base}/g/{sssnake}/aaaaaaaaaaaaaaaa/player", True)]


def drawn(page) -> None:
    """Wait until the page has drawn its game (the dead link page has none to draw)."""
    if page.evaluate("document.body.dataset.page") != "dead":
        page.wait_for_function("Number(document.body.dataset.seq) >= 0")


def axe(page) -> list[dict]:
    """axe-core's violations on the page as it is: [{id, impact, help, nodes: [selector, ...]}]."""
    if not page.evaluate("!!window.axe"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate("""async () => {
        const result = await axe.run(document, {resultTypes: ["violations"]});
        return result.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map((n) => n.target.join(" "))}));
    }""")


def each_page(every_page, open_page, scheme):
    """Every page, opened (as a phone where it is one), in the colour scheme, and drawn."""
    for name, url, phone in every_page:
        page = open_page(url, phone=phone)
        page.emulate_media(color_scheme=scheme)
        drawn(page)
        yield name, page


def said(violations: list[dict]) -> str:
    return "\n".join(f"  {v['impact']} {v['id']}: {v['help']}: {', '.join(v['nodes'][:4])}" for v in violations)


@pytest.mark.parametrize("scheme", SCHEMES)
def test_axe_finds_no_violation_of_any_impact_on_any_page(every_page, open_page, scheme):
    found = []
    for name, page in each_page(every_page, open_page, scheme):
        bad = axe(page)  # every rule, every impact (minor and moderate too: issue 31)
        if bad:
            found.append(f"{name} ({scheme}):\n{said(bad)}")
    assert not found, "axe-core:\n" + "\n".join(found)


def german(url: str) -> str:
    """The page's link with the language switch set to German."""
    return url + ("&" if "?" in url else "?") + "lang=de"


def test_axe_finds_no_violation_on_the_german_pages(every_page, open_page):
    """The same pages in German (lang="de", the words filled in, the switch marking Deutsch): no violation either."""
    found = []
    for name, url, phone in every_page:
        page = open_page(german(url), phone=phone)
        drawn(page)
        assert page.evaluate("document.documentElement.lang") == "de", name
        page.wait_for_timeout(300)  # the game's script has drawn its words
        bad = axe(page)
        if bad:
            found.append(f"{name} (de):\n{said(bad)}")
    assert not found, "axe-core:\n" + "\n".join(found)


def target_sizes(page) -> list[str]:
    """Every visible thing a finger can tap smaller than 24 x 24 px: 'selector WxH'."""
    return page.evaluate("""() => [...document.querySelectorAll(
            "button, input, select, textarea, a[href], [tabindex], [role=button]")]
        .filter((n) => n.getClientRects().length && getComputedStyle(n).visibility !== "hidden")
        .map((n) => [n, n.getBoundingClientRect()])
        .filter(([n, r]) => r.width < 24 || r.height < 24)
        .map(([n, r]) => `${n.tagName.toLowerCase()}${n.id ? "#" + n.id : ""}.${n.getAttribute("class") || ""}` +
             `[${n.dataset.col || n.dataset.organ || ""}] ${Math.round(r.width)}x${Math.round(r.height)}`)""")


def test_targets_are_at_least_24_px_on_a_390_px_phone(every_page, open_page):
    small = {}
    for name, url, phone in every_page:
        if phone:
            page = open_page(url, phone=True)
            drawn(page)
            page.wait_for_timeout(300)  # the game's script has drawn its buttons (and the map)
            if target_sizes(page):
                small[name] = target_sizes(page)[:5]
    assert not small, small


def luminance(rgb) -> float:
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


RING = """() => {  // the focus ring of what has the focus: its colours, its width and what it is drawn over
    const rgb = (text) => { const m = /rgba?\\(([\\d.]+), ([\\d.]+), ([\\d.]+)(?:, ([\\d.]+))?\\)/.exec(text || "");
                            return m && (m[4] === undefined || Number(m[4]) > 0.5) ? [+m[1], +m[2], +m[3]] : null; };
    const backdrop = (n) => { for (; n && n.nodeType === 1; n = n.parentElement) {
        const c = rgb(getComputedStyle(n).backgroundColor); if (c) return c; } return [255, 255, 255]; };
    let n = document.activeElement, ring = n, colours = [], width = 0, inside = false;
    if (n.classList.contains("sq")) ring = n.closest(".cell");
    const s = getComputedStyle(ring);
    if (n.dataset.organ) {  // an organ of the small map: its box's stroke
        const hit = getComputedStyle(n.querySelector(".hit"));
        const svg = n.ownerSVGElement, scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        colours = [rgb(hit.stroke)]; width = parseFloat(hit.strokeWidth) * scale; inside = true;
    } else {
        if (s.outlineStyle !== "none") { colours.push(rgb(s.outlineColor)); width = parseFloat(s.outlineWidth); }
        if (s.boxShadow !== "none") colours.push(rgb(s.boxShadow));
        inside = parseFloat(s.outlineOffset) <= 0;
    }
    const under = [backdrop(ring.parentElement)];
    const own = rgb(getComputedStyle(n).backgroundColor);
    if (inside && own) under.push(own);
    return {what: n.tagName.toLowerCase() + (n.id ? "#" + n.id : "") + "." + (n.getAttribute("class") || "") +
              (n.dataset.col ? `[${n.dataset.col},${n.dataset.row}]` : "") + (n.dataset.organ || ""),
            colours: colours.filter(Boolean), width, under};
}"""


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_focus_ring_reaches_3_to_1_on_every_page(every_page, open_page, scheme):
    faint = []
    for name, page in each_page(every_page, open_page, scheme):
        page.wait_for_timeout(300)
        page.evaluate("document.activeElement && document.activeElement.blur()")
        for _ in range(25):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement === document.body"):
                break
            ring = page.evaluate(RING)
            best = [max((contrast(c, u) for c in ring["colours"]), default=0) for u in ring["under"]]
            if ring["width"] < 2 or min(best) < 3:
                faint.append(f"{name}: {ring['what']} {ring['colours']} over {ring['under']}: "
                             f"{min(best):.2f}:1, {ring['width']} px")
            if ring["what"].startswith("g"):  # the map's organs: one tab stop; the arrows move on it
                page.keyboard.press("ArrowRight")
                ring = page.evaluate(RING)
                if min(max((contrast(c, u) for c in ring["colours"]), default=0) for u in ring["under"]) < 3:
                    faint.append(f"{name}: {ring['what']}")
    assert not faint, "\n".join(faint[:20])


CLI = ("`", "--", "companion ", "|", "NAME", "ORGAN", "PATH", "CARD", "COL,ROW")


def test_next_says_what_comes_in_words_never_a_command(every_page, open_page):
    said = {}
    for name, url, phone in every_page:
        if name == "dead":
            continue
        page = open_page(url, phone=phone)
        drawn(page)
        page.wait_for_timeout(300)
        said[name] = page.inner_text("#next")
    assert all(said.values()), said
    assert not {name: text for name, text in said.items() if any(bit in text for bit in CLI)}, said


