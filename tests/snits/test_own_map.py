"""The boxed game's own map (`new --map FILE.toml`, the format of templates/snits/bolotomus.toml): checked with one-line
errors naming the line, and the game played, shown, saved, resumed, undone and printed on that map wherever it goes."""
import itertools
import json
import pathlib

import pytest

from companion.core import edition_data
from companion.core.engine import BadState
from companion.sheets.layout import LayoutError
from companion.sheets.map_layout import auto_layout
from companion.snits import bolotomus, mapfile
from companion.snits.game import ENGINE
from tests.sheets.readers import svg_texts

BOXED = pathlib.Path(__file__).parent / "data" / "boxed.toml"
ORGANS = ("Antephellum", "Glut", "Fleotis", "Lapotum", "Eye", "Prolobosinator", "Forebosinator", "Left Compositor",
          "Deep Compositor", "Right Compositor", "Gizzard")


def boxed(tmp_path, old="", new="", count=1):
    """A copy of the test map with one edit; returns (its path, the line number where the edit landed)."""
    text = BOXED.read_text()
    assert old in text
    text = text.replace(old, new, count)
    path = tmp_path / "boxed.toml"
    path.write_text(text)
    line = text[:text.index(new)].count("\n") + 1 if new else 0
    return path, line


@pytest.mark.parametrize("edition", bolotomus.EDITIONS)
def test_the_editions_own_maps_pass_the_checks_a_players_map_must(edition):
    board = mapfile.parse(pathlib.Path(edition_data.template("snits", f"map-{edition}.toml")).read_bytes(), "b.toml")
    assert board.organs == bolotomus.load(edition).organs and board.passages == bolotomus.load(edition).passages


@pytest.mark.parametrize("old, new, message", [
    ('between = ["Glut", "Gizzard"]\nkind = "canal"', 'between = ["Glut", "Gizzard"]\nkind = "chanel"',
     "kind is channel, canal or red"),
    ('between = ["Glut", "Gizzard"]', 'between = ["Glut", "Gizard"]', "no organ called 'Gizard'"),
    ('orifice = 1\n', 'orifices = 1\n', "unknown key 'orifices' in [[organ]]; its keys: name, short, orifice"),
    ('name = "Gizzard"', 'name = "glut"', "two organs are called 'glut'"),
    ('short = "Antephel"', 'short = "Antephellum"', "short, the name on the terminal sketch, is 1 to 8 characters"),
    ('x = 65\ny = 70', 'x = 165\ny = 70', "Gizzard needs x, its place on the map in percent"),
    ('between = ["Eye", "Lapotum"]\nkind = "red"', 'between = ["Eye", "Lapotum"]\nkind = "canal"',
     "the Lapotum is reached only by red canals"),
    ('between = ["Glut", "Eye"]', 'between = ["Eye", "Glut"]', "a second passage between the Eye and the Glut"),
    ('orifice = 2\nx = 10', 'orifice = 2\nsmash = "yes"\nx = 10', "smash is true or false"),
])
def test_a_map_the_rules_cannot_play_on_is_one_line_naming_its_line(cli, tmp_path, old, new, message):
    """Every check names the file and the line to fix; nothing is saved."""
    if "Eye\", \"Glut" in new:  # a second passage: the edit adds one rather than changing one
        path, line = boxed(tmp_path, '[[passage]]\nbetween = ["Glut", "Gizzard"]',
                           f'[[passage]]\n{new}\nkind = "canal"\n\n[[passage]]\nbetween = ["Glut", "Gizzard"]')
        line += 1  # the header's next line: the new passage's between
    else:
        path, line = boxed(tmp_path, old, new)
        line += next(i for i, part in enumerate(new.split("\n")) if part not in old.split("\n"))
    r = cli("snits", "new", "--map", path)
    assert r.exit_code == 1 and r.output.startswith(f"error: boxed.toml line {line}: {message}")
    assert r.output.count("\n") == 1
    assert "no saved snits game" in cli("snits", "status").output


@pytest.mark.parametrize("old, new, message", [
    ("snorg = false\n", "", "boxed.toml: exactly one organ, the Lapotum, has snorg = false"),
    ("smasher = true\n", "", "boxed.toml line 20: a smash orifice (the Fleotis) needs two smashers (the Eye and the "
     "Prolobosinator: smasher = true), not 1 (the Prolobosinator)"),
    ('name = "Gizzard"\n', 'name = "Gizzard"\nsnorg = false\n', "boxed.toml line 72: exactly one organ, the "
     "Lapotum, has snorg = false (its Snorg is printed on the map), not 2 (the Lapotum and the Gizzard)"),
    ("x = 10\ny = 90", "x = \ny = 90", "boxed.toml: not valid TOML (Invalid value (at line "),
])
def test_a_fault_of_the_whole_map_names_the_file(cli, tmp_path, old, new, message):
    path, _ = boxed(tmp_path, old, new)
    r = cli("snits", "new", "--map", path)
    assert r.exit_code == 1 and r.output.startswith(f"error: {message}") and r.output.count("\n") == 1


def test_an_organ_with_no_passage_or_out_of_everyones_reach_is_a_warning(cli, tmp_path):
    """Organs a game never uses (none joined to it; two joined only to each other) are warned about on stderr by
    `new --map` and `print map --map`; the game still starts."""
    path = tmp_path / "boxed.toml"
    path.write_text(BOXED.read_text() + "".join(f'\n[[organ]]\nname = "{name}"\nx = 50\ny = 30\n'
                                                for name in ("Appendix", "Pocket", "Nook"))
                    + '\n[[passage]]\nbetween = ["Pocket", "Nook"]\nkind = "canal"\n')
    warned = ["warning: boxed.toml: the Appendix has no [[passage]]: nothing can move in or out",
              *(f"warning: boxed.toml: neither side can reach the {name}: no passage leads there from an orifice "
                "(the Snits) or from a Compositor or the Lapotum (the thingies)" for name in ("Pocket", "Nook"))]
    r = cli("snits", "new", "--map", path)
    assert r.exit_code == 0 and r.stderr.splitlines() == warned and "warning" not in r.stdout
    r = cli("print", "map", "--map", path, "--format", "svg", "-o", tmp_path / "map.svg")
    assert r.exit_code == 0 and r.stderr.splitlines() == warned
    assert mapfile.warnings(mapfile.parse(BOXED.read_bytes(), "boxed.toml")) == []


def test_a_missing_or_unreadable_map_file_is_one_line(cli, tmp_path):
    r = cli("snits", "new", "--map", tmp_path / "nowhere.toml")
    assert r.exit_code == 1 and r.output.startswith("error: cannot read the map ") and r.output.count("\n") == 1
    (tmp_path / "latin1.toml").write_bytes("name = \"Gl\xfct\"".encode("latin-1"))
    assert cli("snits", "new", "--map", tmp_path / "latin1.toml").output == \
        "error: latin1.toml: not UTF-8 text; save the map as UTF-8\n"


def test_the_organs_to_win_must_be_organs_the_snits_can_reach(cli):
    """How to Win: nine organs out. A map with ten Snit-reachable organs takes organs_to_win up to ten."""
    r = cli("snits", "new", "--map", BOXED, "--variant", "organs_to_win=11")
    assert r.exit_code == 1 and "can reach 10 organs with a Snorg on this map" in r.output
    assert cli("snits", "new", "--map", BOXED, "--variant", "organs_to_win=10").exit_code == 0


def test_a_game_on_its_own_map_moves_along_that_maps_passages(cli, tmp_path):
    """Movement: one organ along a passage of the game's map (the Glut leads to the Eye here, not on ours)."""
    assert cli("snits", "new", "--seed", 3, "--duty", "Gizzard").exit_code == 1  # no Gizzard on our map
    path, _ = boxed(tmp_path)
    r = cli("snits", "new", "--seed", 3, "--duty", "Gizzard", "--map", path, "--remove", "Grubnik,Zoomer")
    assert r.exit_code == 0 and "map boxed.toml" in r.output and "R1 is in the Gizzard" in r.output
    path.unlink()  # the saved game keeps the map whole: the file is no longer needed
    for command in (("enter", "Zipwick", "Glut"), ("done",), ("done",), ("move", "Zipwick", "Eye")):
        assert cli("snits", *command).exit_code == 0
    view = json.loads(cli("snits", "status", "--json").output)["state"]
    assert view["map"] == "boxed.toml" and [o["name"] for o in view["organs"]] == list(ORGANS)
    assert next(s["at"] for s in view["snits"] if s["name"] == "Zipwick") == "Eye"
    assert "Gizzard" in cli("snits", "map").output and "Wobbulum" not in cli("snits", "map").output
    assert cli("snits", "undo").exit_code == 0 and cli("snits", "redo").exit_code == 0
    cli("snits", "new", "--seed", 3)
    for command in (("enter", "Zipwick", "Glut"), ("done",), ("done",)):
        cli("snits", *command)
    assert "Glut and Eye are not connected" in cli("snits", "move", "Zipwick", "Eye").output


def test_the_token_carries_the_map_so_the_game_resumes_where_the_file_is_not(cli, home, monkeypatch, tmp_path):
    cli("snits", "new", "--seed", 5, "--map", BOXED, "--spark", "--hide-spark", "Gizzard")
    cli("snits", "enter", "Zipwick", "Glut")
    token = cli("token", "--private").output.strip().splitlines()[-1]
    before = json.loads(cli("snits", "status", "--json").output)["state"]
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "elsewhere"))
    assert cli("resume", token).exit_code == 0
    assert json.loads(cli("snits", "status", "--json").output)["state"] == before
    assert cli("snits", "done").exit_code == 0


def test_a_damaged_map_in_a_state_is_refused_in_one_line(cli):
    cli("snits", "new", "--seed", 5, "--map", BOXED)
    from companion.shared import session

    _, state = session.current("snits", None)
    data = ENGINE.to_dict(state)
    assert data["bm"]["name"] == "boxed.toml"
    data["bm"]["passage"][0]["kind"] = "tunnel"
    with pytest.raises(BadState, match=r"^bm \(the game's own map\): the game's map 'boxed.toml' passage 1: kind"):
        ENGINE.from_dict(data)
    assert "bm" not in ENGINE.to_dict(ENGINE.new({"seed": 1})), "the edition's map is never written out"


def test_print_map_lays_a_players_map_out_on_a_grid(tmp_path, monkeypatch, cli):
    """`print map --map FILE`: every organ of that map, each in its own grid cell, clear of the others and the key."""
    monkeypatch.chdir(tmp_path)
    r = cli("print", "map", "--map", BOXED, "--tiles", "1x1", "--format", "svg")
    assert r.exit_code == 0 and r.output.strip() == "wrote output/bolotomus-map-boxed-a4-svg (1 page, 1 file)"
    texts = svg_texts(tmp_path / "output" / "bolotomus-map-boxed-a4-svg" / "bolotomus-map.svg")
    assert "The Bolotomus - boxed.toml" in texts and all(name in texts for name in ORGANS)
    layout = auto_layout(mapfile.parse(BOXED.read_bytes(), "boxed.toml"))
    boxes = [layout.box(name) for name in ORGANS] + [layout.key]
    for (ax, ay, aw, ah), (bx, by, bw, bh) in itertools.combinations(boxes, 2):
        assert ax + aw <= bx or bx + bw <= ax or ay + ah <= by or by + bh <= ay
    assert layout.centres["Fleotis"][0] > layout.centres["Glut"][0] > layout.centres["Antephellum"][0]
    assert cli("print", "map", "--map", tmp_path / "none.toml").output.startswith("error: cannot read the map")


def test_a_map_too_big_for_the_printed_page_is_refused():
    organs = [{"name": f"Organ {i}", "x": 50, "y": 50, "orifice": int(i == 0), "snorg": i != 1} for i in range(26)]
    board = mapfile.build({"organ": organs, "passage": []}, "big.toml", mapfile.Where("big.toml"))
    with pytest.raises(LayoutError, match="has 26 organs; a printed page holds 24"):
        auto_layout(board)


def test_completion_and_stats_read_the_games_own_map(cli):
    """Organ names complete from the game's map, and `stats` counts organs out on it."""
    from tests.cli.test_shell_completion import completions

    cli("snits", "new", "--seed", 4, "--map", BOXED, "--dice", "manual", "--duty", "Lapotum",
        "--variant", "organs_to_win=1")
    assert completions("snits move Zipwick G") == ["Glut", "Gizzard"]
    for command in (("enter", "Zipwick", "Glut"), ("done",), ("kick", "Zipwick", "Snorg", "--roll", 1)):
        assert cli("snits", *command).exit_code == 0
    while "game over" not in cli("snits", "status").output:
        cli("snits", "done")
    assert json.loads(cli("snits", "stats", "--json").output)["organs_out"]["best"] == 1


@pytest.mark.parametrize("text", ["a = " + "[" * 3000 + "]" * 3000, "x = " + "9" * 5000,
                                  "[[organ]]\nname = 'Glut'\nx = " + "1" * 4400 + "\ny = 1\n"])
def test_a_map_too_deep_or_with_a_huge_number_is_one_line(cli, tmp_path, text):
    (tmp_path / "huge.toml").write_text(text)
    r = cli("snits", "new", "--map", tmp_path / "huge.toml")
    assert r.exit_code == 1 and r.output == ("error: huge.toml: not a map: a number or a nesting too large for any "
                                             "map's data\n")


def test_a_fifo_or_a_folder_as_the_map_is_refused_at_once(cli, tmp_path):
    """Only a regular file is read: a named pipe would hang the command until killed."""
    import os
    import signal

    def hung(*_):
        raise TimeoutError("reading the pipe hung")

    os.mkfifo(tmp_path / "pipe.toml")
    signal.signal(signal.SIGALRM, hung)
    signal.alarm(10)  # a broken fix fails here instead of hanging the run
    try:
        r = cli("snits", "new", "--map", tmp_path / "pipe.toml")
    finally:
        signal.alarm(0)
    assert r.exit_code == 1 and "is not a regular file" in r.output and r.output.count("\n") == 1
    r = cli("snits", "new", "--map", tmp_path)
    assert r.exit_code == 1 and r.output.startswith("error: cannot read the map") and r.output.count("\n") == 1


@pytest.mark.parametrize("bad", ["Gl\u200but", "Glut\u202e", "Gl\x07ut", "Gl\nut"])
def test_an_organ_name_with_invisible_or_control_characters_is_refused(cli, tmp_path, bad):
    """A name the terminal would not show as typed (zero-width, bidi, control): refused by the checker, so `status`
    never prints it and the game's own token can always resume it."""
    path, line = boxed(tmp_path, 'name = "Gizzard"', f"name = {json.dumps(bad)}")
    path.write_text(path.read_text().replace('"Gizzard"', json.dumps(bad)))
    r = cli("snits", "new", "--map", path)
    assert r.exit_code == 1 and "control, direction or invisible character" in r.output
