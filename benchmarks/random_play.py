"""Seeded games played with random legal moves: the tables the token benchmark measures and its tests replay."""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from companion.engine import IllegalAction
from companion.games import engine
from companion.snits import autoplay

SPARK = {"spark": True, "splops": 3,  # the Spark of Life and the Splops hidden, as the Bolotomus would
         "hidden": {"spark": "Forebosinator", "splops": ["Eye", "Wobbulum", "Quibbler"], "salt": "9f3c1a7e5b2d8046"}}
INTUITION = 15  # the Sssnake ability whose 5x5 square needs a corner
CORNER = range(1, 13)  # a 5x5 square's top-left corner on the 16x16 sheet


@dataclass
class Table:
    """A game in progress: its kind, setup, current state, and every (state before, logged action) pair."""

    kind: str
    setup: dict
    state: object
    steps: list[tuple[object, dict]] = field(default_factory=list)

    def apply(self, action: dict) -> None:
        result = engine(self.kind).apply(self.state, action)
        self.steps.append((self.state, result.logged or action))
        self.state = result.state


def sssnake(players: int, rounds: int, seed: int, landscape: str = "foxtrail", friendship: bool = True) -> Table:
    """A Sssnake game played for `rounds` rounds after the cave round (or to its end)."""
    names = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"][:players]
    setup = {"players": names, "landscape": landscape, "seed": seed, "friendship": friendship}
    table = Table("sssnake", setup, engine("sssnake").new(setup))
    rng = random.Random(f"sssnake-play:{seed}")
    while table.state.phase != "o" and sum(a["type"] == "flip" and s.phase == "f" for s, a in table.steps) <= rounds:
        last = table.steps[-1][1] if table.steps else {}
        for action in sssnake_choices(engine("sssnake").view(table.state), rng, last):
            try:
                table.apply(action)
                break
            except IllegalAction:
                continue
        else:
            raise AssertionError(f"no legal Sssnake action found in {engine('sssnake').describe(table.state)}")
        if table.state.phase == "f" and sum(a["type"] == "flip" and s.phase == "f" for s, a in table.steps) == rounds:
            break
    return table


def sssnake_choices(view: dict, rng: random.Random, last: dict | None = None) -> list[dict]:
    """Candidate actions, boldest first; the first one the rules accept is played (`last`: the action played
    before)."""
    corner = [rng.choice(CORNER), rng.choice(CORNER)]
    if view["placing"]:
        return [{"type": "place", "player": view["placing"][0], "corner": corner}]
    if view["choosing"]:
        cards = [c for row in view["display"] for c in row if c is not None]
        rng.shuffle(cards)
        return [{"type": "take", "player": view["choosing"][0], "card": c} | ({"corner": corner} if c == INTUITION
                                                                              else {}) for c in cards]
    rejoin = [{"type": "rejoin", "player": p["name"]} for p in view["players"] if p["may_rejoin"]]
    if view["waiting_for"]:  # a rejoin is a cave drawn instead of this flip's apple, so while its round is open
        rejoin = rejoin if rng.random() < 0.5 else []
        return again(view, last or {}) + rejoin + as_round(view, report_choices(view, view["waiting_for"][0], rng))
    return [{"type": "flip"}]


def again(view: dict, last: dict) -> list[dict]:
    """On every fifth flip but one, the report just made is corrected to itself (a fix changes nothing here, so the
    same seed plays the same game whichever actions carry it)."""
    return [dict(last, type="fix")] if last.get("type") == "report" and view["flips"] % 5 == 1 else []


def as_round(view: dict, reports: list[dict]) -> list[dict]:
    """On every fifth flip the reports as round lines of one clause, the others still moving (`...`)."""
    from companion.sssnake.actions import from_dict
    from companion.sssnake.roundline import clause_text

    if view["flips"] % 5:
        return reports
    return [{"type": "round", "line": clause_text(from_dict(r)) + " ..."} for r in reports]


def report_choices(view: dict, name: str, rng: random.Random) -> list[dict]:
    """A move with rotten and golden apples, now and then a Thieving steal, and an ending; then plainer ones."""
    fresh = rng.choice([0, 1, 1, 2, 3])
    bold = {"type": "report", "player": name, "fresh": fresh or 1, "rotten": rng.choice([0, 0, 1]),
            "end": rng.choice(["", "", "s", "i", "h", "sh"])}
    if rng.random() < 0.4:
        bold["stole"] = [rng.randint(1, 16), rng.randint(1, 16)]
    if view["golden_left"] and rng.random() < 0.3:
        bold["golden"] = [rng.choice(view["golden_left"])]
    plain = {"type": "report", "player": name, "fresh": fresh, "end": bold["end"]}
    if rng.random() < 0.04:
        return [{"type": "report", "player": name, "out": True}]
    return [bold, {k: v for k, v in bold.items() if k != "stole"}, plain, {"type": "report", "player": name}]


def snits(turns: int, seed: int, prefer: tuple[str, ...] = (), **setup) -> Table:
    """A Snits' Revenge game played with the engine's own legal moves for `turns` turns (or to its end);
    action types in `prefer` are played whenever they are legal (rare ones, for tests that need them)."""
    setup = {"seed": seed} | setup
    table = Table("snits", setup, engine("snits").new(setup))
    rng = random.Random(f"snits-play:{seed}")
    while table.state.phase != "over" and table.state.turn <= turns:
        legal = engine("snits").legal_actions(table.state)
        wanted = [a for a in legal if a["type"] in prefer]
        table.apply(rng.choice(wanted) if wanted else autoplay.choose(rng, legal))
    return table
