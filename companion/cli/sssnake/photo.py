"""`sssnake record --photo`: a finished paper sheet read from a photo, shown as the sheet shows it, asked about once
and kept as a paper solo game; several photos are a table's sheets, scored with who was out before whom and ranked
(not kept: the store keeps solo paper games only). The reader (numpy, the `scan` extra) loads here only."""
from __future__ import annotations

from typing import TYPE_CHECKING

import click

from companion.cli.output import emit
from companion.cli.sssnake.options import RECORDED, Count
from companion.core.language import N_, _, pgettext
from companion.core.printable import printable
from companion.shared.session import Refused
from companion.shared.sssnake.paper import check_counts, check_sheet, record_paper
from companion.shared.sssnake.setup import known_landscape
from companion.shared.sssnake.text import paper_text
from companion.tokens.qr import MAX_BYTES

if TYPE_CHECKING:
    from companion.scan.reading import Reading

SYMBOLS = {"blank": ".", "single": "o", "filled": "*", "double": "@"}  # the pencil marks as a player draws them
LEGEND = N_("o fresh (a circle)  @ golden (a double circle)  * rotten (filled)  . not circled  ? unsure")
COUNTS = ("length", "golden", "rotten")
NOT_KEPT = N_("Not kept: the store keeps solo paper games only (one --photo).")
ANSWERS = {"y": "y", "j": "y", "n": "n", "c": "c", "k": "c"}  # Record this? j(a) keeps, k(orrigieren) corrects too


def count_word(name: str) -> str:
    """A count's name (length, golden, rotten) as the player reads it."""
    return {"length": pgettext("count", "length"), "golden": pgettext("count", "golden"),
            "rotten": pgettext("count", "rotten")}[name]


def photo_bytes(path: str) -> bytes:
    """The photo file's bytes (past the most any image may be, one more: the reader refuses that size), or a refusal
    naming what is wrong with the file."""
    shown = printable(path)
    try:
        with open(path, "rb") as photo:
            return photo.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise Refused(_("no photo at {path}: give the path of a photo of the sheet (JPEG or PNG)").format(
            path=shown)) from None
    except OSError as exc:
        raise Refused(_("cannot read {path}: {why}; give a photo file (JPEG or PNG)").format(
            path=shown, why=exc.strerror or exc)) from None


def read(path: str, named: bool = False) -> Reading:
    """The sheet read from the photo at `path`; a photo the reader cannot read is refused with its one line (`named`:
    after the photo's path, one of several)."""
    from companion.scan.door import read_sheet
    from companion.scan.reading import Unreadable

    data = photo_bytes(path)
    try:
        return read_sheet(data)
    except Unreadable as exc:
        raise Refused(f"{printable(path)}: {exc}" if named else str(exc)) from None


def picture(reading: Reading) -> str:
    """The track as the sheet prints it, two rows of numbers each with its mark beneath (? after an unsure one), the
    golden ticks, and what the marks mean."""
    cells, doubt = reading.cells, set(reading.to_dict()["unsure"])
    per_row = (len(cells) + 1) // 2
    lines = []
    for start in range(0, len(cells), per_row):
        numbers = range(start + 1, min(start + per_row, len(cells)) + 1)
        lines.append("".join(f"{n:>2} " for n in numbers).rstrip())
        lines.append("".join(f"{SYMBOLS[cells[n - 1]]:>2}{'?' if n in doubt else ' '}" for n in numbers).rstrip())
    if reading.ticks is not None:
        lines.append(_("  golden apples ticked: {ticks}").format(ticks=reading.ticks) + ("?" if 0 in doubt else ""))
    return "\n".join(lines + [f"  {_(LEGEND)}"])


def shown(reading: Reading) -> str:
    """The reading's line and its picture."""
    return f"{reading.summary(known_landscape(reading.landscape).name)}\n{picture(reading)}"


def sheet_of(reading: Reading) -> str | None:
    """The pad sheet as the store keeps it, "SERIAL/PAGE", when the photo's code was read."""
    return f"{reading.serial}/{reading.page}" if reading.serial and reading.page else None


def from_photos(paths: tuple[str, ...], landscape: str | None, day: str | None, typed: dict, yes: bool, again: bool,
                out_before: str | None, as_json: bool) -> None:
    """`record --photo`: one photo is a solo game kept; several, a table's sheets ranked."""
    if as_json and not yes:
        raise Refused(_("--json needs --yes with --photo: it records without asking"))
    if len(paths) == 1:
        if out_before:
            raise Refused(_("--out-before goes with several --photo: a table's sheets (solo scores no B)"))
        return solo(paths[0], landscape, day, typed, yes, again, as_json)
    given = [f"--{name}" for name in COUNTS if typed[name] is not None] + ["--daily"] * bool(day) + ["--again"] * again
    if given:
        raise Refused(_("{option} goes with one --photo (a solo game); several are a table's sheets, read as they "
                        "are").format(option=given[0]))
    return table(paths, landscape, yes, out_before, as_json)


def solo(path: str, landscape: str | None, day: str | None, typed: dict, yes: bool, again: bool,
         as_json: bool) -> None:
    """Read, show, ask once (y keeps, n drops, c corrects each count), keep; --length and the others correct the
    reading first."""
    reading = read(path)
    land = agreed(reading, landscape)
    if day:
        from companion.cli.sssnake.daily import daily_landscape

        day, of_day = daily_landscape(day, landscape)
        if of_day != land:
            raise Refused(_("the daily game of {day} is played on {landscape}; the photo is of a {other} sheet").format(
                day=day, landscape=of_day.name, other=land.name))
    sheet = sheet_of(reading)
    if sheet and not again:
        check_sheet(sheet)
    counts = {name: getattr(reading, name) if typed[name] is None else typed[name] for name in COUNTS}
    if not as_json:
        click.echo(shown(reading))
        corrected = [f"{count_word(name)} {counts[name]}" for name in COUNTS if counts[name] != getattr(reading, name)]
        if corrected:
            click.echo(_("As given: {counts}.").format(counts=", ".join(corrected)))
    try:
        check_counts(land, **counts)
    except Refused as exc:
        raise Refused(_("{why}; if the photo was misread, give the sheet's counts with --length, --golden and "
                        "--rotten").format(why=exc)) from None
    if not yes:
        answer = ANSWERS[click.prompt(_("Record this? [Y/n/c = correct]"), default="y", show_default=False,
                                      show_choices=False, type=click.Choice(list(ANSWERS), case_sensitive=False))]
        if answer == "n":
            return click.echo(_("Not recorded."))
        if answer == "c":
            counts = {name: click.prompt(count_word(name).capitalize(), default=counts[name],
                                         type=Count(1 if name == "length" else 0, RECORDED))
                      for name in COUNTS}
    kept = record_paper(land, counts["length"], counts["golden"], counts["rotten"], day, sheet=sheet, photo=True,
                        again=again)
    emit(as_json, lambda: {"reading": reading.to_dict(), "kept": kept | counts | {"source": "photo"}},
         paper_text(kept, counts["length"], counts["golden"], counts["rotten"]))


def agreed(reading: Reading, landscape: str | None):
    """The photo's landscape; a --landscape naming another is refused, naming both."""
    land = known_landscape(reading.landscape)
    if landscape and known_landscape(landscape) != land:
        raise Refused(_("the photo is of a {landscape} sheet, not {other}: leave --landscape out, or give the photo of "
                        "that sheet").format(landscape=land.name, other=known_landscape(landscape).name))
    return land


def table(paths: tuple[str, ...], landscape: str | None, yes: bool, out_before: str | None, as_json: bool) -> None:
    """Several sheets of one game: each read and shown, its player named and the players out before them asked
    (with --yes: "sheet N" and --out-before, else 0), then ranked by the rulebook's tie-breaks."""
    readings = [read(path, named=True) for path in paths]
    lands = {agreed(r, landscape) for r in readings}
    if len(lands) > 1:
        raise Refused(_("the photos are of {landscapes} sheets: a table plays one landscape; give each game's photos "
                        "apart").format(landscapes=_(" and ").join(sorted(land.name for land in lands))))
    players = len(paths)
    before = befores(out_before, players)
    rows = []
    for i, reading in enumerate(readings, 1):
        if not as_json:
            click.echo(_("Sheet {number}: {reading}").format(number=i, reading=shown(reading)))
        label = _("sheet {number}").format(number=i)  # under --json, English like all machine output
        name = label if yes else click.prompt(_("Sheet {number}: the player's name").format(number=i), default=label)
        if before or yes:
            out = before[i - 1] if before else 0
        else:
            out = click.prompt(_("How many players were out before {name}").format(name=name), default=0,
                               type=Count(0, players - 1))
        rows.append(scored(name, reading, out, players))
    ranked = places(rows)
    emit(as_json, lambda: {"readings": [r.to_dict() for r in readings], "table": ranked, "kept": False},
         "\n".join([_("Final table:")] + [table_line(r) for r in ranked] + [_(NOT_KEPT)]))


def befores(text: str | None, players: int) -> list[int]:
    """--out-before "0,1,2": each sheet's players out before them, in photo order (none given: [])."""
    if not text:
        return []
    parts = text.split(",")
    if len(parts) != players or not all(p.strip().isdigit() and int(p) < players for p in parts):
        raise Refused(_("--out-before takes one count per photo, each 0 to {most}, comma-separated: e.g. "
                        "--out-before {example}").format(most=players - 1,
                                                         example=",".join(str(n) for n in range(players))))
    return [int(p) for p in parts]


def scored(name: str, reading: Reading, before: int, players: int) -> dict:
    """One sheet's row: the rulebook's A-E with B the players out before this one."""
    from companion.sssnake.scoring import multiplier, total

    return {"name": name, "length": reading.length, "before": before, "B_points": before * multiplier(players),
            "golden": reading.golden, "rotten": reading.rotten,
            "points": total(reading.length, reading.golden, reading.rotten, before, players)}


def places(rows: list[dict]) -> list[dict]:
    """Best first: points, then length, then the later out (more players out before); still tied: shared."""
    def key(row: dict) -> tuple[int, int, int]:
        return row["points"], row["length"], row["before"]

    ordered = sorted(rows, key=key, reverse=True)
    return [row | {"place": next(n for n, other in enumerate(ordered, 1) if key(other) == key(row)),
                   "shared": sum(key(other) == key(row) for other in ordered) > 1} for row in ordered]


def table_line(row: dict) -> str:
    """` 1. Ann: 29 points = length 23 + 4 (2 out before) + 2 golden - 0 rotten`, "shared" where a tie stands."""
    return f"{row['place']:>2}. " + _(
        "{name}: {points} points = length {length} + {before_points} ({before} out before) + {golden} golden - "
        "{rotten} rotten").format(name=printable(row["name"]), points=row["points"], length=row["length"],
                                  before_points=row["B_points"], before=row["before"], golden=row["golden"],
                                  rotten=row["rotten"]) + (_("  (place shared)") if row["shared"] else "")

