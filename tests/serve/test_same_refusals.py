"""Nothing the terminal refuses is accepted by a page, and the other way round (issue 31): the same illegal actions,
typed (the `cli` fixture) and posted as the pages post them (G/act, G/undo, G/redo, and the Bolotomus' B/act,
B/undo, B/redo), each in a fresh copy of the same saved game (made twice by the same commands): both refuse, the
page's line is the terminal's after its "error: ", and neither changes the log (`companion GAME log --json`); legal
actions, typed and posted, are accepted by both and leave equal logs. Fixtures: tests/serve/conftest.py."""
import json

import pytest

from companion.shared import session
from tests.serve.served import b, g, moving
from tests.serve.test_bolotomus_page import SETUP, bolotomus_turn
from tests.serve.test_snits_phone import snits_inside
from tests.serve.test_sssnake_pages import legal_path

pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'sssnake-snits-companion[serve]'")

PLAYERS = ("--players", "Ann,Bob,Cid", "--seed", 11, "--landscape", "sahara", "--digital", "Ann,Cid")
COMPOSITORS = ["Left Compositor", "Deep Compositor", "Right Compositor"]


def sssnake(cli, at: str) -> str:
    """A Sahara game for Ann and Cid (digital; Cid's cave on 2,12, by the edge) and Bob (paper): just set up
    ("new"), at the first round's move ("moving"), with Bob's report in ("reported")."""
    if at == "new":
        return json.loads(cli("sssnake", "new", *PLAYERS, "--json").output)["game"]
    game = moving(cli, "Ann,Bob,Cid", 11, *PLAYERS[4:])
    if at == "reported":
        assert cli("sssnake", "report", "Bob", "--fresh", 1, "--game", game).exit_code == 0
    return game


def owed(cli, at: str) -> str:
    """Am Fluss for Ann and Bob: Bob's third apple makes him 7 long, and he is owed an ability."""
    game = json.loads(cli("sssnake", "new", "--players", "Ann,Bob", "--landscape", "am-fluss", "--seed", 11,
                          "--json").output)["game"]
    for typed in (["flip"], ["flip"], ["flip"], ["report", "Ann"], ["report", "Bob"], ["flip"], ["report", "Ann"],
                  ["report", "Bob", "--fresh", 3]):
        assert cli("sssnake", *typed, "--game", game).exit_code == 0
    return game


def snits(cli, at: str) -> str:
    """A Snits' Revenge game, both sides people: the Snits' first move ("start"), the lightning Snits' second move
    with Zipwick and Bonk in the Glut and Smashel in the Antephellum ("fast"), the Bolotomus' compose or chomp
    with Zipwick in the Glut beside R1 ("compose", "chomp"), or the start with real dice ("manual")."""
    game, _ = session.create("snits", {**SETUP, "dice": "manual" if at == "manual" else "auto"})
    if at == "fast":
        snits_inside(game)
        session.act("snits", game, {"type": "done"})
    elif at in ("compose", "chomp"):
        bolotomus_turn(game, at)
    return game


# (what it tries, the game it starts from, typed, [(route, body)], the page's line where it is not the terminal's)
REFUSED = [
    ("a report out of turn: in the cave round", sssnake, "new", ["report", "Bob", "--fresh", 1],
     [("act", {"type": "report", "player": "Bob", "fresh": 1})]),
    ("a take of a card not offered", owed, "", ["take", "Bob", 16],
     [("act", {"type": "take", "player": "Bob", "card": 16})]),
    ("a take by a player who is owed none", owed, "", ["take", "Ann", 5],
     [("act", {"type": "take", "player": "Ann", "card": 5})]),
    ("a move through a rock", sssnake, "moving", ["move", "Ann", "L", "L", "L", "L"],
     [("act", {"type": "move", "player": "Ann", "path": "L L L L"})]),
    ("a move off the sheet", sssnake, "moving", ["move", "Cid", "L", "L", "U", "U"],
     [("act", {"type": "move", "player": "Cid", "path": "L L U U"})]),
    ("a move longer than the snake's moves", sssnake, "moving", ["move", "Ann", "U5"],
     [("act", {"type": "move", "player": "Ann", "path": "U5"})]),
    ("a move of a paper sheet", sssnake, "moving", ["move", "Bob", "U", "U", "U", "U"],
     [("act", {"type": "move", "player": "Bob", "path": "U U U U"})]),
    ("a report for an unknown player", sssnake, "moving", ["report", "Zed", "--fresh", 1],
     [("act", {"type": "report", "player": "Zed", "fresh": 1})]),
    ("a report for a digital sheet", sssnake, "moving", ["report", "Ann", "--fresh", 1],
     [("act", {"type": "report", "player": "Ann", "fresh": 1})]),
    ("a second report the same round", sssnake, "reported", ["report", "Bob", "--fresh", 2],
     [("act", {"type": "report", "player": "Bob", "fresh": 2})]),
    ("a fix of a report not made", sssnake, "moving", ["fix", "Bob", "--fresh", 1],
     [("act", {"type": "fix", "player": "Bob", "fresh": 1})]),
    ("a golden apple where none lie", sssnake, "moving", ["report", "Bob", "--golden", "3,3"],
     [("act", {"type": "report", "player": "Bob", "golden": [[3, 3]]})]),
    ("a negative count", sssnake, "moving", ["report", "Bob", "--fresh", -1],
     [("act", {"type": "report", "player": "Bob", "fresh": -1})]),
    ("a rejoin outside Friendship mode", sssnake, "moving", ["rejoin", "Bob"],
     [("act", {"type": "rejoin", "player": "Bob"})]),
    ("a flip before the round is over", sssnake, "reported", ["flip"], [("act", {"type": "flip"})]),
    ("undo at the start", sssnake, "new", ["undo"], [("undo", {})]),
    ("redo with nothing undone", sssnake, "reported", ["redo"], [("redo", {}), ("redo", {"player": "Bob"})]),
    ("a move to an organ no channel reaches", snits, "fast", ["move", "Zipwick", "Eye"],
     [("act", {"type": "move", "who": "Zipwick", "to": "Eye"})]),
    ("a second move of a Snit that is not lightning", snits, "fast", ["move", "Smashel", "Glut"],
     [("act", {"type": "move", "who": "Smashel", "to": "Glut"})]),
    ("a chomp with no Snit there", snits, "chomp", ["chomp", "R1", "Bonk"],
     [("act", {"type": "chomp", "runnungitm": "R1", "snit": "Bonk"}),
      ("b/act", {"type": "chomp", "runnungitm": "R1", "snit": "Bonk"})]),
    ("a compose with the wrong organs", snits, "compose", ["compose", "Glut"],
     [("act", {"type": "compose", "at": ["Glut"]}), ("b/act", {"type": "compose", "at": ["Glut"]})]),
    ("the Snits' move in the Bolotomus' go", snits, "compose", ["enter", "Bonk", "Glut"],
     [("act", {"type": "enter", "who": "Bonk", "to": "Glut"}), ("b/act", {"type": "enter", "who": "Bonk", "to": "Glut"})]),
    ("the Bolotomus' compose in the Snits' go", snits, "start", ["compose"],
     [("act", {"type": "compose", "at": COMPOSITORS}), ("b/act", {"type": "compose", "at": COMPOSITORS})]),
    ("a kick outside the kicking phase", snits, "start", ["kick", "Zipwick", "Snorg"],
     [("act", {"type": "kick", "who": "Zipwick", "target": "Snorg"})]),
    ("the Bolotomus' transform in the Snits' go", snits, "start", ["transform", "M1"],
     [("act", {"type": "transform", "makum": "M1"}), ("b/act", {"type": "transform", "makum": "M1"})]),
    ("too many dice", snits, "manual", ["enter", "Zipwick", "Fleotis", "--roll", "3,3,3"],
     [("act", {"type": "enter", "who": "Zipwick", "to": "Fleotis", "dice": [3, 3, 3]})]),
    ("too few dice", snits, "manual", ["enter", "Zipwick", "Fleotis", "--roll", "3"],
     [("act", {"type": "enter", "who": "Zipwick", "to": "Fleotis", "dice": [3]})]),
    ("undo at the start (Snits)", snits, "start", ["undo"], [("undo", {}), ("b/undo", {})]),
    ("redo with nothing undone (Snits)", snits, "fast", ["redo"], [("redo", {}), ("b/redo", {})]),
]


def logged(cli, kind: str, game: str) -> dict:
    """The saved game as `companion KIND log --json` prints it, but for its id."""
    out = cli(kind, "log", "--json", "--game", game)
    assert out.exit_code == 0, out.output
    return {k: v for k, v in json.loads(out.output).items() if k != "game"}


def typed_refusal(cli, kind: str, game: str, typed: list) -> str:
    """The terminal's refusal of a typed command: its `error: ` line, without the prefix."""
    out = cli(kind, *typed, "--game", game)
    lines = [line for line in out.output.splitlines() if line.startswith("error: ")]
    assert out.exit_code != 0 and len(lines) == 1, out.output
    return lines[0].removeprefix("error: ")


def posted(client, game: str, route: str, body: dict):
    """POST a page's write (G/PATH, or the Bolotomus' B/PATH as b/PATH), as the page posts it."""
    where, _, path = route.rpartition("/")
    return client.post(f"{b(game) if where == 'b' else g(game)}/{path}", json=body)


def copies(cli, make, at: str) -> tuple[str, str, str]:
    """(kind, the terminal's copy, the pages' copy): one saved game made twice by the same commands."""
    kind = "snits" if make is snits else "sssnake"
    first, second = make(cli, at), make(cli, at)
    assert logged(cli, kind, first) == logged(cli, kind, second)
    return kind, first, second


@pytest.mark.parametrize("what,make,at,typed,posts", REFUSED, ids=[case[0] for case in REFUSED])
def test_what_the_terminal_refuses_a_page_refuses_in_its_words(cli, client, what, make, at, typed, posts):
    kind, terminal, pages = copies(cli, make, at)
    before = logged(cli, kind, terminal)
    line = typed_refusal(cli, kind, terminal, typed)
    assert logged(cli, kind, terminal) == before
    for route, body in posts:
        got = posted(client, pages, route, body)
        assert got.status_code == 400 and got.json()["error"] == line, (route, got.json(), line)
        assert logged(cli, kind, pages) == before


def test_dice_out_of_range_are_refused_by_both_the_tap_in_the_rules_words(cli, client):
    """The one difference in words: the terminal reads the dice as typed text and says how to type them; a page
    posts numbers, which the rules refuse as numbers. Both say that a die shows 1 to 6, and nothing changes."""
    kind, terminal, pages = copies(cli, snits, "manual")
    before = logged(cli, kind, terminal)
    line = typed_refusal(cli, kind, terminal, ["enter", "Zipwick", "Fleotis", "--roll", "7,1"])
    assert line == "a die shows 1 to 6: type the dice as rolled, e.g. 3 2, 32 or 3,2 (not '7,1')"
    for dice, said in (([7, 1], "a die shows 1 to 6, not 7"), ([1, 0], "a die shows 1 to 6, not 0")):
        got = posted(client, pages, "act", {"type": "enter", "who": "Zipwick", "to": "Fleotis", "dice": dice})
        assert got.status_code == 400 and got.json()["error"] == said
    assert logged(cli, kind, terminal) == logged(cli, kind, pages) == before


def both(cli, client, kind: str, terminal: str, pages: str, typed: list, route: str, body: dict) -> None:
    """One legal step, typed in one copy and posted in the other: both accept it, and the logs stay equal."""
    out = cli(kind, *typed, "--game", terminal)
    assert out.exit_code == 0, out.output
    got = posted(client, pages, route, body)
    assert got.status_code == 200, got.json()
    assert logged(cli, kind, terminal) == logged(cli, kind, pages), (typed, body)


def test_what_the_terminal_takes_a_page_takes_and_the_logs_stay_equal(cli, client):
    kind, terminal, pages = copies(cli, sssnake, "moving")
    path = legal_path(terminal, "Ann")
    for typed, route, body in (
            (["report", "Bob", "--fresh", 1], "act", {"type": "report", "player": "Bob", "fresh": 1}),
            (["move", "Ann", *path], "act", {"type": "move", "player": "Ann", "path": " ".join(path)}),
            (["undo"], "undo", {"player": "Ann"}), (["redo"], "redo", {}),
            (["move", "Cid", *legal_path(terminal, "Cid")], "act",
             {"type": "move", "player": "Cid", "path": " ".join(legal_path(pages, "Cid"))}),
            (["flip"], "act", {"type": "flip"})):
        both(cli, client, kind, terminal, pages, typed, route, body)

    kind, terminal, pages = copies(cli, snits, "start")
    for typed, route, body in (
            (["enter", "Zipwick", "Glut"], "act", {"type": "enter", "who": "Zipwick", "to": "Glut"}),
            (["done"], "act", {"type": "done"}), (["done"], "act", {"type": "done"}),
            (["done"], "act", {"type": "done"}), (["compose"], "b/act", {"type": "compose", "at": COMPOSITORS}),
            (["undo"], "b/undo", {}), (["redo"], "b/redo", {})):
        both(cli, client, kind, terminal, pages, typed, route, body)
