"""`companion sssnake play`: the table's main screen. The companion flips, the table types one line a round (and an
ability choice when one is owed); the table's commands work at every prompt; every answer becomes the action a
command would log."""
from __future__ import annotations

import click

from companion.cli.sssnake.base import KIND, engine
from companion.cli.sssnake.options import square_arg
from companion.cli.sssnake.prompt import Again, Prompts, english, open_round, refused
from companion.core.language import _, pgettext
from companion.core.numbers import whole
from companion.shared import session
from companion.shared.lines import fitted
from companion.shared.session import Refused
from companion.shared.sssnake.text import (
    ability_name,
    opening_text,
    score_text,
    teach_line,
    teach_prefix,
    teach_step,
)
from companion.sssnake.actions import COUNT_MAX, shown
from companion.sssnake.state import Phase


def example() -> tuple[str, ...]:
    """The words of a round line, shown with the players' own names (the round line reads German words too)."""
    return "2", "0", "1 " + pgettext("typed", "shade"), pgettext("typed", "out")


def way_word(way: str) -> str:
    """A direction as the player types it: up, down, left, right (hoch, runter, links, rechts)."""
    return {"U": pgettext("typed", "up"), "D": pgettext("typed", "down"), "L": pgettext("typed", "left"),
            "R": pgettext("typed", "right")}[way]


def walk(game: str | None) -> None:
    """Play the game (the latest, or `game`), then the same game again while the table wants it."""
    from companion.cli.games import again
    from companion.shared.sssnake.setup import start_game

    record, state = session.current(KIND, game)
    while played(record, state) and (options := rematched(record.setup)) is not None and again():
        game_id, land, state, setup = start_game(**options)
        record = session.current(KIND, game_id)[0]


def played(record, state) -> bool:
    """Loop until the game is over (True) or the table stops (quit, Ctrl-C or Ctrl-D: False); every step is saved
    as it happens."""
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
        click.echo("\n" + _("Stopped; the game is saved: play again to carry on."))
        return False
    click.echo(score_text(engine().view(state)))
    if record.setup.get("daily") and record.setup.get("digital"):
        click.echo(_("Today's result: `companion sssnake daily --share --game {game}` gives its token, which anyone "
                     "can check with `companion sssnake verify TOKEN`.").format(game=record.id))
    screen.teach(state)
    return True


def rematched(setup: dict) -> dict | None:
    """start_game's options for the same game again: the players in their order, the landscape, the sheets, the
    digital sheets and the computer's snakes; a new seed. None for a daily game (one a day)."""
    from companion.shared.sssnake.setup import same_again

    return None if setup.get("daily") else same_again(setup)


def left_out(state, line: str) -> list[str]:
    """The paper players a line would record as eating nothing, in a round some already reported (a split round:
    the next line may well be for the rest only); none in a fresh round, where leaving out means nothing eaten."""
    from companion.core.engine import IllegalAction
    from companion.sssnake.roundline import parse

    if not state.reports:
        return []
    try:
        clauses, wait = parse(line, [s.name for s in state.snakes])
    except IllegalAction:  # the rules refuse it in their words when it is applied
        return []
    named = {c["player"] for c in clauses}
    return [] if wait else [state.snakes[i].name for i in state.movers() if i not in state.reports
                            and i not in state.sheets and state.snakes[i].name not in named]


class Screen(Prompts):
    """One sitting at the table: the game played, and the teaching reminder shown last (each is shown once when its
    step comes, not at every prompt)."""

    def __init__(self, game_id: str, setup: dict):
        super().__init__(game_id, setup)
        self.shown: tuple[str, int] | None = None  # (player, flip) whose sheet was last shown at the move prompt
        self.taught = ""
        self.shown_grammar = False
        self.closing = ""  # a line that would close a split round for players it leaves out, once said so

    def opening(self, state) -> str:
        """On starting or resuming: the game, and the open round (the flip, each snake's move) before any question."""
        return opening_text(self.game_id, state, engine().view(state), open_round(state))

    def teach(self, state) -> None:
        """In a game started with --teach: the reminder for the step the game now waits for, once per step."""
        nxt = engine().next_step(state)
        step = teach_step(nxt)
        if state.teach and step != self.taught:
            self.taught = step
            click.echo(teach_prefix(teach_line(nxt, "?")))

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
            what = _("the X on the snake, COL,ROW") if nxt["marks"] == 13 else _("three eggs, COL,ROW COL,ROW COL,ROW")
            marks = self.ask(state, _("{player}: Moulting drew {ability}: {what}").format(
                player=nxt["player"], ability=ability_name(nxt["marks"]), what=what))
            self.act({"type": "place", "player": nxt["player"], "marks": squares_of(marks)})
        else:
            corner = self.ask(state, _("{player}: the Intuition square's top-left corner (COL,ROW, each 1-12)").format(
                player=nxt["player"]))
            self.act({"type": "place", "player": nxt["player"], "corner": corner_of(corner)})

    def cave_way(self, state) -> dict:
        """Before a cave flip whose cave must move off the flipper's digital sheet with more than one way open, the
        first player chooses the way (Enter: the nearest)."""
        from companion.core.engine import IllegalAction
        from companion.sssnake.actions import direction
        from companion.sssnake.rounds import coming_cave

        sq, ways = coming_cave(state)
        if len(ways) < 2:
            return {}
        nearest = min(ways, key=lambda d: ways[d][0])
        options = ", ".join((_("{way} (to {square}; the nearest)") if d == nearest else _("{way} (to {square})"))
                            .format(way=way_word(d), square=f"{at[0]},{at[1]}") for d, (_far, at) in ways.items())
        line = self.ask(state, _("{player} flips {square}: a cave may not lie there. Which way does it move: "
                                 "{ways}? (Enter: {nearest})").format(player=state.snakes[state.first].name,
                                                                     square=f"{sq[0]},{sq[1]}", ways=options,
                                                                     nearest=way_word(nearest)))
        try:
            return {"cave": direction(english(line), _("the cave")) if line else nearest}
        except IllegalAction as exc:
            raise refused(str(exc)) from None

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
        line = self.ask(state, _("{player} moves {steps} (a path like R R D; hint)").format(
            player=name, steps=f"{lo}-{hi}" if hi != lo else lo))
        try:
            action = to_dict(move_from([name] + [english(word) for word in line.split()]))
        except IllegalAction as exc:
            raise refused(str(exc)) from None
        self.act(action)

    def round(self, state, nxt: dict) -> None:
        """One prompt for the whole table's round."""
        if not self.shown_grammar:
            self.shown_grammar = True
            pairs = zip(nxt["players"], example(), strict=False)  # examples for the first few
            click.echo(fitted(_("Type the round, like: {example} (anyone left out ate nothing; ? for help)").format(
                example=" ".join(f"{name} {words}" for name, words in pairs))))
        rejoin = "".join(_("; {name} may rejoin").format(name=name) for name in nxt["rejoin"])
        # the rulebook's first round draws the caves: the first apple card's round is its second
        line = self.ask(state, _("Round {number} ({players})").format(
            number=state.flips - len(state.snakes) + 1, players=", ".join(nxt["players"]) + rejoin))
        if not line:  # a stray Enter must not close the round for the whole table
            raise refused(_("Enter alone closes nothing: type 0 if nobody ate this round, or the round line "
                            "(? for help)"))
        left = left_out(state, line)
        if left and line != self.closing:  # after a `...` line, a short line closing the round is asked about once
            self.closing = line
            click.echo(fitted(_("This line closes the round: {players} would be recorded as eating nothing. Type it "
                                "again to record that, or name them (end with ... if they are still moving).").format(
                players=_(" and ").join(left))))
            raise Again
        self.act({"type": "round", "line": line})

    def choose(self, state, nxt: dict) -> None:
        """The cards the chooser may take, then `5` (`take 5`, `Bob 5` too), or `15 3,7` for Intuition with its
        square's corner; on a digital sheet `13 5,7` (the X) and `16 2,2 9,4 14,12` (the eggs)."""
        player = nxt["player"]
        words = self.ask(state, choice_prompt(state, nxt)).split()
        while words and (english(first := words[0].lower().rstrip(":")) == "take" or first == player.lower()):
            words.pop(0)  # `take 5` (`nimm 5`), `Bob 5`, `take Bob 5`
        card, rest = whole(words[0] if words else "", COUNT_MAX), " ".join(words[1:])
        if card is None:
            raise refused(_("{typed} is not a card; type its number, and for Intuition its corner: 15 3,7").format(
                typed=shown(" ".join(words))))
        action = {"type": "take", "player": player, "card": card}
        if rest and card in (13, 16):
            action["marks"] = squares_of(rest)
        elif rest:
            action["corner"] = corner_of(rest)
        self.act(action)


def corner_of(text: str) -> list[int]:
    """A square typed as COL,ROW; a malformed one is refused and asked again."""
    try:
        return square_arg(text.strip())
    except Refused as exc:
        raise refused(str(exc)) from None


def squares_of(text: str) -> list[list[int]]:
    """Squares typed as COL,ROW separated by spaces or semicolons."""
    return [corner_of(sq) for sq in text.replace(";", " ").split()]


def choice_prompt(state, nxt: dict) -> str:
    """The cards the chooser may take (a permanent one held is no choice while a new one is face up), with the marks
    a digital sheet's Two-headed and Offspring need, only when those cards are among them."""
    from companion.sssnake.abilities import new_cards

    cards = new_cards(state, state.snakes[state.index(nxt["player"])]) or nxt["cards"]
    forms = {13: _("Two-headed 13 COL,ROW"), 16: _("Offspring 16 and three squares")}
    marks = [forms[n] for n in forms if n in cards] if nxt["digital"] else []
    return _("{player} takes an ability ({cards})").format(
        player=nxt["player"], cards=", ".join(map(ability_name, cards)) + "".join(f"; {m}" for m in marks))
