"""Shared fixtures of the `companion serve` tests (issue 13; the routes and the page ids: docs/serve.md).

    app        make_app(KEY) (KEY, the fixed key, and the routes' paths g(game), b(game): tests/serve/served.py)
    client     a starlette TestClient of it (no server: the routes' tests)
    base       the app served by uvicorn on 127.0.0.1 in a thread: its base URL
    browser    the module's headless Debian Chromium (Playwright, executable_path=/usr/bin/chromium, loopback only).
               Tests that use it skip, with the reason, only where no browser can be started (no `playwright`
               package, no /usr/bin/chromium, or it does not launch); `.ci/run` installs both.
    server     `base` with helpers, over the test's own store (its COMPANION_HOME: make games with the `cli` fixture,
               before or while it runs):
                 server.base                   "http://127.0.0.1:PORT" (no trailing slash)
                 server.key                    the key (KEY) the join secrets come from
                 server.table(game)            the table page's URL   .../g/GAME/SECRET/
                 server.player(game, name=None) the player page's URL .../g/GAME/SECRET/player[?name=NAME]
                 server.bolotomus(game)        the Bolotomus' private page .../b/GAME/BSECRET/
                 server.url(game, path)        any public route's URL: server.url(g, "legal?player=Ann")
                 server.get(game, path)        GET a public route's JSON (200 expected)
                 server.act(game, action)      POST an action: (status, JSON body), as a second device would
                 server.post(game, path, body) POST any write (G/undo, G/redo): (status, JSON body)
    open_page  open_page(url, phone=False, csp=False) -> a Playwright Page in its own browser context (its own
               localStorage: one device each), 1280x800 for a table, 390x844 touch for a phone (tap() works); closed
               after the test, which fails if the page threw an uncaught JavaScript error or broke the
               Content-Security-Policy. The policy is bypassed unless `csp` (Playwright's wait_for_function evaluates
               its string, which the policy forbids); with `csp`, wait with page.evaluate or expect().
    wait_seq   wait_seq(page, n, timeout=5000) -> the seq the page shows once body[data-seq] >= n (fails after
               timeout ms).
    shot       shot(page, name, **how): with SERVE_SCREENSHOTS=DIR set, a full-page PNG DIR/NAME.png (`how`: more of
               Playwright's screenshot options, scale="css" for one pixel per CSS pixel); else nothing.

Starlette is imported by the fixtures only, so a test module that needs no server (test_serve_cli's missing-extra
test) runs without the extra; the others skip with a reason when it is not installed.
"""
import json
import os
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from tests.serve.served import KEY, b, g

CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
               "--disable-sync", "--no-first-run"]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
TABLE = {"viewport": {"width": 1280, "height": 800}}
TIMEOUT_MS = 15000  # a page action or wait that takes longer fails the test (live updates take < 1 s; a loaded
# CI machine once took over 5 s)


@pytest.fixture(scope="module")  # module, not session: one sync Playwright at a time, and a module may start its own
def browser():
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError:
        pytest.skip("no browser: the `playwright` package is not installed (pip install -e '.[test]')")
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no browser: {CHROMIUM} is missing (Debian: apt-get install chromium)")
    driver = sync_playwright().start()
    try:
        try:
            chromium = driver.chromium.launch(executable_path=CHROMIUM, headless=True, args=LAUNCH_ARGS)
        except Error as exc:
            pytest.skip(f"no browser: {CHROMIUM} does not start: {str(exc).splitlines()[0]}")
        yield chromium
        chromium.close()
    finally:
        driver.stop()


class Served:
    """The running app's URLs and a second device's requests (see the module's docstring)."""

    def __init__(self, base: str, key: bytes):
        self.base = base.rstrip("/")
        self.key = key

    def url(self, game: str, path: str = "") -> str:
        return f"{self.base}{g(game, self.key)}/{path}"

    def table(self, game: str) -> str:
        return self.url(game)

    def player(self, game: str, name: str | None = None) -> str:
        return self.url(game, "player" + (f"?name={urllib.parse.quote(name)}" if name else ""))

    def bolotomus(self, game: str) -> str:
        return f"{self.base}{b(game)}/"

    def get(self, game: str, path: str):
        with urllib.request.urlopen(self.url(game, path), timeout=10) as reply:
            return json.load(reply)

    def act(self, game: str, action: dict) -> tuple[int, dict]:
        return self.post(game, "act", action)

    def post(self, game: str, path: str, body: dict) -> tuple[int, dict]:
        request = urllib.request.Request(self.url(game, path), data=json.dumps(body).encode(), method="POST",
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=10) as reply:
                return reply.status, json.load(reply)
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read() or b"{}")


@pytest.fixture
def app(home):
    for module in ("starlette", "uvicorn"):
        pytest.importorskip(module, reason="the serve extra is not installed (pip install -e '.[serve]')")
    from companion.serve.app import make_app

    return make_app(KEY)


@pytest.fixture
def client(app):
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # starlette asks for httpx2 one day; httpx is what is installed
        from starlette.testclient import TestClient

        yield TestClient(app, base_url="http://127.0.0.1")  # a loopback Host, as a phone on this machine sends


@pytest.fixture
def base(app):
    """The app served by uvicorn on 127.0.0.1 in a thread: its base URL."""
    from companion.serve.run import serving

    with serving(app) as url:
        yield url


@pytest.fixture
def server(base):
    return Served(base, KEY)


@pytest.fixture
def open_page(browser, server):
    contexts, errors = [], []

    def open_(url: str, phone: bool = False, csp: bool = False):
        context = browser.new_context(**(PHONE if phone else TABLE), bypass_csp=not csp)
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc, url=url: errors.append(f"{url}: {exc}"))
        page.on("console", lambda msg, url=url: errors.append(f"{url}: {msg.text}")
                if "Content Security Policy" in msg.text else None)
        page.goto(url)
        return page

    yield open_
    for context in contexts:
        context.close()
    assert not errors, "uncaught JavaScript errors:\n" + "\n".join(errors)


@pytest.fixture
def wait_seq():
    def wait(page, n: int, timeout: float = TIMEOUT_MS) -> int:
        page.wait_for_function("n => Number(document.body.dataset.seq) >= n", arg=n, timeout=timeout)
        return int(page.evaluate("document.body.dataset.seq"))

    return wait


@pytest.fixture
def shot():
    """shot(page, name): a PNG of the page in $SERVE_SCREENSHOTS (for the docs); nothing without it."""
    folder = os.environ.get("SERVE_SCREENSHOTS")

    def take(page, name: str, **how):
        if folder:
            Path(folder).mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True, **how)

    return take
