"""Lines the table reads at a terminal: none wider than the classic 80 columns, where a longer line breaks
mid-word; broken at spaces, later lines indented, colour codes taking no room."""
from __future__ import annotations

import re

WIDTH = 80  # no line the table reads is longer: the classic terminal's columns, where a wider line breaks mid-word
ANSI = r"\x1b\[[0-9;]*m"  # a colour code, which takes no room on the screen


def wrap(text: str, indent: str = "    ", width: int = WIDTH) -> str:
    """Break a line at spaces so that none is wider than `width` (colour codes take no room); later lines indented."""
    body = text.lstrip(" ")
    lines, line = [], text[:len(text) - len(body)]
    for word in body.split(" "):
        if line.strip() and shown(line) + 1 + shown(word) > width:
            lines.append(line)
            line = indent + word
        else:
            line = f"{line} {word}" if line.strip() else line + word
    return "\n".join([*lines, line])


def shown(text: str) -> int:
    """How many columns the text takes on the screen (its colour codes none)."""
    return len(re.sub(ANSI, "", text)) if "\x1b" in text else len(text)


def at_terminal() -> bool:
    import sys

    return sys.stdout.isatty()


def fitted(text: str) -> str:
    """`text`, each of its lines wrapped, when a person reads it at a terminal; a file, a pipe or a test gets each
    line whole."""
    return "\n".join(wrap(line) for line in text.split("\n")) if at_terminal() else text
