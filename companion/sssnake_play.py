"""`companion sssnake play`: prompts through the rounds; every answer becomes the same action a command would log."""
from __future__ import annotations

import click

from companion import session
from companion.engine import IllegalAction
from companion.sssnake.actions import endings, square
from companion.sssnake.terrain import endings_on
from companion.sssnake_cli import KIND, engine, run, score_text, status_text
from companion.session import Refused


class Answer(click.IntRange):
    """A whole number typed at a prompt; a wrong one is told what would do (click's own says 'integer range')."""

    def __init__(self, name: str, lo: int, hi: int | None = None):
        super().__init__(lo, hi)
        self.name = name

    def _describe_range(self) -> str:
        return f"{self.min}-{self.max}" if self.max is not None else f"{self.min} or more"


def attempt(game: str | None, action: dict) -> bool:
    """Apply an action; a refusal is printed and the prompt comes again."""
    try:
        run(game, action, False)
        return True
    except Refused as exc:
        click.echo(f"error: {exc.format_message()}", err=True)
        return False


def ask_square(text: str) -> list[int] | None:
    """A square as COL,ROW; Enter for none; a malformed one is asked again."""
    raw = click.prompt(text, default="", show_default=False).strip()
    if not raw:
        return None
    try:
        return list(square(raw))
    except IllegalAction as exc:
        click.echo(f"error: {exc}", err=True)
        return ask_square(text)


def ask_end(name: str, slug: str) -> str:
    """Where the move ended, as the letters a report keeps, offering only what the sheet has; asked again if unknown."""
    sheet = list(endings_on(slug))
    both = [f"{ground}+shade" for ground in sheet if ground != "shade" and "shade" in sheet]
    raw = click.prompt(f"{name}: ended on ({', '.join(sheet + both)}, Enter for none)", default="", show_default=False)
    try:
        return endings(part.strip() for part in raw.split("+") if part.strip())
    except IllegalAction as exc:
        click.echo(f"error: {exc}", err=True)
        return ask_end(name, slug)


def ask_report(name: str, view: dict) -> dict:
    """The questions for one snake's round; only the ones that can matter on this sheet and for this snake."""
    player = next(p for p in view["players"] if p["name"] == name)
    action = {"type": "report", "player": name}
    if click.confirm(f"{name}: eliminated this round?", default=False):
        action["out"] = True
        return action
    action["fresh"] = click.prompt(f"{name}: fresh apples eaten", type=Answer("number of apples", 0), default=0)
    if view["rotten_possible"]:
        action["rotten"] = click.prompt(f"{name}: rotten apples eaten", type=Answer("number of apples", 0), default=0)
    if view["golden_left"]:
        golden = []
        while (sq := ask_square(f"{name}: golden apple eaten (COL,ROW, Enter for none/no more)")):
            golden.append(sq)
        action["golden"] = golden
    action["end"] = ask_end(name, view["landscape"])
    if "Thieving" in player["abilities"] and action["fresh"]:
        stole = ask_square(f"{name}: Thieving, ended on fresh apples at (COL,ROW, Enter if not)")
        if stole:
            action["stole"] = stole
    return action


def step(game: str | None, view: dict, declined: set) -> None:
    """Ask for whatever the game needs next; `declined` holds (player, flip) rejoins already turned down."""
    if view["phase"] in ("caves", "flip"):
        click.prompt(f"{view['first_player']} flips: press Enter", default="", show_default=False)
        attempt(game, {"type": "flip"})
        return
    if view["placing"]:
        name = view["placing"][0]
        corner = ask_square(f"{name}: top-left corner of the Intuition square (COL,ROW, 1-12)")
        if corner:
            attempt(game, {"type": "place", "player": name, "corner": corner})
        return
    if view["choosing"]:
        name = view["choosing"][0]
        card = click.prompt(f"{name}: card number to take", type=Answer("card number", 1, 16))
        action = {"type": "take", "player": name, "card": card}
        if card == 15 and any(15 in row for row in view["display"]):  # a face-down one is refused first
            action["corner"] = ask_square(f"{name}: top-left corner of the Intuition square (COL,ROW, 1-12)")
        attempt(game, action)
        return
    for p in view["players"]:
        if p["may_rejoin"] and (p["name"], view["flips"]) not in declined:
            if click.confirm(f"{p['name']}: rejoin now (draw a cave)?", default=False):
                attempt(game, {"type": "rejoin", "player": p["name"]})
                return
            declined.add((p["name"], view["flips"]))
    attempt(game, ask_report(view["waiting_for"][0], view))


def walk(game: str | None) -> None:
    """Loop until the game is over or the player stops (Ctrl-C or Ctrl-D); every step is saved as it happens."""
    record, state = session.current(KIND, game)
    game_id = record.id
    view = engine().view(state)
    click.echo(status_text(game_id, view))
    declined: set[tuple[str, int]] = set()
    try:
        while view["phase"] != "over":
            step(game_id, view, declined)
            view = engine().view(session.current(KIND, game_id)[1])
    except (click.Abort, EOFError):
        click.echo("\nStopped; the game is saved. `companion sssnake play` carries on.")
        return
    click.echo(score_text(view))
