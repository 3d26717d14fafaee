"""A small driver for Sssnake rules tests: a game in memory, actions applied as the CLI would log them."""
import pytest

from companion.sssnake.game import ENGINE
from companion.sssnake.state import Phase


class Table:
    def __init__(self, players, landscape, seed, friendship, first, **more):
        self.setup = {"players": list(players), "landscape": landscape, "seed": seed,
                      "friendship": friendship, "first": first, **more}
        self.state = ENGINE.new(self.setup)
        self.log = []
        self.messages = []

    def do(self, action: dict) -> list[str]:
        result = ENGINE.apply(self.state, action)
        self.state = result.state
        self.log.append(result.logged)
        self.messages = list(result.messages)
        return self.messages

    def flip(self):
        return self.do({"type": "flip"})

    def report(self, name, **kw):
        return self.do({"type": "report", "player": name, **kw})

    def take(self, name, card, **kw):
        return self.do({"type": "take", "player": name, "card": card, **kw})

    def caves(self):
        """The first round: one flip per player."""
        for _ in self.state.snakes:
            self.flip()

    def round(self, **reports):
        """Flip, then every moving snake reports (an empty report unless given)."""
        self.flip()
        for i in list(self.state.movers()):
            name = self.state.snakes[i].name
            if self.state.phase == Phase.MOVE and i not in self.state.reports:
                self.report(name, **reports.get(name, {}))

    def snake(self, name):
        return self.state.snakes[self.state.index(name)]

    def view(self):
        return ENGINE.view(self.state)


@pytest.fixture
def table():
    def make(players=("Ann", "Bob", "Cid"), landscape="am-fluss", seed=1, friendship=False, first=0, **more):
        """`more`: further setup, like sheets="boxed" or teach=True."""
        return Table(players, landscape, seed, friendship, first, **more)

    return make
