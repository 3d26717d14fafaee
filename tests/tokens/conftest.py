"""Played games for the token tests: seeded random legal play (benchmarks/random_play.py), reused per module."""
import pytest

from benchmarks import random_play
from companion.snits.actions import KINDS as SNITS_ACTIONS
from companion.sssnake.actions import KINDS as SSSNAKE_ACTIONS

LANDSCAPES = ("am-fluss", "fjord", "foxtrail", "sahara")


def covering(play, kinds, tries: int):
    """Tables from successive seeds until every action kind of the game has been played at least once."""
    tables, seen = [], set()
    for seed in range(tries):
        table = play(seed)
        new = {action["type"] for _, action in table.steps} - seen
        if new:
            tables.append(table)
            seen |= new
        if seen >= set(kinds):
            return tables
    raise AssertionError(f"no seed below {tries} played {sorted(set(kinds) - seen)}")


@pytest.fixture(scope="module")
def sssnake_tables():
    """Four-snake Friendship games (rejoin) long enough for Moulting to draw Intuition (place), every other one with a
    digital sheet (move)."""
    return covering(lambda seed: random_play.sssnake(4, 30, seed, LANDSCAPES[seed % 4], digital=seed % 2),
                    SSSNAKE_ACTIONS, 40)


@pytest.fixture(scope="module")
def snits_tables():
    """Games of one to four Snit players, with the hidden Spark and Splops, pack attacks played when legal."""
    games = covering(lambda seed: random_play.snits(25, seed, prefer=("pack",), players=1 + seed % 4),
                     SNITS_ACTIONS, 8)
    return games + [random_play.snits(12, 1, **random_play.SPARK)]
