"""The Sssnake engine: setup (rulebook Setup 3-5), actions applied through the round rules, state in and out."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.core.engine import BadState, Engine, IllegalAction, Outcome, Result, chance
from companion.core.language import _
from companion.sssnake import abilities, actions, fixes, rounds, scoring
from companion.sssnake.actions import ENDINGS, shown
from companion.sssnake.deck import Deck
from companion.sssnake.display import Display, ability
from companion.sssnake.edition import edition
from companion.sssnake.fall import can_rejoin, fall_view
from companion.sssnake.friendship import rejoin
from companion.sssnake.pencil import new_sheet
from companion.sssnake.reports import apples_fault, golden_left, rotten_possible
from companion.sssnake.roundline import WORDS, grammar_word
from companion.sssnake.rounds import next_step, waiting
from companion.sssnake.snake import CIRCLES, Snake
from companion.sssnake.state import MAX_PLAYERS, SEED_MAX, SEED_TEXT, Phase, State, name_fault
from companion.sssnake.state_dict import from_dict, to_dict


def digital_players(setup: dict, names: list[str], boxed: bool) -> list[str]:
    """The players whose sheet the companion keeps (setup "digital", and every snake the computer plays)."""
    wanted = list(setup.get("digital", ())) + list((setup.get("computer") or {}).get("sides", ()))
    found = {n.lower(): n for n in names}
    unknown = [w for w in wanted if str(w).lower() not in found]
    if unknown:
        raise IllegalAction(_("no player {name} to give a digital sheet; players: {names}").format(
            name=shown(str(unknown[0])), names=", ".join(names)))
    if wanted and boxed:
        raise IllegalAction(_("a digital sheet needs this edition's terrain; the boxed game's own sheets have their "
                              "own, so every player plays on paper"))
    return list(dict.fromkeys(found[str(w).lower()] for w in wanted))


SHEETS = ("edition", "boxed")  # which sheets the players draw on: this edition's (terrain known) or the boxed game's


def move(st: State, m: actions.Move):
    """A digital player's move; its walk is loaded only when a move comes, so flips and reports start no slower."""
    from companion.sssnake.digital import move as walked

    return walked(st, m)


RULES: dict[type, Callable[[State, Any], Any]] = {  # each action's rule, by the module that holds it
    actions.Move: move, actions.Flip: rounds.flip, actions.Report: rounds.report, actions.Fix: fixes.fix,
    actions.Round: rounds.round_line, actions.Take: abilities.take, actions.Place: abilities.place,
    actions.Rejoin: rejoin}


class SssnakeEngine(Engine):
    kind = "sssnake"
    # Raise it when a rules change could replay a saved log differently, or the state's dict changes. 2: round and fix
    # actions, the boxed game's sheets, teaching reminders (state format 2; logs of version 1 replay unchanged). 3: digital
    # sheets (move actions, marks on take and place; state format 3; older logs replay unchanged). 4: Nocturnal borrows
    # when the turn begins on a cave or an egg in shade too (it only accepts more, so older logs replay unchanged). 5: a
    # step into rocks is refused, not an elimination (older eliminating moves replay as played: see migrate). 6: the
    # player chooses a cave's way (flip and rejoin `cave`) and an apple's edge of two as near (move `roll`); without
    # them the nearest way and the first edge, as before, so older logs replay unchanged. 7: a snake with no move
    # left is one no card Nocturnal could borrow gives a path either (an older move with no path replays: migrate).
    # 8: a fix of the round that just closed reopens it (the state keeps what it needs, R; older logs hold no such
    # fix, it was refused).
    version = 8

    def migrate(self, action: dict, from_version: int, state: State | None = None) -> list[dict]:
        """Before version 5 a step into rocks eliminated the snake; an eliminating move of then (`anyway`, which the
        log keeps only for those) replays bumped, so its step into rocks still eliminates. Before version 7 a move
        with no path was checked without Nocturnal's loans: it replays `own`, checked as it was."""
        if from_version < 5 and action.get("type") == "move" and action.get("anyway"):
            return [action | {"bumped": True}]
        if from_version < 7 and action.get("type") == "move" and not action.get("path"):
            return [action | {"own": True}]
        return [action]

    def admit(self, state: State) -> None:
        """Names short enough that every token fits a QR code, and that the round line cannot misread (`Ice`, `2`,
        `Ann;Bob`); games saved before these limits still open."""
        for i, snake in enumerate(state.snakes):
            fault = name_fault(snake.name)
            if fault:
                raise IllegalAction(_("player {number}'s name {fault}").format(number=i + 1, fault=fault))
        names = [s.name for s in state.snakes]
        marked = [n for n in names if any(c in n for c in ";+:")]
        if marked:
            raise IllegalAction(_("a player's name has no ; + or : (the round line reads them): {name}; names are "
                                  "separated by commas, like Ann,Bob,Cid").format(name=shown(marked[0])))
        worded = [n for n in names if grammar_word(n)]
        if worded:
            raise IllegalAction(_("{name} cannot be a player's name: the round line reads it as a report's word "
                                  "({words}); give that player another name").format(name=shown(worded[0]),
                                                                                    words=_(WORDS)))

    def new(self, setup: dict) -> State:
        """Shuffle the apple deck, lay out the display, hand the first-player token (Setup steps 3-5)."""
        names = [str(n).strip() for n in setup.get("players", [])]
        if not 1 <= len(names) <= MAX_PLAYERS:
            raise IllegalAction(_("name 1-{most} players, like Ann,Bob,Cid").format(most=MAX_PLAYERS))
        if not all(names):
            raise IllegalAction(_("player {number}'s name is empty; one name between each pair of commas, like "
                                  "Ann,Bob,Cid").format(number=names.index('') + 1))
        spaced = [n for n in names if len(n.split()) > 1 or "," in n]
        if spaced:
            raise IllegalAction(_("a player's name is one word (it is typed after commands): {name}").format(
                name=shown(spaced[0])))
        if len({n.lower() for n in names}) != len(names):
            raise IllegalAction(_("two players share a name; give each a different one"))
        lands = edition().landscapes
        slug = setup.get("landscape", "am-fluss")
        if slug not in lands:
            raise IllegalAction(_("unknown landscape {name}; choose one of: {names}").format(
                name=shown(str(slug)), names=", ".join(lands)))
        seed = setup.get("seed", 0)
        if type(seed) is not int or not 0 <= seed <= SEED_MAX:
            raise IllegalAction(_("the seed is a whole number {range}, not {seed} (the token carries it)").format(
                range=SEED_TEXT, seed=repr(seed)))
        first = int(setup.get("first", 0))
        if not 0 <= first < len(names):
            raise IllegalAction(_("the first player must be one of: {names}").format(names=", ".join(names)))
        sheets = setup.get("sheets", "edition")
        if sheets not in SHEETS:
            raise IllegalAction(_("unknown sheets {name}; choose one of: {names}").format(
                name=shown(str(sheets)), names=", ".join(SHEETS)))
        deck = Deck.shuffled(chance(seed, 0))  # chance event 0
        display = Display.setup(lands[slug], len(names), chance(seed, 1))  # chance event 1: the display's cards
        st = State(seed=seed, land=slug, snakes=[Snake(n) for n in names], deck=deck, display=display,
                   friendship=bool(setup.get("friendship")), step=2, first=first, boxed=sheets == "boxed",
                   teach=bool(setup.get("teach")))
        st.sheets = {names.index(n): new_sheet(slug) for n in digital_players(setup, names, st.boxed)}
        return st

    def apply(self, state: State, action: dict) -> Result[State]:
        """Apply one action to a copy; an IllegalAction leaves the given state as it was."""
        act = actions.from_dict(action)
        st = state.copy()
        if not isinstance(act, actions.Fix):
            st.reopen = None  # only a fix comes back to a round once the next action has come
        messages = RULES[type(act)](st, act)
        if isinstance(messages, tuple):  # the rule spelled the action out for the log (a round line)
            messages, act = messages
        return Result(st, tuple(messages), actions.to_dict(act))

    def legal_actions(self, state: State, player: str | None = None):
        """A space (companion.sssnake.space), not a list: a report's values are combinatorial; with `player`, only
        what that snake may do now (an unknown name is an IllegalAction). Its module loads only here, so
        `sssnake flip/status` start no slower."""
        from companion.sssnake.space import legal

        return legal(state, player)

    def next_step(self, state: State) -> dict:
        """What the game waits for, as data (companion.sssnake.rounds.next_step): step flip, report, choose, place or
        over, and who; each interface words it (companion.shared.sssnake.text for the terminal)."""
        return next_step(state)

    def action_text(self, action: dict) -> str:
        """The one-line typed form the log shows: 'report Ann fresh=2 end=snow' (companion.sssnake.actions)."""
        return actions.to_text(actions.from_dict(action))

    def parse_action(self, text: str) -> dict:
        """The action dict a typed line names; parse_action(action_text(a)) == a."""
        return actions.to_dict(actions.from_text(text))

    def to_dict(self, state: State, private: bool = False) -> dict:
        """Sssnake hides nothing from the companion, so `private` changes nothing."""
        return to_dict(state)

    def from_dict(self, data: dict) -> State:
        """Validate and rebuild; anything the field checks did not foresee still comes out as one BadState line. The
        apples on a digital sheet are checked here, against the whole state (reports reads states: state.py does not
        import it)."""
        try:
            st = from_dict(data)
            for i in st.sheets:
                why = apples_fault(st, i)
                if why:
                    raise BadState(f"player {i + 1}'s sheet {why}")
            return st
        except BadState:
            raise
        except (KeyError, TypeError, ValueError) as exc:
            raise BadState(f"not a Sssnake state: a field of the wrong shape ({type(exc).__name__})") from None

    def view(self, state: State) -> dict:
        """The table's view: face-down display cards and the A stack's order below its top stay hidden."""
        st = state
        land = edition().landscapes[st.land]
        over = st.phase == Phase.OVER
        standings = {sc.name: (place, sc) for place, sc in scoring.standings(st.snakes)}
        players = []
        for i, s in enumerate(st.snakes):
            place, sc = standings[s.name]
            lo, hi = s.move_range()
            players.append({
                "name": s.name, "length": s.length, "circles": {k: s.track.count(c) for c, k in CIRCLES.items()},
                "rejoin_circles": s.rejoins * edition().rejoin_rotten_circles, "circled": s.circled_numbers(),
                "abilities": [ability(n).name for n in s.gained], "moulted": [ability(n).name for n in s.moulted],
                "intuition_squares": [list(q) for q in s.squares], "eggs": s.eggs,
                "ended_on": [name for name, c in ENDINGS.items() if c in s.end],
                "cave": s.cave, "out": bool(s.out), "may_rejoin": bool(can_rejoin(st, s)),
                "move": [lo, hi], "score": sc.as_dict(), "place": place if over else None,
                "digital": i in st.sheets})
        return {"kind": self.kind, "landscape": st.land, "sheets": SHEETS[st.boxed], "teach": st.teach,
                "golden": bool(land.golden_apples), "friendship": st.friendship, "phase": st.phase.word,
                "flips": st.flips, "first_player": st.snakes[st.first].name, "deck": st.deck.view(),
                "display": st.display.view(), "round": fall_view(st), "waiting_for": waiting(st) if st.phase == Phase.MOVE
                else [], "choosing": [st.snakes[i].name for i in st.choosers],
                "placing": [st.snakes[i].name for i in st.placing], "next": next_step(st),
                "golden_left": [list(g) for g in golden_left(st)], "rotten_possible": rotten_possible(st),
                "players": players,
                "solo_rank": scoring.solo_rank(scoring.scores(st.snakes)[0].total) if len(st.snakes) == 1 else None}

    def outcome(self, state: State) -> Outcome | None:
        """Places by points E and the rulebook's tie-breaks (End of play); a solo game has a rank, not a winner."""
        if state.phase != Phase.OVER:
            return None
        standings = scoring.standings(state.snakes)
        places = tuple(tuple(sc.name for p, sc in standings if p == place) for place in sorted(dict(standings)))
        scores = {sc.name: sc.total for _place, sc in standings}
        text = ", ".join(f"{place}. {sc.name}: {sc.total} points" for place, sc in standings)
        if len(state.snakes) == 1:
            return Outcome(places, (), scores, f"{text}; {scoring.solo_rank(scores[places[0][0]])}")
        return Outcome(places, places[0], scores, text)

    def describe(self, state: State) -> str:
        st = state
        names = ", ".join(s.name + (" (out)" if s.out else "") for s in st.snakes)
        where = "over" if st.phase == Phase.OVER else f"{st.phase.word}, {st.snakes[st.first].name} holds the token"
        return f"sssnake {st.land}{' (boxed sheets)' if st.boxed else ''}: {names}; flip {st.flips}, {where}"


ENGINE = SssnakeEngine()
