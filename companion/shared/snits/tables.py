"""Snits' Revenge's tables in words: `companion snits odds` (every roll's exact chance) and `autoplay` (each game's
winner and length, the wins)."""
from __future__ import annotations

from companion.core.language import _, ngettext, pgettext


def odds_text(rows: list[dict]) -> str:
    """`odds`: each roll's exact chance as a fraction and a percentage, and how each roll works."""
    lines = ["{:<56}{:>13}".format(_("Roll"), _("chance"))]
    for r in rows:
        what = roll_name(r["roll"]) + (_(", speed {speed}").format(speed=r["speed"]) if r["speed"] else "")
        if r["working"] is not None:
            what += _(", {working} of Eye/Prolobosinator working").format(working=r["working"])
        lines.append(f"{what:<56}{str(r['chance']):>6} = {float(r['chance']):6.1%}")
    lines.append(_("kick: 1 die, 1-2 kills (hammer 1-4); chomp: 2 dice over the Snit's speed catch it; last kick: "
                   "2 dice over its speed kill the Runnungitm; Fleotis run: speed or lower on 2 dice (both working), "
                   "1 die (one), free (none)"))
    return "\n".join(lines)


def roll_name(roll: str) -> str:
    """A roll of the odds table (its --json name) in words."""
    return {"kick": pgettext("roll", "kick"), "hammer kick": pgettext("roll", "hammer kick"),
            "chomp": pgettext("roll", "chomp"), "last kick": pgettext("roll", "last kick"),
            "Fleotis run": pgettext("roll", "Fleotis run")}.get(roll, roll)


def autoplay_text(rows: list[dict], wins: dict) -> str:
    """`autoplay`: each game's actions as typed with what they did (when logged), its winner and length; the wins."""
    from companion.snits import actions

    lines = []
    for i, row in enumerate(rows):
        lines += [f"  {actions.to_text(actions.from_dict(step['action']))}"
                  + "".join(f"\n      {line}" for m in step["messages"] for line in m.splitlines())
                  for step in row.get("log", ())]
        lines.append(_("game {number} (seed {seed}): {winner} after {turns}, {actions}").format(
            number=i + 1, seed=row["seed"], winner=outcome(row["winner"]),
            turns=ngettext("{count} turns", "{count} turns", row["turns"]).format(count=row["turns"]),
            actions=ngettext("{count} actions", "{count} actions", row["actions"]).format(count=row["actions"])))
    if len(rows) > 1:
        lines.append(_("wins: {wins}").format(wins=", ".join(f"{outcome(k)} {v}"
                                                             for k, v in sorted(wins.items()))))
    return "\n".join(lines)


def outcome(winner: str) -> str:
    """An autoplay game's winner as --json names it (snits, bolotomus, a clan), or its tie or unfinished, in words."""
    return {"tie": pgettext("outcome", "tie"), "unfinished": pgettext("outcome", "unfinished")}.get(winner, winner)
