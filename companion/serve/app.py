"""The web app of `companion serve` (the routes of docs/serve.md): every saved game of the store, each behind its
join secret; reads and writes go through the same session code as the CLI, one store transaction each, in the
thread pool so the event loop never waits on SQLite.

Public routes show what `companion <game> status --json` shows and nothing more: never the hidden Spark or Splops
(only /b/{game}/{bolotomus secret}/private has them)."""
from __future__ import annotations

import json
import os
import re
import threading
from importlib.resources import files

import anyio
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from companion.serve.guard import foreign, middleware
from companion.serve.keys import bolotomus_secret, identity, join_secret, matches
from companion.serve.live import Live, store_path

MAX_BODY = 16 * 1024  # bytes of a POSTed action; a report is a few hundred
BODY_SECONDS = 10.0  # for the whole body of a POST to arrive
STATIC = files("companion.serve") / "static"
NO_STORE = {"Cache-Control": "no-store"}
DEAD = "this link no longer works (new links were drawn, or the game was renamed or deleted): scan the code again"
PLAYING = "the computer is playing: wait for its go to end"
NAME_MAX = 64  # characters of a player's name on a feed (a Sssnake name has at most 16)
DEVICE = re.compile(r"[0-9a-f]{16,64}")  # a tab's id, as common.js draws it


class NotFound(Exception):
    """What a linked game does not have (a Sssnake game's board.svg) or no longer has (deleted since the link was
    checked)."""


class Dead(Exception):
    """A link that opens nothing (an unknown game, a wrong secret, a Bolotomus' page the computer holds): one answer
    for all, so a guess learns nothing, in words that tell a player what to do."""


class Slow(Exception):
    """A POST whose body did not arrive within BODY_SECONDS."""


class Bad(Exception):
    """A refused request: 400 with the one line the CLI would print after `error: `."""


class Playing(Exception):
    """A write while the computer's go is not over: 409, and the write changes nothing and starts nothing."""


class Turns:
    """The computer's go of each game, played by one thread of this server at a time: a go asked for while one is
    played is left to it (it looks again before it ends), so a second phone starts no second search."""

    def __init__(self):
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


def error(line: str, status: int) -> JSONResponse:
    return JSONResponse({"error": line}, status, headers=NO_STORE)


def not_found() -> JSONResponse:
    return error("not found", 404)


def dead_page() -> FileResponse:
    """A dead link opened in the browser (a reload): the words, not a JSON line."""
    return FileResponse(str(STATIC / "dead.html"), status_code=404, headers=NO_STORE)


# the store (each of these runs in the thread pool) -----------------------------------------------------------------
def log_length(store, game_id: str) -> int:
    (n,) = store.db.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,)).fetchone()
    return n


def opened_game(game_id: str, need=None):
    """(record, state, seq) of a saved game, read in one read transaction (the log length matches the state); the
    store is closed before returning (the record's lazy log is not used afterwards). NotFound if no such game."""
    from companion.shared import session
    from companion.store.db import UnknownGame

    store = session.open_store()
    try:
        store.db.execute("BEGIN")  # deferred: a read lock only, never a write lock
        try:
            try:
                record = store.load(game_id)
            except UnknownGame:
                raise NotFound() from None
            if need and record.kind != need:
                raise NotFound()
            state = session.replay(record)
            return record, state, log_length(store, game_id)
        finally:
            store.db.execute("ROLLBACK")
    finally:
        store.close()


def state_json(game_id: str) -> dict:
    from companion.core.games import engine
    from companion.shared.session import computer_sides

    record, state, seq = opened_game(game_id)
    eng = engine(record.kind)
    return {"game": record.id, "kind": record.kind, "seq": seq, "view": eng.view(state),
            "next": eng.next_step(state), "next_text": next_text(record.kind, state, eng),
            "status": status_text(record, state, eng), "last": last_action(game_id, eng),
            "computer": computer_sides(record.setup)}


def last_action(game_id: str, eng) -> dict | None:
    """The log's last action as `log --json` shows it (with any dice rolled) and its text: the table's last dice."""
    from companion.shared import session

    store = session.open_store()
    try:
        row = store.db.execute("SELECT seq FROM actions WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
                               (game_id,)).fetchone()
        found = store.log(game_id, since=row[0]) if row else []
    finally:
        store.close()
    if not found or found[-1] is None:
        return None
    return {**offered(eng, found[-1]), "dice": found[-1].get("dice", [])}


def status_text(record, state, eng, eyes: bool = False) -> str:
    """`companion <game> status` as plain text (no colour); `eyes`: with the Bolotomus' hidden placement."""
    if record.kind == "snits":
        from companion.shared.snits.text import status_text as text

        return text(record.id, state, eyes)
    from companion.shared.sssnake.text import status_text as text

    return text(record.id, eng.view(state))


def next_text(kind: str, state, eng) -> str:
    """What the game waits for, in the CLI's words (without its teaching reminder)."""
    if kind == "snits":
        from companion.shared.snits.text import next_steps

        return next_steps(state)
    from companion.shared.sssnake.text import next_text as words

    return words(eng.next_step(state))


def legal_json(game_id: str, player: str) -> dict:
    from companion.core.engine import IllegalAction
    from companion.core.games import engine

    record, state, _ = opened_game(game_id)
    eng = engine(record.kind)
    if not player:
        raise Bad("name the player: ?player=NAME")
    try:
        if record.kind == "snits":
            return {"actions": [offered(eng, a) for a in eng.legal_actions(state, player)]}
        return sssnake_legal(eng, state, player)
    except IllegalAction as exc:
        raise Bad(str(exc)) from None


def offered(eng, action: dict) -> dict:
    try:
        text = eng.action_text(action)
    except (ValueError, KeyError, TypeError):  # an action the page completes (a place without its corner)
        text = action["type"]
    return {"action": action, "text": text}


def sssnake_legal(eng, state, player: str) -> dict:
    """A Sssnake player's choices now: flip, take (one per card offered), place, rejoin as whole actions; a report
    (paper) or a move (digital sheet) as flags, since their values are the player's to fill in."""
    from companion.sssnake.space import Flip, Moves, Place, Rejoin, Reports, Take

    who = state.index(player)
    name = state.snakes[who].name
    actions, report, move = [], False, False
    for part in eng.legal_actions(state, name).parts:
        if isinstance(part, Flip):
            actions.append({"type": "flip"})
        elif isinstance(part, Take):
            actions += [{"type": "take", "player": name, "card": card} for card in part.cards]
        elif isinstance(part, Place):
            actions.append({"type": "place", "player": name})
        elif isinstance(part, Rejoin):
            actions.append({"type": "rejoin", "player": name})
        elif isinstance(part, Reports) and part.kind == "report":
            report = True
        elif isinstance(part, Moves):
            move = True
    return {"actions": [offered(eng, a) for a in actions], "report": report, "move": move,
            "digital": who in state.sheets}


def sheet_json(game_id: str, player: str) -> dict:
    from companion.core.engine import IllegalAction
    from companion.sssnake.ground import ground
    from companion.sssnake.reports import golden_left
    from companion.sssnake.sheet import to_dict

    record, state, _ = opened_game(game_id, need="sssnake")
    try:
        who = state.index(player)
    except IllegalAction as exc:
        raise Bad(str(exc)) from None
    if who not in state.sheets:
        raise Bad(f"{state.snakes[who].name} plays on paper: no digital sheet")
    gr = ground(state.land)
    lo, hi = state.snakes[who].move_range()
    return {"sheet": to_dict(state.sheets[who]), "terrain": list(gr.terrain), "overlay": list(gr.overlay),
            "move": [lo, hi], "golden_left": [list(g) for g in golden_left(state)]}


def board(game_id: str) -> str:
    _, state, _ = opened_game(game_id, need="snits")
    from companion.serve.board import board_svg

    return board_svg(state)


def private_json(game_id: str) -> dict:
    """The Bolotomus' page: the public view and the hidden placement (none while the computer is the Bolotomus)."""
    from companion.core.games import engine
    from companion.snits.game import reveal

    record, state, seq = opened_game(game_id, need="snits")
    eng = engine("snits")
    return {"game": record.id, "kind": "snits", "seq": seq, "view": eng.view(state),
            "private": reveal(state) if state.placement else {"spark": None, "splops": []},
            "next": eng.next_step(state), "next_text": next_text("snits", state, eng),
            "status": status_text(record, state, eng, eyes=True)}


def person_bolotomus(setup: dict) -> bool:
    """Whether a person plays the Bolotomus of this Snits game (then it has a private page)."""
    from companion.shared.snits.options import computer_hides

    return not computer_hides(setup)


def bolotomus_game(game_id: str) -> str | None:
    """"snits" for a Snits game a person plays the Bolotomus of, else None (no private page)."""
    from companion.shared import session
    from companion.store.db import UnknownGame, Unreadable

    store = session.open_store()
    try:
        try:
            record = store.load(game_id)
        except (UnknownGame, Unreadable):
            return None
        return "snits" if record.kind == "snits" and person_bolotomus(record.setup) else None
    finally:
        store.close()


def act(kind: str, game_id: str, action: dict, turns: Turns) -> dict:
    """One action as the CLI applies it (one transaction), then the computer's replies, quietly; none while the
    computer plays (Playing)."""
    from companion.core.games import engine
    from companion.shared import session

    if turns.playing(game_id):
        raise Playing()
    eng = engine(kind)
    game, result, setup = applied(kind, game_id, action)
    messages = list(result.messages)
    replied = computer_go(kind, game, turns) if session.computer_sides(setup) and turns.take(game) else []
    for r in replied:
        messages.append(f"{r['side']} (computer): {eng.action_text(r['action'])}")
        messages += r.get("messages", [])
    store = session.open_store()
    try:
        seq = log_length(store, game)
    finally:
        store.close()
    return {"ok": True, "messages": messages, "seq": seq}


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


# the routes ---------------------------------------------------------------------------------------------------------
def make_app(key: bytes, hosts=()) -> Starlette:
    """The app serving every saved game of the store (COMPANION_HOME as the process has it) under this key, to a
    Host header naming a loopback name or one of `hosts` (the served address); a computer's go left unfinished
    is played as it starts."""
    live, turns = Live(), Turns()
    resume(turns)

    def verified(secret_of, game: str, secret: str) -> str:
        """The game's kind when `secret` is its link's, else Dead; an unknown game is Dead after the same work (a
        secret computed and compared), so neither the answer nor its time tells it from a wrong secret."""
        found = identity(game)
        right = matches(secret, secret_of(key, game, found[1] if found else ""))
        if found is None or not right or (secret_of is bolotomus_secret and bolotomus_game(game) is None):
            raise Dead()
        return found[0]

    async def call(fn, *args):
        from companion.store.db import Unreadable, explain

        try:
            return await run_in_threadpool(fn, *args)
        except NotFound:
            return not_found()
        except Dead:
            return error(DEAD, 404)
        except Bad as exc:
            return error(str(exc), 400)
        except Playing:
            return error(PLAYING, 409)
        except Unreadable as exc:
            return error(str(exc), 409)
        except Exception as exc:
            why = explain(exc, store_path())
            if why is None:
                raise
            return error(why, 503)

    def guarded(endpoint, secret_of=join_secret, page: bool = False):
        """The endpoint, called with (request, game, kind) once the link's secret is checked; a dead link is
        told so, in words on a page's route (a reload shows no raw JSON)."""
        async def wrapped(request: Request):
            params = request.path_params
            kind = await call(verified, secret_of, params["game"], params["secret"])
            if isinstance(kind, Response):
                return dead_page() if page and kind.status_code == 404 else kind
            return await endpoint(request, params["game"], kind)
        return wrapped

    async def state(request, game, kind):
        found = await call(state_json, game)
        return found if isinstance(found, Response) else JSONResponse(found, headers=NO_STORE)

    async def legal(request, game, kind):
        found = await call(legal_json, game, request.query_params.get("player", ""))
        return found if isinstance(found, Response) else JSONResponse(found, headers=NO_STORE)

    async def sheet(request, game, kind):
        found = await call(sheet_json, game, request.path_params["name"])
        return found if isinstance(found, Response) else JSONResponse(found, headers=NO_STORE)

    async def board_svg(request, game, kind):
        found = await call(board, game)
        if isinstance(found, Response):
            return found
        return Response(found, media_type="image/svg+xml", headers=NO_STORE)

    async def private(request, game, kind):
        found = await call(private_json, game)
        return found if isinstance(found, Response) else JSONResponse(found, headers=NO_STORE)

    async def post(request, game, kind):
        refused = foreign(request)
        if refused:
            return error(refused[1], refused[0])
        try:
            body = await bounded_body(request)
        except Slow:
            return error(f"the action did not arrive within {BODY_SECONDS:g} seconds; send it again", 408)
        if body is None:
            return error(f"the request body is over {MAX_BODY // 1024} KB", 400)
        try:
            action = json.loads(body)
        except (ValueError, RecursionError):  # not JSON, or nested deeper than the reader goes ([[[[...)
            action = None
        if not isinstance(action, dict):
            return error("send one action as a JSON object, as `companion <game> log --json` shows it", 400)
        found = await call(act, kind, game, action, turns)
        live.poke()
        return found if isinstance(found, Response) else JSONResponse(found, headers=NO_STORE)

    async def events(request, game, kind):
        return StreamingResponse(live.stream(game, request, holder(request)), media_type="text/event-stream",
                                 headers={**NO_STORE, "X-Accel-Buffering": "no"})

    def page_endpoint(name):
        async def page(request, game, kind):
            return FileResponse(str(STATIC / f"{name}.html"), headers=NO_STORE)
        return page

    g = "/g/{game}/{secret}"
    b = "/b/{game}/{secret}"
    routes = [
        Route(g + "/", guarded(page_endpoint("table"), page=True)),
        Route(g + "/player", guarded(page_endpoint("player"), page=True)),
        Route(g + "/state", guarded(state)),
        Route(g + "/legal", guarded(legal)),
        Route(g + "/sheet/{name}", guarded(sheet)),
        Route(g + "/board.svg", guarded(board_svg)),
        Route(g + "/act", guarded(post), methods=["POST"]),
        Route(g + "/events", guarded(events)),
        Route(b + "/", guarded(page_endpoint("bolotomus"), bolotomus_secret, page=True)),
        Route(b + "/private", guarded(private, bolotomus_secret)),
        Route(b + "/events", guarded(events, bolotomus_secret)),
        Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
    ]
    app = Starlette(routes=routes, middleware=middleware(hosts))
    app.state.live = live
    return app


def holder(request: Request) -> tuple[str, str] | None:
    """(name, device) of a player page's feed (?name=NAME&device=ID, the id its tab keeps), so two phones on one
    name are told; None for any other page, or for a name or id out of shape."""
    name, device = request.query_params.get("name", ""), request.query_params.get("device", "")
    if 0 < len(name) <= NAME_MAX and DEVICE.fullmatch(device):
        return name, device
    return None


async def bounded_body(request: Request) -> bytes | None:
    """The body, or None once it passes MAX_BODY (read no further); Slow once BODY_SECONDS pass (a body sent a byte
    at a time holds a connection no longer)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        return None
    body = b""
    with anyio.move_on_after(BODY_SECONDS) as waited:
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY:
                return None
    if waited.cancelled_caught:
        raise Slow()
    return body
