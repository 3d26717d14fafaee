"""The game sheet round its grid: the header (place, player, ability-card setup), the side column (abilities
gained, points), the snake-length track and the legend of terrains, objects, shade and the sheet's own challenge."""
from __future__ import annotations

from companion.core.language import N_, _, ngettext, pgettext
from companion.sheets import symbols
from companion.sheets.canvas import HAIRLINE, THICK, THIN, Canvas, Stroke
from companion.sheets.landscape import OBJECTS, LandscapeMap, Terrain, terrains
from companion.sheets.sheet_grid import FALCON_LINE, SHADE
from companion.sheets.sheet_layout import (
    BOX_W,
    GRID_TOP,
    MARK,
    POINTS_Y,
    SIDE_W,
    SIDE_X,
    STAR,
    TEXT_X,
    Lower,
    shown_terrains,
    star_offset,
    track_centre,
)
from companion.sheets.terrain_art import draw_square
from companion.sheets.text import width, wrap
from companion.sssnake.edition import edition

GREEN, RED = "#23803a", "#c0392b"
SHADE_LINE = N_("shade: no effect unless an ability or challenge says")  # shown through _()


def draw_header(cv: Canvas, lmap: LandscapeMap, ink_saver: bool) -> None:
    meta = lmap.meta
    cv.text(TEXT_X, 9, meta.name, 24, bold=True)
    if meta.paw_length:
        x = TEXT_X + width(meta.name, 24, bold=True) + 8
        symbols.paw(cv, x, 5.5, 3.6)
        cv.text(x + 4.5, 8.5, str(meta.paw_length), 14, bold=True)
    flavour = _(meta.flavour) if meta.flavour else ""
    for i, line in enumerate(wrap(flavour, 95, 7.5)):  # slack for viewers without Helvetica
        cv.text(0, 15 + i * 3.4, line, 7.5, colour="#444444")
    cv.text(112, 7, _("Player"), 8, bold=True)
    cv.line(124, 7.5, BOX_W - MARK - 2, 7.5, THIN)
    label = _("Ability cards:")
    cv.text(112, 15, label, 8, bold=True)
    x = max(135.0, 112 + width(label, 8, bold=True) + 2)  # past a longer label (German)
    for label, numbers, colour in ((_("use"), meta.green, GREEN), (_("remove"), meta.red, RED)):
        cv.text(x, 15, label, 7)
        x += 4.5 + width(label, 7)
        for n in numbers:
            cv.circle(x, 13.9, 2.7, Stroke(colour, 0.5), fill=None if ink_saver else "#ffffff")
            cv.text(x, 15.1, str(n), 7.5, "middle", bold=True, colour=colour)
            x += 6.4
        x += 1
    cv.text(112, 20.5, _("Add random (?) cards up to 8; two rows of four, last of each row face-down."), 5.6,
            colour="#444444")


def draw_abilities(cv: Canvas) -> None:
    y = GRID_TOP + 3
    cv.text(SIDE_X, y, _("Abilities gained"), 8, bold=True)
    lengths = edition().ability_thresholds
    for i, length in enumerate(lengths):
        top = y + 2 + i * 9
        cv.rect(SIDE_X, top, SIDE_W, 7.5, THIN, radius=1)
        cv.text(SIDE_X + 1, top + 2.6, _("at {length}").format(length=length), 5)
    top = y + 2 + len(lengths) * 9
    cv.text(SIDE_X, top + 2.5, _("more:"), 6)
    for k in range(2):
        cv.line(SIDE_X, top + 7 + k * 6, SIDE_X + SIDE_W, top + 7 + k * 6, Stroke("#777777", 0.2))


def draw_points(cv: Canvas, ink_saver: bool) -> None:
    """The points box A-E with the eliminated multiplier and the dark one for two players (Scoring points)."""
    ed = edition()
    y = POINTS_Y
    cv.text(SIDE_X, y, _("Points"), 8, bold=True)
    rows = (("A", _("snake length")), ("B", _("out before you")), ("C", _("+ golden apples")),
            ("D", _("- rotten apples")), ("E", pgettext("points", "total")))
    for i, (letter, label) in enumerate(rows):
        top = y + 2 + i * 9.5
        cv.rect(SIDE_X, top, 4.5, 7.5, THIN, fill=None if ink_saver else "#f2f2f2")
        cv.text(SIDE_X + 2.25, top + 5.2, letter, 8, "middle", bold=True)
        cv.rect(SIDE_X + SIDE_W - 7.5, top, 7.5, 7.5, Stroke(width=0.4 if letter == "E" else 0.25))
        cv.text(SIDE_X + 5.3, top + 3, label, 4.8)
        if letter == "B":
            cv.text(SIDE_X + 5.3, top + 6.6, f"x{ed.eliminated_multiplier}", 6.5, bold=True)
            chip = SIDE_X + 10.5
            cv.rect(chip, top + 4.1, 5.8, 3.3, stroke=Stroke(width=0.3), fill="#333333" if not ink_saver else None)
            if ink_saver:  # a hatched frame, the x4 on white inside it: dark, and still readable
                cv.hatch(chip, top + 4.1, 5.8, 3.3, 45, 0.6, HAIRLINE)
                cv.rect(chip + 0.8, top + 4.6, 4.2, 2.3, stroke=None, fill="#ffffff")
            cv.text(chip + 2.9, top + 6.6, f"x{ed.dark_multiplier}", 6.5, "middle", bold=True,
                    colour="#ffffff" if not ink_saver else "#000000")
    cv.text(SIDE_X, y + 2 + 5 * 9.5 + 1.5, _("dark x{multiplier}: two players").format(
        multiplier=ed.dark_multiplier), 5)


def draw_track(cv: Canvas, ink_saver: bool, low: Lower, golden: bool = False) -> None:
    """The snake-length track 1..track_max; 1 to the starting length are the snake you begin with. With `golden`,
    the heading asks for a tick too (the boxes are sheet.py's), which a camera tells apart surely."""
    ed = edition()
    y = low.track_y
    cv.text(0, y, _("Snake length"), 8, bold=True)
    cv.text(25, y, _("fresh apple: circle - rotten: circle coloured in - golden: double circle and tick:") if golden
            else _("fresh apple: circle - rotten: circle coloured in - golden: double circle"), 6, colour="#444444")
    star_x = BOX_W - 38
    symbols.star(cv, star_x, y - 1.1, 1.6)
    cv.text(star_x + 2.5, y, _("new ability at this length"), 6, colour="#444444")
    for n in range(1, ed.track_max + 1):
        cx, cy = track_centre(n, low)
        start = n <= ed.start_length
        cv.circle(cx, cy, low.radius, Stroke("#8a8a8a", 0.2, dash=() if start else (0.6, 0.5)),
                  fill="#e9f2e0" if start and not ink_saver else None)
        cv.text(cx, cy + 1.1, str(n), 8, "middle", bold=start)
        if n in ed.ability_thresholds:
            dx, dy = star_offset(low)
            symbols.star(cv, cx + dx, cy + dy, STAR)
    cv.text(0, y + low.first_row + low.track_rows + low.radius + 2.5, _(
        "1-{start}: the snake you start with. Past {most}, start again at 1 and circle the numbers an extra time."
    ).format(start=ed.start_length, most=ed.track_max), 5.5, colour="#444444")


def _objects_named(lmap: LandscapeMap) -> str:
    """The sheet's own immovable objects, as the legend names them: "ship, harbour quay, trees"."""
    kinds = [r.kind for r in lmap.objects]
    return ", ".join(object_name(k, kinds.count(k)) for k in OBJECTS if k in kinds)


def object_name(kind: str, count: int) -> str:
    """An immovable object's name (its overlay letter), singular or plural as the sheet has one or more."""
    names = {"T": ngettext("tree", "trees", count), "F": ngettext("fox", "foxes", count),
             "H": ngettext("harbour quay", "harbour quays", count), "S": ngettext("ship", "ships", count)}
    return names[kind]


def draw_legend(cv: Canvas, lmap: LandscapeMap, ink_saver: bool, low: Lower) -> None:
    """What each terrain allows (Terrain Types Overview), then objects, shade and this sheet's feature."""
    y0, sw = low.legend_y, low.swatch
    cv.text(0, y0, _("Terrain"), 8, bold=True)
    cv.text(14, y0, _("move / end your move there"), 6, colour="#444444")
    paw = lmap.meta.paw_length
    col_w = BOX_W / 2
    shown = shown_terrains(lmap)
    rows = -(-len(shown) // 2)
    for i, kind in enumerate(shown):
        col, row = divmod(i, rows)
        x, y = col * col_w, y0 + 2 + row * low.legend_row
        draw_square(cv, x, y, sw, kind, ink_saver)
        cv.rect(x, y, sw, sw, HAIRLINE)
        cv.text(x + sw + 2, y + sw - 1.8, _(kind.name), 7.5, bold=True)
        cv.text(x + sw + 21, y + sw - 1.8, allows(kind, paw), 6)
    y = y0 + 2 + rows * low.legend_row + 0.6
    objects_mark(cv, 0, y, sw)
    cv.text(sw + 2, y + sw - 1.8, objects_line(lmap), 6)
    shade_mark(cv, col_w, y, sw)
    cv.text(col_w + sw + 2, y + sw - 1.8, _(SHADE_LINE), 6)
    feature_mark(cv, lmap, TEXT_X, y + low.feature_gap, ink_saver)
    cv.text(TEXT_X + 8, y + low.feature_gap + 4.4, feature_line(lmap), 6.5, bold=True)


def objects_mark(cv: Canvas, x: float, y: float, size: float) -> None:
    """The legend's mark for the objects: a square in their thick outline."""
    cv.rect(x, y, size, size, Stroke(width=THICK.width))


def shade_mark(cv: Canvas, x: float, y: float, size: float) -> None:
    """The legend's mark for shade: a square in its dotted outline."""
    cv.rect(x, y, size, size, SHADE)


def allows(kind: Terrain, paw: int | None) -> str:
    """What a terrain allows, as the legend says it (the phone's legend says it too)."""
    if kind.move == "paw":
        return _("length {paw}+ only").format(paw=paw) if paw else _("only with the paw length")
    rules = _("move {move} / end {end}").format(move=_rule(kind.move), end=_rule(kind.end))
    return rules + (f" - {_(kind.note)}" if kind.note else "")


def _rule(rule: str) -> str:
    """yes or no, as a terrain allows moving or ending there."""
    return {"yes": pgettext("terrain rule", "yes"), "no": pgettext("terrain rule", "no")}[rule]


def objects_line(lmap: LandscapeMap) -> str:
    return _("immovable objects ({objects}): no entry").format(objects=_objects_named(lmap))


def feature_mark(cv: Canvas, lmap: LandscapeMap, x: float, y: float, ink_saver: bool) -> None:
    """The sheet's own challenge's mark, 6 mm square from (x, y): the falcon's line, a golden apple, a paw, water."""
    meta = lmap.meta
    if meta.feature == "falcon":
        cv.line(x, y + 3, x + 6, y + 3, FALCON_LINE)
    elif meta.feature == "golden-apples":
        symbols.apple(cv, x + 3, y + 3.5, 2.2, "golden", ink_saver)
    elif meta.feature == "fox":
        symbols.paw(cv, x + 3, y + 3, 2.6)
    else:
        draw_square(cv, x, y, 6, terrains()["water"], ink_saver)


def feature_line(lmap: LandscapeMap) -> str:
    """The sheet's own challenge in words (the phone's legend says it too)."""
    meta = lmap.meta
    if meta.feature == "falcon":
        return _("Falcon: a snake that crosses the falcon's line of shadow {crossings} times in one turn is "
                 "eliminated at once.").format(crossings=meta.extra['falcon_crossings'])
    if meta.feature == "golden-apples":
        return _("Golden apples: the snake that eats one grows by 1 and scores +1 at the end; everyone else crosses "
                 "it out.")
    if meta.feature == "fox":
        return _("Fox: move on foliage only at snake length {length} or more, else you are out. Caves on foliage "
                 "move on to grassland.").format(length=meta.paw_length)
    return _("The river: a first game's sheet, no extra challenge. Water is crossed, not ended on.")
