"""The words under a state card's QR code: where the game stands, in the few lines an A6 card has room for.

Only what the table may see (the view), never a hidden placement: the private card says it is private.
"""
from __future__ import annotations

from collections import Counter

from companion.core.games import GAMES, load


def sssnake(view: dict, private: bool = False) -> list[str]:
    """Round and first player, then every snake's counters in one paragraph (nothing of Sssnake's is private)."""
    mode = ", Friendship" if view["friendship"] else ""
    snakes = []
    for p in view["players"]:
        counts = [f"{p['circles'][k]} {k}" for k in ("rotten", "golden") if p["circles"][k]]
        counts += [f"{p['eggs']} egg{'s' * (p['eggs'] != 1)}"] if p["eggs"] else []
        held = len(p["abilities"])
        counts.append("1 ability" if held == 1 else f"{held} abilities")
        snakes.append(f"{p['name']}{' (out)' if p['out'] else ''}: length {p['length']}, {', '.join(counts)}")
    return [f"{view['landscape']}{mode}: flip {view['flips']}, {PHASES[view['phase']]}, {view['first_player']} has "
            "the token.", "; ".join(snakes) + "."]


PHASES = {"caves": "the cave round", "flip": "the next flip due", "move": "the snakes moving",
          "choose": "abilities being chosen", "over": "the game over"}  # the view's phase, as the card words it


def snits(view: dict, private: bool = False) -> list[str]:
    """Turn and phase, Snits by organ, thingies, dead Snorgs and what is hidden."""
    places = Counter(s["at"] for s in view["snits"])
    dead = places.pop("dead", 0)
    body = sum(len(o["thingies"]) for o in view["organs"])
    runs_in = sum(t.startswith("R") for o in view["organs"] for t in o["thingies"])
    snorgs = view["dead_snorgs"]
    lines = [f"Turn {view['turn']}, {view['phase_title']}: " +
             (f"{view['winner']} won." if view["winner"] else f"{view['to_act']} to act."),
             f"Snits {view['snits_alive']} alive, {dead} dead: "
             + ", ".join(f"{place} {n}" for place, n in sorted(places.items())) + ".",
             f"In the body {body - runs_in} Makums, {runs_in} Runnungitms; pool {view['makums_in_pool']} and "
             f"{view['runnungitms_in_pool']}. Dead Snorgs {len(snorgs)} of {view['organs_to_win']}"
             + (f": {', '.join(snorgs)}." if snorgs else ".")]
    if "hidden" in view:
        h = view["hidden"]
        hidden = f"{'the Spark and ' if h['spark'] else ''}{h['splops']} Splops"
        lines.insert(0, f"PRIVATE: shows {hidden}; keep face down." if private else
                     f"Hidden: {hidden}; commitment {h['commitment'][:12]}.")
    return lines


def card(kind: str, view: dict, private: bool, day: str) -> list[str]:
    """Every line of the card: the game's lines (a private card says so first), then the date."""
    lines = load(GAMES[kind].card_words)(view, private)
    return lines + [f"Printed {day}."]
