"""A digital player's move as a rule: the round's apple drawn, the path walked on the sheet, and the report the
path implies accepted like any other, so a digital player never types counts."""
from __future__ import annotations

from companion.core.engine import IllegalAction
from companion.core.language import _, ngettext
from companion.sssnake.actions import Move, Report
from companion.sssnake.closing import close
from companion.sssnake.display import ability
from companion.sssnake.ground import ground
from companion.sssnake.pencil import place_pending
from companion.sssnake.rounds import accept, round_open, waiting
from companion.sssnake.snake import Card
from companion.sssnake.state import State
from companion.sssnake.turns import turn
from companion.sssnake.walk import Turn, Walk, parse, text, walk


def check_borrow(st: State, who: int, borrow: int, parts: list) -> None:
    """Nocturnal: beginning the turn in shade (where the last move ended, a cave, the egg it hatches from), one
    face-up permanent card of the display for the whole turn."""
    s = st.snakes[who]
    if not borrow:
        return
    if not s.has(Card.NOCTURNAL):
        raise IllegalAction(_("{name} is not Nocturnal (card 12), so borrows no ability").format(name=s.name))
    egg = parts[0][0][1] if parts[0] and parts[0][0][0] == "at" else None
    if not st.in_shade(who, egg):
        raise IllegalAction(_("{name} does not begin this turn in shade (not where the last move ended, nor the cave "
                              "or egg it starts from): Nocturnal borrows only from the shade").format(name=s.name))
    if borrow not in st.display.face_up() or not ability(borrow).permanent:
        cards = ", ".join(f"{n} {_(ability(n).name)}" for n in st.display.face_up() if ability(n).permanent)
        raise IllegalAction(_("Nocturnal borrows a face-up permanent card: {cards}").format(cards=cards))


def mover(st: State, player: str) -> int:
    """The digital player moving now: in the open round, still to report."""
    round_open(st)
    who = st.index(player)
    s = st.snakes[who]
    if who not in st.sheets:
        raise IllegalAction(_("{name} plays on paper and reports what the sheet shows; only a digital sheet moves "
                              "here").format(name=s.name))
    if who not in st.movers():
        raise IllegalAction(_("{name} does not move this round; waiting for: {names}").format(
            name=s.name, names=", ".join(waiting(st)) or _("nobody")))
    if who in st.reports:
        raise IllegalAction(_("{name} already moved this round; undo takes the move back").format(name=s.name))
    return who


def try_move(st: State, m: Move) -> tuple[int, Walk]:
    """The move walked on a copy of the state's sheet after the apple fell; refused moves raise IllegalAction."""
    who = mover(st, m.player)
    s = st.snakes[who]
    parts = parse(m.path)
    check_borrow(st, who, m.borrow, parts)
    place_pending(st, who, m.swap, m.roll)
    t = turn(st, s, m.borrow, m.bumped)
    if not any(parts):
        return who, stuck(st, who, t, m.own)
    return who, walk(ground(st.land), st.sheets[who], t, parts)


def stuck(st: State, who: int, t: Turn, own: bool) -> Walk:
    """No path at all: accepted only when every path is refused (rocks hem the snake in, and rocks are not moved
    onto), with the turn's cards and, unless `own` (a move logged before rules version 7), every card Nocturnal could
    borrow: the snake is eliminated where it stands, its sheet as it was (the search loads only for such a move)."""
    from companion.sssnake.paths import lent_path, search

    s = st.snakes[who]
    found = next(search(st, who, None, budget=10 ** 6, alive=False, t=t), None)
    if found:
        raise IllegalAction(_("{name} moves {need} squares this turn: type the path (like R3 D); no path is for a "
                              "snake that has no move left").format(
            name=s.name, need=Walk(ground(st.land), st.sheets[who], t).need()))
    lent = None if own else lent_path(st, who, None, alive=False)
    if lent:
        card = lent[2]
        raise IllegalAction(_("{name} begins this turn in shade: borrowing {ability} (Nocturnal, card {card}) opens a "
                              "path, like {path}; move with borrow {card} and the path; no path is for a snake that "
                              "has no move left").format(name=s.name, ability=_(ability(card).name), card=card,
                                                         path=text([lent[0]])))
    w = Walk(ground(st.land), st.sheets[who], t)
    w.eliminate(_("has no move left (rocks, which no snake moves across, block every way on)"))
    return w


def move(st: State, m: Move) -> tuple[list[str], Move]:
    """Walk the path, refuse an eliminating move unless confirmed, and accept the report it implies."""
    who, w = try_move(st, m)
    s = st.snakes[who]
    if w.out and not m.anyway:
        raise IllegalAction(_("this move eliminates {name}: the snake {out}; confirm it (anyway) only if there is no "
                              "other way").format(name=s.name, out=w.out))
    report = Report(s.name, w.fresh, w.rotten, tuple(w.golden), w.ending(), bool(w.out), w.stole())
    accept(st, report)
    st.sheets[who] = w.commit()
    logged = m._replace(path=text(parse(m.path)), anyway=bool(w.out))
    said = (_("{name} moves {steps} squares and {out}: {eaten}.") if w.out else
            _("{name} moves {steps} squares: {eaten}.")).format(name=s.name, steps=w.steps, out=w.out, eaten=eaten(w))
    if waiting(st):
        return [said, _("Waiting for {names}.").format(names=", ".join(waiting(st)))], logged
    return [said] + close(st), logged


def eaten(w: Walk) -> str:
    """'eats 2 fresh, 1 rotten and a golden apple' or 'eats nothing'."""
    parts = [_("{count} fresh").format(count=w.fresh)] * bool(w.fresh) + \
        [_("{count} rotten").format(count=w.rotten)] * bool(w.rotten) + \
        [_("{count} golden").format(count=len(w.golden))] * bool(w.golden)
    if not parts:
        return _("eats nothing")
    listed = _("{some} and {last}").format(some=", ".join(parts[:-1]), last=parts[-1]) if len(parts) > 1 else parts[0]
    return ngettext("eats {apples} apple", "eats {apples} apples", w.fresh + w.rotten + len(w.golden)).format(
        apples=listed)
