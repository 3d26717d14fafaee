"""A game of Snits' Revenge in play, and its one canonical, compact dict form (validated on load)."""
from __future__ import annotations

import re
from enum import StrEnum
from typing import TYPE_CHECKING

from companion.core.engine import BadState
from companion.core.fields import Fields
from companion.core.language import N_, _
from companion.core.record import Record
from companion.snits import bolotomus, counters
from companion.snits.counters import CLAN_SIZE, MAKUM_BASE, RUN_BASE
from companion.snits.hidden import Placement
from companion.snits.options import Options, from_variants

if TYPE_CHECKING:
    from collections.abc import Callable, Container

OUT = -1   # a Snit outside the body, or a Makum/Runnungitm in the pool
DEAD = -2  # a dead Snit
GONE = -3  # a Snit not in play: left out of the force, an unused spare, or a wounded hammer Snit swapped out



class Phase(StrEnum):
    """The Sequence of Play's phases, the Spark fight's and the end; each equals the word the view has always used."""

    MOVE = "move"
    KICK = "kick"
    FAST = "fast"
    COMPOSE = "compose"
    THINGIES = "thingies"
    CHOMP = "chomp"
    TRANSFORM = "transform"
    FIGHT_MOVE = "fmove"
    FIGHT_KICK = "fkick"
    OVER = "over"


PHASES = {Phase.MOVE: "mv", Phase.KICK: "kk", Phase.FAST: "fs", Phase.COMPOSE: "cp", Phase.THINGIES: "th",
          Phase.CHOMP: "ch", Phase.TRANSFORM: "tf", Phase.FIGHT_MOVE: "fm", Phase.FIGHT_KICK: "fk", Phase.OVER: "ov"}
CODES = {v: k for k, v in PHASES.items()}
NAMES = {Phase.MOVE: N_("Move Snits"), Phase.KICK: N_("Snit Kicking"), Phase.FAST: N_("Second Move for Fast Snits"),
         Phase.COMPOSE: N_("Compositors Compose"), Phase.THINGIES: N_("Move Thingies"), Phase.CHOMP: N_("Chomping"),
         Phase.TRANSFORM: N_("Makums Transform"), Phase.FIGHT_MOVE: N_("Spark fight: move"),
         Phase.FIGHT_KICK: N_("Spark fight: kick"), Phase.OVER: N_("game over")}  # English in --json; _() where shown
FIGHT = (Phase.FIGHT_MOVE, Phase.FIGHT_KICK)
WINNERS = ("snits", "bolotomus", "tie")
LETTERS = "abcdefghijklmnopqrstuvwxyz"
SPECIAL = {OUT: "_", DEAD: "x", GONE: "."}
SEED_MAX = 2**63 - 1  # the largest seed a token carries
FORMAT = 2  # the dict form's version: 2 names the edition's map (ed); a first-edition game writes 1, byte for byte
EDITION_CODES = {bolotomus.FIRST_EDITION: 1, bolotomus.SECOND_EDITION: 2}  # ed: the edition's map, by number


class State(Record):
    """A game in play: every counter's place, the phase and whose go it is, what this phase has used up."""

    def __init__(self, seed: int, manual: bool, opts: Options, players: int, snits: list[int], runs: list[int],
                 makums: list[int], snorgs: list[bool], step: int = 0, turn: int = 1, phase: Phase = Phase.MOVE,
                 actor: int = 0, senior: int = 0, board: bolotomus.Bolotomus | None = None):
        self.board = board or bolotomus.load()  # one of the edition's maps, or the game's own (`new --map`)
        self.seed = seed
        self.manual = manual
        self.opts = opts
        self.players = players
        self.snits = snits
        self.runs = runs
        self.makums = makums
        self.snorgs = snorgs      # by organ index; the Lapotum's printed Snorg is always True
        self.step = step          # chance steps used so far
        self.turn = turn
        self.phase = Phase(phase)
        self.actor = actor        # whose go it is among the Snit players, counted from the Senior Snit
        self.senior = senior      # the Snit player holding the Senior Snit totem
        self.used: dict[int, int] = {}   # passage -> pieces through it this phase
        self.gates: dict[int, int] = {}  # orifice -> Snits in or out this phase
        self.moved: set[int] = set()     # counters that moved in the latest movement phase
        self.kicked: set[int] = set()    # Snits that kicked this turn
        self.chomped: set[int] = set()   # Runnungitms that chomped this phase
        self.declared: set[int] = set()  # organs whose chomps (several at several) are named
        self.composed: set[int] = set()  # Compositors that made their Makum this turn
        self.pending: tuple[int, tuple[int, ...]] | None = None  # a free chomp owed: (Runnungitm, Snits it may pick)
        self.winner: str | None = None
        self.spark = False        # the game uses the Spark of Life
        self.splops = 0           # Splops placed at setup
        self.commitment = ""
        self.placement: Placement | None = None  # known to the Bolotomus alone; None when sealed or nothing is hidden
        self.popped: tuple[int, ...] = ()        # organs whose Splop has gone off (everyone saw it)
        self.sealed = False
        self.kills: tuple[tuple[int, int], ...] = ()  # multiplayer: (organ, Snit) of Snorgs killed in turn kills_turn
        self.kills_turn = 0
        self.holder: int | None = None  # the Snit carrying the Spark in the multiplayer fight for it
        self.lies: int | None = None    # the organ where the Spark lies when its finder died
        self.teach = False              # a first game: a rule reminder with every step (`new --teach`)

    def copy(self) -> State:
        """A twin whose lists, dicts and sets an action may change without touching this state (assigned in place
        of `replace`'s keywords: every action pays for a copy)."""
        twin = object.__new__(type(self))
        twin.__dict__ = self.__dict__.copy()
        twin.snits, twin.runs, twin.makums, twin.snorgs = self.snits[:], self.runs[:], self.makums[:], self.snorgs[:]
        twin.used, twin.gates = self.used.copy(), self.gates.copy()
        twin.moved, twin.kicked, twin.chomped = self.moved.copy(), self.kicked.copy(), self.chomped.copy()
        twin.declared, twin.composed = self.declared.copy(), self.composed.copy()
        return twin

    @property
    def hides(self) -> bool:
        return self.spark or self.splops > 0

    @property
    def phase_name(self) -> str:
        """The phase in words, for refusals: `the Chomping phase`."""
        if self.phase == Phase.OVER:
            return _("after the game's end")
        return _("the {phase} phase").format(phase=_(NAMES[self.phase]))

    @property
    def player(self) -> int:
        """The Snit player whose go it is."""
        return (self.senior + self.actor) % self.players


def place(pos: int) -> str:
    return SPECIAL.get(pos) or LETTERS[pos]


def pairs(d: dict[int, int]) -> list[int]:
    return [x for k in sorted(d) for x in (k, d[k])]


def to_dict(state: State, private: bool = False) -> dict:
    """Short keys, one character per counter's place; only what differs from a fresh turn is written."""
    board = state.board
    version = FORMAT if board.edition not in ("", bolotomus.UNNAMED_EDITION) else 1
    d = {"v": version, "sd": state.seed, "n": state.step, "t": state.turn, "ph": PHASES[state.phase],
         "s": "".join(place(p) for p in state.snits), "r": "".join(place(p) for p in state.runs),
         "m": "".join(place(p) for p in state.makums),
         "g": "".join(LETTERS[i] if state.snorgs[i] else "x" for i in board.snorg_organs)}
    optional = {"dm": 1 if state.manual else 0, "o": state.opts.changed(), "np": state.players,
                "a": state.actor, "sr": state.senior, "u": pairs(state.used), "e": pairs(state.gates),
                "mv": sorted(state.moved), "k": sorted(state.kicked), "c": sorted(state.chomped),
                "dc": sorted(state.declared), "cm": sorted(state.composed),
                "pd": [state.pending[0], list(state.pending[1])] if state.pending else None,
                "w": state.winner, "kl": [x for k in state.kills for x in k], "kt": state.kills_turn,
                "sh": state.holder, "sl": state.lies, "tc": int(state.teach)}
    d.update({k: v for k, v in optional.items() if (v or (k == "sh" and v == 0)) and not (k == "np" and v == 1)})
    if state.hides:
        h = {"c": state.commitment, "k": int(state.spark), "ns": state.splops}
        if state.popped:
            h["q"] = list(state.popped)
        if state.placement and (private or state.winner):
            h.update({"x": -1 if state.placement.spark is None else state.placement.spark,
                      "p": list(state.placement.splops), "salt": state.placement.salt})
        d["h"] = h
    if board.name:
        from companion.snits import mapfile

        d["bm"] = mapfile.to_data(board)
    elif d["v"] == FORMAT:
        d["ed"] = EDITION_CODES[board.edition]
    return d


def from_dict(data: object) -> State:
    """A state from its dict form; anything no legal game could reach raises BadState with one clear line."""
    check = Reads(data, what="a Snits' Revenge state")
    board = board_of(check)
    sheet = counters.load()
    seed = check.int("sd", 0, SEED_MAX, "seed")
    players = check.int("np", 1, 4, "number of Snit players", 1)
    try:
        opts = from_variants(check.get("o", {}), error=BadState)
    except (TypeError, AttributeError):
        raise BadState("o (variants) must be a mapping of variant names to numbers") from None
    organs = len(board.organs)
    snits = check.places("s", players * CLAN_SIZE, organs, (OUT, DEAD, GONE), "Snits")
    for cid, pos in enumerate(snits):
        if pos == board.lapotum:
            raise BadState(f"Snit {sheet.snits[cid].name} is in the Lapotum, which no Snit can enter")
    runs = check.places("r", sheet.runnungitms, organs, (OUT,), "Runnungitms")
    makums = check.places("m", sheet.makums, organs, (OUT,), "Makums")
    g = check.get("g", "")
    if not isinstance(g, str) or len(g) != len(board.snorg_organs):
        raise BadState(f"g (Snorgs) must have {len(board.snorg_organs)} places, one per Snorg")
    snorgs = [True] * organs
    for i, ch in zip(board.snorg_organs, g, strict=True):
        if ch not in (LETTERS[i], "x"):
            raise BadState(f"the {board.organs[i].name}'s Snorg is elsewhere: a Snorg never leaves its organ "
                           f"({LETTERS[i]!r}) and is dead ('x') or at its post")
        snorgs[i] = ch != "x"
    phase = CODES.get(check.get("ph")) if isinstance(check.get("ph"), str) else None
    if phase is None:
        raise BadState(f"ph (phase) must be one of {', '.join(CODES)}")
    state = State(seed, check.flag("dm", "manual dice flag"), opts, players, snits, runs,
                  makums, snorgs, step=check.int("n", 0, 10**7, "chance step"),
                  turn=check.int("t", 1, 10**5, "turn"), phase=phase,
                  actor=check.int("a", 0, players - 1, "acting Snit player", 0),
                  senior=check.int("sr", 0, players - 1, "Senior Snit", 0), board=board)
    caps = {"channel": opts.channel, "canal": opts.canal, "red": opts.canal}
    state.used = check.counts("u", len(board.passages), lambda p: caps[board.passages[p].kind], "passage")
    state.gates = check.counts("e", organs, lambda o: board.organs[o].orifice, "orifice")
    ids = set(range(len(snits))) | {RUN_BASE + i for i in range(len(runs))} | \
        {MAKUM_BASE + i for i in range(len(makums))}
    state.moved = check.ids("mv", ids, "moved counters")
    state.kicked = check.ids("k", set(range(len(snits))), "Snits that kicked")
    state.chomped = check.ids("c", {RUN_BASE + i for i in range(len(runs))}, "Runnungitms that chomped")
    state.declared = check.ids("dc", set(range(organs)), "organs whose chomps are named")
    # cm came with rules version 2 (compose no longer ends its phase); a dict written before it has none
    state.composed = check.ids("cm", {o.index for o in board.organs if o.compositor}, "Compositors that composed")
    if state.composed and phase != Phase.COMPOSE:
        raise BadState("cm (Compositors that composed) is kept only during Compositors Compose")
    pd = check.get("pd")
    if pd is not None:
        ok = (isinstance(pd, list) and len(pd) == 2 and pd[0] in range(RUN_BASE, RUN_BASE + len(runs))
              and isinstance(pd[1], list) and pd[1] and all(c in range(len(snits)) for c in pd[1]))
        if not ok or phase != Phase.KICK:
            raise BadState("pd (pending free chomp) must be [Runnungitm id, [Snit ids]] during kicking")
        state.pending = (pd[0], tuple(pd[1]))
    state.winner = check.get("w")
    winners = (*WINNERS, *sheet.clans[:players]) if players > 1 else WINNERS
    if state.winner not in (None, *winners) or (state.winner is None) != (phase != Phase.OVER):
        raise BadState(f"w (winner) must be one of {', '.join(winners)} exactly when the game is over")
    state.teach = check.flag("tc", "teaching flag")
    fight(check, state, board)
    hidden(check, state, board)
    return state


def board_of(check: Reads) -> bolotomus.Bolotomus:
    """The map a state plays on: format 1 (written before the second edition) has the first edition's unless it
    carries its own (bm); format 2 names the edition's map (ed) or carries its own."""
    version = check.get("v")
    if version not in (1, FORMAT) or isinstance(version, bool):
        raise BadState(f"v (format version) must be 1 or {FORMAT}; a newer companion may have written it")
    if check.get("bm") is not None:
        return own_map(check.get("bm"))
    if version == 1:
        if check.has("ed"):
            raise BadState("ed (the edition's map) came with format 2; a format 1 state plays on the first edition")
        return bolotomus.load(bolotomus.UNNAMED_EDITION)
    named = {code: e for e, code in EDITION_CODES.items() if e != bolotomus.UNNAMED_EDITION}
    edition = named.get(check.get("ed")) if not isinstance(check.get("ed"), bool) else None
    if edition is None:
        raise BadState(f"ed (the edition's map) must be {' or '.join(map(str, named))} in format {FORMAT}")
    return bolotomus.load(edition)


def own_map(data: object) -> bolotomus.Bolotomus:
    """The game's own map, as its dict form carries it (mapfile.py: loaded for such a game only)."""
    from companion.snits import mapfile

    try:
        return mapfile.from_data(data)
    except mapfile.MapError as exc:
        raise BadState(f"bm (the game's own map): {exc}") from None


def fight(check: Reads, state: State, board: bolotomus.Bolotomus) -> None:
    """The multiplayer fight for the Spark: its last kills, and who carries the Spark or where it lies."""
    flat = check.get("kl", [])
    if not isinstance(flat, list) or len(flat) % 2 or any(
            o not in board.snorg_organs or c not in range(len(state.snits))
            for o, c in zip(flat[::2], flat[1::2], strict=True)):
        raise BadState("kl (last Snorg kills) must be a flat list of organ, Snit pairs")
    state.kills = tuple(zip(flat[::2], flat[1::2], strict=True))
    state.kills_turn = check.int("kt", 0, state.turn, "turn of the last kills", 0)
    if check.has("sh"):
        state.holder = check.int("sh", 0, len(state.snits) - 1, "Snit carrying the Spark")
        if state.snits[state.holder] < OUT:
            raise BadState("sh (the Spark's carrier) must be a living Snit")
    if check.has("sl"):
        state.lies = check.int("sl", 0, len(board.organs) - 1, "organ where the Spark lies")
    if (state.phase in FIGHT) != (state.holder is not None or state.lies is not None) and state.phase != Phase.OVER:
        raise BadState("the fight for the Spark (ph fm/fk) needs the Spark's carrier (sh) or place (sl), and only then")


def hidden(check: Reads, state: State, board: bolotomus.Bolotomus) -> None:
    """The commitment is public; the placement is there only in the Bolotomus' private form (else: sealed)."""
    h = check.get("h")
    if h is None:
        return
    if not isinstance(h, dict) or not re.fullmatch(r"[0-9a-f]{64}", str(h.get("c", ""))):
        raise BadState("h (hidden Spark/Splops) needs its commitment c: 64 hex digits")
    sub = Reads(h, "h.")
    state.commitment = h["c"]
    state.spark = sub.flag("k", "Spark flag")
    state.splops = sub.int("ns", 0, counters.load().splops, "number of Splops", 0)
    state.popped = tuple(sorted(sub.ids("q", set(board.snorg_organs), "Splops gone off")))
    if "salt" not in h:
        state.sealed = True
        return
    spark = sub.int("x", -1, len(board.organs) - 1, "Spark organ")
    splops = sorted(sub.ids("p", set(board.snorg_organs), "Splop organs"))
    placed = Placement(None if spark < 0 else spark, tuple(splops), str(h["salt"]))
    if (placed.spark is not None) != state.spark or len(splops) != state.splops:
        raise BadState("the hidden placement does not match the announced Spark and number of Splops")
    if placed.commitment([o.name for o in board.organs]) != state.commitment:
        raise BadState("the hidden placement does not match its commitment: it was changed after setup")
    if not set(state.popped) <= set(splops):
        raise BadState("q lists a Splop that was never placed")
    state.placement = placed


class Reads(Fields):
    """companion.core.fields' reads plus Snits' own: counters' places as letters, use counts, sets of counter ids."""

    def places(self, key: str, count: int, organs: int, specials: tuple[int, ...], what: str) -> list[int]:
        text = self.data.get(key)
        if not isinstance(text, str) or len(text) != count:
            raise BadState(f"{self.label(key, what)} must be a string of {count} places, one per counter")
        back = {SPECIAL[s]: s for s in specials}
        out = []
        for k, ch in enumerate(text):
            if ch in back:
                out.append(back[ch])
            elif ch in LETTERS[:organs]:
                out.append(LETTERS.index(ch))
            else:
                raise BadState(f"{self.label(key, what)} counter {k + 1} is at no such organ or place; "
                               f"use a-{LETTERS[organs - 1]} or {', '.join(repr(c) for c in back)}")
        return out

    def counts(self, key: str, n: int, cap: Callable[[int], int], what: str) -> dict[int, int]:
        flat = self.data.get(key, [])
        if not isinstance(flat, list) or len(flat) % 2:
            raise BadState(f"{self.label(key, '')} must be a flat list of {what}, count pairs")
        out = {}
        for k, c in zip(flat[::2], flat[1::2], strict=True):
            if not isinstance(k, int) or not 0 <= k < n or not isinstance(c, int) or not 1 <= c <= cap(k):
                raise BadState(f"{self.label(key, '')}: each {what} must be one the map has, used no more times "
                               "than this phase allows")
            out[k] = c
        return out

    def ids(self, key: str, allowed: Container[int], what: str) -> set[int]:
        return set(self.ints(key, allowed, what))
