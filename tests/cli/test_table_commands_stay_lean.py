"""Table commands stay fast: the history, charts, completion and saved-game management load only when used."""
from tests.sssnake.test_layers import loaded_after

LATER = {"companion.store.history", "companion.cli.history", "companion.cli.completion", "companion.cli.games",
         "companion.sheets.chart"}


def after(commands: list[list[str]], home) -> set[str]:
    """The modules loaded once `companion` has run these commands one after another, in one process."""
    runs = "".join(f"try:\n    main({c!r})\nexcept SystemExit:\n    pass\n" for c in commands)
    return loaded_after(f"from companion.cli.main import main\n{runs}", home)


def test_sssnake_flip_and_status(home):
    loaded = after([["sssnake", "new", "--players", "Ann,Bob", "--seed", "1"], ["sssnake", "flip"],
                    ["sssnake", "status"]], home)
    assert "companion.sssnake.game" in loaded and not LATER & loaded


def test_snits_status_and_move(home):
    loaded = after([["snits", "new", "--seed", "1"], ["snits", "status"], ["snits", "move", "Zipwick", "Glut"]],
                   home)
    assert "companion.snits.game" in loaded and not LATER & loaded


def test_a_typed_record_loads_no_photo_reader(home):
    """`record --photo` reads images (numpy, the `scan` extra); `record` typed loads none of it."""
    loaded = after([["sssnake", "record", "--landscape", "fjord", "--length", "20"], ["sssnake", "history"]], home)
    assert "companion.shared.sssnake.paper" in loaded
    assert not {"numpy", "companion.scan", "companion.cli.sssnake.photo"} & loaded
