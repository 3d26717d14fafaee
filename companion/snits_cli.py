"""`companion snits ...`: Snits' Revenge at the table. Each command is one transaction through companion.session."""
from __future__ import annotations

import re

import click

from companion import session
from companion.commands import LaterGroup, completes, stats_command
from companion.session import Refused, emit
from companion.topics_cli import add_rules
from companion.snits.state import SEED_MAX

KIND = "snits"


def engine():
    from companion.snits.game import ENGINE

    return ENGINE


game_option = click.option("--game", help="game id (default: the latest Snits' Revenge game)",
                           shell_complete=completes(KIND, "game"))
json_option = click.option("--json", "as_json", is_flag=True, help="machine-readable output")
roll_option = click.option("--roll", help="manual dice: the numbers rolled, in order, e.g. 3 or 4,2")
eyes_option = click.option("--bolotomus", "eyes", is_flag=True,
                           help="show the hidden Spark/Splop placement (the Bolotomus' eyes only)")


@click.group(cls=LaterGroup)
def snits():
    """Snits' Revenge at the table: the Bolotomus map, every counter, the phases, the dice, the hidden Spark."""


def variants(pairs: tuple[str, ...]) -> dict:
    """--variant organs_to_win=8 --variant channel=3 ... as a dict of numbers."""
    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not re.fullmatch(r"-?[0-9]{1,9}", value.strip()):  # ASCII digits: '²'.isdigit() is true
            raise Refused(f"--variant takes NAME=NUMBER (organs_to_win, channel, canal, force), not {pair!r}")
        out[key.strip().replace("-", "_")] = int(value)
    return out


def chosen(forces: tuple[str, ...]) -> dict:
    """--force Red=Zipwick,Bonk,... --force Blue=... as {clan: [names]}."""
    out = {}
    for pair in forces:
        clan, sep, names = pair.partition("=")
        if not sep or not clan.strip():
            raise Refused(f"--force takes CLAN=NAME,NAME,... (e.g. Red=Zipwick,Bonk,Wiggen), not {pair!r}")
        out[clan.strip()] = split(names, f"--force {clan.strip()}")
    return out


def split(text: str | None, option: str) -> list[str]:
    """An option's comma list (none given: empty); an empty item in it is refused."""
    from companion.engine import IllegalAction
    from companion.snits.actions import items

    try:
        return [] if text is None else list(items(text, option))
    except IllegalAction as exc:
        raise Refused(str(exc)) from None


def dice(text: str | None) -> list[int]:
    try:
        return [int(x) for x in split(text, "--roll")]
    except ValueError:
        raise Refused(f"--roll takes the dice as numbers 1-6 separated by commas, not {text!r}") from None


def placement(spark: bool, splops: int, hide_spark: str | None, hide_splops: str | None) -> dict | None:
    """The Bolotomus' secret: given, or drawn with `secrets` (never from the public seed), plus a salt."""
    import secrets

    from companion.snits import bolotomus

    board = bolotomus.load()
    if not spark and not splops:
        if hide_spark or hide_splops:
            raise Refused("--hide-spark/--hide-splops need --spark or --splops N")
        return None
    free = [board.organs[o].name for o in board.snorg_organs]
    chosen_splops = split(hide_splops, "--hide-splops")
    if chosen_splops and len(chosen_splops) != splops:
        raise Refused(f"--hide-splops names {len(chosen_splops)} organ(s) but --splops is {splops}")
    spark_at = hide_spark if spark else None
    if hide_spark and not spark:
        raise Refused("--hide-spark needs --spark")
    if spark and not spark_at:
        spark_at = secrets.choice([o for o in free if o not in chosen_splops])
    if not chosen_splops:
        pool = [o for o in free if o != spark_at]
        chosen_splops = [pool.pop(secrets.randbelow(len(pool))) for _ in range(splops)]
    return {"spark": spark_at, "splops": chosen_splops, "salt": secrets.token_hex(8)}


@snits.later(
    click.option("--seed", type=click.IntRange(0, SEED_MAX),
                 help="seed for the dice and random choices, 0 to 2**63-1 (default: a random one)"),
    click.option("--dice", "dice_mode", type=click.Choice(["auto", "manual"]), default="auto", show_default=True,
                 help="auto: the companion rolls; manual: players roll real dice and type them with --roll"),
    click.option("--snit-players", type=click.IntRange(1, 4), default=1, show_default=True,
                 help="Snit players, one clan each (2: 8 Snits, 3 badged; 3: 5/2; 4: 3/2)"),
    click.option("--remove", help="one Snit player: the two badged Snits to leave out, e.g. Grubnik,Zoomer "
                                  "(default: two at random)"),
    click.option("--force", "forces", multiple=True,
                 help="multiplayer: CLAN=NAME,NAME,... the Snits a clan's player keeps (default: at random)"),
    click.option("--duty", help="organ for the Bolotomus' duty Runnungitm (default: at random)"),
    click.option("--senior", type=click.IntRange(1, 4), help="2-4 Snit players: who holds the Senior Snit totem "
                                                             "(default: a dice roll)"),
    click.option("--spark", is_flag=True, help="optional rule: hide the Spark of Life under a Snorg"),
    click.option("--splops", type=click.IntRange(0, 4), default=0,
                 help="optional rule: Splops to hide (the rulebook: 3)"),
    click.option("--hide-spark", help="the Bolotomus' choice of organ for the Spark (default: at random, in secret)"),
    click.option("--hide-splops", help="the Bolotomus' choice of organs for the Splops, e.g. Eye,Glut,Bilgeum"),
    click.option("--variant", "variant", multiple=True,
                 help="NAME=NUMBER: organs_to_win (9), channel (2), canal (1), force (Snits per player, +-2)"),
    json_option,
)
def new(seed, dice_mode, snit_players, remove, forces, duty, senior, spark, splops, hide_spark, hide_splops, variant,
        as_json):
    """Start a game: Snorgs at their posts, the duty Runnungitm, the Snit force(s), the hidden Spark/Splops."""
    setup = {"seed": seed_or_random(seed), "dice": dice_mode, "players": snit_players}
    extras = {"variants": variants(variant), "remove": split(remove, "--remove"), "forces": chosen(forces),
              "duty": duty, "spark": spark, "splops": splops,
              "hidden": placement(spark, splops, hide_spark, hide_splops)}
    setup.update({k: v for k, v in extras.items() if v not in (None, {}, [], False, 0)})
    if senior is not None:
        setup["senior"] = senior - 1  # player 1 is 0: kept, not dropped as an empty value
    game_id, state = session.create(KIND, setup)
    from companion.snits import report

    text = "\n".join([f"{game_id}: Snits' Revenge, seed {setup['seed']}, {dice_mode} dice", setup_text(state),
                      report.next_steps(state)])
    emit(as_json, {"game": game_id, "setup": public_setup(setup), "state": engine().view(state)}, text)


def seed_or_random(seed: int | None) -> int:
    """The seed given, else a random one (`secrets` is imported here: the table commands never need it)."""
    if seed is not None:
        return seed
    import secrets

    return secrets.randbelow(10**6)


def public_setup(setup: dict) -> dict:
    return {k: v for k, v in setup.items() if k != "hidden"}


def setup_text(state) -> str:
    from companion.snits import bolotomus, counters, report
    from companion.snits.state import GONE

    sheet = counters.load()
    lines = []
    for k in range(state.players):
        force = [c.id for c in sheet.clan(k) if state.snits[c.id] != GONE]
        badged = sum(1 for c in force if sheet.snits[c].badge)
        aside = [c.label for c in sheet.clan(k) if state.snits[c.id] == GONE]
        lines.append(f"{sheet.clans[k]} force ({len(force)} Snits, {badged} badged): "
                     + " ".join(report.tag(c) for c in force))
        lines.append(f"  set aside: {', '.join(aside)}")
    duty = bolotomus.load().organs[state.runs[0]].name
    lines.append(f"The Bolotomus' duty Runnungitm R1 is in the {duty}.")
    if state.players > 1:
        lines.append(f"Senior Snit totem: {sheet.clans[state.senior]} (moves and kicks first; passes left each turn)")
    if state.hides:
        lines.append("Hidden under the Snorgs: " + ("the Spark of Life and " if state.spark else "")
                     + f"{state.splops} Splop(s). Commitment (Snit players, note it): sha256 {state.commitment}")
    return "\n".join(lines)


def perform(game: str | None, action: dict, as_json: bool) -> None:
    """Apply one action; print what the dice and rules did, and what comes next."""
    from companion.snits import report

    game_id, result = session.act(KIND, game, action)
    state = result.state
    lines = list(result.messages) + [report.headline(state), "Next: " + report.next_steps(state)]
    if state.phase == "over":
        lines += report.hidden_text(state, False)
    emit(as_json, lambda: {"game": game_id, "action": result.logged or action, "messages": list(result.messages),
                           "state": engine().view(state)}, "\n".join(lines))


def with_dice(action: dict, roll: str | None) -> dict:
    rolled = dice(roll)
    return {**action, "dice": rolled} if rolled else action


def action_command(name: str, params: tuple[str, ...], build, doc: str, rolls: bool = True) -> None:
    """Register `companion snits NAME ARGS [--roll] [--game] [--json]`: one action, one transaction."""
    def command(game, as_json, roll=None, **args):
        perform(game, with_dice(build(**args), roll), as_json)

    command.__doc__ = doc
    options = (roll_option,) if rolls else ()
    arguments = (click.argument(p, shell_complete=completes(KIND, p)) for p in params)
    snits.later(*arguments, *options, game_option, json_option, name=name)(command)


for _name, _params, _build, _doc, _rolls in (
    ("move", ("name", "organ"), lambda name, organ: {"type": "move", "who": name, "to": organ},
     "Move a Snit, Runnungitm or Makum one organ (ORGAN `out` for a Snit leaving through an orifice).", True),
    ("enter", ("name", "organ"), lambda name, organ: {"type": "enter", "who": name, "to": organ},
     "A Snit jumps in from outside: Antephellum or Glut (2 a turn each), Fleotis (1, risky: the smash roll).", True),
    ("kick", ("name", "target"), lambda name, target: {"type": "kick", "who": name, "target": target},
     "A Snit kicks a thingie in its organ: TARGET is Snorg, M# or R# (1-2 kills; 1-4 for a hammer Snit).", True),
    ("pack", ("names", "target"),
     lambda names, target: {"type": "pack", "who": split(names, "NAMES"), "target": target},
     "Pack attack: NAMES (comma-separated) all roll at once at one Runnungitm.", True),
    ("chomp", ("runnungitm", "name"), lambda runnungitm, name: {"type": "chomp", "runnungitm": runnungitm,
                                                                "snit": name},
     "A Runnungitm chomps a Snit in its organ: two dice over the Snit's speed catch it. Where several meet "
     "several Snits, name all the chomps there at once: chomp R2,R3 Pokey,Wiggen.", True),
    ("transform", ("makum",), lambda makum: {"type": "transform", "makum": makum},
     "A Makum becomes a Runnungitm (in the Lapotum) or the missing Snorg of its organ.", False),
    ("done", (), lambda: {"type": "done"},
     "End the current phase (for the acting side) and go on to the next.", False),
):
    action_command(_name, _params, _build, _doc, _rolls)


@snits.later(click.argument("organs", nargs=-1, shell_complete=completes(KIND, "organs")), game_option, json_option)
def compose(organs, game, as_json):
    """Compositors make Makums: every working one (no ORGANS), or the ones named."""
    if not organs:
        _, state = session.current(KIND, game)
        organs = every_compositor(state)
    perform(game, {"type": "compose", "at": list(organs)}, as_json)


def every_compositor(state) -> list[str]:
    """`compose` alone: every Compositor that may make a Makum now (the pool permitting)."""
    offer = [a for a in engine().legal_actions(state) if a["type"] == "compose"]
    return offer[0]["at"] if offer else []


def show(game: str | None, eyes: bool, as_json: bool, render) -> None:
    """Print a saved game (status or map); --bolotomus adds the hidden placement, for the Bolotomus' eyes."""
    from companion.snits.game import reveal

    record, state = session.current(KIND, game)
    out = {"game": record.id, "state": engine().view(state)}
    if eyes:
        out["bolotomus_eyes"] = reveal(state) if state.placement else None
    emit(as_json, out, render(record.id, state, eyes))


@snits.later(eyes_option, game_option, json_option)
def status(eyes, game, as_json):
    """Every Snit and thingie, the score, and whose go it is with what is allowed next."""
    from companion.snits import report

    show(game, eyes, as_json, report.status_text)


@snits.later(eyes_option, game_option, json_option, name="map")
def map_(eyes, game, as_json):
    """The Bolotomus in the terminal: what stands where, which passages are used up this phase."""
    from companion.snits import report

    show(game, eyes, as_json, lambda _id, state, eyes: report.map_text(state, eyes))


@snits.later(json_option)
def odds(as_json):
    """The exact chance of every roll: kick, hammer kick, chomp and last kick by speed, the Fleotis run."""
    from companion.snits import odds as exact

    rows = exact.table_rows()
    lines = [f"{'Roll':<56}{'chance':>13}"]
    for r in rows:
        what = r["roll"] + (f", speed {r['speed']}" if r["speed"] else "")
        if r["working"] is not None:
            what += f", {r['working']} of Eye/Prolobosinator working"
        lines.append(f"{what:<56}{str(r['chance']):>6} = {float(r['chance']):6.1%}")
    lines.append("kick: 1 die, 1-2 kills (hammer 1-4); chomp: 2 dice over the Snit's speed catch it; last kick: "
                 "2 dice over its speed kill the Runnungitm; Fleotis run: speed or lower on 2 dice (both working), "
                 "1 die (one), free (none)")
    emit(as_json, [{**r, "chance": str(r["chance"]), "percent": round(float(r["chance"]) * 100, 2)} for r in rows],
         "\n".join(lines))


@snits.later(
    click.option("--seed", type=int, default=1, show_default=True, help="first seed; game i uses seed+i"),
    click.option("--games", type=click.IntRange(1, 1000), default=1, show_default=True),
    click.option("--snit-players", type=click.IntRange(1, 4), default=1, show_default=True),
    click.option("--spark", is_flag=True, help="hide the Spark (placement from the seed: nobody to hide it from)"),
    click.option("--splops", type=click.IntRange(0, 4), default=0),
    click.option("--variant", "variant", multiple=True, help="NAME=NUMBER, as for `new`"),
    click.option("--log", "show_log", is_flag=True, help="print every action and roll"),
    json_option,
)
def autoplay(seed, games, snit_players, spark, splops, variant, show_log, as_json):
    """Play whole games with random legal actions for every side: the winner and turns of each, the win counts."""
    import random
    from collections import Counter

    from companion.engine import IllegalAction
    from companion.snits import actions, bolotomus
    from companion.snits.autoplay import play

    board = bolotomus.load()
    wins, rows, lines = Counter(), [], []
    for i in range(games):
        s = seed + i
        setup = {"seed": s, "players": snit_players, "variants": variants(variant)}
        if spark or splops:
            spots = random.Random(f"hide:{s}").sample([board.organs[o].name for o in board.snorg_organs],
                                                      splops + int(spark))
            setup.update({"spark": spark, "splops": splops, "hidden": {
                "spark": spots[0] if spark else None, "splops": spots[int(spark):], "salt": f"autoplay{s}"}})
        try:
            g = play(setup, s)
        except IllegalAction as exc:
            raise Refused(str(exc)) from None
        winner = g.state.winner or "unfinished"
        wins[winner] += 1
        row = {"seed": s, "winner": winner, "turns": g.state.turn, "actions": len(g.log)}
        if show_log:
            row["log"] = [{"action": a, "messages": list(m)} for a, m in g.log]
            lines += [f"  {actions.text(actions.from_dict(a))}"
                      + "".join(f"\n      {line}" for m in msgs for line in m.splitlines())
                      for a, msgs in g.log]
        rows.append(row)
        lines.append(f"game {i + 1} (seed {s}): {winner} after {g.state.turn} turns, {len(g.log)} actions")
    if games > 1:
        lines.append("wins: " + ", ".join(f"{k} {v}" for k, v in sorted(wins.items())))
    emit(as_json, {"games": rows, "wins": dict(wins)}, "\n".join(lines))


def after_step(state) -> str:
    from companion.snits import report

    return f"{report.headline(state)}\nNext: {report.next_steps(state)}"


session.undo_redo_commands(snits, KIND, after_step)


@snits.later(game_option, click.option("--seed", type=int, help="with no saved game: the seed of the new one"))
def play(game, seed):
    """Play at the keyboard: each phase says whose go it is; type a command (`?` lists every legal one)."""
    from companion.snits import report

    try:
        record, _ = session.current(KIND, game)
        game_id = record.id
    except Refused:
        if game:
            raise
        game_id, _ = session.create(KIND, {"seed": seed_or_random(seed)})
        click.echo(f"started {game_id}")
    click.echo("Type a command as after `companion snits` (move, enter, kick, pack, chomp, compose, transform,\n"
               "done), or: ? (numbered legal actions), a number from that list, map, status, undo, redo, quit.")
    changed = True
    while True:
        _, state = session.current(KIND, game_id)
        if changed:
            click.echo(f"\n{report.headline(state)}\nNext: {report.next_steps(state)}")
        if state.phase == "over":
            click.echo("\n".join(report.hidden_text(state, False)))
            return
        try:
            line = click.prompt(">", prompt_suffix=" ", default="", show_default=False).strip()
        except click.Abort:
            click.echo()
            return
        if line in ("quit", "q", "exit"):
            return
        try:
            changed = turn(game_id, state, line)
        except Refused as exc:
            changed = False
            click.echo(f"error: {exc.format_message()}")


def turn(game_id: str, state, line: str) -> bool:
    """One line typed in `play`: a table command, a number from the `?` list, or an action; True if the game
    changed."""
    from companion.snits import actions, report

    legal = engine().legal_actions(state)
    if line in ("?", "help"):
        items = [f"{i:>3}. {actions.text(actions.from_dict(a))}" for i, a in enumerate(legal, 1)]
        width = max(map(len, items)) + 2
        per_row = max(1, 100 // width)
        for k in range(0, len(items), per_row):
            click.echo("".join(item.ljust(width) for item in items[k:k + per_row]).rstrip())
        return False
    if line in ("map", "status", ""):
        click.echo(report.map_text(state) if line == "map" else report.status_text(game_id, state))
        return False
    if line in ("undo", "redo"):
        _, moved, _ = session.step_back(KIND, game_id, line == "redo")
        click.echo(f"{line}: {actions.text(actions.from_dict(moved))}")
        return True
    if line.isdigit():
        if not 1 <= int(line) <= len(legal):
            raise Refused(f"pick a number from 1 to {len(legal)} (type ? to list them)")
        action = legal[int(line) - 1]
    else:
        from companion.engine import IllegalAction

        try:
            action = actions.to_dict(actions.parse(line))
        except IllegalAction as exc:
            raise Refused(f"{exc} (type ? for the legal actions)") from None
        if action["type"] == "compose" and not action["at"]:
            action["at"] = every_compositor(state)
    if state.manual:
        action = ask_dice(state, action)
    _, result = session.act(KIND, game_id, action)
    click.echo("\n".join(result.messages))
    return True


def ask(need) -> list[int]:
    """Prompt until the player types exactly the dice the roll needs."""
    one = need.more == 1
    what = "1 die" if one else f"{need.more} dice"
    while True:
        typed = click.prompt(f"{need.why}: roll {what} and type {'it' if one else 'them, e.g. 3,5'}")
        try:
            rolled = dice(typed)
        except Refused as exc:
            click.echo(f"error: {exc.format_message()}")
            continue
        if len(rolled) == need.more and all(1 <= d <= 6 for d in rolled):
            return rolled
        click.echo(f"error: type {what}, {'1 to 6' if one else 'each 1 to 6'}")


def ask_dice(state, action: dict) -> dict:
    """Manual dice in `play`: ask for the dice the rules need, as many rounds as the rolls go."""
    from companion.engine import IllegalAction
    from companion.snits.dice import NeedDice

    while True:
        try:
            engine().apply(state, action)
            return action
        except NeedDice as exc:
            action = {**action, "dice": list(action.get("dice", [])) + ask(exc)}
        except IllegalAction:
            return action  # session.act refuses it with the reason


stats_command(snits, KIND, "Finished games: wins of the Snits and of the Bolotomus, organs out (best, average, "
              "trend), turns, and each clan's wins in multiplayer games.")
add_rules(snits, "snits")
