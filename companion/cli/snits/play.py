"""`companion snits play`: the table at the keyboard. Each phase says whose go it is; the table types an action, a
number from the `?` list or a table command; manual dice are asked as the rules need them, each roll after what the
dice before it did; the Bolotomus hides the Spark and the Splops at prompts that show nothing typed; when the turn
passes, a recap of the side that just played."""
from __future__ import annotations

import sys

import click

from companion.cli.snits.base import KIND, counter, engine, versus
from companion.cli.snits.dice_prompt import ask_dice
from companion.cli.snits.hiding import hide
from companion.cli.snits.typed import english
from companion.core.engine import IllegalAction
from companion.core.language import N_, _, ngettext, pgettext
from companion.core.numbers import whole
from companion.shared import session
from companion.shared.lines import wrap
from companion.shared.session import Refused
from companion.shared.snits.options import start_game
from companion.shared.snits.text import next_lines, started
from companion.snits.phases import acting, player_turn
from companion.snits.state import Phase

HELP = N_("""Type an action as the Next: line shows it (move, enter, kick, pack, chomp,
compose, transform, done) or one of:
  ?            the legal actions, numbered: type a number to play one
  ? TOPIC      a rule (? topics lists them)
  map          the Bolotomus           map compact   the map in 80 x 24
  status       every counter           status NAME   one (a Snit, R#, M#)
  log          the other side's last turn
  hint         what the computer would play now, with its odds (hint bolotomus)
  undo, redo   take back the last action, put it back
  quit         stop here (q, exit); the game is saved
At a dice prompt, `back` (or Enter) plays nothing, until a roll of the action
is shown.""")


def run(game: str | None, new_game: dict, pace: float | None = None) -> None:
    """Play the saved game (the latest, or `game`) to its end or until the table stops; with no saved game, start
    one as `new` would (the options in `new_game`) and show its setup. `pace`: seconds between the computer's
    actions (None: base.paced())."""
    try:
        record, state = session.current(KIND, game)
        game_id = record.id
    except Refused:
        if game is not None:
            raise
        game_id, state, setup = choose_and_start(new_game)
        click.echo(started(game_id, state, setup))
    else:
        given = [f"--{k.split('_')[0]}" for k, v in new_game.items() if v]
        if given:
            raise Refused(_("{options} set up a new game, and {game} is saved: `companion snits new` starts another, "
                            "then `play` plays it").format(options=", ".join(given), game=game_id))
    from companion.cli.games import again

    click.echo(_(HELP))
    while Table(game_id, pace).walk(state):
        options = rematched(session.seated(session.current(KIND, game_id)[0]))
        if options is None or not again():
            return
        game_id, state, setup = choose_and_start(options)
        click.echo(started(game_id, state, setup))


def rematched(setup: dict) -> dict | None:
    """`play`'s new game for the same game again: the map, the dice, the optional rules and the computer as they
    were; a new seed, and the Snits left home, the duty organ and the hidden placement chosen anew. None where play
    does not start such a game (several Snit players, a map file)."""
    if setup.get("players", 1) != 1 or "edition" not in setup:
        return None
    computer = setup.get("computer") or {}
    spark = ("ask" if at_terminal() else "random") if setup.get("spark") else None
    return {"seed": None, "dice_mode": setup.get("dice", "auto"), "spark": spark, "splops": setup.get("splops", 0),
            "map_file": setup["edition"], "teach": bool(setup.get("teach")),
            "vs": ",".join(computer.get("sides", [])) or None, "level": computer.get("level"),
            "think": computer.get("think"), "remove": None, "duty": None,
            "variant": tuple(f"{k}={v}" for k, v in setup.get("variants", {}).items())}


def choose_and_start(new_game: dict):
    """Prepare for Play 3-4: the Snit player chooses the two badged Snits that stay home and the Bolotomus the duty
    organ; on a terminal `play` asks whoever is not the computer (`random`: drawn from the seed), else says they
    were drawn. A choice the rules refuse is asked again."""
    from companion.shared.snits.options import against

    sides = session.computer_sides(against(new_game["vs"], new_game["level"], new_game["think"], 1,
                                           new_game["dice_mode"]))
    questions = [(key, question) for key, side, question in (
        ("remove", "Snits", N_("Snit player: which two badged Snits stay home? (e.g. Grubnik,Zoomer, or random)")),
        ("duty", "Bolotomus", N_("Bolotomus: in which organ does the duty Runnungitm R1 start? (an organ, or random)")))
        if new_game[key] is None and side not in sides]
    if not at_terminal():
        if questions:
            from companion.shared.snits.text import joined

            options = ", ".join("--" + k for k, _q in questions)
            click.echo(ngettext("Drawn at random: {what} ({options} chooses).",
                                "Drawn at random: {what} ({options} choose).", len(questions)).format(
                what=joined(_(QUESTIONED[k]) for k, _q in questions), options=options))
        return start_game(**new_game, ask=hide)
    from companion.shared.snits.options import check_answer

    while True:
        picks: dict = {}
        for key, question in questions:
            while True:  # each answer checked as it is given, so a wrong one is asked again at once, alone
                typed = click.prompt(_(question), default="random", show_default=False).strip()
                picks[key] = None if typed.lower() in ("", "random", pgettext("typed", "random").lower()) else typed
                try:
                    check_answer(new_game["map_file"], **picks)
                    break
                except Refused as exc:
                    click.echo("error: " + _("{refusal} (once more)").format(refusal=exc))
        try:
            return start_game(**{**new_game, **picks}, ask=hide)
        except Refused as exc:
            if not questions:
                raise
            click.echo("error: " + _("{refusal} (once more)").format(refusal=exc))


def at_terminal() -> bool:
    """Someone types at a terminal, so a question can be asked (not a script's or a test's piped input)."""
    return sys.stdin.isatty()


QUESTIONED = {"remove": N_("the two badged Snits left home"), "duty": N_("the duty Runnungitm's organ")}
MOMENT = 1.0  # seconds: a `done` this soon after a phase or side first shows was typed before it could be read


class Table:
    """One sitting: the game played, and what was last shown (each teaching reminder once, when its step comes)."""

    def __init__(self, game_id: str, pace: float | None = None):
        self.game_id, self.pace = game_id, pace
        self.taught = ""
        self.listed: list[dict] | None = None  # the `?` list, while a number may still pick from it
        self.seen: tuple = ()  # (turn, phase, who acts) last shown, and when it was first shown (time.monotonic)
        self.seen_at = 0.0
        self.asked: tuple = ()  # the (turn, phase, who) a `done` was questioned in: the next `done` there ends it,
        self.asked_at = 0.0     # unless it comes within MOMENT of the question (typed before it could be read)
        self.against = bool(session.computer_sides(session.seated(session.current(KIND, game_id)[0])))

    def walk(self, state) -> bool:
        """Show where the game stands, then take one line at a time until the game is over (True) or the table
        stops (False)."""
        self.computer(state)
        state = session.current(KIND, self.game_id)[1]
        self.show(state)
        while state.phase != Phase.OVER:
            try:
                line = english(click.prompt(">", prompt_suffix=" ", default="", show_default=False).strip())
            except click.Abort:
                click.echo("\n" + _("Stopped; the game is saved: `play` carries on."))
                return False
            if line in ("quit", "q", "exit"):
                return False
            turn = player_turn(state)
            try:
                changed = self.line(state, line)
            except Refused as exc:
                click.echo(f"error: {exc}")
                continue
            if changed:
                state = session.current(KIND, self.game_id)[1]
                if player_turn(state) != turn and state.phase != Phase.OVER and not self.against:
                    self.recap()  # against the computer, its go was shown as it came
                self.show(state)
        from companion.shared.snits.text import hidden_text

        click.echo("\n".join(hidden_text(state, False)))
        return True

    def show(self, state) -> None:
        """The headline, what may be done next, and (a game started with --teach) a new step's rule."""
        import time

        now = (state.turn, state.phase, acting(state))  # each clan's go its own: a clan's done is its own
        if now != self.seen:
            self.seen, self.seen_at, self.asked = now, time.monotonic(), ()
        lines = next_lines(state, "?")
        if state.teach:
            step = lines[-1]
            lines = lines[:-1] + ([step] if step != self.taught else [])
            self.taught = step
        click.echo("\n" + "\n".join(lines))

    def recap(self) -> None:
        """What the side that just played did, for the players who looked away."""
        from companion.shared.snits import log as snits_log

        record, state = session.current(KIND, self.game_id)
        side, turn, done, resumed = snits_log.last_turn(record, state, len(record.actions))
        if side:
            click.echo("\n" + "\n".join(snits_log.recap(side, turn, done, resumed)))

    def line(self, state, line: str) -> bool:
        """One line typed: a table command, `?`, a number from the `?` list, or an action; True if the game
        changed."""
        from companion.shared.lines import WIDTH
        from companion.shared.snits.map_text import fitted, painter
        from companion.shared.snits.text import next_steps, status_text
        from companion.snits import actions

        legal = engine().legal_actions(state)
        listed, self.listed = self.listed, None
        if line in ("?", "help") and not legal:
            click.echo(wrap(next_steps(state)))
            return False
        if line in ("?", "help"):
            items = [f"{i:>3}. {actions.to_text(actions.from_dict(a))}" for i, a in enumerate(legal, 1)]
            width = max(map(len, items)) + 2
            per_row = max(1, WIDTH // width)
            for k in range(0, len(items), per_row):
                click.echo("".join(item.ljust(width) for item in items[k:k + per_row]).rstrip())
            click.echo(_("(a number plays it; `? TOPIC` reads a rule: `? topics` lists them)"))
            self.listed = legal
            return False
        if line.startswith("?"):
            click.echo(rule(line[1:].strip()))
            return False
        if line in ("map", "map compact", "status", ""):
            click.echo(fitted(state, paint=painter(), compact=True if line == "map compact" else None)
                       if line.startswith("map") else status_text(self.game_id, state))
            return False
        if line.startswith("status "):
            from companion.shared.snits.text import counter_text

            click.echo(counter_text(self.game_id, state, counter(state, line[len("status "):].strip())))
            return False
        if line == "log":
            self.recap()
            return False
        if line in ("hint", "hint bolotomus"):
            from companion.shared.snits.hint import hint, hint_line

            if line != "hint":
                from companion.shared.snits.options import keep_secret

                keep_secret(session.current(KIND, self.game_id)[0], state)
            click.echo(wrap(hint_line(hint(state, line != "hint", _("`hint bolotomus`")), state)))
            return False
        if line in ("undo", "redo"):
            from companion.shared.steps import step_line

            told: list[str] = []  # a redo says again what it did
            _game, moved, _state = session.step_back(KIND, self.game_id, line == "redo", told=told)
            click.echo("\n".join([step_line(KIND, moved, line == "redo"), *told]))
            return True
        action: dict | None
        if line.isdecimal():
            if listed is None:
                raise Refused(_("a number plays from the `?` list on the line right after it: type ? or the action "
                                "(dice only when asked)"))
            n = whole(line, len(listed))
            if not n:
                raise Refused(_("pick a number from 1 to {count} (type ? to list them again)").format(count=len(listed)))
            action = listed[n - 1]
            click.echo(f"{line}: {actions.to_text(actions.from_dict(action))}")
        else:
            try:
                action = actions.to_dict(actions.from_text(line))
            except IllegalAction as exc:
                raise Refused(_("{refusal} (type ? for the legal actions)").format(refusal=exc)) from None
            if action["type"] == "compose" and not action["at"]:
                action["at"] = next((a["at"] for a in legal if a["type"] == "compose"), [])
        if action["type"] == "done" and self.questioned(state):
            return False
        shown = 0
        if state.manual:
            action, shown = ask_dice(state, action)
            if action is None:
                click.echo(_("back: nothing played"))
                return False
        _game, result, _setup = session.act(KIND, self.game_id, action)
        click.echo("\n".join(wrap(m) for m in result.messages[shown:]))
        self.computer(result.state)
        return True

    def questioned(self, state) -> bool:
        """A `done` is asked about once, and not played, when it would waste something (forfeits) or was typed
        within MOMENT of its phase showing at a terminal (typed ahead, meant for the phase before); the next `done`
        in the same phase ends it, unless it too came within MOMENT of the question."""
        import time

        from companion.snits.forfeits import forfeits
        from companion.snits.phases import title

        hurried = at_terminal() and time.monotonic() - self.seen_at < MOMENT
        if self.asked == self.seen:
            if not (at_terminal() and time.monotonic() - self.asked_at < MOMENT):
                return False
            lines = [_("`done` arrived as the question above was asked: it was typed before it could be read")]
        else:
            lines = [_("`done` now: {forfeit}").format(forfeit=line) for line in forfeits(state)]
            if not lines and hurried:
                lines = [_("`done` arrived as {phase} began: it was typed before this phase showed").format(
                    phase=title(state.phase))]
        if not lines:
            return False
        self.asked, self.asked_at = self.seen, time.monotonic()
        click.echo("\n".join(wrap(line) for line in lines) + "\n" + _("Type {done} again to end {phase}, or play "
                                                                       "on.").format(done=pgettext("typed", "done"),
                                                                                     phase=title(state.phase)))
        return True

    def computer(self, state) -> None:
        """Against the computer, its go follows the person's, step by step."""
        if self.against:
            record, _state = session.current(KIND, self.game_id)
            versus(self.game_id, session.seated(record), state, False, self.pace)
            if discard_typed(sys.stdin):
                click.echo(_("(what was typed during the computer's go is set aside: type it again now)"))


def rule(query: str) -> str:
    """`? kick`: a rule in the edition's words; `? topics` (or `?` with a word nobody wrote) lists the topics."""
    from companion.cli.topics import wrapped
    from companion.shared import topics

    if query.lower() in ("topics", "topic", pgettext("typed", "topics")):
        return wrapped(_("topics: {topics}").format(topics=", ".join(t.name for t in topics.topics("snits"))))
    try:
        return wrapped(topics.topic_text(topics.find("snits", query)))
    except topics.UnknownTopic as exc:
        return wrapped(f"error: {exc}")


def discard_typed(stream) -> bool:
    """Lines typed on a terminal while the computer played would answer the next prompt unread (a stray `done`
    ending a phase): throw them away; True if there were any."""
    if not stream.isatty():
        return False
    import select
    import termios

    waiting = bool(select.select([stream], [], [], 0)[0])
    termios.tcflush(stream.fileno(), termios.TCIFLUSH)
    return waiting
