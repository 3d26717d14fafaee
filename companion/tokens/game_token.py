"""A game's full resumable state as one short, checked string that a QR code holds in its alphanumeric mode.

Layout: ``CT2S:`` + base45( play id (6 bytes) + deflate(JSON [game id, state dict], preset dictionary of the kind)
+ CRC-32 ). ``CT`` names the format, ``2`` its version, the letter the game (S = Sssnake, R = Snits' Revenge). Format 1
is the same without the play id; it is still read (and written for a state no saved game holds, as the benchmarks do).
The CRC covers the prefix and the compressed bytes, so a mistyped or damaged token is refused before anything
is unpacked. Decoding treats the text as hostile: no pickle or eval, bounded sizes, strict JSON, and the
game's own ``from_dict`` checks every field against the rules. A Sssnake game's digital sheets are not in it: the
state lists their players (DIGITAL) and each sheet travels in a sheet token of its own (companion.tokens.sheet_token).
"""
from __future__ import annotations

import json
import re
import zlib
from dataclasses import dataclass

from companion.core import games
from companion.core.engine import BadState
from companion.core.language import N_, _
from companion.tokens import base45

FORMAT = "CT"
VERSION = 2
PLAYLESS = 1  # the format without the play id; still read, so every card printed before it resumes
MAX_CHARS = 4296  # the most a QR code (version 40, level L) holds in alphanumeric mode
MAX_JSON = 32_768  # unpacked bytes: far above any game state, far below a zip bomb
CHECK_BYTES = 4
HEAD = re.compile(r"([A-Z]{2})(\d{1,3})([A-Z]):")
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
QUOTE_HINT = N_("copy it again whole (on a command line, in single quotes)")
SHEETS, DIGITAL = "D", "dg"  # Sssnake's digital sheets in the state dict, and the game token's list of their players


class TokenError(ValueError):
    """Any token that cannot be resumed; the message is one line a player can act on."""


@dataclass(frozen=True)
class Token:
    """What a token carries: the game's kind, its id where it was saved, its canonical state dict, and its permanent
    play id (None in a format-1 token: the game resumed gets a fresh one)."""

    kind: str
    game_id: str
    data: dict
    play_id: str | None = None


def prefix(kind: str, version: int = VERSION) -> str:
    return f"{FORMAT}{version}{games.GAMES[kind].letter}:"


def preset(kind: str) -> bytes:
    """The game's deflate preset dictionary (tokens/presets.py), loaded with the first token packed or read."""
    return games.load(games.GAMES[kind].preset)


def pack(kind: str, game_id: str, data: dict, play_id: str | None = None) -> str:
    """The token text for a state dict (format 2 with a play id, else format 1); deterministic, so the same game in
    the same state always gives the same token."""
    text = json.dumps([game_id, data], separators=(",", ":"), sort_keys=True, ensure_ascii=False).encode()
    squeezer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zdict=preset(kind))
    play = bytes.fromhex(play_id) if play_id else b""
    return seal(prefix(kind, VERSION if play_id else PLAYLESS), play + squeezer.compress(text) + squeezer.flush())


def seal(head: str, body: bytes) -> str:
    """Head, then base45 of the body and a CRC-32 of head and body, so damage is found before anything is read."""
    check = zlib.crc32(body, zlib.crc32(head.encode())).to_bytes(CHECK_BYTES, "big")
    return head + base45.encode(body + check)


def game_dict(kind: str, state, private: bool = False) -> dict:
    """The state dict a game token carries: the digital players' sheets (SHEETS) travel in sheet tokens of their
    own (companion.tokens.sheet_token), so it keeps only which players have one (DIGITAL)."""
    data = games.engine(kind).to_dict(state, private)
    if SHEETS not in data:
        return data
    return {k: v for k, v in data.items() if k != SHEETS} | {DIGITAL: sorted(map(int, data[SHEETS]))}


def encode(kind: str, game_id: str, state, private: bool = False, play_id: str | None = None) -> str:
    """A saved game's token, with its play id; public (no hidden placements) unless private is asked for."""
    return pack(kind, game_id, game_dict(kind, state, private), play_id)


def clean(text: str) -> str:
    """Forgive what copying does to a token: line breaks, surrounding blanks, lower case (base45 has none)."""
    return re.sub(r"[\r\n\t]", "", text).strip().upper()


def unpack(text: str) -> Token:
    """Check and unpack a token without trusting it; the rules have not looked at the state yet."""
    text = clean(text)
    if len(text) > MAX_CHARS:
        raise TokenError(_("token is {n} characters long; a token is at most {most}").format(n=len(text),
                                                                                              most=MAX_CHARS))
    head = HEAD.match(text)
    if not head or head[1] != FORMAT:
        starts = [f"{prefix(kind)} ({g.name})" for kind, g in games.GAMES.items()]
        raise TokenError(_("not a companion token: a token starts with {starts} or {last}").format(
            starts=", ".join(starts[:-1]), last=starts[-1]))
    version = int(head[2])
    if version not in (PLAYLESS, VERSION):
        raise TokenError(_("token format version {version} is not one this companion reads ({old} or {new})").format(
            version=version, old=PLAYLESS, new=VERSION) + (_("; update the companion") if version > VERSION else ""))
    game = games.by_letter(head[3])
    if game is None:
        known = ", ".join(f"{g.letter} = {kind}" for kind, g in games.GAMES.items())
        raise TokenError(_("token game letter {letter} names no game this companion knows ({known})").format(
            letter=repr(head[3]), known=known))
    kind = game.kind
    body, play_id = opened(head[0], text[head.end():]), None
    if version == VERSION:
        if len(body) <= games.PLAY_BYTES:
            raise TokenError(_("token is damaged: it is cut short before its game state; {hint}").format(
                hint=_(QUOTE_HINT)))
        body, play_id = body[games.PLAY_BYTES:], body[:games.PLAY_BYTES].hex()
    game_id, data = parse(inflate(kind, body))
    return Token(kind, game_id, data, play_id)


def opened(head: str, rest: str, what: str = N_("token")) -> bytes:
    """The body sealed after a head, once base45 and the checksum agree; else one TokenError line (`what`, marked
    N_, names the token)."""
    try:
        raw = base45.decode(rest)
    except base45.Base45Error as exc:
        raise TokenError(_("{what} is damaged: {why}; {hint}").format(what=_(what), why=exc, hint=_(QUOTE_HINT))) \
            from None
    body, check = raw[:-CHECK_BYTES], raw[-CHECK_BYTES:]
    if len(raw) <= CHECK_BYTES or zlib.crc32(body, zlib.crc32(head.encode())).to_bytes(CHECK_BYTES, "big") != check:
        raise TokenError(_("{what} is damaged: its checksum does not match (mistyped, cut short or changed); {hint}")
                         .format(what=_(what), hint=_(QUOTE_HINT)))
    return body


def inflate(kind: str, body: bytes) -> bytes:
    """Decompress, refusing anything that unpacks beyond MAX_JSON (a zip bomb) or is not one whole stream."""
    unsqueezer = zlib.decompressobj(-15, zdict=preset(kind))
    try:
        text = unsqueezer.decompress(body, MAX_JSON + 1)
    except zlib.error:
        raise TokenError(_("token checksum matches but its contents are not a compressed game state")) from None
    if len(text) > MAX_JSON:
        raise TokenError(_("token unpacks to more than {most} bytes; no game state is that large").format(most=MAX_JSON))
    if not unsqueezer.eof or unsqueezer.unused_data:
        raise TokenError(_("token checksum matches but its compressed state is cut short or followed by junk"))
    return text


def parse(text: bytes) -> tuple[str, dict]:
    """Strict JSON: UTF-8, no NaN/Infinity, no repeated keys, and the shape [game id, state dict]."""
    try:
        value = json.loads(text.decode("utf-8"), parse_constant=refuse_constant, object_pairs_hook=unique_keys)
    except (ValueError, RecursionError) as exc:
        raise TokenError(_("token holds no readable game state ({why})").format(
            why=f"{type(exc).__name__}: {str(exc)[:80]}")) from None
    if not (isinstance(value, list) and len(value) == 2 and isinstance(value[0], str) and isinstance(value[1], dict)):
        raise TokenError(_("token holds no game state: expected [game id, state]"))
    if not games.GAME_ID.fullmatch(value[0]):
        raise TokenError(_("token names something that is not a game id (lower-case letters, digits and '-', at "
                           "most 40)"))
    if any(CONTROL.search(text) for text in texts(value[1])):
        raise TokenError(_("token holds control characters in its text (a name?); no game state does, and a "
                           "terminal would obey them"))
    return value[0], value[1]


def texts(value) -> list[str]:
    """Every string in a JSON value, keys included (iteratively: a deep value must not exhaust the stack)."""
    found, todo = [], [value]
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            found.append(item)
        elif isinstance(item, dict):
            found += item.keys()
            todo += item.values()
        elif isinstance(item, list):
            todo += item
    return found


def refuse_constant(name: str):
    raise ValueError(f"{name} is not a number a game state holds")


def unique_keys(pairs: list) -> dict:
    """A JSON object with a key twice is ambiguous (which one wins?), so it is refused."""
    keys = [k for k, _ in pairs]
    if len(set(keys)) != len(keys):
        raise ValueError("a key appears twice")
    return dict(pairs)


def decode(text: str) -> tuple[Token, object]:
    """Unpack a token and let its game's rules validate every field; any failure is one TokenError."""
    token = unpack(text)
    return token, validate(token.kind, token.data)


def validate(kind: str, data: dict):
    """The state the game's rules rebuild from a dict a token brought; any refusal is one TokenError."""
    try:
        state = games.engine(kind).from_dict(data)
    except BadState as exc:
        raise TokenError(_("token holds a {kind} state the rules refuse: {why}").format(kind=kind, why=exc)) from None
    except (ValueError, LookupError, TypeError, AttributeError, RecursionError) as exc:
        # a field the rules' checks did not foresee; still a refusal, never a crash
        raise TokenError(_("token holds a {kind} state the rules cannot read: a field of the wrong shape ({error})")
                         .format(kind=kind, error=type(exc).__name__)) from exc
    return state
