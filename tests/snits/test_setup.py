"""Prepare for Play and the multiplayer setup."""
import pytest

from companion.core.engine import IllegalAction
from companion.snits.state import GONE, OUT


def force(t, state, clan=0):
    return [s for s in t.sheet.clan(clan) if state.snits[s.id] != GONE]


def test_every_snorg_at_its_post_and_the_pools_full(t):
    """Prepare for Play 2-3: a Snorg in each organ; the Makums and Runnungitms in the pool but the duty one."""
    s = t.new()
    assert all(s.snorgs)
    assert s.makums == [OUT] * 9
    assert s.runs[1:] == [OUT] * 17


def test_bolotomus_places_the_duty_runnungitm_where_he_chooses(t):
    """Prepare for Play 3: the Bolotomus places one duty Runnungitm in the organ of his choice."""
    assert t.where(t.new(duty="Forebosinator"), "R1") == "Forebosinator"


def test_random_duty_runnungitm_comes_from_the_seed(t):
    """Our choice: with no organ given, the duty Runnungitm goes to an organ drawn from the public seed."""
    places = {t.where(t.new(seed=n, duty=None), "R1") for n in range(30)}
    assert len(places) > 5
    assert t.where(t.new(seed=7, duty=None), "R1") == t.where(t.new(seed=7, duty=None), "R1")


def test_the_snit_player_removes_two_badged_snits(t):
    """Prepare for Play 4: remove two badged Snits and the four spares: 15 outside, six badged."""
    s = t.new(remove=["grub", "zoom"])
    kept = force(t, s)
    assert len(kept) == 15 and sum(1 for k in kept if k.badge) == 6
    assert {"Grubnik", "Zoomer"}.isdisjoint(k.name for k in kept)
    assert not any(k.spare for k in kept)
    assert all(s.snits[k.id] == OUT for k in kept)


def test_random_removal_also_leaves_six_badged(t):
    s = t.new(remove=None)
    kept = force(t, s)
    assert len(kept) == 15 and sum(1 for k in kept if k.badge) == 6


@pytest.mark.parametrize("remove", [["Grubnik"], ["Grubnik", "Wiggen"], ["Grubnik", "Grubnik"], ["Patch", "Zoomer"]])
def test_removal_must_be_two_badged_snits(t, remove):
    """Prepare for Play 4: exactly two badged Snits leave the force."""
    with pytest.raises(IllegalAction, match="remove exactly 2 badged"):
        t.new(remove=remove)


@pytest.mark.parametrize("players,size,badged", [(2, 8, 3), (3, 5, 2), (4, 3, 2)])
def test_multiplayer_forces(t, players, size, badged):
    """Multiplayer: 2 players 8 Snits (3 badged), 3 players 5 (2), 4 players 3 (2), one clan each."""
    s = t.new(players=players, seed=5)
    for k in range(players):
        kept = force(t, s, k)
        assert len(kept) == size and sum(1 for x in kept if x.badge) == badged
    assert len(s.snits) == 21 * players


def test_force_size_variant(t):
    """Variations: change the size of the invading force by one or two Snits (not three)."""
    assert len(force(t, t.new(variants={"force": 13}, remove=["Grubnik", "Zoomer", "Wiggen", "Pokey"]))) == 13
    assert len(force(t, t.new(variants={"force": 17}))) == 17
    with pytest.raises(IllegalAction, match="one or two Snits"):
        t.new(variants={"force": 18})


def test_senior_snit_totem_goes_to_a_dice_roll(t):
    """Multiplayer 1: the high roll takes the Senior Snit totem; the seed decides it, the same every time."""
    seniors = {t.new(players=3, seed=n).senior for n in range(40)}
    assert seniors == {0, 1, 2}
    assert t.new(players=3, senior=2).senior == 2


def test_unknown_setup_and_bad_values_are_refused(t):
    for bad, msg in (({"colour": 1}, "unknown setup"), ({"players": 5}, "1 to 4"), ({"dice": "loaded"}, "auto"),
                     ({"variants": {"channel": 0}}, "channel"), ({"duty": "Spleen"}, "no organ")):
        with pytest.raises(IllegalAction, match=msg):
            t.new(**bad)


RED8 = ["Zipwick", "Bonk", "Grubnik", "Wiggen", "Pokey", "Snub", "Tumble", "Fidget"]


def test_each_multiplayer_clan_may_choose_its_force(t):
    """Multiplayer: with two Snit players each gets eight Snits, only three of which can have badges: the
    player picks them (here two badged); a clan not named gets a random force."""
    s = t.new(players=2, forces={"red": RED8})
    assert sorted(x.name for x in force(t, s, 0)) == sorted(RED8)
    assert len(force(t, s, 1)) == 8


@pytest.mark.parametrize("forces,message", [
    ({"Red": RED8[:7]}, "8 different Snits, at most 3 of them badged, not 7"),
    ({"Red": ["Flashnob", "Bolty"] + RED8[:6]}, "at most 3 of them badged, not 8 with 5 badged"),
    ({"Red": RED8[:7] + ["Zipwick"]}, "8 different Snits"),
    ({"Red": RED8[:7] + ["Patch"]}, "no Red Snit called 'Patch'"),
    ({"Red": RED8[:7] + ["Whizzle"]}, "no Red Snit called 'Whizzle'"),
    ({"Green": RED8}, "no clan called 'Green'"),
])
def test_a_chosen_force_the_rules_forbid_is_refused(t, forces, message):
    """A clan's force is its size in different Snits of its own (the spares stay aside), at most so many badged."""
    with pytest.raises(IllegalAction, match=message):
        t.new(players=2, forces=forces)


def test_one_snit_player_removes_rather_than_picks(t):
    """Prepare for Play 4: the single Snit player removes two badged Snits; --force is the multiplayer pick."""
    with pytest.raises(IllegalAction, match="removing two badged Snits"):
        t.new(forces={"Red": RED8})
    with pytest.raises(IllegalAction, match="each clan's player names the Snits it keeps"):
        t.new(players=2, remove=["Grubnik", "Zoomer"])


def test_senior_snit_only_with_several_snit_players(t):
    """Multiplayer 1: the Senior Snit totem passes among 2-4 Snit players; one player naming it is refused."""
    with pytest.raises(IllegalAction, match="Senior Snit totem is for 2 to 4 Snit players"):
        t.new(senior=0)
    assert t.new(players=2, senior=1).senior == 1


@pytest.mark.parametrize("seed", [-1, 2**63, True, "7"])
def test_a_seed_a_token_cannot_carry_is_refused(t, seed):
    """Our choice: a seed is 0..2**63-1, the range a token carries."""
    with pytest.raises(IllegalAction, match="the seed is a whole number from 0 to 9223372036854775807"):
        t.new(seed=seed)
