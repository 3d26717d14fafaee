"""What a computer side may know: who acts, and a determinized copy of the game to simulate on, so that no
lookahead ever sees the game's real future dice or (for the Snits) the Bolotomus' real hidden placement."""
from __future__ import annotations

from typing import TYPE_CHECKING

from companion.snits.game import ENGINE
from companion.snits.hidden import Placement
from companion.snits.phases import BOLOTOMUS, ONE_CLAN, players

if TYPE_CHECKING:
    from random import Random

    from companion.snits.state import State

SEED_BITS = 62


def clan_of(state: State, side: str) -> int | None:
    """The clan index a Snit side plays (every clan for the one-player "Snits"); None for the Bolotomus."""
    if side == BOLOTOMUS:
        return None
    return 0 if side == ONE_CLAN else players(state).index(side) - 1  # players: the Bolotomus, then the clans


class Belief:
    """The game as `side` sees it: the public state (for a Snit side) or the private one (the Bolotomus placed
    the Spark and Splops itself); `sample(rng)` gives an applyable world with dice of its own."""

    def __init__(self, state: State, side: str):
        self.side = side
        if side == BOLOTOMUS or not state.hides or state.winner:
            base = state.copy()
        else:
            base = ENGINE.from_dict(ENGINE.to_dict(state, private=False))  # sealed: no placement in it
        self.base = base.replace(manual=False, sealed=False)
        self.hidden = side != BOLOTOMUS and state.hides and not state.winner
        if self.hidden:
            board = base.board
            self.names = [o.name for o in board.organs]
            popped = set(base.popped)
            # an organ whose Snorg lies dead held no Spark (its death would have ended the Bolotomus) and, unless
            # its Splop went off, no Splop: what is left lies under the living Snorgs
            self.free = [o for o in board.snorg_organs if base.snorgs[o] and o not in popped]
            self.popped = tuple(sorted(popped))
            self.missing = base.splops - len(popped)

    def sample(self, rng: Random) -> State:
        """A world to simulate on: a fresh seed from the player's own rng and, for a Snit side, a placement drawn
        at random among those consistent with what the table has seen."""
        world = self.base.copy()
        world.seed = rng.getrandbits(SEED_BITS)
        if self.hidden:
            k = int(world.spark) + max(self.missing, 0)
            spots = rng.sample(self.free, min(k, len(self.free)))
            spark = spots.pop(0) if world.spark and spots else None
            world.placement = Placement(spark, tuple(sorted(self.popped + tuple(spots))), "determinized")
        return world
