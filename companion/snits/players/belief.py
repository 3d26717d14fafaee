"""What a computer side may know: who acts, and a determinized copy of the game to simulate on, so that no
lookahead ever sees the game's real future dice or (for the Snits) the Bolotomus' real hidden placement."""
from __future__ import annotations

from companion.snits import phases
from companion.snits.game import ENGINE
from companion.snits.hidden import Placement
from companion.snits.pieces import clan_name

BOLOTOMUS = "Bolotomus"
SEED_BITS = 62


def sides(state) -> list[str]:
    """Every side's name, as Outcome names them: "Snits" (one clan) or the clans' names, then "Bolotomus"."""
    snits = [clan_name(k) for k in range(state.players)] if state.players > 1 else ["Snits"]
    return [*snits, BOLOTOMUS]


def acting(state) -> str | None:
    """The side whose decision it is (phases.side in a key the players dict uses); None once the game is over."""
    if state.phase == "over":
        return None
    if state.pending or state.phase in phases.BOLOTOMUS_TURN:
        return BOLOTOMUS
    return clan_name(state.player) if state.players > 1 else "Snits"


def clan_of(state, side: str) -> int | None:
    """The clan index a Snit side plays (every clan for the one-player "Snits"); None for the Bolotomus."""
    if side == BOLOTOMUS:
        return None
    return 0 if side == "Snits" else sides(state).index(side)


class Belief:
    """The game as `side` sees it: the public state (for a Snit side) or the private one (the Bolotomus placed
    the Spark and Splops itself); `sample(rng)` gives an applyable world with dice of its own."""

    def __init__(self, state, side: str):
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

    def sample(self, rng):
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
