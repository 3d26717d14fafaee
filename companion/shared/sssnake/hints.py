"""A digital player's sheet by name, and the move the computer suggests for it with its reasons: for `companion
sssnake hint`, the play loop's `hint` and the player page's hint button."""
from __future__ import annotations

from companion.core.language import _
from companion.shared.session import Refused


def sheet_of(state, player: str) -> tuple[int, object]:
    """(player index, sheet) of a digital player; a paper player or unknown name is refused in one line."""
    from companion.core.engine import IllegalAction

    try:
        who = state.index(player)
    except IllegalAction as exc:
        raise Refused(str(exc)) from None
    if who not in state.sheets:
        digital = ", ".join(state.snakes[i].name for i in state.sheets) or _("nobody (start one with new --digital "
                                                                              "NAME)")
        raise Refused(_("{player} plays on paper; digital sheets: {digital}").format(player=state.snakes[who].name,
                                                                                     digital=digital))
    return who, state.sheets[who]


def suggestion(state, player: str) -> tuple[dict, list[str]]:
    """(the move action, why: a few short lines) the computer suggests for this digital player now."""
    from companion.core.engine import IllegalAction
    from companion.sssnake.bot import hint

    who, _sheet = sheet_of(state, player)
    try:
        return hint(state, who)
    except IllegalAction as exc:
        raise Refused(str(exc)) from None


def path_words(action: dict) -> str:
    """The suggested move as a player types it at the play loop's prompt (the path and its choices)."""
    from companion.sssnake.actions import from_dict, to_text

    return to_text(from_dict(action)).split(" ", 2)[2]
