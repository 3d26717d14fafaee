"""Preset dictionaries for the token's deflate: the key names and values a game's state dict repeats.

Deflate may copy from these bytes as if they came just before the state, so a key name costs a two-byte
back-reference instead of its letters. They are part of token format 1: changing a byte here makes every
version-1 token unreadable, so a new preset needs a new format version (and the old one kept to read old tokens).
"""
from __future__ import annotations

PRESETS = {
    "sssnake": b'"sssnake-1",{"',
    "snits": b'"snits-1",{"',
}
