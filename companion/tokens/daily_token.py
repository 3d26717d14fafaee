"""The daily game's result token: a short token that carries the player's own actions, so anyone can replay the
game through the rules and confirm its score, with no server.

Token: ``SD2:`` + base45( bits + CRC-32 of the prefix and the bits ). The bits: the day (16, days since
2000-01-01), the name (7-bit byte count, UTF-8), the way the cave moved (3 bits: 0 the nearest, 1-4 up, down,
left, right as the player chose), then each action: 2 bits (0 end, 1 move, 2 take, 3 place).
A move: swap, anyway (1 bit each), borrow (1 bit, then card - 1 in 4), the edge its apple rolled to (1 bit, then
2 bits U D L R), its path at 2 bits a step; a step back the
way the snake came marks an escape (3 bits: end, `/`, `@` start, a square, a step back), followed by a square as
8 bits (column - 1, row - 1); where no step came before, 1 bit says step (0) or escape (1). A take: card - 1 (4),
corner (1 bit, then a square), marks (count in 2 bits, then squares); a place: corner and marks as a take's.
The flips are not carried: the replay flips whenever the game waits for one. Format 1 (``SD1:``, before the cave's
way and the apple's edge were the player's) has neither field and still verifies.
"""
from __future__ import annotations

import zlib
from collections.abc import Sequence
from datetime import date as Date
from datetime import timedelta
from typing import cast

from companion.core.engine import IllegalAction
from companion.core.language import N_, _
from companion.sssnake.daily import OLD_PREFIX, PREFIX, day_setup, result
from companion.sssnake.ground import BACK
from companion.sssnake.state import Phase, State, name_fault
from companion.sssnake.walk import parse, text
from companion.tokens import base45
from companion.tokens.game_token import CHECK_BYTES, MAX_CHARS, QUOTE_HINT, TokenError, clean

EPOCH = Date(2000, 1, 1)  # day 0 of the 16-bit day field
LAST_DAY = EPOCH + timedelta(days=2 ** 16 - 1)  # 2179-06-06: the last day the field holds
DIRS = "UDLR"
KINDS = ("end", "move", "take", "place")
SPECIALS = ("end", "/", "at", "to", "back")  # what follows an escape in a path
NO_PATH = N_("result token holds a path no move has")


class DailyError(TokenError):
    """A result token that does not verify; one line, never quoting the token."""


class Bits:
    """A bit string written and read most significant bit first; reading past its end is a DailyError."""

    def __init__(self, data: bytes = b""):
        self.value, self.size, self.pos = int.from_bytes(data, "big"), len(data) * 8, 0

    def put(self, value: int, width: int) -> None:
        if not 0 <= value < 1 << width:
            raise DailyError(_("{value} does not fit the result token's {width}-bit field").format(value=value,
                                                                                                    width=width))
        self.value, self.size = self.value << width | value, self.size + width

    def get(self, width: int) -> int:
        if self.pos + width > self.size:
            raise DailyError(_("result token is cut short; {hint}").format(hint=_(QUOTE_HINT)))
        self.pos += width
        return self.value >> (self.size - self.pos) & ((1 << width) - 1)

    def packed(self) -> bytes:
        """The bits so far, the last byte filled with zeros."""
        pad = -self.size % 8
        return (self.value << pad).to_bytes((self.size + pad) // 8, "big")

    def rest_is_padding(self) -> bool:
        """Only the zero bits that fill the last byte are left."""
        left = self.size - self.pos
        return left < 8 and self.get(left) == 0


def put_square(bits: Bits, sq: Sequence[int]) -> None:
    bits.put((sq[0] - 1) << 4 | (sq[1] - 1), 8)


def get_square(bits: Bits) -> list[int]:
    n = bits.get(8)
    return [(n >> 4) + 1, (n & 15) + 1]


def put_path(bits: Bits, path: str) -> None:
    """The path's steps at 2 bits each; a step back the way the snake came is the escape code."""
    prev: str | None = None

    def escape(special: str) -> None:
        if prev is None:
            bits.put(1, 1)
        else:
            bits.put(DIRS.index(BACK[prev]), 2)
        bits.put(SPECIALS.index(special), 3)

    for k, part in enumerate(parse(path)):
        if k:
            escape("/")
            prev = None
        for kind, value in part:
            if kind == "step" and prev is None:
                bits.put(0, 1)
                bits.put(DIRS.index(value), 2)
            elif kind == "step" and prev is not None and value != BACK[prev]:
                bits.put(DIRS.index(value), 2)
            else:
                escape({"step": "back"}.get(kind, kind))
                if kind != "step":
                    put_square(bits, value)
            prev = value if kind == "step" else None
    escape("end")


def get_path(bits: Bits) -> str:
    parts: list[list[tuple]] = [[]]
    prev: str | None = None
    while True:
        code: int | None
        if prev is None:
            code = None if bits.get(1) else bits.get(2)
        else:
            code = bits.get(2)
            code = None if DIRS[code] == BACK[prev] else code
        if code is not None:
            prev = DIRS[code]
            parts[-1].append(("step", prev))
            continue
        n = bits.get(3)
        if n >= len(SPECIALS):
            raise DailyError(_(NO_PATH))
        special = SPECIALS[n]
        if special == "end":
            return text(parts)
        if special == "back":
            if prev is None:  # a step back with no step before it
                raise DailyError(_(NO_PATH))
            prev = BACK[prev]
            parts[-1].append(("step", prev))
        elif special == "/":
            parts.append([])
            prev = None
        else:
            parts[-1].append((special, tuple(get_square(bits))))
            prev = None


def put_marks(bits: Bits, action: dict) -> None:
    """A take's or a place's corner (Intuition) and marks (Two-headed's X, Offspring's eggs)."""
    corner, marks = action.get("corner"), action.get("marks", [])
    bits.put(corner is not None, 1)
    if corner is not None:
        put_square(bits, corner)
    bits.put(len(marks), 2)
    for sq in marks:
        put_square(bits, sq)


def get_marks(bits: Bits) -> dict:
    found = {"corner": get_square(bits)} if bits.get(1) else {}
    marks = [get_square(bits) for _i in range(bits.get(2))]
    return found | ({"marks": marks} if marks else {})


def put_direction(bits: Bits, way: str) -> None:
    """A chosen direction in 3 bits (0: none chosen)."""
    bits.put(DIRS.index(way) + 1 if way else 0, 3)


def get_direction(bits: Bits) -> str:
    n = bits.get(3)
    if n > len(DIRS):
        raise DailyError(_("result token holds a direction no cave takes"))
    return DIRS[n - 1] if n else ""


def put_action(bits: Bits, action: dict) -> None:
    kind = action["type"]
    bits.put(KINDS.index(kind), 2)
    if kind == "move":
        bits.put(bool(action.get("swap")), 1)
        bits.put(bool(action.get("anyway")), 1)
        bits.put(bool(action.get("borrow")), 1)
        if action.get("borrow"):
            bits.put(action["borrow"] - 1, 4)
        bits.put(bool(action.get("roll")), 1)
        if action.get("roll"):
            bits.put(DIRS.index(action["roll"]), 2)
        put_path(bits, action["path"])
    else:
        if kind == "take":
            bits.put(action["card"] - 1, 4)
        put_marks(bits, action)


def get_action(bits: Bits, name: str, format: int) -> dict | None:
    """The next action (with the player's name), or None at the end; a format 1 move has no edge, and one with no
    path is checked without Nocturnal's loans, as rules before version 7 checked it."""
    kind = KINDS[bits.get(2)]
    if kind == "end":
        return None
    action: dict = {"type": kind, "player": name}
    if kind == "move":
        swap, anyway = bits.get(1), bits.get(1)
        borrow = bits.get(4) + 1 if bits.get(1) else 0
        roll = DIRS[bits.get(2)] if format > 1 and bits.get(1) else ""
        action["path"] = get_path(bits)
        own = format == 1 and not action["path"]  # format 1 came before rules version 7: checked as it was played
        return action | ({"swap": True} if swap else {}) | ({"anyway": True} if anyway else {}) | \
            ({"borrow": borrow} if borrow else {}) | ({"roll": roll} if roll else {}) | ({"own": True} if own else {})
    if kind == "take":
        action["card"] = bits.get(4) + 1
    return action | get_marks(bits)


def checksum(body: bytes, prefix: str = PREFIX) -> bytes:
    """CRC-32 over the prefix and the bits, as companion.tokens.game_token checks its tokens."""
    return zlib.crc32(body, zlib.crc32(prefix.encode())).to_bytes(CHECK_BYTES, "big")


def pack(day: Date, name: str, actions: list[dict], cave: str = "") -> str:
    """The token for a day, a name, the way the player's cave moved and the player's actions in order (move, take,
    place dicts as the log has them)."""
    bits = Bits()
    bits.put((day - EPOCH).days, 16)
    raw = name.encode()
    bits.put(len(raw), 7)
    for byte in raw:
        bits.put(byte, 8)
    put_direction(bits, cave)
    for action in actions:
        put_action(bits, action)
    bits.put(0, 2)
    body = bits.packed()
    return PREFIX + base45.encode(body + checksum(body))


def unpack(token: str) -> tuple[Date, str, list[dict], str]:
    """(day, name, actions, the cave's way) of a result token, checked before anything in it is trusted."""
    token = clean(token)
    prefix = next((p for p in (PREFIX, OLD_PREFIX) if token.startswith(p)), None)
    if prefix is None:
        game = _(" (this one is a saved game's token, which resume opens)") if token.startswith("CT") else ""
        raise DailyError(_("not a daily result token: one starts with {prefix}").format(prefix=PREFIX) + game)
    if len(token) > MAX_CHARS:
        raise DailyError(_("result token is {n} characters long; a token is at most {most}").format(
            n=len(token), most=MAX_CHARS))
    try:
        raw = base45.decode(token[len(prefix):])
    except base45.Base45Error as exc:
        raise DailyError(_("result token is damaged: {why}; {hint}").format(why=exc, hint=_(QUOTE_HINT))) from None
    body = raw[:-CHECK_BYTES]
    if len(raw) <= CHECK_BYTES or checksum(body, prefix) != raw[-CHECK_BYTES:]:
        raise DailyError(_("result token is damaged: its checksum does not match (mistyped, cut short or changed); "
                           "{hint}").format(hint=_(QUOTE_HINT)))
    bits = Bits(body)
    day = EPOCH + timedelta(days=bits.get(16))
    try:
        name = bytes(bits.get(8) for _i in range(bits.get(7))).decode()
    except UnicodeDecodeError:
        raise DailyError(_("result token's name is not text")) from None
    fault = name_fault(name)
    if fault:
        raise DailyError(_("result token's name {fault}").format(fault=fault))
    format = 2 if prefix == PREFIX else 1
    cave = get_direction(bits) if format > 1 else ""
    actions = []
    while (action := get_action(bits, name, format)) is not None:
        actions.append(action)
    if not bits.rest_is_padding():
        raise DailyError(_("result token goes on after its last action"))
    return day, name, actions, cave


def result_token(state: State, log: list[dict], date: Date, name: str) -> str:
    """The finished daily game's token: its result (companion.sssnake.daily.result) packed."""
    try:
        mine, cave = result(state, log)
    except IllegalAction as exc:
        raise DailyError(str(exc)) from None
    return pack(date, name, mine, cave)


def verify(token: str) -> dict:
    """Replay a fresh daily game of the token's day through the rules, flipping whenever the game waits for a flip;
    the final score, rank, length, rounds, whether the game is over, and what that proves (`proves`): these moves
    on this day's deal score this, nothing about who played them (the name is carried, not bound to the moves)."""
    from companion.sssnake import scoring
    from companion.sssnake.game import ENGINE

    day, name, actions, cave = unpack(token)
    try:
        state = ENGINE.new(day_setup(day, name))
        ENGINE.admit(state)
        flip = {"type": "flip"} | ({"cave": cave} if cave else {})  # the cave round's
        state = cast(State, ENGINE.apply(state, flip).state)  # the engine's Result holds any game's state
    except IllegalAction as exc:
        raise DailyError(_("result token's game cannot start: {why}").format(why=exc)) from None
    for n, action in enumerate(actions, 1):
        try:
            while ENGINE.next_step(state)["step"] == "flip":
                state = cast(State, ENGINE.apply(state, {"type": "flip"}).state)
            state = cast(State, ENGINE.apply(state, action).state)
        except IllegalAction as exc:
            raise DailyError(_("the replay refuses action {n} of {total} ({type}): {why}").format(
                n=n, total=len(actions), type=action["type"], why=exc)) from None
    score = scoring.scores(state.snakes)[0]
    return {"date": day.isoformat(), "landscape": state.land, "name": name, "score": score.total,
            "rank": scoring.solo_rank(score.total), "length": score.length, "golden": score.golden,
            "rotten": score.rotten, "rounds": max(0, state.flips - len(state.snakes)),
            "over": state.phase == Phase.OVER,
            "proves": f"these moves, on the deal of {day.isoformat()}, score {score.total} points"}
