"""What `companion sssnake log` shows beside each logged action: where each flip fell and whose it was, read by
replaying the saved game (loaded by that command only)."""
from __future__ import annotations

from companion.core.engine import BadState, IllegalAction
from companion.sssnake.fall import fall_view
from companion.store.saved import migrated


def flipped(eng, record) -> dict[int, dict]:
    """Each flip's square, by its place in the log, from a replay of the game (up to an action that no longer
    replays)."""
    found = {}
    try:
        state = eng.start(record.setup)
        for i, action in enumerate(record.actions):
            flipper = state.snakes[state.first].name
            state = migrated(eng, state, action, record.rules_version)
            if action.get("type") == "flip":
                v = fall_view(state)
                assert v is not None  # a flip was just made
                found[i] = {"player": flipper, "column": v["column"], "row": v["row"], "cave": v["cave"]}
    except (IllegalAction, BadState):
        pass
    return found
