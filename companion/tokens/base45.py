"""Base45 (RFC 9285): bytes as text in the 45 characters a QR code packs at 5.5 bits each (alphanumeric mode)."""
from __future__ import annotations

from companion.core.language import _

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
VALUES = {c: i for i, c in enumerate(ALPHABET)}


class Base45Error(ValueError):
    """Text that RFC 9285 does not allow; the message says where and why."""


def encode(data: bytes) -> str:
    """Two bytes become three characters (least significant first); a last odd byte becomes two."""
    out: list[str] = []
    for i in range(0, len(data) - 1, 2):
        n = data[i] * 256 + data[i + 1]
        n, c = divmod(n, 45)
        e, d = divmod(n, 45)
        out += (ALPHABET[c], ALPHABET[d], ALPHABET[e])
    if len(data) % 2:
        d, c = divmod(data[-1], 45)
        out += (ALPHABET[c], ALPHABET[d])
    return "".join(out)


def decode(text: str) -> bytes:
    """The inverse of encode; refuses characters outside the alphabet, a dangling character and oversized groups."""
    for position, char in enumerate(text, 1):
        if char not in VALUES:
            raise Base45Error(_("character {char} at position {position} is not base45 (0-9, A-Z, space and "
                                "$%*+-./: only)").format(char=repr(char), position=position))
    if len(text) % 3 == 1:
        raise Base45Error(_("{n} characters cannot be base45 (a length of 3n+1 never is): one is missing or extra")
                          .format(n=len(text)))
    out = bytearray()
    for i in range(0, len(text), 3):
        group = text[i:i + 3]
        n = sum(VALUES[c] * 45 ** k for k, c in enumerate(group))
        if n > (0xFFFF if len(group) == 3 else 0xFF):
            raise Base45Error(_("characters {first}-{last} ({group}) are not a base45 group").format(
                first=i + 1, last=i + len(group), group=repr(group)))
        out += n.to_bytes(len(group) - 1, "big")
    return bytes(out)
