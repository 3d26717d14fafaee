"""A hint for the side whose go it is: the action the computer's level 2 would take in its place, with the odds of
what it rolls for, as Sssnake's `hint` suggests a path. It never reads what that side cannot see: the Snits' hint
decides from the table's view alone (the computer Snits never see the hidden placement), and the Bolotomus' reads
the hidden Spark and Splops, so it is given only to the Bolotomus' eyes."""
from __future__ import annotations

import contextvars
import random

from companion.core import language
from companion.core.language import _
from companion.shared.session import Refused

HINT_ROLLOUTS = 12  # the computer's own table budget (players/search.py ROLLOUTS), and no clock: the same hint
#                    however often it is asked and however busy the machine (a decision takes tens of ms)


def hint(state, eyes: bool = False, ask: str = "--bolotomus") -> dict:
    """{"side", "action", "text", "odds"}: what level 2 would play now for the side to act; refused after the game,
    and for the Bolotomus while a placement is hidden unless `eyes` (the Bolotomus' own, asked as `ask` says)."""
    from companion.shared.snits.chances import action_odds
    from companion.snits.game import ENGINE
    from companion.snits.phases import BOLOTOMUS, acting
    from companion.snits.players import make

    side = acting(state)
    if side is None:
        raise Refused(_("the game is over: nothing to hint"))
    if side == BOLOTOMUS and state.placement and not eyes:
        raise Refused(_("the Bolotomus' hint reads where the Spark and Splops hide: ask it with {ask}, with the "
                        "Snit players looking away").format(ask=ask))
    legal = ENGINE.legal_actions(state, side)
    action = make(2, think=None, iterations=HINT_ROLLOUTS).choose(
        state, legal, random.Random(f"hint:{state.seed}:{state.turn}:{state.step}"))
    return {"side": side, "action": action, "text": ENGINE.action_text(action),
            "odds": english(action_odds, state, action)}


def english(compute, *args):
    """`compute(*args)` in English whatever the language spoken: the words --json gives a script."""
    context = contextvars.copy_context()
    context.run(language.use, "en")
    return context.run(compute, *args)


def hint_line(found: dict, state) -> str:
    """`Try: kick Thudmuck Snorg (2 in 6 to kill the Snorg): what the computer would play for the Snits.`"""
    from companion.shared.snits.chances import action_odds
    from companion.snits.phases import BOLOTOMUS, ONE_CLAN

    odds = action_odds(state, found["action"])
    side = found["side"]
    line = {BOLOTOMUS: _("Try: {action}{odds}: what the computer (level 2) would play for the Bolotomus."),
            ONE_CLAN: _("Try: {action}{odds}: what the computer (level 2) would play for the Snits.")}.get(
        side, _("Try: {action}{odds}: what the computer (level 2) would play for the {side}."))
    return line.format(action=found["text"], odds=f" ({odds})" if odds else "", side=side)
