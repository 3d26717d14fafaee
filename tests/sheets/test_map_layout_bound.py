"""A player's map is laid out in bounded work, once a process (issue 34, item 7): the edition's own map saved as a
file is drawn with the edition's layout (6-7 s of search before, 0.1 s by name), and a map with every pair of organs
joined weighs at most WORK passage-by-organ checks (29-68 s before)."""
import itertools

import pytest

from companion.core.edition_data import read_template
from companion.sheets import map_layout as ml
from companion.snits import bolotomus, mapfile

REQUIRED = read_template("snits", "map-second-edition.toml")


def every_pair_joined(organs: int) -> bolotomus.Bolotomus:
    """The edition's first `organs` organs with a canal between every pair (red to the Lapotum, as the rules ask)."""
    rows = REQUIRED["organ"][:organs]
    names = [o["name"] for o in rows]
    passages = [{"between": [a, b], "kind": "red" if "Lapotum" in (a, b) else "canal"}
                for a, b in itertools.combinations(names, 2)]
    return bolotomus.assemble({"organ": rows, "passage": passages}, name="joined.toml")


@pytest.mark.parametrize("edition", bolotomus.EDITIONS)
def test_an_editions_map_saved_as_a_file_is_drawn_with_the_editions_layout(edition, monkeypatch):
    board = mapfile.from_data(mapfile.to_data(bolotomus.load(edition)) | {"name": "copy.toml"})
    assert board.edition == "" and ml.same_edition(board) == edition
    monkeypatch.setattr(ml, "search", lambda *a: pytest.fail("searched a layout the edition draws"))
    assert ml.page_layout(board) is ml.map_layout(edition)
    assert ml.big_layout(board, 400, 280, 10)[0].centres.keys() == ml.map_layout(edition).centres.keys()


def test_a_map_moved_from_the_edition_is_a_players_map():
    data = mapfile.to_data(bolotomus.load()) | {"name": "moved.toml"}
    data["organ"][3]["x"] = (data["organ"][3]["x"] + 7) % 100
    assert ml.same_edition(mapfile.from_data(data)) == ""


@pytest.mark.parametrize("organs", [14, 16])
def test_the_layout_search_is_bounded_whatever_the_passages(organs, monkeypatch):
    board = every_pair_joined(organs)
    weighed = []
    cost = ml._cost
    monkeypatch.setattr(ml, "_cost", lambda *a: weighed.append(1) or cost(*a))
    ml.search(board, ml.map_layout())
    per_layout = len(board.passages) * len(board.organs)
    assert (len(weighed) - 40) * per_layout <= ml.WORK  # the key's places' first layouts, then the bounded search


def test_a_players_map_is_searched_once_a_process(monkeypatch):
    """The pages draw a board at every change: the same map on the same area is not searched again."""
    first = ml.auto_layout(every_pair_joined(8))
    monkeypatch.setattr(ml, "search", lambda *a: pytest.fail("searched again"))
    assert ml.auto_layout(every_pair_joined(8)) is first
