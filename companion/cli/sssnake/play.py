"""`companion sssnake play`: the table's main screen. The companion flips, the table types one line a round (and an
ability choice when one is owed); the table's commands work at every prompt; every answer becomes the action a
command would log."""
from __future__ import annotations

import click

from companion.cli.sssnake.base import KIND, engine
from companion.shared import session
from companion.shared.session import Refused
from companion.shared.sssnake.text import (
    ability_name,
    deck_text,
    opening_text,
    score_text,
    table_text,
    teach_line,
    teach_step,
)
from companion.sssnake.actions import COUNT_MAX, shown, whole
from companion.sssnake.fall import fall_lines
from companion.sssnake.state import Phase

EXAMPLE = ("2", "0", "1 shade", "out")  # the words of a round line, shown with the players' own names
COMMANDS = ("undo", "redo", "status", "score", "deck", "?", "help", "card", "fix", "sheet", "hint", "quit")
HELP = """The round, in one line: each player's name, then what happened to that snake this round.
  2          two fresh apples eaten          1r      one rotten apple
  g4,12      the golden apple at 4,12        2g      two golden apples (the boxed game's sheets)
  snow  ice  shade    where the move ended   x7,3    Thieving: ended on fresh apples at 7,3
  out        eliminated this round           rejoin  Friendship mode: draws a cave on this flip
  Example: Ann 2 Bob 0 Cid 1+g4,12 snow Dee out.   A player left out ate nothing; 0 alone: nobody ate.
  End a line with ... when the others are still moving; they follow on the next line.
At every prompt:
  fix Ann 3 snow   Ann's whole report again, this round's or the one just closed (the others' reports stay)
  undo, redo       take back (or put back) the last thing typed
  status, score, deck    the table, the score A-E, the apple deck
  card 12          an ability card's text      ? TOPIC   a rule (? alone: this help; ? topics lists them)
  sheet Ann, hint Ann    a digital sheet, and a suggested path for it
  quit             stop here (Ctrl-D too); the game is saved
A digital sheet's move: steps U D L R (R3 = R R R), squares 5,7, @5,7 to dig, dive or hatch, / between two heads;
  then swap (Tricky), borrow=2 (Nocturnal), roll=left (the apple falls on the snake, two edges as near: which
  one it rolls to), anyway (a move that eliminates the snake)."""


class Again(Exception):
    """A table command was typed at a prompt: it is done, and the game asks again from what it now waits for."""


def walk(game: str | None) -> None:
    """Loop until the game is over or the table stops (quit, Ctrl-C or Ctrl-D); every step is saved as it happens."""
    record, state = session.current(KIND, game)
    screen = Screen(record.id, record.setup)
    click.echo(screen.opening(state))
    try:
        while state.phase != Phase.OVER:
            try:
                screen.turn(state)
            except Again:
                pass
            state = session.current(KIND, record.id)[1]
    except (click.Abort, EOFError):
        click.echo("\nStopped; the game is saved: play again to carry on.")
        return
    click.echo(score_text(engine().view(state)))
    if record.setup.get("daily") and record.setup.get("digital"):
        click.echo(f"Today's result: `companion sssnake daily --share --game {record.id}` gives its token, which "
                   "anyone can check with `companion sssnake verify TOKEN`.")
    screen.teach(state)


class Screen:
    """One sitting at the table: the game played, and the teaching reminder shown last (each is shown once when its
    step comes, not at every prompt)."""

    def __init__(self, game_id: str, setup: dict):
        self.game_id, self.setup = game_id, setup
        self.shown = None  # (player, flip) whose sheet was last shown at the move prompt
        self.taught = ""
        self.shown_grammar = False

    def opening(self, state) -> str:
        """On starting or resuming: the game, and the open round (the flip, each snake's move) before any question."""
        return opening_text(self.game_id, state, engine().view(state), self.open_round(state))

    @staticmethod
    def open_round(state) -> list[str]:
        """The open round's flip and each snake's move; nothing while no round is open."""
        return fall_lines(state, state.snakes[state.first].name) if state.phase == Phase.MOVE else []

    def teach(self, state) -> None:
        """In a game started with --teach: the reminder for the step the game now waits for, once per step."""
        nxt = engine().next_step(state)
        step = teach_step(nxt)
        if state.teach and step != self.taught:
            self.taught = step
            click.echo(f"Teach: {teach_line(nxt, '?')}")

    def turn(self, state) -> None:
        """Do what the game waits for: flip by itself, or ask the one line it needs."""
        if session.computer_sides(self.setup) and session.computer_to_act(KIND, self.setup, state):
            from companion.cli.sssnake.sheet import reply

            reply(self.game_id, self.setup, state, False)
            return
        nxt = engine().next_step(state)
        self.teach(state)
        if nxt["step"] == "flip":
            self.act({"type": "flip"} | self.cave_way(state))
        elif nxt["step"] == "report" and nxt["digital"]:
            self.move(state, nxt["digital"][0])
        elif nxt["step"] == "report":
            self.round(state, nxt)
        elif nxt["step"] == "choose":
            self.choose(state, nxt)
        elif nxt["marks"]:
            what = "the X on the snake, COL,ROW" if nxt["marks"] == 13 else "three eggs, COL,ROW COL,ROW COL,ROW"
            marks = self.ask(state, f"{nxt['player']}: Moulting drew {ability_name(nxt['marks'])}: {what}")
            self.act({"type": "place", "player": nxt["player"], "marks": squares_of(marks)})
        else:
            corner = self.ask(state, f"{nxt['player']}: the Intuition square's top-left corner (COL,ROW, each 1-12)")
            self.act({"type": "place", "player": nxt["player"], "corner": corner_of(corner)})

    def cave_way(self, state) -> dict:
        """Before a cave flip whose cave must move off the flipper's digital sheet with more than one way open, the
        first player chooses the way (Enter: the nearest)."""
        from companion.core.engine import IllegalAction
        from companion.sssnake.actions import direction
        from companion.sssnake.rounds import coming_cave
        from companion.sssnake.sheet import WORDS

        sq, ways = coming_cave(state)
        if len(ways) < 2:
            return {}
        nearest = min(ways, key=lambda d: ways[d][0])
        options = ", ".join(f"{WORDS[d]} (to {at[0]},{at[1]}{'; the nearest' if d == nearest else ''})"
                            for d, (_, at) in ways.items())
        name = state.snakes[state.first].name
        line = self.ask(state, f"{name} flips {sq[0]},{sq[1]}: a cave may not lie there. Which way does it move: "
                        f"{options}? (Enter: {WORDS[nearest]})")
        try:
            return {"cave": direction(line, "the cave") if line else nearest}
        except IllegalAction as exc:
            raise self.refused(str(exc)) from None

    def move(self, state, name: str) -> None:
        """A digital player's path, asked with their sheet in view; `anyway` confirms an eliminating move."""
        from companion.cli.sssnake.sheet import sheet_lines
        from companion.core.engine import IllegalAction
        from companion.sssnake.actions import move_from, to_dict

        who = state.index(name)
        lo, hi = state.snakes[who].move_range()
        if self.shown != (name, state.flips):  # once a round: a refusal asks again without the whole sheet
            self.shown = (name, state.flips)
            click.echo("\n".join(sheet_lines(state, who)))
        line = self.ask(state, f"{name} moves {lo}" + (f"-{hi}" if hi != lo else "") + " (a path like R R D; hint)")
        try:
            action = to_dict(move_from([name] + line.split()))
        except IllegalAction as exc:
            raise self.refused(str(exc)) from None
        self.act(action)

    def round(self, state, nxt: dict) -> None:
        """One prompt for the whole table's round."""
        if not self.shown_grammar:
            self.shown_grammar = True
            example = " ".join(f"{name} {words}" for name, words in zip(nxt["players"], EXAMPLE, strict=False))  # examples for the first few
            click.echo(f"Type the round, like: {example} (anyone left out ate nothing; ? for help)")
        rejoin = "".join(f"; {name} may rejoin" for name in nxt["rejoin"])
        line = self.ask(state, f"Round {state.flips - len(state.snakes)} ({', '.join(nxt['players'])}{rejoin})")
        if not line:  # a stray Enter must not close the round for the whole table
            raise self.refused("Enter alone closes nothing: type 0 if nobody ate this round, or the round line "
                               "(? for help)")
        self.act({"type": "round", "line": line})

    def choose(self, state, nxt: dict) -> None:
        """The cards the chooser may take, then `5` (`take 5`, `Bob 5` too), or `15 3,7` for Intuition with its
        square's corner; on a digital sheet `13 5,7` (the X) and `16 2,2 9,4 14,12` (the eggs)."""
        player = nxt["player"]
        words = self.ask(state, choice_prompt(state, nxt)).split()
        while words and words[0].lower().rstrip(":") in ("take", player.lower()):  # `take 5`, `Bob 5`, `take Bob 5`
            words.pop(0)
        card, rest = whole(words[0] if words else "", COUNT_MAX), " ".join(words[1:])
        if card is None:
            raise self.refused(f"{shown(' '.join(words))} is not a card; type its number, and for Intuition its "
                               "corner: 15 3,7")
        action = {"type": "take", "player": player, "card": card}
        if rest and card in (13, 16):
            action["marks"] = squares_of(rest)
        elif rest:
            action["corner"] = corner_of(rest)
        self.act(action)

    def ask(self, state, text: str) -> str:
        """A line typed at a prompt; a table command is done at once and the prompt comes again (Again)."""
        line = click.prompt(text, default="", show_default=False, prompt_suffix="> ").strip()
        word, _, rest = line.partition(" ")
        names = {s.name.lower() for s in state.snakes}
        if word.lower() in names or word.lower() not in COMMANDS:  # a player called Deck still reports
            return line
        getattr(self, "do_" + {"?": "help"}.get(word.lower(), word.lower()))(state, rest.strip())
        raise Again

    def act(self, action: dict) -> None:
        """Apply an action and print what it did; a refusal is printed and asked again."""
        try:
            _, result, _ = session.act(KIND, self.game_id, action)
        except Refused as exc:  # an eliminating move is confirmed here by typing it again with `anyway`
            raise self.refused(str(exc).replace("confirm it (anyway)", "type it again with anyway at the end")) from None
        if result.messages:
            click.echo("\n".join(result.messages))
        if session.computer_sides(self.setup):
            from companion.cli.sssnake.sheet import reply

            reply(self.game_id, self.setup, result.state, False)

    @staticmethod
    def refused(why: str) -> Again:
        click.echo(f"error: {why}", err=True)
        return Again()

    def do_undo(self, state, _rest: str) -> None:
        """Take back the last thing typed with all that followed it (the companion's flips, the computer's moves),
        say each, and show the open round again."""
        record, _ = session.current(KIND, self.game_id)
        bots = {name.lower() for name in session.computer_sides(self.setup)}
        if not any(typed(a, bots) for a in record.actions):
            raise self.refused("nothing typed to undo yet: the flips so far were the companion's")
        undone: list[dict] = []
        while not undone or not typed(undone[-1], bots):
            _, moved, state = session.step_back(KIND, self.game_id, False)
            undone += moved
        after = [action_text(a) for a in reversed(undone[:-1])]
        click.echo(f"Undone: {action_text(undone[-1])}" + (f", and after it: {'; '.join(after)}" if after else "") + ".")
        if state.phase == Phase.MOVE:
            click.echo("\n".join(self.open_round(state)))

    def do_redo(self, state, _rest: str) -> None:
        try:
            _, moved, _ = session.step_back(KIND, self.game_id, True)
        except Refused as exc:
            raise self.refused(str(exc)) from None
        click.echo(f"Redone: {action_text(moved[0])}")

    def do_status(self, state, _rest: str) -> None:
        click.echo(table_text(self.game_id, engine().view(state)))

    def do_score(self, state, _rest: str) -> None:
        click.echo(score_text(engine().view(state)))

    def do_deck(self, state, _rest: str) -> None:
        click.echo(deck_text(engine().view(state)))

    def do_help(self, state, topic: str) -> None:
        """`?` alone: the grammar and the commands; `? topics`: the rule topics; `? TOPIC`: one of them."""
        from companion.shared import topics

        if not topic:
            click.echo(HELP)
        elif topic.lower() == "topics":
            click.echo("Topics: " + ", ".join(t.name for t in topics.topics(KIND)))
        else:
            try:
                click.echo(topics.topic_text(topics.find(KIND, topic)))
            except topics.UnknownTopic as exc:
                raise self.refused(str(exc)) from None

    def do_card(self, state, number: str) -> None:
        from companion.shared import topics

        card = whole(number, COUNT_MAX)
        if card is None:
            raise self.refused("card needs its number, 1-16: card 12")
        try:
            click.echo(topics.topic_text(topics.card(card)))
        except topics.UnknownTopic as exc:
            raise self.refused(str(exc)) from None

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
            raise self.refused(f"fix names the player first, like: fix {names[0]} 3 snow (players: {', '.join(names)})")
        try:
            clauses, _ = parse(clause, names)
        except IllegalAction as exc:
            raise self.refused(str(exc)) from None
        if len(clauses) != 1 or "rejoin" in clauses[0]:
            raise self.refused("fix one player's report at a time, like: fix Ann 3 snow")
        action = to_dict(report(clauses[0])) | {"type": "fix"}
        record, _ = session.current(KIND, self.game_id)
        flipped = record.actions[-1:] == [{"type": "flip"}] and state.phase == Phase.MOVE and not state.reports
        if not flipped or session.computer_sides(self.setup):
            self.act(action)
            return
        session.step_back(KIND, self.game_id, False)
        try:
            _, result, _ = session.act(KIND, self.game_id, action)
        except Refused as exc:
            session.step_back(KIND, self.game_id, True)  # the flip comes back: the fix did not apply
            raise self.refused(str(exc)) from None
        click.echo("\n".join(["(The flip is taken back; it comes again after the fix.)", *result.messages]))

    def do_sheet(self, state, name: str) -> None:
        from companion.cli.sssnake.sheet import sheet_lines, sheet_of

        try:
            who, _ = sheet_of(state, name or mover(state))
        except Refused as exc:
            raise self.refused(str(exc)) from None
        click.echo("\n".join(sheet_lines(state, who)))

    def do_hint(self, state, name: str) -> None:
        from companion.cli.sssnake.sheet import sheet_of
        from companion.core.engine import IllegalAction
        from companion.sssnake.actions import from_dict, to_text
        from companion.sssnake.bot import hint

        try:
            who, _ = sheet_of(state, name or mover(state))
        except Refused as exc:
            raise self.refused(str(exc)) from None
        try:
            action, why = hint(state, who)
        except IllegalAction as exc:
            raise self.refused(str(exc)) from None
        click.echo("\n".join([f"Try: {to_text(from_dict(action)).split(' ', 2)[2]}", *why]))

    def do_quit(self, state, _rest: str) -> None:
        raise click.Abort


def corner_of(text: str) -> list[int]:
    """A square typed as COL,ROW; a malformed one is refused and asked again."""
    from companion.core.engine import IllegalAction
    from companion.sssnake.actions import square

    try:
        return list(square(text.strip()))
    except IllegalAction as exc:
        raise Screen.refused(str(exc)) from None


def mover(state) -> str:
    """The digital player the move prompt is asking, for `hint` and `sheet` typed without a name."""
    nxt = engine().next_step(state)
    if isinstance(nxt.get("digital"), list) and nxt["digital"]:  # the move prompt: the digital players yet to move
        return nxt["digital"][0]
    if nxt.get("digital") is True:  # an ability prompt: its digital chooser
        return nxt["player"]
    return next((state.snakes[i].name for i in state.sheets), "")


def squares_of(text: str) -> list[list[int]]:
    """Squares typed as COL,ROW separated by spaces or semicolons."""
    return [corner_of(sq) for sq in text.replace(";", " ").split()]


def choice_prompt(state, nxt: dict) -> str:
    """The cards the chooser may take (a permanent one held is no choice while a new one is face up), with the marks
    a digital sheet's Two-headed and Offspring need, only when those cards are among them."""
    from companion.sssnake.abilities import new_cards

    cards = new_cards(state, state.snakes[state.index(nxt["player"])]) or nxt["cards"]
    forms = {13: "Two-headed 13 COL,ROW", 16: "Offspring 16 and three squares"}
    marks = [forms[n] for n in forms if n in cards] if nxt["digital"] else []
    return f"{nxt['player']} takes an ability ({', '.join(map(ability_name, cards))}{''.join(f'; {m}' for m in marks)})"


def typed(action: dict, bots: set[str]) -> bool:
    """An action a person typed: not the companion's flip (but one whose cave way they chose), nor a move or choice
    of the computer's snake."""
    return (action.get("type") != "flip" or "cave" in action) and str(action.get("player", "")).lower() not in bots


def action_text(action: dict) -> str:
    return engine().action_text(action) if action else "a damaged action"
