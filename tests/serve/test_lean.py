"""The serve extra stays out of the table commands: no starlette, no uvicorn, no companion.serve unless `serve`."""
from tests.cli.test_table_commands_stay_lean import after

SERVING = {"starlette", "uvicorn", "anyio", "companion.serve", "companion.cli.serve"}


def test_table_commands_import_no_web_library(home):
    loaded = after([["sssnake", "new", "--players", "Ann,Bob", "--seed", "1"], ["sssnake", "flip"],
                    ["sssnake", "status"], ["snits", "new", "--seed", "1"], ["snits", "status"],
                    ["snits", "move", "Zipwick", "Glut"], ["games"], ["--help"]], home)
    assert "companion.sssnake.game" in loaded and not SERVING & loaded


def test_keys_need_no_web_library(home):
    from tests.sssnake.test_layers import loaded_after

    assert not SERVING - {"companion.serve"} & loaded_after("import companion.serve.keys", home)
