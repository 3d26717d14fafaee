"""`companion snits autoplay`: whole games of random legal actions, kept apart from cli/snits/commands.py as
`balance` is (only click is imported here; the rules load when it runs). Declared there with
`snits.later(*OPTIONS)(autoplay)`."""
from __future__ import annotations

import click

from companion.cli.snits.base import json_option

OPTIONS = (
    click.option("--seed", type=int, default=1, show_default=True, help="first seed; game i uses seed+i"),
    click.option("--games", type=click.IntRange(1, 1000), default=1, show_default=True,
                 help="how many games to play, one seed after another"),
    click.option("--snit-players", type=click.IntRange(1, 4), default=1, show_default=True),
    click.option("--spark", is_flag=True, help="hide the Spark (placement from the seed: nobody to hide it from)"),
    click.option("--splops", type=click.IntRange(0, 4), default=0,
                 help="Splops to hide, 0-4 (placed from the seed, like the Spark)"),
    click.option("--variant", "variant", multiple=True, help="NAME=NUMBER, as for `new`"),
    click.option("--map", "map_name", metavar="EDITION|FILE.toml", help="the map, as for `new` (default: second-edition)"),
    click.option("--log", "show_log", is_flag=True, help="print every action and roll"),
    json_option,
)


def autoplay(seed, games, snit_players, spark, splops, variant, map_name, show_log, as_json):
    """Play whole games with random legal actions for every side: the winner and turns of each, the win counts."""
    from collections import Counter

    from companion.cli.commands import ProgressBar
    from companion.cli.output import emit
    from companion.core.engine import IllegalAction
    from companion.core.language import _
    from companion.shared.session import Refused
    from companion.shared.snits.options import autoplay_setup
    from companion.shared.snits.tables import autoplay_text
    from companion.snits.autoplay import play

    wins, rows = Counter(), []
    bar = ProgressBar(_("playing")) if games > 1 and not as_json else None
    for s in range(seed, seed + games):
        try:
            g = play(autoplay_setup(s, snit_players, spark, splops, variant, map_name), s)
        except IllegalAction as exc:
            raise Refused(str(exc)) from None
        finally:
            if bar:
                bar(s - seed + 1, games)
        wins[g.state.winner or "unfinished"] += 1
        rows.append({"seed": s, "winner": g.state.winner or "unfinished", "turns": g.state.turn,
                     "actions": len(g.log)})
        if show_log:
            rows[-1]["log"] = [{"action": a, "messages": list(m)} for a, m in g.log]
    if bar:
        bar.close()
    emit(as_json, {"games": rows, "wins": dict(wins)}, autoplay_text(rows, wins))
