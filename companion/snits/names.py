"""Names a player types: case-insensitive, unique prefixes (of the name or any word of it), typo suggestions."""
from __future__ import annotations

from functools import lru_cache

from companion.core.engine import IllegalAction
from companion.core.language import _

LISTED = 20  # a refusal lists every choice when there are no more than this many (the 16 organs, a clan)


@lru_cache(maxsize=4096)
def squash(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def find(typed: str, names, what: str) -> str:
    """The one name the player meant, or IllegalAction naming the candidates (ambiguous) or the near misses; `what`
    (marked N_ by the caller) is the kind of name, in the player's language in the refusal."""
    names = list(names)
    if typed in names:
        return typed
    key = squash(typed)
    what = _(what)
    if not key:
        raise IllegalAction(_("name a {what}").format(what=what))
    exact = [n for n in names if squash(n) == key]
    if exact:
        return exact[0]
    hits = [n for n in names
            if squash(n).startswith(key) or any(squash(w).startswith(key) for w in n.split())]
    if len(hits) == 1:
        return hits[0]
    if hits:
        raise IllegalAction(_("{typed} could be {names}: type more of the {what}'s name").format(
            typed=repr(typed), names=", ".join(sorted(hits)), what=what))
    import difflib  # here, not at the top: only a typo pays for it

    close = difflib.get_close_matches(typed, names, n=3, cutoff=0.5) or \
        difflib.get_close_matches(key, [squash(n) for n in names], n=3, cutoff=0.5)
    close = [n for n in names if n in close or squash(n) in close]
    hint = _("; did you mean {names}?").format(names=_(" or ").join(close)) if close else ""
    if not close and len(names) <= LISTED:
        hint = _("; the {what}s: {names}").format(what=what, names=", ".join(names))
    raise IllegalAction(_("no {what} called {typed}{hint}").format(what=what, typed=repr(typed), hint=hint))
