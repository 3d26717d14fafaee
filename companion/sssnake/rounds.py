"""The round structure: cave flips, then flip, report, grow, develop, pass the token; and the end of play."""
from __future__ import annotations

from companion.engine import IllegalAction, chance
from companion.sssnake import scoring
from companion.sssnake.actions import ENDINGS, Flip, Place, Rejoin, Report, Square, Take, square_text
from companion.sssnake.deck import Deck
from companion.sssnake.display import ability, allowed
from companion.sssnake.edition import edition
from companion.sssnake.fall import cave_flip, current_square, extras_so_far, fall_lines, poisoned
from companion.sssnake.snake import POISONOUS, Snake
from companion.sssnake.state import State
from companion.sssnake.terrain import cave_note, endings_on

THIEVING, MOULTING, INTUITION, OFFSPRING, TWO_HEADED = 9, 14, 15, 16, 13
SQUARE_REACH = 12  # a 5x5 square's top-left corner must leave room for it on the 16x16 sheet


def roll(st: State):
    """The next chance event's generator; the step counter lives in the state so a resumed game rolls the same."""
    st.step += 1
    return chance(st.seed, st.step - 1)


def waiting(st: State) -> list[str]:
    """Who still has to report this round."""
    return [st.snakes[i].name for i in st.movers() if i not in st.reports]


def blocked(st: State) -> str:
    """Why the game cannot move on to the next flip yet, naming the command that would."""
    if st.phase == "o":
        return "the game is over; see `companion sssnake score`"
    if st.phase == "m":
        return (f"the round is not finished: waiting for {', '.join(waiting(st))} to report "
                "(`companion sssnake report NAME ...`)")
    if st.placing:
        name = st.snakes[st.placing[0]].name
        return f"{name} places the Intuition square: `companion sssnake place {name} COL,ROW`"
    if st.choosers:
        name = st.snakes[st.choosers[0]].name
        return (f"{name} chooses an ability: `companion sssnake take {name} CARD`; "
                f"face up: {st.display.listing()}")
    return ""


def flip(st: State, _: Flip) -> list[str]:
    if blocked(st):
        raise IllegalAction(f"no flip now: {blocked(st)}")
    messages = []
    if st.deck.exhausted:
        st.deck = Deck.shuffled(roll(st))
        messages.append("The apple deck is used up: all 16 cards are shuffled and the A stack restarts.")
    st.deck = st.deck.flip()
    st.flips += 1
    flipper = st.snakes[st.first]
    if cave_flip(st):
        flipper.cave = True
        messages += fall_lines(st, flipper.name)
        pass_token(st)
        st.phase = "c" if not all(s.cave for s in st.snakes) else "f"
        if st.phase == "f":
            messages.append(f"Every snake has its cave. Next: {st.snakes[st.first].name} flips and everyone moves.")
        return messages
    st.phase = "m"
    st.rotted = st.rotted or poisoned(st)
    messages += fall_lines(st, flipper.name)
    messages += rejoin_chances(st)
    return messages


def rejoin_chances(st: State) -> list[str]:
    """Friendship mode: on each of the next three flips an eliminated snake may draw a cave instead of an apple."""
    lines = []
    for s in st.snakes:
        if can_rejoin(st, s):
            left = edition().rejoin_flips - (st.flips - s.out)
            lines.append(f"  {s.name} may rejoin: draw a cave at {square_text(current_square(st))} "
                         f"(`companion sssnake rejoin {s.name}`; {left} more chance(s) after this)")
    return lines


def can_rejoin(st: State, s: Snake) -> bool:
    """On one of the three flips after the elimination, a cave "instead of an apple": while that flip's round is open."""
    return st.friendship and st.phase == "m" and s.out and 1 <= st.flips - s.out <= edition().rejoin_flips


def rotten_possible(st: State) -> bool:
    """Rotten apples come from an apple card a Poisonous snake turned, or lie printed on the FoxTrail sheet."""
    return st.land == "foxtrail" or st.rotted


def apples_possible(st: State, s: Snake) -> int:
    """The most apples a sheet can have held: one per flip but the snake's own cave flips (its first, each rejoin);
    the extra apples (two half apples, never in the cave round); one per Intuition square per flip from the second
    after the cave round (the earliest a square can be drawn); FoxTrail's printed apples."""
    printed = edition().landscapes[st.land].extra
    intuition = len(s.squares) * max(0, st.flips - len(st.snakes) - 1)
    return (st.flips - int(s.cave) - s.rejoins + extras_so_far(st) + intuition
            + len(printed.get("fresh_apples", ())) + len(printed.get("rotten_apples", ())))


def report(st: State, r: Report) -> list[str]:
    who = st.index(r.player)
    s = st.snakes[who]
    if st.phase == "c":
        raise IllegalAction("nobody moves in the cave round: flip until every snake has its cave "
                            "(`companion sssnake flip`)")
    if st.phase != "m":
        why = blocked(st) or "flip the round's apple card first (`companion sssnake flip`)"
        raise IllegalAction(f"no reports now: {why}")
    if who not in st.movers():
        why = "rejoined on this flip and moves from the next round" if s.joined == st.flips else "is out of the game"
        raise IllegalAction(f"{s.name} {why}; waiting for: {', '.join(waiting(st))}")
    if who in st.reports:
        raise IllegalAction(f"{s.name} already reported this round; `companion sssnake undo` to change it")
    check_counts(st, s, r)
    st.reports[who] = Report(s.name, r.fresh, r.rotten, r.golden, r.end, r.out, r.stole)
    if waiting(st):
        return [f"{s.name} reported; waiting for {', '.join(waiting(st))}."]
    return [f"{s.name} reported."] + close(st)


def check_counts(st: State, s: Snake, r: Report) -> None:
    if r.fresh < 0 or r.rotten < 0:
        raise IllegalAction(f"apples eaten cannot be negative (fresh {r.fresh}, rotten {r.rotten})")
    most = apples_possible(st, s)
    if s.track.count("f") + s.track.count("r") + r.fresh + r.rotten > most:
        eaten = len(s.track) - s.golden
        raise IllegalAction(f"{r.fresh + r.rotten} apples this round is more than {s.name}'s sheet can have had: "
                            f"at most {most} in all so far, {eaten} already eaten, so at most {most - eaten} now")
    if r.rotten and not rotten_possible(st):
        raise IllegalAction("no rotten apple can be on the sheets: no Poisonous snake has turned an apple card "
                            "and this is not FoxTrail")
    gold = edition().landscapes[st.land].golden_apples
    for g in r.golden:
        if g not in gold:
            listed = " ".join(square_text(x) for x in gold) or "none on this landscape"
            raise IllegalAction(f"there is no golden apple at {square_text(g)}; golden apples: {listed}")
        if gold.index(g) in st.golden_gone:
            raise IllegalAction(f"the golden apple at {square_text(g)} was eaten in an earlier round")
    if len(set(r.golden)) != len(r.golden):
        raise IllegalAction("each golden apple can be eaten once; a square is listed twice")
    if set(r.end) - set(ENDINGS.values()):
        raise IllegalAction(f"unknown ending {r.end!r}; use letters s (snow), i (ice), h (shade)")
    if "s" in r.end and "i" in r.end:
        raise IllegalAction("a move ends on one square: snow or ice, not both")
    sheet = endings_on(st.land)
    absent = [name for name, ch in ENDINGS.items() if ch in r.end and name not in sheet]
    if absent:
        raise IllegalAction(f"{edition().landscapes[st.land].name} has no {absent[0]} to end on; its sheet has "
                            + (", ".join(sheet) or "none of snow, ice, shade"))
    if r.stole and not s.has(THIEVING):
        raise IllegalAction(f"{s.name} does not have Thieving (card 9), so crosses out nothing")
    if r.stole and not r.fresh:
        raise IllegalAction("Thieving works when the move ends on fresh apples; report them with --fresh")


def close(st: State) -> list[str]:
    """End of the round: eliminate or hatch (which decides the end), settle golden ties, grow, queue abilities."""
    order = [i for i in st.clockwise() if i in st.reports]
    lines = [out_or_hatch(st, st.snakes[i]) for i in order if st.reports[i].out]
    final = over(st)  # eliminations decide it; nobody chooses an ability after the end
    claimed: dict[Square, str] = {}
    for i in order:
        r, s = st.reports[i], st.snakes[i]
        if r.out:
            continue
        kept = []
        for g in r.golden:
            if g in claimed:
                lines.append(f"{s.name} reached golden apple {square_text(g)} too, but {claimed[g]} comes "
                             f"first from the first player clockwise: nothing for {s.name}.")
            else:
                claimed[g] = s.name
                kept.append(g)
        lines += grow(st, i, r, kept, final)
    st.reports = {}
    if final:
        return lines + finish(st)
    settle(st)
    return lines + ([blocked(st) + "."] if st.phase == "a" else
                    [f"Round over. {st.snakes[st.first].name} has the first-player token and flips next."])


def over(st: State) -> bool:
    """End of play: the last-but-one is out (all, solo); in Friendship mode not while one of them may yet rejoin."""
    living = sum(not s.out for s in st.snakes)
    if living == 0:
        return True
    return living == 1 and len(st.snakes) > 1 and not any(may_yet_rejoin(st, s) for s in st.snakes)


def may_yet_rejoin(st: State, s: Snake) -> bool:
    """An eliminated snake with one of its three flips still to come (Friendship mode)."""
    return st.friendship and bool(s.out) and st.flips < s.out + edition().rejoin_flips


def out_or_hatch(st: State, s: Snake) -> str:
    """Eliminated: an unused Offspring egg hatches (same length), else the snake is out; this round is not circled."""
    if s.eggs:
        s.eggs_used += 1
        s.end = ""
        return f"{s.name} hatches from an egg: same length {s.length}, cross out the other two eggs; no circles this round."
    s.out = st.flips
    return f"{s.name} is eliminated at length {s.length}; apples of this round are not circled."


def grow(st: State, i: int, r: Report, golden: list[Square], final: bool) -> list[str]:
    """One circle per apple: single fresh, coloured rotten (fresh for a Poisonous snake), double golden; thresholds
    crossed owe abilities unless the game ends with this round (`final`)."""
    s = st.snakes[i]
    before = s.length
    s.track += "f" * r.fresh + ("f" if s.has(POISONOUS) else "r") * r.rotten + "g" * len(golden)
    s.end = r.end
    gold = edition().landscapes[st.land].golden_apples
    st.golden_gone += [gold.index(g) for g in golden]
    lines = []
    if golden:
        lines.append(f"{s.name} takes golden apple(s) {' '.join(square_text(g) for g in golden)}: "
                     "everyone else crosses them out.")
    if r.stole:
        st.crossed.append((*r.stole, i))
        lines.append(f"{s.name} steals at {square_text(r.stole)}: everyone else crosses out the apples there.")
    crossed = [] if final else [t for t in edition().ability_thresholds if before < t <= s.length]
    st.choosers += [i] * len(crossed)
    if s.length != before:
        top = edition().track_max
        wrap = " (past the track's maximum: circle again from 1)" if (before - 1) // top != (s.length - 1) // top else ""
        gains = "an ability" if len(crossed) == 1 else f"{len(crossed)} abilities"
        lines.append(f"{s.name} grows {before} -> {s.length}{wrap}"
                     + (f", reaching {', '.join(map(str, crossed))}: gains {gains}" if crossed else "") + ".")
    return lines


def settle(st: State) -> None:
    """Choices owed keep the round open; otherwise the token passes clockwise."""
    if st.choosers or st.placing:
        st.phase = "a"
    else:
        st.phase = "f"
        pass_token(st)


def pass_token(st: State) -> None:
    """Clockwise to the next player still in the game (the solo player keeps it)."""
    n = len(st.snakes)
    for k in range(1, n + 1):
        nxt = (st.first + k) % n
        if not st.snakes[nxt].out:
            st.first = nxt
            return


def finish(st: State) -> list[str]:
    st.phase, st.choosers, st.placing = "o", [], []
    lines = ["The game is over."]
    for place, sc in scoring.standings(st.snakes):
        lines.append(f"  {place}. {sc.name}: {sc.total} points")
    if len(st.snakes) == 1:
        lines.append(f"  {scoring.solo_rank(scoring.scores(st.snakes)[0].total)}")
    return lines


def take(st: State, t: Take) -> list[str]:
    who = st.index(t.player)
    s = st.snakes[who]
    if not st.choosers:
        reach = ", ".join(map(str, edition().ability_thresholds))
        why = blocked(st) or f"a snake gains one on reaching {reach}; next comes a flip (`companion sssnake flip`)"
        raise IllegalAction(f"nobody is owed an ability now: {why}")
    if st.choosers[0] != who:
        order = ", ".join(st.snakes[i].name for i in st.choosers)
        raise IllegalAction(f"it is {st.snakes[st.choosers[0]].name}'s turn to choose (in turn: {order})")
    display = st.display.take(t.card)  # refuses unknown and face-down cards
    card = ability(t.card)
    fresh = [n for n in st.display.face_up() if not (s.has(n) and ability(n).permanent)]
    if card.permanent and s.has(t.card) and fresh:
        raise IllegalAction(f"{s.name} already has {t.card} {card.name}; pick another face-up card: "
                            + ", ".join(f"{n} {ability(n).name}" for n in fresh))
    if (t.card == INTUITION) != (t.corner is not None):
        raise IllegalAction("Intuition needs its 5x5 square's top-left corner (--corner COL,ROW, each 1-12)"
                            if t.card == INTUITION else "only Intuition takes a --corner")
    if t.corner:
        check_corner(t.corner)
    st.display = display
    st.choosers.pop(0)
    s.gained.append(t.card)
    lines = [f"{s.name} takes {t.card} {card.name} ({card.kind})."]
    if t.corner:
        s.squares.append(t.corner)
    lines += single_use(st, who, t.card)
    settle(st)
    return lines + ([blocked(st)] if blocked(st) else [])


def single_use(st: State, who: int, number: int) -> list[str]:
    """Lightning cards act at once: Moulting draws from the box; the others are drawn on the sheet."""
    s = st.snakes[who]
    if number == MOULTING:
        box = [n for n in allowed(edition().landscapes[st.land], len(st.snakes))
               if n not in st.display.cards and n not in s.moulted]
        if not box:
            return [f"Moulting: the box holds no card {s.name} may draw."]
        drawn = roll(st).choice(box)
        s.moulted.append(drawn)
        if drawn == INTUITION:
            st.placing.append(who)
        return [f"Moulting draws {drawn} {ability(drawn).name}: write it next to Moulting."] + \
            single_use(st, who, drawn)
    return {TWO_HEADED: [f"{s.name}: draw an X on your snake where it forks."],
            INTUITION: [f"{s.name}: draw the 5x5 Intuition square."],
            OFFSPRING: [f"{s.name}: draw three eggs where your snake could move or end."]}.get(number, [])


def check_corner(corner: Square) -> None:
    if max(corner) > SQUARE_REACH:
        raise IllegalAction(f"a 5x5 square from {square_text(corner)} leaves the sheet; corner column and row 1-12")


def place(st: State, p: Place) -> list[str]:
    who = st.index(p.player)
    if who not in st.placing:
        raise IllegalAction(f"{st.snakes[who].name} has no Intuition square to place")
    check_corner(p.corner)
    st.placing.remove(who)
    st.snakes[who].squares.append(p.corner)
    settle(st)
    return [f"{st.snakes[who].name} places an Intuition square at {square_text(p.corner)}."] + \
        ([blocked(st)] if blocked(st) else [])


def rejoin(st: State, r: Rejoin) -> list[str]:
    s = st.snakes[st.index(r.player)]
    if not st.friendship:
        raise IllegalAction("rejoining is for Friendship mode (`new ... --friendship`)")
    if not s.out:
        raise IllegalAction(f"{s.name} is still in the game")
    if st.phase in "fa" and st.flips + 1 - s.out <= edition().rejoin_flips:
        raise IllegalAction(f"{s.name} rejoins by drawing a cave instead of a flip's apple, while its round is open: "
                            "after the next flip (`companion sssnake flip`)")
    if not can_rejoin(st, s):
        raise IllegalAction(f"{s.name} may rejoin only on the {edition().rejoin_flips} flips after the elimination"
                            f" (flips {s.out + 1}-{s.out + edition().rejoin_flips}; this is flip {st.flips})")
    s.out, s.end, s.joined = 0, "", st.flips
    s.rejoins += 1
    sq = current_square(st)
    return [f"{s.name} rejoins: draw a cave at {square_text(sq)}, colour {edition().rejoin_rotten_circles} circles "
            f"rotten; length stays {s.length}, moving from next round.{cave_note(st.land, sq)}"]


RULES = {Flip: flip, Report: report, Take: take, Place: place, Rejoin: rejoin}
