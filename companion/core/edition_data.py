"""Reading the edition data (installed as companion.templates), with a parsed copy cached like bytecode.

A table command must answer at once; importing tomllib and parsing the TOML costs it about as much as all its
own rules. The cache holds one file per data file, keyed inside by the companion's version and the TOML's own bytes
(compared whole: cheaper than importing zlib for a checksum): an edited or upgraded file is parsed afresh and its
cache entry overwritten, so the cache never grows. Where the cache folder cannot be written, files are simply parsed
every time.
"""
from __future__ import annotations

import marshal
import os

import companion.templates  # type: ignore[import-not-found]  # templates/, mapped in at install: mypy reads folders
from companion import __version__
from companion.core.folders import cache_home
from companion.core.language import _

# A plain string from the mapped package's __file__: importlib.resources (and pathlib behind it) would cost a
# table command several milliseconds.
TEMPLATE_DIR = os.path.dirname(os.path.abspath(companion.templates.__file__))


class EditionDataError(RuntimeError):
    """An edition data file that is missing or cannot be parsed: the install is damaged, not the player's input."""


def template(*parts: str) -> str:
    """The path of an edition data file."""
    return os.path.join(TEMPLATE_DIR, *parts)


def read_template(*parts: str) -> dict:
    """One TOML file of edition data, parsed."""
    path = template(*parts)
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
    except OSError as exc:
        raise EditionDataError(_("the edition data file {path} cannot be read ({why}); reinstall the companion")
                               .format(path=path, why=exc.strerror or exc)) from None
    key = (__version__, raw)
    cached = os.path.join(cache_home(), "-".join(parts) + ".marshal")
    try:
        with open(cached, "rb") as fh:
            stored_key, data = marshal.loads(fh.read())  # marshal.load(fh) reads in many tiny pieces: 5x slower
        if stored_key == key:
            return data
    except (OSError, EOFError, ValueError, TypeError):
        pass
    data = parse(path, raw)
    try:
        os.makedirs(os.path.dirname(cached), exist_ok=True)
        prune(cached)
        partial = f"{cached}.{os.getpid()}"
        with open(partial, "wb") as fh:
            marshal.dump((key, data), fh)
        os.replace(partial, cached)
    except (OSError, ValueError):
        pass  # no cache this time: the data was parsed all the same
    return data


def prune(cached: str) -> None:
    """Remove the entries an older companion kept beside this one (name.SIZE.MTIME.marshal, one per edit)."""
    folder, name = os.path.split(cached)
    stem = name[: -len(".marshal")] + "."
    for old in os.listdir(folder):
        if old.startswith(stem) and old.endswith(".marshal") and old != name:
            os.remove(os.path.join(folder, old))


def parse(path: str, raw: bytes) -> dict:
    """The TOML's data; a damaged file is named in one line (the line tomllib stopped at included)."""
    import tomllib

    try:
        return tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise EditionDataError(_("the edition data file {path} is damaged ({why}); reinstall the companion").format(
            path=path, why=exc)) from None
