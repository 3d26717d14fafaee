"""What the table reads: the sketch of the Bolotomus, and the line that says whose go it is and what next."""
from companion.shared.snits import map_text as snits_map
from companion.shared.snits import text as report


def test_sketch_shows_every_organ_its_pieces_and_used_up_passages(t):
    """`map`: what stands where, and which passages are used up this phase (#)."""
    s = t.put(t.put(t.new(), "Zipwick", "Glut"), "Bonk", "Glut")
    s.snorgs[t.organ("Glut")] = False
    assert "[xGlut 2s]" in snits_map.sketch(s)
    assert "#" not in snits_map.sketch(s)
    s = t.act(s, "move", who="Zipwick", to="Fleotis").state  # the canal is now full
    assert "#" in snits_map.sketch(s)
    assert all(f"[{o.short}" in snits_map.sketch(t.new()) for o in t.board.organs)


def test_each_phase_says_whose_go_it_is_and_what_is_allowed(t):
    s = t.new()
    assert report.headline(s) == "Turn 1 · 1. Move Snits · the Snits to act"
    assert "`move NAME ORGAN`" in report.next_steps(s) and "room left: Antephellum 2, Glut 2, Fleotis 1" in report.next_steps(s)
    s = t.phase(t.put(t.put(s, "Wiggen", "Glut"), "R2", "Glut"), "kick")
    assert "Wiggen→Snorg" in report.next_steps(s) and "Wiggen→R2" in report.next_steps(s)
    s = t.phase(s, "chomp")
    assert "R2→Wiggen" in report.next_steps(s)
    assert "the Bolotomus to act" in report.headline(s)


def random_states(setups, steps=400):
    """States met in random play, every 7th action, for checks that must hold whatever happens."""
    import random

    from companion.snits.autoplay import choose
    from companion.snits.game import ENGINE

    for setup in setups:
        state, rng = ENGINE.new(setup), random.Random(str(setup))
        for i in range(steps):
            if state.phase == "over":
                break
            state = ENGINE.apply(state, choose(rng, ENGINE.legal_actions(state))).state
            if i % 7 == 0:
                yield state


SETUPS = [{"seed": 3}, {"seed": 8, "players": 4}, {"seed": 5, "players": 2, "spark": True, "splops": 2,
          "hidden": {"spark": "Eye", "splops": ["Glut", "Flumbus"], "salt": "width-test-salt"}}]


def test_status_and_map_lines_fit_100_columns_and_name_no_counts_nobody_uses():
    """The terminal the table reads: no line longer than 100 characters, in any phase, with one or four clans."""
    for state in random_states(SETUPS):
        for text in (report.status_text("snits-12", state, True), snits_map.map_text(state, True)):
            assert max(map(len, text.splitlines())) <= 100, text
            assert "possible (" not in text and "moves possible" not in text


def test_status_groups_the_counters_by_organ(t):
    s = t.put(t.put(t.put(t.put(t.new(), "Zipwick", "Glut"), "Bonk", "Glut"), "R2", "Glut"), "M1", "Eye")
    s.snorgs[t.organ("Eye")] = False
    lines = report.status_text("snits-1", s).splitlines()
    assert "  Glut              Zipwick7L Bonk4H  R2" in lines
    assert "  Eye               no Snorg  M1" in lines
    assert "  Lapotum           R1" in lines and not any(line.startswith("  Wobbulum") for line in lines)


def test_a_snits_moved_mark_stays_through_the_bolotomus_turn(t):
    """Keeping Track of Counters: `*` marks what moved in the latest movement phase; the Snits' marks last through
    the Bolotomus turn (the thingies' own moves are marked too), and a new Snit turn clears them."""
    s = t.put(t.put(t.put(t.new(), "Wiggen", "Antephellum"), "Zipwick", "Antephellum"), "R2", "Gurgitator")
    s = t.act(t.act(s, "move", who="Wiggen", to="Glut").state, "move", who="Zipwick", to="Glut").state
    s = t.act(s, "done").state
    assert s.phase == "kick" and "Zipwick7L* Wiggen5*" in report.status_text("snits-1", s)
    s = t.act(t.act(s, "done").state, "move", who="Zipwick", to="Gurgitator").state  # the fast Snits' move
    while s.phase != "thingies":
        s = t.act(s, "done").state
    assert "  Glut              Wiggen5\n" in report.status_text("snits-1", s)
    s = t.act(s, "move", who="R2", to="Glut").state
    assert "  Glut              Wiggen5  R2*" in report.status_text("snits-1", s).splitlines()
    assert "  Gurgitator        Zipwick7L*" in report.status_text("snits-1", s).splitlines()
    while s.phase != "move":
        s = t.act(s, "done").state
    assert "*" not in report.status_text("snits-1", s).split("(* moved")[0]


def test_the_sketch_counts_counters_in_a_form_no_name_takes(t):
    """`[R-Compos M1]` read like the counter M1: the sketch writes `1m` (one Makum), never a counter's name."""
    import re

    s = t.put(t.put(t.put(t.new(), "M1", "Right Compositor"), "M2", "Right Compositor"), "R2", "Glut")
    sketch = snits_map.sketch(s)
    assert "[R-Compos 2m]" in sketch and "[Glut 1r]" in sketch
    assert not re.search(r"\b[MRS]\d", sketch)


def test_the_map_has_clan_colours_on_a_terminal_and_none_when_told(cli, monkeypatch):
    """Colour where the terminal has it; `--no-color`, NO_COLOR or a pipe give plain text."""
    from click.testing import CliRunner

    from companion.cli.main import main

    cli("snits", "new", "--seed", 1, "--snit-players", 2, "--senior", 1, "--force", "Red=Zipwick,Bonk,Wiggen,Pokey,Snub,Tumble,"
        "Fidget,Skitter")
    cli("snits", "enter", "Zipwick", "Glut")
    runner = CliRunner()
    monkeypatch.setattr(snits_map, "coloured", lambda: True)
    coloured = runner.invoke(main, ["snits", "map"], color=True).output
    assert "\x1b[31mZipwick7L(R)*\x1b[0m" in coloured and "\x1b[35mR1\x1b[0m" in coloured
    assert "\x1b[" not in runner.invoke(main, ["snits", "map", "--no-color"], color=True).output
    monkeypatch.setenv("NO_COLOR", "1")
    assert "\x1b[" not in runner.invoke(main, ["snits", "map"], color=True).output
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setattr(snits_map, "coloured", lambda: False)
    assert "\x1b[" not in runner.invoke(main, ["snits", "map"], color=True).output


def test_autoplay_options_say_what_they_do(cli):
    helped = " ".join(cli("snits", "autoplay", "--help").output.split())
    assert "--games INTEGER RANGE how many games to play" in helped and "--splops INTEGER RANGE Splops to hide" in helped
