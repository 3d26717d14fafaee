"""Golden playthroughs: seeded random games written action by action, so any change in how a game plays shows in review.

Run from the repository root: python -m benchmarks.golden (rewrites every file in tests/golden/; run it when a rule
change is meant to change these games, and review the diff). tests/test_golden.py replays each game and compares.
Each file has a header, the start state's digest, one line per action (index, canonical JSON, digest of the state
after it; the first CAP actions of a long game), and the outcome with the action count and the final state's digest.
A digest is the first 12 hex digits of the sha256 of the state's canonical private to_dict JSON.
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from benchmarks import random_play
from companion.core.games import engine
from companion.snits import autoplay

FOLDER = Path(__file__).resolve().parent.parent / "tests" / "golden"
CAP = 150  # actions written per game; later ones count only in the outcome line's total and final digest
ENDLESS = sys.maxsize  # rounds: play until the game ends
COMMAND = "python -m benchmarks.golden"


def snits(setup: dict) -> tuple[dict, list[dict]]:
    """A Snits' Revenge game played by autoplay over legal_actions, choices seeded by the setup's seed."""
    return setup, [action for action, _ in autoplay.play(setup, setup["seed"]).log]


def sssnake(players: int, seed: int, **more) -> tuple[dict, list[dict]]:
    """A Sssnake game played to its end by the random player of benchmarks/random_play.py."""
    table = random_play.sssnake(players, ENDLESS, seed, **more)
    return table.setup, [action for _, action in table.steps]


GAMES = {  # file name (without .txt) -> kind and the seeded game
    "snits-seed-3": ("snits", lambda: snits({"seed": 3})),
    "snits-seed-1-two-clans": ("snits", lambda: snits({"seed": 1, "players": 2})),
    "sssnake-seed-2-two-players": ("sssnake", lambda: sssnake(2, 2)),
    "sssnake-seed-2-solo": ("sssnake", lambda: sssnake(1, 2)),
    "sssnake-seed-3-digital": ("sssnake", lambda: sssnake(3, 3, landscape="sahara", digital=2)),
}


def canonical(data) -> str:
    """One text per value (sorted keys, no spaces), so a file changes only when the game does."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(kind: str, state) -> str:
    """A short fingerprint of the whole state, hidden parts included, so a line shows any change in it."""
    return hashlib.sha256(canonical(engine(kind).to_dict(state, private=True)).encode()).hexdigest()[:12]


def playthrough(name: str) -> list[str]:
    """The golden file's lines for one game, replaying its log through the engine."""
    kind, play = GAMES[name]
    setup, actions = play()
    rules = engine(kind)
    state = rules.new(setup)
    lines = [f"# {kind} {canonical(setup)}: the first {CAP} actions, then the outcome; regenerate: {COMMAND}",
             f"start {digest(kind, state)}"]
    for n, action in enumerate(actions):
        state = rules.apply(state, action).state
        if n < CAP:
            lines.append(f"{n} {canonical(action)} {digest(kind, state)}")
    outcome = rules.outcome(state)
    result = f"{outcome.text} {canonical(outcome.scores)}" if outcome else "none (play stopped before the end)"
    lines.append(f"outcome after {len(actions)} actions: {result} {digest(kind, state)}")
    return lines


def path(name: str) -> Path:
    """Where a game's golden file lives, for the writer and the test alike."""
    return FOLDER / f"{name}.txt"


def main() -> None:
    """Rewrite every golden file from today's play."""
    FOLDER.mkdir(exist_ok=True)
    for name in GAMES:
        path(name).write_text("\n".join(playthrough(name)) + "\n", encoding="utf-8")
        print(f"wrote {path(name)}")


if __name__ == "__main__":
    main()
