"""What the latest round's close did (who grew, crossed a threshold, was eliminated, took a card), in the words the
terminal printed when it closed: the messages of the logged action that closed it, heard again by replaying it."""
from __future__ import annotations

from companion.core.engine import BadState, IllegalAction
from companion.store.saved import heard, migrated, restored

CLOSERS = ("report", "move", "round", "fix")  # the actions that may close a round (a fix closes it again)


def state_after(eng, record, log: list, n: int):
    """The state after the log's first `n` actions: the latest snapshot at or before it, then the actions after."""
    found = record.store.snapshot(record.id, before=n + 1)
    base, state = (found[0], restored(eng.from_dict, found[1])) if found else (0, None)
    if state is None:
        base, state = 0, eng.start(record.setup)
    for action in log[base:n]:
        state = migrated(eng, state, action, record.rules_version)
    return state


def last_close(record) -> dict | None:
    """{"flip", "action", "lines"} of the latest round's close (None before the first, or when the log no longer
    replays): the flip the round was, the action's place in the log, and what it printed."""
    from companion.sssnake.game import ENGINE
    from companion.sssnake.state import Phase

    log = record.store.log(record.id)
    try:
        for n in range(len(log), 0, -1):
            action = log[n - 1]
            if not action or action.get("type") not in CLOSERS:
                continue
            before = state_after(ENGINE, record, log, n - 1)
            after, lines = heard(ENGINE, before, action, record.rules_version)
            if after.phase != Phase.MOVE:
                return {"flip": before.flips, "action": n, "lines": lines}
    except (IllegalAction, BadState, TypeError):  # a damaged action: no summary rather than a wrong one
        return None
    return None
