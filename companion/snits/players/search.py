"""Level 2: the one-ply judgement with the STRONG numbers and twice the dice samples, and determinized flat Monte
Carlo between the actions it finds nearly equal. Each round samples one world (own dice seed, and for a Snit side a
placement consistent with the public state), plays every candidate in it (common random numbers) and rolls out with
the epsilon-greedy one-ply policy up to a horizon, scored by the evaluation; the best mean wins. The rollouts only
break near-ties: trusted further (a margin of 6, a Snit's worth), their cheap policy overruled the better judgement
and level 2 won fewer games than one ply alone (docs/snits.md)."""
from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING, cast

from companion.snits.game import ENGINE
from companion.snits.phases import BOLOTOMUS, BOLOTOMUS_TURN, acting
from companion.snits.players.belief import Belief
from companion.snits.players.evaluate import STRONG, Style, value
from companion.snits.players.heuristic import best, judge, no_passing, quick
from companion.snits.players.player import Player
from companion.snits.state import Phase, State

if TYPE_CHECKING:
    from collections.abc import Callable
    from random import Random

WIDTH = 4        # candidates searched at most
MARGIN = 1.0     # ... and only those this close to the judgement's best (a Snit's worth is 5)
SAMPLES = 12     # dice worlds a chancy action is averaged over (level 1: 6)
ROLLOUTS = 12    # rollouts a decision makes at most at the table and in the lab (what docs/snits.md measured)
HORIZON = 40     # actions a rollout plays at most
AIM = 0.8        # share of `think` the rounds aim at: the budget is a ceiling (the one-ply scoring and a round
                 # longer than the ones before it come on top), so the median stays well under it


def horizon_reached(world: State, root_bolotomus: bool, started_turn: int) -> bool:
    """A rollout ends once the other side's next hitting phase is over: after the Bolotomus' chomps for a Snit
    decision (its Makums Transform phase, or later), after the Snits' kicks for a Bolotomus decision."""
    if world.phase == Phase.OVER:
        return True
    if root_bolotomus:
        return world.turn > started_turn and world.phase in ("fast", *BOLOTOMUS_TURN)
    return world.phase == "transform" or world.turn > started_turn


class SearchPlayer(Player):
    """Level 2: `think` seconds a decision (None: no clock) and/or at most `iterations` rollouts (None: no cap);
    a decision with one legal action, or one clear candidate, returns at once."""

    name = "search"

    def __init__(self, think: float | None = 1.0, iterations: int | None = None, width: int = WIDTH,
                 margin: float = MARGIN, horizon: int = HORIZON, epsilon: float = 0.1, policy: int = 3,
                 clock: Callable[[], float] = time.perf_counter, style: Style = STRONG):
        if think is None and iterations is None:
            raise ValueError("give the search a time budget (think) or an iteration cap (iterations), or both")
        self.think, self.iterations = think, iterations
        self.width, self.margin, self.horizon, self.epsilon, self.policy = width, margin, horizon, epsilon, policy
        self.clock = clock
        self.style = style  # its judgement of its own side, and its model of the other's in the rollouts

    def candidates(self, scores: list[float]) -> list[int]:
        order = sorted(range(len(scores)), key=lambda i: -scores[i])
        top = scores[order[0]]
        return [i for i in order[:self.width] if scores[i] >= top - self.margin]

    def shortlist(self, state: State, legal: list[dict], rng: Random) -> tuple[Belief, list[float], list[int]]:
        """The side's belief, the one-ply judgement of each action, and the candidates a search weighs."""
        side = acting(state)
        assert side is not None  # a player is asked to choose only while the game goes on
        belief = Belief(state, side)
        scores = judge(belief, legal, rng, SAMPLES, self.style.of(belief.side))
        return belief, scores, self.candidates(scores)

    def choose(self, state: State, legal: list[dict], rng: Random) -> dict:
        legal = no_passing(state, legal)
        if len(legal) == 1:
            return legal[0]
        start = self.clock()
        belief, _scores, keep = self.shortlist(state, legal, rng)
        if len(keep) == 1:
            return legal[keep[0]]
        sums = dict.fromkeys(keep, 0.0)
        rounds = 0
        while self.iterations is None or (rounds + 1) * len(keep) <= max(self.iterations, len(keep)):
            began = self.clock()
            if rounds and self.out_of_time(start, (began - start) / (rounds + 1)):
                break  # no time left for another round as long as the last ones took
            world = belief.sample(rng)
            roll = rng.getrandbits(62)
            got = {}
            for k in keep:  # one round: every candidate in the same world, with the same rollout randomness
                if self.out_of_time(start):
                    break  # an unfinished round is dropped: every candidate keeps the same worlds
                got[k] = self.rollout(cast(State, ENGINE.apply(world, legal[k]).state), belief.side,
                                      random.Random(roll), state.turn)
            if len(got) < len(keep):
                break
            for k, v in got.items():
                sums[k] += v
            rounds += 1
        if not rounds:
            return legal[keep[0]]
        means = [sums[k] / rounds if k in sums else float("-inf") for k in range(len(legal))]
        return legal[best(means, rng)]

    def out_of_time(self, start: float, ahead: float = 0.0) -> bool:
        """Past the share of the time budget the rounds aim at (or `ahead` seconds from it)?"""
        return self.think is not None and self.clock() - start + ahead >= AIM * self.think

    def rollout(self, world: State, side: str, rng: Random, turn: int) -> float:
        root_bolotomus = side == BOLOTOMUS
        for _ in range(self.horizon):
            if horizon_reached(world, root_bolotomus, turn):
                break
            legal = ENGINE.legal_actions(world)
            action = quick(world, legal, rng, width=self.policy, epsilon=self.epsilon, style=self.style)
            world = cast(State, ENGINE.apply(world, action).state)
        return value(world, side, self.style.of(side))
