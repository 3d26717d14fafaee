"""Reading the edition data in templates/, with a parsed copy cached like Python caches bytecode.

A table command must answer at once; parsing the TOML files (and importing tomllib) costs it about as much
as all its own rules. The cache is keyed by each file's size and modification time, so an edited template
is read afresh; where the cache folder cannot be written, files are simply parsed every time.
"""
from __future__ import annotations

import marshal
import os

# A plain string: pathlib (with urllib and ipaddress behind it) costs a table command several milliseconds.
TEMPLATE_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "templates")


def template(*parts: str) -> str:
    """The path of an edition data file under templates/."""
    return os.path.join(TEMPLATE_DIR, *parts)


def cache_dir() -> str:
    return os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"),
                        "companion")


def read_template(*parts: str) -> dict:
    """One TOML file of edition data, parsed."""
    path = template(*parts)
    info = os.stat(path)
    cached = os.path.join(cache_dir(), f"{'-'.join(parts)}.{info.st_size}.{info.st_mtime_ns}.marshal")
    try:
        with open(cached, "rb") as fh:
            return marshal.load(fh)
    except (OSError, EOFError, ValueError, TypeError):
        pass
    import tomllib

    with open(path, "rb") as fh:
        data = tomllib.load(fh)
    try:
        os.makedirs(os.path.dirname(cached), exist_ok=True)
        partial = f"{cached}.{os.getpid()}"
        with open(partial, "wb") as fh:
            marshal.dump(data, fh)
        os.replace(partial, cached)
    except (OSError, ValueError):
        pass  # no cache this time: the data was parsed all the same
    return data
