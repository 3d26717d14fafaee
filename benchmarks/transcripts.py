"""Golden transcripts: a seeded game typed at the command line in German, every command with what it printed, so a
change in what a German player reads (a lost translation, a wrong word) shows in review.

Run from the repository root: python -m benchmarks.transcripts (rewrites tests/golden/de/*.txt; review the diff).
tests/test_golden.py types each transcript's commands again under LANGUAGE=de and compares.
"""
from __future__ import annotations

import os
import shlex
import tempfile
from pathlib import Path

FOLDER = Path(__file__).resolve().parent.parent / "tests" / "golden" / "de"
COMMAND = "python -m benchmarks.transcripts"

TRANSCRIPTS = {  # file name (without .txt) -> the commands, as typed after `companion`
    "sssnake": [
        "sssnake new --players Anna,Ben,Carla --landscape am-fluss --seed 7",
        "sssnake flip", "sssnake flip", "sssnake flip",
        "sssnake flip",
        "sssnake round 'Anna 2 Ben 0 Carla 1 schnee'",
        "sssnake round 'Anna 2 Ben 0 Carla raus'",
        "sssnake status",
        "sssnake take Anna 99",
        "sssnake deck",
        "sssnake score",
        "sssnake undo",
        "sssnake log",
        "sssnake card 12",
        "sssnake rules scoring",
        "sssnake new --players Anna,schnee",
    ],
    "snits": [
        "snits new --seed 3",
        "snits move Zipwick Glut",
        "snits move Zipwick Lapotum",
        "snits enter Nimbo Fleotis",
        "snits done",
        "snits status",
        "snits log",
        "snits rules",
    ],
}


def transcript(name: str) -> list[str]:
    """Type the transcript's commands in German in a fresh data folder: each as `$ companion ...`, then its output
    (stdout and stderr) and its exit code when not 0."""
    from click.testing import CliRunner

    from companion.cli.main import main
    from companion.core import language

    lines = []
    with tempfile.TemporaryDirectory() as home:
        env = {"COMPANION_HOME": home, "LANGUAGE": "de", "LANG": "de_DE.UTF-8", "COMPANION_LANG": ""}
        runner = CliRunner(env=env)
        token = language.use("de")
        try:
            for typed in TRANSCRIPTS[name]:
                result = runner.invoke(main, shlex.split(typed), catch_exceptions=False)
                lines.append(f"$ companion {typed}")
                lines.extend(result.output.rstrip("\n").splitlines())
                if result.exit_code:
                    lines.append(f"(exit {result.exit_code})")
        finally:
            language.restore(token)
    return [line.replace(home, "HOME") for line in lines]


def path(name: str) -> Path:
    return FOLDER / f"{name}.txt"


def main() -> None:
    """Rewrite every transcript from today's companion."""
    FOLDER.mkdir(parents=True, exist_ok=True)
    for name in TRANSCRIPTS:
        header = f"# {name} in German (LANGUAGE=de); regenerate: {COMMAND}"
        path(name).write_text("\n".join([header, *transcript(name)]) + "\n", encoding="utf-8")
        print(f"wrote {path(name)}")


if __name__ == "__main__":
    os.environ.pop("COMPANION_LANG", None)
    main()
