"""Layers: the rules import no CLI, store or printing library; a table command imports no printing library."""
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PRINTING = ["reportlab", "svgwrite", "qrcode", "PIL", "zxingcpp"]


def loaded_after(code: str, home: Path) -> set[str]:
    probe = f"import sys\n{code}\nprint('loaded:' + ' '.join(sorted(sys.modules)))"
    env = dict(os.environ, PYTHONPATH=str(ROOT), COMPANION_HOME=str(home))
    out = subprocess.run([sys.executable, "-c", probe], env=env, cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout
    return set(out[out.rindex("loaded:") + 7:].split())


def test_rules_import_no_click_sqlite_or_printing(home):
    loaded = loaded_after("import companion.sssnake.game", home)
    assert not {"click", "sqlite3", *PRINTING} & loaded


def test_table_command_imports_no_printing_library(home):
    run = ("import runpy\nsys.argv = ['companion', 'sssnake', 'new', '--players', 'Ann', '--seed', '1']\n"
           "try:\n    runpy.run_module('companion', run_name='__main__')\nexcept SystemExit:\n    pass\n"
           "sys.argv = ['companion', 'sssnake', 'flip']\n"
           "try:\n    runpy.run_module('companion', run_name='__main__')\nexcept SystemExit:\n    pass")
    loaded = loaded_after(run, home)
    assert "companion.sssnake.game" in loaded and not set(PRINTING) & loaded


def test_status_and_a_flip_import_no_random(home):
    """Chance is explicit: only what rolls (a new game, a reshuffle, Moulting) imports random (engine.chance)."""
    start = "from companion.shared import session\nsession.create('sssnake', {'players': ['Ann', 'Bob'], 'seed': 1})"
    loaded_after(start, home)
    for command in ("status", "flip"):
        run = (f"from companion.cli.main import main\ntry:\n    main(['sssnake', '{command}'])\nexcept SystemExit:\n    pass")
        assert "random" not in loaded_after(run, home), command
