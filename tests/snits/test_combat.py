"""Snit Kicking, Pack Attacks, Chomping, the last kick, wounded Strong Snits."""
import pytest

from companion.core.engine import IllegalAction
from companion.snits.state import DEAD, GONE, OUT


def kicking(t, **placed):
    s = t.phase(t.new(), "kick")
    for name, organ in placed.items():
        t.put(s, name, organ)
    return s


@pytest.mark.parametrize("die,dies", [(1, True), (2, True), (3, False), (6, False)])
def test_kick_kills_on_1_or_2(t, die, dies):
    """Snit Kicking: one die; on a 1 or 2 the target is dead; a dead Snorg goes in front of the Snit player."""
    s = kicking(t, Wiggen="Glut", Pokey="Glut")
    r = t.act(s, "kick", who="Wiggen", target="Snorg", dice=[die])
    assert r.state.snorgs[t.organ("Glut")] is not dies
    assert f"rolled {die}, hits on 1-2" in r.messages[0]


@pytest.mark.parametrize("die,dies", [(4, True), (5, False)])
def test_hammer_snit_kicks_on_1_to_4(t, die, dies):
    """Strong Snits succeed in stomping their target on a roll of 1 through 4."""
    s = kicking(t, Bonk="Glut", Pokey="Glut")
    r = t.act(s, "kick", who="Bonk", target="Glut", dice=[die])
    assert r.state.snorgs[t.organ("Glut")] is not dies
    assert r.messages[0].startswith("Kick by Bonk (hammer) at the Glut's Snorg: rolled")


def test_killed_makum_returns_to_the_pool(t):
    """If a Makum is killed, it's just dead. Return it to the pool."""
    s = kicking(t, Wiggen="Glut", Pokey="Glut", M1="Glut")
    s = t.act(s, "kick", who="Wiggen", target="M1", dice=[1]).state
    assert s.makums[0] == OUT


def test_one_kick_per_snit_per_turn(t):
    """Only one Kick per Snit per turn, please!"""
    s = kicking(t, Wiggen="Glut", Pokey="Glut")
    s = t.act(s, "kick", who="Wiggen", target="Snorg", dice=[5]).state
    with pytest.raises(IllegalAction, match="already kicked this turn"):
        t.act(s, "kick", who="Wiggen", target="Snorg", dice=[1])


def test_kick_out_of_phase_is_refused(t):
    s = t.put(t.new(), "Wiggen", "Glut")
    with pytest.raises(IllegalAction, match="Snits kick in the Snit Kicking phase"):
        t.act(s, "kick", who="Wiggen", target="Snorg", dice=[1])


def test_kick_only_what_shares_the_organ(t):
    """Any Snit occupying the same organ as another thingie may try to stomp it."""
    s = kicking(t, Wiggen="Glut", Pokey="Glut", R2="Eye")
    with pytest.raises(IllegalAction, match="not in the Glut"):
        t.act(s, "kick", who="Wiggen", target="R2", dice=[1])
    with pytest.raises(IllegalAction, match="not each other"):
        t.act(s, "kick", who="Wiggen", target="Pokey", dice=[1])


def test_missed_kick_at_a_runnungitm_gives_it_a_free_chomp(t):
    """Kick a Runnungitm and miss: it immediately gets a free CHOMP; resolve it, then go on."""
    s = kicking(t, Wiggen="Glut", Pokey="Glut", R2="Glut")
    r = t.act(s, "kick", who="Wiggen", target="R2", dice=[6, 6, 5, 1, 1])
    assert r.state.snits[t.cid("Wiggen")] == DEAD      # 6+5 > 5: chomped
    assert r.state.runs[1] == t.organ("Glut")          # 1+1 last kick missed
    assert any("free chomp at Wiggen" in m for m in r.messages)


@pytest.mark.parametrize("chomp,dies", [([3, 3], True), ([2, 3], False)])
def test_chomp_catches_on_two_dice_over_speed(t, chomp, dies):
    """Chomping: two dice more than the target's Speed catch it; otherwise it escaped."""
    s = t.phase(t.put(t.put(t.new(), "Wiggen", "Glut"), "R2", "Glut"), "chomp")
    dice = chomp + ([1, 1] if dies else [])
    s2 = t.act(s, "chomp", runnungitm="R2", snit="Wiggen", dice=dice).state
    assert (s2.snits[t.cid("Wiggen")] == DEAD) == dies


def test_last_kick_kills_the_runnungitm_on_two_dice_over_speed(t):
    """If the CHOMP succeeds, the Snit rolls two dice: more than its Speed and the Runnungitm is dead too."""
    s = t.phase(t.put(t.put(t.new(), "Wiggen", "Glut"), "R2", "Glut"), "chomp")
    r = t.act(s, "chomp", runnungitm="R2", snit="Wiggen", dice=[6, 6, 3, 3])
    assert r.state.runs[1] == OUT and r.state.snits[t.cid("Wiggen")] == DEAD
    assert "Last kick by Wiggen: rolled 3+3=6, kills on more than 5" in r.messages[-1] or \
        any("Last kick by Wiggen: rolled 3+3=6" in m for m in r.messages)


def test_chomped_hammer_snit_is_wounded_into_a_spare(t):
    """A hammer Snit is not killed when CHOMPed: replace it with a speed-4 Snit without the hammer badge;
    it still gets its last kick."""
    s = t.phase(t.put(t.put(t.new(), "Bonk", "Glut"), "R2", "Glut"), "chomp")
    r = t.act(s, "chomp", runnungitm="R2", snit="Bonk", dice=[3, 2, 4, 1])
    s2 = r.state
    assert s2.snits[t.cid("Bonk")] == GONE and s2.snits[t.cid("Patch")] == t.organ("Glut")
    assert s2.runs[1] == OUT  # 4+1 > 4: the last kick killed it
    s3 = t.phase(t.put(s2, "R3", "Glut"), "chomp")
    s3 = t.act(s3, "chomp", runnungitm="R3", snit="Patch", dice=[3, 2, 1, 1]).state
    assert s3.snits[t.cid("Patch")] == DEAD  # chomped again, it dies


def test_only_runnungitms_in_the_organ_chomp_once_each(t):
    """Any Runnungitm in the same organ as a Snit may attempt one chomp."""
    s = t.phase(t.put(t.put(t.put(t.new(), "Wiggen", "Glut"), "Pokey", "Glut"), "R2", "Glut"), "chomp")
    s = t.act(s, "chomp", runnungitm="R2", snit="Wiggen", dice=[1, 1]).state
    with pytest.raises(IllegalAction, match="already chomped"):
        t.act(s, "chomp", runnungitm="R2", snit="Pokey", dice=[6, 6, 1, 1])
    with pytest.raises(IllegalAction, match="not in the Lapotum"):
        t.act(s, "chomp", runnungitm="R1", snit="Pokey", dice=[6, 6, 1, 1])


def test_pack_attack_kill_means_no_chomp(t):
    """Pack Attacks: all roll at once; if they kill the Runnungitm, it gets no CHOMP."""
    s = kicking(t, Wiggen="Glut", Pokey="Glut", R2="Glut")
    r = t.act(s, "pack", who=["Wiggen", "Pokey"], target="R2", dice=[6, 2])
    assert r.state.runs[1] == OUT and r.state.pending is None
    assert r.state.kicked == {t.cid("Wiggen"), t.cid("Pokey")}


def test_pack_attack_all_missing_gives_a_chomp_at_the_bolotomus_choice(t):
    """If they all miss, the Runnungitm gets a free CHOMP at any one of the attackers (the Bolotomus picks)."""
    s = kicking(t, Wiggen="Glut", Pokey="Glut", Nimbo="Glut", R2="Glut")
    s = t.act(s, "pack", who=["Wiggen", "Pokey"], target="R2", dice=[6, 3]).state
    assert s.pending == (101, (t.cid("Wiggen"), t.cid("Pokey")))
    for bad in (lambda: t.act(s, "done"), lambda: t.act(s, "kick", who="Nimbo", target="Snorg", dice=[1]),
                lambda: t.act(s, "chomp", runnungitm="R2", snit="Nimbo", dice=[6, 6, 1, 1])):
        with pytest.raises(IllegalAction, match="owed a free chomp"):
            bad()
    s = t.act(s, "chomp", runnungitm="R2", snit="Pokey", dice=[6, 6, 1, 1]).state
    assert s.snits[t.cid("Pokey")] == DEAD and s.pending is None


def test_pack_attack_needs_two_snits_in_one_organ_at_a_runnungitm(t):
    s = kicking(t, Wiggen="Glut", Pokey="Eye", Nimbo="Glut", R2="Glut")
    with pytest.raises(IllegalAction, match="one organ"):
        t.act(s, "pack", who=["Wiggen", "Pokey"], target="R2", dice=[6, 3])
    with pytest.raises(IllegalAction, match="two or more"):
        t.act(s, "pack", who=["Wiggen"], target="R2", dice=[6])
    with pytest.raises(IllegalAction, match="made on a Runnungitm"):
        t.act(s, "pack", who=["Wiggen", "Nimbo"], target="Snorg", dice=[6, 3])


def crowd(t):
    s = t.phase(t.new(), "chomp")
    for name in ("Wiggen", "Pokey", "R2", "R3", "R4"):
        t.put(s, name, "Glut")
    return s


def test_several_runnungitms_at_several_snits_name_all_targets_first(t):
    """Chomping: if several Runnungitms encounter multiple Snits in an organ, roll the CHOMPs one at a time,
    specifying targets by name before any dice are rolled."""
    s = crowd(t)
    r = t.act(s, "chomp", runnungitm="R2,R3,R4", snit="Pokey,Wiggen,-", dice=[1, 1, 6, 6, 1, 1])
    assert r.logged["runnungitm"] == "R2,R3,R4" and r.logged["snit"] == "Pokey,Wiggen,-"
    assert r.state.snits[t.cid("Wiggen")] == DEAD
    assert r.state.snits[t.cid("Pokey")] == t.organ("Glut")
    with pytest.raises(IllegalAction, match="were named already"):
        t.act(r.state, "chomp", runnungitm="R4", snit="Pokey", dice=[6, 6, 1, 1])


def test_a_declaration_that_leaves_a_runnungitm_out_is_refused_naming_the_whole_form(t):
    """Targets are specified before any dice are rolled, never forfeited by accident: a single chomp where several
    Runnungitms meet several Snits is refused, and `-` declares one not chomping, explicitly."""
    s = crowd(t)
    with pytest.raises(IllegalAction, match=r"R3, R4 also meet several Snits in the Glut: .*chomp R2,R3,R4 "
                                            r"Pokey,-,-$"):
        t.act(s, "chomp", runnungitm="R2", snit="Pokey", dice=[1, 1])
    r = t.act(s, "chomp", runnungitm="R2,R3,R4", snit="-,-,Pokey", dice=[1, 1])
    assert "R2 was declared not chomping" in r.messages and r.state.chomped >= {t.cid("R2"), t.cid("R3")}


def test_not_chomping_is_declared_only_where_runnungitms_meet_several_snits(t):
    s = t.phase(t.put(t.put(t.new(), "Wiggen", "Glut"), "R2", "Glut"), "chomp")
    with pytest.raises(IllegalAction, match="only where several Runnungitms meet several Snits"):
        t.act(s, "chomp", runnungitm="R2", snit="-")


def test_a_target_killed_earlier_in_the_list_is_missed(t):
    s = crowd(t)
    r = t.act(s, "chomp", runnungitm="R2,R3,R4", snit="Pokey,Pokey,-", dice=[6, 6, 1, 1])
    assert r.state.snits[t.cid("Pokey")] == DEAD and any("Pokey is no longer there" in m for m in r.messages)


def test_chomp_lists_must_pair_up_in_one_organ(t):
    s = t.put(crowd(t), "R5", "Eye")
    with pytest.raises(IllegalAction, match="one Snit for each Runnungitm"):
        t.act(s, "chomp", runnungitm="R2,R3", snit="Pokey", dice=[1, 1])
    with pytest.raises(IllegalAction, match="one organ at a time"):
        t.act(s, "chomp", runnungitm="R2,R5", snit="Pokey,Wiggen", dice=[1, 1, 1, 1])


def test_a_hammer_snit_named_by_two_runnungitms_is_wounded_then_chomped_again(t):
    """A hammer Snit CHOMPed is replaced by a plain speed-4 Snit; if it is CHOMPed again, it dies: a second
    Runnungitm named at it in the same declaration chomps the spare that took its place."""
    s = t.phase(t.new(), "chomp")
    for name in ("Bonk", "Wiggen", "R2", "R3"):
        t.put(s, name, "Glut")
    r = t.act(s, "chomp", runnungitm="R2,R3", snit="Bonk,Bonk", dice=[3, 2, 1, 1, 3, 2, 1, 1])
    assert r.state.snits[t.cid("Bonk")] == GONE and r.state.snits[t.cid("Patch")] == DEAD
    assert any(m.startswith("Chomp by R3 at Patch") for m in r.messages)


def test_pack_attack_hammer_snits_hit_on_1_to_4(t):
    """Pack Attacks roll each Snit's own kick: a Strong Snit in the pack hits on 1 through 4."""
    s = kicking(t, Wiggen="Glut", Bonk="Glut", R2="Glut")
    r = t.act(s, "pack", who=["Wiggen", "Bonk"], target="R2", dice=[6, 4])
    assert r.state.runs[1] == OUT and r.state.pending is None



def test_a_crowded_organ_is_offered_whole_declarations_only(t):
    """Chomping: several Runnungitms at several Snits name every target before any die is rolled, so the legal
    actions there are whole declarations (each Runnungitm a Snit; one per way of sharing them out), never a single
    chomp that would leave the others unnamed."""
    from companion.snits.game import ENGINE

    s = crowd(t)
    t.put(s, "R5", "Gurgitator")
    t.put(s, "Zipwick", "Gurgitator")
    t.put(s, "Nimbo", "Gurgitator")
    t.put(s, "R6", "Fleotis")
    t.put(s, "Quickle", "Fleotis")
    offered = [(a["runnungitm"], a["snit"]) for a in ENGINE.legal_actions(s) if a["type"] == "chomp"]
    glut = [a for a in offered if a[0].startswith("R2")]
    assert {r for r, _ in glut} == {"R2,R3,R4"}
    assert sorted(tuple(sorted(x.split(","))) for _, x in glut) == sorted(
        [("Pokey", "Pokey", "Pokey"), ("Pokey", "Pokey", "Wiggen"), ("Pokey", "Wiggen", "Wiggen"),
         ("Wiggen", "Wiggen", "Wiggen")])
    assert [a for a in offered if a[0] == "R5"] == [("R5", "Zipwick"), ("R5", "Nimbo")]  # one Runnungitm: singles
    assert [a for a in offered if a[0] == "R6"] == [("R6", "Quickle")]
    whole = next(a for a in ENGINE.legal_actions(s) if a["type"] == "chomp" and a["runnungitm"] == "R2,R3,R4")
    r = ENGINE.apply(s, {**whole, "dice": [1, 1] * 3})  # three chomps, each escaped: every one was rolled
    assert sum("Chomp by" in m for m in r.messages) == 3 and not any("no chomp" in m for m in r.messages)


def test_the_pack_attack_asks_its_dice_naming_which_die_goes_to_which_snit(t):
    """Pack Attacks: each Snit rolls its own die; manual dice are asked in the order of the Snits named."""
    from companion.snits.dice import NeedDice

    s = kicking(t, Wiggen="Glut", Bonk="Glut", Pokey="Glut", R2="Glut")
    with pytest.raises(NeedDice) as need:
        t.act(s, "pack", who=["Bonk", "Wiggen", "Pokey"], target="R2")
    assert need.value.why == "the pack attack on R2 by Bonk, Wiggen, Pokey (a die each, in that order)"


def test_a_kick_target_may_be_its_organs_prefix_and_a_typo_hint_names_targets_never_a_snit(t):
    """docs/snits.md: a Snorg is `Snorg` or its organ's name as a kick target, any unique prefix of it."""
    s = kicking(t, Nimbo="Prolobosinator", R2="Prolobosinator")
    r = t.act(s, "kick", who="Nimbo", target="prolo", dice=[1])
    assert not r.state.snorgs[t.organ("Prolobosinator")]
    with pytest.raises(IllegalAction, match=r"no kick target called 'prolx'; did you mean Prolobosinator\?$|"
                                            r"no kick target called 'prolx'; the kick targets: Snorg, "
                                            r"Prolobosinator, R2$"):
        t.act(s, "kick", who="Nimbo", target="prolx", dice=[1])
    with pytest.raises(IllegalAction, match="it can kick only what is there"):
        t.act(s, "kick", who="Nimbo", target="glu", dice=[1])
    with pytest.raises(IllegalAction, match="not in the Prolobosinator with Nimbo"):
        t.act(s, "kick", who="Nimbo", target="R3", dice=[1])
