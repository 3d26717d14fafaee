"""The app in a process of its own, for the serve benchmarks (run as scripts: `python benchmarks/serve_*.py`)."""
from __future__ import annotations

import subprocess
import sys

KEY = bytes(range(32))
SERVER = """
import sys
from companion.serve.app import make_app
from companion.serve.run import serving
with serving(make_app(bytes.fromhex(sys.argv[1]), warm=True)) as base:  # as `companion serve` makes it
    print(base, flush=True)
    sys.stdin.read()  # until the benchmark closes it
"""


def start_server(key: bytes = KEY) -> tuple[subprocess.Popen, str]:
    """The app in its own process over this process' COMPANION_HOME; returns (process, base URL)."""
    process = subprocess.Popen([sys.executable, "-c", SERVER, key.hex()], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True)
    base = process.stdout.readline().strip()
    if not base.startswith("http"):
        process.kill()
        sys.exit("the server did not start (is the serve extra installed? pip install -e '.[serve]')")
    return process, base.rstrip("/")


def stop_server(process: subprocess.Popen) -> None:
    """Close its stdin (it stops serving) and wait; kill it if it will not go."""
    process.stdin.close()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
