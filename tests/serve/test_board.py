"""The served Snits board: valid SVG, one tappable group per organ, every public counter drawn, nothing hidden."""
import random
import time
import xml.etree.ElementTree as ET

import pytest

from companion.snits.autoplay import choose
from companion.snits.bolotomus import load
from companion.snits.game import ENGINE
from companion.snits.state import Phase

pytest.importorskip("svgwrite")
from companion.serve.board import board_svg  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"
SPARK, SPLOPS = "Forebosinator", ["Eye", "Glut", "Bilgeum"]
HIDDEN = {"seed": 3, "dice": "auto", "players": 2, "duty": "Lapotum", "spark": True, "splops": 3,
          "hidden": {"spark": SPARK, "splops": SPLOPS, "salt": "a secret salt"}}


def played(setup=HIDDEN, actions=150, seed=5):
    """A game some way in, from random legal actions (the game's own dice)."""
    state, rng = ENGINE.new(setup), random.Random(seed)
    for _ in range(actions):
        state = ENGINE.apply(state, choose(rng, ENGINE.legal_actions(state))).state
        if state.phase == Phase.OVER:
            break
    return state


def organ_groups(root):
    return {g.get("data-organ"): g for g in root.iter(f"{SVG}g") if g.get("data-organ")}


def counters_in(group):
    return [g.get("data-counter") for g in group.iter(f"{SVG}g") if g.get("data-counter")]


def test_valid_svg_with_one_group_per_organ():
    root = ET.fromstring(board_svg(ENGINE.new(HIDDEN)))
    assert root.tag == f"{SVG}svg" and root.get("viewBox")
    groups = organ_groups(root)
    assert sorted(groups) == sorted(o.name for o in load().organs)
    assert len([g for g in root.iter(f"{SVG}g") if g.get("data-organ")]) == len(groups)


def test_every_public_counter_is_drawn_in_its_organ():
    state = played()
    view = ENGINE.view(state)
    groups = organ_groups(ET.fromstring(board_svg(state)))
    shown = 0
    for organ in view["organs"]:
        drawn = counters_in(groups[organ["name"]])
        assert sorted(n for n in drawn if n != "Snorg") == sorted(organ["snits"] + organ["thingies"])
        assert ("Snorg" in drawn) == (organ["snorg"] != "printed")
        shown += len(organ["snits"]) + len(organ["thingies"])
    assert shown > 5  # the game has counters out on the map
    dead = [o["name"] for o in view["organs"] if o["snorg"] is False]
    for name in dead:
        assert groups[name].find(f".//{SVG}g[@class='counter snorg-dead']") is not None


def test_snits_read_without_colour():
    """A Snit's clan shows as its initial on the band, not by colour alone."""
    state = played()
    root = ET.fromstring(board_svg(state))
    snit = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "counter snit")
    texts = [t.text for t in snit.iter(f"{SVG}text")]
    assert snit.get("data-clan")[0] in texts and snit.get("data-counter") in texts


@pytest.mark.parametrize("actions", [0, 30, 60])
def test_the_hidden_spark_and_splops_are_never_drawn(actions):
    state = played(actions=actions)
    assert not state.popped  # nothing has gone off: everything about the placement is still secret
    svg = board_svg(state)
    assert "spark" not in svg.lower() and "splop" not in svg.lower()
    assert "a secret salt" not in svg and state.commitment not in svg
    kinds = {g.get("class") for g in ET.fromstring(svg).iter(f"{SVG}g")}
    assert not kinds & {"counter popped", "counter spark-lies"}


def test_the_hidden_organs_are_named_no_more_than_in_a_game_without_them():
    """The Spark's and the Splops' organs appear only as the map labels every organ has."""
    hidden = board_svg(ENGINE.new(HIDDEN))
    plain = board_svg(ENGINE.new({k: v for k, v in HIDDEN.items() if k not in ("spark", "splops", "hidden")}))
    elsewhere = board_svg(ENGINE.new({**HIDDEN, "hidden": {"spark": "Splenox", "splops": ["Quibbler", "Flumbus",
                                                                                          "Wobbulum"],
                                                           "salt": "another salt"}}))
    assert hidden == plain == elsewhere
    for name in [SPARK, *SPLOPS]:
        assert hidden.count(name) == plain.count(name)


def test_the_private_state_draws_the_same_as_the_public_one():
    """board_svg reads the public view only: the Bolotomus' own copy of the game gives the very same picture."""
    state = played(actions=80)
    public = ENGINE.from_dict(ENGINE.to_dict(state, private=False))
    assert public.placement is None and state.placement is not None
    assert board_svg(public) == board_svg(state)


def test_used_passages_are_marked():
    state = played(actions=3)
    view = ENGINE.view(state)
    svg = board_svg(state)
    root = ET.fromstring(svg)
    tags = root.find(f".//{SVG}g[@class='passages-used']")
    assert len(list(tags.iter(f"{SVG}text"))) == len(view["passages_used"])


def test_fast_enough_for_a_redraw():
    state = played()
    board_svg(state)  # the map itself is drawn once per process
    times = []
    for _ in range(20):
        start = time.perf_counter()
        board_svg(state)
        times.append(time.perf_counter() - start)
    assert sorted(times)[10] < 0.05


def test_a_splop_gone_off_is_public_and_shown():
    state = played()
    assert state.popped
    gone = {state.board.organs[o].name for o in state.popped}
    groups = organ_groups(ET.fromstring(board_svg(state)))
    for name, group in groups.items():
        marked = group.find(f".//{SVG}g[@class='counter popped']") is not None
        assert marked == (name in gone)


def test_snits_through_an_orifice_this_phase_are_counted_at_its_entry():
    state = ENGINE.new({k: v for k, v in HIDDEN.items() if k not in ("spark", "splops", "hidden")})
    while not state.gates:
        enter = next(a for a in ENGINE.legal_actions(state) if a["type"] == "enter" and a["to"] != "Fleotis")
        state = ENGINE.apply(state, enter).state
    root = ET.fromstring(board_svg(state))
    tags = [t.text for t in root.find(f".//{SVG}g[@class='gates-used']").iter(f"{SVG}text")]
    assert tags == [f"{n}/{load().organ(name).orifice} in" for name, n in ENGINE.view(state)["gates_used"].items()]


def test_a_players_own_map_is_drawn_with_its_organs_and_entries():
    from pathlib import Path

    from companion.snits import mapfile

    boxed = Path(__file__).parents[1] / "snits" / "data" / "boxed.toml"
    board = mapfile.parse(boxed.read_bytes(), "boxed.toml")
    state = ENGINE.new({"seed": 1, "dice": "auto", "map": mapfile.to_data(board), "remove": ["Grubnik", "Zoomer"]})
    root = ET.fromstring(board_svg(ENGINE.from_dict(ENGINE.to_dict(state))))
    assert sorted(organ_groups(root)) == sorted(o.name for o in board.organs)
    _, _, _, height = map(float, root.get("viewBox").split())
    from companion.sheets.map_layout import auto_layout

    layout = auto_layout(board)
    lowest = max(layout.box(o.name)[1] + layout.organ_h for o in board.organs if o.orifice)
    assert height >= lowest + 13  # the entry arrows under the lowest orifices are inside the picture


@pytest.mark.parametrize("edition", ["second-edition", "first-edition"])
def test_each_editions_game_is_drawn_on_its_own_editions_layout(edition):
    """A game on the second edition's map (new games) and one on the first (`--map first-edition`, or saved before
    there were two) each show their organs where that edition's printed map has them, and say which map it is."""
    from companion.sheets.map_layout import map_layout

    state = ENGINE.new({**HIDDEN, "edition": edition})
    assert state.board.edition == edition
    root = ET.fromstring(board_svg(state))
    assert root.get("aria-label") == f"The Bolotomus - {edition.replace('-', ' ')}"
    layout = map_layout(edition)
    for name, group in organ_groups(root).items():
        hit = group.find(f"{SVG}rect[@class='hit']")
        x, y, _, _ = layout.box(name)
        assert (float(hit.get("x")), float(hit.get("y"))) == pytest.approx((x, y), abs=0.01), name
    assert len(root.findall(f".//{SVG}g[@class='organ']")) == len(load(edition).organs)
