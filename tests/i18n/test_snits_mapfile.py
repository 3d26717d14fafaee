"""A player's own map file in German: `snits new --map FILE` refuses a broken file in one German `error:` line that
still names the file and its line (Zeile) and keeps the TOML's keys and tables as the file must spell them; the
English is unchanged, and a saved game's damaged map names its entry (its place in the list) in German too."""
import pytest

from companion.snits import mapfile
from tests.snits.test_own_map import BOXED, boxed

BROKEN = [
    ("orifice = 1\n", "orifices = 1\n",
     "unbekannter Schlüssel 'orifices' in [[organ]]; erlaubt sind: name, short, orifice, smash, snorg, smasher, "
     "compositor, x, y",
     "unknown key 'orifices' in [[organ]]; its keys: name, short, orifice, smash, snorg, smasher, compositor, x, y"),
    ('name = "Gizzard"', 'name = "glut"', "zwei Organe heißen 'glut'", "two organs are called 'glut'"),
    ('between = ["Glut", "Gizzard"]\nkind = "canal"', 'between = ["Glut", "Gizzard"]\nkind = "chanel"',
     'kind ist "channel" (Gang), "canal" (Kanal) oder "red" (roter Kanal)', "kind is channel, canal or red"),
]


def broken(tmp_path, old: str, new: str):
    """The test map with one edit, and the line the edit changed (as tests/snits/test_own_map.py counts it)."""
    path, line = boxed(tmp_path, old, new)
    return path, line + next(i for i, part in enumerate(new.split("\n")) if part not in old.split("\n"))


@pytest.mark.parametrize("old, new, german_text, english", BROKEN)
def test_a_broken_map_is_refused_in_one_german_line_naming_its_line(cli, german, tmp_path, old, new, german_text,
                                                                     english):
    path, line = broken(tmp_path, old, new)
    r = cli("snits", "new", "--map", path)
    assert r.exit_code == 1 and r.output == f"error: boxed.toml Zeile {line}: {german_text}\n"
    assert "keine gespeicherte Partie snits" in cli("snits", "status").output


@pytest.mark.parametrize("old, new, german_text, english", BROKEN)
def test_the_same_map_is_refused_in_english_unchanged(cli, tmp_path, old, new, german_text, english):
    path, line = broken(tmp_path, old, new)
    assert cli("snits", "new", "--map", path).output == f"error: boxed.toml line {line}: {english}\n"


def test_a_fault_of_the_whole_map_lists_the_organs_in_german(cli, german, tmp_path):
    path, _ = boxed(tmp_path, 'name = "Gizzard"\n', 'name = "Gizzard"\nsnorg = false\n')
    assert cli("snits", "new", "--map", path).output == (
        "error: boxed.toml Zeile 72: genau ein Organ, das Lapotum, hat snorg = false (sein Snorg ist auf den "
        "Spielplan gedruckt), nicht 2 (Lapotum und Gizzard)\n")


def test_an_unused_organ_is_a_german_warning(cli, german, tmp_path):
    path = tmp_path / "boxed.toml"
    path.write_text(BOXED.read_text() + '\n[[organ]]\nname = "Nook"\nx = 50\ny = 30\n')
    r = cli("snits", "new", "--map", path)
    assert r.exit_code == 0
    assert r.stderr.splitlines() == ["warning: boxed.toml: Nook hat keine [[passage]]: nichts kann hinein oder heraus"]


def test_a_saved_games_damaged_map_names_its_entry_in_german(german):
    data = {"name": "x.toml", "organ": [{"name": "A", "x": 1, "y": 1}, {"name": "B", "x": 1, "y": 1, "bad": 1}]}
    with pytest.raises(mapfile.MapError, match=r"^der Spielplan 'x.toml' der Partie, \[\[organ\]\] Nr. 2: "
                                               r"unbekannter Schlüssel 'bad' in \[\[organ\]\]"):
        mapfile.from_data(data)
