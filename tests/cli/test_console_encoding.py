"""A console that cannot print a character (cp1252 has no arrow, ASCII no accent) gets a stand-in, never a traceback."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# every command's output that may hold an arrow, a middle dot, a dash, a name's accents, or the QR code's blocks
COMMANDS = [["--help"], ["sssnake", "--help"], ["snits", "--help"], ["print", "--help"], ["qr", "--help"],
            ["sssnake", "new", "--players", "Dvořák,Zoë,Ann", "--seed", "7"], *[["sssnake", "flip"]] * 4,
            ["sssnake", "report", "Dvořák", "--fresh", "1"], ["sssnake", "status"], ["sssnake", "score"],
            ["sssnake", "log"], ["sssnake", "deck"], ["snits", "new", "--seed", "1"],
            ["snits", "move", "Zipwick", "Glut"], ["snits", "status"], ["snits", "map"], ["snits", "odds"],
            ["snits", "done"], ["games"], ["token"], ["qr"]]
# runs every command in one process whose console has the encoding under test; records the exit codes
DRIVER = """
import json, sys
from companion.cli.main import main
codes = []
for args in json.loads(sys.argv[1]):
    try:
        main(args)
    except SystemExit as exc:
        codes.append(exc.code)
json.dump(codes, open(sys.argv[2], "w"))
"""


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
def test_every_output_degrades_on_a_narrow_console(home, tmp_path, encoding):
    env = dict(os.environ, COMPANION_HOME=str(home), PYTHONIOENCODING=encoding)
    result = subprocess.run([sys.executable, "-c", DRIVER, json.dumps(COMMANDS), str(tmp_path / "codes.json")],
                            cwd=ROOT, env=env, capture_output=True)
    err = result.stderr.decode(encoding, "replace")
    assert result.returncode == 0, err
    codes = json.loads((tmp_path / "codes.json").read_text())
    assert codes == [0] * (len(COMMANDS) - 1) + [1], err
    assert err == (f"error: this console's encoding ({encoding}) has no block characters to draw a QR code; "
                   "use --format png (or pdf) and open the file, or set PYTHONIOENCODING=utf-8\n")
    if encoding == "cp1252":  # (click itself writes UTF-8 to a console that says it is ASCII)
        out = result.stdout.decode("cp1252")
        assert "Zipwick: outside -> Glut" in out and "Turn 1 \u00b7 1. Move Snits" in out
        assert "Dvorák" in out and "Zoë" in out and "\u2192" not in out
