"""What the pages write: one action as the CLI applies it, then the computer's go, which one thread of the server
plays at a time (Turns), and any go left unfinished when the server starts."""
from __future__ import annotations

import os
import threading

from companion.serve.live import store_path
from companion.serve.reads import log_length
from companion.serve.refusals import Bad, Playing


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


def act(kind: str, game_id: str, action: dict, turns: Turns) -> dict:
    """One action as the CLI applies it (one transaction), then the computer's replies, quietly; none while the
    computer plays (Playing)."""
    from companion.shared import session

    if turns.playing(game_id):
        raise Playing()
    game, result, setup = applied(kind, game_id, action)
    messages = list(result.messages) + replies(kind, game, setup, turns)
    store = session.open_store()
    try:
        seq = log_length(store, game)
    finally:
        store.close()
    return {"ok": True, "messages": messages, "seq": seq}


def replies(kind: str, game_id: str, setup: dict, turns: Turns) -> list[str]:
    """The computer's go after a change (none in a game without it, or while this server plays it), in lines."""
    from companion.core.games import engine
    from companion.shared import session

    replied = computer_go(kind, game_id, turns) if session.computer_sides(setup) and turns.take(game_id) else []
    lines: list[str] = []
    for r in replied:
        lines.append(f"{r['side']} (computer): {engine(kind).action_text(r['action'])}")
        lines += r.get("messages", [])
    return lines


def applied(kind: str, game_id: str, action: dict):
    """session.act; a refusal is Bad, and a person's action in the computer's go is Playing (the go is the server's
    to play, never a refused write's)."""
    from companion.shared import session

    try:
        return session.act(kind, game_id, action)
    except session.ComputerToAct:
        raise Playing() from None
    except session.Refused as exc:
        raise Bad(cli_line(kind, exc)) from None
    except (KeyError, TypeError, AttributeError, ValueError) as exc:  # a dict the rules' reader chokes on
        raise Bad(f"not a {kind} action: {exc.__class__.__name__}") from None


def cli_line(kind: str, exc) -> str:
    """The refusal as the CLI words it (Snits asks for typed dice after --roll)."""
    if kind == "snits":
        from companion.snits.dice import NeedDice

        if isinstance(exc.__cause__, NeedDice):
            return f"{exc}: after --roll, with commas, e.g. --roll 3,5"
    return str(exc)


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
                _, more = session.computer_go(kind, record.id, session.seated(record), state)
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
