"""Move Snits, Getting Into the Bolotomus, Movement Restrictions and the Second Move for Fast Snits."""
import pytest

from companion.core.engine import IllegalAction
from companion.snits.state import DEAD, OUT


def enter(t, s, name, organ, **kw):
    return t.act(s, "move", who=name, to=organ, **kw).state


def test_entering_the_antephellum_or_glut_is_an_ordinary_move(t):
    """Getting Into the Bolotomus: jumping into the Glut or the Antephellum succeeds automatically."""
    s = enter(t, t.new(), "Zipwick", "Glut")
    assert t.where(s, "Zipwick") == "Glut"


def test_third_snit_into_the_glut_is_refused(t):
    """Two Snits per turn may enter the Glut (and the Antephellum)."""
    s = enter(t, enter(t, t.new(), "Zipwick", "Glut"), "Bonk", "Glut")
    with pytest.raises(IllegalAction, match="2 Snits a turn may pass the Glut"):
        t.act(s, "move", who="Nimbo", to="Glut")


def test_one_snit_a_turn_into_the_fleotis(t):
    """One per turn may try to enter the Fleotis."""
    s = t.new()
    s.snorgs[t.organ("Eye")] = s.snorgs[t.organ("Prolobosinator")] = False
    s = enter(t, s, "Zipwick", "Fleotis")
    with pytest.raises(IllegalAction, match="1 Snit a turn may pass the Fleotis"):
        t.act(s, "move", who="Nimbo", to="Fleotis")


def test_enter_is_for_snits_still_outside(t):
    """Getting Into the Bolotomus: `enter` jumps in from outside; a Snit already inside is told to `move`."""
    s = t.act(t.new(), "enter", who="Zipwick", to="Glut").state
    assert t.where(s, "Zipwick") == "Glut"
    with pytest.raises(IllegalAction, match="already inside, in the Glut; `move Zipwick ORGAN`"):
        t.act(s, "enter", who="Zipwick", to="Gurgitator")
    with pytest.raises(IllegalAction, match="^Grubnik is not in play"):  # set aside: not "inside, in the out of play"
        t.act(s, "enter", who="Grubnik", to="Glut")


def test_snits_enter_only_through_orifices(t):
    with pytest.raises(IllegalAction, match="only through an orifice"):
        t.act(t.new(), "move", who="Zipwick", to="Eye")


@pytest.mark.parametrize("dice,lives", [([2, 4], True), ([3, 4], False)])
def test_fleotis_run_with_eye_and_prolobosinator_working(t, dice, lives):
    """Both working: the Snit must roll its speed or lower on 2 dice, else it is smashed and dead."""
    s = enter(t, t.new(), "Skitter", "Fleotis", dice=dice)  # speed 6
    assert (s.snits[t.cid("Skitter")] == t.organ("Fleotis")) == lives
    assert lives or s.snits[t.cid("Skitter")] == DEAD


@pytest.mark.parametrize("die,lives", [(5, True), (6, False)])
def test_fleotis_run_with_one_working_is_one_die(t, die, lives):
    """Either the Eye or the Prolobosinator out: speed or lower on ONE die."""
    s = t.new()
    s.snorgs[t.organ("Eye")] = False
    s = enter(t, s, "Wiggen", "Fleotis", dice=[die])  # speed 5
    assert (s.snits[t.cid("Wiggen")] != DEAD) == lives


def test_one_die_run_of_a_speed_7_snit_cannot_fail_and_rolls_nothing(t):
    """Speed or lower on ONE die: no die beats 6, so a speed-6 or 7 Snit is in without a roll (manual dice too)."""
    s = t.new()
    s.snorgs[t.organ("Eye")] = False
    r = t.act(s, "move", who="Zipwick", to="Fleotis")  # speed 7, no dice given
    assert r.state.snits[t.cid("Zipwick")] != DEAD and "cannot fail, no roll" in r.messages[0]


def test_fleotis_is_free_with_both_knocked_out(t):
    """Both out: the Bolotomus cannot smash; no dice are rolled."""
    s = t.new()
    s.snorgs[t.organ("Eye")] = s.snorgs[t.organ("Prolobosinator")] = False
    r = t.act(s, "move", who="Bonk", to="Fleotis")
    assert t.where(r.state, "Bonk") == "Fleotis" and "dice" not in r.logged
    with pytest.raises(IllegalAction, match="too many dice"):
        t.act(s, "move", who="Bonk", to="Fleotis", dice=[3])


def test_one_organ_per_snit_per_phase(t):
    """Movement Restrictions 1: creatures move only one organ per turn."""
    s = enter(t, t.new(), "Zipwick", "Glut")
    with pytest.raises(IllegalAction, match="already moved this phase"):
        t.act(s, "move", who="Zipwick", to="Gurgitator")


def test_only_adjacent_organs(t):
    """Move Snits: each Snit may move to an adjacent (connected) organ."""
    s = t.put(t.new(), "Zipwick", "Glut")
    with pytest.raises(IllegalAction, match="not connected"):
        t.act(s, "move", who="Zipwick", to="Eye")


def test_channel_takes_two_pieces_a_phase(t):
    """Movement Restrictions 3: a maximum of two creatures through a channel each movement phase."""
    s = t.new()
    for n in ("Zipwick", "Bonk", "Nimbo"):
        t.put(s, n, "Glut")
    s = t.act(t.act(s, "move", who="Zipwick", to="Gurgitator").state, "move", who="Bonk", to="Gurgitator").state
    with pytest.raises(IllegalAction, match="Glut→Gurgitator is a channel and 2 pieces already used it"):
        t.act(s, "move", who="Nimbo", to="Gurgitator")


def test_canal_takes_one_piece_a_phase(t):
    """Movement Restrictions 4: a maximum of one creature through a canal each phase."""
    s = t.new()
    t.put(s, "Zipwick", "Glut")
    t.put(s, "Bonk", "Glut")
    s = t.act(s, "move", who="Zipwick", to="Fleotis").state
    with pytest.raises(IllegalAction, match="Glut→Fleotis is a canal and 1 piece already used it this phase"):
        t.act(s, "move", who="Bonk", to="Fleotis")


def test_channel_and_canal_capacity_variants(t):
    """Variations: wide channels may take three; or ALL channels and canals two per phase."""
    s = t.new(variants={"channel": 3, "canal": 2})
    for n in ("Zipwick", "Bonk", "Nimbo"):
        t.put(s, n, "Glut")
    s = t.act(s, "move", who="Zipwick", to="Fleotis").state
    s = t.act(s, "move", who="Bonk", to="Fleotis").state
    s = t.act(s, "move", who="Nimbo", to="Gurgitator").state
    assert t.where(s, "Bonk") == "Fleotis"


def test_red_canals_are_closed_to_snits(t):
    """Movement Restrictions 6: the red canals to the Lapotum may not be used by Snits."""
    s = t.put(t.new(), "Zipwick", "Antephellum")
    with pytest.raises(IllegalAction, match="red canal: Snits may never use it"):
        t.act(s, "move", who="Zipwick", to="Lapotum")


def test_thingies_use_red_canals_but_never_leave_the_body(t):
    """Move Thingies: like the Snits, but thingies may never leave the body (Movement Restrictions 7)."""
    s = t.phase(t.put(t.new(), "R2", "Glut"), "thingies")
    s = t.act(s, "move", who="R1", to="Antephellum").state
    assert t.where(s, "R1") == "Antephellum"
    with pytest.raises(IllegalAction, match="never leave the body"):
        t.act(s, "move", who="R2", to="out")


def test_a_snorg_may_not_leave_its_organ(t):
    """Movement Restrictions 2."""
    with pytest.raises(IllegalAction, match="Snorg never leaves its organ"):
        t.act(t.phase(t.new(), "thingies"), "move", who="Snorg", to="Glut")


def test_a_snorg_may_not_enter_either(t):
    """`enter Snorg ORGAN` is refused as the move is (it raised a TypeError before the rules were typed)."""
    with pytest.raises(IllegalAction, match="Snorg never leaves its organ"):
        t.act(t.new(), "enter", who="Snorg", to="Fleotis")


def test_thingies_move_in_the_bolotomus_turn_only(t):
    with pytest.raises(IllegalAction, match="Move Thingies phase"):
        t.act(t.new(), "move", who="R1", to="Antephellum")
    with pytest.raises(IllegalAction, match="Snits move in the Snit turn"):
        t.act(t.phase(t.new(), "thingies"), "move", who="Zipwick", to="Glut")


def test_second_move_is_a_new_phase_for_capacities(t):
    """3. Second Move: fast Snits may use passages used already this turn, even retrace their first move."""
    s = t.put(t.new(), "Zipwick", "Glut")
    s = t.act(s, "move", who="Zipwick", to="Fleotis").state
    s = t.phase(s, "fast")
    s.used, s.moved = {}, set()  # what `done` does at the phase change (tested in test_phases)
    s = t.act(s, "move", who="Zipwick", to="Glut").state
    assert t.where(s, "Zipwick") == "Glut"


def test_second_move_only_for_lightning_snits_already_inside(t):
    """Only lightning Snits move again, and they may NOT enter the Bolotomus on this phase."""
    s = t.phase(t.put(t.new(), "Bonk", "Glut"), "fast")
    with pytest.raises(IllegalAction, match="only lightning Snits"):
        t.act(s, "move", who="Bonk", to="Antephellum")
    with pytest.raises(IllegalAction, match="may not enter the Bolotomus on the second move"):
        t.act(s, "move", who="Zipwick", to="Glut")


def test_leaving_through_an_orifice_is_a_move(t):
    """Going from outside into an organ, or vice versa, is a move (leaving uses the orifice's limit: our choice)."""
    s = t.put(t.new(), "Bonk", "Glut")
    s = t.act(s, "move", who="Bonk", to="out").state
    assert s.snits[t.cid("Bonk")] == OUT and s.gates == {t.organ("Glut"): 1}
    s2 = t.put(t.new(), "Bonk", "Eye")
    with pytest.raises(IllegalAction, match="only through an orifice"):
        t.act(s2, "move", who="Bonk", to="out")


def test_multiplayer_players_share_passage_capacities(t):
    """Multiplayer 3: once one player's Snits have used a canal, no other Snits may use it; channels are shared."""
    s = t.new(players=2, senior=0, seed=2)
    red = [x.name for x in t.sheet.clan(0) if s.snits[x.id] == OUT][0]
    blue = [x.name for x in t.sheet.clan(1) if s.snits[x.id] == OUT][0]
    t.put(s, red, "Glut")
    t.put(s, blue, "Glut")
    with pytest.raises(IllegalAction, match="belongs to the Blue clan; .* now it is the Red Snits' go"):
        t.act(s, "move", who=blue, to="Fleotis")
    s = t.act(s, "move", who=red, to="Fleotis").state
    s = t.act(s, "done").state
    assert s.player == 1
    with pytest.raises(IllegalAction, match="canal and 1 piece already used it"):
        t.act(s, "move", who=blue, to="Fleotis")


def test_multiplayer_kicks_in_the_same_order_as_moves(t):
    """Multiplayer 2 and 4: no kicking until all Snit players have moved; kicks go in the order of the moves."""
    s = t.new(players=2, senior=1, seed=2)
    red = [x.name for x in t.sheet.clan(0) if s.snits[x.id] == OUT]
    blue = [x.name for x in t.sheet.clan(1) if s.snits[x.id] == OUT]
    for name in red[:2] + blue[:2]:
        t.put(s, name, "Glut")
    assert s.player == 1  # the Senior Snit (Blue) moves first
    with pytest.raises(IllegalAction, match="Snit Kicking phase"):
        t.act(s, "kick", who=blue[0], target="Snorg", dice=[5])
    s = t.act(t.act(s, "done").state, "done").state
    assert (s.phase, s.player) == ("kick", 1)
    with pytest.raises(IllegalAction, match="belongs to the Red clan; .* now it is the Blue Snits' go"):
        t.act(s, "kick", who=red[0], target="Snorg", dice=[5])
    s = t.act(t.act(s, "kick", who=blue[0], target="Snorg", dice=[5]).state, "done").state
    assert (s.phase, s.player) == ("kick", 0)


def test_thingies_move_one_organ_a_phase(t):
    """Movement Restrictions 1 for the Bolotomus' thingies too."""
    s = t.phase(t.put(t.new(), "R2", "Glut"), "thingies")
    s = t.act(s, "move", who="R2", to="Antephellum").state
    with pytest.raises(IllegalAction, match="R2 already moved this phase"):
        t.act(s, "move", who="R2", to="Wobbulum")


def test_two_clans_may_share_a_channel(t):
    """Multiplayer 3: two different players could share a channel (two pieces a phase in all)."""
    s = t.new(players=2, senior=0, seed=2)
    red = [x.name for x in t.sheet.clan(0) if s.snits[x.id] == OUT][:2]
    blue = [x.name for x in t.sheet.clan(1) if s.snits[x.id] == OUT][:2]
    for name in red + blue:
        t.put(s, name, "Glut")
    s = t.act(s, "move", who=red[0], to="Gurgitator").state
    s = t.act(s, "done").state
    s = t.act(s, "move", who=blue[0], to="Gurgitator").state
    with pytest.raises(IllegalAction, match="Glut→Gurgitator is a channel and 2 pieces already used it"):
        t.act(s, "move", who=blue[1], to="Gurgitator")


def test_done_opens_the_second_move_as_a_new_phase(t):
    """3. Second Move: a new phase for canals and channels, reached by `done`: a fast Snit retraces its canal."""
    s = t.put(t.put(t.new(), "Zipwick", "Glut"), "Wiggen", "Eye")
    s = t.act(s, "move", who="Zipwick", to="Fleotis").state
    with pytest.raises(IllegalAction, match="already used it"):
        t.act(t.put(s, "Bonk", "Fleotis"), "move", who="Bonk", to="Glut")
    s = t.act(t.act(s, "done").state, "done").state
    assert s.phase == "fast"
    s = t.act(s, "move", who="Zipwick", to="Glut").state
    assert t.where(s, "Zipwick") == "Glut"


def checked_moves(state):
    """The moves movement.check accepts, tried counter by counter and place by place: the rules' own answer."""
    from companion.snits import movement, pieces
    from companion.snits.counters import MAKUM_BASE, RUN_BASE

    counters = [*range(len(state.snits)), *(RUN_BASE + i for i in range(len(state.runs))),
                *(MAKUM_BASE + i for i in range(len(state.makums)))]
    out = []
    for cid in counters:
        for to in [*range(len(state.board.organs)), OUT]:
            try:
                movement.check(state, cid, to)
            except IllegalAction:
                continue
            out.append((pieces.name(cid), pieces.place_name(state, to) if to != OUT else "out",
                        pieces.where(state, cid) == OUT))
    return out


@pytest.mark.parametrize("setup", [{"seed": 4}, {"seed": 5, "players": 3}])
def test_offered_moves_are_exactly_those_check_accepts(setup):
    """The moves offered (worked out without check's refusals, for speed) are exactly those check lets through."""
    import random

    from companion.snits import autoplay, phases
    from companion.snits.game import ENGINE

    rng, state = random.Random(0), ENGINE.new(setup)
    while state.phase != "over" and state.turn <= 30:
        legal = ENGINE.legal_actions(state)
        if phases.OFFERS.get(state.phase) is phases.moves and not state.pending:
            offered = [(a["who"], a["to"], a["type"] == "enter") for a in legal if a["type"] != "done"]
            assert sorted(offered) == sorted(checked_moves(state))
        state = ENGINE.apply(state, autoplay.choose(rng, legal)).state
