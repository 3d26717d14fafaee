"""What the table reads: the sketch of the Bolotomus, and the line that says whose go it is and what next."""
from companion.snits import report


def test_sketch_shows_every_organ_its_pieces_and_used_up_passages(t):
    """`map`: what stands where, and which passages are used up this phase (#)."""
    s = t.put(t.put(t.new(), "Zipwick", "Glut"), "Bonk", "Glut")
    s.snorgs[t.organ("Glut")] = False
    assert "[xGlut S2]" in report.sketch(s)
    assert "#" not in report.sketch(s)
    s = t.act(s, "move", who="Zipwick", to="Fleotis").state  # the canal is now full
    assert "#" in report.sketch(s)
    assert all(f"[{o.short}" in report.sketch(t.new()) for o in t.board.organs)


def test_each_phase_says_whose_go_it_is_and_what_is_allowed(t):
    s = t.new()
    assert report.headline(s) == "Turn 1 · 1. Move Snits · the Snits to act"
    assert "`move NAME ORGAN`" in report.next_steps(s) and "Glut 2 left" in report.next_steps(s)
    s = t.phase(t.put(t.put(s, "Wiggen", "Glut"), "R2", "Glut"), "kick")
    assert "Wiggen→Snorg" in report.next_steps(s) and "Wiggen→R2" in report.next_steps(s)
    s = t.phase(s, "chomp")
    assert "R2→Wiggen" in report.next_steps(s)
    assert "the Bolotomus to act" in report.headline(s)
