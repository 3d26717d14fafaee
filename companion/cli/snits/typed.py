"""The words the table types in `snits play` (done, undo, map, ...), in the language spoken now beside the English,
which always works: a German table types `fertig` or `done`. Names (Snits, organs, counters) are typed as printed,
so no word here may be one of them (tests/i18n/test_snits_cli.py checks the edition's)."""
from __future__ import annotations

from companion.core.language import pgettext


def words() -> dict[str, str]:
    """Each word of the `>` prompt as the table may type it now, to the English the loop reads."""
    return {pgettext("typed", "done"): "done", pgettext("typed", "undo"): "undo", pgettext("typed", "redo"): "redo",
            pgettext("typed", "quit"): "quit", pgettext("typed", "exit"): "exit", pgettext("typed", "help"): "help",
            pgettext("typed", "map"): "map", pgettext("typed", "compact"): "compact", pgettext("typed", "log"): "log",
            pgettext("typed", "hint"): "hint", pgettext("typed", "topics"): "topics"}


def english(line: str) -> str:
    """A line as the loop reads it: its first word, and the second of `map compact` and `? topics`, put in English
    where typed in the language spoken now; names and the rest as typed."""
    known = words()
    head, space, rest = line.partition(" ")
    head = known.get(head.lower(), head)
    if head in ("map", "?") and rest.strip().lower() in known:
        rest = known[rest.strip().lower()]
    return head + space + rest

