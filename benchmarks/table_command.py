"""CPU time of the table commands, as a user's machine runs them, paired against `python -c "import click"`.

A user's machine has a non-editable install and cached bytecode, so this script builds the wheel into a fresh
virtual environment (or takes one with --python) and keeps PYTHONDONTWRITEBYTECODE unset. Each command runs
interleaved with `import click` so a busy machine slows both alike; the figure is the median CPU time (user +
system, from the child's rusage). A command that changes the game is undone (untimed) after each run.

Goals: sssnake flip, sssnake status, sssnake move (a digital sheet's), snits status, snits move each <= 1.3x
`import click`; snits status on a
2,000-action game <= 1.1x the same command on a new game; no printing library imported by a table command.
With --lang de the commands speak German (LANGUAGE=de, as a German locale would ask): the catalog's load counts.
Run: python benchmarks/table_command.py [--runs N] [--python PATH/TO/VENV/bin/python] [--lang de]
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRINTING = ("reportlab", "svgwrite", "qrcode", "PIL", "zxingcpp")
LONG_GAME = 2000  # actions in the long Snits game

# Run inside the benchmarked interpreter: saves the games the commands work on, through the companion's own API.
SETUP = r"""
import sys
from companion.shared import session
from companion.snits.autoplay import play

names = ["Ann", "Bob", "Cid", "Dee"]
session.create("sssnake", {"players": names, "landscape": "am-fluss", "seed": 11})
for _ in names:
    session.act("sssnake", None, {"type": "flip"})
for _ in range(5):
    session.act("sssnake", None, {"type": "flip"})
    for name in names:
        session.act("sssnake", None, {"type": "report", "player": name})
setup = {"seed": 5, "players": 1, "variants": {}}
session.create("snits", setup)  # snits-1: a new game
seed = 1
while len((game := play({**setup, "seed": seed}, seed)).log) < LONG:
    seed += 1
long_id, _ = session.create("snits", {**setup, "seed": seed})  # snits-2: the long game
for action, _ in game.log[:LONG]:
    session.act("snits", long_id, action)
try:  # a digital sheet (companions from issue 12 on): Ann's game waits for her move, whose path is printed
    import random
    from companion.sssnake.paths import sample

    digital, _ = session.create("sssnake", {"players": ["Ann", "Bob"], "digital": ["Ann"], "seed": 5})
    for _ in range(3):
        session.act("sssnake", digital, {"type": "flip"})
    path = sample(session.current("sssnake", digital)[1], 0, random.Random(1))["path"].replace(" ", "")
except ImportError:
    digital, path = "-", "-"
print(digital, path, long_id)
"""

PROBE = r"""
import sys
from companion.cli.main import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print("loaded:" + ",".join(m for m in PRINTING if m in sys.modules))
"""


def installed_python(work: str) -> str:
    """A fresh venv with the wheel built from this checkout, installed as `pip install .` would."""
    venv = os.path.join(work, "venv")
    subprocess.run([sys.executable, "-m", "venv", venv], check=True)
    python = os.path.join(venv, "bin", "python")
    subprocess.run([python, "-m", "pip", "install", "--quiet", str(ROOT)], check=True)
    return python


def check_installed(python: str) -> None:
    """Refuse an editable install: it pays for an import finder a user's install does not have."""
    where = subprocess.run([python, "-c", "import companion, os; print(os.path.dirname(companion.__file__))"],
                           capture_output=True, text=True, check=True, cwd="/").stdout.strip()
    if "site-packages" not in where:
        sys.exit(f"error: {python} imports companion from {where}; give a venv with `pip install .` (not -e)")


def cpu(command: list[str], env: dict, cwd: str) -> float:
    """CPU seconds (user + system) the command's process used."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, env=env, cwd=cwd, check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--python", help="a venv's python with companion installed (not editable)")
    parser.add_argument("--lang", choices=("en", "de"), default="en", help="the language the commands speak")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        python = args.python or installed_python(work)
        check_installed(python)
        home = os.path.join(work, "home")
        drop = ("PYTHONDONTWRITEBYTECODE", "COMPANION_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES")
        env = {k: v for k, v in os.environ.items() if k not in drop}
        env.update(COMPANION_HOME=home, XDG_CACHE_HOME=os.path.join(work, "cache"), LANGUAGE=args.lang,
                   LANG="de_DE.UTF-8" if args.lang == "de" else env.get("LANG", "C.UTF-8"))
        setup = SETUP.replace("LONG", str(LONG_GAME))
        digital, path, long_id = subprocess.run([python, "-c", setup], env=env, cwd=work, check=True,
                                                capture_output=True, text=True).stdout.split()[-3:]
        companion = [os.path.join(os.path.dirname(python), "companion")]  # the console script a user runs
        commands = {
            "python -c 'import click'": ([python, "-c", "import click"], None),
            "companion sssnake flip": ([*companion, "sssnake", "flip", "--game", "sssnake-1"],
                                       [*companion, "sssnake", "undo", "--game", "sssnake-1"]),
            "companion sssnake status": ([*companion, "sssnake", "status", "--game", "sssnake-1"], None),
            "companion snits status": ([*companion, "snits", "status", "--game", "snits-1"], None),
            "companion snits move": ([*companion, "snits", "move", "Zipwick", "Glut", "--game", "snits-1"],
                                     [*companion, "snits", "undo", "--game", "snits-1"]),
            f"snits status, {LONG_GAME} actions": ([*companion, "snits", "status", "--game", long_id], None),
        }
        if digital != "-":
            commands["companion sssnake move (digital)"] = (
                [*companion, "sssnake", "move", "Ann", path, "--game", digital],
                [*companion, "sssnake", "undo", "--game", digital])
        times: dict[str, list[float]] = {name: [] for name in commands}
        for run in range(args.runs + 1):  # the first round writes the bytecode and data caches
            for name, (command, undo) in commands.items():
                spent = cpu(command, env, work)
                if run:
                    times[name].append(spent)
                if undo:
                    subprocess.run(undo, env=env, cwd=work, check=True, capture_output=True)
        loaded = {}
        probes = [("sssnake flip", ["sssnake", "flip", "--game", "sssnake-1"]), ("snits status", ["snits", "status"])]
        if digital != "-":
            probes.append(("sssnake move", ["sssnake", "move", "Ann", path, "--game", digital]))
        for name, args_ in probes:
            out = subprocess.run([python, "-c", PROBE.replace("PRINTING", repr(PRINTING)), *args_], env=env,
                                 cwd=work, capture_output=True, text=True, check=True).stdout
            loaded[name] = out[out.rindex("loaded:") + len("loaded:"):].strip() or "none"
    median = {name: statistics.median(spent) for name, spent in times.items()}
    click_cpu = median["python -c 'import click'"]
    print(f"median CPU time of {args.runs} runs each, non-editable install, bytecode cached, language {args.lang}")
    for name, spent in median.items():
        print(f"{name:<34} {spent * 1000:7.1f} ms  {spent / click_cpu:5.2f}x import click")
    new, long_ = median["companion snits status"], median[f"snits status, {LONG_GAME} actions"]
    print(f"snits status, {LONG_GAME} actions vs a new game: {long_ / new:.2f}x (goal <= 1.1x)")
    print("goal: each table command <= 1.3x import click")
    for name, modules in loaded.items():
        print(f"printing libraries imported by {name}: {modules}")


if __name__ == "__main__":
    main()
