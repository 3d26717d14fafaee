"""The words under a state card's QR code: where the game stands, in the few lines an A6 card has room for.

Only what the table may see (the view), never a hidden placement: the private card says it is private.
"""
from __future__ import annotations

from collections import Counter

from companion.core.games import GAMES, load
from companion.core.language import N_, _, ngettext


def sssnake(view: dict, private: bool = False) -> list[str]:
    """Round and first player, then every snake's counters in one paragraph (nothing of Sssnake's is private)."""
    mode = _(", Friendship") if view["friendship"] else ""
    snakes = []
    for p in view["players"]:
        counts = [_(COUNTED[k]).format(n=p["circles"][k]) for k in ("rotten", "golden") if p["circles"][k]]
        counts += [ngettext("{n} egg", "{n} eggs", p["eggs"]).format(n=p["eggs"])] if p["eggs"] else []
        held = len(p["abilities"])
        counts.append(ngettext("{n} ability", "{n} abilities", held).format(n=held))
        name = p["name"] + (_(" (out)") if p["out"] else "")
        snakes.append(_("{name}: length {length}, {counts}").format(name=name, length=p["length"],
                                                                     counts=", ".join(counts)))
    return [_("{landscape}{mode}: flip {flips}, {phase}, {player} has the token.").format(
        landscape=view["landscape"], mode=mode, flips=view["flips"], phase=_(PHASES[view["phase"]]),
        player=view["first_player"]), "; ".join(snakes) + "."]


COUNTED = {"rotten": N_("{n} rotten"), "golden": N_("{n} golden")}  # a snake's circled apples
PHASES = {"caves": N_("the cave round"), "flip": N_("the next flip due"), "move": N_("the snakes moving"),
          "choose": N_("abilities being chosen"), "over": N_("the game over")}  # the view's phase, as the card words it


def snits(view: dict, private: bool = False) -> list[str]:
    """Turn and phase, Snits by organ, thingies, dead Snorgs and what is hidden."""
    places = Counter(s["at"] for s in view["snits"])
    dead = places.pop("dead", 0)
    body = sum(len(o["thingies"]) for o in view["organs"])
    runs_in = sum(t.startswith("R") for o in view["organs"] for t in o["thingies"])
    snorgs = view["dead_snorgs"]
    outcome = (_("{winner} won.").format(winner=view["winner"]) if view["winner"]
               else _("{side} to act.").format(side=view["to_act"]))
    lines = [_("Turn {turn}, {phase}: ").format(turn=view["turn"], phase=view["phase_title"]) + outcome,
             _("Snits {alive} alive, {dead} dead: ").format(alive=view["snits_alive"], dead=dead)
             + ", ".join(f"{_(place)} {n}" for place, n in sorted(places.items())) + ".",  # organs: as named
             _("In the body {makums} Makums, {runnungitms} Runnungitms; pool {makums_pool} and {runnungitms_pool}. "
               "Dead Snorgs {dead} of {to_win}").format(
                 makums=body - runs_in, runnungitms=runs_in, makums_pool=view["makums_in_pool"],
                 runnungitms_pool=view["runnungitms_in_pool"], dead=len(snorgs), to_win=view["organs_to_win"])
             + (f": {', '.join(snorgs)}." if snorgs else ".")]
    if "hidden" in view:
        h = view["hidden"]
        hidden = (_("the Spark and {n} Splops") if h["spark"] else _("{n} Splops")).format(n=h["splops"])
        lines.insert(0, _("PRIVATE: shows {hidden}; keep face down.").format(hidden=hidden) if private else
                     _("Hidden: {hidden}; commitment {commitment}.").format(hidden=hidden,
                                                                           commitment=h["commitment"][:12]))
    return lines


def card(kind: str, view: dict, private: bool, day: str) -> list[str]:
    """Every line of the card: the game's lines (a private card says so first), then the date."""
    lines = load(GAMES[kind].card_words)(view, private)
    return lines + [_("Printed {day}.").format(day=day)]
