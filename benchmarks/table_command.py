"""Time `companion sssnake flip` as a whole process on a saved mid-game, against `python -c "import click"`.

Goal: at most 1.5x, which holds only while a table command imports no printing library.
Run: python benchmarks/table_command.py [--runs N]
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRINTING = ("reportlab", "svgwrite", "qrcode", "PIL", "zxingcpp")


def companion(home: str, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, COMPANION_HOME=home, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "companion", "sssnake", *args], env=env, cwd=ROOT,
                          capture_output=True, text=True, check=True)


def mid_game(home: str) -> None:
    """Four players, the cave round and five full rounds played: a flip then has a real log to replay."""
    names = ["Ann", "Bob", "Cid", "Dee"]
    companion(home, "new", "--players", ",".join(names), "--landscape", "am-fluss", "--seed", "11")
    for _ in names:
        companion(home, "flip")
    for _ in range(5):
        companion(home, "flip")
        for name in names:
            companion(home, "report", name)


def timed(command: list[str], env: dict) -> float:
    start = time.perf_counter()
    subprocess.run(command, env=env, cwd=ROOT, check=True, capture_output=True)
    return time.perf_counter() - start


def interleaved(runs: int, commands: dict[str, list[str]], env: dict, after: dict[str, list[str]]) -> dict:
    """The fastest of `runs` timings of each command, taken in turn so a busy machine slows all alike;
    `after[name]` runs untimed after a command (the undo that puts the game back)."""
    best = {name: float("inf") for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            best[name] = min(best[name], timed(command, env))
            if name in after:
                timed(after[name], env)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as home:
        mid_game(home)
        env = dict(os.environ, COMPANION_HOME=home, PYTHONPATH=str(ROOT))
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # time what a user's machine runs: cached bytecode
        # what the installed `companion` console script runs: import main and call it (no runpy)
        script = "import sys; from companion.cli import main; sys.exit(main())"
        flip = [sys.executable, "-c", script, "sssnake", "flip"]
        undo = [sys.executable, "-c", script, "sssnake", "undo"]
        commands = {"click": [sys.executable, "-c", "import click"],
                    "floor": [sys.executable, "-c", "import companion.cli, companion.session"], "flip": flip}
        interleaved(1, commands, env, {"flip": undo})  # warm-up: writes the bytecode caches
        best = interleaved(runs, commands, env, {"flip": undo})
        click_only, floor, table = best["click"], best["floor"], best["flip"]
        probe = "import sys, runpy; sys.argv = ['companion', 'sssnake', 'deck']\n" \
                "try:\n    runpy.run_module('companion', run_name='__main__')\nexcept SystemExit:\n    pass\n" \
                f"print('loaded:' + ','.join(m for m in {PRINTING!r} if m in sys.modules))"
        out = subprocess.run([sys.executable, "-c", probe], env=env, cwd=ROOT, capture_output=True,
                             text=True, check=True).stdout
        loaded = out[out.rindex("loaded:") + len("loaded:"):].strip()
    print(f"python -c 'import click'     {click_only * 1000:7.1f} ms (best of {runs})")
    print(f"import the shared CLI+store  {floor * 1000:7.1f} ms (companion.cli + companion.session, no game)")
    print(f"companion sssnake flip       {table * 1000:7.1f} ms (best of {runs}, mid-game, 4 players)")
    print(f"ratio                        {table / click_only:7.2f}x (goal <= 1.5x)")
    print(f"printing libraries imported: {loaded or 'none'}")


if __name__ == "__main__":
    main()
