"""How an undo or redo is told: `companion <game> undo`, the play loops and the pages' undo button say one line."""
from __future__ import annotations

from companion.core.language import _
from companion.shared.session import stepped


def step_line(kind: str, moved: list[dict], forward: bool) -> str:
    """'undo: report Ann fresh=2, with the computer's 3 actions': what one undo (redo) moved, in one line."""
    mine, _reply, also = stepped(moved, forward)
    return (_("redo: {action}{also}") if forward else _("undo: {action}{also}")).format(action=named(kind, mine),
                                                                                        also=also)


def named(kind: str, action: dict) -> str:
    """An action as the game's log names it: Snits' line with its dice, Sssnake's typed line."""
    if not action:
        return _("a damaged action")
    if kind == "snits":
        from companion.shared.snits.log import action_line

        return action_line(action)
    from companion.core.games import engine

    return engine(kind).action_text(action)
