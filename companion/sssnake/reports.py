"""What a report may say: apples within what the sheet can have held, golden apples on Fjord, endings on the sheet,
Thieving."""
from __future__ import annotations

from companion.core.engine import IllegalAction
from companion.core.language import _
from companion.sssnake.actions import ENDINGS, Report, Square, ending_word, square_text
from companion.sssnake.deck import card
from companion.sssnake.edition import edition
from companion.sssnake.fall import extras_so_far
from companion.sssnake.ground import ground
from companion.sssnake.snake import Card, Snake
from companion.sssnake.state import State
from companion.sssnake.terrain import endings_on


def rotten_possible(st: State) -> bool:
    """Rotten apples come from an apple card a Poisonous snake turned, or lie printed on the FoxTrail sheet."""
    return st.land == "foxtrail" or st.rotted


def apples_possible(st: State, s: Snake) -> int | None:
    """The most apples a sheet can have held: one per flip but the snake's own cave flips (its first, each rejoin);
    the extra apples (two half apples, never in the cave round); one per Intuition square per flip from the second
    after the cave round (the earliest a square can be drawn); FoxTrail's printed apples. None on the boxed game's
    FoxTrail, whose printed apples this edition does not know."""
    printed = edition().landscapes[st.land].extra
    if st.boxed and ("fresh_apples" in printed or "rotten_apples" in printed):
        return None
    intuition = len(s.squares) * max(0, st.flips - len(st.snakes) - 1)
    return (st.flips - int(s.cave) - s.rejoins + extras_so_far(st) + intuition
            + len(printed.get("fresh_apples", ())) + len(printed.get("rotten_apples", ())))


def check_counts(st: State, s: Snake, r: Report) -> None:
    if min(r.fresh, r.rotten, r.golden_count) < 0:
        raise IllegalAction((_("apples eaten cannot be negative (fresh {fresh}, rotten {rotten}, golden {golden})")
                             if r.golden_count else _("apples eaten cannot be negative (fresh {fresh}, rotten {rotten})"))
                            .format(fresh=r.fresh, rotten=r.rotten, golden=r.golden_count))
    room = apple_room(st, s)
    if room is not None and r.fresh + r.rotten > room:
        eaten = len(s.track) - s.golden
        raise IllegalAction(_("{count} apples this round is more than {name}'s sheet can have had: at most {most} in "
                              "all so far, {eaten} already eaten, so at most {room} now").format(
            count=r.fresh + r.rotten, name=s.name, most=room + eaten, eaten=eaten, room=room))
    if r.rotten and not rotten_possible(st):
        raise IllegalAction(_("no rotten apple can be on the sheets: no Poisonous snake has turned an apple card "
                              "and this is not FoxTrail"))
    check_golden(st, r)
    if set(r.end) - set(ENDINGS.values()):
        raise IllegalAction(_("unknown ending {end}; use letters s (snow), i (ice), h (shade)").format(end=repr(r.end)))
    if not one_square(r.end):
        raise IllegalAction(_("a move ends on one square: snow or ice, not both"))
    sheet = sheet_endings(st)
    absent = [name for name, ch in ENDINGS.items() if ch in r.end and name not in sheet]
    if absent:
        raise IllegalAction(_("{landscape} has no {ending} to end on; its sheet has {endings}").format(
            landscape=edition().landscapes[st.land].name, ending=ending_word(absent[0]),
            endings=", ".join(map(ending_word, sheet)) or _("none of snow, ice, shade")))
    if r.stole and not s.has(Card.THIEVING):
        raise IllegalAction(_("{name} does not have Thieving (card 9), so crosses out nothing").format(name=s.name))
    if r.stole and not r.fresh:
        raise IllegalAction(_("Thieving works when the move ends on fresh apples; report them as fresh apples eaten"))


def apple_room(st: State, s: Snake) -> int | None:
    """Fresh and rotten apples the snake may report now: what its sheet can have held less what it has eaten (None:
    no bound known)."""
    most = apples_possible(st, s)
    return None if most is None else most - s.track.count("f") - s.track.count("r")


def apples_fault(st: State, who: int) -> str | None:
    """More apples on a digital sheet than can have fallen there and not been eaten, rotten ones before any can
    exist, or apples in line with no square a card turned since the shuffle named (nor, Tricky, its swap), in words,
    or None: no legal game draws them."""
    sh, room = st.sheets[who], apple_room(st, st.snakes[who])
    lying = sum(sh.apples.values()) + (sh.pending[2] if sh.pending else 0)
    if room is not None and lying > room:
        return f"holds {lying} apples, more than can have fallen on it and not been eaten ({room})"
    if (sh.rotten or sh.pending and sh.pending[3]) and not rotten_possible(st):
        return "holds rotten apples, though no Poisonous snake has turned an apple card and this is not FoxTrail"
    falls, g = fallen_on(st), ground(st.land)
    if falls is not None and st.snakes[who].has(Card.TRICKY):  # its player may have drawn any of them swapped
        falls += [(row, col) for col, row in falls]
    squares = list(sh.apples) + ([tuple(sh.pending[:2])] if sh.pending else [])
    if falls is not None and any(sq not in g.fresh + g.rotten and not any(sq[0] == col or sq[1] == row
                                                                           for col, row in falls) for sq in squares):
        return "holds an apple in no row or column an apple card turned since the shuffle can have put it"
    return None


def fallen_on(st: State) -> list[Square] | None:
    """The squares this deck's apple cards named (an apple rolling off keeps its row or column); None once the deck
    was shuffled again, whose earlier order is gone."""
    if st.flips != st.deck.pos:
        return None
    order = st.deck.order
    return [(card(order[p]).a, card(order[p - 1]).b) for p in range(1, st.deck.pos + 1)]


def one_square(end: str) -> bool:
    """A move ends on one square: snow or ice, never both (shade lies over either)."""
    return not ("s" in end and "i" in end)


def golden_left(st: State) -> list[Square]:
    """Golden apples still on this edition's sheet (none on the boxed game's, whose squares are not known)."""
    gold = edition().landscapes[st.land].golden_apples
    return [] if st.boxed else [g for i, g in enumerate(gold) if i not in st.golden_gone]


def check_golden(st: State, r: Report) -> None:
    """Golden apples lie on Fjord only: on this edition's sheet each at its square, eaten once; on the boxed game's
    sheet, whose squares the companion does not know, by count."""
    gold = edition().landscapes[st.land].golden_apples
    left = " ".join(square_text(g) for g in golden_left(st)) or _("none")
    if (r.golden or r.golden_count) and not gold:
        raise IllegalAction(_("golden apples lie only on Fjord, not on {landscape}").format(
            landscape=edition().landscapes[st.land].name))
    if st.boxed and r.golden:
        raise IllegalAction(_("on the boxed game's sheets golden apples are counted, not placed: g for one, 2g for two"))
    if r.golden_count and not st.boxed:
        raise IllegalAction(_("say where each golden apple lay, like g4,12; golden apples left: {left}").format(left=left))
    for g in r.golden:
        if g not in gold:
            raise IllegalAction(_("there is no golden apple at {square}; golden apples left: {left}").format(
                square=square_text(g), left=left))
        if gold.index(g) in st.golden_gone:
            raise IllegalAction(_("the golden apple at {square} was eaten in an earlier round; golden apples left: "
                                  "{left}").format(square=square_text(g), left=left))
    if len(set(r.golden)) != len(r.golden):
        raise IllegalAction(_("each golden apple can be eaten once; a square is listed twice"))


def sheet_endings(st: State) -> dict[str, str]:
    """The endings a sheet can show: from this edition's map, or, on the boxed game's sheets, whatever the player
    says."""
    return ENDINGS if st.boxed else endings_on(st.land)
