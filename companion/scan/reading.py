"""What a photo of a sheet said: its identity, every track cell's mark, and the counts and score read from them.

The counts follow the rulebook (Growing): each apple eaten circles the next number, a fresh apple a single circle, a
rotten one a filled circle, a golden one a double circle; past the last number the count starts again at 1. On a
layout-2 sheet with golden apples, the ticks beside the track count them, surer than a camera tells a double circle.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from companion.core.language import _, ngettext
from companion.sssnake.edition import edition
from companion.sssnake.scoring import total

MARKS = ("blank", "single", "filled", "double")  # a cell as read: no pencil, fresh, rotten, golden


class Unreadable(ValueError):
    """A photo the reader cannot read: its message is one line naming the cause and what would help."""


@dataclass(frozen=True)
class Reading:
    """One sheet read: `cells[n - 1]` is number n's mark; `ticks` the golden apples ticked (None: the sheet has no
    boxes for them); `unsure` the track numbers (0 for the ticks) a person should look at before it is kept."""

    landscape: str
    paper: str
    layout: int
    serial: str | None
    page: int | None
    cells: tuple[str, ...]
    ticks: int | None = None
    unsure: tuple[int, ...] = ()
    notes: tuple[str, ...] = field(default=())

    @property
    def laps(self) -> int:
        """How many times round the track: 2 once the first numbers, the starting snake's, are circled."""
        return 2 if self.cells[0] != "blank" else 1

    @property
    def length(self) -> int:
        """The highest number circled (the snake's length), past the last number once round again."""
        marked = [n for n, mark in enumerate(self.cells, 1) if mark != "blank"]
        if self.laps == 2:
            first = next((n for n, mark in enumerate(self.cells, 1) if mark == "blank"), len(self.cells) + 1)
            return edition().track_max + first - 1
        return max(marked, default=0) if marked else edition().start_length

    @property
    def golden(self) -> int:
        return self.ticks if self.ticks is not None else self.cells.count("double")

    @property
    def rotten(self) -> int:
        return self.cells.count("filled")

    @property
    def points(self) -> int:
        """The score solo (A + C - D); a multiplayer table adds B, which no track shows."""
        return total(self.length, self.golden, self.rotten)

    @property
    def gaps(self) -> tuple[int, ...]:
        """Numbers left blank below the highest circled: each apple circles the next number, so none should be."""
        if self.laps == 2:
            return ()
        top = max((n for n, mark in enumerate(self.cells, 1) if mark != "blank"), default=0)
        return tuple(n for n in range(edition().start_length + 1, top) if self.cells[n - 1] == "blank")

    def summary(self, name: str) -> str:
        """One line: "Fjord, pad C3SUWG sheet 2: length 23, golden 2, rotten 1 = 24 points; cells 12 and 17 unsure"."""
        where = (_("{landscape}, pad {serial} sheet {page}") if self.serial else _("{landscape} (no pad code read)"))
        line = _("{where}: length {length}, golden {golden}, rotten {rotten} = {points} points").format(
            where=where.format(landscape=name, serial=self.serial, page=self.page), length=self.length,
            golden=self.golden, rotten=self.rotten, points=self.points)
        doubt = sorted(set(self.unsure) | set(self.gaps))
        if doubt:
            cells = [str(n) for n in doubt if n]
            named = _(" and ").join([", ".join(cells[:-1]), cells[-1]] if len(cells) > 1 else cells)
            line += "; " + _(" and ").join(filter(None, [
                ngettext("cell {cells} unsure", "cells {cells} unsure", len(cells)).format(cells=named) if cells
                else "", _("the golden ticks unsure") if 0 in doubt else ""]))
        return line

    def to_dict(self) -> dict:
        """The reading as `--json` and the served page give it (the same fields, whatever the language)."""
        return {"landscape": self.landscape, "paper": self.paper, "layout": self.layout, "pad": self.serial,
                "sheet": self.page, "cells": list(self.cells), "ticks": self.ticks, "length": self.length,
                "golden": self.golden, "rotten": self.rotten, "points": self.points,
                "unsure": sorted(set(self.unsure) | set(self.gaps)), "notes": list(self.notes)}

