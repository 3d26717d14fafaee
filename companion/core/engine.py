"""The contract every game's rules share, so the store, the CLI and the token treat games alike."""
from __future__ import annotations

from typing import Any, Generic, NamedTuple, TypeVar

from companion.core.record import Value


class IllegalAction(ValueError):
    """A move the rules forbid; the message tells the player why and what would be right."""


class BadState(ValueError):
    """A state dict (from a token or the store) that no legal game could have produced."""


def chance(seed: int, step: int):
    """A fresh generator for the step-th chance event, so a state resumed from a token rolls as the original would
    (random is imported here: a command that rolls nothing does not pay for it)."""
    import random

    return random.Random(f"{seed}:{step}")


def draw(state):
    """The one chance counter every game advances: the generator of the state's next chance event (its `seed` and
    `step` travel in the token and the store, so a resumed game rolls what the original would)."""
    state.step += 1
    return chance(state.seed, state.step - 1)


S = TypeVar("S")  # a game's state


class Result(NamedTuple, Generic[S]):
    """What applying one action gave: the new state (of the game's own type) and the lines a player should read."""

    state: S
    messages: tuple[str, ...] = ()
    logged: dict | None = None  # the action as the log keeps it (dice filled in); None: as given


class Outcome(Value):
    """A finished game's result in one shape for every game, so history, simulations and opponents read it alike."""

    places: tuple[tuple[str, ...], ...]  # player or side names in finishing order, a tie sharing one place
    winners: tuple[str, ...]  # who won (none in a solo game, which has a rank instead)
    scores: dict  # name -> the count the rules decide by (Sssnake: points E)
    text: str  # the result in one line


class Engine:
    """Base for a game's rules: new/apply/to_dict/from_dict, plus replay of a setup and its action log.

    Subclasses implement:
      kind: the short name used in the store and the CLI ("sssnake", "snits");
      version: the rules version, raised by a change that could replay an old log differently or read a state
        dict differently; the store records it with each game and refuses a game saved under a newer one;
      new(setup) -> state; apply(state, action_dict) -> Result (raise IllegalAction, never half-apply);
      to_dict(state, private=False) -> dict: the canonical, resumable form (the token carries it);
        private=False leaves out what only one side may know (the Spark and Splops) and nothing else;
      from_dict(d) -> state: validates every field against the rules (raise BadState, one clear line);
      view(state) -> dict: what the table may see (--json): no face-down cards, no hidden placements;
      describe(state) -> str (one line for `companion games`);
      outcome(state) -> Outcome, or None while the game goes on;
      legal_actions(state, player=None): what may be applied now (by `player` alone when named): a list of action
        dicts, or a space with sample(rng) and contains(action) where the choices are combinatorial;
      next_step(state) -> dict: what the game waits for, as data ({"step": ..., "players": [...], ...}), which each
        interface (CLI, play loop, web page) words its own way; the rules never name a command;
      action_text(action) -> str and parse_action(text) -> dict: the one-line typed form of an action dict, which
        round-trips (parse_action(action_text(a)) == a); the dict form is read by companion.core.codec.
    """

    kind = ""
    version = 0

    def new(self, setup: dict):
        raise NotImplementedError

    def apply(self, state, action: dict) -> Result[Any]:
        raise NotImplementedError

    def to_dict(self, state, private: bool = False) -> dict:
        raise NotImplementedError

    def from_dict(self, data: dict):
        raise NotImplementedError

    def view(self, state) -> dict:
        raise NotImplementedError

    def describe(self, state) -> str:
        raise NotImplementedError

    def outcome(self, state) -> Outcome | None:
        raise NotImplementedError

    def legal_actions(self, state, player: str | None = None):
        raise NotImplementedError

    def next_step(self, state) -> dict:
        raise NotImplementedError

    def action_text(self, action: dict) -> str:
        raise NotImplementedError

    def parse_action(self, text: str) -> dict:
        raise NotImplementedError

    def is_terminal(self, state) -> bool:
        """Whether the rules say the game is over (a history counts only such games)."""
        return self.outcome(state) is not None

    def fresh_chance(self, state, undone: list[dict]) -> dict:
        """Fields a person's new action takes after an undo against the computer (`undone`: the redo stack, next
        first), so chance shown before the undo is not met again; none where the game's chance was all drawn at
        the start (a shuffled deck is the same deck after an undo, as at a table)."""
        return {}

    def admit(self, state) -> None:
        """Limits a new or resumed game must meet that games saved before them may not (checked when a game is
        created, never on replay, so a saved game still opens); raise IllegalAction."""

    def migrate(self, action: dict, from_version: int, state=None) -> list[dict]:
        """The actions these rules replay for one action logged under an older rules version (in `state`, the
        state it was logged in, when known), so a fix that changes a rule still replays an old log as the table
        played it; one logged action keeps one place in the log (default: the action itself)."""
        return [action]

    def start(self, setup: dict):
        """The state before the first logged action: a fresh game, or one resumed from a snapshot."""
        if "snapshot" in setup:
            return self.from_dict(setup["snapshot"])
        return self.new(setup)

    def replay(self, setup: dict, actions: list[dict]):
        """State is what replaying the log gives (the store starts from its latest snapshot instead of the setup)."""
        state = self.start(setup)
        for action in actions:
            state = self.apply(state, action).state
        return state
