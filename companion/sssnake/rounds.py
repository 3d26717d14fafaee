"""The round structure: cave flips, then flip, report, grow, develop, pass the token; and the end of play."""
from __future__ import annotations

from companion.core.engine import IllegalAction, draw
from companion.sssnake import scoring
from companion.sssnake.actions import Fix, Flip, Rejoin, Report, Round, Square, square_text
from companion.sssnake.deck import Deck
from companion.sssnake.edition import edition
from companion.sssnake.fall import can_rejoin, cave_flip, current_square, fall_lines, plural, poisoned
from companion.sssnake.friendship import may_yet_rejoin, rejoin
from companion.sssnake.ground import ground
from companion.sssnake.pencil import apple_flip, cave_letters, hatched, roll_lines, round_end
from companion.sssnake.pencil import cave_flip as draw_caves
from companion.sssnake.reports import check_counts
from companion.sssnake.sheet import cave_ways
from companion.sssnake.sheet import to_dict as sheet_dict
from companion.sssnake.snake import Card, Snake
from companion.sssnake.state import Phase, Reopen, State


def waiting(st: State) -> list[str]:
    """Who still has to report this round."""
    return [st.snakes[i].name for i in st.movers() if i not in st.reports]


def next_step(st: State) -> dict:
    """What the game waits for, as data each interface words its own way: `step` (flip, report, choose, place,
    over) and who; a flip says whether it places a cave (or is the first after the caves), a report who may rejoin
    and which of those waiting move a digital sheet, a choice the face-up cards, who chooses after and whether the
    chooser's sheet is digital (marks), a place the card whose marks are owed (None: an Intuition square)."""
    if st.phase == Phase.OVER:
        return {"step": "over"}
    if st.phase == Phase.MOVE:
        return {"step": "report", "players": waiting(st),
                "digital": [st.snakes[i].name for i in st.movers() if i not in st.reports and i in st.sheets],
                "rejoin": [s.name for s in st.snakes if can_rejoin(st, s)]}
    if st.placing:
        who = st.placing[0]
        owed = st.sheets[who].owed if who in st.sheets else []
        return {"step": "place", "player": st.snakes[who].name, "marks": owed[0] if owed else None}
    if st.choosers:
        return {"step": "choose", "player": st.snakes[st.choosers[0]].name, "digital": st.choosers[0] in st.sheets,
                "after": [st.snakes[i].name for i in st.choosers[1:]], "cards": st.display.face_up()}
    return {"step": "flip", "player": st.snakes[st.first].name, "cave": st.flips < len(st.snakes),
            "first": st.flips == len(st.snakes)}  # the first apple card after the cave round


def blocked(st: State) -> str:
    """Why the game cannot take a flip yet, in words without any interface's commands; empty when it can."""
    nxt = next_step(st)
    return {"over": "the game is over",
            "report": f"the round is not finished: waiting for {', '.join(nxt.get('players', ()))} to report",
            "place": f"{nxt.get('player')} "
                     + {13: "draws the Two-headed X", 16: "draws the three Offspring eggs"}.get(
                         nxt.get("marks"), "places the Intuition square") + " first",
            "choose": f"{nxt.get('player')} chooses an ability first; face up: {st.display.listing()}",
            }.get(nxt["step"], "")


def flip(st: State, f: Flip) -> list[str]:
    if blocked(st):
        raise IllegalAction(f"no flip now: {blocked(st)}")
    if f.cave and st.flips >= len(st.snakes):
        raise IllegalAction("only a flip of the cave round places a cave: flip without a direction")
    messages = []
    if st.deck.exhausted:
        st.deck = Deck.shuffled(draw(st))
        messages.append("The apple deck is used up: all 16 cards are shuffled and the A stack restarts.")
    st.deck = st.deck.flip()
    st.flips += 1
    flipper = st.snakes[st.first]
    if cave_flip(st):
        flipper.cave = True
        messages += fall_lines(st, flipper.name) + draw_caves(st, f.cave)
        pass_token(st)
        st.phase = Phase.CAVES if not all(s.cave for s in st.snakes) else Phase.FLIP
        if st.phase == Phase.FLIP and len(st.snakes) > 1:
            messages.append("Every snake has its cave: from the next flip on, everyone moves.")
        return messages
    st.phase = Phase.MOVE
    st.rotted = st.rotted or poisoned(st)
    apple_flip(st)
    return messages + fall_lines(st, flipper.name) + roll_lines(st)


def coming_cave(st: State) -> tuple[Square, dict[str, tuple[int, Square]]]:
    """The square the coming flip's cave falls on and the ways it may move off it on the flipper's digital sheet
    (empty: it stays, or no such flip comes), so an interface asks the first player before flipping."""
    nxt = next_step(st)
    if nxt["step"] != "flip" or not nxt["cave"] or st.first not in st.sheets:
        return (0, 0), {}
    peek = st.copy()
    flip(peek, Flip())
    sq = current_square(peek)
    return sq, cave_ways(ground(st.land), st.sheets[st.first], sq, cave_letters(st.land))


def report(st: State, r: Report) -> list[str]:
    """One player's report; the last of the round closes it."""
    on_paper(st, r.player)
    name = st.snakes[accept(st, r)].name
    if waiting(st):
        return [f"{name} reported; waiting for {', '.join(waiting(st))}."]
    return [f"{name} reported."] + close(st)


def round_open(st: State) -> None:
    """Reports and corrections come while the round's moves are open, after its flip."""
    if st.phase == Phase.CAVES:
        raise IllegalAction("nobody moves in the cave round: flip until every snake has its cave")
    if st.phase != Phase.MOVE:
        raise IllegalAction(f"no reports now: {blocked(st) or 'the round starts with a flip'}")


def on_paper(st: State, player: str) -> int:
    """A report is typed for a paper player only: a digital sheet's move reports for its player (undo takes a move
    back)."""
    who = st.index(player)
    if who in st.sheets:
        raise IllegalAction(f"{st.snakes[who].name} plays a digital sheet: the move reports what the snake ate (undo "
                            "takes a move back)")
    return who


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


UNDO = "undo takes back the last action (again for earlier ones), and the round can be reported again"


def fix(st: State, f: Fix) -> list[str]:
    """A correction of a report in the open round, or in the round that just closed (nothing else since): the
    player's whole report again; the other reports stay, and a closed round closes again with it."""
    if st.phase != Phase.MOVE and st.reopen is not None:
        return refix(st, f)
    if st.phase != Phase.MOVE:
        raise IllegalAction(f"no round is open to correct: {blocked(st) or 'the last one has closed'}, and a fix "
                            f"corrects a closed round only before anything else is done; {UNDO}")
    return corrected(st, f)


def refix(st: State, f: Fix) -> list[str]:
    """The round that just closed, reopened as it stood with all its reports, corrected, and closed again."""
    before = before_close(st)
    lines = corrected(before, f)
    lines += close(before)
    vars(st).clear()
    vars(st).update(vars(before))
    return [f"The round that just closed is reopened for {st.snakes[st.index(f.player)].name}'s fix:"] + lines


def before_close(st: State) -> State:
    """The state as it stood before the round that just closed closed, from the state after it and what Reopen
    keeps: each report read back from the circles its close added (the rest of the track, its ending, an
    elimination), eliminations and hatchings, growth, golden apples and Thieving's squares taken back, no abilities
    owed, the token where it was; the sheets as they are (kept only when the close drew nothing there). Where a
    reporting snake's move before had ended is not kept: it stays as the close left it, which a new close
    overwrites but for a snake the fix eliminates (whose ending no rule reads again)."""
    kept, pre = st.reopen, st.copy()
    gold = edition().landscapes[st.land].golden_apples
    pre.reopen, pre.first, pre.phase, pre.choosers, pre.placing = None, kept.first, Phase.MOVE, [], []
    grown = {}
    for i, s in enumerate(pre.snakes):
        if s.out == st.flips:  # eliminated by this close
            s.out = 0
            pre.reports[i] = Report(s.name, out=True)
        elif i in kept.hatched:
            s.eggs_used -= 1
            pre.reports[i] = Report(s.name, out=True)
        elif s.cave and not s.out and s.joined != st.flips:
            cut = len(s.track) - kept.added.get(i, 0)
            grown[i], s.track = s.track[cut:], s.track[:cut]
            pre.reports[i] = Report(s.name, grown[i].count("f"), grown[i].count("r"), kept.golden.get(i, ()), s.end,
                                    False, kept.stole.get(i))
    winner = golden_tie(pre)
    for i, circles in grown.items():
        r = pre.reports[i]
        won = [g for g in r.golden if winner[g] == i]
        pre.reports[i] = r._replace(golden_count=circles.count("g") - len(won))
        for g in won:
            pre.golden_gone.remove(gold.index(g))
        if r.stole:
            pre.crossed.remove((*r.stole, i))
    return pre


def corrected(st: State, f: Fix) -> list[str]:
    """The fix applied to the open round's reports."""
    from companion.sssnake.roundline import clause_text

    who = on_paper(st, f.player)
    if who not in st.reports:
        name = st.snakes[who].name
        raise IllegalAction(f"{name} has not reported this round, so there is nothing to correct; report instead "
                            f"(a fix corrects a closed round only before the next flip; {UNDO})" if who in st.movers()
                            else f"{name} does not move this round, so has no report to correct; {UNDO}")
    was = st.reports.pop(who)
    accept(st, f)
    return [f"{was.player}'s report corrected: {clause_text(st.reports[who])} (was {clause_text(was)})."] + \
        ([f"Waiting for {', '.join(waiting(st))}."] if waiting(st) else [])


def round_line(st: State, r: Round) -> tuple[list[str], Round]:
    """A round in one line: rejoins, then each named player's report; unless the line ends with `...`, everyone
    still moving and not named reports nothing. Logged with every clause spelled out."""
    from companion.sssnake.roundline import clause_text, line_text, parse
    from companion.sssnake.roundline import report as clause_report

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
                on_paper(st, name)
                reports.append(st.reports[accept(st, clause_report(clause))])
        except IllegalAction as exc:
            raise IllegalAction(str(exc) if str(exc).startswith(name) else f"{name}: {exc}") from None
    for i in [] if wait else st.movers():
        if i not in st.reports and i not in st.sheets:  # a digital player's move reports for them
            reports.append(st.reports[accept(st, Report(st.snakes[i].name))])
    logged = Round(line_text(rejoined, reports, wait and bool(waiting(st))))
    heard = f"Reported: {', '.join(clause_text(rep) for rep in reports) or 'nobody'}"
    if waiting(st):
        return messages + [f"{heard}; waiting for {', '.join(waiting(st))}."], logged
    return messages + [f"{heard}."] + close(st), logged


def close(st: State) -> list[str]:
    """End of the round: eliminate or hatch (which decides the end), settle golden ties, grow, queue abilities; the
    what it overwrites is kept for a fix of this round (Reopen), unless the close drew on a digital sheet (then only
    undo)."""
    grew = {i: len(st.snakes[i].track) for i in st.reports}
    kept = Reopen(st.first, {}, [i for i, r in st.reports.items() if r.out and st.snakes[i].eggs],
                  {i: r.golden for i, r in st.reports.items() if r.golden and not r.out},
                  {i: r.stole for i, r in st.reports.items() if r.stole and not r.out})
    drawn = {i: sheet_dict(d) for i, d in st.sheets.items()}
    order = [i for i in st.clockwise() if i in st.reports]
    lines = [out_or_hatch(st, st.snakes[i]) for i in order if st.reports[i].out]
    final = over(st)  # eliminations decide it; nobody chooses an ability after the end
    winner = golden_tie(st)
    for i in order:
        r, s = st.reports[i], st.snakes[i]
        if r.out:
            continue
        lines += [f"{s.name} reached golden apple {square_text(g)} too, but {st.snakes[winner[g]].name} comes "
                  f"first from the first player clockwise: nothing for {s.name}." for g in r.golden if winner[g] != i]
        lines += grow(st, i, r, [g for g in r.golden if winner[g] == i], final)
    round_end(st, st.reports)
    st.reports = {}
    kept.added = {i: len(st.snakes[i].track) - n for i, n in grew.items() if len(st.snakes[i].track) > n}
    same = drawn == {i: sheet_dict(d) for i, d in st.sheets.items()}
    st.reopen = kept if same else None
    if final:
        return lines + finish(st)
    return lines + settle(st)


def golden_tie(st: State) -> dict[Square, int]:
    """Fjord: several snakes eat one golden apple in a round: the first player, or the next clockwise, gets it."""
    winner: dict[Square, int] = {}
    for i in st.clockwise():
        if i in st.reports and not st.reports[i].out:
            for g in st.reports[i].golden:
                winner.setdefault(g, i)
    return winner


def over(st: State) -> bool:
    """End of play: the last-but-one is out (all, solo); in Friendship mode not while one of them may yet rejoin."""
    living = sum(not s.out for s in st.snakes)
    if living == 0:
        return True
    return living == 1 and len(st.snakes) > 1 and not any(may_yet_rejoin(st, s) for s in st.snakes)


def out_or_hatch(st: State, s: Snake) -> str:
    """Eliminated: an unused Offspring egg hatches (same length), else the snake is out; this round is not circled."""
    if s.eggs:
        s.eggs_used += 1
        s.end = ""
        hatched(st, st.snakes.index(s))
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


def settle(st: State) -> list[str]:
    """Choices owed keep the round open; otherwise the token passes clockwise, and the table is told to whom (after
    the round's last report, or its last ability)."""
    if st.choosers or st.placing:
        st.phase = Phase.CHOOSE
        return []
    st.phase = Phase.FLIP
    pass_token(st)
    return ["Round over." + (f" {st.snakes[st.first].name} takes the first-player token." if len(st.snakes) > 1 else "")]


def pass_token(st: State) -> None:
    """Clockwise to the next player still in the game (the solo player keeps it)."""
    n = len(st.snakes)
    for k in range(1, n + 1):
        nxt = (st.first + k) % n
        if not st.snakes[nxt].out:
            st.first = nxt
            return


def finish(st: State) -> list[str]:
    st.phase, st.choosers, st.placing = Phase.OVER, [], []
    lines = ["The game is over."]
    for place, sc in scoring.standings(st.snakes):
        lines.append(f"  {place}. {sc.name}: {sc.total} points")
    if len(st.snakes) == 1:
        lines.append(f"  {scoring.solo_rank(scoring.scores(st.snakes)[0].total)}")
    return lines
