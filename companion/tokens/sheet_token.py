"""A digital Sssnake player's sheet as a token of its own, next to the game token: `CS1S:` + base45(bytes + CRC-32).

The game token keeps only which players are digital (companion.tokens.game_token.DIGITAL); each sheet token names its game
(id, seed, flips and a stamp of the game token's state, so a sheet from another game or moment is refused) and
packs the sheet in bytes: the body in drawing order at two bits a step, every other field a square a byte. The
layout is in docs/token.md. Decoding treats the text as hostile (bounded counts, one-line errors that never quote
it); the rules (companion.sssnake.sheet.from_dict, through the state's) check the sheet once it is joined.
"""
from __future__ import annotations

import json
import re
import zlib
from dataclasses import dataclass
from itertools import pairwise

from companion.core import games
from companion.core.language import N_, _
from companion.sssnake.sheet import to_dict
from companion.sssnake.state import MAX_NAME
from companion.tokens import game_token as token
from companion.tokens.game_token import TokenError

PREFIX = "CS1S:"  # CS: a sheet, not CT: a game; 1 its version; S Sssnake (the only game with digital sheets)
SIDE = 16  # a square is one byte: column - 1 and row - 1, four bits each
MOST = SIDE * SIDE  # no list on a sheet holds more entries than it has squares
DIRS = "UDLR"
STEP = {"U": (0, -1), "D": (0, 1), "L": (-1, 0), "R": (1, 0)}
BACK = {"U": "D", "D": "U", "L": "R", "R": "L"}
OWED = (13, 16)  # the cards whose marks a sheet can owe: Two-headed, Offspring
HAS_SPLIT, HAS_PENDING = 1, 2


@dataclass(frozen=True)
class SheetToken:
    """What a sheet token carries: its game (id, seed, flips, stamp of the game token's state), the player's index
    and the sheet's dict form (companion.sssnake.sheet.to_dict)."""

    game_id: str
    player: int
    seed: int
    flips: int
    stamp: int
    sheet: dict


def stamp(game: dict) -> int:
    """A CRC-32 of the game token's state dict: a sheet token fits the one game token made with it."""
    return zlib.crc32(json.dumps(game, separators=(",", ":"), sort_keys=True, ensure_ascii=False).encode())


def encode(game_id: str, state, who: int) -> str:
    """Player `who`'s sheet token, bound to the game token `companion.tokens.game_token.encode` makes of the same state."""
    game = token.game_dict("sssnake", state)
    out = bytearray([len(game_id)]) + game_id.encode() + bytes([who])
    out += varint(state.seed) + varint(state.flips) + stamp(game).to_bytes(4, "big")
    return token.seal(PREFIX, bytes(out + pack(to_dict(state.sheets[who]))))


def pack(sh: dict) -> bytes:
    """The sheet dict's fields in a fixed order: flags, body, caves, heads with last steps, apples, crossed squares,
    eggs, split, jumps, owed cards, pending apple."""
    out = bytearray([HAS_SPLIT * ("s" in sh) + HAS_PENDING * ("p" in sh)])
    out += body(sh.get("b", []))
    out += squares(sh.get("c", []))
    heads = list(zip(sh.get("h", []), sh.get("l", ""), strict=False))  # a head without its step is left out
    out += varint(len(heads)) + b"".join(square(h) + bytes([(DIRS + "-").index(d)]) for h, d in heads)
    rotten = {tuple(s) for s in sh.get("r", [])}
    apples = {(c, r): n for c, r, n in sh.get("a", [])}
    spots = sorted(set(apples) | rotten)  # a rotten square without apples travels as a count of 0
    out += varint(len(spots)) + b"".join(square(s) + varint(apples.get(s, 0) * 2 + (s in rotten)) for s in spots)
    out += squares(sh.get("x", []))
    out += varint(len(sh.get("e", []))) + b"".join(square(s) for group in sh.get("e", []) for s in group)
    out += square(sh["s"]) if "s" in sh else b""
    out += varint(len(sh.get("j", []))) + b"".join(square(a) + square(b) for a, b in sh.get("j", []))
    out += varint(len(sh.get("o", []))) + bytes(OWED.index(o) for o in sh.get("o", []))
    if "p" in sh:
        col, row, count, rot = sh["p"]
        out += square([col, row]) + varint(count) + varint(rot)
    return bytes(out)


def body(squares_drawn: list) -> bytes:
    """Count, first square, then two bits a square: the step from the one before (U, D, L, R). Stepping back the way
    the body came is impossible (that square is drawn), so that code is the escape to a whole square byte: a cave,
    a dig or dive, a Flexible jump, an egg, the second head, a step round the edge. After an escape, D escapes."""
    if not squares_drawn:
        return varint(0)
    bits, came = [], "U"
    for (c0, r0), (c1, r1) in pairwise(squares_drawn):
        d = next((d for d in DIRS if STEP[d] == (c1 - c0, r1 - r0)), None)
        if d is None or d == BACK[came]:
            bits += [DIRS.index(BACK[came]) >> 1, DIRS.index(BACK[came]) & 1] + [(byte(c1, r1) >> k) & 1
                                                                                for k in range(7, -1, -1)]
            came = "U"
        else:
            bits += [DIRS.index(d) >> 1, DIRS.index(d) & 1]
            came = d
    bits += [0] * (-len(bits) % 8)
    packed = bytes(int("".join(map(str, bits[i:i + 8])), 2) for i in range(0, len(bits), 8))
    return varint(len(squares_drawn)) + square(squares_drawn[0]) + packed


def byte(col: int, row: int) -> int:
    if not (1 <= col <= SIDE and 1 <= row <= SIDE):
        raise ValueError(f"square {col},{row} is off a {SIDE}x{SIDE} sheet")
    return (col - 1) * SIDE + row - 1


def square(sq) -> bytes:
    return bytes([byte(*sq)])


def squares(listed: list) -> bytes:
    return varint(len(listed)) + b"".join(square(s) for s in listed)


def varint(n: int) -> bytes:
    """Seven bits a byte, least significant first, the high bit saying more follow."""
    if n < 0:
        raise ValueError(f"{n} is negative; a sheet token holds whole numbers from 0")
    out = bytearray()
    while True:
        n, low = divmod(n, 128)
        out.append(low | (128 if n else 0))
        if not n:
            return bytes(out)


class Reader:
    """Reads a sheet token's bytes front to back; running out, or an impossible count, is one TokenError."""

    def __init__(self, data: bytes):
        self.data, self.pos = data, 0

    def take(self, n: int) -> bytes:
        if self.pos + n > len(self.data):
            raise TokenError(_("sheet token checksum matches but its sheet is cut short"))
        self.pos += n
        return self.data[self.pos - n:self.pos]

    def byte(self) -> int:
        return self.take(1)[0]

    def varint(self, most: int = 2 ** 63 - 1, what: str = N_("a number")) -> int:
        """A count (`what`, marked N_, names it in a refusal) of at most `most`."""
        n, shift = 0, 0
        for _i in range(10):
            b = self.byte()
            n |= (b & 127) << shift
            if not b & 128:
                if n > most:
                    raise TokenError(_("sheet token holds {what} above {most}; no sheet has that many").format(
                        what=_(what), most=most))
                return n
            shift += 7
        raise TokenError(_("sheet token holds a number longer than any sheet needs"))

    def square(self) -> list[int]:
        col, row = divmod(self.byte(), SIDE)
        return [col + 1, row + 1]

    def squares(self, what: str) -> list[list[int]]:
        return [self.square() for _i in range(self.varint(MOST, what))]

    def body(self) -> list[list[int]]:
        """The inverse of `body`: a count, the first square, then steps and escapes to whole squares."""
        n = self.varint(MOST, N_("body squares"))
        if not n:
            return []
        drawn, came, bits = [self.square()], "U", Bits(self)
        while len(drawn) < n:
            d = DIRS[bits.read(2)]
            if d == BACK[came]:
                drawn.append([(v := bits.read(8)) // SIDE + 1, v % SIDE + 1])
                came = "U"
            else:
                col, row = drawn[-1][0] + STEP[d][0], drawn[-1][1] + STEP[d][1]
                if not (1 <= col <= SIDE and 1 <= row <= SIDE):
                    raise TokenError(_("sheet token's body steps off the sheet; it is not a sheet the companion made"))
                drawn.append([col, row])
                came = d
        bits.close()
        return drawn


class Bits:
    """Bits from a Reader, most significant first; the padding left in the last byte must be zero."""

    def __init__(self, reader: Reader):
        self.reader, self.value, self.left = reader, 0, 0

    def read(self, n: int) -> int:
        out = 0
        for _i in range(n):
            if not self.left:
                self.value, self.left = self.reader.byte(), 8
            self.left -= 1
            out = out << 1 | (self.value >> self.left) & 1
        return out

    def close(self) -> None:
        if self.value & ((1 << self.left) - 1):
            raise TokenError(_("sheet token's body ends in stray bits; it is not a sheet the companion made"))


def unpack(text: str) -> SheetToken:
    """Check and unpack a sheet token without trusting it; its game's rules have not looked at the sheet yet."""
    text = token.clean(text)
    if len(text) > token.MAX_CHARS:
        raise TokenError(_("sheet token is {n} characters long; a token is at most {most}").format(
            n=len(text), most=token.MAX_CHARS))
    if not text.startswith(PREFIX):
        raise TokenError(_("not a sheet token: a Sssnake sheet token starts with {prefix}").format(prefix=PREFIX))
    r = Reader(token.opened(PREFIX, text[len(PREFIX):], N_("sheet token")))
    game_id = r.take(r.varint(40, N_("a game id's length"))).decode("ascii", "replace")
    if not games.GAME_ID.fullmatch(game_id):
        raise TokenError(_("sheet token names no game id (lower-case letters, digits and '-', at most 40)"))
    player, seed, flips = r.byte(), r.varint(), r.varint(10 ** 6, N_("flips"))
    stamped = int.from_bytes(r.take(4), "big")
    sheet = unpack_sheet(r)
    if r.pos != len(r.data):
        raise TokenError(_("sheet token checksum matches but its sheet is followed by junk"))
    return SheetToken(game_id, player, seed, flips, stamped, sheet)


def unpack_sheet(r: Reader) -> dict:
    """The inverse of `pack`: the sheet's dict form, empty fields left out as `sheet.to_dict` leaves them."""
    flags = r.byte()
    if flags > HAS_SPLIT + HAS_PENDING:
        raise TokenError(_("sheet token holds flags no sheet has"))
    sh: dict = {"b": r.body(), "c": r.squares(N_("caves"))}
    heads = [(r.square(), r.byte()) for _i in range(r.varint(2, N_("heads")))]
    if any(code > len(DIRS) for _sq, code in heads):
        raise TokenError(_("sheet token holds a head's last step that is not U, D, L, R or none"))
    sh["h"], sh["l"] = [h for h, _code in heads], "".join((DIRS + "-")[code] for _sq, code in heads)
    spots = [(r.square(), r.varint(2 * 999 + 1, N_("apples on a square")))
             for _i in range(r.varint(MOST, N_("apples")))]
    sh["a"] = [sq + [n // 2] for sq, n in spots if n // 2]
    sh["r"] = sorted(sq for sq, n in spots if n % 2)
    sh["x"] = r.squares(N_("crossed squares"))
    sh["e"] = [[r.square() for _i in range(3)] for _j in range(r.varint(MOST // 3, N_("eggs")))]
    sh["s"] = r.square() if flags & HAS_SPLIT else None
    sh["j"] = [[r.square(), r.square()] for _i in range(r.varint(MOST, N_("jumps")))]
    owed = [r.byte() for _i in range(r.varint(16, N_("owed cards")))]
    if any(o >= len(OWED) for o in owed):
        raise TokenError(_("sheet token owes marks of a card that draws none"))
    sh["o"] = [OWED[o] for o in owed]
    sh["p"] = r.square() + [r.varint(999, N_("pending apples")), r.varint(1, N_("a rotten flag"))] \
        if flags & HAS_PENDING else None
    return {k: v for k, v in sh.items() if v}


def heads() -> re.Pattern:
    """Where a token starts in text holding several: a game token's or a sheet token's prefix after a blank."""
    known = [token.prefix(kind) for kind in games.GAMES] + [PREFIX]
    return re.compile(r"(?<!\S)(?:" + "|".join(map(re.escape, known)) + ")", re.IGNORECASE)


def split(pieces) -> list[str]:
    """The tokens in typed arguments or piped text: each from its prefix to the next (an unquoted token arrives in
    pieces, split at its spaces); `#` starts a label to the end of its line or argument (base45 has none), as in
    `companion token`'s lines; text before the first prefix stays with it, to be refused as it is."""
    text = " ".join(re.sub(r"#[^\n]*", "", piece) for piece in pieces)
    bounds = sorted({0} | {m.start() for m in heads().finditer(text)}) + [len(text)]
    return [part for part in (text[a:b] for a, b in pairwise(bounds)) if part.strip()]


def is_sheet(text: str) -> bool:
    return token.clean(text).startswith(PREFIX)


def join(game: token.Token, texts: list[str]) -> dict:
    """The game token's state with the sheets of its sheet tokens under SHEETS; a sheet token missing (the rules
    refuse that, naming the player), twice, of another game or moment, or for a paper player is one TokenError."""
    data = game.data
    digital = data.get(token.DIGITAL)
    sheets: dict[str, dict] = {}
    for k, text in enumerate(texts, 1):
        sheet = unpack(text)
        if game.kind != "sssnake":
            raise TokenError(_("sheet tokens belong to Sssnake games; the game token is {game}").format(
                game=games.GAMES[game.kind].name))
        who = name(data, sheet.player)
        id_differs, seed_differs = sheet.game_id != game.game_id, sheet.seed != data.get("s")
        if id_differs or seed_differs:
            differ = (_("sheet token {k} is from another game: its game id and seed are not the game token's")
                      if id_differs and seed_differs else
                      _("sheet token {k} is from another game: its game id is not the game token's") if id_differs else
                      _("sheet token {k} is from another game: its seed is not the game token's"))
            raise TokenError(differ.format(k=k))
        if sheet.flips != data.get("n", 0):
            raise TokenError(_("{name}'s sheet token is from flip {flips}, the game token from flip {game_flips}: give "
                               "the tokens `companion token` printed together").format(
                name=who, flips=sheet.flips, game_flips=data.get("n", 0)))
        if sheet.stamp != stamp(data):
            raise TokenError(_("{name}'s sheet token was made at another moment of flip {flips} than the game token "
                               "(before or after a move, or an undo): give the tokens printed together").format(
                name=who, flips=sheet.flips))
        if not isinstance(digital, list) or sheet.player not in digital:
            raise TokenError(_("sheet token {k} is for {name}, who plays on paper in this game; leave it out").format(
                k=k, name=who))
        if str(sheet.player) in sheets:
            raise TokenError(_("two sheet tokens for {name}; give each digital player's once").format(name=who))
        sheets[str(sheet.player)] = sheet.sheet
    return data | ({token.SHEETS: dict(sorted(sheets.items(), key=lambda kv: int(kv[0])))} if sheets else {})


def name(data: dict, i: int) -> str:
    """A player's name from a state the rules have not checked yet: the name when it is a plain one, else the
    seat."""
    players = data.get("P")
    n = players[i].get("n") if isinstance(players, list) and i < len(players) and isinstance(players[i], dict) \
        else None
    return n if isinstance(n, str) and n.isprintable() and 0 < len(n) <= MAX_NAME else _("player {n}").format(n=i + 1)
