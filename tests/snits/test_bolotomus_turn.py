"""The Bolotomus' turn: Compositors Compose, Makums Transform, Has Anybody Won Yet?, and the phase order."""
import pytest

from companion.core.engine import IllegalAction, Outcome
from companion.snits.game import ENGINE
from companion.snits.state import DEAD, GONE, OUT


def test_each_working_compositor_makes_one_makum(t):
    """1. Compositors Compose: each Compositor with its Snorg may produce one Makum, placed in it."""
    s = t.phase(t.new(), "compose")
    s.snorgs[t.organ("Deep Compositor")] = False
    with pytest.raises(IllegalAction, match="lost its Snorg"):
        t.act(s, "compose", at=["Deep Compositor"])
    with pytest.raises(IllegalAction, match="at most one Makum"):
        t.act(s, "compose", at=["Left Compositor", "Left Compositor"])
    with pytest.raises(IllegalAction, match="not a Compositor"):
        t.act(s, "compose", at=["Glut"])
    s = t.act(s, "compose", at=["Left", "Right"]).state
    assert sorted(s.makums[:2]) == sorted([t.organ("Left Compositor"), t.organ("Right Compositor")])


def test_compose_again_after_every_working_compositor_composed_says_so(t):
    """A second `compose` in play (alone: every working one that may still compose, here none) once each has made
    its Makum says that, not 'name them'."""
    s = t.phase(t.new(), "compose")
    s = t.act(s, "compose", at=["Left", "Deep", "Right"]).state
    with pytest.raises(IllegalAction, match=r"^every working Compositor has composed this turn \(the .*Compositor\)"):
        t.act(s, "compose", at=[])


def test_makums_come_from_the_pool_of_nine(t):
    """Nine Makums in all: the pool limits how many can be composed."""
    s = t.phase(t.new(), "compose")
    s.makums = [t.organ("Glut")] * 8 + [OUT]
    with pytest.raises(IllegalAction, match="only 1 Makum left"):
        t.act(s, "compose", at=["Left", "Right"])


def test_a_makum_keeps_the_printed_number_it_was_composed_as_until_it_transforms(t):
    """Counters keep their numbers (issue 33): a compose names the printed counter to take from the pool (its lowest),
    the Makum keeps that number while another is composed and one dies, and its transform names the Runnungitm
    counter put in its place."""
    s = t.phase(t.put(t.put(t.new(), "M1", "Glut"), "R1", "Glut"), "compose")
    s.makums[1] = t.organ("Eye")  # M2 in the body: the pool's lowest is M3
    result = t.act(s, "compose", at=["Deep"])
    assert result.messages[0] == "the Deep Compositor composes M3 (the counter printed M3, from the pool)"
    s = result.state
    s.makums[0] = OUT  # M1 dies: back to the pool
    s.makums[2] = t.organ("Lapotum")
    s = t.phase(s, "transform")
    result = t.act(s, "transform", makum="M3")
    assert result.messages[0] == ("M3 transforms into R2 in the Lapotum (the counter printed R2 in its place; "
                                  "M3 back to the pool)")
    assert result.state.runs[1] == t.organ("Lapotum") and result.state.makums[1] == t.organ("Eye")


def test_makum_in_the_lapotum_becomes_a_runnungitm(t):
    """4. Makums Transform: any Makum in the Lapotum may transform into a Runnungitm (from the pool)."""
    s = t.phase(t.put(t.put(t.new(), "M1", "Lapotum"), "M2", "Lapotum"), "transform")
    s = t.act(s, "transform", makum="M1").state
    assert s.makums[0] == OUT and s.runs.count(t.organ("Lapotum")) == 2


def test_makum_in_a_snorgless_organ_becomes_its_snorg(t):
    """Any Makum in an organ without a Snorg may transform into that organ's Snorg."""
    s = t.phase(t.put(t.put(t.new(), "M1", "Glut"), "M2", "Eye"), "transform")
    s.snorgs[t.organ("Glut")] = False
    with pytest.raises(IllegalAction, match="whose Snorg is at its post"):
        t.act(s, "transform", makum="M2")
    s = t.act(s, "transform", makum="M1").state
    assert s.snorgs[t.organ("Glut")] and s.makums[0] == OUT


def test_transformation_is_optional(t):
    """The Bolotomus player never has to transform a Makum: `done` ends the turn with the Makum unchanged."""
    s = t.phase(t.put(t.new(), "M1", "Lapotum"), "transform")
    s = t.act(s, "done").state
    assert s.turn == 2 and s.phase == "move" and s.makums[0] == t.organ("Lapotum")


def dead_snorgs(t, s, n):
    for o in t.board.snorg_organs[:n]:
        s.snorgs[o] = False
    return s


def test_nine_dead_snorgs_win_for_the_snits(t):
    """5. Has Anybody Won Yet?: nine organs not functioning and the Snits have won."""
    s = t.act(dead_snorgs(t, t.phase(t.new(), "transform"), 9), "done").state
    assert (s.phase, s.winner) == ("over", "snits")
    s = t.act(dead_snorgs(t, t.phase(t.new(), "transform"), 8), "done").state
    assert s.winner is None and s.turn == 2


def test_organs_to_win_variant(t):
    """Variations: change the number of organs the Snits must put out of action."""
    s = t.act(dead_snorgs(t, t.phase(t.new(variants={"organs_to_win": 8}), "transform"), 8), "done").state
    assert s.winner == "snits"
    r = t.act(dead_snorgs(t, t.phase(t.new(variants={"organs_to_win": 1}), "transform"), 1), "done")
    assert r.messages == ("ended: 4. Makums Transform (the Bolotomus)",
                          "1 organ is out of action: the Bolotomus dies, the Snits win!")


def test_all_snits_dead_wins_for_the_bolotomus_and_both_is_a_tie(t):
    """If all Snits are dead, the Bolotomus wins; nine organs and all Snits on the last turn: a tie."""
    s = t.phase(t.new(), "transform")
    s.snits = [DEAD if p == OUT else p for p in s.snits]
    won = t.act(s, "done").state
    assert won.winner == "bolotomus"
    assert ENGINE.outcome(won) == Outcome((("Bolotomus",), ("Snits",)), ("Bolotomus",), {"Snits": 0, "Bolotomus": 0},
                                          "the Bolotomus won")
    tie = t.act(dead_snorgs(t, s, 9), "done").state
    assert tie.winner == "tie"
    assert ENGINE.outcome(tie) == Outcome((("Snits", "Bolotomus"),), (), {"Snits": 9, "Bolotomus": 0}, "a tie")


def test_sequence_of_play(t):
    """Snit turn (move, kick, fast move), then the Bolotomus turn (compose, thingies, chomp, transform)."""
    s = t.new()
    for n in ("Zipwick", "Bonk"):
        t.put(s, n, "Glut")
    t.put(s, "R2", "Glut")
    t.put(s, "M1", "Lapotum")
    seen = [s.phase]
    for _ in range(7):
        s = t.act(s, "done").state
        seen.append(s.phase)
    assert seen == ["move", "kick", "fast", "compose", "thingies", "chomp", "transform", "move"]


def test_phase_with_nothing_to_do_is_skipped(t):
    """Our choice: a phase where the acting side could only say `done` from its start passes by itself, and
    says so."""
    s = t.new()
    r = t.act(s, "done")  # nobody inside: no kicks, no fast moves; then compose
    assert r.state.phase == "compose"
    assert any("nothing for the Snits to do in 2. Snit Kicking: it passes by itself" in m for m in r.messages)


def test_senior_snit_totem_passes_left_after_each_turn(t):
    """Multiplayer 1: the Senior Snit moves first; after each turn the totem passes to the left."""
    s = t.phase(t.new(players=3, senior=1), "transform")
    s = t.act(s, "done").state
    assert s.senior == 2 and s.player == 2
    s = t.act(s, "done").state
    assert s.phase == "move" and s.player == 0  # then player 0, in clockwise order


def test_wounded_hammer_without_spare_dies(t):
    """Our choice: a chomped hammer Snit with no spare left in its clan dies."""
    s = t.phase(t.put(t.put(t.new(), "Bonk", "Glut"), "R2", "Glut"), "chomp")
    for spare in ("Patch", "Stitch", "Mend", "Splint"):
        s.snits[t.cid(spare)] = DEAD
    s = t.act(s, "chomp", runnungitm="R2", snit="Bonk", dice=[6, 6, 1, 1]).state
    assert s.snits[t.cid("Bonk")] == DEAD and GONE not in [s.snits[t.cid("Patch")]]


def test_a_phase_that_could_act_ends_only_with_done(t):
    """Our choice: a phase that had legal actions when it began ends only with `done`, so a `done` always ends
    the phase the output last named: using the last move does not start Kicking, nor the last kick the fast move
    (where a lightning Snit still has its second move)."""
    s = t.put(t.new(), "Zipwick", "Glut")
    s.moved = {c for c in range(len(s.snits)) if s.snits[c] >= -1 and c != t.cid("Skitter")}
    r = t.act(s, "move", who="Skitter", to="Glut")
    assert r.state.phase == "move" and r.messages[-1].endswith("`done` ends the phase")
    s = t.act(r.state, "done").state
    assert s.phase == "kick"
    s = t.act(s, "kick", who="Zipwick", target="Snorg", dice=[6]).state
    r = t.act(s, "kick", who="Skitter", target="Snorg", dice=[6])
    assert r.state.phase == "kick" and "nothing more for the Snits to do in 2. Snit Kicking" in r.messages[-1]
    s = t.act(r.state, "done").state
    assert s.phase == "fast" and any(a["who"] == "Zipwick" for a in t.legal(s) if a["type"] == "move")
    s = t.phase(t.put(t.new(), "Wiggen", "Antephellum"), "thingies")
    s = t.act(s, "move", who="R1", to="Antephellum").state
    assert s.phase == "thingies"  # the Bolotomus' phases too
    assert t.act(s, "done").state.phase == "chomp"


def test_compose_leaves_its_phase_open_until_done(t):
    """A phase in which the side could act ends only with `done`, compose included (issue 9: `compose`, `done`,
    `move R1 ...` passed the whole Bolotomus turn): after composing, Move Thingies opens only with `done`."""
    s = t.phase(t.new(), "compose")
    r = t.act(s, "compose", at=["Left", "Deep", "Right"])
    assert r.state.phase == "compose"
    assert r.messages[-1] == "nothing more for the Bolotomus to do in 1. Compositors Compose: `done` ends the phase"
    with pytest.raises(IllegalAction, match="at most one Makum a turn; the Left Compositor made its already"):
        t.act(r.state, "compose", at=["Left"])
    r = t.act(r.state, "done")
    assert r.state.phase == "thingies"
    assert t.act(r.state, "move", who="R1", to="Bilgeum").state.runs[0] == t.organ("Bilgeum")


def test_each_compositor_composes_once_a_turn_even_in_several_goes(t):
    """"Each functioning Compositor ... may produce one Makum": one compose may name some, a second the others;
    the next turn each may compose again."""
    s = t.phase(t.new(), "compose")
    s = t.act(s, "compose", at=["Left"]).state
    assert [a["at"] for a in t.legal(s) if a["type"] == "compose"] == [["Deep Compositor", "Right Compositor"]]
    s = t.act(s, "compose", at=["Deep"]).state
    assert s.phase == "compose" and s.composed == {t.organ("Left Compositor"), t.organ("Deep Compositor")}
    with pytest.raises(IllegalAction, match="`done` makes none"):
        t.act(s, "compose", at=[])
    while s.turn == 1:
        s = t.act(s, "done").state
    s = t.act(s, "done").state
    assert (s.turn, s.phase, s.composed) == (2, "compose", set())
    assert t.act(s, "compose", at=["Left"]).state.makums.count(t.organ("Left Compositor")) == 2


def test_done_names_the_phase_it_ended_and_the_one_now_open(t):
    """`done` says which phase it ended and which is open now, and any phase that passed by itself between."""
    s = t.phase(t.new(), "compose")
    assert t.act(s, "done").messages == ("ended: 1. Compositors Compose (the Bolotomus)",
                                        "now: 2. Move Thingies (the Bolotomus)")
    assert t.act(t.new(), "done").messages == (
        "ended: 1. Move Snits (the Snits)",
        "nothing for the Snits to do in 2. Snit Kicking: it passes by itself",
        "nothing for the Snits to do in 3. Second Move for Fast Snits: it passes by itself",
        "now: 1. Compositors Compose (the Bolotomus)")
    s = t.new(players=2, senior=0)
    assert t.act(s, "done").messages == ("ended: 1. Move Snits (the Red Snits)", "now: 1. Move Snits (the Blue Snits)")
