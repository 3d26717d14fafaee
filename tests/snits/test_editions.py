"""The edition's two maps: new games on the second, every game saved or sent before it still on the first."""
import json
import pathlib
import shutil

import pytest

from companion.core.engine import BadState, IllegalAction
from companion.snits import bolotomus
from companion.snits.game import ENGINE
from companion.snits.players.evaluate import Geometry
from companion.store.db import Store
from companion.tokens import game_token

DATA = pathlib.Path(__file__).parent.parent / "data"
V3 = DATA / "store-v3.sqlite"  # written by commit 9463faf (store schema 3, Snits rules 2): first-edition games only
TOKEN = (DATA / "snits-first-edition.token").read_text().strip()  # the same version's tokens of snits-1
PRIVATE = (DATA / "snits-first-edition-private.token").read_text().strip()


def saved(game_id: str):
    store = Store()
    try:
        record = store.load(game_id)
        from companion.store.saved import opened

        return record, opened(record).state
    finally:
        store.close()


def test_a_new_game_plays_on_the_second_edition_and_its_setup_says_so(cli):
    assert cli("snits", "new", "--seed", "3").exit_code == 0
    record, state = saved("snits-1")
    assert record.setup["edition"] == "second-edition" and state.board.edition == "second-edition"
    assert state.board is bolotomus.load()


@pytest.mark.parametrize("typed", ["first-edition", "First", "first"])
def test_map_first_edition_starts_a_game_on_the_first(cli, typed):
    assert cli("snits", "new", "--seed", "3", "--map", typed).exit_code == 0
    record, state = saved("snits-1")
    assert record.setup["edition"] == "first-edition" and state.board.edition == "first-edition"


def test_an_unknown_map_name_is_one_error_line_and_no_game(cli, home):
    result = cli("snits", "new", "--map", "third-edition")
    assert result.exit_code == 1
    assert result.output.count("\n") == 1 and result.output.startswith("error: --map takes one of the edition's maps")
    assert "second-edition, first-edition" in result.output
    assert "snits-1" not in cli("games").output


def test_a_setup_that_names_no_edition_plays_on_the_first():
    """Every setup saved before the second edition names none: it means the map it was played on."""
    assert ENGINE.new({"seed": 1}).board.edition == "first-edition"
    assert ENGINE.new({"seed": 1, "edition": "second-edition"}).board.edition == "second-edition"
    with pytest.raises(IllegalAction, match="no edition map"):
        ENGINE.new({"seed": 1, "edition": "third"})


def test_a_first_edition_state_keeps_its_format_1_form_and_the_second_names_its_map():
    first = ENGINE.to_dict(ENGINE.new({"seed": 1}))
    assert first["v"] == 1 and "ed" not in first
    second = ENGINE.to_dict(ENGINE.new({"seed": 1, "edition": "second-edition"}))
    assert second["v"] == 2 and second["ed"] == 2
    for d in (first, second):
        assert ENGINE.to_dict(ENGINE.from_dict(json.loads(json.dumps(d)))) == d
    assert ENGINE.from_dict(second).board.edition == "second-edition"
    with pytest.raises(BadState):
        ENGINE.from_dict({**second, "v": 1})  # a format-1 reader's state never names an edition


@pytest.fixture
def v3(home):
    home.mkdir()
    shutil.copyfile(V3, home / "games.sqlite")


@pytest.mark.parametrize("game_id", ["snits-1", "snits-2"])
def test_the_last_first_edition_store_opens_its_games_on_the_first_edition(cli, v3, game_id):
    record, state = saved(game_id)
    assert record.rules_version == 2 and "edition" not in record.setup
    assert state.board.edition == "first-edition"
    assert cli("snits", "status", "--game", game_id).exit_code == 0


def test_a_first_edition_game_plays_on_after_the_upgrade(cli, v3):
    before = saved("snits-1")[1]
    assert cli("snits", "done", "--game", "snits-1").exit_code == 0
    record, after = saved("snits-1")
    assert after.board.edition == "first-edition" and after.phase != before.phase
    assert cli("snits", "undo", "--game", "snits-1").exit_code == 0
    assert ENGINE.to_dict(saved("snits-1")[1], private=True) == ENGINE.to_dict(before, private=True)


@pytest.mark.parametrize("token", [TOKEN, PRIVATE])
def test_a_first_edition_token_resumes_on_the_first_edition(cli, token):
    assert cli("resume", token).exit_code == 0
    _, state = saved("snits-1")
    assert state.board.edition == "first-edition" and state.turn == 5
    again = game_token.unpack(cli("token").output.strip().splitlines()[0])  # format 2: with the game's new play id
    assert game_token.pack("snits", again.game_id, again.data) == TOKEN  # without it, the same token byte for byte


def test_the_second_edition_is_deeper_than_the_first():
    """The map's design goals (docs/snits.md): the Compositors four moves in (three on the first edition), each one
    red canal from the Lapotum; six Snorgs within two moves of outside (seven on the first), ten within three (12)."""
    for edition, compositors, within_two, within_three in (("second-edition", {4}, 6, 10), ("first-edition", {3}, 7, 12)):
        board = bolotomus.load(edition)
        g = Geometry(board)
        assert {g.enter[o.index] for o in board.organs if o.compositor} == compositors
        assert sum(1 for o in board.snorg_organs if g.enter[o] <= 2) == within_two
        assert sum(1 for o in board.snorg_organs if g.enter[o] <= 3) == within_three
    board = bolotomus.load("second-edition")
    reds = {board.organs[there].name for there, p in board.neighbours(board.lapotum)}
    assert {o.name for o in board.organs if o.compositor} <= reds
