"""Writing an output whole or not at all, for every layer that writes one (printables, QR images, exports)."""
from __future__ import annotations

import os
import re
import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path


def write_atomically(path, write: Callable[[Path], None]) -> None:
    """`write(tmp)` into a temporary sibling, then rename it over `path`: a failure leaves the old output whole, and a
    kill leaves a folder that names its process, which the next write to `path` removes."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    clear_leftovers(path, time.time())
    tmp = Path(tempfile.mkdtemp(prefix=f".{path.name}.{os.getpid()}.", dir=path.parent))
    try:
        target = tmp / "out"
        write(target)
        if path.is_dir():
            os.replace(path, tmp / "old")
        os.replace(target, path)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def clear_leftovers(path: Path, begun: float) -> None:
    """Remove the temporary folders that killed writes of `path` left beside it (`.NAME.PID.XXXXXXXX`, 8 of mkdtemp's
    letters, its process gone; or an earlier version's `.NAME.XXXXXXXX` older than this write): a kill skips the
    cleanup above. Another name's, a file, a link or a living process's folder is never touched."""
    mine = re.compile(re.escape(f".{path.name}.") + r"(?:(\d+)\.)?[a-z0-9_]{8}")
    for found in path.parent.iterdir() if path.parent.is_dir() else ():
        match = mine.fullmatch(found.name)
        if not match or found.is_symlink() or not found.is_dir():
            continue
        gone = not alive(int(match[1])) if match[1] else found.lstat().st_mtime < begun
        if gone:
            shutil.rmtree(found, ignore_errors=True)


def alive(pid: int) -> bool:
    """Whether process `pid` runs (signal 0 only asks); on Windows, where os.kill ends a process, always assumed."""
    if pid == os.getpid() or os.name == "nt":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process: alive
        return True
    return True
