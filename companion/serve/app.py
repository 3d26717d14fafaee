"""The web app of `companion serve` (the routes of docs/serve.md): every saved game of the store, each behind its
join secret; reads and writes go through the same session code as the CLI, one store transaction each, in the
thread pool so the event loop never waits on SQLite.

Public routes show what `companion <game> status --json` shows and nothing more: never the hidden Spark or Splops
(only /b/{game}/{bolotomus secret}/private has them)."""
from __future__ import annotations

import functools
import json
import re
import threading
from importlib.resources import files

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from companion.core.language import _, language
from companion.serve.guard import NO_STORE, bounded_body, error, foreign, middleware
from companion.serve.keys import bolotomus_secret, identity, join_secret, matches
from companion.serve.live import Live, store_path
from companion.serve.lookups import card_json, deck_json, hint_json, round_json, score_json, topic_json, topics_json
from companion.serve.newgames import new_game, options_of, rematch_page
from companion.serve.photos import reader, recorder
from companion.serve.reads import (
    bgstats_json,
    board,
    bolotomus_game,
    first_sheet,
    legal_json,
    private_json,
    sheet_json,
    sheet_picture,
    state_json,
)
from companion.serve.refusals import DEAD, PLAYING, Bad, Dead, NotFound, Playing
from companion.serve.speech import filled, switched
from companion.serve.writes import Turns, act, resume, step, step_body, whose
from companion.snits.phases import BOLOTOMUS  # the side the Bolotomus' own page plays, as legal_actions names it

MAX_BODY = 16 * 1024  # bytes of a POSTed action; a report is a few hundred
BODY_SECONDS = 10.0  # for the whole body of a POST to arrive
STATIC = files("companion.serve") / "static"
AFTER = {  # what a page's scripts load once they know the game: fetched with the page (preload), not in a chain
    ("player", "sssnake"): ("sssnake-player.js", "sssnake-table.js", "sssnake.css", "lookups.css"),
    ("table", "sssnake"): ("sssnake-table.js", "sssnake.css", "lookups.css"),
    ("player", "snits"): ("snits-player.js", "snits-table.js", "snits-actions.js", "snits.css", "lookups.css"),
    ("table", "snits"): ("snits-table.js", "snits.css", "lookups.css"),
    ("bolotomus", "snits"): ("bolotomus.js", "snits-table.js", "snits-actions.js", "snits.css"),
}


@functools.cache
def page_html(name: str, kind: str, lang: str) -> str:
    """A page's HTML in `lang` with its game's scripts and styles preloaded: a phone's first paint waits for one
    round trip fewer per step of common.js -> the game's script -> its helpers."""
    text = (STATIC / f"{name}.html").read_text(encoding="utf-8")
    links = "".join(f'<link rel="preload" href="/static/{f}" as="{"script" if f.endswith(".js") else "style"}">\n'
                    for f in AFTER.get((name, kind), ()))
    return filled(text.replace("</head>", links + "</head>", 1), lang, AFTER.get((name, kind), ()))
NAME_MAX = 64  # characters of a player's name on a feed (a Sssnake name has at most 16)
DEVICE = re.compile(r"[0-9a-f]{16,64}")  # a tab's id, as common.js draws it


def not_found() -> JSONResponse:
    return error(_("not found"), 404)


def dead_page(request: Request) -> HTMLResponse:
    """A dead link opened in the browser (a reload): the words, not a JSON line."""
    return HTMLResponse(switched(page_html("dead", "", language()), request.url.query), 404, headers=NO_STORE)


# the routes ---------------------------------------------------------------------------------------------------------
def make_app(key: bytes, hosts=(), warm: bool = False) -> Starlette:
    """The app serving every saved game of the store (COMPANION_HOME as the process has it) under this key, to a
    Host header naming a loopback name or one of `hosts` (the served address); a computer's go left unfinished
    is played as it starts. `warm` (`companion serve`): the landscapes' sheet drawings are made in the background
    at once, so no phone waits for one."""
    if warm:
        from companion.serve.sheet_svg import warm_up

        threading.Thread(target=warm_up, name="companion-warm", daemon=True).start()
    live, turns = Live(), Turns()
    nexts: dict[str, str] = {}  # a game -> the game started from its table page (this server's memory only)
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
        from companion.store.connection import Unreadable, explain

        try:
            return await run_in_threadpool(fn, *args)
        except NotFound:
            return not_found()
        except Dead:
            return error(_(DEAD), 404)
        except Bad as exc:
            return JSONResponse({"error": str(exc), **exc.extra}, 400, headers=NO_STORE)
        except Playing:
            return error(_(PLAYING), 409)
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
                return dead_page(request) if page and kind.status_code == 404 else kind
            return await endpoint(request, params["game"], kind)
        return wrapped

    async def state(request, game, kind):
        found = await call(state_json, game)
        return found if isinstance(found, Response) else JSONResponse(found, headers=NO_STORE)

    def legal_for(side: str | None):
        """G/legal (?player=NAME names the side) or B/legal (the Bolotomus' own: `side`)."""
        async def legal(request, game, kind):
            found = await call(legal_json, game, side or request.query_params.get("player", ""))
            return found if isinstance(found, Response) else JSONResponse(found, headers=NO_STORE)
        return legal

    async def sheet(request, game, kind):
        found = await call(sheet_json, game, request.path_params["name"])
        return found if isinstance(found, Response) else JSONResponse(found, headers=NO_STORE)

    async def sheet_svg(request, game, kind):
        found = await call(sheet_picture, game, request.query_params.get("player", ""))
        if isinstance(found, Response):
            return found
        return Response(found, media_type="image/svg+xml", headers=NO_STORE)

    def board_for(eyes: bool):
        """G/board.svg, or B/board.svg with the hidden placement marked (`eyes`)."""
        async def board_svg(request, game, kind):
            found = await call(board, game, eyes)
            if isinstance(found, Response):
                return found
            return Response(found, media_type="image/svg+xml", headers=NO_STORE)
        return board_svg

    async def private(request, game, kind):
        found = await call(private_json, game)
        return found if isinstance(found, Response) else JSONResponse(found, headers=NO_STORE)

    async def posted(request: Request, shape: str) -> dict | Response:
        """The POSTed JSON object, or the answer refusing it (another site, too slow, too big; `shape`: what to send
        instead of what is no object)."""
        refused = foreign(request)
        if refused:
            return error(refused[1], refused[0])
        body = await bounded_body(request, MAX_BODY, BODY_SECONDS,
                                  _("the request body is over {size} KB").format(size=MAX_BODY // 1024))
        if isinstance(body, Response):
            return body
        try:
            found = json.loads(body)
        except (ValueError, RecursionError):  # not JSON, or nested deeper than the reader goes ([[[[...)
            found = None
        return found if isinstance(found, dict) else error(shape, 400)

    def post_for(side: str | None):
        """G/act (any side's action, as the terminal takes it) or B/act (the Bolotomus' own only: `side`)."""
        async def post(request, game, kind):
            action = await posted(request, _("send one action as a JSON object, as `companion <game> log --json` "
                                             "shows it"))
            if isinstance(action, Response):
                return action
            found = await call(act, kind, game, action, turns, side)
            live.poke()
            return found if isinstance(found, Response) else JSONResponse(found, headers=NO_STORE)
        return post

    def stepping(forward: bool, side: str | None = None):
        """G/undo, G/redo (`side` None), or the Bolotomus page's, which steps only `side`'s own actions."""
        async def endpoint(request, game, kind):
            asked = await posted(request, step_body())
            if isinstance(asked, Response):
                return asked
            if side:
                if asked.get("player", side) != side:
                    return error(_("this page steps only the {whose} own actions").format(whose=whose(side)), 400)
                asked = {**asked, "player": side}
            found = await call(step, kind, game, forward, asked, turns)
            live.poke()
            return found if isinstance(found, Response) else JSONResponse(found, headers=NO_STORE)
        return endpoint

    def links(game: str) -> dict:
        found = identity(game)
        g = f"/g/{game}/{join_secret(key, game, found[1] if found else '')}"
        return {"game": game, "table": f"{g}/", "player": f"{g}/player"}

    async def new(request, game, kind):
        options = await posted(request, _("send the new game as a JSON object: {example}").format(
            example='{"kind": "sssnake", "players": [...], ...}'))
        if isinstance(options, Response):
            return options
        found = await call(new_game, options, turns)
        if isinstance(found, Response):
            return found
        nexts[game] = found["game"]
        return JSONResponse({"ok": True, **links(found["game"]), "messages": found["messages"]}, headers=NO_STORE)

    async def following(request, game, kind):
        """The game started from this one's table page, while this server runs: its links (None if none)."""
        then = nexts.get(game)
        found = await run_in_threadpool(links, then) if then else None
        return JSONResponse({"next": found}, headers=NO_STORE)

    async def following_privately(request, game, kind):
        """B/next: the Bolotomus' page of the rematch started from this game's table page, for the Bolotomus who
        played this one (a new game with other choices may have another Bolotomus: only the terminal shows its)."""
        then = nexts.get(game)
        found = await run_in_threadpool(rematch_page, key, then, game) if then else None
        return JSONResponse({"next": found}, headers=NO_STORE)

    async def join_code(request, game, kind):
        """The player page's link as a QR code, for the phones to scan from the table page."""
        from companion.tokens.qr import svg

        url = f"{str(request.base_url).rstrip('/')}{links(game)['player']}"
        drawn = await run_in_threadpool(svg, url, _("QR code of the player page of {game}").format(game=game))
        return Response(drawn, media_type="image/svg+xml", headers=NO_STORE)

    def read(fn, *args_of):
        """A look-up's endpoint: fn(game, *each arg read from the request) as JSON."""
        async def endpoint(request, game, kind):
            found = await call(fn, game, *(arg(request) for arg in args_of))
            return found if isinstance(found, Response) else JSONResponse(found, headers=NO_STORE)
        return endpoint

    def path(name):
        return lambda request: request.path_params[name]

    async def events(request, game, kind):
        return StreamingResponse(live.stream(game, request, holder(request)), media_type="text/event-stream",
                                 headers={**NO_STORE, "X-Accel-Buffering": "no"})

    def page_endpoint(name):
        async def page(request, game, kind):
            text = switched(page_html(name, kind, language()), request.url.query)
            asked = request.query_params.get("name", "")
            if name == "player" and kind == "sssnake" and 0 < len(asked) <= NAME_MAX:  # a digital sheet: in the page
                found = await call(first_sheet, game, asked)
                if isinstance(found, dict):
                    from companion.serve.sheet_svg import in_page

                    text = in_page(text, found)
            return HTMLResponse(text, headers=NO_STORE)
        return page

    g = "/g/{game}/{secret}"
    b = "/b/{game}/{secret}"
    routes = [
        Route(g + "/", guarded(page_endpoint("table"), page=True)),
        Route(g + "/player", guarded(page_endpoint("player"), page=True)),
        Route(g + "/state", guarded(state)),
        Route(g + "/legal", guarded(legal_for(None))),
        Route(g + "/sheet/{name}", guarded(sheet)),
        Route(g + "/sheet.svg", guarded(sheet_svg)),
        Route(g + "/board.svg", guarded(board_for(False))),
        Route(g + "/act", guarded(post_for(None)), methods=["POST"]),
        Route(g + "/undo", guarded(stepping(False)), methods=["POST"]),
        Route(g + "/redo", guarded(stepping(True)), methods=["POST"]),
        Route(g + "/events", guarded(events)),
        Route(g + "/new", guarded(new), methods=["POST"]),
        Route(g + "/next", guarded(following)),
        Route(g + "/join.svg", guarded(join_code)),
        Route(g + "/photo", guarded(page_endpoint("photo"), page=True)),
        Route(g + "/photo/read", guarded(reader(call)), methods=["POST"]),
        Route(g + "/photo/record", guarded(recorder(call, posted)), methods=["POST"]),
        Route(g + "/options", guarded(read(options_of))),
        Route(g + "/round", guarded(read(round_json))),
        Route(g + "/hint", guarded(read(hint_json, lambda request: request.query_params.get("player", "")))),
        Route(g + "/score", guarded(read(score_json))),
        Route(g + "/bgstats", guarded(read(bgstats_json))),
        Route(g + "/deck", guarded(read(deck_json))),
        Route(g + "/topics", guarded(read(topics_json))),
        Route(g + "/topics/{name}", guarded(read(topic_json, path("name")))),
        Route(g + "/card/{number}", guarded(read(card_json, path("number")))),
        Route(b + "/", guarded(page_endpoint("bolotomus"), bolotomus_secret, page=True)),
        Route(b + "/private", guarded(private, bolotomus_secret)),
        Route(b + "/legal", guarded(legal_for(BOLOTOMUS), bolotomus_secret)),
        Route(b + "/board.svg", guarded(board_for(True), bolotomus_secret)),
        Route(b + "/act", guarded(post_for(BOLOTOMUS), bolotomus_secret), methods=["POST"]),
        Route(b + "/undo", guarded(stepping(False, BOLOTOMUS), bolotomus_secret), methods=["POST"]),
        Route(b + "/redo", guarded(stepping(True, BOLOTOMUS), bolotomus_secret), methods=["POST"]),
        Route(b + "/events", guarded(events, bolotomus_secret)),
        Route(b + "/next", guarded(following_privately, bolotomus_secret)),
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

