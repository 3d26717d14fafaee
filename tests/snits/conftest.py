"""Tools for Snits' Revenge tests: build a position by hand, then act on it with dice we choose."""
import pytest

from companion.snits import bolotomus, counters, pieces
from companion.snits.counters import MAKUM_BASE, RUN_BASE
from companion.snits.game import ENGINE
from companion.snits.state import OUT


class Table:
    """A state under test, with short ways to place counters and play actions."""

    board = bolotomus.load(bolotomus.FIRST_EDITION)  # the hand-built positions below are the first edition's
    sheet = counters.load()

    def new(self, **setup):
        setup.setdefault("seed", 1)
        setup.setdefault("dice", "manual")
        setup.setdefault("duty", "Lapotum")
        if "map" not in setup:
            setup.setdefault("edition", bolotomus.FIRST_EDITION)
        if setup.get("players", 1) == 1:
            setup.setdefault("remove", ["Grubnik", "Zoomer"])
        return ENGINE.new(setup)

    def organ(self, name):
        return self.board.organ(name).index

    def cid(self, name):
        if name[0] == "R" and name[1:].isdigit():
            return RUN_BASE + int(name[1:]) - 1
        if name[0] == "M" and name[1:].isdigit():
            return MAKUM_BASE + int(name[1:]) - 1
        return next(s.id for s in self.sheet.snits if s.name == name)

    def put(self, state, name, organ):
        """Place a counter: an organ name, or "out" (outside / the pool)."""
        pieces.put(state, self.cid(name), OUT if organ == "out" else self.organ(organ))
        return state

    def where(self, state, name):
        pos = pieces.where(state, self.cid(name))
        return self.board.organs[pos].name if pos >= 0 else pos

    def act(self, state, type, **kw):
        return ENGINE.apply(state, {"type": type, **kw})

    def legal(self, state):
        return ENGINE.legal_actions(state)

    def phase(self, state, phase):
        state.phase = phase
        return state


@pytest.fixture
def t():
    return Table()
