"""The game's state: the phase of the round, the seed and its step counter, deck, display, snakes and sheets, and
the open round; its canonical dict form is companion.sssnake.state_dict."""
from __future__ import annotations

from enum import StrEnum

from companion.core.engine import IllegalAction
from companion.core.language import _
from companion.core.record import Record
from companion.sssnake.actions import Report, Square, shown
from companion.sssnake.deck import Deck
from companion.sssnake.display import Display
from companion.sssnake.ground import ground
from companion.sssnake.sheet import Sheet as Drawing
from companion.sssnake.snake import Snake


class Phase(StrEnum):
    """Where the round stands; each value is the one letter the dict form (and so every token and store) keeps."""

    CAVES = "c"  # the cave round: flip by flip, each snake draws its cave
    FLIP = "f"  # the token holder flips the round's apple card
    MOVE = "m"  # the snakes move and report
    CHOOSE = "a"  # abilities owed are chosen (and Intuition squares placed)
    OVER = "o"  # end of play

    @property
    def word(self) -> str:
        """The phase as the table's view names it."""
        return {"c": "caves", "f": "flip", "m": "move", "a": "choose", "o": "over"}[self.value]


MAX_PLAYERS = 6
SEED_MAX = 2 ** 63 - 1  # a seed travels in the token as a signed 64-bit whole number
SEED_TEXT = "0 to 2**63 - 1"
MAX_NAME = 16  # characters in a player's name: six names at their longest still fit one QR code (docs/token.md)


class Reopen(Record):
    """What the state after a round's close does not say of the state before it: who held the token, how many
    circles each report added to its snake's track, who hatched from an egg, the golden apples each report named
    and Thieving's squares; the reports themselves follow from these and the tracks (few characters in a token)."""

    def __init__(self, first: int, added: dict[int, int], hatched: list[int], golden: dict[int, tuple[Square, ...]],
                 stole: dict[int, Square]):
        self.first, self.added, self.hatched = first, dict(added), list(hatched)
        self.golden, self.stole = dict(golden), dict(stole)


class State(Record):
    """Everything a resumed game needs: the seed and its step counter, deck, display, snakes, and the open round."""

    def __init__(self, seed: int, land: str, snakes: list[Snake], deck: Deck, display: Display,
                 friendship: bool = False, rotted: bool = False, step: int = 0, first: int = 0, phase: Phase = Phase.CAVES,
                 flips: int = 0, boxed: bool = False, teach: bool = False):
        self.seed = seed
        self.land = land
        self.snakes = snakes
        self.deck = deck
        self.display = display
        self.friendship = friendship
        self.rotted = rotted  # a Poisonous snake has turned an apple card: rotten apples lie on the sheets
        self.step = step  # chance events used so far
        self.first = first  # who holds the first-player token
        self.phase = Phase(phase)
        self.flips = flips
        self.boxed = boxed  # played on the boxed game's own sheets: their terrain and printed apples are not ours
        self.teach = teach  # a first game: every step comes with a one-line rule reminder
        self.golden_gone: list[int] = []  # indices into the landscape's golden apples
        self.crossed: list[tuple[int, int, int]] = []  # Thieving: (col, row, thief)
        self.choosers: list[int] = []  # players owed an ability choice, in turn
        self.placing: list[int] = []  # players owed an Intuition square's corner
        self.reports: dict[int, Report] = {}  # this round's reports by player index
        self.sheets: dict[int, Drawing] = {}  # the sheets the companion keeps, by player index (digital players)
        self.reopen: Reopen | None = None  # what the close of the round that just closed overwrote, until the next
        #                                    action: a fix of that round reopens it

    def copy(self) -> State:
        """A copy whose lists are its own, so applying an action never touches the state it started from."""
        return self.replace(snakes=[s.copy() for s in self.snakes], golden_gone=list(self.golden_gone),
                            crossed=list(self.crossed), choosers=list(self.choosers), placing=list(self.placing),
                            reports=dict(self.reports), sheets={i: d.copy() for i, d in self.sheets.items()})

    def clockwise(self) -> list[int]:
        """Player indices starting at the first player."""
        n = len(self.snakes)
        return [(self.first + k) % n for k in range(n)]

    def movers(self) -> list[int]:
        """Snakes that move this round: in the game, with a cave not drawn on this very flip."""
        return [i for i in self.clockwise()
                if self.snakes[i].cave and not self.snakes[i].out and self.snakes[i].joined != self.flips]

    def in_shade(self, who: int, egg: Square | None = None) -> bool:
        """Nocturnal's "begins its turn on a square in the shade": the last move ended in shade, or on a digital sheet
        the square the turn begins from is shaded: a head, the cave, or the egg it hatches from (`egg`; None: any)."""
        if "h" in self.snakes[who].end:
            return True
        sheet = self.sheets.get(who)
        starts = [] if sheet is None else sheet.heads or ([egg] if egg else (sheet.eggs or [[]])[0])
        return any(ground(self.land).shade(sq) for sq in starts)

    def index(self, name: str) -> int:
        for i, s in enumerate(self.snakes):
            if s.name.lower() == name.lower():
                return i
        raise IllegalAction(_("no player {name}; players: {names}").format(
            name=shown(name), names=", ".join(s.name for s in self.snakes)))


def name_fault(name: str) -> str | None:
    """What keeps a name out of a token (too long for a QR code, or a control character a terminal obeys), or None."""
    if len(name) > MAX_NAME:
        return _("is {length} characters long; a name has at most {most} (every token and QR code carries it)").format(
            length=len(name), most=MAX_NAME)
    if not name.isprintable():
        return _("holds a control or invisible character; use letters and digits")
    return None
