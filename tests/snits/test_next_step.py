"""Sequence of Play as data: next_step says what the game waits for; the table's words (snits_text) render it, and
what `done` ends is said one way, true to the phase order, in the hints and in the rules' own lines."""
from companion.shared.snits.text import next_steps
from companion.snits import phases
from companion.snits.counters import RUN_BASE
from companion.snits.game import ENGINE
from companion.snits.state import Phase
from tests.snits.test_report import SETUPS, random_states


def test_the_first_move_names_the_snits_what_they_may_do_and_the_room_left(t):
    """Prepare for Play: the Snits start outside, so entering is all they can do; `done` ends the phase."""
    s = t.new()
    assert ENGINE.next_step(s) == {"step": "move", "phase": "move", "player": "Snits", "actions": ["enter"],
                                   "done": "phase", "room": {"Antephellum": 2, "Glut": 2, "Fleotis": 1}}
    text = next_steps(s)
    assert "room left: Antephellum 2, Glut 2, Fleotis 1" in text and text.endswith("; `done` ends the phase")


def test_with_several_clans_done_ends_a_clans_go_and_the_last_clans_done_the_phase(t):
    """Multiplayer 3: each Snit player takes the phase in turn, so `done` passes the phase to the next clan."""
    s = t.new(players=2, senior=0)
    assert (ENGINE.next_step(s)["player"], ENGINE.next_step(s)["done"]) == ("Red", "go")
    assert next_steps(s).endswith("`done` ends this clan's go (the next clan plays the phase)")
    s = t.act(s, "done").state
    assert (ENGINE.next_step(s)["player"], ENGINE.next_step(s)["done"]) == ("Blue", "phase")


def test_the_bolotomus_phases_name_what_they_offer(t):
    """Kicks, chomps and transforms are listed by name; Makums Transform's `done` ends the turn."""
    s = t.phase(t.put(t.put(t.new(), "Wiggen", "Glut"), "R2", "Glut"), Phase.KICK)
    assert ["Wiggen", "R2"] in ENGINE.next_step(s)["kicks"] and "Wiggen→R2" in next_steps(s)
    s = t.phase(s, Phase.CHOMP)
    nxt = ENGINE.next_step(s)
    assert nxt["player"] == "Bolotomus" and nxt["chomps"] == [["R2", "Wiggen"]] and "R2→Wiggen" in next_steps(s)
    s = t.phase(t.put(s, "M3", "Lapotum"), Phase.TRANSFORM)
    nxt = ENGINE.next_step(s)
    assert nxt["done"] == "turn" and ["M3", "Lapotum"] in nxt["transforms"]
    assert "M3 in the Lapotum" in next_steps(s) and next_steps(s).endswith("ends the turn and checks for a winner")


def test_a_free_chomp_and_the_end(t):
    s = t.phase(t.new(), Phase.KICK)
    s.pending = (RUN_BASE + 1, (t.cid("Wiggen"),))
    assert ENGINE.next_step(s) == {"step": "free chomp", "phase": "kick", "player": "Bolotomus",
                                   "runnungitm": "R2", "snits": ["Wiggen"]}
    assert next_steps(s) == "The Bolotomus picks which Snit R2 chomps: `chomp R2 Wiggen`"
    s.pending, s.phase, s.winner = None, Phase.OVER, "bolotomus"
    assert ENGINE.next_step(s) == {"step": "over", "winner": "bolotomus"}
    assert next_steps(s) == "The game is over: the Bolotomus won."


def test_the_spark_fight_moves_then_kicks(t):
    """Multiplayer 8: a clan moves (`done` ends its move, its kick follows), then kicks (`done` ends its go)."""
    s = t.new(players=2, senior=0)
    s.snits[t.cid("Zipwick")] = s.snits[t.cid("Whizzle")] = t.organ("Glut")  # Red's and Blue's
    s.phase, s.holder = Phase.FIGHT_MOVE, t.cid("Zipwick")
    nxt = ENGINE.next_step(s)
    assert (nxt["done"], nxt["spark"]) == ("move", {"carrier": "Zipwick"})
    assert next_steps(s).startswith("Spark fight (Zipwick carries the Spark): `move NAME ORGAN`")
    s = t.act(s, "done").state
    assert ENGINE.next_step(s)["done"] == "fight" and ["Zipwick", "Whizzle"] in ENGINE.next_step(s)["kicks"]
    assert next_steps(s).endswith("ends this clan's go (the next clan moves)")


def test_done_is_worded_one_way_in_the_hints_and_in_the_rules_lines():
    """Whatever the phase: the hint ends with what `done` ends (phases.ENDS), and when a side has nothing left the
    rules' run-out line says the same words."""
    for state in random_states(SETUPS):
        nxt = ENGINE.next_step(state)
        if "done" in nxt:
            words = f"`done` {phases.ENDS[nxt['done']]}"
            assert next_steps(state).endswith(words)
            if not nxt["actions"]:
                assert phases.run_out(state)[0].endswith(words)


def test_the_rules_name_no_command():
    """The rules return data and plain words: no `companion ...` command line is spelled inside them."""
    import pathlib

    import companion.snits

    for path in pathlib.Path(companion.snits.__file__).parent.glob("*.py"):
        assert "`companion " not in path.read_text(), path
