"""Writing an output whole or not at all, for every layer that writes one (printables, QR images)."""
from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path


def write_atomically(path, write: Callable[[Path], None]) -> None:
    """`write(tmp)` into a temporary sibling, then rename it over `path`: a failure leaves the old output whole."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{path.name}.", dir=path.parent))
    try:
        target = tmp / "out"
        write(target)
        if path.is_dir():
            os.replace(path, tmp / "old")
        os.replace(target, path)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
