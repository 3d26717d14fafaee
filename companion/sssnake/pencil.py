"""What the companion draws on the digital players' sheets when the table acts: caves and apples at each flip, the
cave of a snake rejoining, crossings-out at the end of a round, the egg a snake hatches from."""
from __future__ import annotations

from companion.engine import IllegalAction
from companion.sssnake.actions import Square, square_text
from companion.sssnake.edition import edition
from companion.sssnake.fall import apples_on, current_square, poisoned
from companion.sssnake.ground import ground
from companion.sssnake.sheet import Sheet
from companion.sssnake.snake import Card
from companion.sssnake.state import State
from companion.sssnake.terrain import CAVE_GROUND


def new_sheet(land: str) -> Sheet:
    """An empty sheet of this edition's landscape, with the apples FoxTrail prints on it."""
    g, sh = ground(land), Sheet()
    for sq in g.fresh:
        sh.drop(g, sq, 1, rotten=False)
    for sq in g.rotten:
        sh.drop(g, sq, 1, rotten=True)
    return sh


def cave_letters(land: str) -> str:
    """Terrain a cave may lie on: grassland only on FoxTrail (the Fox), else grassland, sand or snow."""
    return "g" if edition().landscapes[land].feature == "fox" else CAVE_GROUND


def cave_flip(st: State) -> list[str]:
    """The cave round's flip: the flipper's cave on their sheet, an apple on everyone else's (no extra apple)."""
    sq, flipper = current_square(st), st.first
    lines = []
    for i, sh in st.sheets.items():
        if i == flipper:
            at = sh.draw_cave(ground(st.land), sq, cave_letters(st.land))
            if at != sq:
                lines.append(f"  {st.snakes[i].name}'s cave moves to {square_text(at)} (digital sheet).")
        else:
            sh.drop(ground(st.land), sq, 1, rotten=False)
    return lines


def apple_flip(st: State) -> None:
    """A round's flip: each digital sheet holds the apple(s) falling at the card's square until its player moves
    (Tricky may swap the coordinates; a snake rejoining draws a cave instead), or the round ends."""
    sq = current_square(st)
    for i, sh in st.sheets.items():
        sh.pending = [sq[0], sq[1], apples_on(st, i, sq), int(poisoned(st))]


def place_pending(st: State, who: int, swap: bool = False) -> Square | None:
    """Draw the round's apple(s) on one digital sheet: at the card's square or, Tricky, swapped; counted there
    (the extra apple, Intuition squares, a crossed-out square draws nothing); where they came to rest."""
    sh = st.sheets[who]
    if not sh.pending:
        if swap:
            raise IllegalAction("the apple of this round is already drawn: Tricky swaps it when the snake moves")
        return None
    col, row, _, rotten = sh.pending
    if swap and not st.snakes[who].has(Card.TRICKY):
        raise IllegalAction(f"{st.snakes[who].name} is not Tricky (card 6): the apple falls where the card says")
    sq = (row, col) if swap else (col, row)
    sh.pending = None
    return sh.drop(ground(st.land), sq, apples_on(st, who, sq), bool(rotten))


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


def rejoined(st: State, who: int) -> None:
    """Friendship mode: a digital snake rejoining draws its cave at the flip's square instead of the apple."""
    if who in st.sheets:
        sh = st.sheets[who]
        sh.pending = None
        sh.split = None
        sh.draw_cave(ground(st.land), current_square(st), cave_letters(st.land))


def marks(st: State, who: int, card: int, squares: tuple[Square, ...]) -> list[str]:
    """Two-headed's X on the snake's body, Offspring's three eggs where the snake could move or end; only digital
    sheets take marks (a paper player draws them)."""
    s = st.snakes[who]
    if who not in st.sheets:
        if squares:
            raise IllegalAction(f"{s.name} plays on paper: draw the marks on the sheet; only a digital sheet takes them")
        return []
    sh, g = st.sheets[who], ground(st.land)
    if card == Card.TWO_HEADED:
        if len(squares) != 1 or squares[0] not in sh.body or squares[0] in sh.caves or squares[0] in sh.heads:
            raise IllegalAction(f"Two-headed: name one square of {s.name}'s body for the X (not a cave or the head), "
                                "like 5,7")
        sh.split = squares[0]
        return [f"{s.name} draws the X at {square_text(squares[0])}: the second head starts there."]
    if card == Card.OFFSPRING:
        taken = sh.egg_squares()
        bad = [sq for sq in squares if not g.on(sq) or sq in sh.body or sq in taken or g.object(sq)
               or (g.letter(sq) == "r" and not s.has(Card.CLIMBING))
               or (g.letter(sq) == "f" and g.paw and s.length < g.paw)]
        if len(set(squares)) != 3 or bad:
            where = f" ({square_text(bad[0])} is not)" if bad else ""
            raise IllegalAction("Offspring: name three different free squares where the snake could move or end its "
                                f"move{where}, like 2,2;9,4;14,12")
        sh.eggs.append(list(squares))
        return [f"{s.name} draws eggs at {', '.join(map(square_text, squares))}."]
    if squares:
        raise IllegalAction("only Two-headed (an X) and Offspring (three eggs) draw marks")
    return []


def owes_marks(st: State, who: int, card: int) -> bool:
    """A card drawn by Moulting whose marks a digital player still has to draw."""
    return who in st.sheets and card in (Card.TWO_HEADED, Card.OFFSPRING)
