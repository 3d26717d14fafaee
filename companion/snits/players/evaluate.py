"""The level-1 judgement of a position, from one side's view: organs out, Snits alive and where they stand,
what threatens them, and what the Bolotomus has to fight back with (the search scores its rollouts with it)."""
from __future__ import annotations

from companion.snits.combat import hits_on
from companion.snits.pieces import snit
from companion.snits.players.belief import BOLOTOMUS, clan_of
from companion.snits.state import FIGHT, OUT

WIN = 1000.0
ORGAN = 14.0      # a Snorg dead: the currency of the game
SNIT = 5.0        # a living Snit
FEW = 8.0         # more for each of the last three: the Bolotomus wins when none is left
CHANCE = 0.45     # share of an organ's worth a Snit standing by its Snorg is worth (it may kick next)
DIST = 1.0        # per organ a Snit still has to go to reach a living Snorg
OUTSIDE = 0.5     # a Snit still outside the body does nothing yet
THREAT = 1.0      # expected loss from a Runnungitm in a Snit's organ (it chomps this Bolotomus turn)
NEARBY = 0.35     # ... and from one next door (it may move in first)
RUN = 7.0         # a Runnungitm in the body (it may eat several Snits)
HUNT = 0.6        # per organ a Runnungitm is away from the nearest Snit inside
MAKUM = 1.0       # a Makum in the body, plus what it is about to become:
REPAIR = 8.0      # ... a Snorg again in a Snorgless organ (discounted by distance)
BREED = 3.0       # ... a Runnungitm in the Lapotum
STEP = 0.6        # the discount per organ still to go
OWN = 2.0         # multiplayer: a clan's own Snit, over the common cause
CATCH = {v: sum(1 for a in range(1, 7) for b in range(1, 7) if a + b > v) / 36 for v in range(2, 13)}

_GEOMETRY: dict[int, tuple] = {}


class Geometry:
    """Distances on one map: for Snits (never the red canals) and for thingies, from outside and back out."""

    def __init__(self, board):
        n = len(board.organs)
        self.board = board
        self.snit = [self.bfs(board, o, snits=True) for o in range(n)]
        self.thing = [self.bfs(board, o, snits=False) for o in range(n)]
        orifices = board.orifices
        self.enter = [1 + min(self.snit[f][o] for f in orifices) for o in range(n)]  # from outside into o
        self.near = [[x for x, _ in board.neighbours(o)] for o in range(n)]
        self.reach = board.reachable_by_snits()
        self.worth = [1.0 + 0.3 * o.compositor + 0.15 * o.smasher for o in board.organs]

    @staticmethod
    def bfs(board, start: int, snits: bool) -> list[int]:
        dist = [99] * len(board.organs)
        dist[start] = 0
        todo = [start]
        for here in todo:
            for there, p in board.neighbours(here):
                if dist[there] == 99 and not (snits and p.kind == "red"):
                    dist[there] = dist[here] + 1
                    todo.append(there)
        return dist


def geometry(board) -> Geometry:
    got = _GEOMETRY.get(id(board))
    if got is None or got[0] is not board:
        got = _GEOMETRY[id(board)] = (board, Geometry(board))
    return got[1]


def value(state, side: str) -> float:
    """How good the position is for `side` (higher is better); a finished game is +-WIN or 0 for a tie."""
    if state.phase == "over":
        return terminal(state, side)
    if side == BOLOTOMUS:
        return -snits_value(state)
    clan = clan_of(state, side)
    if state.phase in FIGHT:
        return fight_value(state, clan)
    v = snits_value(state)
    if state.players > 1:
        v += OWN * sum(1 for c, p in enumerate(state.snits) if p >= OUT and snit(c).clan == clan)
    return v


def terminal(state, side: str) -> float:
    w = state.winner
    if w == "tie":
        return 0.0
    if side == BOLOTOMUS:
        return WIN if w == "bolotomus" else -WIN
    if w == "snits" or w == side:
        return WIN
    return -WIN


def worth(cid: int, alive: int) -> float:
    """What losing this Snit costs: a hammer Snit is only wounded by a chomp; the last ones cost more."""
    return SNIT + (FEW if alive <= 3 else 0.0)


def snits_value(state) -> float:
    """The position for the Snits as a whole (the Bolotomus' is its negative)."""
    g = geometry(state.board)
    board = state.board
    snorgs = state.snorgs
    need = state.opts.organs_to_win
    out = sum(1 for o in board.snorg_organs if not snorgs[o])
    v = ORGAN * out + 4.0 * max(0, out - (need - 3)) ** 2
    living = [c for c, p in enumerate(state.snits) if p >= OUT]
    n = len(living)
    v += SNIT * n + FEW * min(n, 3)
    targets = [o for o in board.snorg_organs if snorgs[o] and o in g.reach]
    runs_at: dict[int, int] = {}
    for p in state.runs:
        if p >= 0:
            runs_at[p] = runs_at.get(p, 0) + 1
    groups: dict[int, list[int]] = {}
    for c in living:
        p = state.snits[c]
        if p == OUT:
            d = min((g.enter[t] for t in targets), default=0)
            v -= OUTSIDE
        else:
            groups.setdefault(p, []).append(c)
            row = g.snit[p]
            d = min((row[t] for t in targets), default=0)
        v -= DIST * min(d, 6)
    for o, cs in groups.items():
        if snorgs[o] and board.organs[o].snorg:
            miss = 1.0
            for c in cs:
                miss *= 1 - hits_on(snit(c)) / 6
            v += CHANCE * ORGAN * g.worth[o] * (1 - miss)
        here = runs_at.get(o, 0)
        nearby = sum(runs_at.get(x, 0) for x in g.near[o])
        if here or nearby:
            risks = sorted((CATCH[snit(c).speed] * (worth(c, n) if not snit(c).hammer else 2.0) for c in cs),
                           reverse=True)
            v -= THREAT * sum(risks[:here])
            v -= NEARBY * sum(risks[here:here + nearby])
    v -= RUN * (len(state.runs) - state.runs.count(OUT))
    if groups:
        for p in state.runs:
            if p >= 0:
                row = g.thing[p]
                v += HUNT * min(min(row[o] for o in groups), 6)
    v -= makums_value(state, g)
    return v


def makums_value(state, g) -> float:
    """The Bolotomus' Makums: each Snorgless organ claims the nearest free Makum (it may become that Snorg);
    the others are worth what they would breed in the Lapotum while the pool still holds Runnungitms."""
    board = state.board
    dead = [o for o in board.snorg_organs if not state.snorgs[o]]
    mine = [(i, p) for i, p in enumerate(state.makums) if p >= 0]
    total = MAKUM * len(mine)
    free = {i for i, _ in mine}
    if dead:
        pairs = sorted((g.thing[p][o], i, o) for i, p in mine for o in dead)
        claimed = set()
        for d, i, o in pairs:
            if i in free and o not in claimed:
                free.discard(i)
                claimed.add(o)
                total += REPAIR * STEP ** d
    if OUT in state.runs:
        lapotum = board.lapotum
        total += sum(BREED * STEP ** g.thing[p][lapotum] for i, p in mine if i in free)
    return total


def fight_value(state, clan: int) -> float:
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
