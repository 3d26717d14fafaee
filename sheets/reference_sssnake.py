"""Sssnake's reference cards: the rounds, scoring (A-E and the solo ranks), the Terrain Types Overview with each
terrain's square as the sheets print it, and the 16 abilities in two cards with their pictograms and symbols."""
from __future__ import annotations

from companion.core.language import _, pgettext
from companion.sheets import pictograms, symbols
from companion.sheets.canvas import HAIRLINE, Canvas, Stroke
from companion.sheets.cards import Card
from companion.sheets.landscape import terrains
from companion.sheets.reference_card import PAD, SIZE, TOP, Block, H, W, fits, frame, paragraphs, text_card
from companion.sheets.terrain_art import draw_square
from companion.sheets.text import width, wrap
from companion.sssnake.edition import AbilityCard, edition

TINT = "#3f6b3a"
GREY = "#444444"


def rounds() -> list[Block]:
    ed = edition()
    lengths = ", ".join(map(str, ed.ability_thresholds))
    return [
        (_("First round"), [_("Turn an apple card: the first player draws a cave, the others an apple. Pass the "
                              "first player token clockwise; repeat until all have a cave.")]),
        (_("Later rounds"), [_("1 Turn an apple card: all draw an apple."),
                             _("2 All move their snakes by their length."),
                             _("3 Snakes grow: circle a length per apple."),
                             _("4 Snakes develop: at {lengths} take an ability.").format(lengths=lengths),
                             _("5 Pass the first player token clockwise.")]),
        (_("Moving"), [_("From the cave, exactly the snake's length ({length} at first), up, down, left or right, "
                         "never straight back.").format(length=ed.start_length)]),
        (_("Eliminated"), [_("Biting or bumping into itself, the edge or an object; ending where the terrain "
                             "forbids it.")]),
        (_("End of play"), [_("The last-but-one snake is out: the last finishes the round. A snake's apples of the "
                              "round it is out are not circled.")]),
    ]


def _badge(cv: Canvas, cx: float, cy: float, letter: str, ink_saver: bool) -> None:
    """A points-box letter in a circle, as on the sheet."""
    cv.circle(cx, cy, 2.1, Stroke(width=0.35), fill=None if ink_saver else "#ffffff")
    cv.text(cx, cy + 1.0, letter, 7, "middle", bold=True)


def scoring_card(cv: Canvas, ink_saver: bool) -> None:
    """Scoring points A-E, how each apple is circled on the length track, ties, and the solo ranks."""
    ed, title = edition(), _("Sssnake: scoring")
    frame(cv, title, TINT, ink_saver)
    rows = [("A", _("Snake length at the end.")),
            ("B", _("+ players eliminated before you x{eliminated}; two players: the dark x{dark}; solo: not "
                    "scored.").format(eliminated=ed.eliminated_multiplier, dark=ed.dark_multiplier)),
            ("C", _("+ golden apples eaten.")),
            ("D", _("- rotten apples eaten.")),
            ("E", _("Total."))]
    y = TOP - 1.5
    for letter, text in rows:
        _badge(cv, PAD + 2.1, y, letter, ink_saver)
        lines = wrap(text, W - 2 * PAD - 6, SIZE)
        for i, line in enumerate(lines):
            cv.text(PAD + 6, y + 1.0 + i * 3, line, SIZE)
        y += 2.2 + 3 * len(lines)
    y = paragraphs(cv, [("", [_("Example: length 32, four eliminated before you, 3 golden and 5 rotten: "
                                   "32 + 8 + 3 - 5 = 38.")])], y, size=SIZE - 0.6, line=2.7)
    cv.line(PAD, y - 1.5, W - PAD, y - 1.5, HAIRLINE)
    cv.text(PAD, y + 1.5, _("Circle the new length"), SIZE + 0.6, bold=True)
    y += 3.5
    circles = (("fresh", _("single circle")), ("rotten", _("coloured in, -1")), ("golden", _("double circle, +1")))
    for k, (kind, how) in enumerate(circles):
        x = PAD + 2.5 + k * 19
        symbols.apple(cv, x, y + 2.5, 1.7, kind, ink_saver)
        ring = Stroke(width=0.3)
        cv.circle(x + 5, y + 2.5, 2.2, ring, fill="#777777" if kind == "rotten" else None)
        if kind == "golden":
            cv.circle(x + 5, y + 2.5, 1.6, ring)
        cv.text(x + 5, y + 3.5, "5", 6, "middle", bold=kind != "rotten",
                colour="#ffffff" if kind == "rotten" else "#000000")
        cv.text(x - 2, y + 7.6, how, 5.2, colour=GREY)
    y += 11
    y = paragraphs(cv, [("", [_("Tie: the longer snake wins, then the one eliminated last; else they share.")])],
                   y + 0.5, line=2.8)
    cv.line(PAD, y - 1.5, W - PAD, y - 1.5, HAIRLINE)
    cv.text(PAD, y + 1.5, _("Solo ranks"), SIZE + 0.6, bold=True)
    y += 4.5
    ranks = ed.solo_ranks
    for i, (points, text) in enumerate(ranks):
        label = f"{points}+" if i < len(ranks) - 1 else _("under {points}").format(points=ranks[i - 1][0])
        x = PAD + (i % 2) * 27 if i < len(ranks) - 1 else PAD
        cv.text(x + 1, y, label, SIZE - 0.6, bold=True)
        cv.text(x + 1 + width(label, SIZE - 0.6, bold=True) + 1.2, y, _(text), SIZE - 0.6)
        y += 2.8 if i % 2 or i == len(ranks) - 1 else 0
    fits(title, y - 1.5)


def _mark(cv: Canvas, cx: float, y: float, rule: str) -> None:
    """May a snake do it here: a tick (yes), a cross (no) or the fox's paw (at the paw length); the word below."""
    pen = Stroke(width=0.45, round_cap=True)
    if rule == "yes":
        cv.polyline([(cx - 1.3, y + 1.6), (cx - 0.4, y + 2.6), (cx + 1.4, y + 0.4)], pen)
    elif rule == "no":
        cv.line(cx - 1.1, y + 0.5, cx + 1.1, y + 2.7, pen)
        cv.line(cx + 1.1, y + 0.5, cx - 1.1, y + 2.7, pen)
    else:
        symbols.paw(cv, cx, y + 1.7, 1.5)
    words = {"yes": pgettext("terrain rule", "yes"), "no": pgettext("terrain rule", "no"),
             "paw": pgettext("terrain rule", "paw")}
    cv.text(cx, y + 5.2, words[rule], 4.6, "middle", colour=GREY)


def terrain_card(cv: Canvas, ink_saver: bool) -> None:
    """The Terrain Types Overview: each terrain's square and pattern, may move, may end, and the note."""
    title = _("Sssnake: terrains")
    frame(cv, title, TINT, ink_saver)
    move_x, end_x, square = W - PAD - 10.5, W - PAD - 2.5, 6.0
    cv.text(PAD, 14, _("terrain"), SIZE - 0.4, bold=True)
    for x, word in ((move_x, pgettext("terrain column", "move")), (end_x, pgettext("terrain column", "end"))):
        cv.text(x, 14, word, SIZE - 0.4, "middle", bold=True)
    y = 15.5
    size, wrapped = _notes(move_x - PAD - square - 4.5, square)
    for t, notes in zip(terrains().values(), wrapped, strict=True):
        draw_square(cv, PAD, y, square, t, ink_saver)
        cv.rect(PAD, y, square, square, HAIRLINE)
        cv.text(PAD + square + 1.5, y + 2.4, _(t.name), SIZE, bold=True)
        for i, line in enumerate(notes):
            cv.text(PAD + square + 1.5, y + 4.7 + i * 2.1, line, size, colour=GREY)
        for x, rule in ((move_x, t.move), (end_x, t.end)):
            _mark(cv, x, y, rule)
        y += square + 1.2 + 2.1 * max(0, len(notes) - 1)
    cv.line(PAD, y, W - PAD, y, HAIRLINE)
    y += 1.5
    cv.rect(PAD, y, square, 3.2, Stroke("#c8372d" if not ink_saver else "#000000", 0.35, (0.5, 0.6)))
    cv.text(PAD + square + 1.5, y + 2.4, _("shade: no effect, unless an ability says so"), 5.4)
    y += 4.4
    cv.rect(PAD, y, square, 3.2, Stroke(width=0.9))
    cv.text(PAD + square + 1.5, y + 2.4, _("immovable object: like the sheet's edge"), 5.4)
    fits(title, y + 4)


def _notes(room: float, square: float) -> tuple[float, list[list[str]]]:
    """Each terrain's note wrapped to `room` mm at 5.2 points, or, where a longer translation would push the card
    past its foot, as much smaller as that takes (down to 4.4 points)."""
    size = 5.2
    while True:
        notes = [wrap(_(t.note) if t.note else "", room, size) for t in terrains().values()]
        rows_end = 15.5 + sum(square + 1.2 + 2.1 * max(0, len(n) - 1) for n in notes)
        if rows_end + 9.9 <= H - 2.5 or size <= 4.4:  # the shade and object lines below them: 9.9 mm
            return size, notes
        size = round(size - 0.2, 1)


EFFECT_X = PAD + 9  # mm: where an ability's name and effect start, right of its pictogram


def _effect(card: AbilityCard, size: float) -> list[str]:
    return wrap(_(card.effect), W - PAD - EFFECT_X, size)


def _row_height(lines: list[str]) -> float:
    return max(7.6, 3.4 + 2.15 * len(lines)) + 0.5


def _ability_row(cv: Canvas, y: float, card: AbilityCard, ink_saver: bool, size: float) -> float:
    """One ability: its pictogram and number, name and symbols, effect (at `size` points); returns where the next
    row starts."""
    cv.rect(PAD, y, 7.4, 7.4, Stroke("#777777", 0.2), fill=None if ink_saver else "#ffffff", radius=0.8)
    pictograms.PICTOGRAMS[card.number](cv, PAD + 3.7, y + 3.9, 2.75, ink_saver)
    x = EFFECT_X
    heading = f"{card.number} {_(card.name)}"
    cv.text(x, y + 2.5, heading, SIZE, bold=True)
    sx = x + width(heading, SIZE, bold=True) + 2.6
    if card.permanent:
        symbols.infinity(cv, sx, y + 1.5, 1.7, Stroke(width=0.35))
    else:
        symbols.lightning(cv, sx, y + 1.5, 1.5)
    if card.three_plus:
        symbols.three_snakes(cv, sx + 4.2, y + 1.5, 1.6, Stroke(width=0.25))
    lines = _effect(card, size)
    for i, line in enumerate(lines):
        cv.text(x, y + 4.8 + i * 2.15, line, size)
    return y + _row_height(lines)


def abilities_card(cv: Canvas, numbers: range, ink_saver: bool) -> None:
    """Eight abilities a card, in number order, with the key to the symbols at the foot."""
    title = _("Sssnake: abilities {first}-{last}").format(first=numbers[0], last=numbers[-1])
    frame(cv, title, TINT, ink_saver)
    abilities = [edition().abilities[n] for n in numbers]
    size = 5.4  # smaller only where a longer translation would push the card past its foot (the key: 2.5 mm)
    while size > 4.6 and 12.0 + sum(_row_height(_effect(a, size)) for a in abilities) + 2.5 > H - 2.5:
        size = round(size - 0.2, 1)
    y = 12.0
    for ability in abilities:
        y = _ability_row(cv, y, ability, ink_saver, size)
    y = fits(title, y + 2.5)
    symbols.infinity(cv, PAD + 1.7, y - 0.8, 1.7, Stroke(width=0.35))
    cv.text(PAD + 4, y, _("permanent"), 5.2, colour=GREY)
    symbols.lightning(cv, PAD + 17, y - 0.8, 1.5)
    cv.text(PAD + 19, y, _("single use"), 5.2, colour=GREY)
    symbols.three_snakes(cv, PAD + 33, y - 0.8, 1.6, Stroke(width=0.25))
    cv.text(PAD + 35, y, _("3+ players only"), 5.2, colour=GREY)


def cards(ink_saver: bool = False) -> list[Card]:
    """Rounds, scoring, terrains, and abilities 1-8 and 9-16."""
    return [Card("Sssnake rounds", lambda cv, b: text_card(cv, _("Sssnake: rounds"), TINT, rounds(), ink_saver)),
            Card("Sssnake scoring", lambda cv, b: scoring_card(cv, ink_saver)),
            Card("Sssnake terrains", lambda cv, b: terrain_card(cv, ink_saver)),
            Card("Sssnake abilities 1-8", lambda cv, b: abilities_card(cv, range(1, 9), ink_saver)),
            Card("Sssnake abilities 9-16", lambda cv, b: abilities_card(cv, range(9, 17), ink_saver))]
