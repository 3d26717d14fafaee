"""Issue 33's two recorded trap sessions replayed through `play`, counting what the table had to type again.

1. Snits' Revenge, two people at one terminal with the computer's dice (`snits new --seed 42 --remove
   Grubnik,Zoomer --duty Gurgitator`, the README's first line, then `snits play`): each side plays a few actions a
   phase and ends it with `done`; when a phase then passes by itself, the typist types `done` once more right away
   for the phase it thinks comes next (typed ahead: it arrives within play's MOMENT of the next phase showing),
   STRAYS times. A phase ended by accident is such a stray `done` that the saved log kept.
2. Sssnake, four players on paper sheets (Fjord, seed 11): round lines typed as a table types them (`Dee 1 ice, Ann
   snow`, `Ann 1; Bob 2`, `Dee 1 g 9,11`, `Cidd 1`, `snwo`) and a split round (`Dee 1 snow ...`, then `cid 0`,
   which would close the round for Ann and Bob, still moving, then `Ann 1, Bob 2`). A lost report is a player's
   report, as meant, that the saved log does not hold for its round.

The table answers each prompt from what the screen said since its last line: a refusal, or play's question about
a line it meant, is answered by typing the line again as meant (a retype); a line typed for a round that has
closed is not typed at all (its reports are lost). Time is the table's: a line read and typed takes READ seconds, a
`done` typed ahead AHEAD, on the clock play reads (time.monotonic), so the figures are the same on any machine.
`--terminal` plays the Snits session in a real pseudo-terminal on the real clock instead (about a minute): each line
is typed TYPING seconds after its prompt shows, a stray `done` as soon as the screen shows the phase that passed.
`--checkout DIR` plays the companion of another checkout (a `git worktree` of an older commit). Goal (issue 33): no
lost report, no phase ended by accident; the exit status is 1 when one is missed.

Run: python benchmarks/table_traps.py [--checkout DIR] [--terminal] [--summary]
"""
from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
READ, AHEAD = 3.0, 0.3  # seconds: a line typed after reading the screen; a `done` typed ahead of it
TYPING = 1.3  # --terminal: seconds from a prompt to the line typed at it (play's MOMENT is 1 s)
SNITS = ["snits", "new", "--seed", "42", "--remove", "Grubnik,Zoomer", "--duty", "Gurgitator"]
TURNS = 4  # the Snits game is played this many turns, then the table stops
STRAYS = 3  # trailing dones typed: the issue met three in one evening
LIMIT = {"move": 2, "fast": 0, "thingies": 1, "chomp": 1}  # a Snits phase's actions the table plays (others: all)
SSSNAKE = ["sssnake", "new", "--players", "Ann,Bob,Cid,Dee", "--landscape", "fjord", "--seed", "11"]
LINES = {  # the round (after the caves): its lines as typed, each with the line as meant once the screen is read
    1: [("Dee 1 ice, Ann snow", "Dee 1 ice Ann snow")],
    2: [("Ann 1; Bob 2", "Ann 1 Bob 2")],
    3: [("Bob 1 Cidd 1", "Bob 1 Cid 1")],
    4: [("Ann 1 Cid snwo", "Ann 1 Cid snow")],
    5: [("Dee 1 g 9,11", "Dee 1 g9,11")],
    6: [("Dee 1 snow ...", "Dee 1 snow ..."), ("cid 0", "cid 0 ..."), ("Ann 1, Bob 2", "Ann 1 Bob 2")],
}
SAID = re.compile(r"error:|^`done`|closes the round")  # play's answer to a line: a refusal or a question
AVOID = {9, 14, 15}  # ability cards with questions of their own (Thieving, Moulting, Intuition): not taken


class Keyboard:
    """The table at the keyboard: the screen since its last line, its clock, and each line typed with the actions
    the saved log gained from it. A line's kind: `meant`, `retype` (the line again, after a refusal or a question),
    `stray` (a `done` typed ahead for a phase that had passed by itself)."""

    kind = ""

    def __init__(self):
        self.prompt, self.read_to, self.now, self.game = "", 0, 1000.0, ""
        self.screen = io.StringIO()
        self.lines: list[dict] = []  # {"kind", "prompt", "line", "gained", "said"}: gained and said are known at the
        # next prompt (the log's growth from the line, and play's refusal or question)

    def record(self):
        from companion.shared import session

        return session.current(self.kind, self.game)

    def settle(self) -> None:
        """The log's growth since the last line was typed is that line's."""
        if self.lines and self.lines[-1]["gained"] is None:
            self.lines[-1]["gained"] = len(self.record()[0].actions) - self.lines[-1].pop("before")

    def answer(self, _space: str) -> str:
        """The line for the prompt being asked (click passes only a space; the prompt's text was kept)."""
        self.settle()
        text = self.screen.getvalue()
        shown, self.read_to = text[self.read_to:], len(text)
        if self.lines:
            self.lines[-1]["said"] = next((s.strip() for s in shown.splitlines() if SAID.search(s)), "")
        kind, line = self.respond(self.prompt.strip(), shown, self.record()[1])
        if kind == "stop":
            raise EOFError  # click's prompt: Ctrl-D, and play stops with the game saved
        self.now += AHEAD if kind == "stray" else READ
        self.lines.append({"kind": kind, "prompt": self.prompt.strip(), "line": line, "gained": None, "said": "",
                           "before": len(self.record()[0].actions)})
        return line

    def respond(self, prompt: str, shown: str, state) -> tuple[str, str]:
        raise NotImplementedError  # (kind, line), or ("stop", "") to end the sitting

    def last(self) -> dict:
        return self.lines[-1] if self.lines else {"kind": "", "line": "", "gained": 0}

    def figures(self) -> dict:
        return {"prompts": len(self.lines), "retypes": sum(t["kind"] == "retype" for t in self.lines),
                "lost": 0, "accidents": 0}

    def start(self, new: list[str]) -> None:
        """The game started as `new` says (what it prints is not the table's screen)."""
        from companion.cli.main import main
        from companion.shared import session

        with contextlib.redirect_stdout(io.StringIO()):
            main(new, standalone_mode=False)
        self.game = session.current(self.kind, None)[0].id

    def result(self) -> dict:
        """The figures, and every line typed as [kind, prompt, line, actions the log gained, play's answer]."""
        self.settle()
        return self.figures() | {"transcript": [[t[k] for k in ("kind", "prompt", "line", "gained", "said")]
                                                for t in self.lines]}


class SnitsTable(Keyboard):
    """Two people at one terminal: each phase the side to act plays what LIMIT allows, then `done`."""

    kind = "snits"

    def __init__(self):
        super().__init__()
        self.acted: dict[tuple, int] = {}

    def respond(self, prompt: str, shown: str, state) -> tuple[str, str]:
        if state.turn > TURNS or str(state.phase) == "over":
            return "stop", ""
        shown = " ".join(shown.split())  # play wraps its lines at 80 columns
        last = self.last()
        ended = last["line"] == "done" and last["kind"] != "stray"
        if ended and not last["gained"] and "done again" in shown:
            return "retype", "done"  # play asked about a done the table meant: typed again, as it says
        strays = sum(t["kind"] == "stray" for t in self.lines)
        if ended and last["gained"] and "passes by itself" in shown and strays < STRAYS:
            return "stray", "done"
        return "meant", self.policy(state)

    def policy(self, state) -> str:
        """The phase's first legal actions, as many as LIMIT allows (every kick at a Snorg, every compose and
        transform; no pack attack), then `done`."""
        from companion.snits import actions
        from companion.snits.game import ENGINE

        legal = [a for a in ENGINE.legal_actions(state) if a["type"] not in ("done", "pack")]
        if not state.pending:
            phase = str(state.phase)
            legal = [a for a in legal if phase != "kick" or a["target"] == "Snorg"]
            played = self.acted.get((state.turn, phase), 0)
            self.acted[(state.turn, phase)] = played + 1
            if played >= LIMIT.get(phase, played + 1):
                legal = []
        if not legal:
            return "done"
        return "compose" if legal[0]["type"] == "compose" else actions.to_text(actions.from_dict(legal[0]))

    def figures(self) -> dict:
        """Phases ended by accident: strays the log kept; lost: meant actions (not `done`) it did not keep."""
        strays = [t for t in self.lines if t["kind"] == "stray"]
        lost = [t for t in self.lines if t["kind"] == "meant" and t["line"] != "done" and not t["gained"]]
        return super().figures() | {"strays": len(strays), "accidents": sum(bool(t["gained"]) for t in strays),
                                    "lost": len(lost), "logged": len(self.record()[0].actions),
                                    "typed": sum(t["gained"] or 0 for t in self.lines)}


class SssnakeTable(Keyboard):
    """Four players on paper: each round's lines as LINES has them; after a refusal or play's question, the line as
    meant, once."""

    kind = "sssnake"

    def __init__(self):
        super().__init__()
        self.queue = {rnd: list(lines) for rnd, lines in LINES.items()}

    def respond(self, prompt: str, shown: str, state) -> tuple[str, str]:
        rnd = state.flips - len(state.snakes)  # the rounds after the caves, from 1
        if re.search(r"takes an ability|card number to take", prompt):
            taker = state.snakes[state.index(prompt.split()[0])]
            return "meant", str(next(n for n in state.display.face_up() if n not in AVOID and not taker.has(n)))
        if "flips: press Enter" in prompt:  # asked before a flip by older checkouts
            return ("stop", "") if rnd >= len(LINES) else ("meant", "")
        if not re.match(r"Round \d+", prompt) or rnd > len(LINES):
            return "stop", ""
        last = self.last()
        if last["kind"] == "meant" and not last["gained"] and ("error:" in shown or "closes the round" in shown):
            meant = next((m for typed, m in LINES.get(rnd, []) if typed == last["line"]), last["line"])
            if meant != last["line"]:
                return "retype", meant
        if not self.queue.get(rnd):  # the round's lines are all typed and it is still open: nobody else ate
            return ("retype" if last["line"] == "0" and not last["gained"] else "meant"), "0"
        return "meant", self.queue[rnd].pop(0)[0]

    def figures(self) -> dict:
        """Each report meant (a player with something to say in a round) against the log's for that round."""
        from companion.sssnake.roundline import parse
        from companion.sssnake.state import Phase

        names = [s.name for s in self.record()[1].snakes]
        logged: dict[tuple[int, str], dict] = {}
        flips = 0
        for action in self.record()[0].actions:
            flips += action["type"] == "flip"
            if action["type"] == "round":
                for clause in parse(action["line"], names)[0]:
                    logged[(flips - len(names), clause["player"])] = fields(clause)
        meant = {(rnd, clause["player"]): fields(clause) for rnd, lines in LINES.items() for _, line in lines
                 for clause in parse(line, names)[0] if fields(clause)}
        lost = [f"round {r} {p}: {meant[r, p]} logged as " + ("no report" if (r, p) not in logged else
                                                              str(logged[r, p] or "nothing eaten"))
                for r, p in meant if logged.get((r, p)) != meant[r, p]]
        closed = flips - len(names) - (self.record()[1].phase != Phase.OVER)  # the rounds closed so far
        early = [rnd for rnd, left in self.queue.items() if left and rnd <= closed]  # closed with lines to come
        return super().figures() | {"reports": len(meant), "lost": len(lost), "lost_which": lost,
                                    "accidents": len(early)}


def fields(clause: dict) -> dict:
    """A clause's report without its player and without what says nothing (0 apples, no ending)."""
    return {k: v for k, v in clause.items() if k != "player" and v not in (0, "", (), None, False)}


@contextlib.contextmanager
def at_keyboard(table: Keyboard):
    """click's prompts answered by the table, play's clock the table's, stdin a terminal (play questions a `done`
    typed ahead only at one), the screen kept for the table to read; all put back after."""
    import click.termui

    saved = click.prompt, click.confirm, click.termui.visible_prompt_func, time.monotonic, sys.stdin

    def kept(ask):
        def asked(text, *args, **kwargs):
            table.prompt = text
            return ask(text, *args, **kwargs)
        return asked

    terminal = type("Terminal", (io.StringIO,), {"isatty": lambda self: True})()
    click.prompt, click.confirm = kept(click.prompt), kept(click.confirm)
    click.termui.visible_prompt_func = table.answer
    time.monotonic, sys.stdin = (lambda: table.now), terminal
    try:
        with contextlib.redirect_stdout(table.screen), contextlib.redirect_stderr(table.screen):
            yield
    finally:
        click.prompt, click.confirm, click.termui.visible_prompt_func, time.monotonic, sys.stdin = saved


def replay(table: Keyboard, new: list[str]) -> dict:
    """Start the game as `new` says, play it through `play` with the table at the keyboard; the figures."""
    from companion.cli.main import main

    table.start(new)
    with at_keyboard(table):
        with contextlib.suppress(SystemExit):
            main([table.kind, "play", "--game", table.game], standalone_mode=False)
    return table.result()


def in_terminal(table: Keyboard, new: list[str]) -> dict:
    """As replay, but `play` runs in a pseudo-terminal of its own on the real clock: the table reads what it shows
    until the next prompt, and types each line TYPING seconds later (a stray one at once)."""
    import pty
    import select

    table.start(new)
    leader, follower = pty.openpty()
    child = subprocess.Popen([sys.executable, "-c", "from companion.cli.main import run; run()", table.kind, "play",
                              "--game", table.game], stdin=follower, stdout=follower, stderr=follower)
    os.close(follower)
    try:
        while True:
            shown = ""
            with contextlib.suppress(OSError):  # the terminal closes if play ends
                while not shown.endswith("> ") and select.select([leader], [], [], 30)[0]:
                    shown += os.read(leader, 65536).decode(errors="replace").replace("\r", "")
            if not shown.endswith("> "):
                break
            table.screen.write(shown)
            table.prompt = shown.rstrip().splitlines()[-1] if shown.strip() else ""
            try:
                line = table.answer(" ")
            except EOFError:
                os.write(leader, b"quit\n")
                break
            time.sleep(0 if table.lines[-1]["kind"] == "stray" else TYPING)
            os.write(leader, line.encode() + b"\n")
        child.wait(30)
    finally:
        os.close(leader)
    return table.result()


def sessions(terminal: bool = False) -> dict:
    """Both sessions, played in this process with the companion first on sys.path, in the COMPANION_HOME set; the
    Snits one in a pseudo-terminal with `terminal`."""
    import companion

    return {"companion": os.path.dirname(companion.__file__),
            "snits": (in_terminal if terminal else replay)(SnitsTable(), SNITS),
            "sssnake": replay(SssnakeTable(), SSSNAKE)}


def missed(figures: dict) -> list[str]:
    """The goals a session missed: a lost report, a phase ended by accident."""
    return [f"{figures[s]['lost']} lost report(s) in {s}" for s in ("snits", "sssnake") if figures[s]["lost"]] + \
        [f"{figures[s]['accidents']} {ended} by accident in {s}" for s, ended in (
            ("snits", "phase(s) ended"), ("sssnake", "round(s) closed")) if figures[s]["accidents"]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checkout", help="the repository whose companion plays (default: this one)")
    parser.add_argument("--summary", action="store_true", help="only the figures, not every line typed")
    parser.add_argument("--terminal", action="store_true", help="the Snits session in a pseudo-terminal, real time")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(sessions(args.terminal)))
        return
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, COMPANION_HOME=home, PYTHONPATH=str(Path(args.checkout or ROOT).resolve()))
        child = [sys.executable, __file__, "--child", *["--terminal"] * args.terminal]
        out = subprocess.run(child, env=env, capture_output=True, text=True, check=True, cwd=home).stdout
    data = json.loads(out.splitlines()[-1])
    print(f"companion from {data['companion']}")
    for name, title in (("snits", "Snits' trailing dones"), ("sssnake", "Sssnake four-player round lines")):
        figures = data[name]
        if not args.summary:
            for kind, prompt, line, gained, said in figures["transcript"]:
                print(f"  {kind:<6} {prompt[:36]:<38} {line!r:<28} log +{gained}  {said and '<- ' + said[:60]}".rstrip())
        extra = (f"phases ended by accident {figures['accidents']} ({figures['strays']} dones typed ahead)"
                 if name == "snits" else f"rounds closed by accident {figures['accidents']} ({figures['reports']}"
                 " reports typed)")
        print(f"{title}: prompts {figures['prompts']}, retypes {figures['retypes']}, lost reports {figures['lost']}, "
              + extra)
        for which in figures.get("lost_which", []):
            print(f"  lost: {which}")
    failed = missed(data)
    print("goal: zero lost reports, zero phases ended by accident: " + ("met" if not failed else
                                                                       "missed (" + "; ".join(failed) + ")"))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
