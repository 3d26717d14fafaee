"""The Snits' Revenge engine: setup, apply one action (with its dice), the dict forms and the public view."""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from companion.core.engine import Engine, IllegalAction, Outcome, Result
from companion.core.language import _
from companion.snits import chomping, combat, makers, movement, phases, setup
from companion.snits import state as states
from companion.snits.pieces import alive, clan_name, name, organs_out, place_key, place_name, snit, thingies_at
from companion.snits.state import Phase, State

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import TypeAlias

    from companion.snits.dice import Roller

    # an action's rule: each takes its own action class, the one its type names (a dict keyed by that type cannot
    # say which, hence Any)
    Handler: TypeAlias = Callable[[State, Any, Roller], tuple[list[str], dict]]

SEATS = "vs"  # the logged action that changes who plays a side (companion/shared/snits/computer.py reads it)
SKIP = "skip"  # an action's chance steps passed over first: rolls a player saw before an undo are never met again
SKIP_MOST = 10_000  # more steps than any game's undone actions roll
HANDLERS: dict[str, Handler] = {
    "move": movement.move, "enter": movement.enter, "kick": combat.kick, "pack": combat.pack, "chomp": chomping.chomp,
    "compose": makers.compose, "transform": makers.transform, "done": phases.done}


class SnitsEngine(Engine):
    """Snits' Revenge as the rulebook has it; every refusal leaves the state untouched."""

    kind = "snits"
    version = 6  # raise it when a rules change could replay a saved log differently (and say how in migrate);
    # 3: the second edition's map (a setup names its `edition`; one that names none plays on the first, as before)
    # 4: where several Runnungitms meet several Snits, a declaration names every one of them (`-`: not chomping)
    # 5: a log may hold `vs` (who plays a side from then on), which version 4 could not replay
    # 6: an action may hold `skip` (chance steps passed over after an undo against the computer), which 5 could not

    def new(self, setup_dict: dict) -> State:
        return setup.new(setup_dict)

    def apply(self, state: State, action: dict) -> Result[State]:
        skip, action = skipped(action)
        seats = isinstance(action, dict) and action.get("type") == SEATS
        actions, dice = acting_modules()
        act = None if seats else actions.from_dict(action)
        if state.sealed:
            raise IllegalAction(_(phases.SEALED))
        if state.phase == Phase.OVER:
            assert state.winner is not None  # a finished game has its winner (from_dict checks it)
            raise IllegalAction(_("the game is over ({verdict}); start a new one").format(
                verdict=phases.verdict(state.winner)))
        after = state.copy()
        after.step += skip  # a `vs` after an undo passes the seen rolls over too: the redo stack ends with it
        if act is None:  # a `vs`
            return Result(after, (seats_line(action),), {**action, SKIP: skip} if skip else None)
        roller = dice.Roller(after, getattr(act, "dice", ()))
        lines, logged = HANDLERS[act.type](after, act, roller)
        roller.finish()
        if act.type != "done" and after.phase != Phase.OVER and not after.pending and not phases.can_act(after):
            lines += phases.run_out(after)
        if roller.used:
            logged["dice"] = roller.used
        if skip:
            logged = {**logged, SKIP: skip}
        return Result(after, tuple(lines), logged)

    def fresh_chance(self, state: State, undone: list[dict]) -> dict:
        """What a person's new action after an undo against the computer adds: `skip` past every chance step the
        undone actions (the redo stack, next first) rolled, so no die already shown is rolled again; nothing with
        dice the players roll themselves."""
        if state.manual or not undone:
            return {}
        seen = state
        for action in undone:
            try:
                seen = self.apply(seen, action).state
            except IllegalAction:  # an action this state cannot take again: what it rolled was not seen here
                break
        return {SKIP: seen.step - state.step} if seen.step > state.step else {}

    def migrate(self, action: dict, from_version: int, state: State | None = None) -> list[dict]:
        """Version 1 ended Compositors Compose with the compose itself (a compose naming none made no Makum);
        version 2 leaves the phase to `done`, so a version-1 compose replays as that compose and its `done`.
        Before version 4 a chomp declaration in a crowded organ could leave Runnungitms out, which forfeited their
        chomps; it replays with them declared not chomping."""
        if from_version < 2 and action.get("type") == "compose":
            return [action, {"type": "done"}] if action.get("at") else [{"type": "done"}]
        if from_version < 4 and action.get("type") == "chomp" and state is not None:
            return [chomping.whole(state, action)]
        return [action]

    def legal_actions(self, state: State, player: str | None = None) -> list[dict]:
        """Every action apply accepts now; with `player` ("Bolotomus", a clan's name, "Snits" for the one Snit
        player) only that player's, so none unless it is the one to act (an unknown name: IllegalAction)."""
        if player is not None and phases.player_name(state, player) != phases.acting(state):
            return []
        return [] if state.sealed else phases.legal(state)

    def next_step(self, state: State) -> dict:
        return phases.next_step(state)

    def action_text(self, action: dict) -> str:
        """The line a player types for an action dict (dice as --roll): `pack Bonk,Snub R2 --roll 3,5`."""
        from companion.snits import actions

        action = skipped(action)[1]
        if action.get("type") == SEATS:
            sides = action["sides"]
            return f"{SEATS} {','.join(sides)} --level {action['level']} --think {action['think']}" if sides else \
                f"{SEATS} nobody"
        return actions.to_text(actions.from_dict(action))

    def parse_action(self, text: str) -> dict:
        """The action dict a typed line names (the inverse of action_text)."""
        from companion.snits import actions

        return actions.to_dict(actions.from_text(text))

    def to_dict(self, state: State, private: bool = False) -> dict:
        return states.to_dict(state, private)

    def from_dict(self, data: dict) -> State:
        return states.from_dict(data)

    def view(self, state: State) -> dict:
        """What the whole table may see: every counter's place, never the hidden placement until the game ends. The
        words a page shows (phase_title, to_act) are in the language spoken now (English under --json); the values
        code reads (places, kinds, phases) are the same in every language."""
        board = state.board
        organs = []
        for o in board.organs:
            organs.append({"name": o.name, "snorg": state.snorgs[o.index] if o.snorg else "printed",
                           "snits": [name(c) for c in range(len(state.snits)) if state.snits[c] == o.index],
                           "thingies": [name(c) for c in thingies_at(state, o.index)]})
        used = {f"{place_name(state, p.a)}-{place_name(state, p.b)}": {"kind": p.kind, "used": state.used.get(p.index, 0),
                                                          "capacity": movement.capacity(state, p.kind)}
                for p in board.passages if state.used.get(p.index)}
        snits = [{"name": name(c), "clan": clan_name(snit(c).clan), "speed": snit(c).speed,
                  "badge": snit(c).badge, "at": place_key(state, state.snits[c]), "kicked": c in state.kicked,
                  "moved": c in state.moved} for c in range(len(state.snits)) if state.snits[c] != states.GONE]
        v = {"turn": state.turn, "phase": state.phase, "phase_title": phases.title(state.phase),
             "to_act": phases.side(state), "dice": "manual" if state.manual else "auto",
             "snit_players": state.players, "senior": clan_name(state.senior), "variants": state.opts.changed(),
             "organs": organs, "passages_used": used, "gates_used": {place_name(state, o): n for o, n in state.gates.items()},
             "snits": snits, "dead_snorgs": [place_name(state, o) for o in board.snorg_organs if not state.snorgs[o]],
             "organs_to_win": state.opts.organs_to_win, "makums_in_pool": state.makums.count(states.OUT),
             "runnungitms_in_pool": state.runs.count(states.OUT), "snits_alive": len(alive(state)),
             "pending_chomp": None, "winner": state.winner, "legal": self.legal_actions(state),
             "spark_carrier": None if state.holder is None else name(state.holder),
             "spark_lies": None if state.lies is None else place_name(state, state.lies),
             "map": state.board.name or None, "edition": state.board.edition or None, "teach": state.teach}
        if state.pending:
            v["pending_chomp"] = {"runnungitm": name(state.pending[0]),
                                  "choices": [name(c) for c in state.pending[1]]}
        if state.hides:
            hidden: dict[str, object] = {
                "spark": state.spark, "splops": state.splops, "commitment": state.commitment,
                "splops_gone_off": [place_name(state, o) for o in state.popped], "sealed": state.sealed}
            if state.winner and state.placement:
                hidden["reveal"] = reveal(state)
            v["hidden"] = hidden
        return v

    def outcome(self, state: State) -> Outcome | None:
        """5. Has Anybody Won Yet? and the multiplayer Spark fight: the winning side or clan, then the rest sharing a
        place (a tie: one shared place, no winner); scores: organs out for the Snits, Snits alive for the Bolotomus."""
        if state.phase != Phase.OVER:
            return None
        assert state.winner is not None  # a finished game has its winner (from_dict checks it)
        sides = [clan_name(k) for k in range(state.players)] if state.players > 1 else ["Snits"]
        won = {"snits": sides, "bolotomus": ["Bolotomus"], "tie": []}.get(state.winner, [state.winner])
        rest = tuple(n for n in [*sides, "Bolotomus"] if n not in won)
        places = ((tuple(won),) if won else ()) + (rest,)
        return Outcome(places, tuple(won), {"Snits": organs_out(state), "Bolotomus": len(alive(state))},
                       phases.verdict(state.winner))

    def describe(self, state: State) -> str:
        outcome = self.outcome(state)
        where = outcome.text if outcome else phases.phase_line(state)
        return _("Snits' Revenge, turn {turn}: {where}; {alive} Snits alive, {out} organs out, {win} to win").format(
            turn=state.turn, where=where, alive=len(alive(state)), out=organs_out(state), win=state.opts.organs_to_win)


def seats_line(action: dict) -> str:
    """What a logged `vs` (who plays from now on, setup["computer"]'s shape) says; no rule reads it, but a malformed
    one is refused like any action."""
    sides, level, think = action.get("sides"), action.get("level"), action.get("think")
    if (set(action) != {"type", "sides", "level", "think"} or not isinstance(sides, list)
            or not all(isinstance(s, str) for s in sides) or level not in (1, 2) or isinstance(think, bool)
            or not isinstance(think, (int, float)) or not 0 < think <= 60):
        raise IllegalAction(_("a vs action names the computer's sides (a list of names), its level (1 or 2) and "
                              "its think seconds (more than 0, at most 60)"))
    if not sides:
        return _("from now on people play every side")
    return _("from now on the computer (level {level}) plays {sides}").format(level=level,
                                                                               sides=_(" and ").join(sides))


@lru_cache(maxsize=1)
def acting_modules():
    """The action and dice modules, imported on the first action applied (status and map never read an action nor
    roll) and handed out at once after that."""
    from companion.snits import actions, dice

    return actions, dice


def reveal(state: State) -> dict:
    """The placement, the salt and the exact text hashed, so anyone can check the commitment made at setup."""
    board = state.board
    p = state.placement
    assert p is not None  # asked for only where the placement is known
    return {"spark": None if p.spark is None else place_name(state, p.spark),
            "splops": sorted(place_name(state, o) for o in p.splops), "salt": p.salt,
            "hashed": p.canonical([o.name for o in board.organs]), "commitment": state.commitment}


ENGINE = SnitsEngine()


def skipped(action: Any) -> tuple[int, Any]:
    """(the chance steps an action passes over first, the action without them); IllegalAction for a skip out of
    shape (a hand-made token or log)."""
    if not isinstance(action, dict) or SKIP not in action:
        return 0, action
    skip = action[SKIP]
    if type(skip) is not int or not 0 < skip <= SKIP_MOST:
        raise IllegalAction(_("{skip} counts chance steps passed over, 1 to {most}").format(skip=SKIP, most=SKIP_MOST))
    return skip, {k: v for k, v in action.items() if k != SKIP}
