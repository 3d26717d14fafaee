"""The sides the companion plays in a game of Snits' Revenge against the computer: chosen at `new --vs`, kept in
the setup, and played through the session one action a transaction, so an interrupted reply resumes at the next
command and undo takes it back with the person's move."""
from __future__ import annotations

import random

from companion.core.language import _
from companion.shared import session
from companion.shared.session import Refused

KIND = "snits"
LEVELS = (1, 2)  # 1: a fast one-ply heuristic; 2: determinized Monte Carlo search (docs/snits.md)
THINK = 1.0  # seconds a level-2 decision may take by default


def config(vs: str, level: int, think: float, players: int) -> dict:
    """setup["computer"] from `--vs`: `bolotomus`, `snits` (every clan) or clan names, as legal_actions names them."""
    from companion.snits.phases import BOLOTOMUS, ONE_CLAN
    from companion.snits.pieces import clan_name

    clans = [clan_name(k) for k in range(players)] if players > 1 else [ONE_CLAN]
    known = {n.lower(): n for n in [BOLOTOMUS, *clans]}
    sides: list[str] = []
    for word in (w.strip().lower() for w in vs.split(",")):
        found = clans if word == "snits" else [known[word]] if word in known else None
        if found is None:
            raise Refused(_("--vs names the sides the computer plays: bolotomus, snits or a clan ({clans}), "
                            "not {typed}").format(clans=", ".join(clans), typed=repr(word)))
        sides += [s for s in found if s not in sides]
    if len(sides) == len(known):
        raise Refused(_("the computer cannot play every side: leave one for a person (use `snits autoplay` to "
                        "watch computer games)"))
    if level not in LEVELS:
        raise Refused(_("--level is {levels}, not {level}").format(levels=_(" or ").join(map(str, LEVELS)),
                                                                   level=level))
    if not 0 < think <= 60:
        raise Refused(_("--think is the seconds a decision may take, more than 0 and at most 60, not {think}").format(
            think=think))
    return {"sides": sides, "level": level, "think": think}


def plays_bolotomus(setup: dict) -> bool:
    from companion.snits.phases import BOLOTOMUS

    return BOLOTOMUS in session.computer_sides(setup)


def opponent(setup: dict):
    """The computer player the setup asks for (companion.snits.players; loaded only in games against it)."""
    from companion.snits.players import make
    from companion.snits.players.search import ROLLOUTS

    wanted = setup["computer"]
    return make(wanted["level"], think=wanted.get("think", THINK), iterations=ROLLOUTS)


def place(setup: dict, board, spark: bool, splops: int) -> dict:
    """The computer Bolotomus hides the Spark and Splops by its own reasoning, from a secret random source: the
    person at the table never sees where, and the seed does not tell."""
    import secrets

    rng = secrets.SystemRandom()
    spark_at, splops_at = opponent(setup).place(board, spark, splops, rng)
    return {"spark": spark_at, "splops": splops_at, "salt": secrets.token_hex(8)}


def reply(game_id: str, setup: dict, state, show) -> object:
    """While a computer side is to act, let it choose from the rules' legal actions and apply each as its own
    transaction; `show(side, action, result)` after each. Returns the state the person plays on."""
    from companion.snits.game import ENGINE
    from companion.snits.phases import acting

    sides = session.computer_sides(setup)
    player = None
    n = 0
    while (side := acting(state)) in sides:
        player = player or opponent(setup)
        legal = ENGINE.legal_actions(state, side)
        rng = random.Random(f"computer:{state.seed}:{state.turn}:{state.step}:{n}")
        action = player.choose(state, legal, rng)
        _game, result, _setup = session.act(KIND, game_id, action, computer=True)
        show(side, result.logged or action, result)
        state, n = result.state, n + 1
    return state
