"""What the round's apple card means on each sheet: the coordinates, fresh or rotten, and per snake what differs."""
from __future__ import annotations

from companion.core.language import _, ngettext
from companion.sssnake.actions import Square, square_text, to_dict
from companion.sssnake.deck import Deck, card
from companion.sssnake.display import ability
from companion.sssnake.edition import AppleCard, edition
from companion.sssnake.ground import ground
from companion.sssnake.sheet import cave_room
from companion.sssnake.snake import Card, Snake
from companion.sssnake.state import Phase, State
from companion.sssnake.terrain import cave_blocked, cave_letters, cave_note


def faces(st: State) -> tuple[AppleCard, AppleCard]:
    """The card whose A face is now on top of the A stack, and the card whose B face was just turned."""
    return card(st.deck.order[st.deck.pos]), card(st.deck.order[st.deck.pos - 1])


def current_square(st: State) -> Square:
    a_side, b_side = faces(st)
    return a_side.a, b_side.b


def cave_flip(st: State) -> bool:
    """The first round: one flip per player, each drawing a cave."""
    return st.flips <= len(st.snakes)


def two_halves(deck: Deck, pos: int) -> bool:
    """Whether the faces up after this deck's pos-th flip show two half apples."""
    return card(deck.order[pos]).half_a and card(deck.order[pos - 1]).half_b


def extra_apple(st: State) -> bool:
    """Two half apples face up drop one more apple, except while caves are being placed."""
    return not cave_flip(st) and two_halves(st.deck, st.deck.pos)


def extras_so_far(st: State) -> int:
    """Flips that can have dropped an extra apple: exact for the deck in play (its order is kept), every flip after
    the cave round before its last reshuffle (those orders are gone)."""
    earlier = st.flips - st.deck.pos
    exact = sum(two_halves(st.deck, p) for p in range(1, st.deck.pos + 1) if earlier + p > len(st.snakes))
    return max(0, earlier - len(st.snakes)) + exact


def poisoned(st: State) -> bool:
    """10 Poisonous acts "when you turn over an apple card": only the open round's flipper, the token holder, poisons."""
    return st.phase in (Phase.MOVE, Phase.CHOOSE) and st.snakes[st.first].has(Card.POISONOUS)


def crossed_for(st: State, who: int, sq: Square) -> bool:
    """A square another snake's Thieving crossed out on this sheet: apples falling there are not drawn."""
    return any((c, r) == sq and thief != who for c, r, thief in st.crossed)


def apples_on(st: State, who: int, sq: Square) -> int:
    """Apples drawn on this sheet at the square: one, the extra one, one more per Intuition square holding it."""
    if crossed_for(st, who, sq):
        return 0
    return 1 + extra_apple(st) + st.snakes[who].in_squares(sq)


def move_text(s: Snake) -> str:
    """'moves 3-5 (Elastic; half, after snow)': the range and every reason for it in one bracket."""
    lo, hi = s.move_range()
    why = ([_("Elastic")] if lo != hi else []) + ([_("half, after snow")] if "s" in s.end else
                                                  [_("double, after ice")] if "i" in s.end else [])
    return _("moves {count}").format(count=f"{lo}-{hi}" if lo != hi else lo) + (f" ({'; '.join(why)})" if why else "")


def rejoin_flip(st: State, s: Snake) -> bool:
    """On one of the three flips after the elimination, a cave "instead of an apple": while that flip's round is open."""
    return bool(st.friendship and st.phase == Phase.MOVE and s.out and 1 <= st.flips - s.out <= edition().rejoin_flips)


def can_rejoin(st: State, s: Snake) -> bool:
    """A rejoin the rules apply now: on a rejoin flip and, on a digital sheet, with a square in line with the flip's
    to hold the cave (the companion cannot see a paper sheet: there the player draws it)."""
    who = st.snakes.index(s)
    return rejoin_flip(st, s) and (who not in st.sheets or cave_room(ground(st.land), st.sheets[who],
                                                                      current_square(st), cave_letters(st.land)))


def no_cave_room(st: State, s: Snake) -> str:
    """Why a digital snake on a rejoin flip cannot rejoin on it, and what chances are left, in words."""
    sq, left = current_square(st), edition().rejoin_flips - (st.flips - s.out)
    return (_("no square in line with this flip ({square}) can hold {name}'s cave: {name}'s snake, objects and "
              "ground a cave may not lie on fill its row and column; ").format(square=square_text(sq), name=s.name)
            + (ngettext("{count} more chance to rejoin after this", "{count} more chances to rejoin after this",
                        left).format(count=left) if left else _("this was the last chance to rejoin")))


def cave_hint(st: State, sq: Square) -> str:
    """Where a cave on this square must move, from this edition's sheets; nothing on the boxed game's own."""
    return "" if st.boxed else cave_note(st.land, sq)


def sheet(st: State, who: int, sq: Square) -> dict:
    """One living snake's view of this flip."""
    s = st.snakes[who]
    options = [sq] + ([(sq[1], sq[0])] if s.has(Card.TRICKY) and sq[0] != sq[1] else [])
    lo, hi = s.move_range()
    out = {"name": s.name, "squares": [{"at": list(o), "apples": apples_on(st, who, o)} for o in options],
           "move": [lo, hi], "rotten_counts_fresh": s.has(Card.POISONOUS)}
    if s.has(Card.NOCTURNAL) and st.in_shade(who):
        out["nocturnal"] = [n for n in st.display.face_up() if ability(n).permanent]
    paw = not st.boxed and edition().landscapes[st.land].paw_length  # the boxed sheet prints its own paw
    if paw:
        out["foliage"] = s.length >= paw
    if who in st.reports:  # as reported, for a phone's "correct my report" to start from
        out["report"] = {k: v for k, v in to_dict(st.reports[who]).items() if k not in ("type", "player")}
    return out


def fall_view(st: State) -> dict | None:
    """The open round's flip for --json and for the text lines below; None before the first flip."""
    if not st.flips:
        return None
    sq = current_square(st)
    return {"flip": st.flips, "column": sq[0], "row": sq[1], "extra_apple": extra_apple(st),
            "cave": cave_flip(st),
            "cave_moves_off": cave_blocked(st.land, sq) if cave_flip(st) and not st.boxed else None,
            "rotten": poisoned(st), "sheets": [sheet(st, i, sq) for i in st.movers()] if st.phase == Phase.MOVE else [],
            "rejoin": [s.name for s in st.snakes if can_rejoin(st, s)]}


def fall_lines(st: State, flipper: str) -> list[str]:
    """The flip as the whole table reads it: who flipped, where, what kind, then a line per snake (only what differs
    for each: its move, its abilities' squares; out, rejoining)."""
    v = fall_view(st)
    assert v is not None, "a flip's lines come once a card is flipped"
    sq = (v["column"], v["row"])
    at = dict(name=flipper, col=v["column"], row=v["row"])
    if v["cave"]:
        flips = _("{name} flips column {col}, row {row} ({col},{row}): {name} draws a cave there, everyone else an "
                  "apple.") if len(st.snakes) > 1 else \
            _("{name} flips column {col}, row {row} ({col},{row}): {name} draws a cave there.")
        return [flips.format(**at) + cave_hint(st, sq)]
    kind = (_("{name} flips column {col}, row {row} ({col},{row}): a rotten apple ({name} is Poisonous; fresh "
              "apples already on that square rot too)") if v["rotten"] else
            _("{name} flips column {col}, row {row} ({col},{row}): a fresh apple")).format(**at)
    lines = [kind + (_(" and an extra apple (two half apples): draw it with two stalks.") if v["extra_apple"] else ".")]
    sheets = {sh["name"]: sh for sh in v["sheets"]}
    for s in st.snakes:
        if s.name in sheets:
            lines.append(f"  {s.name}: {move_text(s)}" + "".join(f"; {n}" for n in notes(sheets[s.name], v)))
        elif s.name in v["rejoin"]:
            left = edition().rejoin_flips - (st.flips - s.out)
            lines.append("  " + ngettext("{name}: out; may rejoin: draw a cave at {square} instead of the apple "
                                         "({count} more chance after this)", "{name}: out; may rejoin: draw a cave at "
                                         "{square} instead of the apple ({count} more chances after this)", left).format(
                name=s.name, square=square_text(sq), count=left) + cave_hint(st, sq))
        elif rejoin_flip(st, s):
            lines.append("  " + _("{name}: out; {why}").format(name=s.name, why=no_cave_room(st, s)))
        elif s.out:
            lines.append("  " + _("{name}: out").format(name=s.name))
        else:
            lines.append("  " + _("{name}: rejoined on this flip, moves from the next round").format(name=s.name))
    return lines


def notes(sh: dict, v: dict) -> list[str]:
    """What differs on one moving snake's sheet this flip: Tricky, Intuition, Thieving, Poisonous, Nocturnal, paw."""
    found = []
    if len(sh["squares"]) > 1:
        found.append(_("Tricky: or swap to {square}").format(square=square_text(tuple(sh['squares'][1]['at']))))
    for o in sh["squares"]:
        where = square_text(tuple(o["at"]))
        if o["apples"] == 0:
            found.append(_("{square} is crossed out on your sheet (Thieving): draw nothing there").format(square=where))
        elif o["apples"] > 1 + v["extra_apple"]:
            found.append(_("Intuition: {count} apples on {square}").format(count=o["apples"], square=where))
    if sh["rotten_counts_fresh"] and v["rotten"]:
        found.append(_("rotten apples count as fresh for you"))
    if "nocturnal" in sh:
        found.append(_("starts in shade (Nocturnal): may use {abilities}").format(
            abilities=", ".join(_(ability(n).name) for n in sh["nocturnal"])))
    if sh.get("foliage"):
        found.append(_("long enough for foliage"))
    return found

