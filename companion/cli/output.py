"""Where a print or QR command may write: never over a file without --force, never over the saved games or a device.

Used by `companion print` and `companion qr` before they render anything, so a refusal leaves every file as it was.
"""
from __future__ import annotations

import json
import os
import stat

import click

from companion.core.folders import data_home
from companion.core.language import _
from companion.shared.session import Refused

STORE = ("games.sqlite", "games.sqlite-wal", "games.sqlite-journal", "games.sqlite-shm")  # the store and its siblings


def check(path, force: bool, folder: bool = False, option: str = "-o") -> None:
    """Refuse `path` (a file, or a folder of SVG pages when `folder`) when writing it would destroy something; the
    refusal names the `option` the player typed the path with."""
    where = os.fspath(path)
    if is_store(where):
        raise Refused(_("{path} is where the saved games live; nothing is written there, not even with --force: "
                        "choose another path with {option}").format(path=where, option=option))
    writable_folder(where, option)
    if where.endswith(("/", os.sep)) and not folder:
        raise Refused(_("{path} ends in a /, which names a folder; {option} names the file to write: leave out the "
                        "/, or add a file name after it").format(path=where, option=option))
    try:
        if stat.S_ISLNK(os.lstat(where).st_mode):
            link(where, force)
    except (FileNotFoundError, NotADirectoryError):
        return  # nothing there: the writer makes it or says why it cannot
    except OSError:
        pass  # not reachable: the stat below says so, or the writer does
    try:
        mode = os.stat(where).st_mode
    except OSError:
        return  # nothing reachable: the writer makes it or says why it cannot
    if stat.S_ISDIR(mode):
        if not folder:
            raise Refused(_("{path} is a folder; {option} names the file to write, e.g. {example}").format(
                path=where, option=option, example=os.path.join(where, "NAME")))
        if not os.listdir(where):
            return
        from companion.sheets.canvas import page_folder

        if not page_folder(where):
            raise Refused(_("{path} holds more than SVG pages; --force replaces only an earlier run's folder of "
                            "pages: choose a new folder with {option}").format(path=where, option=option))
        if not force:
            raise Refused(_("{path} exists; --force would replace its pages (or choose another folder with {option})")
                          .format(path=where, option=option))
    elif not stat.S_ISREG(mode):
        raise Refused(_("{path} is not a regular file (a device, pipe or socket); choose another path with {option}")
                      .format(path=where, option=option))
    elif folder:
        raise Refused(_("{path} is a file, and svg writes a folder of pages; choose a folder name with {option}")
                      .format(path=where, option=option))
    elif not force:
        raise Refused(_("{path} exists; --force would replace it (or choose another path with {option})").format(
            path=where, option=option))


def writable_folder(where: str, option: str = "-o") -> None:
    """The nearest folder that exists on the way to `where` takes a new file: checked before anything is rendered or
    played, so a path under a file or in a folder the player may not write is refused at once, not after the work."""
    above = os.path.dirname(os.path.abspath(where))
    while not os.path.lexists(above):
        above = os.path.dirname(above)
    if not os.path.isdir(above):
        raise Refused(_("cannot write {path}: {above} is a file, so nothing can be written under it; choose another "
                        "path with {option}").format(path=where, above=above, option=option))
    if not os.access(above, os.W_OK | os.X_OK):
        raise Refused(_("cannot write {path}: no permission to write in {above}; choose another path with {option}")
                      .format(path=where, above=above, option=option))
    try:
        longest = os.pathconf(above, "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):  # no limit told (Windows has no pathconf): the writer says
        return
    made = os.path.relpath(os.path.abspath(where), above)  # the names still to be made: the file and its folders
    if any(len(os.fsencode(name)) > longest for name in made.split(os.sep)):
        raise Refused(_("cannot write {path}: a name in it is longer than the {longest} bytes this file system "
                        "takes; choose a shorter path with {option}").format(path=where, longest=longest, option=option))


def link(where: str, force: bool) -> None:
    """A symbolic link as -o: written over only with --force (what it points to is replaced), and never one that
    points at nothing, which would create a file wherever it points."""
    if not os.path.exists(where):
        raise Refused(_("{path} is a symbolic link to nothing; nothing is created through it, not even with --force: "
                        "remove the link or choose another path with -o").format(path=where))
    if not force:
        raise Refused(_("{path} is a symbolic link; --force would write over what it points to (or choose another "
                        "path with -o)").format(path=where))


def is_store(path: str) -> bool:
    """True when `path` is, links to, or is a hard link of the saved-games file or one of its journals."""
    real = os.path.realpath(path)
    for name in STORE:
        stored = os.path.join(data_home(), name)
        if real == os.path.realpath(stored):
            return True
        try:
            if os.path.samefile(path, stored):
                return True
        except OSError:
            continue  # one of the two does not exist
    return False


def emit(as_json: bool, data, text: str) -> None:
    """Print the human text, or the JSON form when --json was given.

    `data` may be a function giving the dict, so a table command builds the full view only when it is asked for.
    """
    if as_json:
        click.echo(json.dumps(data() if callable(data) else data, indent=2, sort_keys=True))
    else:
        click.echo(text)
