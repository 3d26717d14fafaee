"""A whole round in one line (docs/sssnake.md "The round in one line"): each named player's report, a player left
out reports nothing, a mistake refused naming the player with nothing applied, logged as one action."""
import pytest

from companion.core.engine import IllegalAction
from companion.sssnake import actions
from companion.sssnake.game import ENGINE


def four(table, **kw):
    t = table(players=("Ann", "Bob", "Cid", "Dee"), **kw)
    t.caves()
    t.flip()
    return t


def line(t, text):
    return t.do({"type": "round", "line": text})


def test_the_issue_example_reports_every_player_and_closes_the_round(table):
    t = four(table, landscape="fjord")
    said = line(t, "Ann 2 Bob 0 Cid 1+g4,12 snow Dee out")
    assert t.log[-1] == {"type": "round", "line": "Ann 2 Bob 0 Cid 1 g4,12 snow Dee out"}
    assert said[0] == "Reported: Ann 2, Bob 0, Cid 1 g4,12 snow, Dee out."
    assert [t.snake(n).track for n in ("Ann", "Bob", "Cid")] == ["ff", "", "fg"]
    assert t.snake("Cid").end == "s" and t.snake("Dee").out
    assert "Dee is eliminated at length 4; apples of this round are not circled." in said
    assert t.state.phase == "f" and t.state.reports == {}


def test_names_are_case_insensitive_and_a_player_left_out_ate_nothing(table):
    t = four(table)
    line(t, "ann 3 BOB: 1 shade")
    assert t.log[-1]["line"] == "Ann 3 Bob 1 shade Cid 0 Dee 0"
    assert t.snake("Ann").length == 7 and t.snake("Bob").end == "h" and t.snake("Cid").track == ""
    assert t.state.choosers == [0]


@pytest.mark.parametrize("text", ["Ann: 3 Bob: 1 shade", "Ann:3 Bob:1 shade", "ann:3 bob:1+shade"])
def test_a_name_with_its_colon_starts_its_clause_with_or_without_a_space(table, text):
    t = four(table)
    line(t, text)
    assert t.log[-1]["line"] == "Ann 3 Bob 1 shade Cid 0 Dee 0"


def test_alone_the_round_line_may_leave_the_name_out(table):
    """Solo Game: there is only one snake to report, so `1r snow` is its round."""
    t = table(players=("Ann",), landscape="fjord")
    t.caves()
    t.flip()
    line(t, "1 snow")
    assert t.log[-1]["line"] == "Ann 1 snow" and t.snake("Ann").end == "s"
    t.flip()
    line(t, "0")
    assert t.log[-1]["line"] == "Ann 0"


def test_0_alone_says_nobody_ate(table):
    t = four(table)
    line(t, "0")
    assert t.log[-1]["line"] == "Ann 0 Bob 0 Cid 0 Dee 0" and t.state.phase == "f"


def test_an_empty_line_means_nothing_happened_to_anyone(table):
    t = four(table)
    line(t, "")
    assert t.log[-1]["line"] == "Ann 0 Bob 0 Cid 0 Dee 0" and t.state.phase == "f"


def test_a_line_ending_in_dots_leaves_the_others_moving(table):
    """Round G: every player moves; those still moving report on a later line, which closes the round."""
    t = four(table)
    said = line(t, "Ann 2 Bob 1 ...")
    assert said == ["Reported: Ann 2, Bob 1; waiting for Cid, Dee."]
    assert t.log[-1]["line"] == "Ann 2 Bob 1 ..." and t.state.phase == "m"
    line(t, "Dee 1")
    assert t.log[-1]["line"] == "Dee 1 Cid 0" and t.state.phase == "f"
    assert [t.snake(n).length for n in ("Ann", "Bob", "Cid", "Dee")] == [6, 5, 4, 5]


def test_rotten_golden_by_count_thieving_and_endings_are_words_of_a_clause():
    clauses, wait = parse("Ann 2+1r ice+shade Bob g 2f Cid x7,3 3 out", ["Ann", "Bob", "Cid"])
    assert not wait
    assert clauses == [{"player": "Ann", "fresh": 2, "rotten": 1, "end": "ih"},
                       {"player": "Bob", "golden_count": 1, "fresh": 2},
                       {"player": "Cid", "stole": (7, 3), "fresh": 3, "out": True}]


def parse(text, names):
    from companion.sssnake.roundline import parse as read

    return read(text, names)


@pytest.mark.parametrize("text, message", [
    ("Zed 2", "'Zed' is not a player; a round line starts with a name (Ann, Bob, Cid, Dee)"),
    ("Ann 2 Cid 1 zz9", "Cid: 'zz9' is not part of a report; write apples (2, 1r, g4,12 or 2g), snow, ice, shade"),
    ("Ann 2 Bob 1 ann 3", "Ann is named twice"),
    ("Ann 2 3", "Ann: fresh apples given twice"),
    ("Ann 1 Bob 1r", "Bob: no rotten apple can be on the sheets"),
    ("Ann 1 Bob g4,12", "Bob: golden apples lie only on Fjord, not on Am Fluss"),
    ("Ann 1 Cid snow", "Cid: Am Fluss has no snow to end on"),
    ("Ann 1 Dee 40", "Dee: 40 apples this round is more than Dee's sheet can have had"),
    ("Ann 1 Bob g0,3", "Bob: square 0,3 is off the sheet"),
    ("Ann x3,3 x4,4", "Ann: a move ends on one square"),
    ("Ann x3,3 2", "Ann does not have Thieving"),
    ("Ann 1 Bob rejoin", "Bob: rejoining is for Friendship mode"),
])
def test_a_mistake_is_refused_in_one_line_naming_the_player_and_nothing_is_applied(table, message, text):
    t = four(table)
    before = ENGINE.to_dict(t.state)
    with pytest.raises(IllegalAction) as refused:
        line(t, text)
    assert message in str(refused.value) and "\n" not in str(refused.value)
    assert ENGINE.to_dict(t.state) == before and t.state.reports == {}


def test_a_player_who_already_reported_is_corrected_with_fix_not_a_second_clause(table):
    t = four(table)
    t.report("Ann", fresh=1)
    with pytest.raises(IllegalAction, match="Ann already reported this round; a fix of Ann's report corrects it"):
        line(t, "Ann 2 Bob 1")


def test_no_round_line_in_the_cave_round_or_while_an_ability_is_owed(table):
    """First round: nobody moves; Developing: the choice comes before the next flip."""
    t = table()
    t.flip()
    with pytest.raises(IllegalAction, match="nobody moves in the cave round"):
        line(t, "Ann 1")
    t.flip()
    t.flip()
    t.flip()
    line(t, "Ann 3")
    with pytest.raises(IllegalAction, match="no reports now: Ann chooses an ability first"):
        line(t, "Bob 1")


def test_a_rejoin_in_the_line_draws_the_cave_and_that_snake_reports_nothing(table):
    """Friendship mode: the rejoining player draws a cave instead of the apple and moves from the next round."""
    t = table(players=("Ann", "Bob", "Cid"), friendship=True)
    t.caves()
    t.flip()
    line(t, "Bob out")
    t.flip()
    with pytest.raises(IllegalAction, match="Bob rejoins on this flip and moves from the next round: nothing else"):
        line(t, "Bob rejoin 2")
    said = line(t, "Bob rejoin Ann 1")
    assert t.log[-1]["line"] == "Bob rejoin Ann 1 Cid 0"
    assert said[0].startswith("Bob rejoins: draw a cave at") and not t.snake("Bob").out
    assert t.state.phase == "f"


def test_the_logged_line_replays_to_the_same_state(table):
    """A game is its setup plus its log: the spelled-out line gives what the typed one gave."""
    t = four(table, landscape="fjord")
    line(t, "dee 1 ann g6,14 snow+shade ...")
    line(t, "bob 2")
    again = ENGINE.replay(t.setup, t.log)
    assert ENGINE.to_dict(again) == ENGINE.to_dict(t.state)


@pytest.mark.parametrize("text", ["round Ann 2 Bob 0 Cid 1 g4,12 snow Dee out", "round Ann 2 ...", "round"])
def test_a_round_action_text_and_dict_forms_round_trip(text):
    action = actions.from_text(text)
    assert actions.to_text(action) == text
    assert actions.from_dict(actions.to_dict(action)) == action


@pytest.mark.parametrize("text", ["Ann 2, Bob 1 ice; Cid 0, Dee out", "Ann 2; Bob 1 ice, Cid 0; Dee out",
                                  "Ann 2,Bob 1 ice, Cid 0 Dee out,"])
def test_commas_and_semicolons_part_players_as_a_space_does(table, text):
    """Issue 33: a table types `Dee 1 ice, Ann snow`."""
    t = four(table, landscape="fjord")
    line(t, text)
    assert t.log[-1]["line"] == "Ann 2 Bob 1 ice Cid 0 Dee out"


@pytest.mark.parametrize("text", ["Cid 1 g 4,12 snow", "Cid 1 g4,12, snow", "Cid 1 G 4,12 snow"])
def test_a_golden_square_may_be_typed_apart_from_its_g(table, text):
    t = four(table, landscape="fjord")
    line(t, text)
    assert t.log[-1]["line"] == "Cid 1 g4,12 snow Ann 0 Bob 0 Dee 0"


def test_an_unknown_name_is_blamed_on_itself_with_the_name_it_is_like(table):
    """Issue 33: `Ann 1 Cidd 1` said "Ann: 'Cidd' is not part of a report"."""
    t = four(table)
    with pytest.raises(IllegalAction, match=r"^no player 'Cidd'; did you mean Cid\?$"):
        line(t, "Ann 1 Cidd 1")
    with pytest.raises(IllegalAction, match=r"^no player 'Zed'; the players are Ann, Bob, Cid, Dee$"):
        line(t, "Ann 1 Zed 1")
    with pytest.raises(IllegalAction, match=r"^'Cidd' is not a player; .*; did you mean Cid\?$"):
        line(t, "Cidd 1 Ann 2")
    assert t.state.reports == {} and t.log[-1] == {"type": "flip"}


@pytest.mark.parametrize(("typed", "meant"), [("snwo", "snow"), ("shdae", "shade"), ("iec", "ice"), ("otu", "out")])
def test_a_misspelt_word_is_named_with_the_word_it_is_like(table, typed, meant):
    t = four(table)
    with pytest.raises(IllegalAction, match=rf"^Ann: '{typed}' is not part of a report; did you mean {meant}\?$"):
        line(t, f"Ann 1 {typed}")


def test_a_clause_for_a_snake_out_of_the_game_after_everyone_else_reported_says_to_leave_it_out(table):
    """Never "waiting for: " with nobody after it (issue 33): the line has reported every other snake already."""
    t = table(players=("Ann", "Bob", "Cid"))
    t.caves()
    t.flip()
    line(t, "Cid out")
    t.flip()
    with pytest.raises(IllegalAction, match=r"^Cid is out of the game: leave Cid out$"):
        line(t, "Ann 1 Bob 1 Cid 1")
    with pytest.raises(IllegalAction, match=r"^Cid is out of the game; waiting for: Bob$"):
        line(t, "Ann 1 Cid 1")


@pytest.mark.parametrize("text, wait", [("Ann 1, Bob 2.", False), ("Ann 1, Bob 2 snow…", True),
                                        ("Ann 1, Bob 2 snow ...", True), ("Ann 1, Bob 2 snow...", True)])
def test_a_line_ends_as_a_sentence_or_with_dots_against_its_last_word(text, wait):
    """How tables type (issue 33): a full stop is no word, and `...` or `…` against the last word still waits."""
    from companion.sssnake.roundline import parse

    clauses, waits = parse(text, ["Ann", "Bob", "Cid"])
    assert waits == wait and [c["player"] for c in clauses] == ["Ann", "Bob"] and clauses[1]["fresh"] == 2
