"""The routes of `companion serve` (docs/serve.md): what each answers, the secrets, writes as the CLI makes them."""
import json

import pytest

pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'sssnake-snits-companion[serve]'")

from companion.serve.app import DEAD  # noqa: E402
from tests.serve.served import b, g, moving, saved  # noqa: E402


def test_state_is_the_cli_view_status_and_log_length(cli, client):
    game = moving(cli, "Ann,Bob,Cid")
    got = client.get(g(game) + "/state")
    assert got.status_code == 200 and got.headers["cache-control"] == "no-store"
    state = got.json()
    cli_json = json.loads(cli("sssnake", "status", "--json").output)
    assert state["game"] == game and state["kind"] == "sssnake" and state["seq"] == 4
    assert state["view"] == cli_json["state"] and state["next"] == cli_json["state"]["next"]
    assert state["status"] + "\n" == cli("sssnake", "status").output
    assert state["next_text"] in state["status"]


def test_snits_state(cli, client):
    assert cli("snits", "new", "--seed", "1").exit_code == 0
    state = client.get(g("snits-1") + "/state").json()
    assert state["kind"] == "snits" and state["seq"] == 0
    assert state["view"] == json.loads(cli("snits", "status", "--json").output)["state"]
    assert state["status"] + "\n" == cli("snits", "status").output


def test_pages_and_static_files(cli, client):
    game = moving(cli, "Ann,Bob")
    for path, page in (("/", "table"), ("/player", "player"), ("/player?name=Ann", "player")):
        got = client.get(g(game) + path)
        assert got.status_code == 200 and got.headers["content-type"].startswith("text/html")
        assert f'data-page="{page}"' in got.text and "/static/common.js" in got.text
        for part in ('id="game"', 'id="next"', 'id="error"', 'id="messages"', "data-seq="):
            assert part in got.text
    assert client.get(g(game), follow_redirects=False).status_code in (307, 308)  # the table page ends with /
    for name in ("common.js", "style.css", "table.html", "player.html", "bolotomus.html", "bolotomus.js"):
        assert client.get(f"/static/{name}").status_code == 200
    assert client.get("/static/nothing.js").json() == {"error": "not found"}


def test_every_asset_is_served_by_the_companion(client):
    """No CDN: the pages name no other host."""
    for name in ("table.html", "player.html", "bolotomus.html", "common.js", "style.css"):
        text = client.get(f"/static/{name}").text
        assert "http://" not in text and "https://" not in text and "//cdn" not in text


ROUTES = [("GET", "/"), ("GET", "/player"), ("GET", "/state"), ("GET", "/legal?player=Ann"),
          ("GET", "/sheet/Ann"), ("GET", "/sheet.svg?player=Ann"), ("GET", "/board.svg"), ("POST", "/act"),
          ("GET", "/events")]


def dead(got, page: bool) -> bool:
    """A dead link's answer: the words with "scan the code again", a page on a page's route, else one JSON line."""
    if got.status_code != 404 or "scan the code again" not in got.text.lower():
        return False
    if page:
        return got.headers["content-type"].startswith("text/html") and "<script" not in got.text
    return got.json() == {"error": DEAD}


@pytest.mark.parametrize("method, route", ROUTES)
def test_a_wrong_secret_or_unknown_game_is_a_dead_link(cli, client, method, route):
    game = moving(cli, "Ann,Bob")
    before = saved(game)
    bolotomus_secret = b(game).rsplit("/", 1)[1]
    for base in (f"/g/{game}/wrongsecret000000", f"/g/{game}/{bolotomus_secret}", g("sssnake-9"),
                 f"/g/sssnake-9/{g(game).rsplit('/', 1)[1]}", f"/g/{game}/{g(game).rsplit('/', 1)[1].upper()}"):
        got = client.request(method, base + route, json={"type": "flip"} if method == "POST" else None)
        assert dead(got, route in ("/", "/player")), base + route
    assert saved(game) == before


def test_the_bolotomus_routes_need_their_own_secret(cli, client):
    assert cli("snits", "new", "--seed", "1").exit_code == 0
    for path in ("/", "/private", "/events"):
        for base in (g("snits-1").replace("/g/", "/b/"), b("snits-2"), "/b/snits-1/x"):
            assert dead(client.get(base + path), path == "/")
    assert client.get(b("snits-1") + "/").status_code == 200


def test_a_link_dies_with_its_game_when_the_id_is_reused(cli, client):
    """The secret is bound to the game's identity (its id and its stored creation), not to the id alone."""
    game = moving(cli, "Ann,Bob")
    old = g(game)
    assert client.get(old + "/state").status_code == 200
    assert cli("games", "rename", game, "kept", "--yes").exit_code == 0
    reused = moving(cli, "Cy,Di")
    assert reused == game and g(reused) != old
    for route in ("/", "/state", "/events"):
        assert dead(client.get(old + route), route == "/"), route
    assert dead(client.post(old + "/act", json={"type": "report", "player": "Cy", "fresh": 1}), False)
    assert "Cy" in client.get(g(reused) + "/state").json()["status"]
    assert client.get(g("kept") + "/state").status_code == 200  # the renamed game has links of its own


def test_legal_for_a_sssnake_player(cli, client):
    game = moving(cli, "Ann,Bob", 3, "--digital", "Bob")
    paper = client.get(g(game) + "/legal?player=ann").json()
    assert paper == {"actions": [], "report": True, "move": False, "digital": False}
    digital = client.get(g(game) + "/legal?player=Bob").json()
    assert digital == {"actions": [], "report": False, "move": True, "digital": True}
    unknown = client.get(g(game) + "/legal?player=Zed")
    assert (unknown.status_code, unknown.json()) == (400, {"error": "no player 'Zed'; players: Ann, Bob"})
    assert client.get(g(game) + "/legal").status_code == 400


def test_legal_offers_the_flip_to_the_token_holder_only(cli, client):
    assert cli("sssnake", "new", "--players", "Ann,Bob", "--seed", "3").exit_code == 0
    flip = {"actions": [{"action": {"type": "flip"}, "text": "flip"}], "report": False, "move": False,
            "digital": False}
    assert client.get(g("sssnake-1") + "/legal?player=Ann").json() == flip
    assert client.get(g("sssnake-1") + "/legal?player=Bob").json()["actions"] == []


def test_legal_for_a_snits_side_is_the_rules_list_with_its_text(cli, client):
    from companion.snits.game import ENGINE
    from companion.snits.state import Phase

    assert cli("snits", "new", "--seed", "1").exit_code == 0
    got = client.get(g("snits-1") + "/legal?player=Snits").json()["actions"]
    from companion.shared.session import current

    record, state = current("snits", "snits-1")
    record.store.close()
    wanted = ENGINE.legal_actions(state, "Snits")
    assert state.phase != Phase.OVER and wanted
    from companion.shared.snits.chances import action_odds

    assert got == [{"action": a, "text": ENGINE.action_text(a), "odds": action_odds(state, a)} for a in wanted]
    assert {a["odds"] for a in got if a["action"].get("to") == "Fleotis"} == {"21 in 36 to get in", "15 in 36 to get in",
                                                                              "10 in 36 to get in", "6 in 36 to get in"}
    assert client.get(g("snits-1") + "/legal?player=Bolotomus").json() == {"actions": []}


def test_sheet_of_a_digital_player(cli, client):
    game = moving(cli, "Ann,Bob", 3, "--digital", "Ann")
    sheet = client.get(g(game) + "/sheet/Ann").json()
    cli_sheet = json.loads(cli("sssnake", "sheet", "Ann", "--json").output)["sheet"]
    assert sheet["sheet"] == cli_sheet
    assert len(sheet["terrain"]) == len(sheet["overlay"]) == 16
    assert all(len(row) == 16 for row in sheet["terrain"] + sheet["overlay"])
    view = client.get(g(game) + "/state").json()["view"]
    assert sheet["move"] == view["players"][0]["move"] and sheet["golden_left"] == view["golden_left"]
    paper = client.get(g(game) + "/sheet/Bob")
    assert paper.status_code == 400 and "paper" in paper.json()["error"]


def test_sheet_and_board_belong_to_their_game(cli, client):
    game = moving(cli, "Ann,Bob")
    assert client.get(g(game) + "/board.svg").status_code == 404
    assert cli("snits", "new", "--seed", "1").exit_code == 0
    assert client.get(g("snits-1") + "/sheet/Bolotomus").status_code == 404


def test_board_svg_of_a_snits_game(cli, client):
    pytest.importorskip("companion.serve.board", reason="the board drawing (companion/serve/board.py) is not here yet")
    assert cli("snits", "new", "--seed", "1").exit_code == 0
    got = client.get(g("snits-1") + "/board.svg")
    assert got.status_code == 200 and got.headers["content-type"].startswith("image/svg+xml")
    assert "<svg" in got.text


def test_a_report_posted_lands_and_shows_in_status(cli, client):
    game = moving(cli, "Ann,Bob,Cid")
    got = client.post(g(game) + "/act", json={"type": "report", "player": "Ann", "fresh": 2})
    assert got.status_code == 200
    assert got.json() == {"ok": True, "messages": ["Ann reported; waiting for Bob, Cid."], "seq": 5}
    status = cli("sssnake", "status").output
    assert "Next: Bob, Cid move" in status
    assert saved(game)[0][-1] == {"type": "report", "player": "Ann", "fresh": 2}
    client.post(g(game) + "/act", json={"type": "round", "line": "Bob 1 Cid 0"})
    assert "Ann        length  6" in cli("sssnake", "status").output


@pytest.mark.parametrize("action, args", [
    ({"type": "report", "player": "Zed", "fresh": 1}, ("report", "Zed", "--fresh", "1")),
    ({"type": "report", "player": "Ann", "fresh": 1, "end": "s"}, ("report", "Ann", "--fresh", "1", "--end", "snow")),
    ({"type": "flip"}, ("flip",)),
])
def test_a_refused_action_gives_the_cli_line_and_changes_nothing(cli, client, action, args):
    game = moving(cli, "Ann,Bob,Cid")
    before = saved(game)
    got = client.post(g(game) + "/act", json=action)
    typed = cli("sssnake", *args)
    assert typed.exit_code == 1 and typed.output.startswith("error: ")
    assert got.status_code == 400 and got.json() == {"error": typed.output[len("error: "):].rstrip("\n")}
    assert saved(game) == before


def test_a_snits_refusal_is_the_cli_line(cli, client):
    assert cli("snits", "new", "--seed", "1").exit_code == 0
    before = saved("snits-1")
    got = client.post(g("snits-1") + "/act", json={"type": "move", "who": "Zipwick", "to": "Eye"})
    typed = cli("snits", "move", "Zipwick", "Eye")
    assert got.status_code == 400 and got.json() == {"error": typed.output[len("error: "):].rstrip("\n")}
    assert saved("snits-1") == before


@pytest.mark.parametrize("body", [b"x" * (16 * 1024 + 1), b"not json", b"[1, 2]", b'"flip"', b"",
                                  json.dumps({"type": "report", "player": "Ann", "fresh": "x" * 17000}).encode(),
                                  b"[" * 5000, b'{"a":' * 3000])
def test_a_bad_body_is_refused_in_one_line(cli, client, body):
    game = moving(cli, "Ann,Bob")
    before = saved(game)
    got = client.post(g(game) + "/act", content=body, headers={"content-type": "application/json"})
    assert got.status_code == 400 and list(got.json()) == ["error"] and "\n" not in got.json()["error"]
    assert saved(game) == before


@pytest.mark.parametrize("action", [{"type": "report", "player": ["Ann"]}, {"type": "take", "player": "Ann"},
                                    {"type": "nonsense"}, {"no": "type"}, {"type": "report", "player": "Ann",
                                                                          "fresh": {"a": 1}}])
def test_a_malformed_action_is_refused_not_a_crash(cli, client, action):
    game = moving(cli, "Ann,Bob")
    before = saved(game)
    got = client.post(g(game) + "/act", json=action)
    assert got.status_code == 400 and list(got.json()) == ["error"]
    assert saved(game) == before


def test_the_computer_replies_quietly_after_a_post(cli, client, capsys):
    assert cli("sssnake", "new", "--players", "Ann,Bob", "--bot", "Bob", "--seed", "3").exit_code == 0
    capsys.readouterr()
    got = client.post(g("sssnake-1") + "/act", json={"type": "flip"}).json()  # Ann's cave; then Bob flips his
    assert got["ok"] and any(m.startswith("Bob (computer): flip") for m in got["messages"])
    assert capsys.readouterr().out == ""  # the server's terminal stays quiet
    assert got["seq"] == len(saved("sssnake-1")[0]) >= 2


def test_a_snits_move_against_the_computer_gets_its_reply(cli, client):
    assert cli("snits", "new", "--seed", "1", "--vs", "bolotomus", "--level", "1").exit_code == 0
    side = client.get(g("snits-1") + "/legal?player=Snits").json()["actions"]
    done = next(a for a in side if a["action"]["type"] == "done")
    got = client.post(g("snits-1") + "/act", json=done["action"]).json()
    assert got["ok"] and any("(computer)" in m for m in got["messages"])
    assert got["seq"] == len(saved("snits-1")[0])
