"""Plumbing the per-game command modules share: open the store, pick the game, apply one action as one transaction."""
import sys
from typing import NamedTuple

from companion.core.engine import BadState, IllegalAction, Result
from companion.core.games import engine, game, load
from companion.core.language import _, ngettext
from companion.store.db import GameRecord, Store, UnknownGame
from companion.store.saved import Opened, heard, opened


class Refused(Exception):
    """A one-line refusal: the command exits non-zero and the saved game is untouched (cli.py shows it; the play
    loops print it and ask again), so the rules' callers need no click."""


def open_store() -> Store:
    return Store()


def pick(store: Store, kind: str | None, game_id: str | None) -> GameRecord:
    """The named game, or the most recent game of this kind (of any kind for None); it must be of this kind."""
    if game_id == "":
        raise Refused(_("--game needs a game id; `companion games` lists them"))
    try:
        record = store.load(game_id or store.latest(kind))
    except UnknownGame as exc:
        raise Refused(str(exc)) from None
    if kind and record.kind != kind:
        raise Refused(_("game {game} is a {kind} game; use `companion {kind} ...` for it").format(
            game=record.id, kind=record.kind))
    return record


def current(kind: str | None, game_id: str | None):
    """(record, state) of a saved game, for commands that only read.

    The store stays open with the record, which reads its whole log only when asked (`log`); it closes with it.
    """
    record = pick(open_store(), kind, game_id)
    return record, replay(record)


def unreplayed(record: GameRecord, found: Opened, fate: str) -> str:
    """The line for stderr when the log goes further than these rules can replay it."""
    n = found.length - found.at
    return ngettext("notice: {game} opened at action {at}; {n} later action cannot be replayed by this version "
                    "({fate})",
                    "notice: {game} opened at action {at}; {n} later actions cannot be replayed by this version "
                    "({fate})", n).format(game=record.id, at=found.at, n=n, fate=fate)


def reading(record: GameRecord) -> Opened:
    """The game as a read-only command shows it; what no longer replays is named and left for the next change."""
    found = opened(record)
    if found.at < found.length:
        print(unreplayed(record, found, _("the next change to the game sets them aside")), file=sys.stderr)
    return found


def replay(record: GameRecord):
    """The state a read-only command shows (the per-game commands need no more)."""
    return reading(record).state


def changing(record: GameRecord, notices: list[str]) -> Opened:
    """The game as a change starts from it: what no longer replays is set aside (kept in the store, out of the log),
    and the snapshots it lacked are written. The notice saying so goes to `notices`, for the caller to print once the
    change is kept: a refused change sets nothing aside."""
    kept: list = []
    found = opened(record, kept)
    if found.at < found.length:
        record.store.set_aside(record.id, found.at, engine(record.kind).version)
        notices.append(unreplayed(record, found, _("they are set aside")))
    for seq, data in kept:
        record.store.keep_snapshot(record.id, seq, data)
    return Opened(found.state, found.at, found.at)


def tell(notices: list[str]) -> None:
    """A kept change's notices, on stderr."""
    for line in notices:
        print(line, file=sys.stderr)


def played(record: GameRecord, seq: int, state) -> None:
    """Close a change: the snapshot of the state after the log's first `seq` actions, under this version's rules."""
    eng = engine(record.kind)
    record.store.keep_snapshot(record.id, seq, eng.to_dict(state, private=True))
    record.store.played(record.id, eng.version)


def create(kind: str, setup: dict, wanted_id: str | None = None, play_id: str | None = None) -> tuple[str, object]:
    """Start a game; the setup is validated by building its first state before anything is saved. A resumed game
    brings its token's play id (the same play), else the game gets a fresh one."""
    eng = engine(kind)
    try:
        state = eng.start(setup)
        eng.admit(state)
    except (IllegalAction, BadState) as exc:
        raise Refused(str(exc)) from None
    store = open_store()
    try:
        with store.transaction():
            game_id = store.create_game(kind, setup, eng.version, wanted_id, play_id)
            store.keep_snapshot(game_id, 0, eng.to_dict(state, private=True))  # reading it rolls no setup dice
    finally:
        store.close()
    return game_id, state


class Acted(NamedTuple):
    game: str
    result: Result
    setup: dict  # the game's setup, for what follows the action (the computer's reply)


class ComputerToAct(Refused):
    """A person's action while the computer's go is unfinished (a command interrupted it): play that go first."""


def act(kind: str, game_id: str | None, action: dict, computer: bool = False, side: str | None = None) -> Acted:
    """Apply one action to a saved game and log it with the state after it, all in one transaction; a refusal
    changes nothing. In a game against the computer, only the computer acts in its go (`computer`), and only the
    person in theirs. `side`: a page that plays one side only (the Bolotomus' own page) acts in its go alone."""
    notices: list[str]
    store, notices = open_store(), []
    try:
        with store.transaction():
            record = pick(store, kind, game_id)
            found = changing(record, notices)
            setup = seated(record)
            if computer_sides(setup) and computer_to_act(kind, setup, found.state) != computer:
                if computer:
                    raise Refused(_("it is not the computer's go"))
                raise ComputerToAct(_("the computer's go is not over: it plays first"))
            if side is not None:
                only_side(kind, found.state, action, side)
            if computer_sides(setup) and not computer:
                undone = [a for a in reversed(store.log(record.id, "redo")) if a]  # the next to redo first
                action = {**action, **engine(kind).fresh_chance(found.state, undone)}
            try:
                result = engine(kind).apply(found.state, action)
            except IllegalAction as exc:
                raise Refused(str(exc)) from exc  # the rules' own error, for an interface to word (e.g. dice)
            played(record, store.append(record.id, result_action(result, action)), result.state)
        tell(notices)
        return Acted(record.id, result, seated(record))
    finally:
        store.close()


def only_side(kind: str, state, action: dict, side: str) -> None:
    """Refused unless `action` is of a kind `side` may take now (so a side's own page acts for no other side); one of
    a kind nobody may take now is refused in the rules' own words, as the terminal refuses it."""
    eng = engine(kind)
    if action.get("type") in {a.get("type") for a in eng.legal_actions(state, side)}:
        return
    if action.get("type") not in {a.get("type") for a in eng.legal_actions(state)}:
        try:
            eng.apply(state, action)
        except IllegalAction as exc:
            raise Refused(str(exc)) from exc
    raise Refused(_("this page acts for the {side} alone, and this is no action of theirs now: {status}").format(
        side=side, status=eng.describe(state)))


def result_action(result: Result, action: dict) -> dict:
    """What the log keeps: the action with any dice the rules rolled written in, so replay needs no luck."""
    return result.logged or action


def computer_to_act(kind: str, setup: dict, state) -> bool:
    """Whether a side the companion plays (setup["computer"]["sides"]) has a move now."""
    eng = engine(kind)
    return any(eng.legal_actions(state, side) for side in computer_sides(setup))


def computer_sides(setup: dict) -> list[str]:
    return list((setup.get("computer") or {}).get("sides", ()))


def computer_go(kind: str, game_id: str, setup: dict, state, show=None) -> tuple[object, list[dict]]:
    """The sides the companion plays act while it is theirs to, each action its own transaction (an interrupted go
    resumes at the next command; undo takes it back with the person's move); `show(side, action, messages)` hears
    each as it comes. Returns the state the person plays on and the actions as --json lists them."""
    if not computer_sides(setup):
        return state, []
    replied: list[dict] = []

    def heard(side: str, action: dict, result: Result) -> None:
        replied.append({"side": side, "action": action, "messages": list(result.messages)})
        if show is not None:
            show(side, action, result.messages)

    return load(game(kind).computer)(game_id, setup, state, heard), replied


def seated(record: GameRecord) -> dict:
    """The setup with who plays as the log last set it: a logged `vs` action (its sides, level and think) replaces
    setup["computer"], so undo takes the change back with the action."""
    changes = [a for a in record.store.log(record.id) if a and a.get("type") == "vs"]
    if not changes:
        return record.setup
    last = {k: v for k, v in changes[-1].items() if k not in ("type", "skip")}  # skip: chance passed over
    return {**record.setup, "computer": last if last["sides"] else None}


def step_back(kind: str, game_id: str | None, forward: bool, allowed=None,
              told: list[str] | None = None) -> tuple[str, list[dict], object]:
    """Undo (or redo) the last action, with the computer's reply to it: returns (game id, the actions moved in the
    order moved, the state after). `allowed(seen, mine, before)`, when given, is asked in the same transaction with
    the log's length as the step found it, the person's action moved and the state before that action: its Refused
    leaves the game as it was (a page's conditions: the log it saw, its player's own action). `told`, when given,
    gets the lines a redo's actions print again, as when first played.

    Undo drops the snapshot after each action; redo applies each again under today's rules and snapshots it. Against
    the computer, undo goes on while the action it took back was the computer's (the state before it has the
    computer to act), so it ends having taken back the person's last action; redo puts back the person's action
    and the reply that followed it.
    """
    notices: list[str]
    store, notices = open_store(), []
    try:
        with store.transaction():
            record = pick(store, kind, game_id)
            seen = len(store.log(record.id)) if allowed else 0
            found = changing(record, notices)
            moved: list[dict]
            state, at, moved = found.state, found.at, []
            while not moved or ((forward or moved[-1].get("type") != "vs")  # an undone `vs` is a step of its own
                                and computer_to_act(kind, seated(record), state)):
                one = store.redo(record.id) if forward else store.undo(record.id)
                if one is None:
                    break
                moved.append(one)
                if forward:
                    try:
                        state, lines = heard(engine(kind), state, one, record.rules_version)
                    except IllegalAction:
                        raise Refused(_("the undone action no longer applies under this version's rules; it "
                                        "stays undone")) from None
                    at += 1
                    played(record, at, state)
                    if told is not None:
                        told += lines
                else:
                    state = opened(record).state
            if not moved:
                raise Refused(_("nothing to redo") if forward else _("nothing to undo: the game is at its start"))
            if allowed is not None:
                allowed(seen, stepped(moved, forward)[0], found.state if forward else state)
            if not forward:
                store.played(record.id, engine(kind).version)
        tell(notices)
        return record.id, moved, state
    finally:
        store.close()


def stepped(moved: list[dict], forward: bool) -> tuple[dict, list[dict], str]:
    """What an undo or redo moved: the person's own action, the computer's reply to it, and words for the reply."""
    mine, reply = (moved[0], moved[1:]) if forward else (moved[-1], moved[:-1])
    also = ngettext(", with the computer's {n} action", ", with the computer's {n} actions", len(reply))
    return mine, reply, also.format(n=len(reply)) if reply else ""
