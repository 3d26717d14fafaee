"""`companion sssnake daily` and `verify`: the day's solo game, the same deck and display for everyone, its result
shared as a token anyone can replay (docs/daily.md). Only click is imported here, so declaring these commands costs
a table command nothing; declared in cli/sssnake/commands.py with `declare(sssnake)`."""
from __future__ import annotations

import click

from companion.core.language import N_, _


def day_of(text: str | None):
    """The date typed as YYYY-MM-DD, or today's local date; a day no result token can carry is refused."""
    from datetime import date

    from companion.shared.session import Refused
    from companion.sssnake.actions import shown
    from companion.tokens.daily_token import EPOCH, LAST_DAY

    try:
        day = date.today() if text is None else date.fromisoformat(text)
    except ValueError:
        raise Refused(_("{text} is not a date; write it as YYYY-MM-DD, like 2026-11-30").format(
            text=shown(str(text)))) from None
    if not EPOCH <= day <= LAST_DAY:
        raise Refused(_("there is no daily game of {day}: the daily games run from {first} to {last}, the days a "
                        "result token can name").format(day=day, first=EPOCH, last=LAST_DAY))
    return day


def daily_games(day: str | None = None) -> list:
    """The saved daily games (of one day), most recent first."""
    from companion.shared.session import open_store

    store = open_store()
    try:
        return [r for r in store.games("sssnake") if r.setup.get("daily") and day in (None, r.setup["daily"])]
    finally:
        store.close()


def daily_landscape(day: str, landscape: str | None):
    """`record --daily`: (the date as YYYY-MM-DD, the day's landscape); a --landscape not the day's is refused."""
    from companion.shared.session import Refused
    from companion.shared.sssnake.setup import known_landscape
    from companion.sssnake.daily import landscape as of_day

    when = day_of(day)
    land = known_landscape(of_day(when))
    if landscape and known_landscape(landscape) != land:
        raise Refused(_("the daily game of {day} is played on {landscape}, not {other}").format(
            day=when, landscape=land.name, other=landscape))
    return when.isoformat(), land


DAILY = (
    click.option("--name", default="Player", show_default=True, help="your name, one word (the token carries it)"),
    click.option("--date", "day", metavar="YYYY-MM-DD", help="the day's game of this date (default: today, local)"),
    click.option("--paper", is_flag=True, help="draw on paper and report each round, instead of the digital sheet"),
    click.option("--again", is_flag=True, help="start the day's game again though this machine has one"),
    click.option("--share", is_flag=True, help="print the finished game's result token (the latest daily game, "
                                               "or --game)"),
    click.option("--game", help="with --share: the daily game to share (default: the latest daily game)"),
    click.option("--qr", metavar="FILE.png", help="with --share: also write the token as a QR code"),
    click.option("--force", is_flag=True, help="with --qr: replace the file if it exists"),
    click.option("--json", "as_json", is_flag=True, help="machine-readable output"),
)


def daily(name, day, paper, again, share, game, qr, force, as_json):
    """Start today's solo game: deck, display and landscape come from the date, the same for everyone; --share
    prints a finished one's result token."""
    if share:
        return share_result(game, qr, force, as_json)
    if game or qr or force:
        from companion.shared.session import Refused

        raise Refused(_("--game, --qr and --force go with --share: companion sssnake daily --share --qr day.png"))
    from companion.cli.output import emit
    from companion.cli.sssnake.base import KIND, engine
    from companion.shared import session
    from companion.shared.sssnake.setup import known_landscape
    from companion.shared.sssnake.text import setup_text
    from companion.sssnake.daily import day_setup

    when = day_of(day)
    started = daily_games(when.isoformat())
    if started and not again:
        record = started[0]
        emit(as_json, lambda: {"game": record.id, "date": when.isoformat(), "setup": record.setup, "started": True,
                               "state": engine().view(session.current(KIND, record.id)[1])},
             _("The daily game of {day} is already started here: {game} ({players}). Carry on with `companion "
               "sssnake status --game {game}`, or start another with --again.").format(
                 day=when, game=record.id, players=", ".join(record.setup["players"])))
        return
    setup = day_setup(when, name, digital=not paper)
    game_id, state = session.create(KIND, setup)
    land = known_landscape(setup["landscape"])
    view = engine().view(state)
    emit(as_json, {"game": game_id, "date": when.isoformat(), "setup": setup, "started": False, "state": view},
         _("Daily game of {day}: {landscape}, the same apple deck and ability display for everyone today.").format(
             day=when, landscape=land.name)
         + "\n" + setup_text(game_id, land, setup, view) + "\n" + how_to_play(when, setup["players"][0], paper))


def how_to_play(when, name: str, paper: bool) -> str:
    if paper:
        return _("On paper: `companion sssnake flip` turns each apple card; draw, then report the round: "
                 "`companion sssnake round \"{name} 2\"` (apples eaten, snow/ice/shade, out). The finished game "
                 "joins `companion sssnake history` with its day; a day played without the companion at hand: "
                 "`companion sssnake record --daily {day} --length N`.").format(name=name, day=when)
    return _("Play: `companion sssnake flip` turns each apple card; `companion sssnake move {name} PATH` walks your "
             "snake (U D L R, R3 = RRR, 5,7 a square, @5,7 a dig, dive or egg start, / between two heads); "
             "`companion sssnake take {name} CARD` when you gain an ability. Once your snake is out, `companion "
             "sssnake daily --share` gives the result token anyone can check with `companion sssnake verify TOKEN`."
             ).format(name=name)


def share_result(game: str | None, qr: str | None, force: bool, as_json: bool) -> None:
    """The result token of a finished daily game (and its QR code as a PNG)."""
    from datetime import date

    from companion.cli.output import emit
    from companion.shared import session
    from companion.shared.session import Refused
    from companion.tokens.daily_token import DailyError, result_token, verify

    if game is None:
        found = daily_games()
        if not found:
            raise Refused(_("no daily game here yet; start one with `companion sssnake daily`"))
        game = max(found, key=lambda r: r.updated).id
    record, state = session.current("sssnake", game)
    if not record.setup.get("daily"):
        raise Refused(_("game {game} is not a daily game; `companion sssnake daily` starts one").format(
            game=record.id))
    if not record.setup.get("digital"):
        raise Refused(_("game {game} is played on paper: no paths to share; its score is in `companion sssnake "
                        "history` with its day").format(game=record.id))
    try:
        token = result_token(state, record.actions, date.fromisoformat(record.setup["daily"]),
                             record.setup["players"][0])
    except DailyError as exc:
        raise Refused(str(exc)) from None
    result = verify(token)
    if qr:
        write_qr(token, qr, force, caption_lines(result))
    emit(as_json, {"game": record.id, "token": token, **result},
         "\n".join([result_line(result),
                    _("Result token ({count} characters): {token}").format(count=len(token), token=token),
                    *([_("QR code written to {path}").format(path=qr)] if qr else []),
                    _("Anyone can check it: {command}").format(command=f"companion sssnake verify '{token}'")]))


def write_qr(token: str, path: str, force: bool, caption: tuple[str, ...] = ()) -> None:
    """The token as a PNG QR code with the result in words under it, never over an existing file without --force."""
    import os

    from companion.cli.output import check
    from companion.shared.session import Refused
    from companion.tokens import qr

    if not path.lower().endswith(".png"):
        raise Refused(_("--qr writes a .png file, not {path}: e.g. --qr result.png").format(path=repr(path)))
    if os.path.lexists(path) and not force:
        raise Refused(_("{path} exists; --force would replace it (or choose another --qr file)").format(path=path))
    check(path, force=True)  # still refuses the saved-games file, a folder, a device
    try:
        qr.png(token, path, caption=caption)
    except OSError as exc:
        raise Refused(_("cannot write {path}: {why}; choose another place").format(path=path, why=exc.strerror or exc)
                      ) from None


def caption_lines(result: dict) -> tuple[str, ...]:
    """Under the result's QR code: the day, landscape and player, then the score and rank."""
    from companion.sssnake.edition import edition

    land = edition().landscapes[result["landscape"]].name
    return f"{result['date']} · {land} · {result['name']}", _("{score} points · {rank}").format(
        score=result["score"], rank=_(result["rank"]))


def result_line(result: dict) -> str:
    from companion.sssnake.edition import edition

    land = edition().landscapes[result["landscape"]].name
    return _("{day}, {landscape}, {name}: {score} points ({rank}), length {length}, {rounds} rounds").format(
        day=result["date"], landscape=land, name=result["name"], score=result["score"], rank=_(result["rank"]),
        length=result["length"], rounds=result["rounds"])


NOT_PROVEN = N_("Proven: these moves, on the deal of {day}, score {score} points. Not proven: who played them ({name} "
                "is the name the token carries; the same moves verify under any name) or that they were played on the "
                "day.")
VERIFY = (
    click.argument("token", nargs=-1),
    click.option("--image", "--photo", "image", metavar="PHOTO",
                 help="a photo or PNG of the result's QR code (daily --share --qr writes one)"),
    click.option("--json", "as_json", is_flag=True, help="machine-readable output"),
)


def verify(token, image, as_json):
    """Replay a daily result token (typed, or in a photo of its QR code) through the rules and confirm its score (no
    saved game needed)."""
    from companion.cli.output import emit
    from companion.shared.session import Refused
    from companion.tokens.daily_token import DailyError
    from companion.tokens.daily_token import verify as replay

    if bool(token) == bool(image):
        raise Refused(_("give the result token (in single quotes) or --image PHOTO of its QR code, one of the two"))
    try:
        result = replay(scanned(image) if image else " ".join(token))  # typed unquoted, it comes in pieces
    except DailyError as exc:
        raise Refused(str(exc)) from None
    if not result["over"]:
        raise Refused(_("the token's game is not over after {rounds} rounds; a result is shared once the snake is "
                        "out").format(rounds=result["rounds"]))
    emit(as_json, result, _("{result} \u2014 verified by replay").format(result=result_line(result)) + "\n"
         + _(NOT_PROVEN).format(day=result["date"], score=result["score"], name=result["name"]))


def scanned(image: str) -> str:
    """The daily result token in a photo of its QR code."""
    from companion.shared.session import Refused
    from companion.sssnake.daily import PREFIX
    from companion.tokens import qr

    try:
        texts = qr.read(image)
    except qr.ImageError as exc:
        raise Refused(str(exc)) from None
    found = [t for t in texts if t.startswith(PREFIX)]
    if not found:
        raise Refused(_("no daily result token in {image}: its QR code is no {prefix}... token (a saved game's or a "
                        "sheet's opens with `companion resume --image`)").format(image=image, prefix=PREFIX))
    return found[0]


def declare(group) -> None:
    """`daily` and `verify` on the sssnake group, built when first looked up."""
    group.later(*DAILY)(daily)
    group.later(*VERIFY)(verify)
