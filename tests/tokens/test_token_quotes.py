"""A refused token never quotes what it holds back at the player: every field of a real state, every key and the
game id, replaced in turn by a marked value and sealed again, is refused (or read) without the mark in the message."""
import copy

import pytest

from benchmarks import random_play
from companion.core.games import engine
from companion.tokens import game_token as token

MARK = "zqxmark"
MARKED = (MARK, 10 ** 30 + 7, [MARK], {MARK: 1}, 2.5)
TABLES = {"sssnake": random_play.sssnake(4, 12, 1, "foxtrail"), "snits": random_play.snits(8, 1, **random_play.SPARK)}


def places(value, path=()):
    """The path to every leaf and every key of a JSON value (a key's path ends in ("key", name))."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield path + (("key", k),)
            yield from places(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from places(v, path + (i,))
    elif path:
        yield path


def marked(data: dict, path: tuple, value) -> dict:
    out = copy.deepcopy(data)
    *above, last = path
    holder = out
    for k in above:
        holder = holder[k]
    if isinstance(last, tuple):
        holder[MARK] = holder.pop(last[1])
    else:
        holder[last] = value
    return out


def refusal(kind: str, game_id: str, data: dict) -> str:
    try:
        token.decode(token.pack(kind, game_id, data))
    except token.TokenError as exc:
        return str(exc)
    return ""


@pytest.mark.parametrize("kind", sorted(TABLES))
def test_no_refusal_quotes_a_field(kind):
    data = engine(kind).to_dict(TABLES[kind].state, True)
    quoted = {}
    for path in places(data):
        for value in MARKED[:1] if isinstance(path[-1], tuple) else MARKED:
            message = refusal(kind, f"{kind}-1", marked(data, path, value))
            if MARK in message.lower() or "1000000000000000000" in message:
                quoted[path] = message
    assert not quoted


def test_a_game_id_that_is_not_one_is_not_quoted():
    message = refusal("snits", MARK.upper() + "!", engine("snits").to_dict(TABLES["snits"].state, True))
    assert message.startswith("token names something that is not a game id") and MARK not in message.lower()
