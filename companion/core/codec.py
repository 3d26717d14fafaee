"""The one action codec both games use for the log's dict form: an action is a `Value` class with a `type`, its
dict is that type plus every field not at its default; reading one back refuses, in a player's words, an unknown type,
an unknown or missing field and a value of the wrong shape. Each game adds its own typed text form on top."""
from __future__ import annotations

from companion.core.engine import IllegalAction
from companion.core.language import _

MISSING = object()


class Codec:
    """`kinds`: type name -> action class; `readers`: field name -> function(value, type name) giving the checked
    value or raising IllegalAction (a field without a reader takes any value its class accepts)."""

    def __init__(self, kinds: dict, readers: dict):
        self.kinds, self.readers = kinds, readers

    def to_dict(self, action) -> dict:
        """Type first, then each field that differs from its default; tuples become lists (JSON has no tuple)."""
        out = {"type": action.type}
        defaults = action._field_defaults
        for name in action._fields:
            value = getattr(action, name)
            if name not in defaults or value != defaults[name]:
                out[name] = plain(value)
        return out

    def from_dict(self, data):
        """The action a dict names; every fault is one IllegalAction line naming the known types or fields."""
        if not isinstance(data, dict) or data.get("type") not in self.kinds:
            shown = data.get("type") if isinstance(data, dict) else type(data).__name__
            raise IllegalAction(_("unknown action {action}; known: {known}").format(action=repr(shown),
                                                                                     known=", ".join(self.kinds)))
        kind = data["type"]
        cls = self.kinds[kind]
        extra = set(data) - set(cls._fields) - {"type"}
        if extra:
            raise IllegalAction(_("a {kind} action has no field {field}; its fields: {fields}").format(
                kind=kind, field=repr(sorted(extra)[0]), fields=", ".join(cls._fields) or _("none")))
        values = {}
        for name in cls._fields:
            value = data.get(name, MISSING)
            if value is MISSING:
                if name not in cls._field_defaults:
                    raise IllegalAction(_("a {kind} action needs {field}").format(kind=kind, field=name))
                continue
            read = self.readers.get(name)
            values[name] = read(value, kind) if read else value
        return cls(**values)


def plain(value):
    """A field's value as JSON holds it: tuples (of tuples) as lists."""
    if isinstance(value, tuple):
        return [plain(v) for v in value]
    return value
