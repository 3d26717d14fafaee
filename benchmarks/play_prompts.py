"""Prompts and keystrokes of a scripted four-player, fifteen-round Sssnake game through `companion sssnake play`.

The same table (what each snake eats, where it ends, who goes out, which card each takes) is typed into whatever
`play` asks, so two versions of the companion can be compared: `--checkout DIR` runs the companion of another
checkout (a `git worktree` of an older commit). Every prompt is printed with what was typed; a keystroke is a
character typed or the Enter that ends the answer. Goal (issue 9): at most one prompt per round besides the
ability choices.

Run: python benchmarks/play_prompts.py [--checkout DIR] [--summary]
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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ["Ann", "Bob", "Cid", "Dee"]
ROUNDS = 15
AVOID = {9, 14, 15}  # Thieving, Moulting, Intuition: cards whose own questions would blur the comparison


def table(name: str, rnd: int) -> dict:
    """What happened to a snake in round `rnd` (1-15): fresh apples eaten, the ending that matters, elimination."""
    fresh = {"Ann": 1, "Bob": rnd % 2, "Cid": 2 if rnd % 3 == 2 else 0, "Dee": 1 if rnd % 4 == 0 else 0}[name]
    return {"fresh": fresh, "end": "shade" if name == "Bob" and rnd % 3 == 0 else "",
            "out": name == "Dee" and rnd == 12}


def clause(name: str, rnd: int) -> str:
    """The player's words in the round line; nothing for a snake to which nothing happened."""
    t = table(name, rnd)
    words = (["out"] if t["out"] else []) + ([str(t["fresh"])] if t["fresh"] else []) + ([t["end"]] if t["end"]
                                                                                            else [])
    return f"{name} {' '.join(words)}" if words else ""


class Table:
    """Answers each prompt from the scripted table and the saved game, and keeps the transcript."""

    def __init__(self):
        self.prompt = ""
        self.transcript: list[tuple[str, str, str]] = []  # (kind, prompt, answer)

    def state(self):
        from companion.shared import session

        return session.current("sssnake", None)[1]

    def answer(self, _space: str) -> str:
        """The keystrokes for the prompt being asked (click passes only a space; the text was kept)."""
        st = self.state()
        rnd = st.flips - len(st.snakes)
        kind, typed = self.respond(self.prompt, st, rnd)
        if kind == "stop":
            raise EOFError
        self.transcript.append((kind, self.prompt.strip(), typed))
        return typed

    def respond(self, text: str, st, rnd: int) -> tuple[str, str]:
        """(kind of prompt, answer); kind "stop" once the fifteen rounds are played."""
        name = (re.match(r"(\w+)", text) or [""])[0]
        if re.match(r"Round \d+", text):  # asked after the round's flip
            if rnd > ROUNDS:
                return "stop", ""
            typed = " ".join(filter(None, (clause(n, rnd) for n in PLAYERS if n in text)))
            refused = self.transcript and self.transcript[-1][1:] == (text.strip(), "0")  # a checkout before 0
            return "round", typed or ("" if refused else "0")
        if re.search(r"flips: press Enter", text):  # asked before the flip (the cave flips too)
            return ("stop", "") if rnd >= ROUNDS else ("round", "")
        if re.search(r"takes an ability|card number to take", text):
            s = st.snakes[st.index(name)]
            return "ability", str(next(n for n in st.display.face_up() if n not in AVOID and not s.has(n)))
        t = table(name, rnd)
        if "eliminated this round" in text:
            return "round", "y" if t["out"] else ""
        if "fresh apples eaten" in text:
            return "round", str(t["fresh"]) if t["fresh"] else ""
        if "rotten apples eaten" in text:  # asked once a Poisonous snake has turned a card
            return "round", ""
        if "ended on" in text:
            return "round", t["end"]
        raise RuntimeError(f"no scripted answer for the prompt {text!r}")


def child() -> None:
    """Play the scripted game in this process with the companion first on sys.path; print the transcript as JSON."""
    import click
    import click.termui

    from companion.cli.main import main

    script = Table()
    real_prompt, real_confirm = click.prompt, click.confirm

    def prompt(text, *args, **kwargs):
        script.prompt = text
        return real_prompt(text, *args, **kwargs)

    def confirm(text, *args, **kwargs):
        script.prompt = text
        return real_confirm(text, *args, **kwargs)

    click.prompt, click.confirm = prompt, confirm
    click.termui.visible_prompt_func = script.answer
    sink = io.StringIO()
    with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
        for args in (["sssnake", "new", "--players", ",".join(PLAYERS), "--seed", "11"], ["sssnake", "play"]):
            try:
                main(args, standalone_mode=False)
            except SystemExit:
                pass
            except RuntimeError as exc:
                sink.write(f"error: {exc}\n")
    errors = [line for line in sink.getvalue().splitlines() if line.startswith("error:")]
    import companion

    print(json.dumps({"companion": os.path.dirname(companion.__file__), "transcript": script.transcript,
                      "errors": errors, "flips": script.state().flips}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checkout", help="the repository whose companion plays (default: this one)")
    parser.add_argument("--summary", action="store_true", help="only the figures, not every prompt")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child()
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, COMPANION_HOME=home, PYTHONPATH=str(Path(args.checkout or ROOT).resolve()))
        out = subprocess.run([sys.executable, __file__, "--child"], env=env, capture_output=True, text=True,
                             check=True, cwd=home).stdout
    data = json.loads(out.splitlines()[-1])
    if not args.summary:
        for kind, prompt, typed in data["transcript"]:
            print(f"{kind:<7} {prompt[:70]:<72} {typed!r}")
    rounds = [t for t in data["transcript"] if t[0] == "round"]
    choices = [t for t in data["transcript"] if t[0] == "ability"]
    keys = sum(len(typed) + 1 for _, _, typed in data["transcript"])
    print(f"companion from {data['companion']}: {len(PLAYERS)} players, {ROUNDS} rounds after the caves "
          f"(flip {data['flips']} reached)")
    print(f"prompts: {len(rounds)} for the rounds ({len(rounds) / ROUNDS:.1f} a round), {len(choices)} ability "
          f"choices; keystrokes: {keys}; refusals: {len(data['errors'])}")
    print("goal: at most 1 prompt a round besides the ability choices")


if __name__ == "__main__":
    main()
