"""A whole Sssnake game for four through the pages alone (issue 31): Ann and Bob on paper, Cid and Dee on digital
sheets, on Sahara. After `companion sssnake new` (the set-up) nothing is typed: the table page flips, the paper
players report on their phones, the digital players draw the hint's move by taps on their sheet, abilities are
taken in two taps; one undo (a phone), one redo (the table) and one fix ("correct my report", prefilled); a move
over the falcon's line twice is refused in the rules' words and changes nothing; the table page shows the final
score and its Rematch starts the same game. The log the pages wrote is the one the CLI reads back. The default run
plays two rounds and a quick end (three snakes out); `-m slow` plays the seeded game to its natural end."""
import itertools
import json
import re

import pytest

pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'sssnake-snits-companion[serve]'")
from playwright.sync_api import expect  # noqa: E402

from tests.serve.served import saved  # noqa: E402

PAPER, DIGITAL = ("Ann", "Bob"), ("Cid", "Dee")
SEED = 7  # Cid's cave at 4,6 under the falcon's line: "R D D R" crosses it twice in the first round
STEP = {"U": (0, -1), "D": (0, 1), "L": (-1, 0), "R": (1, 0)}


class Night:
    """The game night: the table page on a tablet, a phone per player, and what the pages were told to do (the log
    they should have written)."""

    def __init__(self, cli, server, open_page, game: str):
        self.cli, self.server, self.game = cli, server, game
        self.table = open_page(server.table(game))
        self.phones = {name: open_page(server.player(game, name), phone=True) for name in PAPER + DIGITAL}
        self.log = list(saved(game)[0])

    # ---- reading (never writing) the game --------------------------------------------------------------------
    def view(self) -> dict:
        return self.server.get(self.game, "state")["view"]

    def state(self):
        from companion.shared import session

        record, state = session.current("sssnake", self.game)
        record.store.close()
        return state

    def shown(self, page, n: int | None = None) -> None:
        """Wait until the page shows the game after its n-th action (by default, the latest)."""
        n = len(self.log) if n is None else n
        page.wait_for_function("n => document.body.dataset.seq === String(n)", arg=n)

    def done(self, page, action: dict) -> None:
        """The page's tap wrote `action`: the log grew by it, and the page shows it."""
        self.log.append(action)
        self.shown(page)
        assert page.locator("#error").inner_text() == "", page.locator("#error").inner_text()
        assert saved(self.game)[0] == self.log

    # ---- the table and the phones ----------------------------------------------------------------------------
    def flip(self) -> None:
        self.shown(self.table)
        self.table.locator("#flip").click()
        self.done(self.table, {"type": "flip"})

    def report(self, name: str, fresh: int = 0, out: bool = False) -> None:
        phone = self.phones[name]
        self.shown(phone)
        for _ in range(fresh):
            phone.locator("#fresh-plus").tap()
        if out:
            phone.locator("#out").tap()
        phone.locator("#send").tap()
        self.done(phone, {"type": "report", "player": name, **({"fresh": fresh} if fresh else {}),
                          **({"out": True} if out else {})})

    def draw(self, name: str, path: str) -> None:
        """Tap the path on the phone's sheet, square by square from the head, as the page reads taps."""
        phone = self.phones[name]
        self.shown(phone)
        wrap = "Intelligent" in next(p for p in self.view()["players"] if p["name"] == name)["abilities"]
        for token in tapped(path):
            if token == "/":
                phone.locator("#split").tap()
                continue
            if token[0] in STEP:
                end = phone.locator("#grid .sq.end") if phone.locator("#grid .sq.end").count() else \
                    phone.locator("#grid .sq.head").first
                col, row = int(end.get_attribute("data-col")), int(end.get_attribute("data-row"))
                col, row = col + STEP[token][0], row + STEP[token][1]
                if wrap:
                    col, row = (col - 1) % 16 + 1, (row - 1) % 16 + 1
            else:
                col, row = map(int, token.lstrip("@").split(","))
            phone.locator(f'#grid .sq[data-col="{col}"][data-row="{row}"]').tap()
        assert phone.inner_text("#path") == " ".join(tapped(path))

    def move(self, name: str, action: dict) -> None:
        """Draw the move and send it; the log keeps it in the rules' own form ("U U R" as "U2 R")."""
        from companion.sssnake.game import ENGINE

        phone = self.phones[name]
        logged = ENGINE.apply(self.state(), action).logged or action
        self.draw(name, action["path"])
        if action.get("swap"):
            phone.locator("#swap").check()
        if action.get("borrow"):
            phone.select_option("#borrow", str(action["borrow"]))
        if action.get("anyway"):
            phone.locator("#anyway").check()
        phone.locator("#move").tap()
        self.done(phone, logged)

    def hinted(self, name: str) -> None:
        """The digital player moves as the phone's "Hint" says (G/hint: `companion sssnake hint NAME`); the hint's
        "L3" is three taps (the page sends "L L L", the log keeps "L3")."""
        self.move(name, self.server.get(self.game, f"hint?player={name}")["move"])

    def take(self, name: str, action: dict) -> None:
        """An ability in two taps: the card (its name and effect shown, nothing taken yet), then "Take CARD"."""
        phone = self.phones[name]
        self.shown(phone)
        phone.locator(f'.take[data-card="{action["card"]}"]').tap()
        expect(phone.locator("#confirm")).to_contain_text("Take ")
        assert saved(self.game)[0] == self.log  # the first tap takes nothing
        for col, row in action.get("marks", []):
            phone.locator(f'#grid .sq[data-col="{col}"][data-row="{row}"]').tap()
        if "corner" in action:
            phone.locator("#corner-col").fill(str(action["corner"][0]))
            phone.locator("#corner-row").fill(str(action["corner"][1]))
        phone.locator("#confirm").tap()
        self.done(phone, action)

    def choose(self, name: str) -> None:
        """A paper player takes the lowest card offered that draws nothing; a digital one the computer's choice."""
        if name in DIGITAL:
            from companion.sssnake.bot_cards import take

            state = self.state()
            action = take(state, state.index(name))
        else:
            offered = self.view()["next"]["cards"]
            action = {"type": "take", "player": name, "card": min(offered, key=lambda c: (c > 12, c))}
        self.take(name, action)

    # ---- undo, redo, fix, the falcon ---------------------------------------------------------------------------
    def undo_on_phone(self, name: str, words: str) -> None:
        phone = self.phones[name]
        self.shown(phone)
        phone.locator("#undo").tap()
        expect(phone.locator("#messages")).to_have_text(f"undo: {words}")
        self.log.pop()
        self.shown(self.table)
        assert saved(self.game)[0] == self.log

    def redo_on_table(self, action: dict, words: str) -> None:
        self.shown(self.table)
        self.table.locator("#redo").click()
        # the redo's line, then what the report said again (issue 33)
        expect(self.table.locator("#messages")).to_have_text(re.compile("^" + re.escape(f"redo: {words}") + "\n"))
        self.done(self.table, action)

    def fix(self, name: str, was: int, now: int) -> None:
        """"correct my report" opens the form with the report as it stands; the correction is sent from it."""
        phone = self.phones[name]
        self.shown(phone)
        phone.locator("#fix").tap()
        expect(phone.locator("#fresh")).to_have_text(str(was))
        for _ in range(was - now):
            phone.locator("#fresh-minus").tap()
        for _ in range(now - was):
            phone.locator("#fresh-plus").tap()
        phone.locator("#send").tap()
        self.done(phone, {"type": "fix", "player": name, **({"fresh": now} if now else {})})

    def falcon_refused(self, name: str) -> None:
        """A path over the falcon's line and back is refused in the rules' words (the CLI's line), in view of the
        Move button (#error is a sheet above it), and the sheet keeps nothing of it."""
        path, words = crossing(self.state(), name)
        self.draw(name, path)
        phone = self.phones[name]
        phone.locator("#move").tap()
        expect(phone.locator("#error")).not_to_be_empty()
        said = phone.inner_text("#error")
        assert "falcon's line of shadow a second time" in said and said.split("; ")[0] in words, said
        assert phone.locator("#error").get_attribute("data-refused") is not None
        beside = phone.locator("#act-refused")  # and again above the Move button, where the phone is scrolled to
        expect(beside).to_have_text(said)
        assert phone.evaluate("(el) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= "
                              "innerHeight; }", beside.element_handle())
        assert beside.get_attribute("data-refused") is not None
        assert saved(self.game)[0] == self.log
        phone.locator("#clear").tap()
        assert phone.inner_text("#path") == "–" and phone.locator("#act-refused").count() == 0

    # ---- the end ---------------------------------------------------------------------------------------------
    def finished(self) -> None:
        """The table page's #after-game shows the final score as the CLI prints it; each phone says it is over;
        the log the pages wrote is the one the CLI reads."""
        self.shown(self.table)
        expect(self.table.locator("#after-game")).to_be_visible()
        expect(self.table.locator("#final-score")).to_have_text(self.cli("sssnake", "score", "--game", self.game)
                                                               .output.rstrip("\n"))
        logged = json.loads(self.cli("sssnake", "log", "--game", self.game, "--json").output)
        assert logged["actions"] == self.log
        status = self.cli("sssnake", "status", "--game", self.game).output
        assert self.server.get(self.game, "state")["status"].strip() == status.strip()
        for phone in self.phones.values():
            self.shown(phone)
            expect(phone.locator("#act")).to_contain_text("The game is over")

    def rematch(self) -> str:
        """#rematch starts the same game; the table page opens on it, and the old phones link to it."""
        before = json.loads(self.cli("sssnake", "log", "--game", self.game, "--json").output)["setup"]
        self.table.locator("#rematch").click()
        self.table.wait_for_url("**/g/sssnake-2/*/")
        assert self.table.url == self.server.table("sssnake-2")
        self.table.wait_for_function("document.body.dataset.seq === '0'")
        expect(self.table.locator("#flip")).to_have_text("Flip for a cave")
        setup = json.loads(self.cli("sssnake", "log", "--game", "sssnake-2", "--json").output)["setup"]
        for key in ("players", "digital", "landscape"):
            assert setup[key] == before[key], key
        link = self.phones["Cid"].locator("#next-game-link")
        expect(link).to_be_visible(timeout=10000)
        assert link.get_attribute("href") == self.server.player("sssnake-2", "Cid").removeprefix(self.server.base)
        return "sssnake-2"


def tapped(path: str) -> list[str]:
    """The path as the page draws it: a step a tap ("L3": three of them)."""
    return [t for token in path.split() for t in ([token[0]] * int(token[1:]) if token[0] in STEP and token[1:]
                                                  else [token])]


def crossing(state, name: str) -> tuple[str, str]:
    """A path of the snake's length over the falcon's line and back, and the rules' refusal of it."""
    from companion.core.engine import IllegalAction
    from companion.sssnake.game import ENGINE

    steps = state.snakes[state.index(name)].move_range()[0]
    for path in itertools.product("UDLR", repeat=steps):
        try:
            ENGINE.apply(state, {"type": "move", "player": name, "path": " ".join(path)})
        except IllegalAction as exc:
            if "falcon's line of shadow a second time" in str(exc):
                return " ".join(path), str(exc)
    raise AssertionError(f"no path of {name}'s crosses the falcon's line twice")


def eliminating(state, name: str) -> dict:
    """A move on the sheet that puts the snake out, sent with "the move eliminates my snake: go anyway"."""
    from companion.core.engine import IllegalAction
    from companion.sssnake.game import ENGINE

    who = state.index(name)
    steps, (col, row) = state.snakes[who].move_range()[0], state.sheets[who].heads[0]
    for path in itertools.product("UDLR", repeat=steps):
        squares = list(itertools.accumulate(path, lambda at, d: (at[0] + STEP[d][0], at[1] + STEP[d][1]),
                                            initial=(col, row)))
        if not all(1 <= c <= 16 and 1 <= r <= 16 for c, r in squares):
            continue  # off the sheet: no square to tap
        action = {"type": "move", "player": name, "path": " ".join(path), "anyway": True}
        try:
            after = ENGINE.apply(state, action).state
        except IllegalAction:
            continue
        if after.reports[who].out:  # out when the round closes
            return action
    raise AssertionError(f"no move puts {name} out")


def new_night(cli, server, open_page) -> Night:
    out = cli("sssnake", "new", "--players", ",".join(PAPER + DIGITAL), "--digital", ",".join(DIGITAL),
              "--landscape", "sahara", "--seed", SEED, "--json")  # the set-up: the last thing typed
    assert out.exit_code == 0, out.output
    return Night(cli, server, open_page, json.loads(out.output)["game"])


def first_round(night: Night, ann: int) -> None:
    """The cave round and the first apple from the table page; then Ann reports `ann` apples, undoes it on her phone
    and the table redoes it; Bob reports one apple and corrects it to none; Cid's path over the falcon's line twice
    is refused, then Cid and Dee move as the hint says."""
    for _ in range(5):
        night.flip()
    night.report("Ann", fresh=ann)
    words = f"report Ann fresh={ann}"
    night.undo_on_phone("Ann", words)
    expect(night.phones["Ann"].locator("#send")).to_be_visible()  # her report is due again
    night.redo_on_table({"type": "report", "player": "Ann", "fresh": ann}, words)
    night.report("Bob", fresh=1)
    night.fix("Bob", 1, 0)
    night.falcon_refused("Cid")
    night.hinted("Cid")
    night.hinted("Dee")


def test_four_players_two_rounds_and_a_rematch_through_the_pages(cli, server, open_page):
    """The default run's short game: the first round (undo, redo, fix, the falcon), Ann's ability in two taps, then
    Ann and Bob report themselves out and Cid goes out anyway: Dee alone is left, and the game is over."""
    from tests.serve.test_a11y import axe, said

    night = new_night(cli, server, open_page)
    night.shown(night.table)
    bad = [v for v in axe(night.table) if v["impact"] in ("critical", "serious")]
    assert not bad, said(bad)  # the table's flip button too
    first_round(night, ann=3)  # 4 -> 7: Ann reaches the first threshold
    after = night.view()["next"]
    assert (after["step"], after["player"]) == ("choose", "Ann")
    night.choose("Ann")
    night.flip()
    night.report("Ann", out=True)
    night.report("Bob", out=True)
    night.move("Cid", eliminating(night.state(), "Cid"))
    night.hinted("Dee")
    assert night.view()["phase"] == "over"
    night.finished()
    night.rematch()


def play_on(night: Night, most: int = 400) -> int:
    """On to the end: the table flips, Ann reports an apple every other round and goes out in the fourth, Bob in
    the seventh, the digital snakes move as the hint says and take what the computer would; (rounds)."""
    rounds = 1
    for _ in range(most):
        n = night.view()["next"]
        if n["step"] == "over":
            return rounds
        if n["step"] == "flip":
            night.flip()
            rounds += 1
        elif n["step"] == "choose":
            night.choose(n["player"])
        elif n["step"] == "report":
            name = n["players"][0]
            if name in DIGITAL:
                night.hinted(name)
            else:
                night.report(name, fresh=rounds % 2, out=rounds >= (4 if name == "Ann" else 7))
        else:
            raise AssertionError(f"not played by this test: {n}")
    raise AssertionError(f"not over after {most} actions")


@pytest.mark.slow
def test_a_whole_game_for_four_through_the_pages(cli, server, open_page):
    """The seeded game played to its natural end (some 15 rounds, 75 taps' worth of actions), then the rematch."""
    night = new_night(cli, server, open_page)
    first_round(night, ann=1)
    rounds = play_on(night)
    assert rounds > 6 and sum(not p["out"] for p in night.view()["players"]) <= 1
    night.finished()
    night.rematch()
