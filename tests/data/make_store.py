"""Write tests/data/store-vN.sqlite: the saved games of a schema-N companion, so migrations are tested on real bytes.

N is the schema version of the companion first on the path. store-v0.sqlite came from commit 9cd5783 (before
stores had a version), store-v1.sqlite from commit bf1b00b (schema 1), store-v2.sqlite from commit 66e9c29
(schema 2, before the daily game's days and the digital sheet), store-v3.sqlite from commit 9463faf (the last
first-edition store), store-v4.sqlite from the commit that added play ids (schema 4, issue 35), store-v5.sqlite from
the commit that added `record --photo` (schema 5, issue 32: where a paper score came from):
    git worktree add /tmp/companion-v0 9cd5783
    PYTHONPATH=/tmp/companion-v0 .venv/bin/python tests/data/make_store.py
It plays through the companion's own session functions, so the file holds exactly what that version wrote:
sssnake-1 (three players, mid-play, two undone actions on the redo stack), sssnake-2 (solo, finished),
snits-1 (Spark and Splops hidden, mid-play, one undone action), snits-2 (finished) and one paper solo record (from
schema 5 a second, read from a photo of pad C3SUWG's sheet 2).
"""
from __future__ import annotations

import inspect
import os
import random
import sqlite3
import tempfile

SECRET_SNITS = {"seed": 42, "players": 1, "spark": True, "splops": 3, "remove": ["Grubnik", "Zoomer"],
                "hidden": {"spark": "Splenox", "splops": ["Eye", "Glut", "Bilgeum"], "salt": "v0-salt-0123456789"}}


def sssnake_action(rng: random.Random, st) -> dict:
    """A legal-looking next action for a Sssnake state (the rules refuse the rare one that is not)."""
    if st.phase in "cf":
        return {"type": "flip"}
    if st.placing:
        return {"type": "place", "player": st.snakes[st.placing[0]].name, "corner": [rng.randint(1, 8)] * 2}
    if st.choosers:
        card = rng.choice(st.display.face_up())
        take = {"type": "take", "player": st.snakes[st.choosers[0]].name, "card": card}
        return {**take, "corner": [3, 3]} if card == 15 else take
    who = st.snakes[[i for i in st.movers() if i not in st.reports][0]]
    return {"type": "report", "player": who.name, "fresh": rng.randint(0, 3), "end": rng.choice(["", "s", "i"]),
            "out": rng.random() < 0.05}


def play_sssnake(session, game_id: str, rng: random.Random, steps: int | None) -> None:
    """`steps` actions (None: to the end of the game), each through session.act as a command would."""
    done = 0
    while steps is None or done < steps:
        _, state = session.current("sssnake", game_id)
        if state.phase == "o":
            return
        try:
            session.act("sssnake", game_id, sssnake_action(rng, state))
            done += 1
        except session.Refused:
            continue


def play_snits(session, game_id: str, seed: int, steps: int | None) -> None:
    """Random legal actions for both sides (the autoplay choice), each through session.act."""
    from companion.snits.autoplay import choose
    from companion.snits.game import ENGINE

    rng = random.Random(f"v0:{seed}")
    done = 0
    while steps is None or done < steps:
        _, state = session.current("snits", game_id)
        if state.phase == "over":
            return
        session.act("snits", game_id, choose(rng, ENGINE.legal_actions(state)))
        done += 1


def main() -> None:
    with tempfile.TemporaryDirectory() as home:
        os.environ["COMPANION_HOME"] = home
        try:
            from companion.shared import session
        except ImportError:  # a companion from before the layers (issue 23)
            from companion import session  # type: ignore[no-redef]

        rng = random.Random(0)
        a, _ = session.create("sssnake", {"players": ["Ann", "Bob", "Cid"], "landscape": "fjord", "seed": 7})
        play_sssnake(session, a, rng, 24)
        for _ in range(2):
            session.step_back("sssnake", a, False)
        solo, _ = session.create("sssnake", {"players": ["Sol"], "landscape": "sahara", "seed": 3})
        play_sssnake(session, solo, rng, None)
        secret, _ = session.create("snits", SECRET_SNITS)
        play_snits(session, secret, 1, 60)
        session.step_back("snits", secret, False)
        over, _ = session.create("snits", {"seed": 10, "players": 1})
        play_snits(session, over, 10, None)
        store = session.open_store()
        with store.transaction():
            store.record_solo("fjord", 32, 3, 5, 30, "Impressive")
            if "source" in inspect.signature(store.record_solo).parameters:
                store.record_solo("fjord", 23, 2, 0, 25, "Well played.", source="photo", sheet="C3SUWG/2")
        store.close()
        db = sqlite3.connect(os.path.join(home, "games.sqlite"))
        (version,) = db.execute("PRAGMA user_version").fetchone()
        out = os.path.join(os.path.dirname(os.path.abspath(__file__)), f"store-v{version}.sqlite")
        if os.path.exists(out):
            os.remove(out)
        db.execute("VACUUM INTO ?", (out,))
        db.close()
    print(out)


if __name__ == "__main__":
    main()
