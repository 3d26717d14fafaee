"""`sssnake play`, the table's main screen: the companion flips, the table types one line a round, the table's
commands work at every prompt, and no shell command is ever printed."""
import json

import pytest

from companion.store.db import Store


def log():
    store = Store()
    try:
        return store.load("sssnake-1").actions
    finally:
        store.close()


@pytest.fixture
def new(cli):
    def make(*more, players="Ann,Bob,Cid"):
        assert cli("sssnake", "new", "--players", players, "--seed", "7", *more).exit_code == 0
        return cli

    return make


def play(cli, *lines):
    result = cli("sssnake", "play", input="".join(f"{line}\n" for line in lines))
    assert "companion sssnake" not in result.output, "play words what comes next itself, never as a shell command"
    return result.output


def test_the_companion_flips_and_the_table_types_one_line_a_round(new):
    """Round structure E-H: the flip comes by itself; one line reports every snake's move."""
    cli = new()
    out = play(cli, "Ann 2 bob 1 shade")
    assert [a["type"] for a in log()] == ["flip"] * 4 + ["round", "flip"]
    assert log()[4] == {"type": "round", "line": "Ann 2 Bob 1 shade Cid 0"}
    assert out.count("Round 2 (Ann, Bob, Cid)> ") == 1 and "Round 3 (Bob, Cid, Ann)> " in out
    assert "Type the round, like: Ann 2 Bob 0 Cid 1 shade (anyone left out ate nothing; ? for help)" in out


def test_fifteen_rounds_take_fifteen_prompts(new):
    """The goal of issue 9: at most one prompt per round besides ability choices (benchmarks/play_prompts.py)."""
    cli = new(players="Ann,Bob,Cid,Dee")
    out = play(cli, *["0"] * 15)
    assert out.count("> ") == 16  # fifteen rounds answered, the sixteenth asked when the input ended
    assert sum(a["type"] == "round" for a in log()) == 15


def test_enter_alone_closes_nothing_and_0_says_nobody_ate(new):
    """One stray Enter must not close the round for the whole table."""
    cli = new()
    out = play(cli, "", "0")
    assert "error: Enter alone closes nothing: type 0 if nobody ate this round, or the round line" in out
    assert [a for a in log() if a["type"] == "round"] == [{"type": "round", "line": "Ann 0 Bob 0 Cid 0"}]


def test_after_each_flip_one_line_per_snake(new):
    cli = new()
    out = play(cli, "Cid out")
    block = out[out.rindex("Bob flips column"):]
    assert [line.split(":")[0] for line in block.splitlines()[1:4]] == ["  Ann", "  Bob", "  Cid"]
    assert "  Cid: out\n" in block


def test_on_resume_the_open_round_shows_before_any_question(new):
    cli = new()
    for _ in range(4):
        cli("sssnake", "flip")
    cli("sssnake", "report", "Ann", "--fresh", "1", "--end", "shade")
    out = play(cli)
    before = out[:out.index("> ")]
    assert "Ann flips column" in before and "  Bob: moves 4" in before and "Round 2 (Bob, Cid)" in before


@pytest.mark.parametrize("command, shown", [
    ("status", "Display: "), ("score", "Score so far (the game is not over):"), ("deck", "the next square is face down"),
    ("?", "Example: Ann 2 Bob 0 Cid 1+g4,12 snow Dee out."), ("? scoring", "(rulebook: Scoring points)"),
    ("? topics", "Topics: components, setup"), ("card 12", "Card 12 Nocturnal"),
])
def test_the_table_commands_work_at_the_round_prompt_and_ask_again(new, command, shown):
    cli = new()
    out = play(cli, command, "Ann 1")
    assert shown in out and out.count("Round 2 (Ann, Bob, Cid)> ") == 2
    assert log()[4] == {"type": "round", "line": "Ann 1 Bob 0 Cid 0"}


def test_the_table_commands_work_at_an_ability_prompt_and_a_card_with_its_corner_is_one_answer(new):
    """Developing: a face-up card; Intuition with its square's corner in the same answer."""
    cli = new()
    play(cli, "Ann 3 Bob 3")
    state = json.loads(cli("sssnake", "status", "--json").output)["state"]
    intuition = 15 in state["next"]["cards"]
    card = "15 3,7" if intuition else str(state["next"]["cards"][0])
    out = play(cli, "deck", "card 2", "x", card)
    assert "the next square is face down" in out and "Card 2 Swimming" in out
    assert "error: 'x' is not a card; type its number, and for Intuition its corner: 15 3,7" in out
    assert out.count("Ann takes an ability (") == 4 and "Bob takes an ability (" in out
    taken = log()[-1]
    assert taken["type"] == "take" and taken["player"] == "Ann" and taken.get("corner") == ([3, 7] if intuition else None)


def test_a_mistake_is_refused_in_one_line_and_asked_again_with_nothing_saved(new):
    cli = new()
    out = play(cli, "Ann 2 Zed 1", "Ann 2 Bob 1r", "Ann 2")
    assert "error: no player 'Zed'; the players are Ann, Bob, Cid" in out
    assert "error: Bob: no rotten apple can be on the sheets" in out
    assert [a["type"] for a in log()].count("round") == 1 and log()[4]["line"] == "Ann 2 Bob 0 Cid 0"


def test_undo_takes_back_the_line_typed_with_the_flip_that_followed_and_redo_puts_it_back(new):
    cli = new()
    out = play(cli, "Ann 2", "undo")
    assert "Undone: round Ann 2 Bob 0 Cid 0" in out and out.count("Round 2 (Ann, Bob, Cid)> ") == 2
    assert [a["type"] for a in log()] == ["flip"] * 4
    out = play(cli, "redo")
    assert "Redone: round Ann 2 Bob 0 Cid 0" in out and [a["type"] for a in log()][-2:] == ["round", "flip"]


def test_undo_says_all_it_took_back_and_shows_the_open_round_again(new):
    cli = new()
    out = play(cli, "Ann 2", "undo")
    after = out[out.index("Undone:"):]
    assert after.startswith("Undone: round Ann 2 Bob 0 Cid 0, and after it: flip.\nAnn flips column")
    assert after.index("  Cid: moves 4") < after.index("Round 2 (Ann, Bob, Cid)> ")


def test_undo_against_the_computer_takes_back_the_line_typed_and_names_the_computers_moves(cli):
    assert cli("sssnake", "new", "--players", "Ann,bot", "--seed", "1").exit_code == 0
    out = play(cli, "Ann 1", "undo")
    undone = out[out.index("Undone:"):].splitlines()[0]
    assert undone.startswith("Undone: round Ann 1, and after it: ") and "move bot" in undone
    assert [a["type"] for a in log()][-1] != "round" and sum(a["type"] == "round" for a in log()) == 0


def test_after_the_last_ability_of_a_round_the_table_hears_who_takes_the_token(new):
    cli = new()
    play(cli, "Ann 3 Bob 3")
    state = json.loads(cli("sssnake", "status", "--json").output)["state"]
    out = play(cli, f"take {state['next']['cards'][0]}", f"Bob {state['next']['cards'][1]}")
    assert "Round over. Bob takes the first-player token." in out


def test_undo_with_nothing_typed_yet_undoes_nothing(new):
    cli = new()
    out = play(cli, "undo")
    assert "error: nothing typed to undo yet" in out and len(log()) == 4


def test_a_partial_line_then_a_fix_of_an_earlier_player_then_the_rest(new):
    """A correction of Ann's report while Cid is still moving keeps Bob's report; it is its own logged action."""
    cli = new()
    out = play(cli, "Ann 2 Bob 1 ...", "fix ann 1 shade", "Cid 1")
    assert "Ann's report corrected: Ann 1 shade (was Ann 2)." in out and "Round 2 (Cid)> " in out
    assert [a["type"] for a in log()][4:] == ["round", "fix", "round", "flip"]
    lengths = {p["name"]: p["length"] for p in json.loads(cli("sssnake", "status", "--json").output)["state"]["players"]}
    assert lengths == {"Ann": 5, "Bob": 5, "Cid": 5}


def test_a_rejoin_goes_in_the_round_line(new):
    """Friendship mode: an eliminated snake may draw a cave on one of the next three flips."""
    cli = new("--friendship")
    out = play(cli, "Bob out", "Bob rejoin")
    assert "Round 3 (Bob, Cid, Ann... " not in out and "Round 3 (Cid, Ann; Bob may rejoin)> " in out
    assert "  Bob: out; may rejoin: draw a cave at" in out and "Bob rejoins: draw a cave at" in out
    assert log()[-2] == {"type": "round", "line": "Bob rejoin Cid 0 Ann 0"}


@pytest.mark.parametrize("word", ["quit", "q", "exit", "Q"])
def test_quit_stops_and_the_game_is_saved(new, word):
    """`q` and `exit` quit as in Snits' play (issue 33: `q` was refused as no player)."""
    cli = new()
    out = play(cli, word)
    assert out.endswith("Stopped; the game is saved: play again to carry on.\n") and len(log()) == 4


def test_a_finished_game_ends_with_the_final_score(new):
    cli = new(players="Ann,Bob")
    out = play(cli, "Ann out Bob 1")
    assert "The game is over." in out and "Final score:" in out and "1.  Bob" in out
    assert "1. Bob: " not in out, "issue 33: the ranking printed twice (the rules' lines, then the final score)"


def test_the_prompt_benchmark_plays_its_fifteen_rounds_in_fifteen_prompts():
    """benchmarks/play_prompts.py: the scripted four-player game, one prompt a round besides ability choices."""
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "benchmarks" / "play_prompts.py"
    out = subprocess.run([sys.executable, str(script), "--summary"], capture_output=True, text=True, check=True).stdout
    assert "prompts: 15 for the rounds (1.0 a round)" in out and "refusals: 0" in out


def test_an_intuition_drawn_by_moulting_asks_for_its_square(cli):
    """14 Moulting draws a card from the box; 15 Intuition drawn so needs its 5x5 square's corner."""
    cli("sssnake", "new", "--players", "Ann,Bob,Cid", "--landscape", "fjord", "--seed", "3")
    for _ in range(4):
        cli("sssnake", "flip")
    cli("sssnake", "round", "Ann 3")
    assert "Moulting draws 15 Intuition" in cli("sssnake", "take", "Ann", "14").output
    out = play(cli, "13,2", "2,2")
    assert "Ann: the Intuition square's top-left corner (COL,ROW, each 1-12)> " in out
    assert "error: a 5x5 square from 13,2 leaves the sheet" in out
    assert log()[-2] == {"type": "place", "player": "Ann", "corner": [2, 2]}


def test_hint_for_a_player_with_no_move_is_refused_and_asked_again(new):
    """`hint Ann` once Ann has moved crashed the screen; it is one error line and the same prompt again."""
    cli = new("--digital", "Ann,Bob", players="Ann,Bob")
    out = play(cli, "D L3", "hint Ann", "hint")
    assert "error: Ann already moved this round; undo takes the move back\nBob moves 4" in out
    assert out.count("Bob moves 4 (a path like R R D; hint)> ") == 3 and "Try: " in out.split("hint Ann")[-1]


def test_hint_at_a_digital_players_ability_prompt_names_that_player(table):
    """`hint` alone at Ann's ability prompt crashed play (the step's `digital` is a flag there, not a list): it is
    Ann's, and refused in one line as her move would be."""
    from companion.cli.sssnake.prompt import mover
    from companion.sssnake.state import Phase

    t = table(players=("Ann", "Bob"), digital=["Ann", "Bob"])
    t.state.phase, t.state.choosers = Phase.CHOOSE, [1]
    assert mover(t.state) == "Bob"


@pytest.mark.parametrize("seed, marks", [(0, ["Offspring 16"]), (1, ["Two-headed 13"]), (2, [])])
def test_the_ability_prompt_lists_only_cards_the_chooser_may_take(table, seed, marks):
    """Developing: a permanent ability already held is no choice while a new face-up card is; the marks a digital
    sheet's Two-headed (13) and Offspring (16) need are suggested only when those cards are face up."""
    from companion.cli.sssnake.play import choice_prompt
    from companion.sssnake.display import ability

    t = table(players=("Ann", "Bob"), digital=["Ann"], seed=seed)
    up = t.state.display.face_up()
    held = next(n for n in up if ability(n).permanent)
    t.snake("Ann").gained.append(held)
    prompt = choice_prompt(t.state, {"player": "Ann", "digital": True, "cards": up})
    assert f"({held} " not in prompt and f", {held} " not in prompt
    assert all(f"{n} {ability(n).name}" in prompt for n in up if n != held)
    assert [m for m in ("Two-headed 13", "Offspring 16") if m in prompt] == marks


def test_fix_of_an_unknown_player_names_the_players_not_the_round_line(new):
    cli = new()
    out = play(cli, "fix Zed 1", "Ann 1")
    assert "error: fix names the player first, like: fix Ann 3 snow (players: Ann, Bob, Cid)" in out
    assert "round line" not in out[out.index("fix Zed"):out.index("error: fix") + 80]


def test_a_fix_typed_after_enter_corrects_the_round_that_closed(new):
    """Corrections come after Enter: the companion flipped once the round closed, so a fix at the new round's first
    prompt takes that flip back, reopens the round, corrects it, and the flip comes again; once the new round has a
    report, the fix is refused saying undo can."""
    cli = new()
    out = play(cli, "Ann 1", "fix Ann 2", "Bob 0 ...", "fix Cid 1")
    assert ("(The flip is taken back; it comes again after the fix.)\nThe round that just closed is reopened for "
            "Ann's fix:\nAnn's report corrected: Ann 2 (was Ann 1).\nAnn grows 4 -> 6.") in out
    assert [a["type"] for a in log()][4:] == ["round", "fix", "flip", "round"]
    assert "error: Cid has not reported this round, so there is nothing to correct; report instead (a fix corrects " \
           "a closed round only before the next flip; undo takes back the last action" in out


def test_play_asks_which_way_a_digital_cave_moves_before_it_flips(cli):
    """Seed 11's cave card is quicksand at 4,7: the first player chooses the way (a wrong word is asked again)."""
    assert cli("sssnake", "new", "--players", "Ann", "--digital", "Ann", "--seed", "11").exit_code == 0
    out = play(cli, "sideways", "left", "quit")
    assert ("Ann flips 4,7: a cave may not lie there. Which way does it move: up (to 4,5), down (to 4,8; the "
            "nearest), left (to 2,7), right (to 5,7)? (Enter: down)") in out
    assert "Ann's cave moves left to 2,7 (digital sheet)." in out and log()[0] == {"type": "flip", "cave": "L"}


def test_redo_says_again_what_the_line_did(new):
    """Issue 33: redo printed only what it put back, not the growth it re-applied."""
    cli = new()
    first = play(cli, "Ann 2", "undo")
    said = [line for line in first.splitlines() if line.startswith("Ann grows")]
    assert said
    out = play(cli, "redo")
    assert "Redone: round Ann 2 Bob 0 Cid 0\nReported: Ann 2, Bob 0, Cid 0.\n" + said[0] in out


def test_the_redo_command_says_again_what_the_action_did(new):
    cli = new()
    for _ in range(4):  # the caves, then the round's apple
        cli("sssnake", "flip")
    did = cli("sssnake", "round", "Ann", "2").output
    grew = next(line for line in did.splitlines() if line.startswith("Ann grows"))
    assert cli("sssnake", "undo").exit_code == 0
    out = cli("sssnake", "redo").output
    assert out.startswith("redo: round Ann 2 Bob 0 Cid 0 (sssnake-1)\n") and grew in out


def test_a_line_closing_a_split_round_for_players_it_leaves_out_asks_first(new):
    """Issue 33: after `Dee 1 snow ...`, a line `cid 0` recorded Ann and Bob as 0 without a word."""
    cli = new(players="Ann,Bob,Cid,Dee")
    out = play(cli, "Dee 1 ...", "cid 0", "cid 0 ...", "Ann 2 Bob 1")
    assert ("This line closes the round: Ann and Bob would be recorded as eating nothing. Type it again to record "
            "that, or name them (end with ... if they are still moving).") in out
    assert [a["line"] for a in log() if a["type"] == "round"] == ["Dee 1 ...", "Cid 0 ...", "Ann 2 Bob 1"]
    out = play(cli, "Ann 1 ...", "Bob 0", "Bob 0")  # said once; the same line again records it
    assert out.count("This line closes the round: Cid and Dee would be") == 1
    assert [a["line"] for a in log() if a["type"] == "round"][-2:] == ["Ann 1 ...", "Bob 0 Cid 0 Dee 0"], out


def test_a_fresh_round_left_out_players_ate_nothing_without_a_question(new):
    cli = new(players="Ann,Bob,Cid,Dee")
    out = play(cli, "Ann 2")
    assert "This line closes the round" not in out
    assert [a["line"] for a in log() if a["type"] == "round"] == ["Ann 2 Bob 0 Cid 0 Dee 0"]


def test_play_offers_the_same_game_again_as_one_ends(cli):
    """Issue 33: `play` exited as the game ended; it offers the same game again (players, landscape, sheets)."""
    assert cli("sssnake", "new", "--players", "Sol", "--landscape", "sahara", "--seed", "1").exit_code == 0
    out = play(cli, "out", "y")
    assert "Another game with the same setup? [y/N]" in out
    games = {g["id"]: g for g in json.loads(cli("games", "--json").output)}
    assert set(games) == {"sssnake-1", "sssnake-2"}
    setup = Store().load("sssnake-2").setup
    assert setup["players"] == ["Sol"] and setup["landscape"] == "sahara" and setup["seed"] != 1
    out = play(cli, "out", "n")
    assert "Another game with the same setup?" in out and len(json.loads(cli("games", "--json").output)) == 2


def test_at_a_terminal_no_line_runs_past_80_columns(new, monkeypatch):
    """A cave that moves off water is a 150-character line: at a terminal it breaks at spaces, not mid-word (a file
    or a pipe gets each line whole)."""
    from companion.shared import lines

    monkeypatch.setattr(lines, "at_terminal", lambda: True)
    out = play(new(), "?", "Ann 2 bob 1 shade", "status", "score", "deck", "card 12", "? topics", "? snow")
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "Type the round, like: Ann 2 Bob 0 Cid 1 shade (anyone left out ate nothing; ?\n    for help)" in out
