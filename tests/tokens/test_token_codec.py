"""The token's layout (prefix, base45, checksum, bounded inflate, strict JSON) on small stand-in state dicts."""
import json
import zlib

import pytest

from companion.core import games
from companion.tokens import base45
from companion.tokens import game_token as token

STATE = {"players": ["Ann", "Bob"], "round": 3, "lengths": [4, 7], "seed": 12345, "ok": True, "note": None}


def reseal(kind: str, body: bytes) -> str:
    """A format-1 token (no play id) around any body, with a correct checksum: what an attacker (or a bug) could
    hand us."""
    head = token.prefix(kind, token.PLAYLESS)
    return head + base45.encode(body + zlib.crc32(body, zlib.crc32(head.encode())).to_bytes(4, "big"))


def deflate(kind: str, text: bytes) -> bytes:
    squeezer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zdict=token.preset(kind))
    return squeezer.compress(text) + squeezer.flush()


@pytest.mark.parametrize("kind", sorted(games.GAMES))
def test_round_trip(kind):
    """A state dict comes back identical, with its kind and game id."""
    text = token.pack(kind, f"{kind}-7", STATE)
    assert token.unpack(text) == token.Token(kind, f"{kind}-7", STATE)


def test_prefix_names_format_version_and_game():
    """Versioned: the token starts with CT, the format version and the game's letter."""
    assert token.pack("sssnake", "sssnake-1", STATE).startswith("CT1S:")
    assert token.pack("snits", "snits-1", STATE).startswith("CT1R:")


def test_fits_qr_alphanumeric_mode_and_is_deterministic():
    """Alphanumeric mode holds upper case, digits and ' $%*+-./:' only; the same state gives the same token."""
    text = token.pack("sssnake", "sssnake-1", STATE)
    assert set(text) <= set(base45.ALPHABET)
    assert text == token.pack("sssnake", "sssnake-1", dict(reversed(list(STATE.items()))))


def test_compressed():
    """Compact: the token is shorter than the minimal JSON it carries."""
    big = {"cells": [[0, 1, 2, 3] * 4] * 16}
    assert len(token.pack("sssnake", "sssnake-1", big)) < len(json.dumps(big, separators=(",", ":")))


def test_copying_damage_is_forgiven():
    """Line breaks, surrounding blanks and lower case (none of which a token holds) are taken out."""
    text = token.pack("snits", "snits-2", STATE)
    assert token.unpack(f"  {text[:20].lower()}\n{text[20:]}\r\n").data == STATE


@pytest.mark.parametrize("mangle, message", [
    (lambda t: "hello", "not a companion token"),
    (lambda t: "XX" + t[2:], "not a companion token"),
    (lambda t: "CT3" + t[3:], "version 3 .*update the companion"),
    (lambda t: "CT1Q" + t[4:], "game letter 'Q'"),
    (lambda t: t[:-1], "damaged"),
    (lambda t: t[:-3], "damaged"),
    (lambda t: t + "00A", "damaged"),
    (lambda t: t + "000", "checksum does not match"),
    (lambda t: t[:10] + ("A" if t[10] != "A" else "B") + t[11:], "checksum does not match"),
    (lambda t: t[:10] + "#" + t[11:], "'#' at position"),
    (lambda t: t[:5], "checksum does not match"),
    (lambda t: t + "0" * 5000, "at most 4296"),
])
def test_damaged_tokens_are_refused_with_one_line(mangle, message):
    """Checked: a mistyped, cut or foreign token is refused with one clear line, never half-loaded."""
    text = token.pack("sssnake", "sssnake-1", STATE)
    with pytest.raises(token.TokenError, match=message) as info:
        token.unpack(mangle(text))
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("body, message", [
    (b"not deflate at all \xff\xff", "not a compressed game state"),
    (deflate("sssnake", b'["sssnake-1",{}]')[:-2], "cut short"),
    (deflate("sssnake", b'["sssnake-1",{}]') + b"junk", "junk"),
    (deflate("sssnake", b"[" * 20000 + b"]" * 20000), "more than"),
    (deflate("sssnake", b"{" * 3000), "no readable game state"),
    (deflate("sssnake", b"[" * 15000 + b"]" * 15000), "no readable game state"),
    (deflate("sssnake", b'["sssnake-1",{"a":NaN}]'), "NaN"),
    (deflate("sssnake", b'["sssnake-1",{"a":1,"a":2}]'), "appears twice"),
    (deflate("sssnake", b'\xff["sssnake-1",{}]'), "no readable game state"),
    (deflate("sssnake", b'{"id":"sssnake-1"}'), r"expected \[game id, state\]"),
    (deflate("sssnake", b'["sssnake-1",[1,2]]'), r"expected \[game id, state\]"),
    (deflate("sssnake", b'["../../etc",{}]'), "not a game id"),
    (deflate("sssnake", b'["sssnake-1",{"P":[{"n":"Ann\\u001b]0;owned\\u0007"}]}]'), "control characters"),
    (deflate("sssnake", b'["sssnake-1",{"P":[{"n\\n":"Ann"}]}]'), "control characters"),
])
def test_valid_checksum_over_bad_contents_is_refused(body, message):
    """Untrusted input: a checksum proves no intent; bombs, broken streams and odd JSON are refused too."""
    with pytest.raises(token.TokenError, match=message):
        token.unpack(reseal("sssnake", body))


def test_zip_bomb_is_not_unpacked_in_full():
    """A few hundred bytes that would inflate to megabytes stop at the bound."""
    body = deflate("sssnake", b'["sssnake-1",{"a":"' + b"A" * 2_000_000 + b'"}]')
    assert len(body) < 2500
    with pytest.raises(token.TokenError, match="more than 32768 bytes"):
        token.unpack(reseal("sssnake", body))


def test_a_rules_check_that_crashes_is_still_one_line(monkeypatch):
    """Any failure is one TokenError: should a game's from_dict meet a field it did not foresee and crash,
    the player still gets one line, not a traceback."""
    class Brittle:
        def from_dict(self, data):
            return {}["missing"]

    monkeypatch.setattr(token.games, "engine", lambda kind: Brittle())
    with pytest.raises(token.TokenError, match=r"rules cannot read: a field of the wrong shape \(KeyError\)$") as err:
        token.decode(token.pack("sssnake", "sssnake-1", STATE))
    assert "missing" not in str(err.value)


def test_a_token_carries_the_play_id():
    """Format 2: the play id's 6 bytes ahead of the compressed [game id, state], so a game resumed elsewhere is the
    same play; format 1 (no play id) still reads, with None for the play id."""
    text = token.pack("sssnake", "sssnake-1", STATE, "0123456789ab")
    assert text.startswith("CT2S:") and token.unpack(text) == token.Token("sssnake", "sssnake-1", STATE,
                                                                           "0123456789ab")
    old = token.pack("sssnake", "sssnake-1", STATE)
    assert old.startswith("CT1S:") and token.unpack(old).play_id is None
    assert len(text) == len(old) + 9, "6 bytes of base45: 9 characters"


def test_a_format_2_token_too_short_for_a_play_id_is_refused():
    head = token.prefix("sssnake")
    body = b"\x01\x02\x03"
    with pytest.raises(token.TokenError, match="cut short before its game state"):
        token.unpack(head + base45.encode(body + zlib.crc32(body, zlib.crc32(head.encode())).to_bytes(4, "big")))
