"""Names a player types: case-insensitive, unique prefixes (of the name or any word of it), typo suggestions."""
from __future__ import annotations

from functools import lru_cache

from companion.core.engine import IllegalAction

LISTED = 20  # a refusal lists every choice when there are no more than this many (the 16 organs, a clan)


@lru_cache(maxsize=4096)
def squash(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def find(typed: str, names, what: str) -> str:
    """The one name the player meant, or IllegalAction naming the candidates (ambiguous) or the near misses."""
    names = list(names)
    if typed in names:
        return typed
    key = squash(typed)
    if not key:
        raise IllegalAction(f"name a {what}")
    exact = [n for n in names if squash(n) == key]
    if exact:
        return exact[0]
    hits = [n for n in names
            if squash(n).startswith(key) or any(squash(w).startswith(key) for w in n.split())]
    if len(hits) == 1:
        return hits[0]
    if hits:
        raise IllegalAction(f"{typed!r} could be {', '.join(sorted(hits))}: type more of the {what}'s name")
    import difflib  # here, not at the top: only a typo pays for it

    close = difflib.get_close_matches(typed, names, n=3, cutoff=0.5) or \
        difflib.get_close_matches(key, [squash(n) for n in names], n=3, cutoff=0.5)
    close = [n for n in names if n in close or squash(n) in close]
    hint = f"; did you mean {' or '.join(close)}?" if close else ""
    if not close and len(names) <= LISTED:
        hint = f"; the {what}s: {', '.join(names)}"
    raise IllegalAction(f"no {what} called {typed!r}{hint}")
