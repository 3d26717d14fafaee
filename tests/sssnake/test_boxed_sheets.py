"""The boxed game's own sheets (`new --sheets boxed`): nothing that depends on this edition's terrain is said or
checked; the deck, display, turn order, growth, abilities and scoring stay exact."""
import json

import pytest

from companion.core.engine import IllegalAction
from companion.sssnake.game import ENGINE


def both(table, landscape, players=("Ann", "Bob", "Cid"), moving=False):
    """The same seeded game on this edition's sheets and on the boxed game's; `moving`: past the caves and the first
    round's flip."""
    games = [table(players=players, landscape=landscape, seed=7, sheets=sheets) for sheets in ("edition", "boxed")]
    for t in games if moving else ():
        t.caves()
        t.flip()
    return games


def test_a_cave_on_this_editions_water_moves_there_but_not_on_the_boxed_sheet(table):
    """First round: a cave moves off water; on the boxed sheet the player sees the terrain, the companion does not."""
    ours, boxed = both(table, "fjord")
    for t in (ours, boxed):
        t.flip()
    assert "A cave cannot lie on water" in ours.flip()[0]
    assert boxed.flip()[0].endswith("Bob draws a cave there, everyone else an apple.")
    assert boxed.view()["round"]["cave_moves_off"] is None and ours.view()["round"]["cave_moves_off"] == "water"


def test_the_boxed_sheet_takes_any_ending_the_player_says(table):
    """Terrain types: snow and ice may lie on any boxed sheet; this edition's Am Fluss has neither."""
    ours, boxed = both(table, "am-fluss", moving=True)
    with pytest.raises(IllegalAction, match="Am Fluss has no ice to end on"):
        ours.report("Ann", end="i")
    boxed.report("Ann", end="ih")
    assert boxed.state.reports[0].end == "ih"


def test_golden_apples_on_the_boxed_fjord_are_counted_not_placed(table):
    """Fjord: golden apples grow the snake by one and score a point each, whoever counts them."""
    ours, boxed = both(table, "fjord", moving=True)
    with pytest.raises(IllegalAction, match="say where each golden apple lay, like g4,12"):
        ours.report("Ann", golden_count=1)
    with pytest.raises(IllegalAction, match="golden apples are counted, not placed: g for one, 2g for two"):
        boxed.report("Ann", golden=[[4, 12]])
    boxed.do({"type": "round", "line": "Ann 2g Bob 1"})
    assert "Ann takes 2 golden apples: everyone else crosses them out." in boxed.messages
    assert boxed.snake("Ann").track == "gg" and boxed.view()["players"][0]["score"]["C_golden"] == 2
    assert boxed.view()["golden_left"] == [] and boxed.view()["golden"] is True


def test_golden_apples_lie_only_on_fjord_on_boxed_sheets_too(table):
    """Types of apple: golden apples "are only to be found on the Fjord game sheet"."""
    t = table(landscape="sahara", sheets="boxed")
    t.caves()
    t.flip()
    with pytest.raises(IllegalAction, match="golden apples lie only on Fjord, not on Sahara"):
        t.report("Ann", golden_count=1)


def test_foxtrails_printed_apples_are_not_counted_against_our_sheet(table):
    """FoxTrail prints apples on the sheet: ours has nine, the boxed one its own, so any count is taken."""
    ours, boxed = both(table, "foxtrail", moving=True)
    with pytest.raises(IllegalAction, match="at most 12 in all so far"):
        ours.report("Ann", fresh=10, rotten=3)
    boxed.report("Ann", fresh=10, rotten=3)
    assert boxed.state.reports[0].fresh == 10


def test_no_paw_length_note_on_the_boxed_foxtrail(table):
    """FoxTrail: the paw symbol's length is printed on the sheet; the boxed one may print another than ours."""
    ours, boxed = both(table, "foxtrail", moving=True)
    assert "foliage" in json.dumps(ours.view()["round"]) and "foliage" not in json.dumps(boxed.view()["round"])


def test_everything_but_the_terrain_is_the_same_game(table):
    """Deck, display, turn order, growth, abilities and scoring do not depend on the sheets' terrain."""
    ours, boxed = both(table, "am-fluss", players=("Ann", "Bob", "Cid", "Dee"))
    for t in (ours, boxed):
        t.caves()
        for r in range(6):
            t.round(Ann={"fresh": 1}, Bob={"fresh": r % 2}, Cid={"out": r == 4})
            while t.state.choosers:
                t.take(t.state.snakes[t.state.choosers[0]].name, t.state.display.face_up()[0])
    a, b = ENGINE.to_dict(ours.state), ENGINE.to_dict(boxed.state)
    assert b.pop("b") == 1 and a == b


def test_the_sheets_are_kept_in_the_state_and_an_older_state_reads_as_this_editions(table):
    t = table(sheets="boxed")
    data = ENGINE.to_dict(t.state)
    assert data["b"] == 1 and data["v"] == 3 and ENGINE.from_dict(data).boxed
    older = {k: v for k, v in data.items() if k != "b"} | {"v": 1}
    assert ENGINE.from_dict(older).boxed is False
    with pytest.raises(IllegalAction, match="unknown sheets 'paper'; choose one of: edition, boxed"):
        table(sheets="paper")


def test_new_says_which_sheets_the_game_assumes(cli):
    out = cli("sssnake", "new", "--players", "Ann,Bob", "--landscape", "fjord", "--sheets", "boxed", "--seed", "1")
    assert out.exit_code == 0
    assert "Sheets: the boxed game's own Fjord pads." in out.output and "cards 2, 4 in and 3 out" in out.output
    assert json.loads(cli("sssnake", "status", "--json").output)["state"]["sheets"] == "boxed"
    assert "fjord (boxed sheets)" in cli("sssnake", "status").output
    assert "counts golden apples (g, 2g) as you report them" in out.output
    fox = cli("sssnake", "new", "--players", "Ann,Bob", "--landscape", "foxtrail", "--sheets", "boxed").output
    assert "counts the apples printed on them as you report them" in fox and "golden" not in fox
    edition = cli("sssnake", "new", "--players", "Ann,Bob", "--landscape", "fjord").output
    assert "Sheets: this edition's Fjord pad (`companion print pad --landscape fjord`)" in edition


def test_a_boxed_taught_game_travels_as_a_token_mid_round(table):
    """The token carries the state's dict: the sheets, the teaching and a golden apple counted mid-round."""
    from companion.tokens import game_token as token

    t = table(players=("Ann", "Bob", "Cid"), landscape="fjord", sheets="boxed", teach=True)
    t.caves()
    t.flip()
    t.do({"type": "round", "line": "Ann 1+2g ..."})
    _, back = token.decode(token.encode("sssnake", "sssnake-1", t.state))
    assert back.boxed and back.teach and back.reports[0].golden_count == 2
    assert ENGINE.to_dict(back) == ENGINE.to_dict(t.state)
