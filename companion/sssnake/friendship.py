"""Friendship mode: an eliminated snake may rejoin on the flips after its elimination."""
from __future__ import annotations

from companion.core.engine import IllegalAction
from companion.core.language import _
from companion.sssnake.actions import Rejoin, square_text
from companion.sssnake.edition import edition
from companion.sssnake.fall import can_rejoin, cave_hint, current_square, no_cave_room, rejoin_flip
from companion.sssnake.pencil import rejoined
from companion.sssnake.snake import Snake
from companion.sssnake.state import Phase, State


def may_yet_rejoin(st: State, s: Snake) -> bool:
    """An eliminated snake with one of its three flips still to come (Friendship mode)."""
    return st.friendship and bool(s.out) and st.flips < s.out + edition().rejoin_flips


def rejoin(st: State, r: Rejoin) -> list[str]:
    s = st.snakes[st.index(r.player)]
    if not st.friendship:
        raise IllegalAction(_("rejoining is for Friendship mode, chosen when the game is set up"))
    if not s.out:
        raise IllegalAction(_("{name} is still in the game").format(name=s.name))
    if st.phase in (Phase.FLIP, Phase.CHOOSE) and st.flips + 1 - s.out <= edition().rejoin_flips:
        raise IllegalAction(_("{name} rejoins by drawing a cave instead of a flip's apple, while its round is open: "
                              "after the next flip").format(name=s.name))
    if not rejoin_flip(st, s):
        raise IllegalAction(_("{name} may rejoin only on the {count} flips after the elimination (flips "
                              "{first}-{last}; this is flip {flip})").format(
            name=s.name, count=edition().rejoin_flips, first=s.out + 1, last=s.out + edition().rejoin_flips,
            flip=st.flips))
    if not can_rejoin(st, s):
        raise IllegalAction(no_cave_room(st, s))
    s.out, s.end, s.joined = 0, "", st.flips
    s.rejoins += 1
    drawn = rejoined(st, st.snakes.index(s), r.cave)
    sq = current_square(st)
    return [_("{name} rejoins: draw a cave at {square}, colour {circles} circles rotten; length stays {length}, "
              "moving from next round.").format(name=s.name, square=square_text(sq),
                                                circles=edition().rejoin_rotten_circles, length=s.length)
            + cave_hint(st, sq)] + drawn
