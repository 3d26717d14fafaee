"""First round: one flip per player; the flipper draws a cave, the others an apple; the token passes clockwise."""
import pytest

from companion.core.engine import IllegalAction
from companion.sssnake.terrain import cave_blocked


def test_first_round_each_flip_gives_the_flipper_a_cave_and_passes_the_token(table):
    """First round A-D: the flipper draws a cave, "the other players instead draw an apple", the marker passes."""
    t = table(first=1)
    messages = t.flip()
    assert "Bob draws a cave there, everyone else an apple" in messages[0]
    assert [s.cave for s in t.state.snakes] == [False, True, False]
    assert t.view()["first_player"] == "Cid"
    t.flip()
    t.flip()
    assert all(s.cave for s in t.state.snakes) and t.view()["phase"] == "flip"


def test_first_round_ends_when_every_player_has_drawn_a_cave(table):
    t = table()
    t.caves()
    assert t.state.flips == 3 and t.view()["phase"] == "flip"
    assert t.view()["first_player"] == "Ann"  # three passes brought the token round


def test_nobody_moves_during_the_cave_round(table):
    """First round: no snake moves while caves are being drawn, so there is nothing to report."""
    t = table()
    t.flip()
    with pytest.raises(IllegalAction, match="flip"):
        t.report("Ann", fresh=1)


def test_subsequent_round_everyone_moves_then_the_token_passes(table):
    """Subsequent rounds E-H: flip, all draw, all move, pass the token."""
    t = table()
    t.caves()
    t.flip()
    assert t.view()["waiting_for"] == ["Ann", "Bob", "Cid"]
    for name in ("Ann", "Bob", "Cid"):
        t.report(name)
    assert t.view()["first_player"] == "Bob" and t.view()["phase"] == "flip"


def test_a_second_flip_before_the_round_is_finished_is_refused(table):
    t = table()
    t.caves()
    t.flip()
    t.report("Ann")
    before = t.state
    with pytest.raises(IllegalAction, match="waiting for Bob, Cid"):
        t.flip()
    assert t.state is before


def test_a_player_reports_once_per_round(table):
    t = table()
    t.caves()
    t.flip()
    t.report("Ann")
    with pytest.raises(IllegalAction, match="already reported"):
        t.report("Ann")


def test_unknown_player_is_refused_with_the_names(table):
    t = table()
    t.caves()
    t.flip()
    with pytest.raises(IllegalAction, match="players: Ann, Bob, Cid"):
        t.report("Zed")


def test_the_token_skips_eliminated_players(table):
    t = table()
    t.caves()
    t.round(Bob={"out": True})
    assert t.view()["first_player"] == "Cid"  # Ann passed to Bob, who is out: on to Cid


@pytest.mark.parametrize("land, square, what", [
    ("am-fluss", (6, 1), "water"), ("am-fluss", (3, 6), "quicksand"), ("am-fluss", (14, 1), "rocks"),
    ("am-fluss", (2, 2), "an immovable object"), ("fjord", (13, 3), "ice"), ("foxtrail", (5, 1), "foliage"),
    ("am-fluss", (1, 1), None), ("am-fluss", (5, 2), None), ("fjord", (11, 1), None), ("sahara", (1, 1), None),
])
def test_a_cave_moves_off_water_ice_rocks_foliage_quicksand_and_objects(land, square, what):
    """First round: "If ... the cave is in water, ice, rock, foliage, quicksand or an immovable object, the cave moves"
    (grassland, sand and snow keep it)."""
    assert cave_blocked(land, square) == what


def test_cave_flip_says_where_a_blocked_cave_moves(table):
    """First round: the cave "moves horizontally or vertically in any direction until it reaches another terrain
    type"; FoxTrail's Fox: caves on foliage "are moved until they fall onto grassland"."""
    t = table(players=("Ann", "Bob"), landscape="foxtrail", seed=3)
    line = t.flip()[0]
    assert line.startswith("Ann flips column 10, row 14 (10,14)")
    assert line.endswith("A cave cannot lie on foliage: it moves horizontally or vertically (any direction) "
                         "until it reaches grassland.")
    assert t.view()["round"]["cave_moves_off"] == "foliage"
    t = table(players=("Ann", "Bob"), landscape="am-fluss", seed=11)
    assert t.flip()[0].endswith("A cave cannot lie on quicksand: it moves horizontally or vertically (any direction) "
                                "until it reaches grassland or sand.")
    t = table(players=("Ann", "Bob"), landscape="am-fluss", seed=0)
    assert t.flip()[0].endswith("everyone else an apple.") and t.view()["round"]["cave_moves_off"] is None
