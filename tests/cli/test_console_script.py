"""The installed `companion` script exits without Python's module teardown: same output, same exit codes."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(sys.executable).with_name("companion")
pytestmark = pytest.mark.skipif(not SCRIPT.exists(), reason="needs the installed console script")


def script(*args, home, stdin=None):
    env = dict(os.environ, COMPANION_HOME=str(home))
    return subprocess.run([str(SCRIPT), *args], env=env, capture_output=True, text=True, input=stdin)


def test_output_is_flushed_and_exit_codes_kept(home):
    ok = script("sssnake", "new", "--players", "Ann,Bob", "--seed", "3", home=home)
    assert ok.returncode == 0 and ok.stdout.startswith("New game sssnake-1")
    refused = script("sssnake", "take", "Zed", "1", home=home)
    assert refused.returncode == 1 and refused.stderr.startswith("error: ") and refused.stdout == ""
    assert script("sssnake", "flip", "--nonsense", home=home).returncode == 2
    version = script("--version", home=home)
    assert version.returncode == 0 and version.stdout.startswith("companion, version ")


def test_a_reader_that_goes_away_is_no_traceback(home):
    script("sssnake", "new", "--players", "Ann,Bob", "--seed", "3", home=home)
    env = dict(os.environ, COMPANION_HOME=str(home))
    piped = subprocess.run(f"'{SCRIPT}' sssnake rules | head -c 5", shell=True, env=env, capture_output=True,
                           text=True)
    assert piped.stdout == "topic" and "Traceback" not in piped.stderr
