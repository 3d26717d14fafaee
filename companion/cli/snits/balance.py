"""`companion snits balance`: the balance lab's command, kept apart from cli/snits/commands.py so declaring it costs a table
command nothing (only click is imported here; the lab, the rules and the chart load when it runs).

Declared in cli/snits/commands.py as the other lazy commands are, with `snits.later(*OPTIONS)(balance)`.
"""
from __future__ import annotations

import time

import click

from companion.core.language import _, pgettext
from companion.core.printable import printable

PLAYERS = "random|1|2"  # companion.lab.games.PLAYERS names the computer levels; checked there, one line if unknown

OPTIONS = (
    click.option("--games", type=click.IntRange(1, 1_000_000), default=100, show_default=True,
                 help="games per variation; game i of every variation plays seed+i"),
    click.option("--variant", "variant", multiple=True, metavar="NAME=N[,NAME=N...]",
                 help="one variation (a row besides the baseline): e.g. organs_to_win=8, or several variants "
                      "together, organs_to_win=8,channel=3; repeat for more rows"),
    click.option("--players", default="random", show_default=True, metavar=PLAYERS,
                 help="who plays both sides: random legal moves, or computer level 1 or 2"),
    click.option("--snits", "snits_player", metavar=PLAYERS, help="who plays the Snits (default: --players)"),
    click.option("--bolotomus", "bolotomus_player", metavar=PLAYERS,
                 help="who plays the Bolotomus (default: --players)"),
    click.option("--seed", type=int, default=1, show_default=True, help="first game's seed"),
    click.option("--map", "map_name", metavar="EDITION|FILE.toml",
                 help="second-edition (default), first-edition, or a map file to try (as for `snits new --map`)"),
    click.option("--workers", type=click.IntRange(1, 1024), help="processes on this machine (default: every core)"),
    click.option("--cluster", metavar="ADDRESS",
                 help="play on a Dask distributed scheduler, e.g. tcp://10.0.0.5:8786 (pip install "
                      "'sssnake-snits-companion[cluster]')"),
    click.option("--plot", metavar="FILE", help="draw the win rates and their intervals: FILE.svg or FILE.pdf"),
    click.option("--force", is_flag=True, help="replace the --plot file if it exists"),
    click.option("--json", "as_json", is_flag=True, help="machine-readable output"),
)


def balance(games, variant, players, snits_player, bolotomus_player, seed, map_name, workers, cluster, plot, force,
            as_json):
    """Play seeded games per variation on every core (or a Dask cluster) and compare how often each side wins.

    The baseline (the rulebook's numbers) is always the first row; each --variant adds one. Every row plays the
    same seeds, so the rows differ by their rules alone; the table is the same whatever the number of workers.
    """
    from companion.cli.output import emit
    from companion.lab import balance as lab
    from companion.shared.session import Refused

    fmt = plot and plot.lower().rpartition(".")[2]
    if plot and fmt not in ("svg", "pdf"):
        raise Refused(_("--plot draws an .svg or .pdf file, not {plot}: e.g. --plot balance.svg").format(plot=repr(plot)))
    if plot:
        from companion.cli.output import check

        check(plot, force, option="--plot")  # before any game: a refusal costs nothing
    from companion.shared.snits.options import choose_map

    board, _setup = choose_map(map_name)
    if cluster and workers:
        raise Refused(_("--workers counts processes on this machine; with --cluster the scheduler's workers play"))
    from companion.cli.commands import ProgressBar

    bar = None if as_json else ProgressBar(_("playing"))
    start = time.perf_counter()
    try:
        result = lab.run(variant, games, seed, snits_player or players, bolotomus_player or players, workers,
                         cluster, bar, board=board, notice=lambda line: click.echo(line, err=True))
    except lab.BalanceError as exc:
        raise Refused(str(exc)) from None
    finally:
        if bar:
            bar.close()
    seconds = time.perf_counter() - start
    data = result.to_dict()
    if plot:
        from companion.sheets.balance_chart import render

        try:
            render(data, fmt, plot)
        except OSError as exc:
            raise Refused(_("cannot write {file}: {why}; choose another --plot path").format(
                file=plot, why=exc.strerror or exc)) from None
        click.echo(_("wrote {file}").format(file=printable(str(plot))), err=True)
    if not as_json:
        import os

        played = games * len(result.rows)
        where = (_("on the cluster at {address}").format(address=cluster) if cluster else
                 _("{workers} worker(s)").format(workers=workers or os.cpu_count()))
        click.echo(_("{played} games in {seconds} s ({rate} games/s, {where})").format(
            played=played, seconds=f"{seconds:.1f}", rate=f"{played / seconds:.1f}", where=where), err=True)
    emit(as_json, data, table(result))


def table(result) -> str:
    """The lab's rows as a text table: the counts, the Snits' win rate with its 95% interval, mean turns and actions."""
    from companion.lab.tally import rate_text

    head = [_("variation"), _("games"), "Snits", "Bolotomus", _("ties"), _("Snits win % [95% CI]"), _("mean turns"),
            _("mean actions")]
    unfinished = any(r.unfinished for r in result.rows)
    if unfinished:
        head.insert(5, pgettext("outcome", "unfinished"))
    body = []
    for r in result.rows:
        rate = rate_text(r.snits, r.finished) or "n/a"
        cells = [r.variation, r.games, r.snits, r.bolotomus, r.ties, rate,
                 "n/a" if r.mean_turns is None else f"{r.mean_turns:.1f}",
                 "n/a" if r.mean_actions is None else f"{r.mean_actions:.0f}"]
        if unfinished:
            cells.insert(5, r.unfinished)
        body.append([str(c) for c in cells])
    widths = [max(len(row[i]) for row in [head, *body]) for i in range(len(head))]

    def line(cells: list[str]) -> str:
        return "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths, strict=True)))

    out = [_("{games} games per variation on the {map} map, seeds {first}-{last}; Snits: {snits}, Bolotomus: "
             "{bolotomus}").format(games=result.games, map=result.map, first=result.seed,
                                   last=result.seed + result.games - 1, snits=result.snits,
                                   bolotomus=result.bolotomus), line(head), *(line(b) for b in body)]
    if unfinished:
        out.append(_("unfinished: still going after {turns} turns; left out of the rate and the means").format(
            turns=result.max_turns))
    return "\n".join(out)
