"""The Spark of Life and the Splops: "The Bolotomus player secretly places three Splops and the Spark ... underneath
four different Snorgs before play begins", typed at a prompt that shows nothing while the Snit players look away;
drawn at random only when asked (`--spark random`); named on the command line only by scripts (`--hide-spark`)."""
import json

import pytest

from companion.shared.snits import options as snits_options

START = ("snits", "new", "--seed", 4, "--remove", "Grubnik,Zoomer", "--duty", "Wobbulum")


@pytest.fixture
def keyboard(monkeypatch):
    """Someone at a terminal to answer the prompts."""
    monkeypatch.setattr(snits_options, "terminal", lambda: True)


def eyes(cli):
    return json.loads(cli("snits", "status", "--bolotomus", "--json").output)["bolotomus_eyes"]


@pytest.mark.parametrize("options", [("--spark",), ("--spark", "ask", "--splops", 3), ("--splops", 2),
                                     ("--spark", "--splops", 3, "--hide-spark", "Forebosinator")])
def test_with_no_terminal_to_ask_on_the_placement_must_be_given_or_drawn(cli, options):
    """A script or CI has nobody to ask: one line naming --spark random and --hide-spark; no game saved."""
    r = cli(*START, *options)
    assert r.exit_code == 1 and r.output.count("\n") == 1
    assert "`--spark random`" in r.output and "`--hide-spark ORGAN`" in r.output
    assert "no saved snits game" in cli("snits", "status").output


def test_the_bolotomus_types_the_placement_at_a_prompt_that_shows_nothing(cli, keyboard):
    r = cli(*START, "--spark", "--splops", 2, input="forebos\nForebosinator\neye, glut\nEye,Glut\n")
    assert r.exit_code == 0, r.output
    assert "Snit players, look away!" in r.output and "Snit players may look again" in r.output
    assert "forebos" not in r.output.lower() and "eye," not in r.output.lower()
    assert "Commitment (Snit players, note it)" in r.output
    assert (eyes(cli)["spark"], eyes(cli)["splops"]) == ("Forebosinator", ["Eye", "Glut"])
    salt = eyes(cli)["salt"]
    for args in (("snits", "status", "--json"), ("snits", "log", "--json"), ("snits", "map"), ("token",)):
        out = cli(*args).output
        assert salt not in out and "Spark under" not in out and "Spark of Life]" not in out
    hidden = json.loads(cli("snits", "status", "--json").output)["state"]["hidden"]
    assert set(hidden) == {"spark", "splops", "commitment", "splops_gone_off", "sealed"} and hidden["spark"] is True


def test_a_wrong_answer_is_refused_without_repeating_it_and_asked_again(cli, keyboard):
    answers = ["Nowhereland", "Lapotum", "Splenox", "Flumbus", "Splenox", "Splenox", "Splenox,Eye", "Splenox,Eye",
               "Eye,Glut", "Eye,Glut"]
    r = cli(*START, "--spark", "--splops", 2, input="\n".join(answers) + "\n")
    assert r.exit_code == 0, r.output
    assert "error: that is not one organ of this map; type more of its name (organs: Antephellum, Glut" in r.output
    assert "error: nothing hides in the Lapotum" in r.output
    assert "error: the two answers differ" in r.output
    assert "error: the Spark and each Splop go under a different Snorg" in r.output
    assert "Nowhereland" not in r.output and "Splenox under" not in r.output
    assert (eyes(cli)["spark"], eyes(cli)["splops"]) == ("Splenox", ["Eye", "Glut"])


def test_only_the_missing_part_is_asked(cli, keyboard):
    """--hide-spark given: the prompt asks for the Splops alone."""
    r = cli(*START, "--spark", "--hide-spark", "Forebosinator", "--splops", 1, input="Eye\nEye\n")
    assert r.exit_code == 0 and "The Bolotomus hides 1 Splop under the Snorgs now" in r.output
    assert "Spark of Life, under which" not in r.output
    assert (eyes(cli)["spark"], eyes(cli)["splops"]) == ("Forebosinator", ["Eye"])


@pytest.mark.parametrize("options, spark, splops", [
    (("--spark", "random", "--splops", 3), True, 3),
    (("--splops", 2, "--hide-splops", "random"), False, 2),
    (("--spark", "--splops", 3, "--hide-spark", "Forebosinator", "--hide-splops", "Eye,Glut,Bilgeum"), True, 3),
])
def test_drawn_in_secret_or_named_by_a_script_with_no_prompt(cli, options, spark, splops):
    r = cli(*START, *options)
    assert r.exit_code == 0 and "look away" not in r.output
    placed = eyes(cli)
    assert (placed["spark"] is not None, len(placed["splops"])) == (spark, splops)
    assert placed["salt"] not in r.output and "Splops under" not in r.output


def test_play_with_no_saved_game_asks_for_the_placement_too(cli, keyboard):
    r = cli("snits", "play", "--seed", 4, "--spark", input="Eye\nEye\nquit\n")
    assert r.exit_code == 0, r.output
    assert "look away" in r.output and "Red force (15 Snits, 6 badged)" in r.output
    assert "Eye" not in r.output.split("Snit players may look again")[0].split("look away!")[1]
    assert eyes(cli)["spark"] == "Eye"
