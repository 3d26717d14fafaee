"""The German catalog: every string a player reads, extracted from the code, pages and edition data, merged with the
translations kept in companion/locale/de/LC_MESSAGES/companion.po, and compiled to the .mo the wheel carries.

Run: python tools/catalog.py build        (extract, merge, write the .po and the .mo, print the counts)
     python tools/catalog.py missing [PATH] (the msgids without a German translation, those from PATH only if given)
     python tools/catalog.py check        (exit 1 if anything is untranslated, fuzzy, mismatched or stale)
"""
from __future__ import annotations

import inspect
import io
import os
import re
import string
import struct
import sys
import tomllib
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract, extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "companion" / "locale" / "de" / "LC_MESSAGES"
PO, MO = LOCALE / "companion.po", LOCALE / "companion.mo"
PY_KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
JS_KEYWORDS = {"t": None, "tn": (1, 2)}
HTML_TEXT = re.compile(r"\{\{\s*(.+?)\s*\}\}", re.S)  # a page's words: {{ Text }}, put in by the server


def python_messages(folder: Path, prefix: str):
    for path, line, message, _comments, context in extract_from_dir(
            str(folder), method_map=[("**.py", "python")], keywords=PY_KEYWORDS):
        if "__pycache__" not in path:
            yield message, context, f"{prefix}/{path}:{line}"


def js_messages():
    for path in sorted((ROOT / "companion" / "serve" / "static").glob("*.js")):
        with open(path, "rb") as file:
            for line, message, _comments, context in extract("javascript", file, keywords=JS_KEYWORDS):
                yield message, context, f"{path.relative_to(ROOT)}:{line}"


def html_messages():
    for path in sorted((ROOT / "companion" / "serve" / "static").glob("*.html")):
        text = path.read_text(encoding="utf-8")
        for match in HTML_TEXT.finditer(text):
            yield match[1], None, f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, match.start()) + 1}"


def translated_values(value, keys: set[str], key: str | None = None):
    """The strings under the `keys` named, anywhere in a TOML file's tables and lists."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k != "translate":
                yield from translated_values(v, keys, k)
    elif isinstance(value, list):
        for v in value:
            yield from translated_values(v, keys, key)
    elif isinstance(value, str) and key in keys and value.strip():
        yield value


def toml_messages():
    """Edition data: the string values of the keys a file lists in its top-level `translate = [...]`."""
    for path in sorted((ROOT / "templates").rglob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for message in translated_values(data, set(data.get("translate", ()))):
            yield message, None, str(path.relative_to(ROOT))


def help_messages():
    """Every command's help, short help, epilog and options' help: click takes them from docstrings and decorators,
    which no extractor reads, so the command tree is walked as --help would."""
    import click

    from companion.cli.main import main, subcommands

    def walk(command, ctx):
        where = getattr(command.callback, "__module__", "companion.cli.main") or "companion.cli.main"
        location = where.replace(".", "/") + ".py"
        for text in (command.help, command.short_help, command.epilog):
            if text:
                yield inspect.cleandoc(text), None, location  # as companion/cli/language.py looks it up
        for param in command.params:
            if getattr(param, "help", None):
                yield param.help, None, location
        if isinstance(command, click.Group):
            for name in command.list_commands(ctx):
                yield from walk(command.get_command(ctx, name), click.Context(command, parent=ctx, info_name=name))

    ctx = click.Context(main, info_name="companion")
    yield from walk(main, ctx)
    for _name, (_where, text) in subcommands().items():
        yield text, None, "companion/cli/main.py"


# click 8.2.1's words (the lowest click pyproject.toml allows) that later clicks reworded: kept in the catalog, so a
# machine with the oldest allowed click speaks German too (the test extracts whichever click is installed)
OLDER_CLICK = ("Error: {e.message}", "Error: The value you entered was invalid.", "{text} {deprecated_message}",
               "{value!r} is not a valid boolean.", "No such option: {name}", "required")


def click_messages():
    import click

    yield from python_messages(Path(click.__file__).parent, "click")
    for message in OLDER_CLICK:
        yield message, None, "click-8.2.1"


def extracted() -> Catalog:
    catalog = Catalog(locale="de", domain="companion", project="companion", fuzzy=False,
                      creation_date=datetime(2026, 12, 5, tzinfo=UTC), revision_date=datetime(2026, 12, 5, tzinfo=UTC),
                      last_translator="The companion developers", language_team="German")
    sources = (python_messages(ROOT / "companion", "companion"), python_messages(ROOT / "sheets", "sheets"),
               js_messages(), html_messages(), toml_messages(), help_messages(), click_messages())
    for source in sources:
        for message, context, location in source:
            if not message or (isinstance(message, tuple) and not message[0]):
                continue
            where = location.rsplit(":", 1)
            found = catalog.get(message[0] if isinstance(message, tuple) else message, context)
            place = (where[0], int(where[1]) if len(where) > 1 and where[1].isdigit() else None)
            if found:
                found.locations.append(place)
            else:
                catalog.add(message, locations=[place], context=context)
    return catalog


def known_translations() -> dict:
    """msgid (or (msgid, context)) -> msgstr, from the catalog as it stands."""
    known: dict = {}
    if PO.exists():
        with open(PO, "rb") as file:
            for message in read_po(file):
                done = message.string and (not isinstance(message.string, tuple) or all(message.string))
                if message.id and done and "fuzzy" not in message.flags:
                    known[(message.id[0] if isinstance(message.id, tuple) else message.id, message.context)] = \
                        message.string
    return known


def build() -> Catalog:
    catalog = extracted()
    known = known_translations()
    for message in catalog:
        if message.id:
            key = (message.id[0] if isinstance(message.id, tuple) else message.id, message.context)
            if key in known:
                message.string = known[key]
    catalog.header_comment = "# German catalog of the companion. Made with tools/catalog.py build; see docs/german.md."
    catalog.plural_forms  # noqa: B018  (German: nplurals=2; plural=(n != 1), from Babel's locale data)
    LOCALE.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=120, omit_header=False, sort_output=False, include_lineno=False)  # quiet diffs
    replace(PO, buffer.getvalue())
    replace(MO, compiled(catalog))
    return catalog


def compiled(catalog: Catalog) -> bytes:
    """The .mo as GNU msgfmt lays it out, its keys sorted by their bytes (companion.core.language.Catalog searches
    them; Babel's write_mo sorts contexts apart); translated, not fuzzy messages only, and no hash table."""
    entries = []
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings) or (message.id and "fuzzy" in message.flags):
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        key = (f"{message.context}\x04" if message.context else "") + "\x00".join(ids)
        entries.append((key.encode(), "\x00".join(strings).encode()))
    entries.sort()
    keys = b"".join(key + b"\x00" for key, _value in entries)
    values = b"".join(value + b"\x00" for _key, value in entries)
    start = 7 * 4 + 16 * len(entries)  # the header, then the two tables of (length, offset)
    table, at = [], start
    for key, _value in entries:
        table += [len(key), at]
        at += len(key) + 1
    for _key, value in entries:
        table += [len(value), at]
        at += len(value) + 1
    head = struct.pack("<7I", 0x950412DE, 0, len(entries), 7 * 4, 7 * 4 + 8 * len(entries), 0, start)
    return head + struct.pack(f"<{len(table)}I", *table) + keys + values


def replace(path: Path, data: bytes) -> None:
    """Write whole or not at all: a build stopped halfway leaves the catalog as it was."""
    spare = path.with_name(f".{path.name}.{os.getpid()}")
    spare.write_bytes(data)
    os.replace(spare, path)


def fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None}


def problems(catalog: Catalog) -> list[str]:
    """Untranslated or fuzzy messages, and translations whose {placeholders} differ from the English."""
    found = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings) or "fuzzy" in message.flags:
            found.append(f"untranslated: {ids[0]!r}")
            continue
        try:
            want = set().union(*(fields(i) for i in ids))
            have = set().union(*(fields(s) for s in strings))
        except ValueError:
            found.append(f"broken braces: {ids[0]!r}")
            continue
        if want != have:
            found.append(f"placeholders {sorted(want)} vs {sorted(have)}: {ids[0]!r}")
    return found


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "build"
    if command == "build":
        catalog = build()
        missing = problems(catalog)
        print(f"{len(catalog)} messages, {len(catalog) - len(missing)} translated, {len(missing)} to do")
        return 0
    if command == "missing":
        prefix = argv[1] if len(argv) > 1 else ""
        catalog = build()
        for message in catalog:
            if message.id and not (message.string if not isinstance(message.string, tuple) else all(message.string)):
                if any(str(path).startswith(prefix) for path, _line in message.locations):
                    print(repr(message.id), " ".join(f"{p}:{n}" for p, n in message.locations[:2]))
        return 0
    if command == "check":
        catalog = extracted()
        with open(PO, "rb") as file:
            kept = read_po(file)
        stale = [m.id for m in catalog if m.id and kept.get(m.id[0] if isinstance(m.id, tuple) else m.id,
                                                                m.context) is None]
        found = problems(kept) + [f"not in the catalog: {m!r}" for m in stale]
        for line in found[:50]:
            print(line)
        print(f"{len(found)} problems")
        return 1 if found else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main(sys.argv[1:]))
