"""Level 1: each legal action judged one ply ahead by the hand-written evaluation (dice-driven actions averaged
over sampled dice), on determinized worlds only; also the cheap greedy policy the search's rollouts use."""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

from companion.snits import autoplay
from companion.snits.game import ENGINE
from companion.snits.phases import acting
from companion.snits.players.belief import Belief
from companion.snits.players.evaluate import BASE, PLAIN, Style, Weights, value
from companion.snits.players.player import Player
from companion.snits.state import Phase, State

if TYPE_CHECKING:
    from random import Random

SAMPLES = 6     # dice worlds a kick, pack, chomp or Fleotis run is averaged over
NOISE = 1e-6    # ties broken by the player's rng, so equal choices vary but stay seeded


def chancy(world: State, action: dict) -> bool:
    """Does this action roll dice (or, for a Snit side, meet a hidden Splop)?"""
    t = action["type"]
    return t in ("kick", "pack", "chomp") or (t == "enter" and world.board.organ(action["to"]).smash)


def no_passing(state: State, legal: list[dict]) -> list[dict]:
    """The legal actions less `done` while a chomp, or a kick at a Snorg, is on offer: a chomp that misses costs the
    Bolotomus nothing, a Snorg missed costs the Snits nothing (the evaluation's worth of a Snit standing by its Snorg
    once left hammer Snits idle beside a living one)."""
    if legal[-1]["type"] != "done":
        return legal
    if state.phase == Phase.CHOMP and not state.pending and legal[0]["type"] == "chomp":
        return legal[:-1]
    if state.phase == Phase.KICK and any(a["type"] == "kick" and a["target"] == "Snorg" for a in legal):
        return legal[:-1]
    return legal


def judge(belief: Belief, legal: list[dict], rng: Random, samples: int = SAMPLES, w: Weights = BASE) -> list[float]:
    """The evaluation after each action, from the belief's side: one sampled world for the certain actions, the
    same `samples` worlds (common dice, a fair comparison) for every chancy one; `done` keeps the position."""
    side = belief.side
    world = belief.sample(rng)
    here = value(world, side, w)
    worlds = None
    out = []
    for action in legal:
        if action["type"] == "done":
            out.append(here)
        elif chancy(world, action):
            worlds = worlds or [belief.sample(rng) for _ in range(samples)]
            out.append(sum(value(cast(State, ENGINE.apply(x, action).state), side, w) for x in worlds)
                       / len(worlds))
        else:
            out.append(value(cast(State, ENGINE.apply(world, action).state), side, w))
    return out


def best(scores: list[float], rng: Random) -> int:
    noisy = [s + NOISE * rng.random() for s in scores]
    return max(range(len(noisy)), key=noisy.__getitem__)


class HeuristicPlayer(Player):
    """Level 1: fast, greedy one ply; `done` only when no action improves the position."""

    name = "heuristic"

    def __init__(self, samples: int = SAMPLES, style: Style = PLAIN):
        self.samples = samples
        self.style = style

    def choose(self, state: State, legal: list[dict], rng: Random) -> dict:
        legal = no_passing(state, legal)
        if len(legal) == 1:
            return legal[0]
        side = acting(state)
        assert side is not None  # a player is asked to choose only while the game goes on
        scores = judge(Belief(state, side), legal, rng, self.samples, self.style.of(side))
        return legal[best(scores, rng)]


def quick(world: State, legal: list[dict], rng: Random, width: int = 4, epsilon: float = 0.1,
          style: Style = PLAIN) -> dict:
    """The rollout policy: epsilon-greedy level 1 over a few sampled actions (and `done`), one dice sample each
    on a reseeded copy, so a rollout never acts on its own world's dice."""
    legal = no_passing(world, legal)
    if len(legal) == 1:
        return legal[0]
    if rng.random() < epsilon:
        return autoplay.choose(rng, legal)
    side = acting(world)
    assert side is not None  # a rollout stops when the game ends
    others = [a for a in legal if a["type"] != "done"]
    options = rng.sample(others, min(width, len(others))) + [a for a in legal[-1:] if a["type"] == "done"]
    look = world.replace(seed=rng.getrandbits(62))
    w = style.of(side)
    scores = [value(world, side, w) if a["type"] == "done" else value(cast(State, ENGINE.apply(look, a).state), side, w)
              for a in options]
    return options[best(scores, rng)]
