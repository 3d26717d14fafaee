"""`new --teach`: a first game with a one-line rule reminder at each step (what to draw, when abilities come), kept
in the setup and the state, shown by every command and by `play`."""
import json

import pytest

from companion.core.edition_data import read_template
from companion.shared import topics
from companion.sssnake.game import ENGINE

STEPS = {"cave", "flip", "grow", "report", "choose", "place", "over"}


def test_every_step_has_one_reminder_whose_topic_exists():
    tips = read_template("sssnake", "topics.toml")["teach"]
    assert sorted(t["step"] for t in tips) == sorted(STEPS)
    for tip in tips:
        assert topics.find("sssnake", tip["topic"]).name == tip["topic"]
        assert len(" ".join(tip["text"].split())) < 200, "a reminder is one line"


def test_teaching_is_kept_in_the_setup_and_the_state(cli, table):
    data = json.loads(cli("sssnake", "new", "--players", "Ann,Bob", "--teach", "--json").output)
    assert data["setup"]["teach"] is True and data["state"]["teach"] is True
    state = ENGINE.to_dict(table(teach=True).state)
    assert state["te"] == 1 and ENGINE.from_dict(state).teach
    assert "te" not in ENGINE.to_dict(table().state)


def test_each_command_adds_the_reminder_for_what_comes_next(cli):
    out = cli("sssnake", "new", "--players", "Ann,Bob", "--seed", "7", "--teach").output
    assert "Teach: First round: whoever flips draws their cave on the square" in out
    assert "(more: `companion sssnake rules first-round`)" in out
    cli("sssnake", "flip")
    assert "Teach: From now on the token holder flips" in cli("sssnake", "flip").output
    assert "Teach: Draw the apple, then move exactly your move length" in cli("sssnake", "flip").output
    out = cli("sssnake", "round", "Ann 2 Bob 1").output
    assert "Teach: For each apple eaten circle the next number on your length track" in out
    assert "Teach: For each apple eaten" in cli("sssnake", "status").output
    cli("sssnake", "flip")
    assert "Teach: Reaching 7, 12, 18 or 23 earns an ability" in cli("sssnake", "round", "Bob 2").output


def test_no_reminders_without_teach(cli):
    cli("sssnake", "new", "--players", "Ann,Bob", "--seed", "7")
    assert "Teach:" not in cli("sssnake", "flip").output + cli("sssnake", "status").output


def test_play_teaches_each_step_once_as_it_comes_pointing_at_its_topic(cli):
    cli("sssnake", "new", "--players", "Ann,Bob", "--seed", "7", "--teach")
    out = cli("sssnake", "play", input="Ann 1\n").output
    assert "companion sssnake" not in out
    assert out.count("Teach: First round") == 1 and "(more: `? first-round`)" in out
    assert out.count("Teach: Draw the apple") == 2 and out.count("Teach: For each apple eaten") == 1


@pytest.mark.parametrize("step", sorted(STEPS))
def test_the_reminder_is_found_for_each_next_step(step):
    from companion.shared.sssnake.text import teach_line

    nxt = {"step": "flip", "cave": step == "cave", "first": step == "flip"} if step in ("cave", "flip", "grow") \
        else {"step": step}
    assert teach_line(nxt, "?").endswith("`)")
