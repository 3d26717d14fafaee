"""The odds of one offered action in words ("2 in 6 to kill the Snorg"), from the exact chances of snits/odds.py, so
a page shows them beside the button as `companion snits odds` has them in its table."""
from __future__ import annotations

from fractions import Fraction

from companion.core.language import _
from companion.snits import odds
from companion.snits.counters import MAKUM_BASE, RUN_BASE
from companion.snits.movement import working_smashers
from companion.snits.pieces import SNORG, lookup, name, snit, where
from companion.snits.state import OUT, Phase, State


def chance(f: Fraction, dice: int) -> str:
    """`2 in 6` for one die, `21 in 36` for two (as a table counts the faces), a smaller fraction for more dice."""
    faces = 6 ** dice
    if dice <= 2 and (f * faces).denominator == 1:
        return _("{hits} in {faces}").format(hits=f * faces, faces=faces)
    return _("{hits} in {faces}").format(hits=f.numerator, faces=f.denominator)


def action_odds(state: State, action: dict) -> str | None:
    """The chance of what an action rolls for, in words; None for an action that rolls nothing."""
    kind = action.get("type")
    if kind in ("move", "enter"):
        return run_odds(state, action)
    if kind == "kick":
        return kick_odds(state, action)
    if kind == "pack":
        ids = [lookup(state, who) for who in action["who"]]
        miss = Fraction(1)
        for cid in ids:
            miss *= 1 - odds.kick(snit(cid).hammer)
        return _("{chance} that one of them kills {target}; if all miss, it chomps one").format(
            chance=chance(1 - miss, len(ids)), target=action["target"])
    if kind == "chomp":
        pairs = zip(action["runnungitm"].split(","), action["snit"].split(","), strict=True)
        return "; ".join(chomp_odds(state, r, s) for r, s in pairs if s != "-")
    return None


def run_odds(state: State, action: dict) -> str | None:
    """A Snit running into the smash orifice from outside (Getting Into the Bolotomus)."""
    board = state.board
    cid = lookup(state, action["who"])
    if cid >= RUN_BASE or where(state, cid) != OUT or action["to"] == "out" or state.phase == Phase.FIGHT_MOVE:
        return None
    if not board.organ(action["to"]).smash:
        return None
    working = working_smashers(state)
    if working == 0:
        return _("no smash: the Eye and the Prolobosinator are out")
    return _("{chance} to get in").format(chance=chance(odds.fleotis(snit(cid).speed, working), 2 if working == 2 else 1))


def kick_odds(state: State, action: dict) -> str:
    s = snit(lookup(state, action["who"]))
    hit = chance(odds.kick(s.hammer), 1)
    target = action["target"]
    if target == SNORG:
        return _("{hit} to kill the Snorg").format(hit=hit)
    t = lookup(state, target)
    if RUN_BASE <= t < MAKUM_BASE and state.phase != Phase.FIGHT_KICK:
        return _("{hit} to kill {target}; a miss lets it chomp: {chomp}").format(
            hit=hit, target=name(t), chomp=caught(s, chance(odds.chomp(s.speed), 2)))
    return _("{hit} to kill {target}").format(hit=hit, target=name(t))


def caught(s, odds_of: str) -> str:
    """The chance a chomp catches, and what that does: a hammer Snit is wounded (a spare takes its place), any
    other dies."""
    if s.hammer:
        return _("{chance} to wound {snit}").format(chance=odds_of, snit=s.name)
    return _("{chance} to catch {snit}").format(chance=odds_of, snit=s.name)


def chomp_odds(state: State, runnungitm: str, target: str) -> str:
    s = snit(lookup(state, target))
    return _("{chomp}, then {chance} that its last kick kills {runnungitm}").format(
        chomp=caught(s, chance(odds.chomp(s.speed), 2)), chance=chance(odds.last_kick(s.speed), 2),
        runnungitm=runnungitm)
