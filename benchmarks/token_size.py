"""Token size: how long a game's token is and which QR version (level M) it needs; the goal is version 10 or lower.

Run from the repository root: python -m benchmarks.token_size [--seeds 40]. Measures, over seeded random legal
play (benchmarks/random_play.py), a 4-player Sssnake game after 15 rounds (after the cave round) and a Snits'
Revenge game after 10 turns (plain, with the Spark and 3 Splops public and private, and with 4 Snit players),
then names the state fields that cost the most characters in the largest token. A 4-player Sssnake game with two
digital players (random moves from companion/sssnake/paths.py, plain reports from the others) after 15 rounds gives
its game token and each digital player's sheet token (companion/tokens/sheet_token.py), each against the same goal.
"""
from __future__ import annotations

import argparse
import random
import statistics

from benchmarks import random_play
from companion.core.engine import IllegalAction
from companion.core.games import engine
from companion.sssnake import paths
from companion.sssnake.snake import Card
from companion.sssnake.state import Phase
from companion.tokens import game_token as token
from companion.tokens import qr, sheet_token

GOAL, ROOM = 10, 311  # QR version 10 at level M holds 311 characters in alphanumeric mode
LANDSCAPES = ("am-fluss", "fjord", "foxtrail", "sahara")
NAMES = (["Ann", "Bob", "Cid", "Dee"], ["Maximilian", "Josephine", "Konstantin", "Annabelle"])


def sssnake_states(seeds: int):
    """Four snakes, 15 rounds, every landscape, Friendship on and off, short and long player names."""
    for seed in range(seeds):
        table = random_play.sssnake(4, 15, seed, LANDSCAPES[seed % 4], friendship=bool(seed % 2))
        data = engine("sssnake").to_dict(table.state)
        for snake, name in zip(data["P"], NAMES[seed // 4 % 2], strict=True):
            snake["n"] = name
        yield data


def digital_game(seed: int, landscape: str, rounds: int = 15, digital=("Ann", "Cid"), friendship: bool = False):
    """Four snakes, `digital` on sheets the companion keeps, played `rounds` rounds after the cave round (or to the
    end): digital players walk random paths and draw random marks, paper players report what the legal space
    samples."""
    eng = engine("sssnake")
    st = eng.new({"players": ["Ann", "Bob", "Cid", "Dee"], "digital": list(digital), "seed": seed,
                  "landscape": landscape, "friendship": friendship})
    rng = random.Random(f"sheet-play:{seed}")
    while st.phase != Phase.OVER and not (st.phase == Phase.FLIP and st.flips >= len(st.snakes) + rounds):
        st = eng.apply(st, digital_action(st, rng)).state
    return st


def digital_action(st, rng: random.Random) -> dict:
    """The next action: a flip, a waiting player's move or report, an ability (with marks on a digital sheet)."""
    eng = engine("sssnake")
    step = eng.next_step(st)
    if step["step"] == "flip":
        return {"type": "flip"}
    name = rng.choice(step["players"]) if step["step"] == "report" else step["player"]
    who = st.index(name)
    if who not in st.sheets:
        return eng.legal_actions(st, name).sample(rng)
    if step["step"] == "report":
        return paths.sample(st, who, rng)
    for _ in range(200):  # marks drawn at random until the rules take them
        action = eng.legal_actions(st, name).sample(rng)
        owed = st.sheets[who].owed
        card = owed[0] if step["step"] == "place" and owed else action.get("card")
        action = {k: v for k, v in action.items() if k != "corner" or not owed} | marks(st, who, card, rng)
        try:
            eng.apply(st, action)
        except IllegalAction:
            continue
        return action
    raise AssertionError(f"no marks found for {name} (seed {st.seed})")


def marks(st, who: int, card: int | None, rng: random.Random) -> dict:
    """Random marks: Two-headed's X on the body, Offspring's three eggs anywhere (the rules refuse bad ones)."""
    sheet = st.sheets[who]
    if card == Card.TWO_HEADED:
        return {"marks": [list(rng.choice(sheet.body))]}
    if card == Card.OFFSPRING:
        return {"marks": [[rng.randint(1, 16), rng.randint(1, 16)] for _ in range(3)]}
    return {}


def snits_states(seeds: int, private: bool, **setup):
    for seed in range(seeds):
        yield engine("snits").to_dict(random_play.snits(10, seed, **setup).state, private)


def measure(label: str, kind: str, states) -> tuple[str, dict]:
    """Print median and largest token length and QR version; return the largest state for the cost breakdown."""
    states = list(states)
    texts = [token.pack(kind, f"{kind}-1", data) for data in states]
    return kind, states[line(label, texts)]


def line(label: str, texts: list[str]) -> int:
    """Print the median and largest length of the tokens and their QR versions; the index of the largest."""
    order = sorted(range(len(texts)), key=lambda k: len(texts[k]))
    versions = [qr.version(texts[k]) for k in (order[len(order) // 2], order[-1])]
    verdict = "ok" if versions[1] <= GOAL else f"OVER the goal of version {GOAL} ({ROOM} characters)"
    print(f"{label:<44} {statistics.median(map(len, texts)):>6.0f} {len(texts[order[-1]]):>5}   "
          f"v{versions[0]:<3} v{versions[1]:<3} {verdict}")
    return order[-1]


def digital(seeds: int) -> None:
    """Two of four players digital, 15 rounds: the game token and each sheet token, each against the goal."""
    games, sheets = [], []
    for seed in range(seeds):
        st = digital_game(seed, LANDSCAPES[seed % 4], friendship=bool(seed % 2))
        games.append(token.encode("sssnake", "sssnake-1", st))
        sheets += [sheet_token.encode("sssnake-1", st, i) for i in sorted(st.sheets)]
    line("Sssnake, 2 of 4 digital, 15 rounds: game", games)
    line("  sheet token of each digital player", sheets)


def costs(kind: str, data: dict) -> list[tuple[int, str]]:
    """Characters each field adds to the token (the token without it is that much shorter), largest first."""
    full = len(token.pack(kind, f"{kind}-1", data))
    out = [(full - len(token.pack(kind, f"{kind}-1", {k: v for k, v in data.items() if k != key})), key)
           for key in data]
    if kind == "sssnake":
        for sub in sorted({k for snake in data["P"] for k in snake}):
            trimmed = [{k: v for k, v in snake.items() if k != sub} for snake in data["P"]]
            out.append((full - len(token.pack(kind, f"{kind}-1", data | {"P": trimmed})), f"P[].{sub}"))
    return sorted(out, reverse=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=40, help="games per line (default 40)")
    seeds = parser.parse_args().seeds
    print(f"{'game (' + str(seeds) + ' seeded games each)':<44} {'median':>6} {'max':>5}   QR version at M "
          f"(median, max); goal: each token <= {ROOM} characters (v{GOAL})")
    worst = [measure("Sssnake, 4 players, after 15 rounds", "sssnake", sssnake_states(seeds)),
             measure("Snits' Revenge, after 10 turns", "snits", snits_states(seeds, False)),
             measure("  with Spark + 3 Splops, public token", "snits", snits_states(seeds, False, **random_play.SPARK)),
             measure("  with Spark + 3 Splops, private token", "snits", snits_states(seeds, True, **random_play.SPARK)),
             measure("  with 4 Snit players", "snits", snits_states(seeds, False, players=4))]
    digital(seeds)
    for kind, data in (worst[0], worst[3]):
        print(f"\nlargest {kind} token: characters each field costs")
        print("  " + ", ".join(f"{key} {n}" for n, key in costs(kind, data) if n > 0))


if __name__ == "__main__":
    main()
