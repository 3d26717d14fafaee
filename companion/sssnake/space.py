"""Sssnake's legal actions as a space, not a list: a report's values are combinatorial, so each decision is a domain
to sample from and test against, built on the rules' own checks (imported by legal_actions only, never at start-up)."""
from __future__ import annotations

from collections.abc import Callable
from copy import copy
from itertools import combinations
from typing import TYPE_CHECKING, Any

from companion.core.engine import IllegalAction
from companion.sssnake import abilities, actions, paths
from companion.sssnake.abilities import SQUARE_REACH, new_cards
from companion.sssnake.digital import try_move
from companion.sssnake.edition import edition
from companion.sssnake.fall import can_rejoin
from companion.sssnake.ground import ground
from companion.sssnake.reports import apple_room, check_counts, golden_left, one_square, rotten_possible, sheet_endings
from companion.sssnake.roundline import clause_text, parse
from companion.sssnake.rounds import blocked, coming_cave, round_line, waiting
from companion.sssnake.snake import Card
from companion.sssnake.state import Phase, State

if TYPE_CHECKING:  # a generator is passed in
    import random

ENGINE_RULES: dict[str, Callable[[State, Any], Any]] = {"take": abilities.take, "place": abilities.place}
OUT = 0.05  # a sampled report's chance of elimination: random play ends its games as a table's do
CORNERS = range(1, SQUARE_REACH + 1)  # an Intuition square's top-left column or row


class Part:
    """One kind of decision open now: `sample` draws an action dict the engine accepts, `contains` tells whether one
    is such an action; `weight` is its share of the space's samples."""

    weight = 1.0

    def sample(self, rng: random.Random) -> dict:
        raise NotImplementedError

    def contains(self, action: dict) -> bool:
        raise NotImplementedError

    def only(self, name: str) -> Part | None:
        """The part as far as the player `name` decides it, or None when none of it is theirs."""
        raise NotImplementedError


class Flip(Part):
    """The token holder turns the next apple card; on the cave round, a digital flipper's cave that must move goes
    the nearest way or one the player chooses."""

    def __init__(self, st: State):
        self.player = st.snakes[st.first].name
        self.ways = list(coming_cave(st)[1])

    def only(self, name: str) -> Part | None:
        return self if name == self.player else None

    def sample(self, rng: random.Random) -> dict:
        if self.ways and rng.random() < 0.5:
            return {"type": "flip", "cave": rng.choice(self.ways)}
        return {"type": "flip"}

    def contains(self, action: dict) -> bool:
        return action == {"type": "flip"} or (action.keys() == {"type", "cave"} and action["type"] == "flip"
                                               and action["cave"] in self.ways)


class Reports(Part):
    """Reports of the given players: fresh and rotten apples within the sheet's room, golden apples still on it,
    endings it has, out, and Thieving's square; `kind` report, fix (a reported player's again) or round (one clause
    and `...`)."""

    def __init__(self, st: State, players: list[int], kind: str, weight: float = 1.0):
        self.st, self.players, self.kind, self.weight = st, players, kind, weight
        letters = "".join(sheet_endings(st).values())
        self.ends = [e for k in range(len(letters) + 1) for e in map("".join, combinations(letters, k))
                     if one_square(e)]

    def only(self, name: str) -> Part | None:
        mine = [i for i in self.players if self.st.snakes[i].name == name]
        return Reports(self.st, mine, self.kind, self.weight) if mine else None

    def sample(self, rng: random.Random) -> dict:
        st = self.st
        s = st.snakes[rng.choice(self.players)]
        room = apple_room(st, s)
        fresh = rng.choice([0, 1, 1, 2, 3])
        rotten = rng.choice([0, 0, 1]) if rotten_possible(st) else 0
        if room is not None:
            fresh = min(fresh, room)
            rotten = min(rotten, room - fresh)
        action = {"type": "report", "player": s.name, "fresh": fresh, "rotten": rotten, "end": rng.choice(self.ends)}
        gold = golden_left(st)
        if gold and rng.random() < 0.3:
            action["golden"] = [list(rng.choice(gold))]
        elif st.boxed and edition().landscapes[st.land].golden_apples and rng.random() < 0.3:
            action["golden_count"] = 1
        if fresh and s.has(Card.THIEVING) and rng.random() < 0.5:
            action["stole"] = [rng.randint(1, 16), rng.randint(1, 16)]
        if rng.random() < OUT:
            action["out"] = True
        if self.kind == "round":
            return {"type": "round", "line": clause_text(actions.from_dict(action)) + " ..."}
        return action | {"type": self.kind}

    def contains(self, action: dict) -> bool:
        try:
            if action.get("type") != self.kind:
                return False
            if self.kind == "round":
                return self.round_contains(action)
            report = actions.from_dict(action | {"type": "report"})
            who = self.st.index(report.player)
            check_counts(self.st, self.st.snakes[who], report)
        except (IllegalAction, KeyError, TypeError):
            return False
        return who in self.players

    def round_contains(self, action: dict) -> bool:
        """A round line speaks for these players only (one that closes the round, for all still due; the whole
        space's may rejoin players too), and the round rules accept it."""
        st = self.st
        clauses, wait = parse(action["line"], [s.name for s in st.snakes])
        mine = {st.snakes[i].name for i in self.players}
        whole = mine == set(waiting(st))
        allowed = mine | ({s.name for s in st.snakes if can_rejoin(st, s)} if whole else set())
        if not {c["player"] for c in clauses} <= allowed or not (wait or whole):
            return False
        round_line(st.copy(), actions.from_dict(action))
        return True


class Moves(Part):
    """Digital players still to move this round: any path the walk accepts (an eliminating one confirmed)."""

    def __init__(self, st: State, players: list[int]):
        self.st, self.players = st, players

    def only(self, name: str) -> Part | None:
        mine = [i for i in self.players if self.st.snakes[i].name == name]
        return Moves(self.st, mine) if mine else None

    def sample(self, rng: random.Random) -> dict:
        return paths.sample(self.st, rng.choice(self.players), rng)

    def contains(self, action: dict) -> bool:
        try:
            move = actions.from_dict(action)
            if move.type != "move" or self.st.index(move.player) not in self.players:
                return False
            _, w = try_move(self.st.copy(), move)
        except (IllegalAction, KeyError):
            return False
        return bool(w.out) == move.anyway


class Take(Part):
    """The first player owed an ability takes a face-up card (a new permanent one while there is one); Intuition
    with its square's corner; on a digital sheet Two-headed with its X, Offspring with its eggs."""

    def __init__(self, st: State, who: int):
        s = st.snakes[who]
        self.st, self.who = st, who
        self.player, self.cards = s.name, new_cards(st, s) or st.display.face_up()

    def only(self, name: str) -> Part | None:
        return self if name == self.player else None

    def sample(self, rng: random.Random) -> dict:
        card = rng.choice(self.cards)
        corner = {"corner": [rng.choice(CORNERS), rng.choice(CORNERS)]} if card == Card.INTUITION else {}
        return {"type": "take", "player": self.player, "card": card} | corner | marks(self.st, self.who, card, rng)

    def contains(self, action: dict) -> bool:
        corner = action.get("corner")
        return action.get("type") == "take" and action.get("player") == self.player \
            and action.get("card") in self.cards and set(action) <= {"type", "player", "card", "corner", "marks"} \
            and (corner is None if action["card"] != Card.INTUITION else in_reach(corner)) \
            and accepted(self.st, action)


def marks(st: State, who: int, card: int, rng: random.Random) -> dict:
    """Random marks a digital sheet takes for the card: an X on the body, three eggs on free squares it may enter."""
    if who not in st.sheets or card not in (Card.TWO_HEADED, Card.OFFSPRING):
        return {}
    sh, g = st.sheets[who], ground(st.land)
    if card == Card.TWO_HEADED:
        return {"marks": [list(rng.choice([sq for sq in sh.body if sq not in sh.caves + sh.heads]))]}
    free = [sq for sq in g.squares() if sq not in sh.body and sq not in sh.egg_squares() and not g.object(sq)
            and g.letter(sq) not in "rf"]
    return {"marks": [list(sq) for sq in rng.sample(free, 3)]}


def accepted(st: State, action: dict) -> bool:
    """Whether the rules take the action in this state (checked on a copy)."""
    try:
        ENGINE_RULES[action["type"]](st.copy(), actions.from_dict(action))
    except IllegalAction:
        return False
    return True


class Place(Part):
    """A player owed what Moulting drew places it: an Intuition square's corner, or a digital sheet's marks."""

    def __init__(self, st: State):
        self.st = st
        self.players = [st.snakes[i].name for i in st.placing]

    def only(self, name: str) -> Part | None:
        return named(self, name)

    def sample(self, rng: random.Random) -> dict:
        name = rng.choice(self.players)
        who = self.st.index(name)
        owed = self.st.sheets[who].owed if who in self.st.sheets else []
        if owed:
            return {"type": "place", "player": name} | marks(self.st, who, owed[0], rng)
        return {"type": "place", "player": name, "corner": [rng.choice(CORNERS), rng.choice(CORNERS)]}

    def contains(self, action: dict) -> bool:
        return action.get("type") == "place" and action.get("player") in self.players \
            and (action.get("corner") is None or in_reach(action["corner"])) and accepted(self.st, action)


class Rejoin(Part):
    """Friendship mode: an eliminated player within its three flips draws a cave instead of this flip's apple."""

    weight = 0.1  # offered at every report of three rounds: rarer, or a Friendship game rarely ends

    def __init__(self, st: State):
        self.players = [s.name for s in st.snakes if can_rejoin(st, s)]

    def only(self, name: str) -> Part | None:
        return named(self, name)

    def sample(self, rng: random.Random) -> dict:
        return {"type": "rejoin", "player": rng.choice(self.players)}

    def contains(self, action: dict) -> bool:
        return action.keys() == {"type", "player"} and action["type"] == "rejoin" and action["player"] in self.players


def named(part: Place | Rejoin, name: str) -> Part | None:
    """A part whose players decide alike, narrowed to one of them."""
    if name not in part.players:
        return None
    mine = copy(part)
    mine.players = [name]
    return mine


def in_reach(corner) -> bool:
    """A corner [column, row] whose 5x5 square stays on the sheet."""
    return isinstance(corner, (list, tuple)) and len(corner) == 2 and all(c in CORNERS for c in corner)


class Space:
    """Every action the game accepts now, as its decisions' parts; empty once the game is over."""

    def __init__(self, parts: list[Part]):
        self.parts = parts

    def __bool__(self) -> bool:
        return bool(self.parts)

    def sample(self, rng: random.Random) -> dict:
        """One legal action: a part drawn by weight, then a value from its domain."""
        part = rng.choices(self.parts, [p.weight for p in self.parts])[0]
        return part.sample(rng)

    def contains(self, action: dict) -> bool:
        return any(p.contains(action) for p in self.parts)


def legal(st: State, player: str | None = None) -> Space:
    """The decisions the companion asks for in this state: a flip, the round's reports (a fix or a one-clause round
    line now and then) and rejoins, an ability to take, an Intuition square to place; with `player` (a snake's name,
    any case; an unknown one is an IllegalAction), only that player's."""
    if player is None:
        return Space(decisions(st))
    name = st.snakes[st.index(player)].name
    return Space([mine for part in decisions(st) if (mine := part.only(name)) is not None])


def decisions(st: State) -> list[Part]:
    if st.phase == Phase.OVER:
        return []
    if st.placing:
        return [Place(st)]
    if st.choosers:
        return [Take(st, st.choosers[0])]
    if not blocked(st):
        return [Flip(st)]
    due = [i for i in st.movers() if i not in st.reports and i not in st.sheets]
    digital = [i for i in st.movers() if i not in st.reports and i in st.sheets]
    parts: list[Part] = [Reports(st, due, "report"), Reports(st, due, "round", 0.2)] if due else []
    if digital:
        parts.append(Moves(st, digital))
    reported = [i for i in st.reports if i not in st.sheets]
    if reported:
        parts.append(Reports(st, reported, "fix", 0.1))
    if any(can_rejoin(st, s) for s in st.snakes):
        parts.append(Rejoin(st))
    return parts
