"""Layers: the rules are pure Python; table commands never import printing code."""
import subprocess
import sys

RULES = ["companion.snits." + m for m in ("game", "autoplay", "odds", "sparkfight")] + ["companion.shared.snits.text",
                                                                                  "companion.shared.snits.map_text"]


def imported_after(code: str) -> set[str]:
    out = subprocess.run([sys.executable, "-c", code + "\nimport sys\nprint(' '.join(sys.modules))"],
                         capture_output=True, text=True, check=True).stdout
    return {name.split(".")[0] for name in out.split()}


def test_rules_import_no_click_sqlite_or_printing():
    mods = imported_after("\n".join(f"import {m}" for m in RULES))
    assert mods.isdisjoint({"click", "sqlite3", "reportlab", "svgwrite", "qrcode", "PIL"})


def test_table_commands_import_no_printing_code():
    code = ("from click.testing import CliRunner\nfrom companion.cli.main import main\n"
            "result = CliRunner().invoke(main, ['snits', 'odds'])\n"
            "assert result.exit_code == 0, result.output")  # a command that failed early proves nothing
    assert imported_after(code).isdisjoint({"reportlab", "svgwrite", "qrcode", "PIL"})


def test_rules_use_no_clock_files_or_global_random():
    import pathlib

    import companion.snits

    for path in pathlib.Path(companion.snits.__file__).parent.glob("*.py"):
        text = path.read_text()
        for banned in ("import time", "datetime", "open(", "random.random(", "random.randint(", "random.choice(",
                       "import secrets", ".write_"):
            assert banned not in text, f"{path} uses {banned}"
