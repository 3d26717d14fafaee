"""Fuzzing the decoder (hypothesis): random, mutated and re-sealed tokens never raise anything but TokenError,
and whatever a token does decode to is a whole state the game can show and save again."""
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks import random_play
from benchmarks.token_size import digital_game
from companion.core import games
from companion.core.games import engine
from companion.tokens import base45, sheet_token
from companion.tokens import game_token as token

FUZZ = settings(max_examples=250, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
TABLES = {"sssnake": random_play.sssnake(4, 12, 1, "foxtrail"), "snits": random_play.snits(8, 1, **random_play.SPARK)}
STATES = [(kind, engine(kind).to_dict(before, True)) for kind, table in TABLES.items() for before, _ in
          table.steps[::7] + [(table.state, None)]]
TOKENS = [token.pack(kind, f"{kind}-1", data) for kind, data in STATES]
DELETE = object()
JSON = st.recursive(st.none() | st.booleans() | st.integers(-2 ** 70, 2 ** 70) | st.floats() | st.text(max_size=12),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4),
                    max_leaves=8)


def survives(text: str) -> None:
    """Either one TokenError line, or a state the game can describe, show and turn back into the same dict."""
    try:
        decoded, state = token.decode(text)
    except token.TokenError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    eng = engine(decoded.kind)
    eng.describe(state)
    eng.view(state)
    assert eng.to_dict(state, True) == eng.to_dict(eng.from_dict(eng.to_dict(state, True)), True)


@FUZZ
@given(st.text(max_size=400))
def test_random_text(text):
    survives(text)


@FUZZ
@given(st.sampled_from(sorted(g.letter for g in games.GAMES.values())), st.text(base45.ALPHABET, max_size=400))
def test_random_base45_behind_a_real_prefix(code, body):
    survives(f"CT1{code}:{body}")


@FUZZ
@given(st.sampled_from(TOKENS), st.data())
def test_mutated_tokens(text, data):
    """Flipped characters, cuts, junk appended or inserted: refused (the checksum), never half loaded."""
    where = data.draw(st.integers(0, len(text) - 1))
    how = data.draw(st.sampled_from(["flip", "cut", "append", "insert", "delete", "swap"]))
    junk = data.draw(st.text(base45.ALPHABET + "abc#\n", min_size=1, max_size=6))
    mutated = {"flip": text[:where] + junk[0] + text[where + 1:], "cut": text[:where], "append": text + junk,
               "insert": text[:where] + junk + text[where:], "delete": text[:where] + text[where + 1:],
               "swap": text[:where] + text[where + 1:where + 2] + text[where:where + 1] + text[where + 2:]}[how]
    if token.clean(mutated) != text:
        with pytest.raises(token.TokenError):
            token.decode(mutated)


@FUZZ
@given(st.sampled_from(sorted(games.GAMES)), st.binary(max_size=300))
def test_garbage_behind_a_valid_checksum(kind, body):
    """A correct CRC over bytes that are no compressed state."""
    head = token.prefix(kind)
    survives(head + base45.encode(body + zlib.crc32(body, zlib.crc32(head.encode())).to_bytes(4, "big")))


def leaves(value, path=()):
    """Every path into a state dict: keys, list items, and the containers themselves."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from leaves(item, path + (index,))


def changed(value, path, new):
    """A copy of value with the item at path replaced by new, or taken out when new is DELETE."""
    if not path:
        return new
    copy = dict(value) if isinstance(value, dict) else list(value)
    if len(path) == 1 and new is DELETE:
        del copy[path[0]]
    else:
        copy[path[0]] = changed(value[path[0]], path[1:], new)
    return copy


@FUZZ
@given(st.sampled_from(STATES), st.data())
def test_out_of_range_fields_behind_a_valid_checksum(state, data):
    """A well-formed token whose state was changed: a length of -3, an organ that does not exist, a deck that is
    not a permutation, a missing or extra field. The rules refuse it with TokenError, or it is a valid state."""
    kind, original = state
    path = data.draw(st.sampled_from(list(leaves(original))[1:]))
    new = data.draw(st.one_of(JSON, st.integers(-3, 40), st.text("abcdefghijklmnopqrstuvwxyz_.x-0123456789",
                                                                  max_size=25), st.just(DELETE)))
    survives(token.pack(kind, f"{kind}-1", changed(original, path, new)))


@FUZZ
@given(st.sampled_from(STATES), st.text(max_size=4), JSON)
def test_unknown_fields_behind_a_valid_checksum(state, key, value):
    kind, original = state
    survives(token.pack(kind, f"{kind}-1", original | {key: value}))


SHEETS_STATE = digital_game(2, "sahara", rounds=6)
GAME = token.encode("sssnake", "sssnake-1", SHEETS_STATE)
SHEETS = [sheet_token.encode("sssnake-1", SHEETS_STATE, who) for who in sorted(SHEETS_STATE.sheets)]


def resealed(text: str, where: int, byte: int) -> str:
    """A sheet token with one byte of its body changed and the checksum recomputed, so the body is what is read."""
    body = bytearray(token.opened(sheet_token.PREFIX, text[len(sheet_token.PREFIX):]))
    body[where % len(body)] = byte
    return token.seal(sheet_token.PREFIX, bytes(body))


@settings(FUZZ, max_examples=60)
@given(st.integers(0, len(SHEETS) - 1), st.one_of(st.text(max_size=120), st.tuples(st.integers(0, 200),
                                                                                   st.integers(0, 255))))
def test_a_random_or_resealed_sheet_token_is_refused_in_one_line_or_resumed(cli, k, change):
    """Random text, or one byte of a sheet token's body changed behind a valid checksum: in-process only a
    TokenError (never IndexError, KeyError, ...), and `companion resume` one `error:` line or a resumed game."""
    texts = SHEETS[:k] + [resealed(SHEETS[k], *change) if isinstance(change, tuple) else change] + SHEETS[k + 1:]
    try:
        token.validate("sssnake", sheet_token.join(token.unpack(GAME), texts))
    except token.TokenError as exc:
        assert "\n" not in str(exc)
    result = cli("resume", "--", GAME, *texts)
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert (result.exit_code, len(errors)) in ((0, 0), (1, 1))
