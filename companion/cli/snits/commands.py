"""`companion snits ...`: Snits' Revenge at the table. Each command is one transaction through companion.shared.session."""
from __future__ import annotations

import click

from companion.cli.commands import LaterGroup, completes, stats_command, undo_redo_commands
from companion.cli.output import emit
from companion.cli.snits import autoplay as autoplay_command
from companion.cli.snits import balance as balance_command
from companion.cli.snits.base import (
    KIND,
    RULES,
    counter,
    engine,
    eyes_option,
    game_option,
    json_option,
    options,
    roll_option,
    versus,
)
from companion.cli.topics import add_rules
from companion.core.language import _
from companion.shared import session
from companion.shared.session import Refused
from companion.snits.state import SEED_MAX, Phase


@click.group(cls=LaterGroup)
def snits():
    """Snits' Revenge at the table: the Bolotomus map, every counter, the phases, the dice, the hidden Spark."""


REMOVE = click.option("--remove", help="one Snit player: the two badged Snits to leave out, e.g. Grubnik,Zoomer "
                                       "(default: two at random; play asks)")
DUTY = click.option("--duty", help="organ for the Bolotomus' duty Runnungitm (default: at random; play asks)")
NEW_GAME = (  # the options `new` and `play` (with no saved game) share
    click.option("--seed", type=click.IntRange(0, SEED_MAX),
                 help="seed for the dice and random choices, 0 to 2**63-1 (default: a random one)"),
    click.option("--dice", "dice_mode", type=click.Choice(["auto", "manual"]),
                 help="auto (default): the companion rolls; manual: players roll real dice and type them"),
    click.option("--spark", type=click.Choice(["ask", "random"]), is_flag=False, flag_value="ask",
                 help="optional rule: hide the Spark of Life under a Snorg; the Bolotomus types where at a hidden "
                      "prompt (--spark random: drawn in secret)"),
    click.option("--splops", type=click.IntRange(0, 4), default=0,
                 help="optional rule: Splops to hide (the rulebook: 3), placed as the Spark is"),
    click.option("--map", "map_file", metavar="EDITION|FILE.toml",
                 help="second-edition (default) or first-edition, the edition's maps; or the boxed game's own map, "
                      "transcribed as templates/snits/map-second-edition.toml is (docs/snits.md)"),
    click.option("--teach", is_flag=True, help="a first game: a one-line rule reminder with every step"),
    click.option("--vs", metavar="SIDE[,SIDE]", help="play against the computer: it plays the bolotomus, the snits, "
                                                   "or the named clans (multiplayer)"),
    click.option("--level", type=click.IntRange(1, 2),
                 help="the computer's strength: 1 quick, 2 (default) searches ahead; with --vs"),
    click.option("--think", type=click.FloatRange(0.01, 60),
                 help="seconds a level-2 decision may take (default 1); with --vs"),
)


@snits.later(
    *NEW_GAME,
    click.option("--snit-players", type=click.IntRange(1, 4), default=1, show_default=True,
                 help="Snit players, one clan each (2: 8 Snits, 3 badged; 3: 5/2; 4: 3/2)"),
    REMOVE,
    click.option("--force", "forces", multiple=True,
                 help="multiplayer: CLAN=NAME,NAME,... the Snits a clan's player keeps (default: at random)"),
    DUTY,
    click.option("--senior", type=click.IntRange(1, 4), help="2-4 Snit players: who holds the Senior Snit totem "
                                                             "(default: a dice roll)"),
    click.option("--hide-spark", help="for scripts: the Bolotomus' organ for the Spark (default: asked in secret)"),
    click.option("--hide-splops", help="for scripts: the organs for the Splops, e.g. Eye,Glut,Bilgeum, or random"),
    click.option("--variant", "variant", multiple=True,
                 help="NAME=NUMBER: organs_to_win (9), channel (2), canal (1), force (Snits per player, +-2)"),
    json_option,
)
def new(seed, dice_mode, spark, splops, map_file, teach, vs, level, think, snit_players, remove, forces, duty, senior,
        hide_spark, hide_splops, variant, as_json):
    """Start a game: Snorgs at their posts, the duty Runnungitm, the Snit force(s), the hidden Spark/Splops; with
    --vs the computer plays a side, and moves at once if it goes first."""
    from companion.cli.snits.hiding import hide
    from companion.shared.snits.text import next_lines, started

    game_id, state, setup = options().start_game(seed, dice_mode, spark, splops, map_file, teach, snit_players,
                                                 remove, forces, duty, senior, hide_spark, hide_splops, variant,
                                                 vs, level, think, ask=hide)
    if not as_json:
        click.echo(started(game_id, state, setup))
    state, replied = versus(game_id, setup, state, as_json)
    emit(as_json, {"game": game_id, "setup": options().public_setup(setup), "computer": replied,
                   "state": engine().view(state)}, "\n".join(next_lines(state, RULES)))


def perform(game: str | None, action: dict, as_json: bool) -> None:
    """Apply one action; print what the dice and rules did, and what comes next."""
    from companion.shared.lines import wrap
    from companion.shared.snits.text import hidden_text, next_lines

    try:
        game_id, result, setup = session.act(KIND, game, action)
    except session.ComputerToAct:  # its go was interrupted before this command: it finishes, then the action
        record, state = session.current(KIND, game)
        versus(record.id, session.seated(record), state, as_json)
        game_id, result, setup = session.act(KIND, record.id, action)
    except Refused as exc:
        from companion.snits.dice import NeedDice

        if isinstance(exc.__cause__, NeedDice):  # the rules count the dice; the command says how to type them
            raise Refused(_("{refusal}: after --roll, with commas, e.g. --roll 3,5").format(refusal=exc)) from None
        raise
    if not as_json:
        click.echo("\n".join(wrap(m) for m in result.messages))
    state, replied = versus(game_id, setup, result.state, as_json)
    lines = next_lines(state, RULES)
    if state.phase == Phase.OVER:
        lines += hidden_text(state, False)
    emit(as_json, lambda: {"game": game_id, "action": result.logged or action, "messages": list(result.messages),
                           "computer": replied, "state": engine().view(state)}, "\n".join(lines))


def with_dice(action: dict, roll: str | None) -> dict:
    rolled = options().dice(roll) if roll is not None else []
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
     lambda names, target: {"type": "pack", "who": options().split(names, "NAMES"), "target": target},
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
        _record, state = session.current(KIND, game)
        organs = every_compositor(state)
    perform(game, {"type": "compose", "at": list(organs)}, as_json)


def every_compositor(state) -> list[str]:
    """`compose` alone: every Compositor that may make a Makum now (the pool permitting); with none, every working
    one, so the rules say why not (each has composed this turn, the pool is empty)."""
    from companion.snits.makers import working_compositors
    from companion.snits.pieces import place_name

    offer = [a for a in engine().legal_actions(state) if a["type"] == "compose"]
    return offer[0]["at"] if offer else [place_name(state, o) for o in working_compositors(state)]


@snits.later(click.argument("sides", metavar="SIDE[,SIDE]|nobody"),
             click.option("--level", type=click.IntRange(1, 2), help="the computer's strength: 1 quick, 2 (default)"),
             click.option("--think", type=click.FloatRange(0.01, 60), help="seconds a level-2 decision may take "
                                                                            "(default 1)"),
             game_option, json_option)
def vs(sides, level, think, game, as_json):
    """Change who plays a side from now on: the computer plays SIDES (bolotomus, snits or clans), `nobody`
    hands every side to people; logged, so `undo` takes it back."""
    record, state = session.current(KIND, game)
    setup = session.seated(record)
    if sides.strip().lower() == "nobody":
        if level is not None or think is not None:
            raise Refused(_("--level and --think set up the computer: name the sides it plays, not nobody"))
        wanted = {"sides": [], "level": 2, "think": 1.0}
    else:
        wanted = options().against(sides, level, think, state.players, "manual" if state.manual else "auto")["computer"]
    if "hidden" in record.setup and options().computer_hides(record.setup) and state.phase != Phase.OVER \
            and not options().computer_hides({"computer": wanted}):
        raise Refused(_("the computer hid the Spark and Splops where nobody at the table may know: it keeps "
                        "playing the Bolotomus until the game ends"))
    to_act = session.computer_to_act(KIND, setup, state)
    game_id, result, setup = session.act(KIND, record.id, {"type": "vs", **wanted}, computer=to_act)
    if not as_json:
        click.echo("\n".join(result.messages))
    state, replied = versus(game_id, setup, result.state, as_json)
    emit(as_json, lambda: {"game": game_id, "computer": setup.get("computer"), "replied": replied,
                           "state": engine().view(state)}, after_step(state))


def show(game: str | None, eyes: bool, as_json: bool, render) -> None:
    """Print a saved game (status or map); --bolotomus adds the hidden placement, for the Bolotomus' eyes. The view
    (every legal action in it) is built only for --json."""
    record, state = session.current(KIND, game)
    if eyes:
        options().keep_secret(record, state)

    def out() -> dict:
        from companion.snits.game import reveal

        view = {"game": record.id, "state": engine().view(state)}
        return {**view, "bolotomus_eyes": reveal(state) if state.placement else None} if eyes else view

    emit(as_json, out, render(record.id, state, eyes))


@snits.later(click.argument("name", required=False, shell_complete=completes(KIND, "name")), eyes_option, game_option,
             json_option)
def status(name, eyes, game, as_json):
    """Every Snit and thingie, the score, and whose go it is with what is allowed next; NAME (a Snit, R#, M#):
    that one counter, where it stands, with whom, and the ways on."""
    from companion.shared.snits.text import status_text

    if name is None:
        return show(game, eyes, as_json, status_text)
    if eyes:
        raise Refused(_("--bolotomus shows the hidden placement with the whole status: leave out the NAME"))
    record, state = session.current(KIND, game)
    cid = counter(state, name)
    from companion.shared.snits.text import counter_text, counter_view

    emit(as_json, lambda: {"game": record.id, "counter": counter_view(state, cid)}, counter_text(record.id, state, cid))


@snits.later(eyes_option, game_option, json_option)
def hint(eyes, game, as_json):
    """What the computer (level 2) would play now for the side to act, with the odds of what it rolls for; the
    Bolotomus' hint reads the hidden placement: --bolotomus, for its eyes only."""
    from companion.shared.snits.hint import hint as suggest
    from companion.shared.snits.hint import hint_line

    record, state = session.current(KIND, game)
    if eyes:
        options().keep_secret(record, state)
    found = suggest(state, eyes)
    emit(as_json, {"game": record.id, **found}, hint_line(found, state))


@snits.later(eyes_option, click.option("--no-color", is_flag=True, help="no clan colours (also: NO_COLOR set)"),
             click.option("--compact/--full", default=None,
                          help="compact: the sketch and the score in an 80 x 24 terminal, counts not names "
                               "(`status NAME` finds one counter); full: every organ by name, about 60-75 lines "
                               "(default: full, compact on a terminal too small for it)"),
             game_option, json_option, name="map")
def map_(eyes, no_color, compact, game, as_json):
    """The Bolotomus in the terminal: what stands where, which passages are used up this phase."""
    from companion.shared.snits.map_text import fitted, painter

    show(game, eyes, as_json, lambda _id, state, eyes: fitted(state, eyes, painter(no_color), compact))


@snits.later(json_option)
def odds(as_json):
    """The exact chance of every roll: kick, hammer kick, chomp and last kick by speed, the Fleotis run."""
    from companion.shared.snits.tables import odds_text
    from companion.snits import odds as exact

    rows = exact.table_rows()
    emit(as_json, [{**r, "chance": str(r["chance"]), "percent": round(float(r["chance"]) * 100, 2)} for r in rows],
         odds_text(rows))


snits.later(*autoplay_command.OPTIONS)(autoplay_command.autoplay)
snits.later(*balance_command.OPTIONS)(balance_command.balance)


def after_step(state) -> str:
    from companion.shared.snits.text import next_lines

    return "\n".join(next_lines(state, RULES))


undo_redo_commands(snits, KIND, after_step)


@snits.later(game_option, json_option)
def log(game, as_json):
    """The game's actions with their dice, one line each, and what the other side did in its last turn."""
    from companion.shared.snits import log as snits_log

    record, state = session.current(KIND, game)
    actions = record.actions
    side, turn, done, resumed = snits_log.last_turn(record, state, len(actions))
    emit(as_json, lambda: {"game": record.id, "setup": options().public_setup(record.setup), "actions": actions,
                           "recap": {"side": side, "turn": turn, "resumed_here": resumed, "actions": [
                               {"action": a, "messages": list(m)} for a, m in done]}},
         snits_log.log_text(actions, side, turn, done, resumed))


@snits.later(game_option, *NEW_GAME, REMOVE, DUTY,
             click.option("--pace", type=click.FloatRange(0, 5), help="seconds between the computer's actions "
                                                                     "(default 0.6, or COMPANION_PACE; 0: at once)"))
def play(game, seed, dice_mode, spark, splops, map_file, teach, vs, level, think, remove, duty, pace):
    """Play at the keyboard: each phase says whose go it is; type an action (`?` lists every legal one, `? kick`
    reads a rule). With no saved game it starts one, as `new` would, asking which Snits stay home and where the
    duty Runnungitm starts."""
    from companion.cli.snits.play import run

    run(game, {"seed": seed, "dice_mode": dice_mode, "spark": spark, "splops": splops, "map_file": map_file,
               "teach": teach, "vs": vs, "level": level, "think": think, "remove": remove, "duty": duty}, pace)


stats_command(snits, KIND, "Finished games: wins of the Snits and of the Bolotomus, organs out (best, average, "
              "trend), turns, and each clan's wins in multiplayer games.")
add_rules(snits, "snits")
