"""What the companion draws on the digital players' sheets when the table acts: caves and apples at each flip, the
cave of a snake rejoining, crossings-out at the end of a round, the egg a snake hatches from."""
from __future__ import annotations

from companion.core.engine import IllegalAction
from companion.core.language import _
from companion.sssnake.actions import Square, square_text
from companion.sssnake.fall import apples_on, current_square, poisoned
from companion.sssnake.ground import ground
from companion.sssnake.sheet import WORDS, Sheet, cave_ways, edges, way, ways_text
from companion.sssnake.snake import Card
from companion.sssnake.state import State
from companion.sssnake.terrain import cave_letters


def new_sheet(land: str) -> Sheet:
    """An empty sheet of this edition's landscape, with the apples FoxTrail prints on it."""
    g, sh = ground(land), Sheet()
    for sq in g.fresh:
        sh.drop(g, sq, 1, rotten=False)
    for sq in g.rotten:
        sh.drop(g, sq, 1, rotten=True)
    return sh


def cave_flip(st: State, direction: str = "") -> list[str]:
    """The cave round's flip: the flipper's cave on their sheet (moved off blocked ground in `direction`, the first
    player's choice), an apple on everyone else's (no extra apple)."""
    sq, flipper = current_square(st), st.first
    if direction and flipper not in st.sheets:
        raise IllegalAction(_("{name} plays on paper and draws the cave there; only a digital sheet takes the cave's "
                              "direction").format(name=st.snakes[flipper].name))
    lines = []
    for i, sh in st.sheets.items():
        if i == flipper:
            lines += cave_drawn(st, i, sq, direction, "flip")
        else:
            sh.drop(ground(st.land), sq, 1, rotten=False)
    return lines


def apple_flip(st: State) -> None:
    """A round's flip: each digital sheet holds the apple(s) falling at the card's square until its player moves
    (Tricky may swap the coordinates; a snake rejoining draws a cave instead), or the round ends."""
    sq = current_square(st)
    for i, sh in st.sheets.items():
        sh.pending = [sq[0], sq[1], apples_on(st, i, sq), int(poisoned(st))]


def place_pending(st: State, who: int, swap: bool = False, edge: str = "") -> Square | None:
    """Draw the round's apple(s) on one digital sheet: at the card's square or, Tricky, swapped; counted there
    (the extra apple, Intuition squares, a crossed-out square draws nothing); rolling off the snake towards `edge`
    when two edges are as near (the player's choice); where they came to rest."""
    sh = st.sheets[who]
    if not sh.pending:
        if swap or edge:
            raise IllegalAction(_("the apple of this round is already drawn: Tricky swaps it as the snake moves") if swap
                                else _("the apple of this round is already drawn: its edge is chosen as the snake moves"))
        return None
    col, row, _count, rotten = sh.pending
    if swap and not st.snakes[who].has(Card.TRICKY):
        raise IllegalAction(_("{name} is not Tricky (card 6): the apple falls where the card says").format(
            name=st.snakes[who].name))
    sq = (row, col) if swap else (col, row)
    sh.pending = None
    return sh.drop(ground(st.land), sq, apples_on(st, who, sq), bool(rotten), edge)


def roll_choice(st: State, who: int) -> dict[bool, str]:
    """The edges the round's apple may roll towards on a digital sheet, by Tricky swap (False: where the card says),
    where two are as near; empty when it lies where it falls or already lies."""
    sh = st.sheets[who]
    if not sh.pending:
        return {}
    col, row = sh.pending[:2]
    swaps = [False] + ([True] if st.snakes[who].has(Card.TRICKY) and col != row else [])
    found = {swap: edges(ground(st.land), sh, (row, col) if swap else (col, row)) for swap in swaps}
    return {swap: near for swap, near in found.items() if len(near) > 1}


def roll_lines(st: State) -> list[str]:
    """The flip's line for each digital sheet whose apple falls on the snake with two edges as near: its player
    chooses the edge as they move."""
    lines = []
    for i in st.sheets:
        for swap, near in roll_choice(st, i).items():
            col, row = st.sheets[i].pending[:2]
            sq = (row, col) if swap else (col, row)
            on = st.sheets[i].under(ground(st.land), sq)  # the snake, its cave, a tree or an egg: each is rolled off
            ways = _(" and ").join(way(d) for d in near)
            lines.append("  " + _("{name}: an apple on {square} falls on {on}, as near the edge {ways}: it rolls {way} "
                                  "unless the move says --roll {other} (play: roll={other}).").format(
                name=st.snakes[i].name, square=f"{sq[0]},{sq[1]}", on=on, ways=ways, way=way(near[0]),
                other=WORDS[near[1]]))
    return lines


def round_end(st: State, reports: dict) -> None:
    """After the round's reports: apples still held are drawn, squares a Thieving snake ended on are crossed out on
    the other digital sheets."""
    for i in st.sheets:
        place_pending(st, i)
    for thief, r in reports.items():
        if r.stole and not r.out:
            for i, sh in st.sheets.items():
                if i != thief:
                    sh.apples.pop(r.stole, None)
                    sh.rotten.discard(r.stole)
                    sh.crossed.add(r.stole)


def hatched(st: State, who: int) -> None:
    """An eliminated digital snake with an egg starts its next move at one of the eggs; a Two-headed snake starts
    again with one head (the rulebook is silent: its X was on the old snake)."""
    if who in st.sheets:
        sh = st.sheets[who]
        sh.heads, sh.last, sh.split = [], [], None


def cave_drawn(st: State, who: int, sq: Square, direction: str, how: str) -> list[str]:
    """A cave drawn on a digital sheet: where it moved to, and when the direction was not chosen and another was
    open, the others and how to take one (`how`: the command that drew it)."""
    sh, g = st.sheets[who], ground(st.land)
    ways = cave_ways(g, sh, sq, cave_letters(st.land))
    at = sh.draw_cave(g, sq, cave_letters(st.land), direction)
    if at == sq:
        return []
    name = st.snakes[who].name
    taken = next(d for d, (_moved, there) in ways.items() if there == at)
    moved = _("{name}'s cave moves {way} to {square} (digital sheet).") if direction else \
        _("{name}'s cave moves {way} to {square} (digital sheet, the nearest way).")
    lines = ["  " + moved.format(name=name, way=way(taken), square=square_text(at))]
    others = {d: w for d, w in ways.items() if d != taken}
    if others and not direction:
        more = _("{name} may choose another way: {ways}; undo, then {command} again with --cave {word} (or another).") \
            if len(others) > 1 else _("{name} may choose another way: {ways}; undo, then {command} again with --cave {word}.")
        lines.append("  " + more.format(name=name, ways=ways_text(others), command=how, word=WORDS[next(iter(others))]))
    return lines


def rejoined(st: State, who: int, direction: str = "") -> list[str]:
    """Friendship mode: a digital snake rejoining draws its cave at the flip's square instead of the apple, moved off
    blocked ground in `direction` as a flip's."""
    if who not in st.sheets:
        if direction:
            raise IllegalAction(_("{name} plays on paper and draws the cave there; only a digital sheet takes the "
                                  "cave's direction").format(name=st.snakes[who].name))
        return []
    sh = st.sheets[who]
    sh.pending = None
    sh.split = None
    return cave_drawn(st, who, current_square(st), direction, f"rejoin {st.snakes[who].name}")


def marks(st: State, who: int, card: int, squares: tuple[Square, ...]) -> list[str]:
    """Two-headed's X on the snake's body, Offspring's three eggs where the snake could move or end; only digital
    sheets take marks (a paper player draws them)."""
    s = st.snakes[who]
    if who not in st.sheets:
        if squares:
            raise IllegalAction(_("{name} plays on paper: draw the marks on the sheet; only a digital sheet takes them")
                                .format(name=s.name))
        return []
    sh, g = st.sheets[who], ground(st.land)
    if card == Card.TWO_HEADED:
        if len(squares) != 1 or squares[0] not in sh.body or squares[0] in sh.caves or squares[0] in sh.heads:
            body = [sq for sq in sh.body if sq not in sh.caves and sq not in sh.heads]
            raise IllegalAction(_("Two-headed: name one square of {name}'s body for the X (not a cave or the head)")
                                .format(name=s.name) + (_(", like {square}").format(
                                    square=square_text(body[len(body) // 2])) if body else ""))
        sh.split = squares[0]
        return [_("{name} draws the X at {square}: the second head starts there.").format(
            name=s.name, square=square_text(squares[0]))]
    if card == Card.OFFSPRING:
        taken = sh.egg_squares()

        def free(sq: Square) -> bool:
            return g.on(sq) and sq not in sh.body and sq not in taken and not g.object(sq) \
                and not (g.letter(sq) == "r" and not s.has(Card.CLIMBING)) \
                and not (g.letter(sq) == "f" and g.paw and s.length < g.paw)

        bad = [sq for sq in squares if not free(sq)]
        if len(set(squares)) != 3 or bad:
            where = _(" ({square} is not)").format(square=square_text(bad[0])) if bad else ""
            open_ = [(col, row) for row in range(1, g.height + 1) for col in range(1, g.width + 1) if free((col, row))]
            like = ";".join(square_text(open_[k * (len(open_) - 1) // 2]) for k in range(3)) if len(open_) >= 3 else ""
            raise IllegalAction(_("Offspring: name three different free squares where the snake could move or end its "
                                  "move") + where + (_(", like {square}").format(square=like) if like else ""))
        sh.eggs.append(list(squares))
        return [_("{name} draws eggs at {squares}.").format(name=s.name, squares=", ".join(map(square_text, squares)))]
    if squares:
        raise IllegalAction(_("only Two-headed (an X) and Offspring (three eggs) draw marks"))
    return []


def owes_marks(st: State, who: int, card: int) -> bool:
    """A card drawn by Moulting whose marks a digital player still has to draw."""
    return who in st.sheets and card in (Card.TWO_HEADED, Card.OFFSPRING)
