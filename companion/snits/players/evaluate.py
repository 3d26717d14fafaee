"""The level-1 judgement of a position, from one side's view: organs out, Snits alive and where they stand,
what threatens them, and what the Bolotomus has to fight back with (the search scores its rollouts with it)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from companion.core.record import Value
from companion.snits import counters
from companion.snits.combat import hits_on
from companion.snits.phases import BOLOTOMUS
from companion.snits.pieces import snit
from companion.snits.players.belief import clan_of
from companion.snits.state import FIGHT, OUT, Phase, State

if TYPE_CHECKING:
    from companion.snits.bolotomus import Bolotomus

WIN = 1000.0


class Weights(Value):
    """The evaluation's numbers: level 1 judges with the defaults, level 2 with those the balance lab found
    stronger (players/tuned.py)."""

    organ: float = 14.0      # a Snorg dead: the currency of the game
    snit: float = 5.0        # a living Snit
    few: float = 8.0         # more for each of the last three: the Bolotomus wins when none is left
    chance: float = 0.45     # share of an organ's worth a Snit standing by its Snorg is worth (it may kick next)
    dist: float = 1.0        # per organ a Snit still has to go to reach a living Snorg
    outside: float = 0.5     # a Snit still outside the body does nothing yet
    threat: float = 1.0      # expected loss from a Runnungitm in a Snit's organ (it chomps this Bolotomus turn)
    nearby: float = 0.35     # ... and from one next door (it may move in first)
    run: float = 7.0         # a Runnungitm in the body (it may eat several Snits)
    hunt: float = 0.6        # per organ a Runnungitm is away from the nearest Snit inside
    makum: float = 1.0       # a Makum in the body, plus what it is about to become:
    repair: float = 8.0      # ... a Snorg again in a Snorgless organ (discounted by distance)
    breed: float = 3.0       # ... a Runnungitm in the Lapotum
    step: float = 0.6        # the discount per organ still to go
    spark: float = 300.0     # the Bolotomus' own Spark: the chance the Snits by it kill it next, at most the game
    spark_near: float = 15.0  # ... a Snit one organ away (a third of it two away)
    own: float = 2.0         # multiplayer: a clan's own Snit, over the common cause
    hunger: float = 10.0     # the Bolotomus alone: each living Snit costs it this much more (it wins only by
    # eating them all; without it a Runnungitm (7) outweighed the Snit it might chomp (5) and it passed its chomps)


BASE = Weights()


class Style(Value):
    """The numbers a player judges each side by: its own side's, and its model of the other's in a lookahead."""

    snits: Weights = BASE
    bolotomus: Weights = BASE

    def of(self, side: str) -> Weights:
        return self.bolotomus if side == BOLOTOMUS else self.snits


PLAIN = Style()  # level 1
# level 2: found with the balance lab against level 1 on the second edition (docs/snits.md, "Computer opponents"):
# Snits that kick more eagerly and fear the Runnungitms half as much, a Bolotomus that breeds rather than repairs
STRONG = Style(snits=Weights(chance=0.9, threat=0.5, nearby=0.2), bolotomus=Weights(run=20.0, repair=2.0, hunger=15.0))

CATCH = {v: sum(1 for a in range(1, 7) for b in range(1, 7) if a + b > v) / 36 for v in range(2, 13)}

_GEOMETRY: dict[int, tuple[Bolotomus, Geometry]] = {}


class Traits:
    """Every Snit counter's numbers the evaluation reads, looked up once (it runs a thousand times a decision)."""

    def __init__(self) -> None:
        sheet = counters.load()
        self.clan = [s.clan for s in sheet.snits]
        self.hammer = [s.hammer for s in sheet.snits]
        self.miss = [1 - hits_on(s) / 6 for s in sheet.snits]
        self.catch = [CATCH[s.speed] for s in sheet.snits]


_TRAITS: list[Traits] = []


def traits() -> Traits:
    if not _TRAITS:
        _TRAITS.append(Traits())
    return _TRAITS[0]


class Geometry:
    """Distances on one map: for Snits (never the red canals) and for thingies, from outside and back out."""

    def __init__(self, board: Bolotomus) -> None:
        n = len(board.organs)
        self.board = board
        self.snit = [self.bfs(board, o, snits=True) for o in range(n)]
        self.thing = [self.bfs(board, o, snits=False) for o in range(n)]
        orifices = board.orifices
        self.enter = [1 + min(self.snit[f][o] for f in orifices) for o in range(n)]  # from outside into o
        self.near = [[x for x, _ in board.neighbours(o)] for o in range(n)]
        self.reach = board.reachable_by_snits()
        self.snorg = board.snorg_organs
        self.targets = [o for o in self.snorg if o in self.reach]
        self.worth = [1.0 + 0.3 * o.compositor + 0.15 * o.smasher for o in board.organs]

    @staticmethod
    def bfs(board: Bolotomus, start: int, snits: bool) -> list[int]:
        dist = [99] * len(board.organs)
        dist[start] = 0
        todo = [start]
        for here in todo:
            for there, p in board.neighbours(here):
                if dist[there] == 99 and not (snits and p.kind == "red"):
                    dist[there] = dist[here] + 1
                    todo.append(there)
        return dist


def geometry(board: Bolotomus) -> Geometry:
    got = _GEOMETRY.get(id(board))
    if got is None or got[0] is not board:
        got = _GEOMETRY[id(board)] = (board, Geometry(board))
    return got[1]


def value(state: State, side: str, w: Weights = BASE) -> float:
    """How good the position is for `side` (higher is better); a finished game is +-WIN or 0 for a tie."""
    if state.phase == Phase.OVER:
        return terminal(state, side)
    if side == BOLOTOMUS:
        return -snits_value(state, w) - spark_danger(state, w) - hunger(state, w)
    clan = clan_of(state, side)
    assert clan is not None  # a Snit side plays a clan
    if state.phase in FIGHT:
        return fight_value(state, clan)
    v = snits_value(state, w)
    if state.players > 1:
        tr = traits()
        v += w.own * sum(1 for c, p in enumerate(state.snits) if p >= OUT and tr.clan[c] == clan)
    return v


def hunger(state: State, w: Weights = BASE) -> float:
    """What the living Snits cost the Bolotomus beyond the Snits' own count: its only way to win is chomping."""
    return w.hunger * sum(1 for p in state.snits if p >= OUT)


def terminal(state: State, side: str) -> float:
    w = state.winner
    if w == "tie":
        return 0.0
    if side == BOLOTOMUS:
        return WIN if w == "bolotomus" else -WIN
    if w == "snits" or w == side:
        return WIN
    return -WIN


def snits_value(state: State, w: Weights = BASE) -> float:
    """The position for the Snits as a whole (the Bolotomus' is its negative)."""
    g = geometry(state.board)
    tr = traits()
    board = state.board
    snorgs = state.snorgs
    need = state.opts.organs_to_win
    out = sum(1 for o in g.snorg if not snorgs[o])
    v = w.organ * out + 4.0 * max(0, out - (need - 3)) ** 2
    targets = [o for o in g.targets if snorgs[o]]
    runs_at: dict[int, int] = {}
    for p in state.runs:
        if p >= 0:
            runs_at[p] = runs_at.get(p, 0) + 1
    groups: dict[int, list[int]] = {}
    outside = 0
    for c, p in enumerate(state.snits):
        if p >= 0:
            groups.setdefault(p, []).append(c)
        elif p == OUT:
            outside += 1
    n = outside + sum(len(cs) for cs in groups.values())
    v += w.snit * n + w.few * min(n, 3)
    if outside:
        d = min((g.enter[t] for t in targets), default=0)
        v -= outside * (w.outside + w.dist * min(d, 6))
    for o, cs in groups.items():
        row = g.snit[o]
        v -= len(cs) * w.dist * min(min((row[t] for t in targets), default=0), 6)
    for o, cs in groups.items():
        if snorgs[o] and board.organs[o].snorg:
            miss = 1.0
            for c in cs:
                miss *= tr.miss[c]
            v += w.chance * w.organ * g.worth[o] * (1 - miss)
        here = runs_at.get(o, 0)
        nearby = sum(runs_at.get(x, 0) for x in g.near[o])
        if here or nearby:
            loss = w.snit + (w.few if n <= 3 else 0.0)  # a chomped hammer Snit is only wounded
            risks = sorted((tr.catch[c] * (2.0 if tr.hammer[c] else loss) for c in cs), reverse=True)
            v -= w.threat * sum(risks[:here])
            v -= w.nearby * sum(risks[here:here + nearby])
    v -= w.run * (len(state.runs) - state.runs.count(OUT))
    if groups:
        for p in state.runs:
            if p >= 0:
                row = g.thing[p]
                v += w.hunt * min(min(row[o] for o in groups), 6)
    v -= makums_value(state, g, w)
    return v


def makums_value(state: State, g: Geometry, w: Weights = BASE) -> float:
    """The Bolotomus' Makums: each Snorgless organ claims the nearest free Makum (it may become that Snorg);
    the others are worth what they would breed in the Lapotum while the pool still holds Runnungitms."""
    board = state.board
    dead = [o for o in board.snorg_organs if not state.snorgs[o]]
    mine = [(i, p) for i, p in enumerate(state.makums) if p >= 0]
    total = w.makum * len(mine)
    free = {i for i, _ in mine}
    if dead:
        pairs = sorted((g.thing[p][o], i, o) for i, p in mine for o in dead)
        claimed = set()
        for d, i, o in pairs:
            if i in free and o not in claimed:
                free.discard(i)
                claimed.add(o)
                total += w.repair * w.step ** d
    if OUT in state.runs:
        lapotum = board.lapotum
        total += sum(w.breed * w.step ** g.thing[p][lapotum] for i, p in mine if i in free)
    return total


def spark_danger(state: State, w: Weights = BASE) -> float:
    """The Bolotomus alone knows where its Spark hides: the Snits by that Snorg (the chance they kill it next)
    and the Snits one or two organs away cost it more than any other organ."""
    placed = state.placement
    if placed is None or placed.spark is None or state.players > 1 and state.phase in FIGHT:
        return 0.0
    g = geometry(state.board)
    tr = traits()
    o = placed.spark
    row = g.snit[o]
    miss, near, close = 1.0, 0, 0
    for c, p in enumerate(state.snits):
        if p == o:
            miss *= tr.miss[c]
        elif p >= 0 and row[p] == 1 or p == OUT and g.enter[o] == 1:
            near += 1
        elif p >= 0 and row[p] == 2 or p == OUT and g.enter[o] == 2:
            close += 1
    return w.spark * (1 - miss) + w.spark_near * near + w.spark_near / 3 * close


def fight_value(state: State, clan: int) -> float:
    """Multiplayer, the Bolotomus dead: carry the Spark out, or get at whoever carries it."""
    g = geometry(state.board)
    v = 200.0
    own = [c for c, p in enumerate(state.snits) if p >= OUT and snit(c).clan == clan]
    others = [c for c, p in enumerate(state.snits) if p >= OUT and snit(c).clan != clan]
    v += 5 * len(own) - 3 * len(others)

    def steps(c: int, organ: int) -> int:
        p = state.snits[c]
        return g.enter[organ] if p == OUT else g.snit[p][organ]

    if state.holder is not None:
        h = state.holder
        p = state.snits[h]
        d = 0 if p == OUT else g.enter[p]
        if snit(h).clan == clan:
            v += 60 - 8 * d
        else:
            v -= 60 - 8 * d
            if p >= 0:
                v -= 2 * min((steps(c, p) for c in own), default=6)
    elif state.lies is not None:
        v -= 3 * min((steps(c, state.lies) for c in own), default=6)
        v += 3 * min((steps(c, state.lies) for c in others), default=6)
    return v
