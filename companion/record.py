"""A base for the rules' mutable game states: a dataclass's equality, repr and replace, without its start-up cost."""
from __future__ import annotations


class Record:
    """Equality, repr and `replace` by attribute values, as @dataclass gives them; the decorator would exec
    generated code for every state class on every command's start (1-3 ms each)."""

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
