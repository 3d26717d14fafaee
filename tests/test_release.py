"""What the release promises: every install line in the README and docs installs this project (`companion` on the
package index is somebody else's), and --version names the rules and format versions (issue 24)."""

import re
import tomllib
from pathlib import Path

from companion.snits.game import SnitsEngine
from companion.sssnake import daily
from companion.sssnake.game import SssnakeEngine
from companion.store import schema as store_schema
from companion.tokens import game_token as token
from companion.tokens import sheet_token

ROOT = Path(__file__).resolve().parent.parent
NAME = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["name"]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]  # CHANGELOG.md keeps history as it was
# pip install [options] TARGET..., pipx install TARGET, uv pip install / uv tool install TARGET; a target may
# continue on the next line of a wrapped paragraph
INSTALL = re.compile(r"\b(?:uv\s+)?(?:pip|pipx|tool)\s+install\b((?:\s+-\S+)*)\s+([^\s`;&|)]+)")
LOCAL = re.compile(r"^['\"]?(?:\.|\./\S*|/\S*|\S+\.whl|\S+\.tar\.gz|\$\S+)(?:\[[\w,-]+\])?['\"]?$")


def targets(text):
    joined = re.sub(r"\s*\n\s*", " ", text)  # a wrapped line goes on where it broke
    for match in INSTALL.finditer(joined):
        yield match.group(2)


def test_every_install_line_names_this_project():
    wrong = []
    for doc in DOCS:
        if not doc.exists():
            continue
        for target in targets(doc.read_text(encoding="utf-8")):
            bare = target.strip("'\"")
            if LOCAL.match(target) or re.fullmatch(rf"{re.escape(NAME)}(\[[\w,-]+\])?(==\S+)?", bare):
                continue
            wrong.append(f"{doc.relative_to(ROOT)}: pip install {target}")
    assert not wrong, f"install lines that name another project than {NAME}:\n" + "\n".join(wrong)


def test_the_check_finds_what_it_must():
    text = "an extra (`pip install\n  'companion[png]'`), or `pip install -q -e '.[test]'`, or pipx install ."
    assert list(targets(text)) == ["'companion[png]'", "'.[test]'", "."]


def test_the_name_on_the_index_is_not_the_import_name():
    assert NAME != "companion" and "companion" in NAME


def test_version_names_the_rules_and_formats(cli):
    out = cli("--version").output
    assert out.startswith("companion, version ")
    assert f"Sssnake {SssnakeEngine.version}" in out and f"Snits' Revenge {SnitsEngine.version}" in out
    assert f"store {store_schema.VERSION}" in out and f"{token.FORMAT}{token.VERSION}" in out
    assert sheet_token.PREFIX[:3] in out
    assert f"daily result token {daily.PREFIX[:3]}" in out

