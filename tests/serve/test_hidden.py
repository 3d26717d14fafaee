"""The hidden Spark and Splops never reach a public route; the Bolotomus' page has them, behind its own secret."""
import json

import pytest

pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'sssnake-snits-companion[serve]'")

from companion.serve.app import DEAD  # noqa: E402
from tests.serve.served import b, g  # noqa: E402

SPARK, SPLOPS = "Forebosinator", ["Bilgeum", "Eye", "Glut"]


@pytest.fixture
def hidden(cli):
    out = cli("snits", "new", "--seed", "5", "--spark", "--splops", "3", "--hide-spark", SPARK, "--hide-splops",
              ",".join(SPLOPS))
    assert out.exit_code == 0, out.output
    private = json.loads(cli("snits", "status", "--bolotomus", "--json").output)["bolotomus_eyes"]
    assert private["spark"] == SPARK
    return private


def public_texts(client, game="snits-1") -> list[str]:
    """Every public answer of the game: pages, state, each side's legal actions, the board, a refused write."""
    texts = [client.get(g(game) + path).text for path in ("/", "/player", "/state", "/legal?player=Snits",
                                                            "/legal?player=Bolotomus", "/sheet/Snits")]
    texts.append(client.post(g(game) + "/act", json={"type": "kick", "who": "Zipwick", "target": "Snorg"}).text)
    try:
        import companion.serve.board  # noqa: F401

        texts.append(client.get(g(game) + "/board.svg").text)
    except ImportError:
        pass
    return texts


def test_public_routes_never_hold_the_placement(client, hidden):
    texts = public_texts(client)
    for text in texts:
        assert hidden["salt"] not in text and hidden["hashed"] not in text
        assert "Bolotomus' eyes only" not in text and "Spark under the" not in text
    view = json.loads(texts[2])["view"]
    assert not {SPARK, *SPLOPS} & set(json.dumps(view["hidden"]).replace('"', " ").split())
    assert view["hidden"]["commitment"] == hidden["commitment"]  # the public commitment is there to check later


def test_public_routes_never_hold_the_placement_after_moves(cli, client, hidden):
    """A few actions in (the Snits go, then the Bolotomus'), the public answers still hold nothing hidden."""
    for _ in range(6):
        offered = [a for side in ("Snits", "Bolotomus")
                   for a in client.get(g("snits-1") + f"/legal?player={side}").json()["actions"]]
        if not offered:
            break
        assert client.post(g("snits-1") + "/act", json=offered[-1]["action"]).status_code == 200
    for text in public_texts(client):
        assert hidden["salt"] not in text and "Bolotomus' eyes only" not in text


def test_the_bolotomus_page_shows_the_placement_with_its_own_secret_only(client, hidden):
    private = client.get(b("snits-1") + "/private").json()
    assert private["private"]["spark"] == SPARK and sorted(private["private"]["splops"]) == SPLOPS
    assert "Bolotomus' eyes only" in private["status"]
    assert client.get(g("snits-1") + "/private").status_code == 404
    assert client.get(g("snits-1").replace("/g/", "/b/") + "/private").json() == {"error": DEAD}
    page = client.get(b("snits-1") + "/")
    assert page.status_code == 200 and 'id="spark"' in page.text and 'id="splops"' in page.text


def test_no_bolotomus_page_while_the_computer_hides(cli, client):
    assert cli("snits", "new", "--seed", "5", "--spark", "random", "--vs", "bolotomus", "--level", "1").exit_code == 0
    assert client.get(b("snits-1") + "/private").status_code == 404
    assert client.get(b("snits-1") + "/").status_code == 404


def test_no_bolotomus_page_for_sssnake(cli, client):
    assert cli("sssnake", "new", "--players", "Ann,Bob", "--seed", "1").exit_code == 0
    assert client.get(b("sssnake-1") + "/private").status_code == 404
    assert client.get(b("sssnake-1") + "/").status_code == 404


def test_only_the_bolotomus_board_and_moves_say_where_the_placement_is(client, hidden):
    """Issue 31: B/board.svg marks the Spark and the Splops for the Bolotomus' eyes; G/board.svg, G/legal (with its
    odds) and every other public answer never do, and B/legal, B/act answer to the Bolotomus' secret alone."""
    own = client.get(b("snits-1") + "/board.svg").text
    assert own.count("Spark hidden") == 1 and own.count("Splop hidden") == len(SPLOPS)
    for text in public_texts(client):
        assert "Spark hidden" not in text and "Splop hidden" not in text
    public = g("snits-1").replace("/g/", "/b/")
    assert client.get(public + "/legal").json() == {"error": DEAD}
    assert client.post(public + "/act", json={"type": "done"}).json() == {"error": DEAD}
    assert client.get(b("snits-1") + "/legal").json() == {"actions": []}  # the Snits' go
