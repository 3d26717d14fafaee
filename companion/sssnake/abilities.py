"""Developing: taking a face-up ability, the single-use cards that act at once (Moulting, Intuition...), and placing
an Intuition square."""
from __future__ import annotations

from companion.core.engine import IllegalAction, draw
from companion.core.language import _
from companion.sssnake.actions import Place, Square, Take, square_text
from companion.sssnake.closing import settle
from companion.sssnake.display import ability, allowed
from companion.sssnake.edition import edition
from companion.sssnake.pencil import marks, owes_marks
from companion.sssnake.rounds import blocked
from companion.sssnake.snake import Card, Snake
from companion.sssnake.state import State

SQUARE_REACH = 12  # a 5x5 square's top-left corner must leave room for it on the 16x16 sheet


def take(st: State, t: Take) -> list[str]:
    who = st.index(t.player)
    s = st.snakes[who]
    if not st.choosers:
        reach = ", ".join(map(str, edition().ability_thresholds))
        why = blocked(st) or _("a snake gains one on reaching {lengths}; next comes a flip").format(lengths=reach)
        raise IllegalAction(_("nobody is owed an ability now: {why}").format(why=why))
    if st.choosers[0] != who:
        order = ", ".join(st.snakes[i].name for i in st.choosers)
        raise IllegalAction(_("it is {name}'s turn to choose (in turn: {order})").format(
            name=st.snakes[st.choosers[0]].name, order=order))
    display = st.display.take(t.card)  # refuses unknown and face-down cards
    card = ability(t.card)
    fresh = new_cards(st, s)
    if card.permanent and s.has(t.card) and fresh:
        raise IllegalAction(_("{name} already has {card} {ability}; pick another face-up card: {cards}").format(
            name=s.name, card=t.card, ability=_(card.name), cards=", ".join(f"{n} {_(ability(n).name)}" for n in fresh)))
    if (t.card == Card.INTUITION) != (t.corner is not None):
        raise IllegalAction(_("Intuition needs its 5x5 square's top-left corner (COL,ROW, each 1-12)")
                            if t.card == Card.INTUITION else _("only Intuition takes a corner square"))
    if t.corner:
        check_corner(t.corner)
    st.display = display
    st.choosers.pop(0)
    s.gained.append(t.card)
    took = _("{name} takes {card} {ability} (permanent).") if card.permanent else \
        _("{name} takes {card} {ability} (single).")
    lines = [took.format(name=s.name, card=t.card, ability=_(card.name))]
    if t.corner:
        s.squares.append(t.corner)
    return lines + marks(st, who, t.card, t.marks) + single_use(st, who, t.card, t.corner) + settle(st)


def new_cards(st: State, s: Snake) -> list[int]:
    """Face-up cards the snake does not hold as a permanent ability: while there is one, it must take one of them."""
    return [n for n in st.display.face_up() if not (s.has(n) and ability(n).permanent)]


def single_use(st: State, who: int, number: int, corner: Square | None = None) -> list[str]:
    """Lightning cards act at once: Moulting draws from the box; the others are drawn on the sheet."""
    s = st.snakes[who]
    if number == Card.MOULTING:
        box = [n for n in allowed(edition().landscapes[st.land], len(st.snakes))
               if n not in st.display.cards and n not in s.moulted]
        if not box:
            return [_("Moulting: the box holds no card {name} may draw.").format(name=s.name)]
        drawn = draw(st).choice(box)
        s.moulted.append(drawn)
        if drawn == Card.INTUITION:
            st.placing.append(who)
        if owes_marks(st, who, drawn):
            st.sheets[who].owed.append(drawn)
            st.placing.append(who)
        return [_("Moulting draws {card} {ability}: write it next to Moulting.").format(
            card=drawn, ability=_(ability(drawn).name))] + \
            single_use(st, who, drawn)
    if number == Card.INTUITION:  # from Moulting its corner comes later, with place
        return [square_line(s.name, corner)] if corner else []
    if who in st.sheets:  # the companion draws a digital sheet's X and eggs (or asks for them): no second instruction
        return []
    drawing: dict[int, str] = {Card.TWO_HEADED: _("{name}: draw an X on your snake where it forks."),
                               Card.OFFSPRING: _("{name}: draw three eggs where your snake could move or end.")}
    return [drawing[number].format(name=s.name)] if number in drawing else []


def square_line(name: str, corner: Square) -> str:
    """Where a paper player draws an Intuition square: its corner and the columns and rows it covers."""
    col, row = corner
    return _("{name}: draw the 5x5 Intuition square from {corner} to {far} (columns {col}-{col_end}, rows "
             "{row}-{row_end}).").format(name=name, corner=square_text(corner), far=square_text((col + 4, row + 4)),
                                         col=col, col_end=col + 4, row=row, row_end=row + 4)


def check_corner(corner: Square) -> None:
    if max(corner) > SQUARE_REACH:
        raise IllegalAction(_("a 5x5 square from {corner} leaves the sheet; corner column and row 1-12").format(
            corner=square_text(corner)))


def place(st: State, p: Place) -> list[str]:
    """What Moulting's card draws: on a digital sheet its marks first (X, eggs), else an Intuition square's corner."""
    who = st.index(p.player)
    if who not in st.placing:
        raise IllegalAction(_("{name} has nothing to place").format(name=st.snakes[who].name))
    owed = st.sheets[who].owed if who in st.sheets else []
    if owed:
        if p.corner:
            raise IllegalAction(_("{name} first draws the marks of {card} {ability}").format(
                name=st.snakes[who].name, card=owed[0], ability=_(ability(owed[0]).name)))
        lines = marks(st, who, owed[0], p.marks)
        owed.pop(0)
    else:
        if p.corner is None or p.marks:
            raise IllegalAction(_("an Intuition square needs its top-left corner (COL,ROW, each 1-12)"))
        check_corner(p.corner)
        st.snakes[who].squares.append(p.corner)
        lines = [square_line(st.snakes[who].name, p.corner)]
    st.placing.remove(who)
    return lines + settle(st)
