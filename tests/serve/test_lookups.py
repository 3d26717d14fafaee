"""The look-ups of the pages (issue 31): G/hint, G/score, G/deck, G/topics, G/card and G/round answer in the words of
`companion sssnake hint|score|deck|card`, `companion <game> rules` and the round's close, and nothing face down."""
import json

import pytest

pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'sssnake-snits-companion[serve]'")

from tests.serve.served import g, moving  # noqa: E402


def words(text: str) -> str:
    return " ".join(text.split())


def test_hint_is_the_cli_s_for_a_digital_player(cli, client):
    game = moving(cli, "Ann,Bob", 3, "--digital", "Ann")
    got = client.get(g(game) + "/hint?player=Ann").json()
    said = json.loads(cli("sssnake", "hint", "Ann", "--json").output)
    assert got["move"] == said["move"] and got["why"] == said["why"]
    assert got["text"].startswith("Try: ") and got["text"].split("\n")[1:] == said["why"]
    paper = client.get(g(game) + "/hint?player=Bob")
    assert paper.status_code == 400
    assert f"error: {paper.json()['error']}" in cli("sssnake", "hint", "Bob").output
    assert client.get(g(game) + "/hint").status_code == 400


def test_score_and_deck_are_the_cli_s_and_public(cli, client):
    game = moving(cli, "Ann,Bob")
    score = client.get(g(game) + "/score").json()
    assert score["text"] + "\n" == cli("sssnake", "score").output and score["over"] is False
    deck = client.get(g(game) + "/deck").json()
    assert deck["text"] + "\n" == cli("sssnake", "deck").output
    assert deck["deck"] == json.loads(cli("sssnake", "status", "--json").output)["state"]["deck"]  # the public view
    from companion.shared import session

    record, state = session.current("sssnake", game)
    record.store.close()
    down = list(state.deck.order[state.deck.pos + 1:])  # the face-down cards, in their order
    answer = json.dumps(deck)
    assert "order" not in answer and json.dumps(down)[1:-1] not in answer


def test_topics_and_cards_are_the_cli_s(cli, client):
    game = moving(cli, "Ann,Bob")
    names = client.get(g(game) + "/topics").json()["topics"]
    assert words("topics: " + ", ".join(names)) in words(cli("sssnake", "rules").output)
    topic = client.get(g(game) + "/topics/scoring").json()
    assert topic["name"] == "scoring" and words(topic["text"]) == words(cli("sssnake", "rules", "scoring").output)
    unknown = client.get(g(game) + "/topics/zebra")
    assert unknown.status_code == 400 and f"error: {unknown.json()['error']}" in words(
        cli("sssnake", "rules", "zebra").output)
    card = client.get(g(game) + "/card/6").json()
    assert card["name"] == "tricky" and words(card["text"]) == words(cli("sssnake", "card", "6").output)
    assert client.get(g(game) + "/card/17").status_code == 400
    assert client.get(g(game) + "/card/x").status_code == 400
    assert cli("snits", "new", "--seed", "1").exit_code == 0
    snits = client.get(g("snits-1") + "/topics/kick").json()
    assert words(snits["text"]) == words(cli("snits", "rules", "kick").output)
    score = client.get(g("snits-1") + "/score").json()  # what the terminal prints at the end: no placement yet
    assert score["over"] is False and score["text"].split("\n")[0] in cli("snits", "status").output
    for path in ("/deck", "/card/1", "/hint?player=Snits", "/round"):  # Sssnake's own look-ups
        assert client.get(g("snits-1") + path).status_code == 404


def test_the_round_summary_is_what_the_close_printed(cli, client):
    game = moving(cli, "Ann,Bob")
    assert client.get(g(game) + "/round").json() == {"summary": None}
    said = cli("sssnake", "round", "Ann 2 Bob 1", "--game", game)
    assert said.exit_code == 0, said.output
    summary = client.get(g(game) + "/round").json()["summary"]
    assert summary["flip"] == 3 and summary["lines"]
    assert "\n".join(summary["lines"]) in said.output
    assert cli("sssnake", "flip", "--game", game).exit_code == 0  # the next round opens: the last close stays
    assert client.get(g(game) + "/round").json()["summary"] == summary
