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
