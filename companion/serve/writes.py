"""What the pages write: one action as the CLI applies it (or an undo, a redo), then the computer's go, which one
thread of the server plays at a time (Turns), and any go left unfinished when the server starts."""
from __future__ import annotations

import os
import threading

from companion.core.language import N_, _
from companion.serve.live import store_path
from companion.serve.reads import log_length
from companion.serve.refusals import Bad, Playing

STEP_BODY = N_("send a JSON object: {table} from the table's page, or {player} from a player's")
STEP_SHAPES = {"table": "{}", "player": '{"player": NAME, "seq": N}'}


class Turns:
    """The computer's go of each game, played by one thread of this server at a time: a go asked for while one is
    played is left to it (it looks again before it ends), so a second phone starts no second search."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.again: dict[str, bool] = {}  # the games whose go is being played: asked for again meanwhile?

    def playing(self, game: str) -> bool:
        return game in self.again

    def take(self, game: str) -> bool:
        """Whether the caller plays the go now; if another thread does, it is asked to look again."""
        with self.lock:
            if game in self.again:
                self.again[game] = True
                return False
            self.again[game] = False
            return True

    def give_back(self, game: str, done: bool = True) -> bool:
        """End the go unless it was asked for again meanwhile (False: play on); `done=False` ends it anyway."""
        with self.lock:
            if self.again[game] and done:
                self.again[game] = False
                return False
            del self.again[game]
            return True


def act(kind: str, game_id: str, action: dict, turns: Turns, side: str | None = None) -> dict:
    """One action as the CLI applies it (one transaction), then the computer's replies, quietly; none while the
    computer plays (Playing). `side`: the one side the posting page plays (the Bolotomus' page), refused otherwise."""
    from companion.shared import session

    if turns.playing(game_id):
        raise Playing()
    game, result, setup = applied(kind, game_id, action, side)
    return answered(kind, game, list(result.messages), bool(session.computer_sides(setup)), turns)


def step(kind: str, game_id: str, forward: bool, asked: dict, turns: Turns) -> dict:
    """An undo (redo) as the CLI's (the computer's reply moves with the person's action), told in the CLI's line;
    none while the computer plays (Playing). `asked`: {} from the table's page, or the page's {"player", "seq"}."""
    from companion.shared import session
    from companion.shared.steps import step_line

    if turns.playing(game_id):
        raise Playing()
    try:
        told: list[str] = []  # a redo's lines, as when first played
        game, moved, _state = session.step_back(kind, game_id, forward, allowed(kind, forward, asked), told)
    except session.Refused as exc:
        raise Bad(str(exc)) from None
    # True: an undone `vs` may hand the computer a go
    return answered(kind, game, [step_line(kind, moved, forward), *told], True, turns)


def allowed(kind: str, forward: bool, asked: dict):
    """session.step_back's check of a page's undo (redo): the log as the page saw it (`seq`), and on a player's
    page (`player`) an action of that player's own; the table's page sends neither and may step any action."""
    from companion.shared.session import Refused
    from companion.shared.steps import named

    player, seq = asked.get("player"), asked.get("seq")
    if set(asked) - {"player", "seq"} or not isinstance(player, str | None) or player == "" or not (
            seq is None or (isinstance(seq, int) and not isinstance(seq, bool))):
        raise Bad(step_body())
    which = _("the action to redo") if forward else _("the last action")

    def check(seen: int, mine: dict, before) -> None:
        if seq is not None and seen != seq:
            raise Refused(_("the game moved on: the page showed {shown} actions and the log has {seen}; look at the "
                            "page again and tap once more if you still mean it").format(shown=seq, seen=seen))
        if player is not None and not own(kind, mine, before, player):
            raise Refused(_("{which} ({action}) is not {whose}: a phone steps only its own player's actions; the "
                            "table's page steps any").format(which=which, action=named(kind, mine),
                                                              whose=whose(player)))
    return check


def step_body() -> str:
    """What an undo's (a redo's) body must be, in the player's words."""
    return _(STEP_BODY).format(**STEP_SHAPES)


def whose(name: str) -> str:
    """A name's possessive as a refusal says it: Ann's, Bolotomus'."""
    return (_("{name}'") if name.endswith("s") else _("{name}'s")).format(name=name)


def own(kind: str, action: dict, before, player: str) -> bool:
    """Whether `player` took the action: the player it names (a Sssnake report, take, move...); a Snits action names
    no side, so it is the side whose go it was in `before`. One naming nobody (a Sssnake flip, a round line, a change
    of who plays) is the table's."""
    from companion.core.engine import IllegalAction
    from companion.core.games import engine

    if "player" in action:
        return str(action["player"]).lower() == player.lower()
    if kind != "snits" or action.get("type") == "vs":
        return False
    try:
        return bool(engine(kind).legal_actions(before, player))
    except IllegalAction:  # no such side
        return False


def answered(kind: str, game: str, messages: list[str], due: bool, turns: Turns) -> dict:
    """A write's answer: its lines, then the computer's go if it may be due (played quietly, its actions said), and
    the log's length after both."""
    from companion.shared import session

    messages = messages + replies(kind, game, due, turns)
    store = session.open_store()
    try:
        seq = log_length(store, game)
    finally:
        store.close()
    return {"ok": True, "messages": messages, "seq": seq}


def replies(kind: str, game_id: str, due: bool, turns: Turns) -> list[str]:
    """The computer's go after a change that may have made it due (none while this server plays it), in lines."""
    from companion.core.games import engine

    replied = computer_go(kind, game_id, turns) if due and turns.take(game_id) else []
    lines: list[str] = []
    for r in replied:
        lines.append(_("{side} (computer): {action}").format(side=r["side"],
                                                             action=engine(kind).action_text(r["action"])))
        lines += r.get("messages", [])
    return lines


def applied(kind: str, game_id: str, action: dict, side: str | None = None):
    """session.act; a refusal is Bad, and a person's action in the computer's go is Playing (the go is the server's
    to play, never a refused write's)."""
    from companion.shared import session

    try:
        return session.act(kind, game_id, action, side=side)
    except session.ComputerToAct:
        raise Playing() from None
    except session.Refused as exc:
        raise Bad(cli_line(kind, exc), needed(exc)) from None
    except (KeyError, TypeError, AttributeError, ValueError) as exc:  # a dict the rules' reader chokes on
        raise Bad(_("not a {kind} action: {error}").format(kind=kind, error=exc.__class__.__name__)) from None


def cli_line(kind: str, exc) -> str:
    """The refusal as the CLI words it (Snits asks for typed dice after --roll)."""
    if kind == "snits":
        from companion.snits.dice import NeedDice

        if isinstance(exc.__cause__, NeedDice):
            return _("{refusal}: after --roll, with commas, e.g. --roll 3,5").format(refusal=exc)
    return str(exc)


def needed(exc) -> dict:
    """The roll manual dice still need, as the terminal's `play` asks for it: {"need": {"dice": how many more,
    "why": whose roll, "told": what the action's rolls so far did}}; {} for any other refusal."""
    from companion.snits.dice import NeedDice

    need = exc.__cause__
    if not isinstance(need, NeedDice):
        return {}
    return {"need": {"dice": need.more, "why": need.why, "told": list(need.told)}}


def computer_go(kind: str, game_id: str, turns: Turns) -> list[dict]:
    """The computer's go as the game stands (nothing if it is not due), its turn taken; looks again while another
    write asked for it meanwhile, then gives the turn back. Its actions, as `--json` lists them."""
    from companion.shared import session

    replied: list[dict] = []
    over = False
    try:
        while not over:
            record, state = session.current(kind, game_id)
            try:
                _state, more = session.computer_go(kind, record.id, session.seated(record), state)
            finally:
                record.store.close()
            replied += more
            over = turns.give_back(game_id)
    except session.Refused:  # a terminal command played the go meanwhile (its own transactions): it finishes it
        pass
    finally:
        if not over:
            turns.give_back(game_id, done=False)
    return replied


def resume(turns: Turns) -> None:
    """Each computer's go left unfinished (a crash, a stopped command) is played, in a thread of its own, when the
    server starts; its game answers writes with Playing until it ends."""
    if not os.path.exists(store_path()):
        return
    from companion.shared import session
    from companion.store.db import Unreadable

    store = session.open_store()
    try:
        due = []
        for record in store.games():
            try:
                setup = session.seated(record)
                if session.computer_sides(setup) and session.computer_to_act(record.kind, setup,
                                                                             session.replay(record)):
                    due.append((record.kind, record.id))
            except (session.Refused, Unreadable):  # a game this companion cannot replay waits for its commands
                continue
    finally:
        store.close()
    for kind, game in due:
        if turns.take(game):
            threading.Thread(target=computer_go, args=(kind, game, turns), name=f"computer-{game}",
                             daemon=True).start()
