"""What one turn's move may use (its length, the abilities in play, the golden apples left): shared by the digital
sheet's move, the path search and the computer's snake."""
from __future__ import annotations

from companion.sssnake.display import ability
from companion.sssnake.reports import golden_left
from companion.sssnake.snake import Card, Snake
from companion.sssnake.state import State
from companion.sssnake.walk import Turn


def turn(st: State, s: Snake, borrow: int = 0, bumped: bool = False) -> Turn:
    """What this turn's move may use; a borrowed card (Nocturnal) acts as if gained, Elastic stretching by the
    abilities actually gained."""
    lo, hi = s.move_range()
    if borrow == Card.ELASTIC and not s.has(Card.ELASTIC):
        spread = len(s.abilities)
        lo, hi = max(1, lo - spread), hi + spread
    return Turn(s.length, lo, hi, set(s.abilities) | ({borrow} if borrow else set()), golden_left(st), bumped)


def loans(st: State, who: int) -> list[int]:
    """The cards a Nocturnal snake may borrow this turn, when it may begin the turn in shade: the face-up permanent
    ones it has not gained (one it has adds nothing)."""
    s = st.snakes[who]
    if not s.has(Card.NOCTURNAL) or not st.in_shade(who):
        return []
    return [n for n in st.display.face_up() if ability(n).permanent and not s.has(n)]
