"""What wraps every answer of `companion serve` (docs/serve.md, "Links and secrets"): the browser's safety headers,
the Host check, and the one JSON error line for the errors Starlette answers in plain text (404, 405, the Host
check's 400, a crash's 500). A write's own checks (JSON only, from the page's own origin) are `foreign` here too."""
from __future__ import annotations

from http import HTTPStatus

import anyio
from starlette.datastructures import Headers
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.responses import JSONResponse

from companion.core.language import N_, _
from companion.serve.speech import Speaking

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
SAFETY = [(b"content-security-policy", CSP.encode()), (b"x-content-type-options", b"nosniff"),
          (b"referrer-policy", b"no-referrer")]
LOOPBACK = ("127.0.0.1", "localhost", "[::1]")
NO_STORE = {"Cache-Control": "no-store"}
LINES = {  # the plain-text errors in the player's words (the common ones as HTTP names them); others: HTTP's name
    400: N_("this server answers only at the address `companion serve` printed; open its link"),
    404: N_("not found"),
    405: N_("method not allowed"),
    500: N_("the companion failed on this request; its terminal says why"),
}


def middleware(hosts) -> list[Middleware]:
    """The app's wrapping, outermost first: the request's language, headers and JSON errors around the Host check,
    around the routes."""
    return [Middleware(Speaking), Middleware(Wrapped), Middleware(TrustedHostMiddleware, allowed_hosts=[*LOOPBACK, *hosts],
                                            www_redirect=False)]


class Wrapped:
    """Every answer gets SAFETY; an error answered in anything but JSON (or the dead link's page) is replaced by its
    one JSON line."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        held = None

        async def sending(message):
            nonlocal held
            if message["type"] == "http.response.start":
                kind = Headers(raw=message["headers"]).get("content-type", "")
                if message["status"] >= 400 and not kind.startswith(("application/json", "text/html")):
                    held = message["status"]
                    return
                message = {**message, "headers": [*message["headers"], *SAFETY]}
            elif held is not None:
                if not message.get("more_body"):
                    status, held = held, None
                    await answer(status)(scope, receive, sending)
                return
            await send(message)

        started = False

        async def tracked(message):
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await sending(message)

        try:
            await self.app(scope, receive, tracked)
        except Exception:  # a crash: its answer here, its traceback in the terminal (uvicorn logs it)
            if not started:
                await answer(500)(scope, receive, sending)
            raise


def error(line: str, status: int) -> JSONResponse:
    """Every refusal's answer: its one line as {"error": line}."""
    return JSONResponse({"error": line}, status, headers=NO_STORE)


def answer(status: int) -> JSONResponse:
    """The JSON line of an error Starlette (or a crash) would have answered in plain text."""
    return error(_(LINES[status]) if status in LINES else HTTPStatus(status).phrase.lower(), status)


def sent_type(request) -> str:
    """The POST's Content-Type without its parameters, in lower case."""
    return request.headers.get("content-type", "").split(";")[0].strip().lower()


def foreign(request) -> tuple[int, str] | None:
    """(status, line) of a write refused before it is read (None: it may go on): only JSON, only from the page's own origin, so
    a page of another site that knows a link cannot post to it (a no-cors text/plain POST needs no permission)."""
    if sent_type(request) != "application/json":
        return 415, _("send the action as JSON (Content-Type: application/json)")
    return cross_site(request)


def cross_site(request) -> tuple[int, str] | None:
    """(403, line) of a write a page of another site sent, else None."""
    origin = request.headers.get("origin")
    own = f"{request.url.scheme}://{request.headers.get('host', '')}"
    if (origin is not None and origin != own) or request.headers.get("sec-fetch-site", "same-origin") not in (
            "same-origin", "none"):
        return 403, _("refused: this write comes from another site's page; tap it on the companion's own page")
    return None


async def bounded_body(request, limit: int, seconds: float, too_big: str) -> bytes | JSONResponse:
    """The body, or the answer refusing it: 400 `too_big` once it passes `limit` bytes (read no further), 408 once
    `seconds` pass (a body sent a byte at a time holds a connection no longer)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        return error(too_big, 400)
    body = bytearray()
    with anyio.move_on_after(seconds) as waited:
        async for chunk in request.stream():
            body += chunk
            if len(body) > limit:
                return error(too_big, 400)
    if waited.cancelled_caught:
        return error(_("the request did not arrive within {seconds} seconds; send it again").format(
            seconds=f"{seconds:g}"), 408)
    return bytes(body)
