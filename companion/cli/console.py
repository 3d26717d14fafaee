"""Output on a console whose encoding lacks a character (cp1252 has no arrow): a stand-in is printed, never a crash."""
from __future__ import annotations

import codecs

STAND_INS = {"\u2192": "->", "\u00b7": "-", "\u2014": "-", "\u2264": "<=", "\u2265": ">=",  # the symbols it prints
             **dict(zip("\u2581\u2582\u2583\u2584\u2585\u2586\u2587\u2588", "_.,-~=*#", strict=True))}  # sparkline bars, low to high


def stand_in(error: UnicodeEncodeError) -> tuple[str, int]:
    """ASCII for what the encoding cannot hold: the companion's own symbols by table, names without accents, else ?."""
    import unicodedata

    text = ""
    for char in error.object[error.start:error.end]:
        plain = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
        text += STAND_INS.get(char) or plain or "?"
    return text, error.end


def tolerate(*streams) -> None:
    """Let text streams in a non-UTF encoding print stand-ins where they would raise UnicodeEncodeError."""
    # only output streams name it (errors= below), so only encode errors reach it: a type the stubs cannot express
    codecs.register_error("companion-stand-in", stand_in)  # type: ignore[arg-type]
    for stream in streams:
        encoding = getattr(stream, "encoding", None) or "ascii"
        try:
            unicode = codecs.lookup(encoding).name.startswith("utf")
        except LookupError:
            unicode = False
        if not unicode and getattr(stream, "errors", None) == "strict" and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="companion-stand-in")
