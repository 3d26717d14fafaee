"""Multiplayer rules 6-9: the fight for the Spark of Life after the Bolotomus dies."""
import pytest

from companion.core.engine import IllegalAction
from companion.snits import sparkfight
from companion.snits.game import ENGINE
from companion.snits.state import DEAD, OUT


def two_clans(t):
    """Red's Zipwick... and Blue's Whizzle... in a 2-player game, everyone in play."""
    s = t.new(players=2, senior=0, seed=2)
    for name in ("Zipwick", "Wiggen", "Whizzle", "Nubbin", "Clobber"):
        s.snits[t.cid(name)] = OUT
    return s


def bolotomus_down(t, s, killers):
    for o in t.board.snorg_organs[:9]:
        s.snorgs[o] = False
    for organ, who in killers:
        sparkfight.record_kill(s, t.organ(organ), t.cid(who))
    return t.phase(s, "transform")


def test_bolotomus_death_starts_the_fight_and_the_last_killer_holds_the_spark(t):
    """Multiplayer 6: the last Snorg killed is replaced by the Spark, which belongs to the Snit that killed it;
    all other Bolotomus pieces are removed."""
    s = bolotomus_down(t, t.put(t.put(two_clans(t), "Wiggen", "Glut"), "M1", "Eye"), [("Glut", "Wiggen")])
    r = t.act(s, "done")
    assert r.state.phase == "fmove" and r.state.holder == t.cid("Wiggen") and r.state.winner is None
    assert set(r.state.makums) == {OUT} and set(r.state.runs) == {OUT}
    assert any("The Spark of Life goes to Wiggen" in m for m in r.messages)


def test_several_kills_on_the_last_turn_roll_for_the_spark(t):
    """If more than one Snorg was killed on the last Snit turn, roll randomly to see which had the Spark."""
    holders = set()
    for seed in range(12):
        s = two_clans(t)
        s.seed = seed
        s = bolotomus_down(t, t.put(t.put(s, "Wiggen", "Glut"), "Nubbin", "Eye"), [("Glut", "Wiggen"),
                                                                                    ("Eye", "Nubbin")])
        holders.add(t.act(s, "done").state.holder)
    assert holders == {t.cid("Wiggen"), t.cid("Nubbin")}


def test_spark_snorg_killed_in_multiplayer_starts_the_fight_at_once(t):
    """With the Spark of Life rule, its Snorg killed: the Bolotomus dies instantly; the killer has the Spark."""
    s = t.new(players=2, senior=0, spark=True, hidden={"spark": "Glut", "splops": [], "salt": "12345678"})
    s.snits[t.cid("Wiggen")] = t.organ("Glut")
    s.snits[t.cid("Zipwick")] = t.organ("Glut")
    s = t.act(t.phase(s, "kick"), "kick", who="Wiggen", target="Snorg", dice=[1]).state
    assert s.phase == "fmove" and s.holder == t.cid("Wiggen")


def fighting(t):
    s = two_clans(t)
    for name, organ in (("Wiggen", "Glut"), ("Zipwick", "Eye"), ("Whizzle", "Glut"), ("Nubbin", "Gurgitator")):
        t.put(s, name, organ)
    s.phase, s.holder = "fmove", t.cid("Wiggen")
    return s


def test_clans_kick_each_other_and_the_killer_takes_the_spark(t):
    """Multiplayer 6-7: Snits kick each other as they kicked Snorgs; killing the carrier takes the Spark."""
    s = t.phase(fighting(t), "fkick")
    s.actor = 1  # Blue's go
    with pytest.raises(IllegalAction, match="another clan"):
        t.act(s, "kick", who="Whizzle", target="Nubbin", dice=[1])
    s = t.act(s, "kick", who="Whizzle", target="Wiggen", dice=[2]).state
    assert s.snits[t.cid("Wiggen")] == DEAD and s.holder == t.cid("Whizzle")


def test_each_clan_moves_then_kicks_in_its_own_turn(t):
    """Multiplayer 8: once the Bolotomus is dead, each Snit player has his own separate turn: move, then kick."""
    s = fighting(t)
    s = t.act(s, "move", who="Zipwick", to="Prolobosinator").state
    s = t.act(s, "done").state
    assert (s.phase, s.player) == ("fkick", 0)
    s = t.act(s, "done").state
    assert (s.phase, s.player) == ("fmove", 1) and not s.used  # Blue's own movement phase


def test_leaving_with_the_spark_wins(t):
    """Multiplayer 9: the victory goes to the Snit who exits the Bolotomus with the Spark."""
    s = fighting(t)
    r = t.act(s, "move", who="Wiggen", to="out")
    assert (r.state.phase, r.state.winner) == ("over", "Red")
    assert ENGINE.outcome(r.state).places == (("Red",), ("Blue", "Bolotomus"))
    assert ENGINE.from_dict(ENGINE.to_dict(r.state)).winner == "Red"


def test_a_lying_spark_is_picked_up(t):
    """Our choice: when the Snit that found the Spark is dead, the Spark lies in the organ for the next comer."""
    s = fighting(t)
    s.holder, s.lies = None, t.organ("Prolobosinator")
    s = t.act(s, "move", who="Zipwick", to="Prolobosinator").state
    assert s.holder == t.cid("Zipwick") and s.lies is None


def test_fight_state_round_trips(t):
    s = fighting(t)
    d = ENGINE.to_dict(s, True)
    assert d["sh"] == t.cid("Wiggen") and ENGINE.to_dict(ENGINE.from_dict(d), True) == d


def test_a_hammer_snit_kicks_snits_on_1_to_4(t):
    """Multiplayer 6: Snits kick each other in the same manner as they kicked Snorgs: a Strong Snit on 1-4."""
    s = t.phase(fighting(t), "fkick")
    s.actor = 1
    t.put(s, "Clobber", t.where(s, "Wiggen"))
    s = t.act(s, "kick", who="Clobber", target="Wiggen", dice=[4]).state
    assert s.snits[t.cid("Wiggen")] == DEAD and s.holder == t.cid("Clobber")


def test_no_pack_attacks_nor_snorgs_in_the_fight(t):
    """Multiplayer 6: all other Bolotomus pieces are removed: no Runnungitm to pack-attack, no Snorg to kick."""
    s = t.phase(fighting(t), "fkick")
    t.put(s, "Zipwick", "Glut")
    with pytest.raises(IllegalAction, match="each Snit kicks alone"):
        t.act(s, "pack", who=["Wiggen", "Zipwick"], target="Whizzle", dice=[1, 1])
    with pytest.raises(IllegalAction, match="kicks a Snit of another clan, not a Snorg"):
        t.act(s, "kick", who="Wiggen", target="Snorg", dice=[1])


@pytest.mark.parametrize("where, holds", [(OUT, True), (DEAD, False)])
def test_the_killer_outside_the_body_holds_the_spark_and_a_dead_one_leaves_it_lying(t, where, holds):
    """Multiplayer 6: the Spark belongs to the Snit that scored the kill, wherever it is now (one that has left the
    body since holds it too); our choice: a killer since killed leaves the Spark lying in the organ."""
    s = bolotomus_down(t, t.put(two_clans(t), "M1", "Eye"), [("Glut", "Wiggen")])
    s.snits[t.cid("Wiggen")] = where
    r = t.act(s, "done")
    assert r.state.phase == "fmove"
    assert (r.state.holder, r.state.lies) == ((t.cid("Wiggen"), None) if holds else (None, t.organ("Glut")))
