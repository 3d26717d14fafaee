"""The table's terminal at 80 x 24: `snits map --compact` (chosen by itself on a terminal too small for the full
map), and one counter found by name (`snits status NAME`), never giving the hidden placement away."""
import json
import re
from itertools import pairwise

import pytest

from companion.shared.snits import map_text as snits_map
from companion.snits.bolotomus import EDITIONS, load
from tests.snits.test_report import random_states

HIDDEN = {"spark": "Eye", "splops": ["Glut", "Flumbus"], "salt": "compact-test-salt"}


def busy(edition):
    """States of random play on an edition's map: one clan, four, and two with the Spark and Splops hidden."""
    return random_states([{"seed": 3, "edition": edition}, {"seed": 8, "players": 4, "edition": edition},
                          {"seed": 5, "players": 2, "spark": True, "splops": 2, "edition": edition,
                           "hidden": HIDDEN}])


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_compact_map_fits_80_columns_and_24_lines_with_every_organ_on_it(edition):
    """Any phase of a busy game, with one clan or four, with the Bolotomus' eyes too: 80 x 24, and every organ's
    label on the sketch whole (none hides another on a crowded line)."""
    shorts = [o.short for o in load(edition).organs]
    for state in busy(edition):
        for eyes in (False, True):
            lines = snits_map.compact_text(state, eyes).splitlines()
            assert len(lines) <= 24 and max(map(len, lines)) <= 80, "\n".join(lines)
            sketch = "\n".join(lines[1:next(i for i, line in enumerate(lines) if line.startswith("e.g. "))])
            assert all(re.search(rf"\[x?{re.escape(s)}[ \]]", sketch) for s in shorts), sketch


def test_a_crowded_line_of_labels_keeps_them_apart_and_on_the_line():
    """Labels wished on top of each other are moved apart, a space between, none past the width; too many for the
    width are cut short alike, each still bracketed."""
    labels = [(10, "[Antephel 2s]", False), (12, "[Glut 1r]", False), (75, "[Fleotis 1s]", False)]
    out = snits_map.placed(labels, 80)
    spans = [(x, x + len(label)) for x, label, _ in out]
    assert all(a[1] < b[0] for a, b in pairwise(spans)) and spans[-1][1] <= 80
    crowded = snits_map.placed([(i, f"[Organ{i:02d} 1s 1r 1m]", False) for i in range(8)], 80)
    assert all(label.startswith("[") and label.endswith("]") for _, label, _ in crowded)
    assert crowded[-1][0] + len(crowded[-1][1]) <= 80
    assert all(a[0] + len(a[1]) < b[0] for a, b in pairwise(crowded))


def test_the_compact_map_shows_the_placement_only_to_the_bolotomus_eyes():
    state = next(s for s in busy("second-edition") if s.placement)
    assert "Bolotomus' eyes only: Spark: Eye; Splops: Glut, Flumbus" in snits_map.compact_text(state, True)
    assert "Spark" not in snits_map.compact_text(state) and "Splops:" not in snits_map.compact_text(state)


def test_the_map_is_compact_on_a_small_terminal_and_full_on_a_big_one(monkeypatch):
    state = next(busy("second-edition"))
    full, compact = snits_map.map_text(state), snits_map.compact_text(state)
    monkeypatch.setattr(snits_map.sys.stdout, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(snits_map.shutil, "get_terminal_size", lambda fallback: (80, 24))
    assert snits_map.fitted(state) == compact and snits_map.fitted(state, compact=False) == full
    monkeypatch.setattr(snits_map.shutil, "get_terminal_size", lambda fallback: (120, 90))
    assert snits_map.fitted(state) == full and snits_map.fitted(state, compact=True) == compact
    monkeypatch.setattr(snits_map.sys.stdout, "isatty", lambda: False, raising=False)
    monkeypatch.setattr(snits_map.shutil, "get_terminal_size", lambda fallback: (80, 24))
    assert snits_map.fitted(state) == full  # a file or a pipe gets the whole map


def start(cli, *extra):
    r = cli("snits", "new", "--seed", 4, "--remove", "Grubnik,Zoomer", "--duty", "Wobbulum", *extra)
    assert r.exit_code == 0, r.output


def test_map_compact_and_full_on_the_command_line(cli):
    start(cli)
    compact = cli("snits", "map", "--compact").output.splitlines()
    assert len(compact) <= 24 and max(map(len, compact)) <= 80 and any("snits status NAME" in line for line in compact)
    assert "to: " in cli("snits", "map", "--full").output and "to: " in cli("snits", "map").output


def test_status_name_finds_one_counter_where_it_stands_and_the_ways_on(cli):
    start(cli)
    cli("snits", "enter", "Zipwick", "Glut")
    cli("snits", "enter", "Bonk", "Glut")
    r = cli("snits", "status", "zipw")
    assert r.exit_code == 0
    assert r.output.splitlines()[:3] == [
        "snits-1: Zipwick7L (Red Snit, speed 7, lightning): in the Glut; moved in the",
        "    latest movement phase (*)", "  here: its Snorg alive, Bonk4H*"]
    assert "ways on: =Antephellum, =Gurgitator, -Fleotis" in r.output and "Turn 1 · 1. Move Snits" in r.output
    assert "in the Wobbulum" in cli("snits", "status", "R1").output
    assert "M3: in the pool (off the map)" in cli("snits", "status", "M3").output
    assert "outside the Bolotomus\n  enters by: Antephellum, Glut, Fleotis" in cli("snits", "status", "Wiggen").output
    assert "Grubnik4H (Red Snit, speed 4, hammer): not in play" in cli("snits", "status", "Grubnik").output
    view = json.loads(cli("snits", "status", "Zipwick", "--json").output)
    assert view["counter"]["place"] == "Glut" and view["counter"]["with"] == ["Bonk"]
    assert {"to": "Fleotis", "kind": "canal", "used": 0, "limit": 1} in view["counter"]["ways"]


@pytest.mark.parametrize("typed, message", [
    ("Zipwik", "error: no counter called 'Zipwik'; did you mean Zipwick?"),
    ("Qqqq", "error: no counter called 'Qqqq'; a Snit's name (`companion snits status` lists them), R1-R18 or "
             "M1-M9"),
])
def test_an_unknown_name_is_refused_in_one_line_that_suggests_names(cli, typed, message):
    start(cli)
    r = cli("snits", "status", typed)
    assert r.exit_code != 0 and r.output.splitlines() == [message]


def test_status_name_never_shows_where_the_spark_hides(cli):
    """A Snit standing on the Spark's organ says nothing of it; the Bolotomus' eyes are the whole status's."""
    start(cli, "--spark", "--splops", 1, "--hide-spark", "Glut", "--hide-splops", "Antephellum")
    cli("snits", "enter", "Zipwick", "Glut")
    cli("snits", "enter", "Bonk", "Antephellum")
    for name in ("Zipwick", "Bonk", "R1"):
        for extra in ((), ("--json",)):
            out = cli("snits", "status", name, *extra).output
            assert "Spark" not in out and "Splop" not in out and "spark\": true" not in out, out
            assert "salt" not in out and "hidden" not in out
    r = cli("snits", "status", "Zipwick", "--bolotomus")
    assert r.exit_code != 0 and r.output.splitlines() == [
        "error: --bolotomus shows the hidden placement with the whole status: leave out the NAME"]


def test_play_finds_one_counter_and_shows_the_compact_map(cli):
    start(cli)
    out = cli("snits", "play", input="status Zipwick\nmap compact\nstatus Zipwik\nquit\n").output
    assert "Zipwick7L (Red Snit, speed 7, lightning): outside the Bolotomus" in out
    assert "Find one: `companion snits status NAME`; all by name: `companion snits status`" in out
    assert "error: no counter called 'Zipwik'; did you mean Zipwick?" in out


def test_status_lines_fit_an_80_column_terminal(cli):
    """Issue 33: `status` broke mid-word at 80 columns (its lines ran to 100)."""
    start(cli)
    cli("snits", "enter", "Zipwick", "Glut")
    for args in (["status"], ["status", "zipw"], ["status", "Wiggen"]):
        out = cli("snits", *args).output
        assert max(len(line) for line in out.splitlines()) <= 80, out


def test_the_compact_map_shows_the_clans_and_who_carries_the_spark():
    """Issue 33: with several clans the compact map only counted Snits; the fight for the Spark had no carrier."""
    from companion.shared.snits.map_text import COMPACT, compact_text
    from companion.snits.game import ENGINE
    from companion.snits.pieces import snit

    state = ENGINE.start({"seed": 4, "dice": "auto", "players": 2})
    glut = state.board.organ("Glut").index
    clans: dict[int, list[int]] = {}
    for cid in range(len(state.snits)):
        clans.setdefault(snit(cid).clan, []).append(cid)
    one, two = clans[0][0], clans[1][0]
    state.snits[one] = state.snits[two] = glut
    text = compact_text(state)
    assert "Snits by clan: Glut R1 B1" in " ".join(text.split())
    state.holder = one
    assert "The Spark of Life: carried by" in compact_text(state) and "in the Glut" in compact_text(state)
    state.holder, state.lies = None, glut
    assert "The Spark of Life lies in the Glut" in compact_text(state)
    assert len(compact_text(state).splitlines()) <= COMPACT[1] and max(map(len, text.splitlines())) <= COMPACT[0]


def test_one_clan_has_no_clan_line():
    from companion.shared.snits.map_text import compact_text
    from companion.snits.game import ENGINE

    assert "Snits by clan" not in compact_text(ENGINE.start({"seed": 4, "dice": "auto", "players": 1}))
