"""Text a terminal shows as it is: a path or name typed with a newline or an escape sequence is echoed escaped, so a
refusal stays one line and nothing typed can move the cursor, clear the screen or change colours."""
from __future__ import annotations


def printable(text: str) -> str:
    """`text` with every character a terminal would act on (controls, line and paragraph separators, bidi and other
    format characters) written as Python writes it in a string: \\n, \\x1b, \\u202e."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)
