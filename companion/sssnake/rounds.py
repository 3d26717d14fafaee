"""The round structure: cave flips, then flip, report (one by one, or the whole round in one line) and close;
the close is companion.sssnake.closing, a correction companion.sssnake.fixes."""
from __future__ import annotations

from companion.core.engine import IllegalAction, draw
from companion.core.language import _
from companion.sssnake.actions import Flip, Rejoin, Report, Round, Square
from companion.sssnake.closing import close, pass_token
from companion.sssnake.deck import Deck
from companion.sssnake.fall import can_rejoin, cave_flip, current_square, fall_lines, poisoned
from companion.sssnake.friendship import rejoin
from companion.sssnake.ground import ground
from companion.sssnake.pencil import apple_flip, roll_lines
from companion.sssnake.pencil import cave_flip as draw_caves
from companion.sssnake.reports import check_counts
from companion.sssnake.sheet import cave_ways
from companion.sssnake.state import Phase, State
from companion.sssnake.terrain import cave_letters


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
    nxt, step = next_step(st), next_step(st)["step"]
    if step == "over":
        return _("the game is over")
    if step == "report":
        return _("the round is not finished: waiting for {names} to report").format(names=", ".join(nxt["players"]))
    if step == "place":
        return {13: _("{name} draws the Two-headed X first"), 16: _("{name} draws the three Offspring eggs first")}.get(
            nxt["marks"] or 0, _("{name} places the Intuition square first")).format(name=nxt["player"])
    if step == "choose":
        return _("{name} chooses an ability first; face up: {cards}").format(name=nxt["player"],
                                                                             cards=st.display.listing())
    return ""


def flip(st: State, f: Flip) -> list[str]:
    if blocked(st):
        raise IllegalAction(_("no flip now: {why}").format(why=blocked(st)))
    if f.cave and st.flips >= len(st.snakes):
        raise IllegalAction(_("only a flip of the cave round places a cave: flip without a direction"))
    messages = []
    if st.deck.exhausted:
        st.deck = Deck.shuffled(draw(st))
        messages.append(_("The apple deck is used up: all 16 cards are shuffled and the A stack restarts."))
    st.deck = st.deck.flip()
    st.flips += 1
    flipper = st.snakes[st.first]
    if cave_flip(st):
        flipper.cave = True
        messages += fall_lines(st, flipper.name) + draw_caves(st, f.cave)
        pass_token(st)
        st.phase = Phase.CAVES if not all(s.cave for s in st.snakes) else Phase.FLIP
        if st.phase == Phase.FLIP and len(st.snakes) > 1:
            messages.append(_("Every snake has its cave: from the next flip on, everyone moves."))
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
        return [_("{name} reported; waiting for {names}.").format(name=name, names=", ".join(waiting(st)))]
    return [_("{name} reported.").format(name=name)] + close(st)


def round_open(st: State) -> None:
    """Reports and corrections come while the round's moves are open, after its flip."""
    if st.phase == Phase.CAVES:
        raise IllegalAction(_("nobody moves in the cave round: flip until every snake has its cave"))
    if st.phase != Phase.MOVE:
        raise IllegalAction(_("no reports now: {why}").format(why=blocked(st) or _("the round starts with a flip")))


def on_paper(st: State, player: str) -> int:
    """A report is typed for a paper player only: a digital sheet's move reports for its player (undo takes a move
    back)."""
    who = st.index(player)
    if who in st.sheets:
        raise IllegalAction(_("{name} plays a digital sheet: the move reports what the snake ate (undo takes a move "
                              "back)").format(name=st.snakes[who].name))
    return who


def accept(st: State, r: Report) -> int:
    """Check one player's report and keep it with the round's others (the round closes elsewhere); the player's
    number."""
    round_open(st)
    who = st.index(r.player)
    s = st.snakes[who]
    if who not in st.movers():
        why = _("{name} rejoined on this flip and moves from the next round") if s.joined == st.flips else \
            _("{name} is out of the game")
        still = ", ".join(waiting(st))  # none when the rest of the round line has reported everyone else
        raise IllegalAction(why.format(name=s.name) + (_("; waiting for: {names}").format(names=still) if still
                                                       else _(": leave {name} out").format(name=s.name)))
    if who in st.reports:
        raise IllegalAction(_("{name} already reported this round; a fix of {name}'s report corrects it").format(
            name=s.name))
    check_counts(st, s, r)
    st.reports[who] = Report(*(getattr(r, f) for f in Report._fields))._replace(player=s.name)
    return who


def round_line(st: State, r: Round) -> tuple[list[str], Round]:
    """A round in one line: rejoins, then each named player's report; unless the line ends with `...`, everyone
    still moving and not named reports nothing. Logged with every clause spelled out."""
    from companion.sssnake.roundline import clause_text, line_text, parse, said
    from companion.sssnake.roundline import report as clause_report

    round_open(st)
    clauses, wait = parse(r.line, [s.name for s in st.snakes])
    messages, rejoined, reports = [], [], []
    for clause in clauses:
        name = clause["player"]
        try:
            if clause.get("rejoin"):
                if len(clause) > 2:
                    raise IllegalAction(_("{name} rejoins on this flip and moves from the next round: nothing else "
                                          "to report").format(name=name))
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
    heard = ", ".join(clause_text(rep, said) for rep in reports) or _("nobody")
    if waiting(st):
        return messages + [_("Reported: {reports}; waiting for {names}.").format(
            reports=heard, names=", ".join(waiting(st)))], logged
    return messages + [_("Reported: {reports}.").format(reports=heard)] + close(st), logged
