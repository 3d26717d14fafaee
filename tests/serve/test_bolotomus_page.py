"""The Bolotomus acts from its private page (issue 31): B/legal and B/act behind the Bolotomus' secret only, the
Snits' actions refused there as the rules refuse them, its map with the hidden placement (B/board.svg) where no
public route has it, a move tapped at 390 px landing on the table, odds beside a chomp. Fixtures: conftest.py."""
import pytest

pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'sssnake-snits-companion[serve]'")

from companion.serve.app import DEAD  # noqa: E402
from companion.shared import session  # noqa: E402
from tests.serve.served import b, g  # noqa: E402

SPARK, SPLOPS = "Forebosinator", ["Bilgeum", "Eye", "Splenox"]
SETUP = {"seed": 7, "dice": "auto", "duty": "Glut", "remove": ["Grubnik", "Zoomer"], "spark": True, "splops": 3,
         "hidden": {"spark": SPARK, "splops": SPLOPS, "salt": "pepper-and-salt-42"}}


def stored(game: str):
    """(the state, the log) as saved."""
    record, state = session.current("snits", game)
    try:
        return state, record.store.log(game)
    finally:
        record.store.close()


def bolotomus_turn(game: str, then: str = "compose") -> None:
    """Zipwick into the Glut (where the duty Runnungitm R1 waits), then `done` until the `then` phase."""
    session.act("snits", game, {"type": "enter", "who": "Zipwick", "to": "Glut"})
    while stored(game)[0].phase != then:
        session.act("snits", game, {"type": "done"})


def test_b_legal_and_b_act_play_the_bolotomus_and_nobody_else(home, client):
    game, _ = session.create("snits", SETUP)
    assert client.get(b(game) + "/legal").json() == {"actions": []}  # the Snits' go: nothing for the Bolotomus
    snits_move = {"type": "enter", "who": "Zipwick", "to": "Glut"}
    refused = client.post(b(game) + "/act", json=snits_move)
    assert refused.status_code == 400 and "acts for the Bolotomus alone" in refused.json()["error"]
    assert stored(game)[1] == []
    bolotomus_turn(game)
    offered = client.get(b(game) + "/legal?player=Snits").json()["actions"]  # ?player= changes nothing here
    assert [a["text"] for a in offered] == [a["text"] for a in client.get(g(game) + "/legal?player=Bolotomus")
                                            .json()["actions"]]
    assert offered[0]["action"]["type"] == "compose"
    composed = client.post(b(game) + "/act", json=offered[0]["action"])
    assert composed.status_code == 200 and stored(game)[1][-1] == offered[0]["action"]
    vs = client.post(b(game) + "/act", json={"type": "vs", "sides": ["Snits"], "level": 1, "think": 1})
    assert vs.status_code == 400  # who plays a side is the table's to say, not the Bolotomus' page's


def test_b_routes_are_dead_with_the_public_secret(home, client):
    game, _ = session.create("snits", SETUP)
    public = g(game).replace("/g/", "/b/")
    for path in ("/legal", "/board.svg"):
        assert client.get(public + path).json() == {"error": DEAD}
        assert client.get(public + path).status_code == 404
    post = client.post(public + "/act", json={"type": "done"})
    assert post.status_code == 404 and post.json() == {"error": DEAD}
    assert client.get(g(game) + "/board.svg").status_code == 200
    assert client.get(b(game).replace("/b/", "/g/") + "/board.svg").status_code == 404  # and the other way round


def test_only_the_bolotomus_board_marks_the_placement(home, client):
    game, _ = session.create("snits", SETUP)
    own = client.get(b(game) + "/board.svg").text
    assert own.count("Spark hidden") == 1 and own.count("Splop hidden") == 3
    public = client.get(g(game) + "/board.svg").text
    assert "hidden" not in public.lower() and "splop" not in public.lower()


def test_odds_come_with_the_legal_actions(home, client):
    game, _ = session.create("snits", SETUP)
    enter = next(a for a in client.get(g(game) + "/legal?player=Snits").json()["actions"]
                 if a["text"] == "enter Zipwick Fleotis")
    assert enter["odds"] == "21 in 36 to get in"  # speed 7, both smashers working: 2 dice, 7 or lower
    bolotomus_turn(game, "kick")
    kick = next(a for a in client.get(g(game) + "/legal?player=Snits").json()["actions"]
                if a["text"] == "kick Zipwick R1")
    assert kick["odds"] == "2 in 6 to kill R1; a miss lets it chomp: 15 in 36 to catch Zipwick"
    snorg = next(a for a in client.get(g(game) + "/legal?player=Snits").json()["actions"]
                 if a["text"] == "kick Zipwick Snorg")
    assert snorg["odds"] == "2 in 6 to kill the Snorg"
    assert all(a["odds"] is None for a in client.get(g(game) + "/legal?player=Snits").json()["actions"]
               if a["action"]["type"] == "done")


def test_a_chomp_tapped_on_the_private_page_shows_on_the_table(home, server, open_page, wait_seq, shot):
    game, _ = session.create("snits", SETUP)
    bolotomus_turn(game, "chomp")
    seq = server.get(game, "state")["seq"]
    table = open_page(server.table(game))
    own = open_page(server.bolotomus(game), phone=True)
    wait_seq(own, seq)
    chomp = own.locator('.action[data-text="chomp R1 Zipwick"]')
    assert "15 in 36 to catch Zipwick" in chomp.inner_text()  # its odds beside it
    assert own.locator('#minimap [data-organ="Forebosinator"] .counter.hidden-spark').count() == 1
    assert own.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone
    shot(own, "bolotomus-chomp")
    chomp.click()
    wait_seq(table, seq + 1)
    assert "Chomp by R1 at Zipwick" in own.locator("#result").inner_text()
    assert "chomp R1 Zipwick" in table.locator("#dice").inner_text()
    log = stored(game)[1]
    assert log[-1]["type"] == "chomp" and log[-1]["runnungitm"] == "R1"


def test_the_private_page_fits_a_phone_and_opens_its_map_on_its_pieces(home, server, open_page, wait_seq, shot):
    game, _ = session.create("snits", SETUP)
    bolotomus_turn(game)
    own = open_page(server.bolotomus(game), phone=True)
    wait_seq(own, server.get(game, "state")["seq"])
    own.locator('.action[data-text^="compose"]').wait_for()
    assert own.evaluate("document.documentElement.scrollWidth") <= 390
    summary = own.locator("#commitment summary")
    assert summary.inner_text().endswith("…")
    own.locator("#commitment summary").click()  # the whole hash, wrapped, one tap away
    whole = own.locator("#commitment .hash")
    assert len(whole.inner_text()) == 64 and whole.bounding_box()["width"] <= 390
    assert in_view(own, "R1")
    for scheme in ("light", "dark"):
        own.emulate_media(color_scheme=scheme)
        shot(own, f"bolotomus-{scheme}")


def in_view(page, counter: str) -> bool:
    """Whether the small map shows the counter inside its scrolled box."""
    return page.evaluate("""(name) => {
        const box = document.querySelector("#minimap").getBoundingClientRect();
        const r = document.querySelector(`#minimap [data-counter="${name}"]`).getBoundingClientRect();
        return r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom;
    }""", counter)


def test_real_dice_for_a_chomp_and_its_last_kick_from_the_private_page(home, server, open_page, wait_seq):
    """Manual dice: the chomp asks for its two dice, then (it caught Zipwick) shows that and asks for the last
    kick's two, as the terminal's `play` does; the action goes in with all four."""
    game, _ = session.create("snits", {**SETUP, "dice": "manual"})
    bolotomus_turn(game, "chomp")
    seq = server.get(game, "state")["seq"]
    own = open_page(server.bolotomus(game), phone=True)
    wait_seq(own, seq)
    own.locator('.action[data-text="chomp R1 Zipwick"]').click()
    own.wait_for_selector("#dice-box:not([hidden])")
    assert own.locator("#dice-why").inner_text().startswith("R1's chomp at Zipwick: roll 2 dice")
    own.click('#dice-rows .face[data-die="0"][data-face="6"]')
    own.click('#dice-rows .face[data-die="1"][data-face="6"]')
    own.click("#dice-send")
    own.wait_for_function("document.querySelector('#dice-why').textContent.startsWith(\"Zipwick's last kick\")")
    assert "Zipwick is chomped and dies" in own.locator("#dice-told").inner_text()
    assert own.locator("#error").inner_text() == "" and stored(game)[1][-1]["type"] != "chomp"
    own.click('#dice-rows .face[data-die="0"][data-face="1"]')
    own.click('#dice-rows .face[data-die="1"][data-face="1"]')
    own.click("#dice-send")
    wait_seq(own, seq + 1)
    assert stored(game)[1][-1] == {"type": "chomp", "runnungitm": "R1", "snit": "Zipwick", "dice": [6, 6, 1, 1]}
    assert "it missed" in own.locator("#result").inner_text()
