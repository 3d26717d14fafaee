"""The Spark of Life and the Splops: hidden placement, commitment, Splop explosions, the Spark's death blow."""
import hashlib

import pytest

from companion.core.engine import IllegalAction
from companion.snits.game import ENGINE
from companion.snits.state import DEAD

SECRET = {"spark": "Forebosinator", "splops": ["Glut", "Eye", "Bilgeum"], "salt": "s3cr3t-salt"}


def hidden_game(t, **kw):
    return t.new(spark=True, splops=3, hidden=dict(SECRET), **kw)


def test_commitment_is_sha256_of_placement_and_salt(t):
    """At setup the Snit players get a hash of the placement and a secret salt; the end reveals both."""
    s = hidden_game(t)
    text = '{"spark":"Forebosinator","splops":["Bilgeum","Eye","Glut"]}|s3cr3t-salt'
    assert s.commitment == hashlib.sha256(text.encode()).hexdigest()


def test_public_forms_leave_the_placement_out(t):
    """Every public output leaves the Spark and Splops out; the Bolotomus' private form has them."""
    s = hidden_game(t)
    public = ENGINE.to_dict(s)
    assert "salt" not in public["h"] and "x" not in public["h"] and public["h"]["c"] == s.commitment
    text = repr(ENGINE.view(s)) + repr(public)
    assert "s3cr3t" not in text and "Forebosinator" not in repr(ENGINE.view(s)["hidden"])
    assert ENGINE.to_dict(s, private=True)["h"]["salt"] == "s3cr3t-salt"


def test_public_dict_resumes_sealed_and_refuses_to_play(t):
    """A state without the placement cannot resolve a kill, so it refuses every action with a clear line."""
    sealed = ENGINE.from_dict(ENGINE.to_dict(hidden_game(t)))
    assert sealed.sealed and sealed.placement is None
    with pytest.raises(IllegalAction, match="resume it from the Bolotomus' private token"):
        ENGINE.apply(sealed, {"type": "done"})
    private = ENGINE.from_dict(ENGINE.to_dict(hidden_game(t), private=True))
    assert not private.sealed and private.placement.spark == t.organ("Forebosinator")


def test_nothing_hides_in_the_lapotum_and_every_spot_is_different(t):
    """Placed under four different Snorgs; never the Lapotum."""
    with pytest.raises(IllegalAction, match="Lapotum"):
        t.new(spark=True, hidden={"spark": "Lapotum", "splops": [], "salt": "12345678"})
    with pytest.raises(IllegalAction, match="different Snorgs"):
        t.new(spark=True, splops=1, hidden={"spark": "Glut", "splops": ["Glut"], "salt": "12345678"})
    with pytest.raises(IllegalAction, match="secret salt"):
        t.new(spark=True)


def test_splop_kills_the_kicker_only(t):
    """Splop! The Snorg explodes, taking its killer with it. Other thingies in the organ are not affected."""
    s = t.phase(hidden_game(t), "kick")
    for n in ("Wiggen", "Pokey", "M1"):
        t.put(s, n, "Glut")
    r = t.act(s, "kick", who="Wiggen", target="Snorg", dice=[1])
    assert r.state.snits[t.cid("Wiggen")] == DEAD and not r.state.snorgs[t.organ("Glut")]
    assert r.state.snits[t.cid("Pokey")] == t.organ("Glut") and r.state.makums[0] == t.organ("Glut")
    assert any(m.startswith("Splop!") for m in r.messages)


def test_splop_is_not_replaced_with_the_snorg(t):
    """Splops are not replaced if the Snorg is replaced."""
    s = t.phase(hidden_game(t), "kick")
    s.popped = (t.organ("Glut"),)
    for n in ("Wiggen", "Pokey"):
        t.put(s, n, "Glut")
    r = t.act(s, "kick", who="Wiggen", target="Snorg", dice=[1])
    assert r.state.snits[t.cid("Wiggen")] == t.organ("Glut")


def test_killing_the_spark_snorg_ends_the_game_at_once(t):
    """The Spark of Life: if its Snorg is killed, the Bolotomus dies instantly; the placement is revealed."""
    s = t.phase(hidden_game(t), "kick")
    for n in ("Wiggen", "Pokey"):
        t.put(s, n, "Forebosinator")
    r = t.act(s, "kick", who="Wiggen", target="Snorg", dice=[2])
    assert (r.state.phase, r.state.winner) == ("over", "snits")
    reveal = ENGINE.view(r.state)["hidden"]["reveal"]
    assert reveal["spark"] == "Forebosinator" and reveal["salt"] == "s3cr3t-salt"
    assert hashlib.sha256(reveal["hashed"].encode()).hexdigest() == reveal["commitment"]
    assert ENGINE.to_dict(r.state)["h"]["salt"] == "s3cr3t-salt"  # after the end, public too


def test_nine_organs_still_win_without_finding_the_spark(t):
    """The Snits can still win a regular victory by killing nine organs, even if they never find the Spark."""
    s = t.phase(hidden_game(t), "transform")
    for o in [o for o in t.board.snorg_organs if o != t.organ("Forebosinator")][:9]:
        s.snorgs[o] = False
    assert t.act(s, "done").state.winner == "snits"


def test_after_the_game_status_says_what_was_hidden_not_what_is(t):
    """Issue 33: after the end, status read "Hidden under the Snorgs: ... 3 Splops" beside "Revealed:": nothing is
    hidden then; the line says what was, and the reveal says where."""
    from companion.shared.snits.text import hidden_text

    s = t.phase(hidden_game(t), "kick")
    assert hidden_text(s, False)[0].startswith("Hidden under the Snorgs:")
    for n in ("Wiggen", "Pokey"):
        t.put(s, n, "Forebosinator")
    lines = hidden_text(t.act(s, "kick", who="Wiggen", target="Snorg", dice=[2]).state, False)
    assert lines[0].startswith("Were hidden under the Snorgs:") and any(x.startswith("Revealed:") for x in lines)
