"""The game state's canonical compact dict (the token carries it): short keys, defaults left out, and every field
checked as it is read back."""
from __future__ import annotations

from companion.core.engine import BadState
from companion.core.fields import Fields, shape
from companion.sssnake.actions import ENDINGS, Report, Square
from companion.sssnake.deck import FLIPS_PER_DECK, Deck
from companion.sssnake.display import ROW, Display, allowed
from companion.sssnake.edition import edition
from companion.sssnake.ground import ground
from companion.sssnake.sheet import Sheet as Drawing
from companion.sssnake.sheet import fault as drawing_fault
from companion.sssnake.sheet import from_dict as drawing_from
from companion.sssnake.sheet import to_dict as drawing_dict
from companion.sssnake.snake import CIRCLES, Card, Snake
from companion.sssnake.state import MAX_PLAYERS, SEED_MAX, SEED_TEXT, Phase, Reopen, State

HEX = "0123456789abcdef"  # card numbers 1-16 as one character each
FORMAT = 3  # the dict form's version; from_dict reads 1 (no boxed sheets, no teaching) and 2 (no digital sheets)


def cards_text(cards) -> str:
    return "".join(HEX[n - 1] for n in cards)


def squares_text(squares) -> str:
    """Squares as two hex characters each (column, row): half what a list of pairs costs in the token."""
    return "".join(HEX[col - 1] + HEX[row - 1] for col, row in squares)


def squares_from(text: str, where: str, top: int) -> list[Square]:
    pairs = [(HEX.index(text[i]) + 1, HEX.index(text[i + 1]) + 1) for i in range(0, len(text) - 1, 2)]
    if len(text) % 2 or any(max(pair) > top for pair in pairs):
        raise BadState(f"{where} must be pairs of column, row 1-{top} (hex)")
    return pairs


def stolen_dict(st: State, thief: int) -> dict:
    """The squares a snake's Thieving crossed out, kept with the thief: cheaper in the token than a thief each."""
    stolen = [(col, row) for col, row, who in st.crossed if who == thief]
    return {"x": squares_text(stolen)} if stolen else {}


def snake_dict(s: Snake) -> dict:
    d = {"n": s.name, "t": s.track, "a": cards_text(s.gained), "m": cards_text(s.moulted),
         "q": squares_text(s.squares), "e": s.eggs_used, "z": s.end, "o": s.out, "rj": s.rejoins,
         "c": int(s.cave), "j": s.joined}
    return {k: v for k, v in d.items() if v or k == "n"}


def report_list(r: Report, golden: tuple) -> list:
    """Six fields, and a seventh (golden apples by count, boxed sheets) only when there are any."""
    listed = [r.fresh, r.rotten, [golden.index(g) for g in r.golden], r.end, int(r.out), list(r.stole or [])]
    return listed + ([r.golden_count] if r.golden_count else [])


def to_dict(st: State) -> dict:
    """The canonical form. Keys: v format (2: b and te, and a report's seventh field, may appear; 3: D), s seed, k chance
    steps used, l landscape, b the boxed game's sheets, te teaching reminders, fr Friendship mode,
    t first player, rt a rotten apple card has been turned, ph phase (Phase), n flips so far, d deck order and p cards turned, y display and
    h face-down slots (row 1 x 4 + row 2), g golden apples eaten, w owed ability choices, u owed Intuition squares, r this round's reports
    {player: [fresh, rotten, golden indices, ending, out, stole(, golden count)]}, P players: n name, t track (f/r/g),
    a gained and m moulted cards, q Intuition corners, x squares this snake's Thieving crossed out for
    the others (squares as two hex digits: column - 1, row - 1), e eggs hatched, z ending (s/i/h), o flip of
    elimination, rj rejoins, c cave drawn, j flip of rejoining; D the digital players' sheets {player: sheet}
    (companion.sssnake.sheet; the game token leaves them to each player's sheet token); R what a fix of the round
    that just closed needs, while no action has come since (reopen_dict; optional, so a reader of before ignores
    it and offers no such fix). Cards are one hex digit
    (card - 1); zero, empty and false values are left out."""
    golden = edition().landscapes[st.land].golden_apples
    d = {"v": FORMAT, "s": st.seed, "k": st.step, "l": st.land, "b": int(st.boxed), "te": int(st.teach),
         "fr": int(st.friendship), "rt": int(st.rotted), "t": st.first,
         "ph": str(st.phase), "n": st.flips, "d": cards_text(st.deck.order), "p": st.deck.pos,
         "y": cards_text(st.display.cards), "h": st.display.down[0] * ROW + st.display.down[1],
         "g": sorted(st.golden_gone), "w": st.choosers, "u": st.placing,
         "r": {str(i): report_list(r, golden) for i, r in sorted(st.reports.items())},
         "P": [snake_dict(s) | stolen_dict(st, i) for i, s in enumerate(st.snakes)],
         "D": {str(i): drawing_dict(d) for i, d in sorted(st.sheets.items())}, "R": reopen_dict(st, golden)}
    return {k: v for k, v in d.items() if v or k in ("s", "l", "P", "d", "y")}


class Sheet(Fields):
    """companion.core.fields.Fields with this game's packed reads: cards and squares as hex digits."""

    def cards(self, key: str) -> list[int]:
        return cards(self.text(key, HEX))

    def squares(self, key: str, where: str, top: int) -> list[Square]:
        return squares_from(self.text(key, HEX), where, top)


def cards(text: str) -> list[int]:
    return [HEX.index(ch) + 1 for ch in text]


def squares(values, where: str, top: int = 16) -> list[Square]:
    out = []
    for v in values:
        if not (isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) and 1 <= x <= top for x in v)):
            raise BadState(f"{where} holds something that is not a square; a square is [column, row], each 1-{top}")
        out.append((v[0], v[1]))
    return out


def snake_from(data, i: int, abilities: set[int]) -> Snake:
    r = Sheet(data, f"player {i + 1}.")
    name = r.text("n")
    if len(name.split()) != 1 or "," in name:
        raise BadState(f"player {i + 1}'s name must be one word")
    s = Snake(name=name, track=r.text("t", "".join(CIRCLES)), gained=r.cards("a"), moulted=r.cards("m"),
              squares=r.squares("q", f"player {name}'s squares", 12), eggs_used=r.int("e", 0, 16, default=0),
              end=r.text("z", "".join(ENDINGS.values())), out=r.int("o", 0, 10 ** 6, default=0),
              rejoins=r.int("rj", 0, 10 ** 6, default=0), cave=r.flag("c"), joined=r.int("j", 0, 10 ** 6, default=0))
    if "s" in s.end and "i" in s.end:
        raise BadState(f"player {name} ended on snow and ice at once")
    if s.eggs < 0:
        raise BadState(f"player {name} used {s.eggs_used} eggs but has {s.abilities.count(Card.OFFSPRING)} Offspring")
    if set(s.abilities) - abilities:
        raise BadState(f"player {name} holds card(s) {sorted(set(s.abilities) - abilities)} this game cannot use")
    if s.out and not s.cave:
        raise BadState(f"player {name} is eliminated before drawing a cave")
    return s


def from_dict(data) -> State:
    r = Sheet(data, "state.")
    r.int("v", 1, FORMAT, default=1)
    lands = edition().landscapes
    land = r.text("l")
    if land not in lands:
        raise BadState(f"state.l names no landscape this companion knows; known: {', '.join(lands)}")
    raw_players = r.list("P")
    if not 1 <= len(raw_players) <= MAX_PLAYERS:
        raise BadState(f"a game has 1-{MAX_PLAYERS} players, not {len(raw_players)}")
    usable = set(allowed(lands[land], len(raw_players)))
    snakes = [snake_from(p, i, usable) for i, p in enumerate(raw_players)]
    if len({s.name.lower() for s in snakes}) != len(snakes):
        raise BadState("two players share a name")
    n = len(snakes)
    order = r.cards("d")
    if sorted(order) != list(range(1, 17)):
        raise BadState("the deck must be a permutation of the 16 apple cards")
    deck = Deck(tuple(order), r.int("p", 0, FLIPS_PER_DECK, default=0))
    shown = r.cards("y")
    if len(shown) != 2 * ROW or len(set(shown)) != len(shown) or set(shown) - usable:
        raise BadState("the display must hold 8 different cards usable here")
    down = r.int("h", 0, ROW * ROW - 1, default=0)
    golden = lands[land].golden_apples
    st = State(seed=r.int("s", 0, SEED_MAX, span=SEED_TEXT), land=land, snakes=snakes, deck=deck,
               display=Display(tuple(shown), (down // ROW, down % ROW)), friendship=r.flag("fr"), rotted=r.flag("rt"),
               step=r.int("k", 0, 10 ** 9, default=0), first=r.int("t", 0, n - 1, default=0), phase=phase(r),
               flips=r.int("n", 0, 10 ** 6, default=0), boxed=r.flag("b"), teach=r.flag("te"))
    late = [s.name for s in snakes if s.out > st.flips or s.joined > st.flips]
    if late:
        raise BadState(f"player {late[0]} was eliminated or rejoined after flip {st.flips}, the latest")
    if st.rotted and not any(s.has(Card.POISONOUS) for s in snakes):
        raise BadState("state.rt says a rotten apple card was turned, but no snake is Poisonous")
    st.golden_gone = r.list("g")
    if any(not isinstance(g, int) or not 0 <= g < len(golden) for g in st.golden_gone):
        raise BadState(f"state.g must list golden apples 0-{len(golden) - 1} of {land}")
    st.crossed = [(col, row, i) for i, p in enumerate(raw_players)
                  for col, row in Sheet(p, f"player {i + 1}.").squares("x", f"player {i + 1}'s stolen squares", 16)]
    for key in ("w", "u"):
        if any(not isinstance(i, int) or not 0 <= i < n for i in r.list(key)):
            raise BadState(f"state.{key} must list player numbers 0-{n - 1}")
    st.choosers, st.placing = r.list("w"), r.list("u")
    st.reports = reports_from(r.get("r", {}), [s.name for s in snakes], golden)
    st.sheets = drawings_from(r.get("D", {}), n, land, st.boxed)
    for i, drawing in st.sheets.items():
        why = drawing_fault(drawing, ground(land), snakes[i], st.flips)  # the apples: the engine's from_dict
        if why:
            raise BadState(f"player {i + 1}'s sheet {why}")
    sheetless(st, r.ints("dg", range(n), "the digital players"))
    check_phase(st)
    st.reopen = reopened(r.get("R"), st, golden)
    return st


def reopen_dict(st: State, golden: tuple) -> dict | None:
    """R: t the token's holder, k circles added per player, h who hatched, g {player: golden apples named}, x
    {player: Thieving's square}; empty parts left out."""
    if st.reopen is None:
        return None
    k = st.reopen
    d = {"t": k.first, "k": [k.added.get(i, 0) for i in range(len(st.snakes))] if any(k.added.values()) else [],
         "h": k.hatched, "g": {str(i): [golden.index(g) for g in sq] for i, sq in sorted(k.golden.items())},
         "x": {str(i): HEX[c - 1] + HEX[r - 1] for i, (c, r) in sorted(k.stole.items())}}
    return {key: v for key, v in d.items() if v or key == "t"}


def reopened(raw, st: State, golden: tuple) -> Reopen | None:
    """The round to reopen (state.R), read as reopen_dict writes it: only after a close, nothing beyond the tracks."""
    if raw is None:
        return None
    r, n = Sheet(raw, "state.R."), len(st.snakes)
    added, gold, stole = r.get("k", []) or [0] * n, r.get("g", {}), r.get("x", {})
    if st.phase == Phase.MOVE or not isinstance(added, list) or len(added) != n \
            or any(type(a) is not int or not 0 <= a <= len(s.track)
                   for a, s in zip(added, st.snakes, strict=True)) \
            or not isinstance(gold, dict) or not isinstance(stole, dict) \
            or any(not k.isdigit() or int(k) >= n for k in list(gold) + list(stole)) \
            or any(not isinstance(v, str) or len(v) != 2 or set(v) - set(HEX) for v in stole.values()) \
            or any(not isinstance(v, list) or any(type(g) is not int or not 0 <= g < len(golden) for g in v)
                   for v in gold.values()):
        raise BadState("state.R must say how the round that just closed changed this game's tracks")
    return Reopen(r.int("t", 0, n - 1, default=0), dict(enumerate(added)), r.ints("h", range(n), "state.R.h"),
                  {int(k): tuple(golden[g] for g in v) for k, v in gold.items()},
                  {int(k): squares_from(v, "state.R.x", 16)[0] for k, v in stole.items()})


def drawings_from(raw, n: int, land: str, boxed: bool) -> dict[int, Drawing]:
    """The digital players' sheets, each on this edition's landscape (never with the boxed game's sheets)."""
    if not isinstance(raw, dict) or any(not k.isdigit() or not 0 <= int(k) < n for k in raw):
        raise BadState(f"state.D must map player numbers 0-{n - 1} to sheets")
    if raw and boxed:
        raise BadState("a game on the boxed game's sheets has no digital sheets")
    return {int(k): drawing_from(v, ground(land), f"player {int(k) + 1}'s sheet") for k, v in raw.items()}


def sheetless(st: State, digital: list[int]) -> None:
    """A game token lists its digital players (dg) and leaves their sheets to sheet tokens (companion.tokens.sheet_token):
    resumed without them it is refused, never turning a digital player into a paper one."""
    names = [st.snakes[i].name for i in sorted(set(digital)) if i not in st.sheets]
    if names:
        owners, plays = " and ".join(f"{n}'s" for n in names), "plays a digital sheet" if len(names) == 1 else \
            "play digital sheets"
        raise BadState(f"{' and '.join(names)} {plays}: resume with the game token and {owners} sheet "
                       f"token{'s' * (len(names) > 1)}")


def phase(r: Fields) -> Phase:
    """The phase's letter, one of Phase's values (a state without one is in the cave round)."""
    letter = r.get("ph", Phase.CAVES.value)
    if letter not in [p.value for p in Phase]:
        raise BadState(f"state.ph must be one of {', '.join(Phase)}, not {shape(letter)}")
    return Phase(letter)


def reports_from(raw, names: list[str], golden: tuple) -> dict[int, Report]:
    n = len(names)
    if not isinstance(raw, dict):
        raise BadState("state.r must map player numbers to reports")
    out = {}
    for key, v in raw.items():
        if not key.isdigit() or not 0 <= int(key) < n or not isinstance(v, list) or len(v) not in (6, 7):
            raise BadState("state.r must map player numbers to reports [fresh, rotten, golden, end, out, stole(, golden count)]")
        fresh, rotten, gold, end, gone, stole, counted = v + [0] * (7 - len(v))
        if not all(isinstance(x, int) and 0 <= x <= 999 for x in (fresh, rotten, gone, counted)) or \
                not isinstance(end, str) or any(ch not in "sih" for ch in end) or \
                not isinstance(gold, list) or any(not isinstance(g, int) or not 0 <= g < len(golden) for g in gold):
            raise BadState(f"state.r[{key!r}] has an impossible count, ending or golden apple")
        out[int(key)] = Report(names[int(key)], fresh, rotten, tuple(golden[g] for g in gold), end, bool(gone),
                               squares([stole], f"state.r[{key!r}] stole")[0] if stole else None, counted)
    return out


def check_phase(st: State) -> None:
    """The phase must agree with the counters: caves only before every snake has one, choosers only when choosing."""
    caves = sum(s.cave for s in st.snakes)
    if st.phase == Phase.CAVES and (caves == len(st.snakes) or st.flips != caves):
        raise BadState(f"the cave round has {caves} caves after {st.flips} flips")
    if (st.deck.pos == 0) != (st.flips == 0):
        raise BadState(f"the deck shows {st.deck.pos} cards turned after {st.flips} flips")
    if st.phase != Phase.CAVES and caves < len(st.snakes):
        raise BadState("every snake has a cave once the cave round is over")
    if bool(st.choosers or st.placing) != (st.phase == Phase.CHOOSE):
        raise BadState("ability choices are owed exactly while the phase is 'a'")
    if st.reports and st.phase != Phase.MOVE:
        raise BadState("reports are kept only while the round's moves are open")
