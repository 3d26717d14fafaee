"""Issue 33's two trap sessions (benchmarks/table_traps.py) through `play`: three trailing `done`s in a Snits' Revenge
game and a four-player Sssnake game's sloppy and split round lines lose no report and end no phase by accident.
The table's clock is the one play reads, so the `done`s typed ahead arrive within MOMENT on any machine."""
import pytest

from benchmarks import table_traps


def test_the_table_traps_lose_no_report_and_end_no_phase_by_accident():
    figures = table_traps.sessions()
    snits, sssnake = figures["snits"], figures["sssnake"]
    assert snits["strays"] == table_traps.STRAYS and snits["accidents"] == 0 and snits["lost"] == 0
    assert snits["typed"] == snits["logged"], "every action in the saved log is one the table typed"
    assert all(said.startswith("`done` arrived as") for kind, *_, said in snits["transcript"] if kind == "stray")
    assert sssnake["lost"] == 0 and sssnake["accidents"] == 0, sssnake["lost_which"]
    assert sssnake["reports"] == 12 and sssnake["retypes"] == 3  # Cidd, snwo and `cid 0` in the split round
    assert table_traps.missed(figures) == []


def test_the_benchmark_prints_a_line_a_session_and_the_goal_met():
    import subprocess
    import sys
    from pathlib import Path

    script = Path(table_traps.__file__).resolve()
    run = subprocess.run([sys.executable, str(script), "--summary"], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Snits' trailing dones: prompts 39, retypes 0, lost reports 0, phases ended by accident 0" in run.stdout
    assert "Sssnake four-player round lines: prompts 14, retypes 3, lost reports 0, rounds closed" in run.stdout
    assert run.stdout.endswith("goal: zero lost reports, zero phases ended by accident: met\n")


def test_the_counts_see_a_stray_done_kept_and_a_split_round_closed(monkeypatch):
    """The benchmark's counting, checked: without play's questions, each stray `done` ends the phase that follows
    the one passed by itself, and `cid 0` closes the split round with Ann's and Bob's reports still to come."""
    from companion.cli.snits import play as snits_play
    from companion.cli.sssnake import play as sssnake_play

    monkeypatch.setattr(snits_play, "MOMENT", 0.0)
    monkeypatch.setattr(sssnake_play, "left_out", lambda state, line: [])
    figures = table_traps.sessions()
    assert figures["snits"]["accidents"] == table_traps.STRAYS
    assert figures["sssnake"]["lost_which"] == ["round 6 Ann: {'fresh': 1} logged as nothing eaten",
                                                "round 6 Bob: {'fresh': 2} logged as nothing eaten"]
    assert figures["sssnake"]["accidents"] == 1
    assert len(table_traps.missed(figures)) == 3


@pytest.mark.slow
def test_in_a_real_terminal_the_dones_typed_ahead_are_asked_about_too():
    """The Snits session in a pseudo-terminal on the real clock (about 50 s): each line typed 1.3 s after its prompt,
    each stray `done` as soon as the passed phase shows; play's own sys.stdin.isatty() and time decide."""
    snits = table_traps.sessions(terminal=True)["snits"]
    assert snits["strays"] == table_traps.STRAYS and snits["accidents"] == 0 and snits["lost"] == 0
    assert snits["typed"] == snits["logged"]


class Scripted(table_traps.SnitsTable):
    """A table typing the lines given, as (kind, line), whatever the screen says."""

    def __init__(self, *script: tuple[str, str]):
        super().__init__()
        self.script = list(script)

    def respond(self, prompt, shown, state):
        return self.script.pop(0) if self.script else ("stop", "")


TO_THINGIES = [("meant", line) for line in ("enter Zipwick Antephellum", "enter Flashnob Antephellum", "done",
                                            "kick Zipwick Snorg", "done", "done", "compose", "done", "move R1 Glut")]


def test_a_second_done_typed_ahead_does_not_answer_the_question_it_could_not_read():
    """Chomp and Transform pass by themselves; the typist had typed `done` for each, ahead. The first is asked about;
    the second, 0.3 s after the question, is asked about again, not taken as its answer (it ended the Snits' Move)."""
    table = Scripted(*TO_THINGIES, ("meant", "done"), ("stray", "done"), ("stray", "done"))
    figures = table_traps.replay(table, table_traps.SNITS)
    assert figures["accidents"] == 0
    assert str(table.record()[1].phase) == "move"


def test_each_clan_is_asked_before_a_done_that_leaves_a_snorg_unkicked():
    """Three clans: Red's `done` in Snit Kicking is asked about and confirmed, Blue's go passes by itself, and
    Green's `done` is asked about too, Crunch still able to kick a Snorg: play keeps what it asked per clan (it kept
    one question for every clan)."""
    table = Scripted(*[("meant", line) for line in ("enter Flashnob Glut", "done", "done", "enter Crunch Glut",
                                                    "done", "done", "done", "done")])
    figures = table_traps.replay(table, ["snits", "new", "--seed", "42", "--snit-players", "3", "--duty",
                                         "Gurgitator"])
    assert figures["transcript"][-1][4] == "`done` now: Crunch could still kick a Snorg"
    assert str(table.record()[1].phase) == "kick"


def test_dots_typed_against_the_last_word_keep_the_round_open():
    """`Dee 1 snow...` (the dots against the word, as people type) keeps the round open (it was refused with 'did
    you mean snow?', and the line that led to, `Dee 1 snow`, closed the round for Ann, Bob and Cid unasked)."""
    from companion.sssnake.roundline import parse

    assert parse("Dee 1 snow...", ["Ann", "Bob", "Cid", "Dee"]) == ([{"player": "Dee", "fresh": 1, "end": "s"}],
                                                                      True)


class Dones(table_traps.SnitsTable):
    """A table that types `first`, then `done` at every prompt (again when play asks), and one `done` ahead when a
    clan's go passes by itself in turn 2's Second Move for Fast Snits."""

    def __init__(self, *first: str):
        super().__init__()
        self.first = list(first)

    def respond(self, prompt, shown, state):
        if state.turn > 2 or str(state.phase) == "over" or (state.turn, str(state.phase)) == (2, "compose"):
            return "stop", ""
        if self.first:
            return "meant", self.first.pop(0)
        last, shown = self.last(), " ".join(shown.split())
        if last["line"] == "done" and last["kind"] == "meant" and not last["gained"] and "done again" in shown:
            return "retype", "done"
        if (state.turn, str(state.phase), last["kind"]) == (2, "fast", "meant") and "passes by itself" in shown:
            return "stray", "done"
        return "meant", "done"


def test_a_done_typed_ahead_for_a_clans_go_that_passed_does_not_end_the_next_clans():
    """Three clans, turn 2's Second Move for Fast Snits: Blue's `done`, Green's go passes by itself (no lightning
    Snit), and the `done` Blue's typist typed ahead for it is asked about, not taken as Red's (the phase did not
    change, so play's moment did not start again and it ended Red's go)."""
    table = Dones("enter Flashnob Glut", "done", "enter Zapp Glut", "done")
    figures = table_traps.replay(table, ["snits", "new", "--seed", "42", "--snit-players", "3", "--duty",
                                         "Gurgitator"])
    assert figures["strays"] == 1 and figures["accidents"] == 0
