"""POST G/new and G/options (issue 31): a new game or a rematch from the table page, made by the same functions as
`companion sssnake new` and `companion snits new`, refused in their words, answered with the new game's links."""
import json

import pytest

pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'sssnake-snits-companion[serve]'")

from tests.serve.served import g, moving  # noqa: E402

JSON = {"content-type": "application/json"}


def new(client, game, options, **headers):
    return client.post(g(game) + "/new", content=json.dumps(options), headers={**JSON, **headers})


def test_a_new_sssnake_game_from_the_table_page_is_the_cli_s(cli, client):
    game = moving(cli, "Ann,Bob")
    got = new(client, game, {"kind": "sssnake", "players": ["Ann", "Bob", "Cid"], "landscape": "Sahara",
                             "digital": ["Bob"], "bots": ["Cid"]})
    assert got.status_code == 200, got.text
    body = got.json()
    assert body["ok"] and body["game"] == "sssnake-2"
    assert body["table"] == g("sssnake-2") + "/" and body["player"] == g("sssnake-2") + "/player"
    assert body["messages"][0].startswith("New game sssnake-2 on Sahara (seed ")
    assert "sssnake-2" in cli("games").output
    setup = json.loads(cli("sssnake", "log", "--game", "sssnake-2", "--json").output)["setup"]
    assert setup["players"] == ["Ann", "Bob", "Cid"] and setup["landscape"] == "sahara"
    assert setup["digital"] == ["Bob"] and setup["computer"] == {"sides": ["Cid"]}
    assert client.get(g("sssnake-2") + "/state").status_code == 200  # its links work at once
    assert client.get(g(game) + "/next").json() == {"next": {"game": "sssnake-2", "table": body["table"],
                                                             "player": body["player"]}}


@pytest.mark.parametrize("options, cli_args", [
    ({"players": ["Ann", "Bob"], "landscape": "moon"}, ["--players", "Ann,Bob", "--landscape", "moon"]),
    ({"players": ["Ann", "Bob"], "first": "Zed"}, ["--players", "Ann,Bob", "--first", "Zed"]),
    ({"players": ["Bot"]}, ["--players", "Bot"]),
    ({"players": ["Ann", "Ann"]}, ["--players", "Ann,Ann"]),
    ({"players": ["Ann"], "digital": ["Bob"]}, ["--players", "Ann", "--digital", "Bob"]),
])
def test_a_refused_sssnake_setup_reads_as_the_cli_s_and_makes_nothing(cli, client, options, cli_args):
    game = moving(cli, "Ann,Bob")
    got = new(client, game, {"kind": "sssnake", **options})
    said = cli("sssnake", "new", *cli_args)
    assert said.exit_code != 0
    assert got.status_code == 400 and f"error: {got.json()['error']}" in said.output
    assert json.loads(cli("games", "--json").output)[0]["id"] == game and "sssnake-2" not in cli("games").output


def test_a_new_snits_game_against_the_computer(cli, client):
    assert cli("snits", "new", "--seed", "1").exit_code == 0
    got = new(client, "snits-1", {"kind": "snits", "players": 1, "map": "first-edition", "vs": "bolotomus",
                                  "level": 1, "spark": True, "splops": 2})
    assert got.status_code == 200, got.text
    setup = json.loads(cli("snits", "log", "--game", "snits-2", "--json").output)["setup"]
    assert setup["edition"] == "first-edition" and setup["computer"]["sides"] == ["Bolotomus"]
    assert setup["computer"]["level"] == 1 and setup["spark"] and setup["splops"] == 2
    assert "hidden" not in setup  # the computer's placement stays secret


def test_snits_refusals_and_no_file_map(cli, client):
    assert cli("snits", "new", "--seed", "1").exit_code == 0
    for options in ({"vs": "nobody"}, {"players": 5}, {"map": "/etc/passwd"}, {"vs": "bolotomus", "dice": "manual"},
                    {"level": 2}):
        got = new(client, "snits-1", {"kind": "snits", **options})
        assert got.status_code == 400, (options, got.text)
    said = cli("snits", "new", "--vs", "bolotomus", "--dice", "manual")
    got = new(client, "snits-1", {"kind": "snits", "vs": "bolotomus", "dice": "manual"})
    assert f"error: {got.json()['error']}" in said.output
    assert "snits-2" not in cli("games").output


def test_new_is_guarded_as_act_is(cli, client):
    game = moving(cli, "Ann,Bob")
    options = {"kind": "sssnake", "players": ["Ann"]}
    assert new(client, game, options, origin="http://evil.example").status_code == 403
    assert client.post(g(game) + "/new", content=json.dumps(options),
                       headers={"content-type": "text/plain"}).status_code == 415
    assert new(client, game, ["Ann"]).status_code == 400
    assert new(client, game, {"kind": "chess"}).status_code == 400
    assert new(client, game, {**options, "seed": 3}).json()["error"] == "unknown field(s) seed of a sssnake game"
    assert client.post("/g/" + game + "/wrongsecret/new", content=json.dumps(options), headers=JSON).status_code == 404
    assert "sssnake-2" not in cli("games").output


def test_options_are_the_game_s_own_for_a_rematch(cli, client):
    assert cli("sssnake", "new", "--players", "Ann,Bob,Bot", "--landscape", "fjord", "--digital", "Ann",
               "--friendship").exit_code == 0
    game = "sssnake-1"
    got = client.get(g(game) + "/options").json()
    assert got["options"] == {"kind": "sssnake", "players": ["Ann", "Bob", "Bot"], "landscape": "fjord",
                              "digital": ["Ann"], "bots": ["Bot"], "friendship": True, "teach": False,
                              "sheets": "edition"}
    assert ["sahara", "Sahara"] in got["choices"]["landscapes"]
    rematch = new(client, game, got["options"])
    assert rematch.status_code == 200
    assert client.get(g("sssnake-2") + "/options").json()["options"] == got["options"]
    assert cli("snits", "new", "--seed", "1", "--vs", "snits", "--level", "1").exit_code == 0
    snits = client.get(g("snits-1") + "/options").json()
    assert snits["options"]["vs"] == "snits" and snits["options"]["level"] == 1 and snits["choices"]["maps"]
    assert new(client, "snits-1", snits["options"]).status_code == 200


def test_a_snits_rematch_keeps_the_game_s_variants(cli, client):
    assert cli("snits", "new", "--seed", "1", "--variant", "organs_to_win=2").exit_code == 0
    options = client.get(g("snits-1") + "/options").json()["options"]
    assert options["variants"] == {"organs_to_win": 2}
    assert new(client, "snits-1", options).status_code == 200
    assert json.loads(cli("snits", "log", "--game", "snits-2", "--json").output)["setup"]["variants"] == \
        {"organs_to_win": 2}
    typed = cli("snits", "new", "--variant", "nonsense=1")
    got = new(client, "snits-1", {**options, "variants": {"nonsense": 1}})
    assert got.status_code == 400 and f"error: {got.json()['error']}" in typed.output
    assert new(client, "snits-1", {**options, "variants": ["organs_to_win"]}).status_code == 400
    assert "snits-3" not in cli("games").output


def test_the_bolotomus_page_is_given_its_rematch_and_no_other_new_game(cli, client):
    """B/next: after a rematch (the same setup, so the same person plays the Bolotomus) its private page's link; a
    new game with other choices may have another Bolotomus, so its link stays the serving terminal's alone."""
    from tests.serve.served import b

    assert cli("snits", "new", "--seed", "1").exit_code == 0
    assert client.get(b("snits-1") + "/next").json() == {"next": None}
    options = client.get(g("snits-1") + "/options").json()["options"]
    assert new(client, "snits-1", options).status_code == 200
    assert client.get(b("snits-1") + "/next").json() == {"next": {"game": "snits-2", "bolotomus": b("snits-2") + "/"}}
    assert client.get(b("snits-2") + "/private").status_code == 200
    assert new(client, "snits-2", {**options, "players": 2}).status_code == 200
    assert client.get(b("snits-2") + "/next").json() == {"next": None}
    assert client.get(g("snits-2") + "/next").json()["next"]["game"] == "snits-3"  # the table page follows it
