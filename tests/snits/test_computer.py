"""Playing Snits' Revenge against the computer (`new --vs`): it plays its side's whole go after the person's, from
the rules' legal actions, keeps its own placement secret, and undo takes back the person's move with its reply."""
import json
import os

import pytest

from companion.store.db import Store


class Saved:
    def __init__(self, record):
        self.setup, self.actions = record.setup, record.actions


def saved() -> Saved:
    """The latest game's setup and log, read while the store is open."""
    store = Store()
    try:
        return Saved(store.load(store.latest("snits")))
    finally:
        store.close()


def acting(cli) -> str:
    return json.loads(cli("snits", "status", "--json").output)["state"]["to_act"].removeprefix("the ")


def new(cli, *extra):
    r = cli("snits", "new", "--seed", 4, "--remove", "Grubnik,Zoomer", "--duty", "Wobbulum", "--level", 1, *extra)
    assert r.exit_code == 0, r.output
    return r


def play_snits_go(cli):
    """The person's go as the Snits: `done` through every Snit phase until the computer Bolotomus has played."""
    r = None
    for _ in range(4):
        r = cli("snits", "done")
        assert r.exit_code == 0, r.output
        if "Bolotomus (computer):" in r.output:
            return r
    raise AssertionError("the computer never played")


def test_the_computer_bolotomus_plays_its_go_after_the_snits_done(cli):
    r = new(cli, "--vs", "bolotomus")
    assert "The computer (level 1) plays Bolotomus; you play the other side." in r.output
    assert saved().setup["computer"] == {"sides": ["Bolotomus"], "level": 1, "think": 1.0}
    r = play_snits_go(cli)
    assert acting(cli) == "Snits", "after its go the person plays again"
    assert len(saved().actions) > 4, "the computer's actions are logged like any other"


def test_undo_takes_back_the_persons_move_and_the_computers_reply_and_redo_puts_both_back(cli):
    new(cli, "--vs", "bolotomus")
    play_snits_go(cli)
    after = len(saved().actions)
    r = cli("snits", "undo", "--json")
    data = json.loads(r.output)
    assert data["undo"] == {"type": "done"} and data["computer"], r.output
    before = len(saved().actions)
    assert before == after - 1 - len(data["computer"])
    assert acting(cli) == "Snits", "back at the person's own decision"
    redo = json.loads(cli("snits", "redo", "--json").output)
    assert redo["redo"] == {"type": "done"} and len(saved().actions) == after


def test_the_computer_snits_move_first_and_the_person_plays_the_bolotomus(cli):
    r = new(cli, "--vs", "snits", "--json")
    data = json.loads(r.output)
    assert data["computer"] and all(step["side"] == "Snits" for step in data["computer"])
    assert data["state"]["to_act"].removeprefix("the ") == "Bolotomus"


def test_the_computer_hides_its_spark_and_splops_from_the_person(cli):
    r = new(cli, "--vs", "bolotomus", "--spark", "--splops", 3)
    record = saved()
    hidden = record.setup["hidden"]
    assert hidden["spark"] and len(hidden["splops"]) == 3
    assert "eyes only" not in r.output and f"under the {hidden['spark']}" not in r.output
    assert "sha256" in r.output, "the commitment is public: the reveal at the end proves the computer fair"
    for command in ("status", "map"):
        refused = cli("snits", command, "--bolotomus")
        assert refused.exit_code == 1 and refused.output.startswith("error: the computer plays the Bolotomus")
    assert "hidden" not in json.loads(cli("snits", "status", "--json").output).get("setup", {})


@pytest.mark.parametrize("command", [("token", "--private"), ("token", "--private", "--json"), ("qr", "--private"),
                                     ("qr", "--private", "--format", "png")])
def test_the_private_token_is_refused_while_the_computer_holds_the_secret(cli, command):
    """Issue 33: `token --private` and `qr --private` printed the placement (a warning on stderr only), and resuming
    it elsewhere showed it; refused as status --bolotomus is, with nothing written, until the game ends."""
    new(cli, "--vs", "bolotomus", "--spark", "--splops", 3)
    refused = cli(*command)
    assert refused.exit_code == 1 and refused.output == ("error: the computer plays the Bolotomus: where it hid the "
                                                         "Spark and Splops stays secret until the game ends\n")
    assert not os.path.exists("output")
    public = cli("token")
    assert public.exit_code == 0 and public.output.startswith("CT2")


def test_a_persons_bolotomus_keeps_its_private_token(cli):
    assert cli("snits", "new", "--seed", 4, "--spark", "random", "--splops", 3).exit_code == 0
    assert cli("token", "--private").exit_code == 0


@pytest.mark.parametrize("args, words", [
    (("--vs", "nobody"), "--vs names the sides the computer plays"),
    (("--vs", "bolotomus,snits"), "cannot play every side"),
    (("--level", 1), None),
    (("--vs", "bolotomus", "--dice", "manual"), "rolls its own dice"),
    (("--vs", "bolotomus", "--spark", "--hide-spark", "Eye"), "hides the Spark and Splops itself"),
])
def test_a_wrong_opponent_is_one_error_line_and_saves_nothing(cli, args, words):
    r = cli("snits", "new", "--seed", 4, *args)
    assert r.exit_code != 0 and r.output.startswith("error:") and len(r.output.strip().splitlines()) == 1, r.output
    if words:
        assert words in r.output
    store = Store()
    try:
        assert store.ids() == [], "nothing saved"
    finally:
        store.close()


def test_level_without_vs_is_refused(cli):
    r = cli("snits", "new", "--seed", 4, "--level", 2)
    assert r.exit_code == 1 and "add --vs bolotomus or --vs snits" in r.output


def test_a_multiplayer_clan_can_be_the_computers(cli):
    r = cli("snits", "new", "--seed", 4, "--snit-players", 2, "--vs", "blue", "--level", 1, "--json")
    assert r.exit_code == 0, r.output
    assert saved().setup["computer"]["sides"] == ["Blue"]


def test_the_play_loop_shows_the_computers_go_and_gives_the_person_the_next(cli):
    new(cli, "--vs", "bolotomus")
    r = cli("snits", "play", input="done\ndone\ndone\ndone\nquit\n")
    assert r.exit_code == 0, r.output
    assert "Bolotomus (computer):" in r.output


def test_an_interrupted_computer_go_finishes_before_the_persons_next_action(cli):
    """The person's go ended through the library alone (as if the command was stopped before the reply): the next
    command plays the computer's go first, then the person's action; nobody acts in the other's go."""
    from companion.shared import session

    new(cli, "--vs", "bolotomus")
    for _ in range(3):
        session.act("snits", None, {"type": "done"})
        if acting(cli) == "Bolotomus":
            break
    assert acting(cli) == "Bolotomus"
    with pytest.raises(session.ComputerToAct):
        session.act("snits", None, {"type": "done"})
    r = cli("snits", "status")
    assert "Bolotomus (computer)" not in r.output, "looking plays nothing"
    r = cli("snits", "done")
    assert r.exit_code == 0 and "Bolotomus (computer):" in r.output, r.output
    with pytest.raises(session.Refused, match="not the computer's go"):
        session.act("snits", None, {"type": "done"}, computer=True)


def test_a_game_resumed_from_a_token_takes_its_computer_opponent_again_with_vs(cli):
    """A token carries the game, not who plays it: `resume --vs` attaches the computer again."""
    new(cli, "--vs", "bolotomus")
    token = cli("token").output.strip()
    r = cli("resume", token, "--vs", "bolotomus", "--level", 1)
    assert r.exit_code == 0, r.output
    assert saved().setup["computer"] == {"sides": ["Bolotomus"], "level": 1, "think": 1.0}
    play_snits_go(cli)
    assert acting(cli) == "Snits"


@pytest.mark.parametrize("args, words", [
    (("--level", 1), "add --vs bolotomus"),
    (("--vs", "nobody"), "--vs names the sides"),
])
def test_resume_with_a_wrong_opponent_is_one_error_line_and_saves_nothing(cli, args, words):
    cli("snits", "new", "--seed", 4)
    token = cli("token").output.strip()
    r = cli("resume", token, *args)
    assert r.exit_code == 1 and r.output.startswith("error:") and words in r.output, r.output
    assert len(r.output.strip().splitlines()) == 1
    store = Store()
    try:
        assert store.ids() == ["snits-1"], "nothing saved"
    finally:
        store.close()


def test_vs_changes_who_plays_a_side_logged_and_undone_like_any_action(cli):
    cli("snits", "new", "--seed", 4, "--remove", "Grubnik,Zoomer", "--duty", "Wobbulum")
    r = cli("snits", "vs", "bolotomus", "--level", 1)
    assert r.exit_code == 0 and "from now on the computer (level 1) plays Bolotomus" in r.output, r.output
    assert saved().actions == [{"type": "vs", "sides": ["Bolotomus"], "level": 1, "think": 1.0}]
    assert "1. vs Bolotomus --level 1 --think 1.0" in cli("snits", "log").output
    play_snits_go(cli)
    cli("snits", "vs", "nobody")
    count = len(saved().actions)
    while acting(cli) == "Snits":
        assert "(computer)" not in cli("snits", "done").output, "people play every side now"
    for _ in range(len(saved().actions) - count):
        cli("snits", "undo")
    r = cli("snits", "undo")
    assert r.exit_code == 0 and len(saved().actions) == count - 1, "undo takes back the vs alone"
    play_snits_go(cli)  # the computer plays the Bolotomus again


def test_the_computer_keeps_the_bolotomus_whose_spark_it_hid(cli):
    new(cli, "--vs", "bolotomus", "--spark", "--splops", 2)
    before = len(saved().actions)
    for sides in ("nobody", "snits"):
        r = cli("snits", "vs", sides)
        assert r.exit_code == 1 and r.output.startswith("error: the computer hid the Spark"), r.output
    assert len(saved().actions) == before


def chomp_dice(cli, snit: str) -> list[int]:
    r = cli("snits", "chomp", "R1", snit, "--json")
    assert r.exit_code == 0, r.output
    return [a for a in json.loads(cli("snits", "log", "--json").output)["actions"] if a["type"] == "chomp"][-1]["dice"]


def test_a_new_action_after_an_undo_never_rolls_the_dice_already_shown(cli):
    """Issue 33: against the computer, `chomp R1 Zipwick` rolled 6+1, `undo`, `chomp R1 Bonk` rolled 6+1 again: the
    player saw the dice and chose again. A new action after an undo passes over every chance step the undone
    actions rolled (logged as `skip`), so it rolls fresh dice; redo and replay give the game as it was."""
    # --think 60: the computer's rollout cap decides, never the clock, so a loaded machine plays the same game
    assert cli("snits", "new", "--vs", "snits", "--seed", 926158, "--duty", "Glut", "--think", 60).exit_code == 0
    shown = chomp_dice(cli, "Grubnik")
    assert shown[:2] == [6, 1]  # the chomp the issue met, at Grubnik now (then his last kick)
    assert cli("snits", "undo").exit_code == 0
    fresh = chomp_dice(cli, "Bonk")
    assert fresh != shown
    logged = [a for a in json.loads(cli("snits", "log", "--json").output)["actions"] if a["type"] == "chomp"][-1]
    assert logged["skip"] >= 1
    before = cli("snits", "status", "--json").output
    assert cli("snits", "undo").exit_code == 0 and cli("snits", "redo").exit_code == 0
    assert cli("snits", "status", "--json").output == before, "redo puts back the same rolls"
    assert cli("snits", "undo").exit_code == 0
    assert chomp_dice(cli, "Bonk") not in (shown, fresh), "undone twice: neither roll is met again"


def test_between_people_an_undo_replays_the_same_dice(cli):
    """No computer: undo is the table's agreement, and the game's dice stay where they were (no skip)."""
    assert cli("snits", "new", "--seed", 926158, "--duty", "Glut").exit_code == 0
    for line in (["move", "Zipwick", "Fleotis"], ["done"]):
        cli("snits", *line)
    log = json.loads(cli("snits", "log", "--json").output)["actions"]
    assert all("skip" not in a for a in log)


def test_a_change_of_who_plays_after_an_undo_passes_the_seen_dice_over_too(cli):
    """A `vs` is the person's new action after the undo: it clears the redo stack, so it takes the skip itself;
    the chomp after it rolls fresh dice, and the skip never reaches who plays."""
    # --think 60: the computer's rollout cap decides, never the clock, so a loaded machine plays the same game
    assert cli("snits", "new", "--vs", "snits", "--seed", 926158, "--duty", "Glut", "--think", 60).exit_code == 0
    shown = chomp_dice(cli, "Grubnik")
    assert cli("snits", "undo").exit_code == 0
    assert cli("snits", "vs", "nobody").exit_code == 0
    assert chomp_dice(cli, "Grubnik") != shown
    vs = [a for a in json.loads(cli("snits", "log", "--json").output)["actions"] if a["type"] == "vs"][-1]
    assert vs["skip"] >= 1
    from companion.shared import session

    store = Store()
    try:
        assert session.seated(store.load("snits-1"))["computer"] is None, "people play: the skip is no seat"
    finally:
        store.close()


def test_play_paces_the_computers_go_as_asked(cli, monkeypatch):
    """Issue 33: the computer's go came 0.6 s an action with no way to change it: `play --pace`, COMPANION_PACE."""
    from companion.cli import commands

    paces = []
    real = commands.computer_shown
    monkeypatch.setattr(commands, "computer_shown", lambda *a: paces.append(a[5]) or real(*a))
    new(cli, "--vs", "bolotomus", "--level", 1)
    paces.clear()
    assert cli("snits", "play", "--pace", "0", input="done\nquit\n").exit_code == 0
    assert paces and set(paces) == {0}
    paces.clear()
    monkeypatch.setenv("COMPANION_PACE", "2.5")
    assert cli("snits", "play", input="done\nquit\n").exit_code == 0
    assert paces and set(paces) == {2.5}
    r = cli("snits", "play", "--pace", "9", input="quit\n")
    assert r.exit_code == 2 and "9.0 is not in the range 0<=x<=5" in r.output


@pytest.mark.parametrize(("typed", "pace"), [(None, 0.6), ("0", 0.0), ("1.5", 1.5), ("99", 5.0), ("-1", 0.0),
                                              ("soon", 0.6), ("nan", 0.6)])
def test_companion_pace_is_read_within_its_bounds(monkeypatch, typed, pace):
    from companion.cli.snits.base import paced

    if typed is None:
        monkeypatch.delenv("COMPANION_PACE", raising=False)
    else:
        monkeypatch.setenv("COMPANION_PACE", typed)
    assert paced() == pace
