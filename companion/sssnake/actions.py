"""Moves as data: frozen actions with a dict form (the log) and a text form (history), both round-tripping."""
from __future__ import annotations

from typing import Any

from companion.core.codec import MISSING, Codec
from companion.core.engine import IllegalAction
from companion.core.language import _, pgettext
from companion.core.numbers import whole
from companion.core.record import Value

ENDINGS = {"snow": "s", "ice": "i", "shade": "h"}  # where a move ended, when it matters next round

Square = tuple[int, int]  # (column A, row B), both 1-16
COUNT_MAX = 999  # the most a typed count may say: more apples than any sheet holds, and few digits to read
SHOWN = 24  # the most of a typed word a refusal quotes


def cut(text: str) -> str:
    """Typed text cut to a readable length, so a refusal never echoes a pasted page back whole."""
    return text if len(text) <= SHOWN else text[:SHOWN] + "…"


def shown(text: str) -> str:
    """Typed text as a refusal quotes it: cut, and with what the terminal could act on escaped."""
    return repr(cut(text))


def square(text: str) -> Square:
    """'4,12' -> (4, 12): column then row, as the apple cards give them."""
    parts = text.split(",")
    if len(parts) != 2 or not all(p.strip().isdecimal() for p in parts):
        raise IllegalAction(_("{text} is not a square; write COLUMN,ROW like 4,12").format(text=shown(text)))
    col, row = (whole(p.strip(), 16) for p in parts)
    if not (col and row):
        raise IllegalAction(_("square {text} is off the sheet; columns and rows run 1-16").format(text=cut(text)))
    return col, row


def square_text(sq: Square) -> str:
    return f"{sq[0]},{sq[1]}"


def ending_word(name: str) -> str:
    """An ending's name (snow, ice, shade) as a player reads it."""
    return {"snow": pgettext("ending", "snow"), "ice": pgettext("ending", "ice"),
            "shade": pgettext("ending", "shade")}[name]


DIRECTIONS = "UDLR"  # a cave's way off blocked ground, an apple's edge of two as near: up, down, left, right


class Flip(Value):
    """The first player turns the top apple card onto the B stack; on the cave round a digital flipper's cave on
    ground it may not lie on moves in `cave` (U, D, L, R: the first player's choice; empty, to the nearest square)."""

    cave: str = ""
    type = "flip"


class Report(Value):
    """What one player's sheet shows after moving this round."""

    player: str
    fresh: int = 0
    rotten: int = 0
    golden: tuple[Square, ...] = ()
    end: str = ""  # letters from ENDINGS
    out: bool = False
    stole: Square | None = None  # Thieving: the square of fresh apples the move ended on
    golden_count: int = 0  # golden apples eaten on the boxed game's sheets, whose squares the companion does not know
    type = "report"


class Fix(Report):
    """A correction: a player's whole report for the open round, given again (logged, so undo takes it back)."""

    type = "fix"


Fix._fields, Fix._field_defaults = Report._fields, Report._field_defaults  # the same fields as the report it corrects


class Round(Value):
    """Several players' reports typed as one line (companion.sssnake.roundline's grammar), applied at once."""

    line: str
    type = "round"


class Take(Value):
    """A player gaining an ability picks a face-up card; Intuition needs its square's top-left corner, and on a
    digital sheet Two-headed its X (one square) and Offspring its three eggs (`marks`)."""

    player: str
    card: int
    corner: Square | None = None
    marks: tuple[Square, ...] = ()
    type = "take"


class Place(Value):
    """What a card gained through Moulting draws on the sheet (the card was not known when it was taken): an
    Intuition square's corner, or on a digital sheet the X or the eggs."""

    player: str
    corner: Square | None = None
    marks: tuple[Square, ...] = ()
    type = "place"


class Move(Value):
    """A digital player's move: the path (companion.sssnake.walk's grammar), Tricky's swapped apple, Nocturnal's
    borrowed card, `anyway`: the player confirms a move that eliminates the snake (with no path: a snake that has no
    move left), `bumped`: logged before rules version 5, so a step into rocks eliminates (migrate sets it), `roll`:
    the edge (U, D, L, R) the round's apple rolls towards when it falls on the snake with two edges as near (empty:
    the first of up, down, left, right), and `own`: a move with no path logged before rules version 7, whose
    no-move check left out the cards Nocturnal could borrow (migrate sets it)."""

    player: str
    path: str
    swap: bool = False
    borrow: int = 0
    anyway: bool = False
    bumped: bool = False
    roll: str = ""
    own: bool = False
    type = "move"


class Rejoin(Value):
    """Friendship mode: an eliminated player draws a cave on this flip instead of an apple; on a digital sheet `cave`
    is the way it moves off ground it may not lie on, as a flip's."""

    player: str
    cave: str = ""
    type = "rejoin"


KINDS = {cls.type: cls for cls in (Flip, Report, Fix, Round, Take, Place, Rejoin, Move)}


def fields(action) -> list[tuple[str, Any, Any]]:
    """(name, value, default) of an action's fields; a field without a default has the marker MISSING."""
    return [(name, getattr(action, name), action._field_defaults.get(name, MISSING)) for name in action._fields]


def typed(name: str, want: type):
    """A reader for a field of one plain type (exactly: a bool is no int here)."""
    def read(value, kind: str):
        if type(value) is not want:
            raise IllegalAction(_("{field} must be {kind}, not {value}").format(field=f"{kind}.{name}",
                                                                                 kind=want.__name__, value=repr(value)))
        return value

    return read


def checked_square(value, key: str) -> Square:
    """A square from the log's [column, row] list, range-checked like a typed one."""
    if not (isinstance(value, (list, tuple)) and len(value) == 2 and all(type(v) is int for v in value)):
        raise IllegalAction(_("{key} must be [column, row], not {value}").format(key=key, value=shown(str(value))))
    if not all(1 <= v <= 16 for v in value):
        raise IllegalAction(_("{key} is off the sheet; columns and rows run 1-16").format(key=key))
    return value[0], value[1]


def direction_read(value, kind: str) -> str:
    """A direction field: one of U, D, L, R, or empty."""
    if not (isinstance(value, str) and len(value) <= 1 and value in DIRECTIONS):
        raise IllegalAction(_("{kind} takes a direction U, D, L or R (up, down, left, right), not {value}").format(
            kind=kind, value=shown(str(value))))
    return value


def squares_read(key: str):
    """A reader for a list of squares (golden apples eaten, marks drawn)."""
    return lambda value, kind: tuple(checked_square(v, key) for v in (value if isinstance(value, list) else [None]))


def square_read(key: str):
    """A reader for a square field that may be None (stole; corner is required where it is needed)."""
    return lambda value, kind: None if value is None else checked_square(value, key)


PLAIN = {"player": str, "card": int, "fresh": int, "rotten": int, "end": str, "out": bool, "golden_count": int,
         "line": str, "path": str, "swap": bool, "borrow": int, "anyway": bool, "bumped": bool,
         "own": bool}
READERS = {name: typed(name, want) for name, want in PLAIN.items()} | {
    "cave": direction_read, "roll": direction_read, "golden": squares_read("golden"), "marks": squares_read("marks"),
    "corner": square_read("corner"), "stole": square_read("stole")}
CODEC = Codec(KINDS, READERS)
to_dict = CODEC.to_dict  # the log's form: type plus every field that differs from its default
from_dict = CODEC.from_dict  # an action from its dict form; an unknown type, field or shape is one IllegalAction


def to_text(action) -> str:
    """'report Ann fresh=2 golden=4,12;6,14 end=snow out' — the history's one line per action; a round keeps its line."""
    if action.type == "round":
        return f"round {action.line}".rstrip()
    if action.type == "move":
        flags = ["swap"] * action.swap + [f"borrow={action.borrow}"] * bool(action.borrow) + \
            ["anyway"] * action.anyway + ["bumped"] * action.bumped + [f"roll={action.roll}"] * bool(action.roll) + \
            ["own"] * action.own
        return " ".join(["move", action.player] + [action.path] * bool(action.path) + flags)
    parts = [action.type]
    for name, value, default in fields(action):
        if name in ("player", "card"):
            parts.append(str(value))
        elif value == default:
            continue
        elif name == "out":
            parts.append("out")
        elif name == "end":
            parts.append("end=" + ",".join(n for n, c in ENDINGS.items() if c in value))
        elif name in ("golden", "marks"):
            parts.append(f"{name}=" + ";".join(square_text(s) for s in value))
        elif name in ("corner", "stole"):
            parts.append(f"{name}={square_text(value)}")
        else:
            parts.append(f"{name}={value}")
    return " ".join(parts)


def from_text(text: str):
    """Parse the history's line back into an action."""
    words = text.split()
    if not words or words[0] not in KINDS:
        raise IllegalAction(_("unknown action {text}; known: {kinds}").format(text=shown(text), kinds=", ".join(KINDS)))
    cls = KINDS[words[0]]
    if cls is Round:
        return Round(" ".join(words[1:]))
    if cls is Move:
        return move_from(words[1:])
    positional = [name for name in cls._fields if name in ("player", "card")]
    values: dict = {}
    for word in words[1:]:
        key, equals, raw = word.partition("=")
        if positional:  # the player (and card) come first, whatever the name looks like: "out", "A=1"
            name = positional.pop(0)
            values[name] = number(word, name, cls.type) if name == "card" else word
        elif not equals and key == "out":
            values["out"] = True
        elif key == "end":
            values["end"] = endings(raw.split(","))
        elif key in ("golden", "marks"):
            values[key] = tuple(square(s) for s in raw.split(";"))
        elif key in ("corner", "stole"):
            values[key] = square(raw)
        elif key == "cave":
            values[key] = direction(raw, cls.type)
        elif key in ("fresh", "rotten", "golden_count"):
            values[key] = number(raw, key, cls.type)
        else:
            raise IllegalAction(_("{word} is not part of a {kind} action").format(word=shown(word), kind=cls.type))
    needed = [name for name in cls._fields if name not in cls._field_defaults and name not in values]
    if needed:
        raise IllegalAction(_("a {kind} action needs {field}").format(kind=cls.type, field=needed[0]))
    return cls(**values)


def move_from(words: list[str]) -> Move:
    """'Ann R3 D swap borrow=2 anyway': the player, the path's words, then the flags in any order ('Ann anyway': no
    path, a snake with no move left)."""
    if not words:
        raise IllegalAction(_("a {kind} action needs {field}").format(kind="move", field="player"))
    path: list[str] = []
    flags: dict[str, bool | int | str] = {}
    for word in words[1:]:
        if word in ("swap", "anyway", "bumped", "own"):
            flags[word] = True
        elif word.startswith("borrow="):
            flags["borrow"] = number(word[7:], "borrow", "move")
        elif word.startswith("roll="):
            flags["roll"] = direction(word[5:], "move")
        else:
            path.append(word)
    return Move(words[0], " ".join(path), **flags)


def direction(raw: str, kind: str) -> str:
    """A typed direction: U, D, L, R or up, down, left, right, in any case."""
    word = raw.strip().upper()
    letter = {"UP": "U", "DOWN": "D", "LEFT": "L", "RIGHT": "R"}.get(word, word)
    return direction_read(letter if len(letter) == 1 else raw, kind)


def number(raw: str, name: str, kind: str) -> int:
    """A whole number typed in an action's line, bounded where it is read."""
    n = whole(raw, COUNT_MAX)
    if n is None:
        raise IllegalAction(_("{field} must be a whole number 0-{most}, not {value}").format(
            field=f"{kind}.{name}", most=COUNT_MAX, value=shown(raw)))
    return n


def endings(names) -> str:
    """['snow', 'shade'] -> 'sh'; an unknown name is refused with the known ones."""
    letters = ""
    for name in names:
        if name not in ENDINGS:
            raise IllegalAction(_("unknown ending {name}; choose from: {endings}").format(name=shown(name),
                                                                                           endings=", ".join(ENDINGS)))
        letters += ENDINGS[name]
    return "".join(sorted(set(letters), key="sih".index))
