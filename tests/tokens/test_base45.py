"""Base45 as RFC 9285 defines it: its worked examples, round trips, and the inputs it must refuse."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.tokens import base45


@pytest.mark.parametrize("raw, text", [(b"AB", "BB8"), (b"Hello!!", "%69 VD92EX0"), (b"base-45", "UJCLQE7W581"),
                                       (b"ietf!", "QED8WEX0"), (b"", "")])
def test_rfc9285_examples(raw, text):
    """RFC 9285 sections 4.3 and 4.4: the examples encode and decode exactly."""
    assert base45.encode(raw) == text
    assert base45.decode(text) == raw


@given(st.binary(max_size=300))
def test_round_trip_and_alphabet(raw):
    """Any bytes come back unchanged, in the 45 characters of QR alphanumeric mode, never ending in a space."""
    text = base45.encode(raw)
    assert base45.decode(text) == raw
    assert set(text) <= set(base45.ALPHABET)
    assert not text.endswith(" ")


@pytest.mark.parametrize("text, why", [("GGW", "not a base45 group"), ("ZZ", "not a base45 group"),
                                       ("BB8B", r"3n\+1"), ("bb8", "'b' at position 1")])
def test_refuses_what_rfc9285_forbids(text, why):
    """RFC 9285 section 6: values above 65535 (or 255 for a pair), a dangling character, foreign characters."""
    with pytest.raises(base45.Base45Error, match=why):
        base45.decode(text)
