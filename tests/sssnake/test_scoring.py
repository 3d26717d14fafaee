"""Scoring points A-E, the tie-breaks, and the solo ranks."""
from companion.sssnake import scoring
from companion.sssnake.edition import edition
from companion.sssnake.snake import Snake


def snake(name, length, golden=0, rotten=0, out=0):
    return Snake(name, track="f" * (length - 4 - golden - rotten) + "g" * golden + "r" * rotten, cave=True, out=out)


def test_rulebook_example_length_32_four_before_3_golden_5_rotten_gives_38():
    """Scoring example: 32 + 4 x 2 + 3 - 5 = 38."""
    field = [snake("Tom", 32, golden=3, rotten=5)] + [snake(f"P{i}", 10, out=i + 1) for i in range(4)]
    tom = next(s for s in scoring.scores(field) if s.name == "Tom")
    assert (tom.length, tom.before, tom.eliminated_points, tom.golden, tom.rotten, tom.total) == (32, 4, 8, 3, 5, 38)


def test_eliminated_before_counts_earlier_rounds_only():
    field = [snake("A", 10, out=3), snake("B", 10, out=3), snake("C", 10, out=5), snake("D", 10)]
    before = {s.name: s.before for s in scoring.scores(field)}
    assert before == {"A": 0, "B": 0, "C": 2, "D": 3}


def test_two_players_use_the_dark_multiplier():
    """Scoring B: for two players, use the dark multiplier (ours: edition.toml)."""
    field = [snake("A", 10, out=4), snake("B", 10)]
    b = next(s for s in scoring.scores(field) if s.name == "B")
    assert b.eliminated_points == edition().dark_multiplier


def test_solo_scores_no_elimination_points():
    assert scoring.multiplier(1) == 0
    assert scoring.total(30, golden=2, rotten=1) == 31


def test_tie_broken_by_length_then_most_recent_elimination_then_shared():
    """End of play: ties go to the longer snake, then the most recently eliminated; then the victory is shared."""
    longer = [snake("A", 12, rotten=2, out=2), snake("B", 10, out=2), snake("C", 4, out=1)]
    assert [s.name for _, s in scoring.standings(longer)][:2] == ["A", "B"]
    recent = [snake("A", 10, out=2), snake("B", 10, out=3), snake("C", 4, out=1)]
    assert scoring.standings(recent)[0][1].name == "B"
    shared = [snake("A", 10, out=3), snake("B", 10, out=3), snake("C", 4, out=1)]
    assert [p for p, _ in scoring.standings(shared)] == [1, 1, 3]


def test_a_real_tie_on_points_and_length_goes_to_the_most_recently_eliminated():
    """End of play's second tie-break, reached: equal points and length, eliminated on different flips (the later one
    counts one more eliminated before it, and as many points off in rotten apples), in either seating order."""
    mult = scoring.multiplier(3)
    early, late = snake("A", 12, out=2), snake("B", 12, rotten=mult, out=3)
    for field in ([early, late, snake("C", 4, out=1)], [late, early, snake("C", 4, out=1)]):
        by_name = {sc.name: (place, sc) for place, sc in scoring.standings(field)}
        assert by_name["A"][1].total == by_name["B"][1].total and by_name["A"][1].length == by_name["B"][1].length
        assert by_name["B"][0] < by_name["A"][0]


def test_solo_ranks():
    """Solo: Sssuper! 35+, Impressive. 30+, Well played. 25+, Room for improvement. 20+, else have fun."""
    assert [scoring.solo_rank(p) for p in (35, 34, 30, 25, 20, 19, -3)] == [
        "Sssuper!", "Impressive.", "Impressive.", "Well played.", "Room for improvement.",
        "The main thing is to have fun.", "The main thing is to have fun."]


def test_final_standings_are_printed_at_the_end(table):
    t = table(players=["Ann", "Bob"])
    t.caves()
    t.round(Ann={"out": True}, Bob={"fresh": 1})
    assert "1. Bob: 9 points" in "\n".join(t.messages)  # 5 + one eliminated before x dark 4


def _row(name, place, length, total, out=True):
    return {"name": name, "place": place, "out": out, "score": {"A_length": length, "B_points": 0, "C_golden": 0,
                                                                "D_rotten": 0, "E_total": total}}


def test_final_score_says_how_each_tie_on_points_was_broken():
    """End of play: the longer snake, then the most recently eliminated, then a shared place; the score says which."""
    from companion.shared.sssnake.text import score_text

    view = {"phase": "over", "solo_rank": None,
            "players": [_row("Ann", 1, 14, 20, out=False), _row("Bob", 2, 12, 20), _row("Cid", 3, 12, 20),
                        _row("Dee", 4, 9, 9), _row("Eve", 4, 9, 9)]}
    lines = score_text(view).splitlines()[6:]
    assert lines == ["  Ann ahead of Bob, tied at 20 points: the longer snake (14 to 12)",
                     "  Bob ahead of Cid, tied at 20 points and length 12: Bob was eliminated more recently",
                     "  Dee and Eve share place 4: tied at 9 points, the same length (9) and eliminated together"]
