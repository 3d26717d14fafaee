"""The computer's snake: the action it owes now (decide), the greedy baseline it is measured against, and a hint
that explains the move it would make, all as pure functions over the rules' own state; the move's search is in
bot_moves, the cards it takes and the marks they draw in bot_cards."""
from __future__ import annotations

import random

from companion.core.language import _, ngettext
from companion.sssnake.actions import from_dict
from companion.sssnake.bot_cards import place, take
from companion.sssnake.bot_moves import Option, first_legal, options, plan
from companion.sssnake.digital import eaten, mover, try_move
from companion.sssnake.display import ability
from companion.sssnake.rounds import next_step
from companion.sssnake.state import Phase, State


def greedy_move(st: State, who: int, rng: random.Random) -> dict:
    """The greedy baseline: the move eating the most apple points this round that keeps the snake in (ties random)."""
    found = options(st, who, rng, width=60)
    rng.shuffle(found)
    found.sort(key=lambda o: o.node[5], reverse=True)
    return first_legal(st, who, found, rng)[0]


def owed_move(st: State, who: int) -> bool:
    return st.phase == Phase.MOVE and who in st.sheets and who in st.movers() and who not in st.reports


def decide(st: State, who: int, rng: random.Random | None = None) -> dict | None:
    """The computer's action for this player when one is owed now (a move, a take, a place), else None."""
    step = next_step(st)["step"]
    if step == "report":
        return plan(st, who, rng)[0] if owed_move(st, who) else None
    if step == "place" and st.placing[0] == who:
        return place(st, who)
    if step == "choose" and st.choosers[0] == who:
        return take(st, who)
    return None


def hint(st: State, who: int) -> tuple[dict, list[str]]:
    """The move the computer would make for this player, and why, in a few short lines, each true of the moves it
    weighed: what the rules' own walk eats, and what the moves that eat more lack."""
    mover(st, st.snakes[who].name)  # refused as a move would be: moved already, not moving, no round open
    action, o, found = plan(st, who)
    if o is None:
        return action, [_("No move keeps the snake in the game") if action.get("anyway") else
                        _("The only move found that keeps the snake in the game")]
    node = o.node
    w = try_move(st.copy(), from_dict(action))[1]
    others = [x for x in found if x is not o]
    more = [x for x in others if x.node[6] > node[6]]
    said = eaten(w)
    why = [said[:1].upper() + said[1:] + ("" if more or node[6] else _(": no move found eats an apple this round"))]
    if more:
        best = more[0]
        most = max(x.node[6] for x in more)
        found_more = ngettext("{count} other move found eats up to {most}", "{count} other moves found eat up to {most}",
                              len(more)).format(count=len(more), most=most)
        why.append(ngettext("{found} apple, but {lacks}", "{found} apples, but {lacks}", most).format(
            found=found_more, lacks=short(o, best, len(st.snakes) == 1)))
    why.append(_("Leaves {area} free squares reachable from the head (next move needs {need})").format(
        area=o.area, need=o.need))
    letter = o.board.letters[node[0]]
    if letter == "n":
        why.append(_("Ends on snow: the next move is half as long, sparing room"))
    elif letter == "i":
        why.append(_("Ends on ice: the next move is twice as long"))
    if o.ahead:
        why.append(_("A next move stays open after it"))
    if others:
        why.append(ngettext("Chosen over {count} other move found", "Chosen over {count} other moves found",
                            len(others)).format(count=len(others)))
    if action.get("swap"):
        why.append(_("Tricky: the apple's coordinates swapped"))
    if action.get("borrow"):
        why.append(_("Nocturnal: borrows {ability} this turn").format(ability=_(ability(action["borrow"]).name)))
    return action, why


def short(o: Option, best: Option, alone: bool) -> str:
    """What the best-valued move that eats more lacks against the one chosen, as far as the planner's figures say."""
    if best.ahead is False:
        return _("the best of them leaves no next move")
    if best.area < o.area:
        return _("the best of them leaves {area} free squares, not {chosen}").format(area=best.area, chosen=o.area)
    if alone:
        return _("alone, the game ends when the sheet runs out of room, and each apple eaten makes every later move a "
                 "square longer: staying short now leaves room for more apples later")
    return _("the planner values what the best of them leaves for the next moves lower")
