"""The end of a round: eliminations and hatchings, golden ties, growth and the abilities it owes, what a fix of
the round needs kept (Reopen), the token passed on; and the end of play."""
from __future__ import annotations

from companion.core.language import N_, _, ngettext
from companion.sssnake import scoring
from companion.sssnake.actions import Report, Square, square_text
from companion.sssnake.edition import edition
from companion.sssnake.friendship import may_yet_rejoin
from companion.sssnake.pencil import hatched, round_end
from companion.sssnake.sheet import to_dict as sheet_dict
from companion.sssnake.snake import Card, Snake
from companion.sssnake.state import Phase, Reopen, State


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
        lines += [_("{name} reached golden apple {square} too, but {winner} comes first from the first player "
                    "clockwise: nothing for {name}.").format(name=s.name, square=square_text(g),
                                                            winner=st.snakes[winner[g]].name)
                  for g in r.golden if winner[g] != i]
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
        return _("{name} hatches from an egg: same length {length}, cross out the other two eggs; no circles this "
                 "round.").format(name=s.name, length=s.length)
    s.out = st.flips
    return _("{name} is eliminated at length {length}; apples of this round are not circled.").format(
        name=s.name, length=s.length)


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
        where = " ".join(square_text(g) for g in golden)
        took = (ngettext("{name} takes golden apple {squares}: everyone else crosses it out.",
                         "{name} takes golden apples {squares}: everyone else crosses them out.", eaten) if others
                else ngettext("{name} takes golden apple {squares}.", "{name} takes golden apples {squares}.", eaten)) \
            if golden else \
            (ngettext("{name} takes {count} golden apple: everyone else crosses it out.",
                      "{name} takes {count} golden apples: everyone else crosses them out.", eaten) if others
             else ngettext("{name} takes {count} golden apple.", "{name} takes {count} golden apples.", eaten))
        lines.append(took.format(name=s.name, squares=where, count=eaten))
    if r.stole:
        st.crossed.append((*r.stole, i))
        lines.append((_("{name} steals at {square}: everyone else crosses out the apples there.") if others else
                      _("{name} steals at {square}.")).format(name=s.name, square=square_text(r.stole)))
    crossed = [] if final else [t for t in edition().ability_thresholds if before < t <= s.length]
    st.choosers += [i] * len(crossed)
    if s.length != before:
        top = edition().track_max
        wrap = _(" (past the track's maximum: circle again from 1)") \
            if (before - 1) // top != (s.length - 1) // top else ""
        gains = ngettext(", reaching {lengths}: gains an ability", ", reaching {lengths}: gains {count} abilities",
                         len(crossed)).format(lengths=", ".join(map(str, crossed)), count=len(crossed))
        lines.append(_("{name} grows {before} -> {after}").format(name=s.name, before=before, after=s.length) + wrap
                     + (gains if crossed else "") + ".")
    return lines


def settle(st: State) -> list[str]:
    """Choices owed keep the round open; otherwise the token passes clockwise, and the table is told to whom (after
    the round's last report, or its last ability)."""
    if st.choosers or st.placing:
        st.phase = Phase.CHOOSE
        return []
    st.phase = Phase.FLIP
    pass_token(st)
    return [_("Round over. {name} takes the first-player token.").format(name=st.snakes[st.first].name)
            if len(st.snakes) > 1 else _("Round over.")]


def pass_token(st: State) -> None:
    """Clockwise to the next player still in the game (the solo player keeps it)."""
    n = len(st.snakes)
    for k in range(1, n + 1):
        nxt = (st.first + k) % n
        if not st.snakes[nxt].out:
            st.first = nxt
            return


GAME_OVER = N_("The game is over.")  # the first line of the end (shown through _()), then the ranking


def finish(st: State) -> list[str]:
    st.phase, st.choosers, st.placing = Phase.OVER, [], []
    lines = [_(GAME_OVER)]
    for place, sc in scoring.standings(st.snakes):
        lines.append("  " + ngettext("{place}. {name}: {points} points", "{place}. {name}: {points} points",
                                     sc.total).format(place=place, name=sc.name, points=sc.total))
    if len(st.snakes) == 1:
        lines.append(f"  {_(scoring.solo_rank(scoring.scores(st.snakes)[0].total))}")
    return lines
