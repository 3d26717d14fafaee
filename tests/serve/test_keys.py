"""The secrets in a served game's links (companion/serve/keys.py)."""
import re

from companion.serve.keys import bolotomus_secret, join_secret, matches, new_key


def test_secrets_are_short_lowercase_base32_and_differ_by_game_purpose_and_key():
    key = b"k" * 32
    one = join_secret(key, "sssnake-1")
    assert re.fullmatch(r"[a-z2-7]{16}", one) and one == join_secret(key, "sssnake-1")
    assert one != join_secret(key, "sssnake-2") and one != bolotomus_secret(key, "sssnake-1")
    assert one != join_secret(new_key(), "sssnake-1")


def test_the_secret_is_the_documented_hmac():
    import base64
    import hashlib
    import hmac

    key = bytes(range(32))
    digest = hmac.new(key, b"bolotomus:snits-3", hashlib.sha256).digest()
    assert bolotomus_secret(key, "snits-3") == base64.b32encode(digest).decode().lower()[:16]


def test_matches():
    assert matches("abc", "abc") and not matches("abd", "abc") and not matches("", "abc")
