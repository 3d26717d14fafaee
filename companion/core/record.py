"""Bases for the rules' states and values: what @dataclass and NamedTuple give them, without their start-up cost."""
from __future__ import annotations


class Record:
    """Equality, repr and `replace` by attribute values, as @dataclass gives them without exec'ing code per class."""

    def __eq__(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return vars(self) == vars(other)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in vars(self).items())})"

    def replace(self, **changes):
        """A shallow copy with `changes` applied, like dataclasses.replace."""
        twin = object.__new__(type(self))
        twin.__dict__.update(vars(self), **changes)
        return twin


class Value(Record):
    """A frozen value declared and used like a NamedTuple, whose class costs no eval'd constructor at import."""

    _fields: tuple[str, ...] = ()
    _field_defaults: dict = {}

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._fields = tuple(cls.__dict__.get("__annotations__", ()))
        cls._field_defaults = {name: cls.__dict__[name] for name in cls._fields if name in cls.__dict__}

    def __init__(self, *args, **kwargs):
        if kwargs or len(args) != len(self._fields):
            args = self._bind(args, kwargs)
        self.__dict__.update(zip(self._fields, args, strict=False))  # as many as the fields (bound, if not)

    @classmethod
    def _bind(cls, args: tuple, kwargs: dict) -> list:
        """Every field's value, in order, from positional and named arguments and the defaults."""
        names = cls._fields
        values = {**cls._field_defaults, **kwargs, **dict(zip(names, args, strict=False))}  # too many: refused below
        if len(args) > len(names) or values.keys() != set(names) or not kwargs.keys().isdisjoint(names[:len(args)]):
            missing = [name for name in names if name not in values]
            raise TypeError(f"{cls.__name__}() takes {', '.join(names)}" + (f"; {', '.join(missing)} missing"
                                                                           if missing else f", not {args} {kwargs}"))
        return [values[name] for name in names]

    def __setattr__(self, name, value):
        raise AttributeError(f"{type(self).__name__} is immutable; _replace makes a changed copy")

    def __hash__(self) -> int:
        return hash(tuple(vars(self).values()))

    def _replace(self, **changes):
        """A copy with `changes` applied, like NamedTuple._replace."""
        unknown = changes.keys() - set(self._fields)
        if unknown:
            raise ValueError(f"{type(self).__name__} has no field {', '.join(sorted(unknown))}")
        return self.replace(**changes)
