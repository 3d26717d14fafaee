"""Sequence of Play: whose go it is, by name, and legal_actions for one player (the Bolotomus, a clan, the Snits)."""
import pytest

from companion.core.engine import IllegalAction
from companion.snits import phases
from companion.snits.counters import RUN_BASE
from companion.snits.game import ENGINE
from companion.snits.state import Phase


def test_one_snit_player_is_the_snits_and_the_bolotomus_acts_in_its_own_turn(t):
    """One Snit player: its phases are the Snits'; Compositors Compose is the Bolotomus'."""
    s = t.new()
    assert phases.players(s) == ["Bolotomus", "Snits"]
    assert phases.acting(s) == "Snits"
    assert ENGINE.legal_actions(s, "Snits") == ENGINE.legal_actions(s) != []
    assert ENGINE.legal_actions(s, "bolotomus") == []  # any case
    s = t.phase(s, Phase.COMPOSE)
    assert phases.acting(s) == "Bolotomus" and ENGINE.legal_actions(s, "Snits") == []
    assert ENGINE.legal_actions(s, "Bolotomus") == ENGINE.legal_actions(s)


def test_each_clan_acts_in_turn_from_the_senior_snit(t):
    """Multiplayer: each Snit player moves in turn, the Senior Snit first; a clan not at play has no action."""
    s = t.new(players=2, senior=0)
    assert phases.players(s) == ["Bolotomus", "Red", "Blue"]
    assert phases.acting(s) == "Red" and ENGINE.legal_actions(s, "Blue") == []
    s = t.act(s, "done").state
    assert phases.acting(s) == "Blue" and ENGINE.legal_actions(s, "Blue") == ENGINE.legal_actions(s)


def test_a_free_chomp_owed_is_the_bolotomus_choice(t):
    """A missed pack attack owes the Runnungitm a free chomp: the Bolotomus picks the Snit, in the Snits' phase."""
    s = t.phase(t.new(), Phase.KICK)
    s.pending = (RUN_BASE, (0, 1))
    assert phases.acting(s) == "Bolotomus" and ENGINE.legal_actions(s, "Snits") == []
    assert [a["type"] for a in ENGINE.legal_actions(s, "Bolotomus")] == ["chomp", "chomp"]


def test_an_unknown_player_is_refused_naming_the_players(t):
    with pytest.raises(IllegalAction, match="no player 'Red' in this game; players: Bolotomus, Snits"):
        ENGINE.legal_actions(t.new(), "Red")


def test_nobody_acts_once_the_game_is_over(t):
    s = t.new()
    s.phase, s.winner = Phase.OVER, "bolotomus"
    assert phases.acting(s) is None and ENGINE.legal_actions(s, "Bolotomus") == ENGINE.legal_actions(s, "Snits") == []
