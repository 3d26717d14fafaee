"""The player's language: English (the source) or German, chosen once per command or per served request.

Every module marks what a player reads with `_()` (or `ngettext`, `pgettext`; `N_` where the text is a constant
translated where it is shown). The German catalog is a compiled gettext `.mo` read directly, never through
`gettext.translation`, which would import `locale` and search the disk on every string; and searched where it lies
(Catalog), as gettext.GNUTranslations decodes every message up front, 2-3 ms a table command would pay. The active language is a
context variable, so each request of the served pages can speak its own phone's language.
"""
from __future__ import annotations

import contextvars
import os
import struct
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

LANGUAGES = ("en", "de")  # en: the source language, no catalog
DOMAIN = "companion"
LOCALE_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "locale")  # no pathlib:
# a table command does not import it otherwise, and it costs 3-4 ms



class Catalog:
    """A compiled gettext catalog (.mo) searched where it lies: its keys are sorted by their bytes (as msgfmt and
    tools/catalog.py write them), so a lookup is a binary search and nothing is decoded but what is asked for."""

    def __init__(self, data: bytes):
        order = "<" if data[:4] == b"\xde\x12\x04\x95" else ">"  # the magic 0x950412de in the writer's byte order
        _magic, _revision, self.count, originals, translations = struct.unpack_from(f"{order}5I", data)
        self.keys = struct.unpack_from(f"{order}{2 * self.count}I", data, originals)  # (length, offset) pairs
        self.values = struct.unpack_from(f"{order}{2 * self.count}I", data, translations)
        self.data = data
        self.plural: Callable[[int], int] | None = None  # the header's plural rule, compiled when first needed

    def find(self, key: str) -> str | None:
        wanted, data, keys = key.encode(), self.data, self.keys
        low, high = 0, self.count
        while low < high:
            middle = (low + high) // 2
            length, at = keys[2 * middle], keys[2 * middle + 1]
            probe = data[at:at + length]
            if probe < wanted:
                low = middle + 1
            elif probe > wanted:
                high = middle
            else:
                length, at = self.values[2 * middle], self.values[2 * middle + 1]
                return data[at:at + length].decode()
        return None

    def info(self) -> dict[str, str]:
        """The catalog's header (Language, Plural-Forms, ...), keys in lower case as gettext gives them."""
        fields = (line.partition(":") for line in (self.find("") or "").splitlines())
        return {key.strip().lower(): value.strip() for key, _colon, value in fields if key}

    def gettext(self, message: str) -> str:
        return self.find(message) or message

    def pgettext(self, context: str, message: str) -> str:
        return self.find(f"{context}\x04{message}") or message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        found = self.find(f"{singular}\x00{plural}")
        if found is None:
            return singular if n == 1 else plural
        if self.plural is None:
            import gettext  # click has imported it already: its c2py reads the header's plural rule

            rule = self.info().get("plural-forms", "plural=(n != 1);").split("plural=")[1].rstrip(";")
            self.plural = gettext.c2py(rule)
        forms = found.split("\x00")
        return forms[min(self.plural(n), len(forms) - 1)]


_active: contextvars.ContextVar[Catalog | None] = contextvars.ContextVar("language", default=None)
_catalogs: dict[str, Catalog] = {}


class UnknownLanguage(ValueError):
    """A language asked for by name (--lang, COMPANION_LANG) that the companion does not speak."""


def catalog_path(lang: str) -> str:
    return os.path.join(LOCALE_DIR, lang, "LC_MESSAGES", f"{DOMAIN}.mo")


def short(value: str) -> str:
    """`de_CH.UTF-8@euro` -> `de`: the language part of a locale name."""
    return value.split(".")[0].split("@")[0].split("_")[0].split("-")[0].strip().lower()


def detect(environ=None, asked: str | None = None) -> str:
    """The language to speak: `asked` (--lang), else COMPANION_LANG, else the first set of gettext's variables
    (LANGUAGE, LC_ALL, LC_MESSAGES, LANG: `de_CH.UTF-8`, or a colon list such as `fr:de`); else English."""
    environ = os.environ if environ is None else environ
    for named in (asked, environ.get("COMPANION_LANG")):
        if named:
            if short(named) not in LANGUAGES:
                raise UnknownLanguage(f"the companion speaks {' or '.join(LANGUAGES)} (--lang, COMPANION_LANG)")
            return short(named)
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):  # as Python's gettext.find reads them
        value = environ.get(var)
        if value:
            for item in value.split(":"):  # a list of preferences, best first; C (or POSIX) means untranslated
                if short(item) in ("c", "posix"):
                    return "en"
                if short(item) in LANGUAGES:
                    return short(item)
            return "en"
    return "en"


def load(lang: str) -> Catalog | None:
    """The compiled catalog of `lang` (None for English), read once per process."""
    if lang == "en":
        return None
    if lang not in _catalogs:
        with open(catalog_path(lang), "rb") as file:
            _catalogs[lang] = Catalog(file.read())
    return _catalogs[lang]


def use(lang: str) -> contextvars.Token:
    """Speak `lang` from now on in this context (a command, a request); returns the token that undoes it."""
    return _active.set(load(lang))


def restore(token: contextvars.Token) -> None:
    """Speak again what was spoken before `use` gave this token (a request's end, a test's)."""
    _active.reset(token)


def language() -> str:
    """The language spoken now: its two-letter code."""
    active = _active.get()
    return "en" if active is None else active.info().get("language", "de")


def _(message: str) -> str:
    """`message` in the language spoken now."""
    active = _active.get()
    return message if active is None else active.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural of a message for `n`, as the language spoken now forms it."""
    active = _active.get()
    if active is None:
        return singular if n == 1 else plural
    return active.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` translated where the same English word means two things (a context tells them apart)."""
    active = _active.get()
    return message if active is None else active.pgettext(context, message)


def N_(message: str) -> str:
    """Marks a constant for the catalog; it is translated by `_()` where it is shown."""
    return message
