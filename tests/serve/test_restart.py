"""`companion serve` restarted in the middle of a Sssnake round (issue 22): four phones (browser contexts, each its
own device) carry on without rescanning, and no report is lost."""
import os
import signal
import sys

import pytest

from tests.serve.conftest import PHONE, TIMEOUT_MS
from tests.serve.served import link, moving, saved, started, stopped

pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'sssnake-snits-companion[serve]'")
expect = pytest.importorskip("playwright.sync_api", reason="no browser: the `playwright` package is not installed "
                             "(pip install -e '.[test]')").expect
PLAYERS = ["Ann", "Bob", "Cid", "Dee"]


def reported(phone, seq: int) -> None:
    """The phone's player sends a paper report of one fresh apple; the phone shows seq (its own report, at least)."""
    phone.locator("#fresh-plus").tap()
    phone.locator("#send").tap()
    phone.wait_for_function("n => Number(document.body.dataset.seq) >= n", arg=seq)


@pytest.mark.skipif(sys.platform == "win32", reason="killing a child process is a POSIX matter here")
def test_a_restart_mid_round_loses_no_report_and_every_phone_carries_on(cli, home, browser):
    """Ann and Bob report; the server is killed (as a crash or a closed laptop would) and started again on the same
    port and data folder; Cid, who tapped Send while it was down, sends again and Dee reports: all four reports are
    stored, and every phone is live on its own link again, with no error left on it."""
    game = moving(cli, ",".join(PLAYERS))  # the first round's move: every player's report is due
    start = len(saved(game)[0])
    proc, lines = started(home, "--game", game)
    player = link(lines, "Player page")
    port = player.split(":")[2].split("/")[0]
    contexts, errors = [], []
    try:
        phones = {}
        for name in PLAYERS:
            contexts.append(browser.new_context(**PHONE, bypass_csp=True))  # wait_for_function evaluates a string
            contexts[-1].set_default_timeout(TIMEOUT_MS)
            phones[name] = contexts[-1].new_page()
            phones[name].on("pageerror", lambda exc, name=name: errors.append(f"{name}: {exc}"))
            phones[name].goto(f"{player}?name={name}")
            expect(phones[name].locator("#live")).to_have_text("live")
        reported(phones["Ann"], start + 1)
        reported(phones["Bob"], start + 2)

        os.kill(proc.pid, signal.SIGKILL)
        proc.communicate(timeout=15)
        for phone in phones.values():
            expect(phone.locator("#live")).to_have_text("reconnecting...")
        phones["Cid"].locator("#fresh-plus").tap()
        phones["Cid"].locator("#send").tap()  # while the server is down: told so, nothing sent
        expect(phones["Cid"].locator("#error")).to_contain_text("not answering")

        proc, _ = started(home, "--game", game, "--port", port)
        for phone in phones.values():
            expect(phone.locator("#live")).to_have_text("live")
        phones["Cid"].locator("#send").tap()  # the same tap again: the one apple it still shows
        phones["Cid"].wait_for_function("n => Number(document.body.dataset.seq) >= n", arg=start + 3)
        reported(phones["Dee"], start + 4)
        log = saved(game)[0]
        assert [(a["player"], a.get("fresh")) for a in log[start:]] == [(name, 1) for name in PLAYERS]
        for name, phone in phones.items():
            phone.wait_for_function("n => Number(document.body.dataset.seq) === n", arg=len(log))
            expect(phone.locator("#live")).to_have_text("live")
            expect(phone.locator("#error")).to_be_empty()
            assert phone.url == f"{player}?name={name}"  # the same link: nobody scanned again
    finally:
        for context in contexts:
            context.close()
        code, _, err = stopped(proc)
    assert code == 0 and "Traceback" not in err, err
    assert not errors, errors
