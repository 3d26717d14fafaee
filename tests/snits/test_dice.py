"""Dice: auto (seeded, logged, replayable), manual (checked, counted), and the exact odds the engine must meet."""
from fractions import Fraction

import pytest

from companion.core.engine import IllegalAction
from companion.snits import odds
from companion.snits.dice import NeedDice
from companion.snits.game import ENGINE


def test_auto_dice_are_logged_and_replay_the_same(t):
    """Auto dice come from the seed; the action is logged with them, and replaying it gives the same game."""
    s = t.phase(t.put(t.put(t.put(t.new(dice="auto"), "Wiggen", "Glut"), "Pokey", "Glut"), "R2", "Glut"), "kick")
    r = ENGINE.apply(s, {"type": "kick", "who": "wig", "target": "r2"})
    assert r.logged["who"] == "Wiggen" and r.logged["target"] == "R2" and len(r.logged["dice"]) in (1, 3, 5)
    again = ENGINE.apply(s, r.logged)
    assert ENGINE.to_dict(again.state, True) == ENGINE.to_dict(r.state, True)


def test_auto_game_refuses_dice_it_did_not_roll(t):
    s = t.phase(t.put(t.put(t.new(dice="auto"), "Wiggen", "Glut"), "Pokey", "Glut"), "kick")
    rolled = ENGINE.apply(s, {"type": "kick", "who": "Wiggen", "target": "Snorg"}).logged["dice"][0]
    with pytest.raises(IllegalAction, match="rolls its own dice"):
        ENGINE.apply(s, {"type": "kick", "who": "Wiggen", "target": "Snorg", "dice": [rolled % 6 + 1]})


def test_manual_dice_say_how_many_are_needed(t):
    """Manual: the action must carry the dice rolled; too few is refused, saying how many."""
    s = t.phase(t.put(t.put(t.put(t.new(), "Wiggen", "Glut"), "Pokey", "Glut"), "R2", "Glut"), "kick")
    with pytest.raises(NeedDice, match="Wiggen's kick needs 1 die") as e:
        t.act(s, "kick", who="Wiggen", target="R2")
    assert e.value.more == 1
    with pytest.raises(NeedDice, match="R2's chomp at Wiggen needs 2 dice; enter 3 in all"):
        t.act(s, "kick", who="Wiggen", target="R2", dice=[5])
    with pytest.raises(IllegalAction, match="too many dice: this needed 1, you gave 2"):
        t.act(s, "kick", who="Wiggen", target="R2", dice=[1, 4])
    with pytest.raises(IllegalAction, match="a die shows 1 to 6, not 7"):
        t.act(s, "kick", who="Wiggen", target="R2", dice=[7])


def test_a_refused_action_changes_nothing(t):
    s = t.phase(t.put(t.put(t.new(), "Wiggen", "Glut"), "Pokey", "Glut"), "kick")
    before = ENGINE.to_dict(s, True)
    with pytest.raises(IllegalAction):
        t.act(s, "kick", who="Wiggen", target="Snorg", dice=[1, 2])
    assert ENGINE.to_dict(s, True) == before


def test_exact_odds():
    """The odds table: kick 1/3, hammer 2/3, chomp and last kick P(2d6 > speed), Fleotis run by smashers."""
    assert odds.kick() == Fraction(1, 3) and odds.kick(True) == Fraction(2, 3)
    assert [odds.chomp(s) for s in (4, 5, 6, 7)] == [Fraction(30, 36), Fraction(26, 36), Fraction(21, 36),
                                                     Fraction(15, 36)]
    assert odds.fleotis(6, 2) == Fraction(15, 36) and odds.fleotis(4, 1) == Fraction(4, 6)
    assert odds.fleotis(7, 1) == 1 and odds.fleotis(4, 0) == 1


def trials(base, action, outcome, n=3000):
    """How often `outcome(state)` holds after `action`, over n seeds, with the engine rolling."""
    hits = 0
    for seed in range(n):
        s = base.copy()
        s.seed = seed
        hits += outcome(ENGINE.apply(s, action).state)
    return hits / n


@pytest.mark.parametrize("who,hammer", [("Wiggen", False), ("Bonk", True)])
def test_auto_kick_rolls_match_the_exact_odds(t, who, hammer):
    """Seeded auto dice through the engine land near the exact chance of a kick and a hammer kick."""
    base = t.phase(t.put(t.put(t.new(dice="auto"), who, "Glut"), "Pokey", "Glut"), "kick")
    got = trials(base, {"type": "kick", "who": who, "target": "Snorg"}, lambda s: not s.snorgs[t.organ("Glut")])
    assert abs(got - float(odds.kick(hammer))) < 0.03


@pytest.mark.parametrize("who,speed", [("Patch", 4), ("Wiggen", 5), ("Skitter", 6), ("Zipwick", 7)])
def test_auto_chomp_and_last_kick_rolls_match_the_exact_odds(t, who, speed):
    """Chomp (two dice over the speed) and, after a catch, the last kick (the same), per speed."""
    base = t.phase(t.put(t.put(t.put(t.new(dice="auto"), who, "Glut"), "R2", "Glut"), "R3", "Glut"), "chomp")
    action = {"type": "chomp", "runnungitm": "R2", "snit": who}
    caught = trials(base, action, lambda s: s.snits[t.cid(who)] < 0)
    assert abs(caught - float(odds.chomp(speed))) < 0.03
    both = trials(base, action, lambda s: s.snits[t.cid(who)] < 0 and s.runs[1] < 0)
    assert abs(both / caught - float(odds.last_kick(speed))) < 0.05


@pytest.mark.parametrize("working", [2, 1, 0])
def test_auto_fleotis_runs_match_the_exact_odds(t, working):
    """The Fleotis run, with both, one or none of the Eye and Prolobosinator working (speed 6 and 4)."""
    base = t.new(dice="auto")
    base.snorgs[t.organ("Eye")] = working >= 1
    base.snorgs[t.organ("Prolobosinator")] = working == 2
    for who, speed in (("Skitter", 6), ("Thudmuck", 4)):
        got = trials(base, {"type": "move", "who": who, "to": "Fleotis"}, lambda s, who=who: s.snits[t.cid(who)] >= 0)
        assert abs(got - float(odds.fleotis(speed, working))) < 0.03
