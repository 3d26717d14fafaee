"""`companion snits ...` as a player uses it: exit codes, output, and refusals that leave the store unchanged."""
import json

import pytest

from companion.store.db import Store


def log(home):
    store = Store()
    try:
        return store.load(store.latest("snits")).actions
    finally:
        store.close()


def start(cli, *extra):
    r = cli("snits", "new", "--seed", 4, "--remove", "Grubnik,Zoomer", "--duty", "Wobbulum", *extra)
    assert r.exit_code == 0, r.output
    return r


def test_new_prints_the_force_duty_and_what_next(cli):
    r = start(cli)
    assert "snits-1: Snits' Revenge, seed 4, auto dice" in r.output
    assert "Red force (15 Snits, 6 badged)" in r.output and "R1 is in the Wobbulum" in r.output
    assert "`move NAME ORGAN`" in r.output


def test_new_with_spark_prints_a_commitment_and_hides_the_placement(cli):
    r = start(cli, "--spark", "--splops", 3, "--hide-spark", "Forebosinator", "--hide-splops", "Eye,Glut,Bilgeum")
    assert "Commitment (Snit players, note it):\n  sha256 " in r.output
    public = cli("snits", "status", "--json").output
    assert "Forebosinator" not in json.dumps(json.loads(public)["state"]["hidden"]) and "salt" not in public
    eyes = cli("snits", "status", "--bolotomus")
    assert "Bolotomus' eyes only: Spark under the Forebosinator" in eyes.output
    assert "[Spark of Life]" in cli("snits", "map", "--bolotomus").output


@pytest.mark.parametrize("command", ["status", "map"])
def test_bolotomus_eyes_json_sits_at_the_top_level(cli, command):
    """docs/snits.md: `--bolotomus --json` adds "bolotomus_eyes" next to "game" and "state"."""
    start(cli, "--spark", "--hide-spark", "Forebosinator")
    out = json.loads(cli("snits", command, "--bolotomus", "--json").output)
    assert set(out) == {"game", "state", "bolotomus_eyes"} and "bolotomus_eyes" not in out["state"]
    assert out["bolotomus_eyes"]["spark"] == "Forebosinator" and out["bolotomus_eyes"]["commitment"]
    assert "bolotomus_eyes" not in json.loads(cli("snits", command, "--json").output)


def test_compose_then_done_then_a_thingy_moves(cli):
    """Issue 9's reproduction: `compose`, `done`, `move R1 Glut` moves R1 in Move Thingies, in the same turn."""
    assert cli("snits", "new", "--seed", 4, "--remove", "Grubnik,Zoomer", "--duty", "Gurgitator").exit_code == 0
    assert "now: 1. Compositors Compose (the Bolotomus)" in cli("snits", "done").output.splitlines()
    assert "`done` ends the phase" in " ".join(cli("snits", "compose").output.split())  # wrapped at 80 columns
    assert cli("snits", "done").output.startswith("ended: 1. Compositors Compose (the Bolotomus)\n"
                                                  "now: 2. Move Thingies (the Bolotomus)\n")
    r = cli("snits", "move", "R1", "Glut")
    assert r.exit_code == 0 and "R1: Gurgitator → Glut" in r.output and "Turn 1 · 2. Move Thingies" in r.output


def test_a_move_reports_and_is_logged(cli, home):
    start(cli)
    r = cli("snits", "move", "zip", "glut")
    assert r.exit_code == 0 and "Zipwick: outside → Glut" in r.output
    assert log(home) == [{"type": "move", "who": "Zipwick", "to": "Glut"}]


@pytest.mark.parametrize("moves,bad,message", [
    ([("Zipwick", "Glut"), ("Bonk", "Glut")], ("Nimbo", "Glut"), "2 Snits a turn may pass the Glut"),
    ([("Zipwick", "Glut"), ("done",), ("done",)], ("Flashnob", "Glut"),
     "may not enter the Bolotomus on the second move"),
    ([("Thudmuck", "Antephellum")], ("Snorg", "Glut"), "Snorg never leaves its organ"),
])
def test_refused_moves_leave_the_store_unchanged(cli, home, moves, bad, message):
    start(cli)
    for m in moves:
        assert cli("snits", *(["done"] if m == ("done",) else ["move", *m])).exit_code == 0
    before = log(home)
    r = cli("snits", "move", *bad)
    assert r.exit_code == 1 and message in r.output and r.output.startswith("error: ")
    assert log(home) == before


def test_full_passage_and_red_canal_refused(cli, home):
    start(cli)
    for name, organ in (("Zipwick", "Glut"), ("Flashnob", "Glut"), ("Bolty", "Antephellum")):
        cli("snits", "move", name, organ)
    cli("snits", "done")
    cli("snits", "done")  # kicking (nothing kicked)
    assert cli("snits", "move", "Zipwick", "Fleotis").exit_code == 0
    before = log(home)
    r = cli("snits", "move", "Flashnob", "Fleotis")
    assert r.exit_code == 1 and "Glut→Fleotis is a canal and 1 piece already used it this phase" in r.output
    r = cli("snits", "move", "Bolty", "Lapotum")
    assert r.exit_code == 1 and "Antephellum→Lapotum is a red canal: Snits may never use it" in r.output
    assert log(home) == before


def test_kick_out_of_phase_and_second_kick_refused(cli, home):
    start(cli)
    cli("snits", "move", "Thudmuck", "Antephellum")
    r = cli("snits", "kick", "Thudmuck", "Snorg")
    assert r.exit_code == 1 and "Snit Kicking phase" in r.output
    cli("snits", "move", "Bonk", "Antephellum")
    cli("snits", "done")
    assert cli("snits", "kick", "Thudmuck", "Snorg").exit_code == 0
    before = log(home)
    r = cli("snits", "kick", "Thud", "Snorg")
    assert r.exit_code == 1 and ("already kicked" in r.output or "Snit Kicking phase" in r.output)
    assert log(home) == before


def test_manual_dice_need_the_roll(cli, home):
    start(cli, "--dice", "manual")
    cli("snits", "move", "Thudmuck", "Antephellum")
    cli("snits", "move", "Bonk", "Antephellum")
    cli("snits", "done")
    r = cli("snits", "kick", "Thudmuck", "Snorg")
    assert r.exit_code == 1 and "needs 1 die" in r.output
    r = cli("snits", "kick", "Thudmuck", "Snorg", "--roll", "4")
    assert "Kick by Thudmuck (hammer) at the Antephellum's Snorg: rolled 4, hits on 1-4: the Snorg dies" in \
        " ".join(r.output.split())
    assert log(home)[-1]["dice"] == [4]


def test_typo_suggests_the_right_name(cli):
    start(cli)
    r = cli("snits", "move", "Zipwik", "Glut")
    assert r.exit_code == 1 and "did you mean Zipwick" in r.output
    r = cli("snits", "move", "Zipwick", "Compositor")
    assert "could be" in r.output and "Left Compositor" in r.output


def test_undo_redo(cli, home):
    start(cli)
    cli("snits", "move", "Zipwick", "Glut")
    assert cli("snits", "undo").exit_code == 0 and log(home) == []
    assert cli("snits", "redo").exit_code == 0 and len(log(home)) == 1


def test_json_keys(cli):
    start(cli)
    view = json.loads(cli("snits", "move", "Zipwick", "Glut", "--json").output)
    assert {"game", "action", "messages", "state"} <= set(view)
    assert {"turn", "phase", "to_act", "organs", "snits", "passages_used", "legal", "dead_snorgs"} <= set(view["state"])


def test_map_shows_used_passages(cli):
    start(cli)
    cli("snits", "move", "Zipwick", "Glut")
    cli("snits", "done")
    cli("snits", "done")
    cli("snits", "move", "Zipwick", "Fleotis")
    out = cli("snits", "map").output
    assert "-Fleotis 1/1 FULL" in out and "Zipwick7L" in out


def test_odds_table(cli):
    out = cli("snits", "odds").output
    assert "hammer kick" in out and "2/3" in out and "chomp, speed 7" in out
    rows = json.loads(cli("snits", "odds", "--json").output)
    assert {"roll": "kick", "speed": None, "working": None, "chance": "1/3", "percent": 33.33} in rows


def test_autoplay_counts_wins(cli):
    r = cli("snits", "autoplay", "--seed", 3, "--games", 3)
    assert r.exit_code == 0 and r.output.count("game ") == 3 and "wins:" in r.output
    logged = cli("snits", "autoplay", "--seed", 3, "--log")
    assert "move " in logged.output and "rolled" in logged.output


def test_play_at_the_keyboard(cli, home):
    start(cli)
    r = cli("snits", "play", input="move zip glut\nfly away\n?\ndone\nquit\n")
    assert r.exit_code == 0
    assert "Zipwick: outside → Glut" in r.output and "error: start with one of" in r.output
    assert "1. enter" in r.output
    assert [a["type"] for a in log(home)] == ["move", "done"]


def test_play_asks_for_manual_dice_in_words(cli, home):
    """Manual dice in `play`: the prompt and its error count the dice grammatically (1 die, 2 dice)."""
    start(cli, "--dice", "manual")
    r = cli("snits", "play", input="enter Thudmuck Fleotis\n4\n1,2\nenter Bonk Glut\ndone\n"
                                   "kick Bonk Snorg\n7\n3 2\n5\nquit\n")
    assert r.exit_code == 0, r.output
    assert ": roll 2 dice and type them, e.g. 3 2" in r.output and "error: type 2 dice, each 1 to 6" in r.output
    assert ": roll 1 die and type it" in r.output and "error: type 1 die, 1 to 6" in r.output
    assert "error: a die shows 1 to 6" in r.output
    assert "roll die" not in r.output and "type die" not in r.output
    assert [a.get("dice") for a in log(home)] == [[1, 2], None, None, [5]]


def test_a_refused_setup_saves_no_game(cli, home):
    r = cli("snits", "new", "--remove", "Grubnik")
    assert r.exit_code == 1 and "remove exactly 2 badged Snits" in r.output
    r = cli("snits", "new", "--variant", "channel=lots")
    assert r.exit_code == 1 and "NAME=NUMBER" in r.output
    assert "no saved snits game" in cli("snits", "status").output


def test_a_sealed_game_shows_but_does_not_play(cli):
    start(cli, "--spark", "random", "--splops", 2)
    token = cli("token").output.strip().splitlines()[-1]
    assert "sealed" in cli("resume", token).output
    status = cli("snits", "status", "--game", "snits-2").output
    assert "Next: Sealed: this game hides the Spark/Splops" in status and "companion token --private" in status
    assert "`done`" not in status
    r = cli("snits", "done", "--game", "snits-2")
    assert r.exit_code == 1 and "resume it from the Bolotomus' private token" in r.output


def test_a_name_with_no_near_miss_lists_the_choices(cli):
    """Bad input names what would be right: an unknown organ with no near miss lists the 16 organs."""
    start(cli)
    r = cli("snits", "move", "Zipwick", "Narnia")
    assert r.exit_code == 1 and "no organ called 'Narnia'; the organs: Antephellum, Glut, Fleotis" in r.output


def test_missing_manual_dice_say_how_to_give_them(cli, home):
    """Manual dice: a roll left out is refused with how to type it (--roll, commas), and nothing is logged."""
    start(cli, "--dice", "manual")
    before = log(home)
    r = cli("snits", "enter", "Thudmuck", "Fleotis")
    assert log(home) == before
    assert r.exit_code == 1 and "needs 2 dice; enter 2 in all, in the order rolled (you gave 0): after --roll, " \
        "with commas, e.g. --roll 3,5" in r.output


def test_multiplayer_players_pick_their_forces(cli, home):
    """Multiplayer: `--force CLAN=NAMES` for each clan's own pick; a bad one saves no game."""
    r = cli("snits", "new", "--snit-players", "2",
            "--force", "Red=Zipwick,Bonk,Grubnik,Wiggen,Pokey,Snub,Tumble,Fidget")
    assert r.exit_code == 0 and "Red force (8 Snits, 3 badged): Zipwick7L Grubnik4H Bonk4H Wiggen5" in r.output
    r = cli("snits", "new", "--snit-players", "2", "--force", "Red:Zipwick")
    assert r.exit_code == 1 and "--force takes CLAN=NAME,NAME" in r.output


@pytest.mark.parametrize("args,message", [
    (("move", "Zipwick", "Glut", "--roll", "1,,2"), "a die is missing in '1,,2'"),
    (("pack", "Wiggen,,Pokey", "R1"), "NAMES has an empty item"),
])
def test_an_empty_item_in_a_list_is_refused_not_dropped(cli, home, args, message):
    """Bad input: `1,,2` is not read as 1,2 (a die is missing), and nothing is logged."""
    start(cli, "--dice", "manual")
    before = log(home)
    r = cli("snits", *args)
    assert r.exit_code == 1 and message in r.output and log(home) == before


@pytest.mark.parametrize("args,message", [
    (("--remove", ","), "--remove has an empty item in ','"),
    (("--remove", "Grubnik,"), "--remove has an empty item"),
    (("--snit-players", 2, "--force", "Red=Zipwick,,Bonk"), "--force Red has an empty item"),
    (("--splops", 2, "--hide-splops", "Eye,"), "--hide-splops has an empty item"),
    (("--senior", 1), "Senior Snit totem is for 2 to 4 Snit players"),
    (("--seed", -1), "not in the range 0<=x<=9223372036854775807"),
    (("--seed", 2**63), "not in the range 0<=x<=9223372036854775807"),
])
def test_new_refuses_bad_options_and_saves_nothing(cli, args, message):
    r = cli("snits", "new", *args)
    assert r.exit_code != 0 and message in r.output
    assert "no saved snits game" in cli("snits", "status").output


def test_the_largest_seed_travels_as_a_token(cli):
    """`new --seed` takes 0..2**63-1, every seed a token can carry."""
    start(cli, "--seed", 2**63 - 1)
    token = cli("token").output.strip().splitlines()[-1]
    assert cli("resume", token).exit_code == 0
    assert json.loads(cli("snits", "status", "--json", "--game", "snits-2").output)["game"] == "snits-2"


def test_senior_player_one_holds_the_totem(cli):
    """Multiplayer 1: `--senior 1` gives player 1 (Red) the Senior Snit totem, not a dice roll."""
    for seed in range(6):
        r = cli("snits", "new", "--seed", seed, "--snit-players", 3, "--senior", 1)
        assert "Senior Snit totem: Red" in r.output


@pytest.mark.parametrize("value", ["channel=²", "channel=--5", "channel=٣", "channel=9999999999999"])
def test_a_variant_that_is_no_plain_number_is_refused_in_one_line(cli, value):
    """`'²'.isdigit()` is true and lstrip('-') strips every dash: both used to traceback in new and autoplay."""
    for command in (("snits", "new"), ("snits", "autoplay", "--games", "1")):
        r = cli(*command, "--variant", value)
        assert r.exit_code == 1 and r.output.startswith("error: --variant takes NAME=NUMBER")
        assert len(r.output.strip().splitlines()) == 1
    assert "no saved snits game" in cli("snits", "status").output


def kick_the_fleotis_snorg(cli, *hide):
    """Zipwick runs into the Fleotis and kicks its Snorg dead (manual dice); returns the kick's output."""
    start(cli, "--dice", "manual", *hide)
    assert cli("snits", "enter", "Zipwick", "Fleotis", "--roll", "1,1").exit_code == 0
    assert cli("snits", "done").exit_code == 0
    r = cli("snits", "kick", "Zipwick", "Snorg", "--roll", 1)
    assert r.exit_code == 0, r.output
    return r.output


def test_a_name_ending_in_s_takes_the_apostrophe_alone(cli):
    out = kick_the_fleotis_snorg(cli)
    assert "the Fleotis' Snorg" in out and "Fleotis's" not in out


def test_status_counts_the_splops_still_hidden(cli):
    out = kick_the_fleotis_snorg(cli, "--spark", "--splops", 2, "--hide-spark", "Eye", "--hide-splops", "Fleotis,Glut")
    assert "Splop!" in out
    status = cli("snits", "status").output
    assert "Hidden under the Snorgs: the Spark of Life and 1 Splop (of 2); commitment:" in status


def test_a_second_compose_says_every_working_compositor_composed(cli):
    start(cli)
    cli("snits", "done")
    assert cli("snits", "compose").exit_code == 0
    r = cli("snits", "compose")
    assert r.exit_code == 1 and "name the Compositors" not in r.output
    assert "the Left Compositor, the Deep Compositor, the Right Compositor made theirs already" in r.output


def test_undo_and_redo_name_the_whole_action_and_its_dice(cli):
    start(cli)
    cli("snits", "enter", "Zipwick", "Fleotis")
    dice = log(None)[-1]["dice"]
    shown = f"enter Zipwick Fleotis  (dice {' '.join(map(str, dice))})"
    assert cli("snits", "undo").output.startswith(f"undo: {shown} (snits-1)")
    assert cli("snits", "redo").output.startswith(f"redo: {shown} (snits-1)")


def test_the_recap_of_a_resumed_games_first_turn_says_it_began_before(cli):
    start(cli)
    cli("snits", "done")
    cli("snits", "compose")
    token = cli("token").output.strip()
    cli("resume", token)
    cli("snits", "done")
    cli("snits", "done")  # the Bolotomus' turn ends: the recap is of its turn, begun before the resume
    out = cli("snits", "log").output
    assert "What the Bolotomus did in turn 1:\n  (resumed here: what came before is not known)\n" in out
    assert "nothing but `done`" not in out
    assert json.loads(cli("snits", "log", "--json").output)["recap"]["resumed_here"] is True


def test_print_map_refuses_an_extension_of_no_pdf(cli, tmp_path):
    target = tmp_path / "map.txt"
    r = cli("print", "map", "-o", target)
    assert r.exit_code == 1 and r.output.startswith("error: ") and "name a .pdf path" in r.output, r.output
    assert not target.exists()


def test_the_log_of_a_game_resumed_from_the_private_token_keeps_the_placement_out(cli):
    start(cli, "--spark", "--splops", 1, "--hide-spark", "Forebosinator", "--hide-splops", "Bilgeum")
    private = cli("token", "--private").output.strip().splitlines()[-1]
    cli("resume", private)
    setup = json.loads(cli("snits", "log", "--json").output)["setup"]
    assert "salt" not in json.dumps(setup) and '"x"' not in json.dumps(setup)
