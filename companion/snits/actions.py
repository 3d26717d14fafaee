"""What a player can do, as small frozen values with a text form and a dict form that round-trip."""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from companion.core.codec import Codec
from companion.core.engine import IllegalAction
from companion.core.language import N_, _
from companion.core.record import Value


class Move(Value):
    """One counter one organ on ("out" for a Snit leaving through an orifice)."""
    who: str
    to: str
    dice: tuple[int, ...] = ()
    type = "move"


class Enter(Value):
    """A Snit jumps in from outside: a move that is refused for a Snit already inside."""
    who: str
    to: str
    dice: tuple[int, ...] = ()
    type = "enter"


class Kick(Value):
    """One Snit stomps one thingie in its organ: "Snorg", a Makum ("M3") or a Runnungitm ("R2")."""
    who: str
    target: str
    dice: tuple[int, ...] = ()
    type = "kick"


class Pack(Value):
    """Several Snits of one organ roll at one Runnungitm at once."""
    who: tuple[str, ...]
    target: str
    dice: tuple[int, ...] = ()
    type = "pack"


class Chomp(Value):
    """A Runnungitm tries to catch a Snit in its organ (or takes the free chomp a missed pack owes it)."""
    runnungitm: str
    snit: str
    dice: tuple[int, ...] = ()
    type = "chomp"


class Compose(Value):
    """The named Compositors each make one Makum (none named: none made)."""
    at: tuple[str, ...]
    type = "compose"


class Transform(Value):
    """A Makum becomes a Runnungitm (in the Lapotum) or its organ's missing Snorg."""
    makum: str
    type = "transform"


class Done(Value):
    """The acting side ends the current phase."""
    type = "done"


if TYPE_CHECKING:
    from typing import TypeAlias

    Action: TypeAlias = Move | Enter | Kick | Pack | Chomp | Compose | Transform | Done

KINDS: dict[str, type[Action]] = {k.type: k for k in (Move, Enter, Kick, Pack, Chomp, Compose, Transform, Done)}
EXAMPLES = {"move": "move Grubnik Glut", "enter": "enter Nimbo Fleotis", "kick": "kick Grubnik Snorg", "pack": "pack Bonk,Snub R2",
            "chomp": "chomp R2 Pokey", "compose": "compose Left", "transform": "transform M3", "done": "done"}
LISTS = {"who": Pack, "at": Compose}


def name_field(value, kind: str, field: str):
    if not isinstance(value, str):
        raise IllegalAction(_("{field} of a {kind} action is a name, not {value}").format(
            field=field, kind=kind, value=repr(value)))
    return value


def list_field(value, kind: str, field: str, want: type, what: str) -> tuple:
    if not isinstance(value, (list, tuple)) or any(not isinstance(x, want) or isinstance(x, bool) for x in value):
        raise IllegalAction(_("{field} of a {kind} action is a list of {what}").format(
            field=field, kind=kind, what=_(what)))
    return tuple(value)


def who_field(value, kind: str):
    """`who`: one Snit's name, or (a pack) several."""
    if kind == Pack.type:
        return list_field(value, kind, "who", str, N_("names"))
    return name_field(value, kind, "who")


def named(field: str):
    """The reader of a field that holds one name (a counter, an organ, a target)."""
    return lambda value, kind: name_field(value, kind, field)


CODEC = Codec(KINDS, {
    "who": who_field,
    "at": lambda v, kind: list_field(v, kind, "at", str, N_("names")),
    "dice": lambda v, kind: list_field(v, kind, "dice", int, N_("numbers")),
    **{field: named(field) for field in ("to", "target", "runnungitm", "snit", "makum")},
})


def to_dict(action: Action) -> dict:
    """The dict form the log keeps: the type, then every field (dice only when rolled)."""
    return CODEC.to_dict(action)


def from_dict(d: dict) -> Action:
    """An action from its dict form; a malformed one is refused in words a player can act on."""
    try:
        return read_once(tuple(d.items()))
    except (TypeError, AttributeError):  # a list in it (dice, a pack, Compositors), or no dict at all
        return CODEC.from_dict(d)


@lru_cache(maxsize=4096)
def read_once(items: tuple) -> Action:
    """An action of names alone, read once and remembered (actions are frozen): play and search apply the same
    few hundred actions again and again."""
    return CODEC.from_dict(dict(items))


def to_text(action: Action) -> str:
    """The one-line form a player types for the action (dice as --roll)."""
    parts = [action.type]
    for name in action._fields:
        value = getattr(action, name)
        if name == "dice":
            if value:
                parts.append("--roll " + ",".join(map(str, value)))
        elif isinstance(value, tuple):
            parts.append(",".join(value) if value else "")
        else:
            parts.append(value)
    return " ".join(quote(p) for p in parts if p)


def quote(part: str) -> str:
    return f'"{part}"' if " " in part and not part.startswith("--") else part


def items(arg: str, label: str) -> tuple[str, ...]:
    """A typed comma list; an empty item (`Bonk,,Snub`, `1,,2`) is refused, never dropped: it meant something."""
    out = tuple(a.strip() for a in arg.split(","))
    if not all(out):
        raise IllegalAction(_("{label} has an empty item in {typed}; separate the items with single commas, e.g. "
                              "A,B").format(label=label, typed=repr(arg)))
    return out


def from_text(line: str) -> Action:
    """The inverse of `to_text`: `move Grubnik Glut`, `pack Bonk,Snub R2 --roll 3,5`, `compose "Left Compositor"`."""
    import shlex

    try:
        words = shlex.split(line)
    except ValueError as exc:
        raise IllegalAction(_("cannot read {line}: {error}").format(line=repr(line), error=exc)) from None
    dice: tuple[int, ...] = ()
    if "--roll" in words:
        i = words.index("--roll")
        try:
            dice = tuple(int(x) for x in words[i + 1].split(","))
        except (IndexError, ValueError):
            raise IllegalAction(_("--roll takes the dice as numbers, e.g. --roll 3,5")) from None
        words = words[:i] + words[i + 2:]
    if not words or words[0] not in KINDS:
        raise IllegalAction(_("start with one of: {kinds}").format(kinds=", ".join(KINDS)))
    kind = KINDS[words[0]]
    names = [n for n in kind._fields if n != "dice"]
    args = words[1:]
    if len(args) != len(names) and kind is not Compose:
        raise IllegalAction(_("{kind} takes {fields}, e.g. `{example}`").format(
            kind=kind.type, fields=" ".join(n.upper() for n in names) or _("nothing"), example=EXAMPLES[kind.type]))
    values: dict[str, object] = {}
    for name, arg in zip(names, args, strict=True) if kind is not Compose else ():
        values[name] = items(arg, name.upper()) if name in LISTS and LISTS[name] is kind else arg
    if kind is Compose:  # as the command takes them: none, or Compositors by commas or spaces (one grammar)
        ends = [arg[:-1] if arg.endswith(",") and i < len(args) - 1 else arg for i, arg in enumerate(args)]
        values["at"] = tuple(organ for arg in ends for organ in items(arg, "AT"))  # `Left, Deep` too
    if "dice" in kind._fields:
        values["dice"] = dice
    elif dice:
        raise IllegalAction(_("{kind} rolls no dice").format(kind=kind.type))
    return kind(**values)
