"""The secrets in a served game's links and the key they come from (companion/serve/keys.py)."""
import os
import re
import stat
import sys

import pytest

from companion.serve.keys import bolotomus_secret, join_secret, key_path, matches, new_key, stored_key
from companion.shared.session import Refused

MADE = "2026-01-02T03:04:05.000006+00:00"


def test_secrets_are_short_lowercase_base32_and_differ_by_game_purpose_key_and_creation():
    key = b"k" * 32
    one = join_secret(key, "sssnake-1", MADE)
    assert re.fullmatch(r"[a-z2-7]{16}", one) and one == join_secret(key, "sssnake-1", MADE)
    assert one != join_secret(key, "sssnake-2", MADE) and one != bolotomus_secret(key, "sssnake-1", MADE)
    assert one != join_secret(new_key(), "sssnake-1", MADE)
    assert one != join_secret(key, "sssnake-1", MADE.replace("06+", "07+"))  # a reused id is another game


def test_the_secret_is_the_documented_hmac():
    import base64
    import hashlib
    import hmac

    key = bytes(range(32))
    digest = hmac.new(key, f"bolotomus\0snits-3\0{MADE}".encode(), hashlib.sha256).digest()
    assert bolotomus_secret(key, "snits-3", MADE) == base64.b32encode(digest).decode().lower()[:16]


def test_matches():
    assert matches("abc", "abc") and not matches("abd", "abc") and not matches("", "abc")


def test_the_key_is_kept_in_the_data_folder_for_its_owner_only(home):
    key = stored_key()
    assert len(key) == 32 and stored_key() == key and os.path.dirname(key_path()) == str(home)
    if sys.platform != "win32":
        assert stat.S_IMODE(os.stat(key_path()).st_mode) == 0o600
    fresh = stored_key(new=True)
    assert fresh != key and stored_key() == fresh
    assert sorted(os.listdir(home)) == ["serve.key"]  # nothing left beside it


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes")
def test_a_key_others_may_read_or_a_damaged_one_is_one_line_naming_new_links(home):
    stored_key()
    os.chmod(key_path(), 0o644)
    with pytest.raises(Refused, match="may be read by others.*--new-links"):
        stored_key()
    with open(key_path(), "wb") as out:
        out.write(b"short")
    os.chmod(key_path(), 0o600)
    with pytest.raises(Refused, match="holds no key.*--new-links"):
        stored_key()
    assert len(stored_key(new=True)) == 32
