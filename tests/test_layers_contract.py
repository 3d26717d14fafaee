"""The layers (issue 23) as import-linter checks them: the contracts in pyproject.toml's [tool.importlinter].

import-linter reads the package from its folders, and the repository keeps sheets/ and templates/ beside companion/
(installed beneath it), so the check runs on a copy laid out as installed: companion/ with sheets/ and templates/
inside."""
import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def lint_imports() -> list[str]:
    here = Path(sys.executable).parent / "lint-imports"
    return [str(here)] if here.exists() else [shutil.which("lint-imports") or "lint-imports"]


def test_the_layers_keep_their_contracts(tmp_path):
    if importlib.util.find_spec("importlinter") is None:
        pytest.skip("import-linter is not installed (it is in the test extra: pip install -e '.[test]')")
    skip = shutil.ignore_patterns("__pycache__", "static")
    shutil.copytree(ROOT / "companion", tmp_path / "companion", ignore=skip)
    shutil.copytree(ROOT / "sheets", tmp_path / "companion" / "sheets", ignore=skip)
    shutil.copytree(ROOT / "templates", tmp_path / "companion" / "templates", ignore=skip)
    # cwd: lint-imports puts it first on sys.path, so the copy is the `companion` it reads
    done = subprocess.run([*lint_imports(), "--no-cache", str(ROOT / "pyproject.toml")], cwd=tmp_path,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
