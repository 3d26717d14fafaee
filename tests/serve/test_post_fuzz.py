"""Fuzzing the write route (hypothesis, seeded and bounded): any body a phone could post, as bytes or as JSON of any
shape and depth, is answered with one JSON line and never a server error; what the rules refuse changes nothing."""
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'sssnake-snits-companion[serve]'")

from tests.serve.served import g, moving, saved  # noqa: E402

FUZZ = settings(max_examples=120, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
SAME_ORIGIN = {"content-type": "application/json", "origin": "http://127.0.0.1", "sec-fetch-site": "same-origin"}
WORDS = st.sampled_from(["type", "player", "report", "move", "take", "flip", "fresh", "card", "Ann", "Bob", "path"])
JSON = st.recursive(st.none() | st.booleans() | st.integers(-2 ** 70, 2 ** 70) | st.floats() | st.text(max_size=8)
                    | WORDS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(WORDS | st.text(max_size=3),
                                                                                         inner, max_size=4),
                    max_leaves=10)
BODIES = (st.binary(max_size=200) | JSON.map(lambda v: json.dumps(v).encode())
          | st.integers(1, 6000).map(lambda n: b"[" * n + b"]" * n) | st.integers(1, 6000).map(lambda n: b'{"a":' * n))


@pytest.fixture
def game(cli):
    return moving(cli, "Ann,Bob")


@FUZZ
@given(body=BODIES)
def test_any_body_is_one_json_answer_and_never_a_server_error(client, game, body):
    before = saved(game)
    got = client.post(g(game) + "/act", content=body, headers=SAME_ORIGIN)
    assert got.status_code < 500 and got.headers["content-type"] == "application/json" and "\n" not in got.text
    if got.status_code != 200:
        assert list(got.json()) == ["error"] and saved(game) == before
