"""The edition's map and counter sheet against The Playing Pieces, The Playing Area and Prepare for Play."""
from collections import Counter

import pytest

from companion.snits import bolotomus, counters


@pytest.fixture(params=bolotomus.EDITIONS)
def board(request):
    """Each of the edition's maps: every check below holds for both."""
    return bolotomus.load(request.param)


def test_the_bolotomus_has_16_organs_with_the_named_ones(board):
    """The Playing Area: 16 organs; the rulebook names ten of them."""
    names = {o.name for o in board.organs}
    assert len(board.organs) == 16
    assert {"Antephellum", "Glut", "Fleotis", "Lapotum", "Eye", "Prolobosinator", "Forebosinator"} <= names
    assert sum(o.compositor for o in board.organs) == 3


def test_three_orifices_two_two_and_one_snits_a_turn(board):
    """Getting Into the Bolotomus: two a turn into the Antephellum and the Glut, one into the Fleotis."""
    limits = {board.organs[o].name: board.organs[o].orifice for o in board.orifices}
    assert limits == {"Antephellum": 2, "Glut": 2, "Fleotis": 1}
    assert [o.name for o in board.organs if o.smash] == ["Fleotis"]
    assert {o.name for o in board.organs if o.smasher} == {"Eye", "Prolobosinator"}


def test_lapotum_reached_only_by_red_canals_one_from_the_antephellum(board):
    """The red canals connecting to the Lapotum; Movement Restrictions 1: one runs to the Antephellum."""
    lap = board.lapotum
    kinds = {p.kind for _, p in board.neighbours(lap)}
    assert kinds == {"red"}
    assert board.passage(lap, board.organ("Antephellum").index).kind == "red"
    assert all(lap in (p.a, p.b) for p in board.passages if p.kind == "red")


def test_every_organ_but_the_lapotum_is_reachable_by_snits(board):
    """Our map keeps every organ but the Lapotum in reach of the Snits (no Snit can ever get to the Lapotum)."""
    reach = board.reachable_by_snits()
    assert reach == set(range(16)) - {board.lapotum}


def test_forebosinator_is_hard_to_reach(board):
    """The Spark of Life: the Forebosinator is safe because of its inaccessibility: one canal in."""
    ways = board.neighbours(board.organ("Forebosinator").index)
    assert [p.kind for _, p in ways] == ["canal"]


def test_passages_are_channels_canals_or_red_canals(board):
    """The wider channels and the narrow canals; red canals to the Lapotum."""
    kinds = Counter(p.kind for p in board.passages)
    assert set(kinds) == {"channel", "canal", "red"} and kinds["channel"] and kinds["canal"]


def test_four_clans_of_21_snits_with_speeds_4_to_7():
    """The Playing Pieces: 21 Snits in each of 4 clans; About the Snits: speeds from 4 to 7."""
    sheet = counters.load()
    assert len(sheet.clans) == 4 and len(sheet.snits) == 84
    assert {s.speed for s in sheet.snits} == {4, 5, 6, 7}
    assert len({s.name.lower() for s in sheet.snits}) == 84


def test_badges_lightning_is_speed_7_and_hammer_speed_4():
    """Fast Snits are speed 7 with the lightning badge; Strong Snits speed 4 with the hammer."""
    for s in counters.load().snits:
        assert (s.speed == 7) == s.fast
        if s.hammer:
            assert s.speed == 4


def test_force_selection_leaves_15_snits_six_badged():
    """Prepare for Play 4: remove two badged and the four plain speed-4 Snits: 15 left, six badged."""
    sheet = counters.load()
    for k in range(4):
        clan = sheet.clan(k)
        badged = [s for s in clan if s.badge]
        plain4 = [s for s in clan if s.speed == 4 and not s.badge]
        assert len(plain4) == 4 and all(s.spare for s in plain4)
        left = len(clan) - 2 - len(plain4)
        assert left == 15 and len(badged) - 2 == 6


def test_pools_and_hidden_counters(board):
    """9 Makums, 18 Runnungitms, 15 Snorgs (one per organ but the Lapotum), four Splops."""
    sheet = counters.load()
    assert (sheet.makums, sheet.runnungitms, sheet.splops) == (9, 18, 4)
    assert len(board.snorg_organs) == 15 and board.lapotum not in board.snorg_organs
