"""`companion snits log`, and the recap `play` shows when the turn passes: the game's actions with their dice, and
what the other side did in its last turn, read back from the store's snapshots."""
from __future__ import annotations

from companion.core.language import _, ngettext
from companion.shared.lines import wrap
from companion.snits.state import Phase


def log_text(actions: list[dict], side: str | None, turn: int, done: list, resumed: bool = False) -> str:
    """One numbered line per action, dice shown as rolled; then the recap of the other side's last turn."""
    lines = [f"{i:>4}. {action_line(action)}" for i, action in enumerate(actions, 1)]
    if side:
        lines += ["", *recap(side, turn, done, resumed)]
    return "\n".join(lines) or _("no actions yet")


def last_turn(record, state, n: int) -> tuple[str | None, int, list[tuple[dict, tuple[str, ...]]], bool]:
    """(side, turn, [(action, what it said)], resumed) of the last player turn of the side not acting now (of the
    side that ended the game, once it is over), from the first `n` actions of the log; (None, 0, [], False) before
    there is one. `resumed`: that turn began before the game was resumed here, so its start is not known."""
    from companion.snits.phases import player_turn

    now = player_turn(state) if state.phase != Phase.OVER else None
    taken: list = []
    side, resumed = None, False
    for action, before in walk_back(record, n):
        mover = player_turn(before)
        if side is None and mover == now:
            continue  # the acting side's own actions this turn
        if side is not None and mover != side:
            break
        side = mover
        taken.append((action, before))
    else:
        resumed = side is not None and "snapshot" in record.setup
    from companion.snits.game import ENGINE as eng

    said = []
    for action, before in reversed(taken):
        try:
            said.append((action, eng.apply(before, action).messages))
        except ValueError:  # an action these rules no longer apply as logged: its line stays, unexplained
            said.append((action, ()))
    return side, taken[-1][1].turn if taken else 0, said, resumed


def walk_back(record, n: int):
    """(action, the state before it) for the log's first `n` actions, the last first: each state from its snapshot,
    or replayed from the latest earlier one (or the setup) where a game saved before snapshots has none."""
    from companion.snits.game import ENGINE as eng
    from companion.store.saved import migrated

    log = record.store.log(record.id)[:n]
    k = n
    while k > 0:
        found = record.store.snapshot(record.id, before=k)
        base, state = 0, None
        if found and found[1] is not None:
            base, state = found[0], eng.from_dict(found[1])
        if state is None:
            base, state = 0, eng.start(record.setup)
        states = [state]
        for action in log[base:k - 1]:
            states.append(migrated(eng, states[-1], action, record.rules_version))
        for j in range(k - 1, base - 1, -1):
            yield log[j], states[j - base]
        k = base


def recap(side: str, turn: int, done: list[tuple[dict, tuple[str, ...]]], resumed: bool = False,
          limit: int = 20) -> list[str]:
    """One screen on a side's last turn: each action it took and what came of it, the phases' bookkeeping left out;
    a turn begun before the game was resumed here says so, not knowing what came before."""
    from companion.snits.phases import bookkeeping

    did = {"the Bolotomus": _("What the Bolotomus did in turn {turn}:"), "the Snits": _("What the Snits did in turn {turn}:")}
    lines = [did[side].format(turn=turn) if side in did else _("What {side} did in turn {turn}:").format(
        side=side, turn=turn)] + (["  " + _("(resumed here: what came before is not known)")] if resumed else [])
    for action, messages in done:
        said = [m for m in messages if not bookkeeping(m)]
        if action["type"] != "done" or said:
            lines.append(f"  {action_line(action)}")
        lines += [wrap(f"      {m}", " " * 8) for m in said]
    if len(lines) == 1:
        lines.append("  " + _("nothing but `done`"))
    elif len(lines) == 2 and resumed:
        lines.append("  " + _("nothing since but `done`"))
    if len(lines) > limit:
        more = len(lines) - limit + 1
        lines = lines[:limit - 1] + ["  " + ngettext("... and {count} more line: `log` shows the whole game",
                                                     "... and {count} more lines: `log` shows the whole game",
                                                     more).format(count=more)]
    return lines


def action_line(action: dict) -> str:
    """A logged action as typed, and the dice it rolled: `kick Bonk Snorg  (dice 4)`."""
    from companion.snits.game import ENGINE

    bare = ENGINE.action_text({k: v for k, v in action.items() if k != "dice"})
    return bare + ("  " + _("(dice {dice})").format(dice=" ".join(map(str, action["dice"]))) if action.get("dice") else "")


def computer_line(side: str, action: dict, messages) -> str:
    """One action of the computer's go, as the person at the table reads it: who, the move as typed, what it did."""
    return "\n".join([_("{side} (computer): {action}").format(side=side, action=action_line(action)),
                      *(wrap("    " + m) for m in messages)])
