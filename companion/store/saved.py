"""A saved game as this version's rules open it: from its newest snapshot they can read, replaying what they can
of the log after it (a rules fix never overrules what the table saw)."""
from typing import Any

from companion.core.engine import BadState, IllegalAction
from companion.core.games import engine
from companion.core.language import N_, _
from companion.core.record import Value
from companion.store.db import GameRecord, Unreadable, damaged


class Opened(Value):
    """A saved game's state after as much of its log as the rules of this version replay."""

    state: object
    at: int      # the actions it stands after
    length: int  # the actions in the log


def opened(record: GameRecord, kept: list | None = None) -> Opened:
    """From the newest snapshot these rules can read, replay the actions after it until one is damaged or refused.

    A game played since the last upgrade has a snapshot after every action, so this costs the same on turn 1 and on
    action 2,000, and a rules fix never overrules what the table saw. `kept` collects (seq, private dict) of each
    state replayed, for a change to store as snapshots.
    """
    eng = engine(record.kind)
    if record.rules_version > eng.version:
        raise Unreadable(record.id, _("was played under {kind} rules version {version} (this companion knows version "
                                      "{known}); upgrade companion to open it").format(
            kind=record.kind, version=record.rules_version, known=eng.version))
    found = record.store.snapshot(record.id)
    while found:
        base, data = found
        state = restored(eng.from_dict, data)
        if state is not None:
            break
        found = record.store.snapshot(record.id, before=base)
    else:
        base, state = 0, restored(eng.start, record.setup)
        if state is None:
            raise damaged(record.id, N_("its setup is not one these rules accept"))
    tail = record.store.log(record.id, since=base)
    at = base
    for action in tail:
        if action is None:  # damaged in the store
            break
        try:
            state = migrated(eng, state, action, record.rules_version)
        except (IllegalAction, BadState):
            break
        at += 1
        if kept is not None:
            kept.append((at, eng.to_dict(state, private=True)))
    return Opened(state, at, base + len(tail))


def migrated(eng, state, action: dict, rules_version: int):
    """The state after a logged action, read as the rules version it was logged under meant it."""
    return heard(eng, state, action, rules_version)[0]


def heard(eng, state, action: dict, rules_version: int) -> tuple[Any, list[str]]:
    """The state after a logged action and the lines it printed, read as the version it was logged under meant it
    (a redo, a round's summary: said again as the first time)."""
    lines: list[str] = []
    for step in eng.migrate(action, rules_version, state) if rules_version < eng.version else (action,):
        result = eng.apply(state, step)
        state = result.state
        lines += result.messages
    return state, lines


def restored(build, data):
    """A state built from stored data (a snapshot, the setup), or None when these rules cannot use it.

    The rules' own message is never shown: it may quote the data, and the setup holds the hidden Spark.
    """
    try:
        return build(data)
    except (ValueError, LookupError, TypeError, AttributeError):  # IllegalAction and BadState are ValueErrors
        return None
