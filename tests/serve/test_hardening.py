"""`companion serve` against what a hostile page or client may send (issue 22): every error one JSON line, writes
only as JSON from the page's own origin, the Host checked, the browser's safety headers, slow requests cut off."""
import pytest

pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'sssnake-snits-companion[serve]'")

from tests.serve.served import g, moving, saved  # noqa: E402


@pytest.mark.parametrize("method, path", [("GET", "/nowhere"), ("POST", "/static/common.js"), ("PUT", "/g/x/y/act"),
                                          ("DELETE", "/static/nothing.js")])
def test_every_error_is_one_json_line(client, method, path):
    got = client.request(method, path)
    assert got.status_code in (404, 405) and got.headers["content-type"] == "application/json"
    assert list(got.json()) == ["error"] and "\n" not in got.text


def test_a_get_of_the_act_route_is_a_json_405(cli, client):
    game = moving(cli, "Ann,Bob")
    got = client.get(g(game) + "/act")
    assert (got.status_code, got.json()) == (405, {"error": "method not allowed"})


@pytest.mark.parametrize("headers, status", [
    ({"content-type": "text/plain"}, 415), ({"content-type": "application/x-www-form-urlencoded"}, 415), ({}, 415),
    ({"content-type": "application/json", "origin": "http://evil.example"}, 403),
    ({"content-type": "application/json", "origin": "null"}, 403),
    ({"content-type": "application/json", "origin": "http://127.0.0.1:9999"}, 403),
    ({"content-type": "application/json", "sec-fetch-site": "cross-site"}, 403),
    ({"content-type": "application/json", "sec-fetch-site": "same-site"}, 403),
])
def test_a_write_from_another_site_or_not_json_is_refused_and_changes_nothing(cli, client, headers, status):
    game = moving(cli, "Ann,Bob")
    before = saved(game)
    got = client.post(g(game) + "/act", content=b'{"type": "report", "player": "Ann", "fresh": 1}', headers=headers)
    assert got.status_code == status and list(got.json()) == ["error"]
    assert saved(game) == before


def test_a_write_from_the_page_itself_lands(cli, client):
    game = moving(cli, "Ann,Bob")
    got = client.post(g(game) + "/act", json={"type": "report", "player": "Ann", "fresh": 1},
                      headers={"origin": "http://127.0.0.1", "sec-fetch-site": "same-origin"})
    assert got.status_code == 200 and got.json()["ok"]


@pytest.mark.parametrize("host", ["evil.example", "127.0.0.1.evil.example", "192.168.1.20:8765"])
def test_a_foreign_host_header_is_refused_in_json(cli, client, host):
    game = moving(cli, "Ann,Bob")
    got = client.get(g(game) + "/state", headers={"host": host})
    assert got.status_code == 400 and "address `companion serve` printed" in got.json()["error"]


def test_the_served_address_and_loopback_names_are_let_in(home, cli):
    from starlette.testclient import TestClient

    from companion.serve.app import make_app
    from tests.serve.served import KEY

    game = moving(cli, "Ann,Bob")
    client = TestClient(make_app(KEY, hosts=["192.168.1.20"]))
    for host in ("192.168.1.20:8765", "127.0.0.1:8765", "localhost", "[::1]:8765"):
        assert client.get(g(game) + "/state", headers={"host": host}).status_code == 200, host


def test_every_answer_has_the_safety_headers(cli, client):
    game = moving(cli, "Ann,Bob")
    for path in ("/", "/player", "/state", "/nothing"):
        got = client.get(g(game) + path)
        csp = got.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp and "unsafe-inline" not in csp
        assert got.headers["x-content-type-options"] == "nosniff"
        assert got.headers["referrer-policy"] == "no-referrer"
    assert client.get("/static/common.js").headers["x-content-type-options"] == "nosniff"


def test_no_page_has_an_inline_script_or_handler(client):
    import re

    for name in ("table.html", "player.html", "bolotomus.html"):
        text = client.get(f"/static/{name}").text
        assert all('src="' in tag for tag in re.findall(r"<script[^>]*>", text)), name
        assert not re.search(r"\son[a-z]+=", text), name


def test_a_crash_is_a_json_500(cli, app, monkeypatch):
    from starlette.testclient import TestClient

    from companion.serve import app as served_app

    game = moving(cli, "Ann,Bob")
    monkeypatch.setattr(served_app, "state_json", lambda game: 1 / 0)
    got = TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False).get(g(game) + "/state")
    assert got.status_code == 500 and got.json() == {"error": "the companion failed on this request; its terminal "
                                                              "says why"}


def raw(base: str):
    """A socket to the served app, for requests sent by halves."""
    import socket

    host, port = base.rsplit("/", 1)[1].split(":")
    return socket.create_connection((host, int(port)), timeout=5)


def closed_within(sock, seconds: float) -> tuple[bytes, float]:
    """What the server sent until it closed the connection, and how long that took (fails after `seconds`)."""
    import time

    start, got = time.monotonic(), b""
    sock.settimeout(seconds)
    while chunk := sock.recv(4096):
        got += chunk
    return got, time.monotonic() - start


def test_a_slow_head_or_body_is_cut_off(cli, app, monkeypatch):
    """A head sent a byte at a time is closed after HEAD_SECONDS; a body that stops, answered 408 after
    BODY_SECONDS; the game is unchanged."""
    import time

    from companion.serve import app as served_app
    from companion.serve import run

    monkeypatch.setattr(run, "HEAD_SECONDS", 0.5)
    monkeypatch.setattr(served_app, "BODY_SECONDS", 0.5)
    game = moving(cli, "Ann,Bob")
    before = saved(game)
    with run.serving(app) as base:
        slow = raw(base)
        start = time.monotonic()
        try:
            for byte in b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n":  # a byte every 0.1 s (3.4 s in all if never cut)
                slow.send(bytes([byte]))
                time.sleep(0.1)
        except OSError:  # closed by the server
            pass
        got, _ = closed_within(slow, 3)
        assert time.monotonic() - start < 2 and b"200 OK" not in got
        body = raw(base)
        body.send(f"POST {g(game)}/act HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  "Content-Length: 100\r\n\r\n{\"type\":".encode())
        got, _ = closed_within(body, 3)
        assert got.startswith(b"HTTP/1.1 408") and b'{"error":"the request did not arrive within 0.5 seconds' in got
    assert saved(game) == before


def test_connections_past_the_limit_are_answered_503(app, monkeypatch):
    from companion.serve import run

    monkeypatch.setattr(run, "CONNECTIONS", 3)
    with run.serving(app) as base:
        idle = [raw(base) for _ in range(3)]
        extra = raw(base)
        extra.send(b"GET /static/common.js HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        got, _ = closed_within(extra, 3)
        assert got.startswith(b"HTTP/1.1 503")
        for sock in idle + [extra]:
            sock.close()
