"""Level 3: determinized search (PIMC) that uses its thinking time, built on level 2's judgement.

The one-ply judgement (STRONG numbers, 12 dice worlds a chancy action) ranks every legal action and keeps a wider
candidate set than level 2 (at most six, within 4 points of its best). Sequential halving then spends the time:
each phase plays rounds, a round samples one world from the Belief (own dice seed and, for a Snit side, a hidden
placement consistent with what the table saw), plays every surviving candidate in it with the same rollout
randomness (common random numbers) and rolls out to the end of the other side's reply (level 2's horizon), both
sides played greedily by the STRONG judgement over a few sampled actions (no random moves). At the phase's end the
worse half goes. A candidate's worth is the rollout mean blended with the one-ply judgement as a prior worth
PRIOR rounds, so a few noisy rollouts cannot overrule a clear judgement; the more rounds, the more the rollouts
count. Why this and not information-set MCTS: level 2 showed the judgement is worth more than cheap rollouts, and
a tree over this game's many small moves (each Snit stepped alone, each with its dice) gets few visits a node in
a quarter of a second; PIMC spends the time on fewer, better rollouts of the top candidates. Measured (docs/snits.md,
"Level 3"): at 0.25 s against level 2, 50% of 20 games as the Snits and 45% of 20 as the Bolotomus, level with
level 2; at 48 rollouts a decision, 57% of 60 games with the sides swapped where level 2 wins 50%: not shown
stronger, so the table does not offer it yet.
"""
from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING, cast

from companion.snits.game import ENGINE
from companion.snits.players.evaluate import STRONG, Style
from companion.snits.players.heuristic import best, no_passing
from companion.snits.players.search import SearchPlayer

if TYPE_CHECKING:
    from collections.abc import Callable
    from random import Random

    from companion.snits.players.belief import Belief
    from companion.snits.state import State

WIDTH = 6        # candidates searched at most
MARGIN = 4.0     # ... and only those this close to the judgement's best (a Snit's worth is 5)
PRIOR = 8.0      # rounds the one-ply judgement is worth in the blend
POLICY = 5       # actions a rollout step judges (sampled; `done` besides)
HORIZON = 60     # actions a rollout plays at most
AIM = 0.85       # share of `think` the rounds aim at (the one-ply scoring and the last round come on top)


class DeepPlayer(SearchPlayer):
    """Level 3: `think` seconds a decision (None: no clock) and/or about `iterations` rollouts (None: no cap; each
    halving phase plays at least one round); a decision with one legal action, or one clear candidate, returns at once.
    Level 2's shortlist and rollout, with a wider shortlist, greedy rollouts and a longer horizon."""

    name = "deep"

    def __init__(self, think: float | None = 2.0, iterations: int | None = None, width: int = WIDTH,
                 margin: float = MARGIN, prior: float = PRIOR, policy: int = POLICY, horizon: int = HORIZON,
                 clock: Callable[[], float] = time.perf_counter, style: Style = STRONG):
        super().__init__(think, iterations, width, margin, horizon, 0.0, policy, clock, style)
        self.prior = prior

    def choose(self, state: State, legal: list[dict], rng: Random) -> dict:
        legal = no_passing(state, legal)
        if len(legal) == 1:
            return legal[0]
        start = self.clock()
        belief, prior, alive = self.shortlist(state, legal, rng)
        if len(alive) == 1:
            return legal[alive[0]]
        sums = dict.fromkeys(alive, 0.0)
        rounds = dict.fromkeys(alive, 0)
        phases = max(1, (len(alive) - 1).bit_length())  # halvings until one is left
        spent = 0  # rollouts played
        for phase in range(phases):
            # this phase's share of what is left: of the time, and of the rollout cap
            until = None if self.think is None else start + AIM * self.think * (phase + 1) / phases
            cap = None if self.iterations is None else spent + (self.iterations - spent) // (phases - phase)
            played = 0
            while True:
                if played and (cap is not None and spent + len(alive) > cap
                               or until is not None and self.clock() >= until):
                    break  # each phase plays at least one round, then its share
                got = self.round(state, belief, legal, alive, rng, None if self.think is None else start +
                                 self.think * AIM)
                if got is None:
                    break  # out of time in the middle: an unfinished round is dropped
                for k, v in got.items():
                    sums[k] += v
                    rounds[k] += 1
                spent += len(alive)
                played += 1
            if phase < phases - 1 and len(alive) > 1:
                worth = self.blend(prior, sums, rounds, alive)
                alive = sorted(alive, key=lambda k: -worth[k])[:max(1, (len(alive) + 1) // 2)]
        worth = self.blend(prior, sums, rounds, alive)
        return legal[best([worth.get(k, float("-inf")) for k in range(len(legal))], rng)]

    def blend(self, prior: list[float], sums: dict[int, float], rounds: dict[int, int],
              alive: list[int]) -> dict[int, float]:
        """Each candidate's worth: its rollout mean, shrunk towards the judgement (shifted onto the rollouts'
        scale: the candidates' mean judgement matched to their mean rollout) by PRIOR rounds' weight."""
        seen = [k for k in alive if rounds[k]]
        if not seen:
            return {k: prior[k] for k in alive}
        shift = sum(sums[k] / rounds[k] - prior[k] for k in seen) / len(seen)
        return {k: (self.prior * (prior[k] + shift) + sums[k]) / (self.prior + rounds[k]) for k in alive}

    def round(self, state: State, belief: Belief, legal: list[dict], alive: list[int], rng: Random,
              deadline: float | None) -> dict[int, float] | None:
        """One sampled world, every candidate played in it and rolled out with the same randomness."""
        world = belief.sample(rng)
        roll = rng.getrandbits(62)
        got = {}
        for k in alive:
            if deadline is not None and self.clock() >= deadline:
                return None
            after = cast("State", ENGINE.apply(world, legal[k]).state)
            got[k] = self.rollout(after, belief.side, random.Random(roll), state.turn)
        return got
