"""The play loop's prompt: a line asked, the table's commands done at it (undo, redo, status, score, deck, help, card,
fix, sheet, hint, quit) before it asks again, and an answer applied as the action a command would log, a refusal
printed and asked again."""
from __future__ import annotations

from collections.abc import Sequence

import click

from companion.cli.sssnake.base import KIND, confirm_anyway, engine
from companion.core.language import N_, _
from companion.core.numbers import whole
from companion.shared import session
from companion.shared.lines import fitted
from companion.shared.session import Refused
from companion.shared.sssnake.text import deck_text, score_text, table_text
from companion.sssnake.actions import COUNT_MAX
from companion.sssnake.fall import fall_lines
from companion.sssnake.state import Phase

COMMANDS = ("undo", "redo", "status", "score", "deck", "?", "help", "card", "fix", "sheet", "hint", "quit")
ALIASES = {"?": "help", "q": "quit", "exit": "quit"}  # what Snits' play takes too
# the German a table may type for the play loop's own words, beside the English (ae, oe, ue for umlauts too)
GERMAN = {"rückgängig": "undo", "rueckgaengig": "undo", "wiederholen": "redo", "stand": "status", "punkte": "score",
          "stapel": "deck", "hilfe": "help", "karte": "card", "korrigiere": "fix", "korrektur": "fix", "bogen": "sheet",
          "tipp": "hint", "ende": "quit", "beenden": "quit", "nimm": "take", "themen": "topics", "trotzdem": "anyway",
          "tauschen": "swap", "leihen": "borrow", "rollen": "roll", "hoch": "up", "oben": "up", "runter": "down",
          "unten": "down", "links": "left", "rechts": "right"}
HELP = N_("""The round, in one line: each player's name, then what happened to that snake.
  2           two fresh apples eaten      1r       one rotten apple
  g4,12       the golden apple at 4,12    2g       two golden (the boxed sheets)
  snow ice shade   where the move ended   x7,3     Thieving: fresh apples at 7,3
  out         eliminated this round       rejoin   Friendship: a cave this flip
  Example: Ann 2 Bob 0 Cid 1+g4,12 snow Dee out.
  A player left out ate nothing; 0 alone: nobody ate. End a line with ... when
  the others are still moving: they follow on the next line.
At every prompt:
  fix Ann 3 snow      Ann's whole report again, this round's or the one just
                      closed (the others' reports stay)
  undo, redo          take back (or put back) the last thing typed
  status, score, deck the table, the score A-E, the apple deck
  card 12             an ability card's text
  ? TOPIC             a rule (? alone: this help; ? topics lists them)
  sheet Ann, hint Ann a digital sheet, and a suggested path for it
  quit                stop here (q, exit, Ctrl-D too); the game is saved
A digital sheet's move: steps U D L R (R3 = R R R), squares 5,7, @5,7 to dig,
  dive or hatch, / between two heads; then swap (Tricky), borrow=2 (Nocturnal),
  roll=left (the apple falls on the snake, two edges as near: which one it
  rolls to), anyway (a move that eliminates the snake).""")


class Again(Exception):
    """A table command was typed at a prompt: it is done, and the game asks again from what it now waits for."""


def english(word: str) -> str:
    """A word typed at a prompt as the play loop reads it: a German one (`punkte`, `trotzdem`, `rollen=links`) in its
    English form, any other as typed."""
    key, equals, value = word.partition("=")
    return GERMAN.get(key.lower(), key) + equals + (GERMAN.get(value.lower(), value) if equals else "")


def refused(why: str) -> Again:
    """A refusal printed; the prompt comes again."""
    click.echo(f"error: {why}", err=True)
    return Again()


def open_round(state) -> list[str]:
    """The open round's flip and each snake's move; nothing while no round is open."""
    return fall_lines(state, state.snakes[state.first].name) if state.phase == Phase.MOVE else []


def ranked_once(messages: Sequence[str]) -> Sequence[str]:
    """What an action said, but the rules' ranking at the game's end: play prints the final score with its
    breakdown next, so the ranking shows once."""
    from companion.sssnake.closing import GAME_OVER

    over = _(GAME_OVER)
    return messages[:messages.index(over) + 1] if over in messages else messages


class Prompts:
    """One game's prompts: what the table types is an answer, or one of the table's commands (`do_` and its word)."""

    def __init__(self, game_id: str, setup: dict):
        self.game_id, self.setup = game_id, setup

    def ask(self, state, text: str) -> str:
        """A line typed at a prompt; a table command is done at once and the prompt comes again (Again)."""
        line = click.prompt(text, default="", show_default=False, prompt_suffix="> ").strip()
        word, _space, rest = line.partition(" ")
        command = ALIASES.get(english(word.lower()), english(word.lower()))
        if word.lower() in {s.name.lower() for s in state.snakes} or command not in COMMANDS:  # a player called Deck
            return line  # still reports
        getattr(self, "do_" + command)(state, rest.strip())
        raise Again

    def act(self, action: dict) -> None:
        """Apply an action and print what it did; a refusal is printed and asked again."""
        try:
            result = session.act(KIND, self.game_id, action)[1]
        except Refused as exc:  # an eliminating move is confirmed here by typing it again with `anyway`
            raise refused(confirm_anyway(str(exc), _("type it again with anyway at the end"))) from None
        if result.messages:
            click.echo("\n".join(fitted(line) for line in ranked_once(result.messages)))
        if session.computer_sides(self.setup):
            from companion.cli.sssnake.sheet import reply

            reply(self.game_id, self.setup, result.state, False)

    def do_undo(self, state, _rest: str) -> None:
        """Take back the last thing typed with all that followed it (the companion's flips, the computer's moves),
        say each, and show the open round again."""
        record = session.current(KIND, self.game_id)[0]
        bots = {name.lower() for name in session.computer_sides(self.setup)}
        if not any(typed(a, bots) for a in record.actions):
            raise refused(_("nothing typed to undo yet: the flips so far were the companion's"))
        undone: list[dict] = []
        while not undone or not typed(undone[-1], bots):
            moved, state = session.step_back(KIND, self.game_id, False)[1:]
            undone += moved
        after = [action_text(a) for a in reversed(undone[:-1])]
        click.echo((_("Undone: {action}, and after it: {after}.") if after else _("Undone: {action}.")).format(
            action=action_text(undone[-1]), after="; ".join(after)))
        if state.phase == Phase.MOVE:
            click.echo("\n".join(open_round(state)))

    def do_redo(self, state, _rest: str) -> None:
        try:
            told: list[str] = []
            moved = session.step_back(KIND, self.game_id, True, told=told)[1]
        except Refused as exc:
            raise refused(str(exc)) from None
        click.echo("\n".join([_("Redone: {action}").format(action=action_text(moved[0])), *told]))  # as the first time

    def do_status(self, state, _rest: str) -> None:
        click.echo(fitted(table_text(self.game_id, engine().view(state))))

    def do_score(self, state, _rest: str) -> None:
        click.echo(fitted(score_text(engine().view(state))))

    def do_deck(self, state, _rest: str) -> None:
        click.echo(fitted(deck_text(engine().view(state))))

    def do_help(self, state, topic: str) -> None:
        """`?` alone: the grammar and the commands; `? topics`: the rule topics; `? TOPIC`: one of them."""
        from companion.shared import topics

        if not topic:
            click.echo(_(HELP))
        elif english(topic.lower()) == "topics":
            click.echo(fitted(_("Topics: {topics}").format(topics=", ".join(t.name for t in topics.topics(KIND)))))
        else:
            try:
                click.echo(fitted(topics.topic_text(topics.find(KIND, topic))))
            except topics.UnknownTopic as exc:
                raise refused(str(exc)) from None

    def do_card(self, state, number: str) -> None:
        from companion.shared import topics

        card = whole(number, COUNT_MAX)
        if card is None:
            raise refused(_("card needs its number, 1-16: card 12"))
        try:
            click.echo(fitted(topics.topic_text(topics.card(card))))
        except topics.UnknownTopic as exc:
            raise refused(str(exc)) from None

    def do_fix(self, state, clause: str) -> None:
        """`fix Ann 3 snow`: the player's whole report again, in the round line's words; typed as the new round opens
        (the companion flipped right after the closing line), it corrects the round that closed: the flip is taken
        back, and comes again after the fix."""
        from companion.core.engine import IllegalAction
        from companion.sssnake.actions import to_dict
        from companion.sssnake.roundline import parse, report

        names = [s.name for s in state.snakes]
        first = clause.replace(":", " ").split()[:1]
        if not first or first[0].lower() not in {n.lower() for n in names}:
            raise refused(_("fix names the player first, like: fix {name} 3 snow (players: {names})").format(
                name=names[0], names=", ".join(names)))
        try:
            clauses = parse(clause, names)[0]
        except IllegalAction as exc:
            raise refused(str(exc)) from None
        if len(clauses) != 1 or "rejoin" in clauses[0]:
            raise refused(_("fix one player's report at a time, like: fix Ann 3 snow"))
        action = to_dict(report(clauses[0])) | {"type": "fix"}
        record = session.current(KIND, self.game_id)[0]
        flipped = record.actions[-1:] == [{"type": "flip"}] and state.phase == Phase.MOVE and not state.reports
        if not flipped or session.computer_sides(self.setup):
            self.act(action)
            return
        session.step_back(KIND, self.game_id, False)
        try:
            result = session.act(KIND, self.game_id, action)[1]
        except Refused as exc:
            session.step_back(KIND, self.game_id, True)  # the flip comes back: the fix did not apply
            raise refused(str(exc)) from None
        click.echo("\n".join([_("(The flip is taken back; it comes again after the fix.)"), *result.messages]))

    def do_sheet(self, state, name: str) -> None:
        from companion.cli.sssnake.sheet import sheet_lines
        from companion.shared.sssnake.hints import sheet_of

        try:
            who = sheet_of(state, name or mover(state))[0]
        except Refused as exc:
            raise refused(str(exc)) from None
        click.echo("\n".join(sheet_lines(state, who)))

    def do_hint(self, state, name: str) -> None:
        from companion.shared.sssnake.hints import path_words, suggestion

        try:
            action, why = suggestion(state, name or mover(state))
        except Refused as exc:
            raise refused(str(exc)) from None
        click.echo("\n".join([_("Try: {move}").format(move=path_words(action)), *why]))

    def do_quit(self, state, _rest: str) -> None:
        raise click.Abort


def mover(state) -> str:
    """The digital player the move prompt is asking, for `hint` and `sheet` typed without a name."""
    nxt = engine().next_step(state)
    if isinstance(nxt.get("digital"), list) and nxt["digital"]:  # the move prompt: the digital players yet to move
        return nxt["digital"][0]
    if nxt.get("digital") is True:  # an ability prompt: its digital chooser
        return nxt["player"]
    return next((state.snakes[i].name for i in state.sheets), "")


def typed(action: dict, bots: set[str]) -> bool:
    """An action a person typed: not the companion's flip (but one whose cave way they chose), nor a move or choice
    of the computer's snake."""
    return (action.get("type") != "flip" or "cave" in action) and str(action.get("player", "")).lower() not in bots


def action_text(action: dict) -> str:
    return engine().action_text(action) if action else _("a damaged action")
