"""Corrections of a report: in the open round, or in the round that just closed (nothing else done since), which
is reopened as it stood from what its close kept (Reopen), corrected, and closed again."""
from __future__ import annotations

from companion.core.engine import IllegalAction
from companion.core.language import N_, _
from companion.sssnake.actions import Fix, Report
from companion.sssnake.closing import close, golden_tie
from companion.sssnake.edition import edition
from companion.sssnake.rounds import accept, blocked, on_paper, waiting
from companion.sssnake.state import Phase, State

UNDO = N_("undo takes back the last action (again for earlier ones), and the round can be reported again")


def fix(st: State, f: Fix) -> list[str]:
    """A correction of a report in the open round, or in the round that just closed (nothing else since): the
    player's whole report again; the other reports stay, and a closed round closes again with it."""
    if st.phase != Phase.MOVE and st.reopen is not None:
        return refix(st, f)
    if st.phase != Phase.MOVE:
        raise IllegalAction(_("no round is open to correct: {why}, and a fix corrects a closed round only before "
                              "anything else is done; {undo}").format(why=blocked(st) or _("the last one has closed"),
                                                                      undo=_(UNDO)))
    return corrected(st, f)


def refix(st: State, f: Fix) -> list[str]:
    """The round that just closed, reopened as it stood with all its reports, corrected, and closed again."""
    before = before_close(st)
    lines = corrected(before, f)
    lines += close(before)
    vars(st).clear()
    vars(st).update(vars(before))
    return [_("The round that just closed is reopened for {name}'s fix:").format(
        name=st.snakes[st.index(f.player)].name)] + lines


def before_close(st: State) -> State:
    """The state as it stood before the round that just closed closed, from the state after it and what Reopen
    keeps: each report read back from the circles its close added (the rest of the track, its ending, an
    elimination), eliminations and hatchings, growth, golden apples and Thieving's squares taken back, no abilities
    owed, the token where it was; the sheets as they are (kept only when the close drew nothing there). Where a
    reporting snake's move before had ended is not kept: it stays as the close left it, which a new close
    overwrites but for a snake the fix eliminates (whose ending no rule reads again)."""
    kept, pre = st.reopen, st.copy()
    assert kept is not None, "only a round whose close kept a Reopen is reopened (fix checks it)"
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
    from companion.sssnake.roundline import clause_text, said

    who = on_paper(st, f.player)
    if who not in st.reports:
        name = st.snakes[who].name
        raise IllegalAction((_("{name} has not reported this round, so there is nothing to correct; report instead "
                               "(a fix corrects a closed round only before the next flip; {undo})") if who in st.movers()
                             else _("{name} does not move this round, so has no report to correct; {undo}"))
                            .format(name=name, undo=_(UNDO)))
    was = st.reports.pop(who)
    accept(st, f)
    return [_("{name}'s report corrected: {now} (was {was}).").format(
        name=was.player, now=clause_text(st.reports[who], said), was=clause_text(was, said))] + \
        ([_("Waiting for {names}.").format(names=", ".join(waiting(st)))] if waiting(st) else [])
