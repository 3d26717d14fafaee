"""Dice: rolled from the game's seeded generator (auto), or typed in by players (manual), and always logged."""
from __future__ import annotations

from typing import TYPE_CHECKING

from companion.core.engine import IllegalAction, draw
from companion.core.language import N_, _, ngettext

if TYPE_CHECKING:
    from collections.abc import Iterable

    from companion.snits.state import State


AUTO = N_("this game rolls its own dice (auto dice); leave out the roll")


class NeedDice(IllegalAction):
    """Manual dice ran out mid-action; `more` says how many more the rules need next, `told` the lines the action
    had settled before that roll (the chomp that caught, before its last kick is rolled)."""

    def __init__(self, message: str, more: int, why: str, told: tuple[str, ...] = ()):
        super().__init__(message)
        self.more, self.why, self.told = more, why, told


def typed(text: str) -> tuple[int, ...]:
    """Dice as players type them: `3 2`, `32` or `3,2` (a die is one digit, 1 to 6); an empty item between commas
    (`1,,2`) is refused, never dropped: a die is missing."""
    items = [item.strip() for item in text.split(",")]
    if not text.strip() or (len(items) > 1 and not all(items)):
        raise IllegalAction(_("a die is missing in {typed}: type the dice as rolled, e.g. 3 2, 32 or 3,2").format(
            typed=repr(text)))
    digits = "".join("".join(item.split()) for item in items)
    if not digits.isascii() or not digits.isdigit() or not all("1" <= d <= "6" for d in digits):
        raise IllegalAction(_("a die shows 1 to 6: type the dice as rolled, e.g. 3 2, 32 or 3,2 (not {typed})").format(
            typed=repr(text)))
    return tuple(int(d) for d in digits)


class Roller:
    """Hands out dice for one action. Auto: one chance step per roll; a logged roll must match it (replay).
    Manual: the dice the players typed, checked 1-6, used in order; too few or too many is refused."""

    def __init__(self, state: State, given: Iterable[int] | None = None):
        self.state = state
        self.given = list(given or ())
        self.used: list[int] = []
        self.told: tuple[str, ...] = ()
        for d in self.given:
            if not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= 6:
                raise IllegalAction(_("a die shows 1 to 6, not {die}").format(die=repr(d)))

    def roll(self, n: int, why: str) -> tuple[int, ...]:
        if self.state.manual:
            have = self.given[len(self.used):]
            if len(have) < n:
                raise NeedDice(ngettext("manual dice: {why} needs {n} die; enter {all} in all, in the order rolled "
                                        "(you gave {given})",
                                        "manual dice: {why} needs {n} dice; enter {all} in all, in the order rolled "
                                        "(you gave {given})", n).format(why=why, n=n, all=len(self.used) + n,
                                                                        given=len(self.given)),
                               len(self.used) + n - len(self.given), why, self.told)
            dice = tuple(have[:n])
        else:
            rng = draw(self.state)
            dice = tuple(rng.randint(1, 6) for _die in range(n))
            logged = self.given[len(self.used):len(self.used) + n]
            if self.given and tuple(logged) != dice:
                raise IllegalAction(_(AUTO))
        self.used.extend(dice)
        return dice

    def so_far(self, lines: list[str]) -> None:
        """The lines this action has settled up to its next roll: a player rolling real dice reads them first."""
        self.told = tuple(lines)

    def finish(self) -> None:
        """All the dice typed must have been used: extra dice mean the players misread the situation."""
        if len(self.given) > len(self.used):
            if not self.state.manual:
                raise IllegalAction(_(AUTO))
            raise IllegalAction(_("too many dice: this needed {needed}, you gave {given}").format(
                needed=len(self.used), given=len(self.given)))
