"""The round structure: cave flips, then flip, report, grow, develop, pass the token; and the end of play."""
from __future__ import annotations

from companion.engine import IllegalAction, chance
from companion.sssnake import scoring
from companion.sssnake.actions import ENDINGS, Fix, Flip, Place, Rejoin, Report, Round, Square, Take, square_text
from companion.sssnake.deck import Deck
from companion.sssnake.display import ability, allowed
from companion.sssnake.edition import edition
from companion.sssnake.fall import can_rejoin, cave_flip, cave_hint, current_square, extras_so_far, fall_lines, \
    plural, poisoned
from companion.sssnake.snake import Card, Snake
from companion.sssnake.state import State
from companion.sssnake.terrain import endings_on

SQUARE_REACH = 12  # a 5x5 square's top-left corner must leave room for it on the 16x16 sheet


def roll(st: State):
    """The next chance event's generator; the step counter lives in the state so a resumed game rolls the same."""
    st.step += 1
    return chance(st.seed, st.step - 1)


def waiting(st: State) -> list[str]:
    """Who still has to report this round."""
    return [st.snakes[i].name for i in st.movers() if i not in st.reports]


def next_step(st: State) -> dict:
    """What the game waits for, as data each interface words its own way: `step` (flip, report, choose, place,
    over) and who; a flip says whether it places a cave (or is the first after the caves), a report who may rejoin,
    a choice the face-up cards and who chooses after."""
    if st.phase == "o":
        return {"step": "over"}
    if st.phase == "m":
        return {"step": "report", "players": waiting(st),
                "rejoin": [s.name for s in st.snakes if can_rejoin(st, s)]}
    if st.placing:
        return {"step": "place", "player": st.snakes[st.placing[0]].name}
    if st.choosers:
        return {"step": "choose", "player": st.snakes[st.choosers[0]].name,
                "after": [st.snakes[i].name for i in st.choosers[1:]], "cards": st.display.face_up()}
    return {"step": "flip", "player": st.snakes[st.first].name, "cave": st.flips < len(st.snakes),
            "first": st.flips == len(st.snakes)}  # the first apple card after the cave round


def blocked(st: State) -> str:
    """Why the game cannot take a flip yet, in words without any interface's commands; empty when it can."""
    nxt = next_step(st)
    return {"over": "the game is over",
            "report": f"the round is not finished: waiting for {', '.join(nxt.get('players', ()))} to report",
            "place": f"{nxt.get('player')} places the Intuition square first",
            "choose": f"{nxt.get('player')} chooses an ability first; face up: {st.display.listing()}",
            }.get(nxt["step"], "")


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
        if st.phase == "f" and len(st.snakes) > 1:
            messages.append("Every snake has its cave: from the next flip on, everyone moves.")
        return messages
    st.phase = "m"
    st.rotted = st.rotted or poisoned(st)
    return messages + fall_lines(st, flipper.name)


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


def report(st: State, r: Report) -> list[str]:
    """One player's report; the last of the round closes it."""
    name = st.snakes[accept(st, r)].name
    if waiting(st):
        return [f"{name} reported; waiting for {', '.join(waiting(st))}."]
    return [f"{name} reported."] + close(st)




def round_open(st: State) -> None:
    """Reports and corrections come while the round's moves are open, after its flip."""
    if st.phase == "c":
        raise IllegalAction("nobody moves in the cave round: flip until every snake has its cave")
    if st.phase != "m":
        raise IllegalAction(f"no reports now: {blocked(st) or 'the round starts with a flip'}")


def accept(st: State, r: Report) -> int:
    """Check one player's report and keep it with the round's others (the round closes elsewhere); the player's
    number."""
    round_open(st)
    who = st.index(r.player)
    s = st.snakes[who]
    if who not in st.movers():
        why = "rejoined on this flip and moves from the next round" if s.joined == st.flips else "is out of the game"
        raise IllegalAction(f"{s.name} {why}; waiting for: {', '.join(waiting(st))}")
    if who in st.reports:
        raise IllegalAction(f"{s.name} already reported this round; a fix of {s.name}'s report corrects it")
    check_counts(st, s, r)
    st.reports[who] = Report(*(getattr(r, f) for f in Report._fields))._replace(player=s.name)
    return who


def fix(st: State, f: Fix) -> list[str]:
    """A correction of a report in the open round: the player's whole report again; the later reports stay."""
    from companion.sssnake.roundline import clause_text

    round_open(st)
    who = st.index(f.player)
    if who not in st.reports:
        name = st.snakes[who].name
        raise IllegalAction(f"{name} has not reported this round, so there is nothing to correct; report instead"
                            if who in st.movers() else f"{name} does not move this round, so has no report to correct")
    was = st.reports.pop(who)
    accept(st, f)
    return [f"{was.player}'s report corrected: {clause_text(st.reports[who])} (was {clause_text(was)})."] + \
        ([f"Waiting for {', '.join(waiting(st))}."] if waiting(st) else [])


def round_line(st: State, r: Round) -> tuple[list[str], Round]:
    """A round in one line: rejoins, then each named player's report; unless the line ends with `...`, everyone
    still moving and not named reports nothing. Logged with every clause spelled out."""
    from companion.sssnake.roundline import clause_text, line_text, parse, report as clause_report

    round_open(st)
    clauses, wait = parse(r.line, [s.name for s in st.snakes])
    messages, rejoined, reports = [], [], []
    for clause in clauses:
        name = clause["player"]
        try:
            if clause.get("rejoin"):
                if len(clause) > 2:
                    raise IllegalAction(f"{name} rejoins on this flip and moves from the next round: nothing else to "
                                        "report")
                messages += rejoin(st, Rejoin(name))
                rejoined.append(name)
            else:
                reports.append(st.reports[accept(st, clause_report(clause))])
        except IllegalAction as exc:
            raise IllegalAction(str(exc) if str(exc).startswith(name) else f"{name}: {exc}") from None
    for i in [] if wait else st.movers():
        if i not in st.reports:
            reports.append(st.reports[accept(st, Report(st.snakes[i].name))])
    logged = Round(line_text(rejoined, reports, wait and bool(waiting(st))))
    heard = f"Reported: {', '.join(clause_text(rep) for rep in reports) or 'nobody'}"
    if waiting(st):
        return messages + [f"{heard}; waiting for {', '.join(waiting(st))}."], logged
    return messages + [f"{heard}."] + close(st), logged


def check_counts(st: State, s: Snake, r: Report) -> None:
    if min(r.fresh, r.rotten, r.golden_count) < 0:
        raise IllegalAction(f"apples eaten cannot be negative (fresh {r.fresh}, rotten {r.rotten}"
                            + (f", golden {r.golden_count})" if r.golden_count else ")"))
    room = apple_room(st, s)
    if room is not None and r.fresh + r.rotten > room:
        eaten = len(s.track) - s.golden
        raise IllegalAction(f"{r.fresh + r.rotten} apples this round is more than {s.name}'s sheet can have had: "
                            f"at most {room + eaten} in all so far, {eaten} already eaten, so at most {room} now")
    if r.rotten and not rotten_possible(st):
        raise IllegalAction("no rotten apple can be on the sheets: no Poisonous snake has turned an apple card "
                            "and this is not FoxTrail")
    check_golden(st, r)
    if set(r.end) - set(ENDINGS.values()):
        raise IllegalAction(f"unknown ending {r.end!r}; use letters s (snow), i (ice), h (shade)")
    if not one_square(r.end):
        raise IllegalAction("a move ends on one square: snow or ice, not both")
    sheet = sheet_endings(st)
    absent = [name for name, ch in ENDINGS.items() if ch in r.end and name not in sheet]
    if absent:
        raise IllegalAction(f"{edition().landscapes[st.land].name} has no {absent[0]} to end on; its sheet has "
                            + (", ".join(sheet) or "none of snow, ice, shade"))
    if r.stole and not s.has(Card.THIEVING):
        raise IllegalAction(f"{s.name} does not have Thieving (card 9), so crosses out nothing")
    if r.stole and not r.fresh:
        raise IllegalAction("Thieving works when the move ends on fresh apples; report them as fresh apples eaten")


def apple_room(st: State, s: Snake) -> int | None:
    """Fresh and rotten apples the snake may report now: what its sheet can have held less what it has eaten (None:
    no bound known)."""
    most = apples_possible(st, s)
    return None if most is None else most - s.track.count("f") - s.track.count("r")


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
    left = " ".join(square_text(g) for g in golden_left(st)) or "none"
    if (r.golden or r.golden_count) and not gold:
        raise IllegalAction(f"golden apples lie only on Fjord, not on {edition().landscapes[st.land].name}")
    if st.boxed and r.golden:
        raise IllegalAction("on the boxed game's sheets golden apples are counted, not placed: g for one, 2g for two")
    if r.golden_count and not st.boxed:
        raise IllegalAction(f"say where each golden apple lay, like g4,12; golden apples left: {left}")
    for g in r.golden:
        if g not in gold:
            raise IllegalAction(f"there is no golden apple at {square_text(g)}; golden apples left: {left}")
        if gold.index(g) in st.golden_gone:
            raise IllegalAction(f"the golden apple at {square_text(g)} was eaten in an earlier round; golden apples "
                                f"left: {left}")
    if len(set(r.golden)) != len(r.golden):
        raise IllegalAction("each golden apple can be eaten once; a square is listed twice")


def sheet_endings(st: State) -> dict[str, str]:
    """The endings a sheet can show: from this edition's map, or, on the boxed game's sheets, whatever the player
    says."""
    return ENDINGS if st.boxed else endings_on(st.land)


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
    if st.phase == "a":
        return lines
    return lines + ["Round over." + (f" {st.snakes[st.first].name} takes the first-player token."
                                     if len(st.snakes) > 1 else "")]


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
    eaten = len(golden) + r.golden_count
    s.track += "f" * r.fresh + ("f" if s.has(Card.POISONOUS) else "r") * r.rotten + "g" * eaten
    s.end = r.end
    gold = edition().landscapes[st.land].golden_apples
    st.golden_gone += [gold.index(g) for g in golden]
    others = len(st.snakes) > 1  # solo: nobody else has a sheet to cross anything out on
    lines = []
    if eaten:
        what = (f"golden {plural(eaten, 'apple')} {' '.join(square_text(g) for g in golden)}" if golden
                else f"{eaten} golden {plural(eaten, 'apple')}")
        lines.append(f"{s.name} takes {what}"
                     + (f": everyone else crosses {'it' if eaten == 1 else 'them'} out." if others else "."))
    if r.stole:
        st.crossed.append((*r.stole, i))
        lines.append(f"{s.name} steals at {square_text(r.stole)}"
                     + (": everyone else crosses out the apples there." if others else "."))
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
        why = blocked(st) or f"a snake gains one on reaching {reach}; next comes a flip"
        raise IllegalAction(f"nobody is owed an ability now: {why}")
    if st.choosers[0] != who:
        order = ", ".join(st.snakes[i].name for i in st.choosers)
        raise IllegalAction(f"it is {st.snakes[st.choosers[0]].name}'s turn to choose (in turn: {order})")
    display = st.display.take(t.card)  # refuses unknown and face-down cards
    card = ability(t.card)
    fresh = new_cards(st, s)
    if card.permanent and s.has(t.card) and fresh:
        raise IllegalAction(f"{s.name} already has {t.card} {card.name}; pick another face-up card: "
                            + ", ".join(f"{n} {ability(n).name}" for n in fresh))
    if (t.card == Card.INTUITION) != (t.corner is not None):
        raise IllegalAction("Intuition needs its 5x5 square's top-left corner (COL,ROW, each 1-12)"
                            if t.card == Card.INTUITION else "only Intuition takes a corner square")
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
    return lines


def new_cards(st: State, s: Snake) -> list[int]:
    """Face-up cards the snake does not hold as a permanent ability: while there is one, it must take one of them."""
    return [n for n in st.display.face_up() if not (s.has(n) and ability(n).permanent)]


def single_use(st: State, who: int, number: int) -> list[str]:
    """Lightning cards act at once: Moulting draws from the box; the others are drawn on the sheet."""
    s = st.snakes[who]
    if number == Card.MOULTING:
        box = [n for n in allowed(edition().landscapes[st.land], len(st.snakes))
               if n not in st.display.cards and n not in s.moulted]
        if not box:
            return [f"Moulting: the box holds no card {s.name} may draw."]
        drawn = roll(st).choice(box)
        s.moulted.append(drawn)
        if drawn == Card.INTUITION:
            st.placing.append(who)
        return [f"Moulting draws {drawn} {ability(drawn).name}: write it next to Moulting."] + \
            single_use(st, who, drawn)
    return {Card.TWO_HEADED: [f"{s.name}: draw an X on your snake where it forks."],
            Card.INTUITION: [f"{s.name}: draw the 5x5 Intuition square."],
            Card.OFFSPRING: [f"{s.name}: draw three eggs where your snake could move or end."]}.get(number, [])


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
    return [f"{st.snakes[who].name} places an Intuition square at {square_text(p.corner)}."]


def rejoin(st: State, r: Rejoin) -> list[str]:
    s = st.snakes[st.index(r.player)]
    if not st.friendship:
        raise IllegalAction("rejoining is for Friendship mode, chosen when the game is set up")
    if not s.out:
        raise IllegalAction(f"{s.name} is still in the game")
    if st.phase in "fa" and st.flips + 1 - s.out <= edition().rejoin_flips:
        raise IllegalAction(f"{s.name} rejoins by drawing a cave instead of a flip's apple, while its round is open: "
                            "after the next flip")
    if not can_rejoin(st, s):
        raise IllegalAction(f"{s.name} may rejoin only on the {edition().rejoin_flips} flips after the elimination"
                            f" (flips {s.out + 1}-{s.out + edition().rejoin_flips}; this is flip {st.flips})")
    s.out, s.end, s.joined = 0, "", st.flips
    s.rejoins += 1
    sq = current_square(st)
    return [f"{s.name} rejoins: draw a cave at {square_text(sq)}, colour {edition().rejoin_rotten_circles} circles "
            f"rotten; length stays {s.length}, moving from next round.{cave_hint(st, sq)}"]


RULES = {Flip: flip, Report: report, Fix: fix, Round: round_line, Take: take, Place: place, Rejoin: rejoin}
