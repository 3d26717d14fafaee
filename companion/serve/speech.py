"""The served pages in the player's language (docs/german.md): each request speaks the language its `?lang=` asks for
(then kept in a cookie), else its cookie's, else the browser's Accept-Language, else English; the page's `{{ Text }}`
words are filled in, and its scripts' words travel with it as JSON, since no script can read the server's catalog."""
from __future__ import annotations

import functools
import html
import json
import re
from http.cookies import CookieError, SimpleCookie
from importlib.resources import files
from urllib.parse import parse_qsl, urlencode

from companion.core import language
from companion.core.language import LANGUAGES, short

COOKIE = "lang"
KEPT = 400 * 24 * 3600  # seconds the cookie keeps a switch: browsers cap a cookie's life at 400 days
STATIC = files("companion.serve") / "static"
PAGE_WORDS = re.compile(r"\{\{\s*(.+?)\s*\}\}", re.S)  # as tools/catalog.py reads them
LITERAL = r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|`(?:[^`\\$]|\\.)*`'
JOINED = rf"(?:{LITERAL})(?:\s*\+\s*(?:{LITERAL}))*"  # "a" + "b", as Babel joins them
CALL = rf"(?<![\w.$])(?P<call>tn?)\(\s*(?P<one>{JOINED})(?:\s*,\s*(?P<many>{JOINED}))?"
TEMPLATE = r"`(?:[^`\\]|\\.)*`"  # a template with ${...}: no message, skipped whole
TOKENS = re.compile(rf"/\*.*?\*/|//[^\n]*|{CALL}|{LITERAL}|{TEMPLATE}", re.S)  # comments, strings skipped as Babel does
ESCAPE = re.compile(r"\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|\n|.)")
SIMPLE = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0", "\n": ""}
SCRIPTS = re.compile(r'<script src="/static/([\w.-]+\.js)"')


def accepted(header: str) -> str | None:
    """The language of ours the browser ranks highest in its Accept-Language (q-values, `de-CH` as `de`); None if
    it names none of them."""
    ranked = []
    for place, item in enumerate(header.split(",")):
        tag, _sep, params = item.partition(";")
        weight = 1.0
        for param in params.split(";"):
            name, _eq, value = param.partition("=")
            if name.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if short(tag) in LANGUAGES and weight > 0:
            ranked.append((-weight, place, short(tag)))
    return min(ranked)[2] if ranked else None


def chosen(scope) -> tuple[str, bool]:
    """(the request's language, whether its ?lang= switched to it)."""
    asked = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1"))).get("lang", "")
    if short(asked) in LANGUAGES:
        return short(asked), True
    headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", ())}
    cookie = SimpleCookie()
    try:
        cookie.load(headers.get("cookie", ""))
    except CookieError:  # a malformed Cookie header is no choice
        cookie = SimpleCookie()
    if COOKIE in cookie and cookie[COOKIE].value in LANGUAGES:
        return cookie[COOKIE].value, False
    return accepted(headers.get("accept-language", "")) or "en", False


class Speaking:
    """Every request in its language (a context variable: the session's refusals and every line the server words
    come out in it); a `?lang=` switch is kept in a cookie for the pages opened after it."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        lang, asked = chosen(scope)

        async def sending(message):
            if asked and message["type"] == "http.response.start":
                kept = f"{COOKIE}={lang}; Path=/; Max-Age={KEPT}; SameSite=Lax; HttpOnly".encode()
                message = {**message, "headers": [*message["headers"], (b"set-cookie", kept)]}
            await send(message)

        token = language.use(lang)
        try:
            await self.app(scope, receive, sending)
        finally:
            language.restore(token)


def unquoted(literal: str) -> str:
    """A JavaScript string literal's text."""
    def one(found: re.Match) -> str:
        code = found[1]
        if code[0] in "ux" and len(code) > 1:
            return chr(int(code[1:].strip("{}"), 16))
        return SIMPLE.get(code, code)
    return ESCAPE.sub(one, literal[1:-1])


def joined(literals: str) -> str:
    """The text of literals joined by `+`, one message as Babel reads it."""
    return "".join(unquoted(part) for part in re.findall(LITERAL, literals))


@functools.cache
def script_messages(name: str) -> tuple[tuple[str, str | None], ...]:
    """The (msgid, plural msgid or None) of a static script's t("...") and tn("...", "...", n), read once."""
    text = (STATIC / name).read_text(encoding="utf-8")
    return tuple((joined(found["one"]), joined(found["many"]) if found["call"] == "tn" and found["many"] else None)
                 for found in TOKENS.finditer(text) if found["call"])


@functools.cache
def words_element(scripts: tuple[str, ...], lang: str) -> str:
    """<script type="application/json" id="words"> with the translations of `scripts`' words ({english: german},
    a plural's [one, many]), what common.js' t() and tn() read; "" in English."""
    catalog = language.load(lang)
    if catalog is None:
        return ""
    found: dict[str, str | list[str]] = {}
    for script in scripts:
        for one, many in script_messages(script):
            if many is None:
                said = catalog.gettext(one)
                if said != one:
                    found[one] = said
            else:
                pair = [catalog.ngettext(one, many, 1), catalog.ngettext(one, many, 2)]
                if pair != [one, many]:
                    found[one] = pair
    text = json.dumps(found, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    for char, escaped in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026")):
        text = text.replace(char, escaped)
    return f'<script type="application/json" id="words">{text}</script>\n'


def filled(text: str, lang: str, scripts: tuple[str, ...] = ()) -> str:
    """A page's HTML in `lang`: its {{ words }} translated and escaped, <html lang>, the switch's current language
    marked, and the words of its scripts (those it names and `scripts`, which it loads later)."""
    catalog = language.load(lang)
    text = PAGE_WORDS.sub(lambda found: html.escape(catalog.gettext(found[1]) if catalog else found[1]), text)
    text = text.replace('<html lang="en">', f'<html lang="{lang}">', 1)
    text = text.replace(f'hreflang="{lang}"', f'hreflang="{lang}" aria-current="true"', 1)
    named = tuple(dict.fromkeys(SCRIPTS.findall(text) + [s for s in scripts if s.endswith(".js")]))
    return text.replace("</head>", words_element(named, lang) + "</head>", 1)


def switched(text: str, query: str) -> str:
    """The language switch's links keeping the rest of the page's query (?name=Ann stays on the player page)."""
    kept = urlencode([(k, v) for k, v in parse_qsl(query, keep_blank_values=True) if k != "lang"])
    return text.replace('href="?lang=', f'href="?{html.escape(kept)}&amp;lang=') if kept else text
