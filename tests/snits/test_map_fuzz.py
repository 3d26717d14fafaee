"""Fuzzing the map reader (hypothesis, seeded and bounded): random text and damaged copies of the edition's own
maps give a map or one MapError line naming the file, never another exception."""
from importlib import resources

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.snits.mapfile import MapError, parse

FUZZ = settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
MAPS = [resources.files("companion.templates.snits").joinpath(f"map-{name}.toml").read_bytes()
        for name in ("first-edition", "second-edition")]


def survives(raw: bytes) -> None:
    try:
        board = parse(raw, "fuzzed.toml")
    except MapError as exc:
        assert str(exc).startswith("fuzzed.toml") and "\n" not in str(exc)
        return
    assert board.organs


@FUZZ
@given(st.binary(max_size=300) | st.text(max_size=300).map(str.encode))
def test_random_bytes_and_text(raw):
    survives(raw)


@FUZZ
@given(st.sampled_from(MAPS), st.data())
def test_damaged_maps(raw, data):
    """A line dropped, doubled or cut, or a few characters changed: still a map, or one line."""
    lines = raw.decode().splitlines(keepends=True)
    k = data.draw(st.integers(0, len(lines) - 1))
    how = data.draw(st.sampled_from(["drop", "double", "cut", "change"]))
    junk = data.draw(st.text("=[]\"'#,.0123456789abcxyz \n\u202e\u200b", min_size=1, max_size=8))
    at = data.draw(st.integers(0, len(lines[k])))
    lines[k] = {"drop": "", "double": lines[k] * 2, "cut": lines[k][:at],
                "change": lines[k][:at] + junk + lines[k][at + len(junk):]}[how]
    survives("".join(lines).encode())
