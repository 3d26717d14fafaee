"""Whole numbers as people type them: the text is bounded before it is read, since int() of thousands of digits
(leading zeros too) raises and is slow."""
from __future__ import annotations

LONGEST = 16  # characters of a typed number: "007" is read, a pasted page of zeros is not


def whole(raw: str, most: int) -> int | None:
    """A typed whole number 0-most, or None for anything else (a sign, a letter, '²', more than most, or more than
    LONGEST characters whatever their value)."""
    if not raw.isdecimal() or len(raw) > LONGEST:
        return None
    n = int(raw)
    return n if n <= most else None
