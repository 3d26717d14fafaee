"""Drawing the Bolotomus map on a canvas: its passages by kind, its organs with their counter places and marks, the
orifices' entries from outside, and the key (the turn sequence, the passage kinds, the marks)."""
from __future__ import annotations

import math

from companion.core.language import N_, _, ngettext
from companion.sheets import symbols
from companion.sheets.canvas import HAIRLINE, Canvas, Point, Stroke
from companion.sheets.map_layout import BAND, COUNTER, SIDE, MapLayout, bridges, passage_ends, tag_points
from companion.sheets.text import width
from companion.snits.bolotomus import Bolotomus, Organ
from companion.snits.options import table

RED = "#c0392b"
FLESH = "#fbece6"
PASSAGE_INK = "#333333"
CHANNEL_GAP = 1.0  # mm from a channel's centre line to each of its two walls
BRIDGE = 3.5  # mm of a passage drawn over a crossing, each side of it: the one beneath breaks there
CANAL = Stroke(PASSAGE_INK, 0.6)
CHANNEL_WALL = Stroke(PASSAGE_INK, 0.4)
RED_CANAL = Stroke(RED, 0.8, dash=(2.0, 1.2))
SPOT = Stroke("#b0b0b0", 0.2, dash=(1.0, 1.0))
SNIT_TURN = (N_("1 Move Snits (in through orifices too)"), N_("2 Snit kicking"),
             N_("3 Fast Snits move again (not in)"))  # shown through _()
BOLOTOMUS_TURN = (N_("1 Compositors compose (a Makum each)"), N_("2 Move thingies"), N_("3 Chomping"),
                  N_("4 Makums transform"), N_("5 Has anybody won yet? (9 organs out)"))


def draw_map(cv: Canvas, layout: MapLayout, board: Bolotomus, ink_saver: bool) -> None:
    """Passages first (one that crosses another passes under it on a bridge), then the organs over their ends, the
    entries from outside, and the key."""
    ends = passage_ends(layout, board)
    for kind, a, b in ends:
        draw_passage(cv, kind, a, b)
    for over, _under, point in bridges(board, ends):
        bridge(cv, *ends[over], point)
    for (kind, _a, _b), (x, y) in zip(ends, tag_points(board, ends), strict=True):
        _limit_tag(cv, x, y, kind)
    for organ in board.organs:
        _organ(cv, layout, organ, ink_saver, board)
    _key(cv, layout, board, ink_saver)


def draw_passage(cv: Canvas, kind: str, a: Point, b: Point) -> None:
    """A channel as two walls ("2"), a canal as one line ("1"), a red canal red and dashed ("no Snits")."""
    if kind == "channel":
        length = math.dist(a, b) or 1.0
        nx, ny = -(b[1] - a[1]) / length * CHANNEL_GAP, (b[0] - a[0]) / length * CHANNEL_GAP
        for s in (1, -1):
            cv.line(a[0] + s * nx, a[1] + s * ny, b[0] + s * nx, b[1] + s * ny, CHANNEL_WALL)
    else:
        cv.line(a[0], a[1], b[0], b[1], RED_CANAL if kind == "red" else CANAL)


def bridge(cv: Canvas, kind: str, a: Point, b: Point, point: Point) -> None:
    """The passage `kind` from a to b drawn again over a white band at `point`: what crosses there is cut short on
    both sides of it, so the two plainly do not meet."""
    length = math.dist(a, b) or 1.0
    ux, uy = (b[0] - a[0]) / length * BRIDGE, (b[1] - a[1]) / length * BRIDGE
    start, end = (point[0] - ux, point[1] - uy), (point[0] + ux, point[1] + uy)
    cv.line(*start, *end, Stroke("#ffffff", 2 * CHANNEL_GAP + 2.4))
    draw_passage(cv, kind, start, end)


def _limit_tag(cv: Canvas, x: float, y: float, kind: str) -> None:
    """The passage's limit in a white tag at its middle: pieces per phase, or that Snits may not use it."""
    text = _("no Snits") if kind == "red" else str(table()[kind])
    colour = RED if kind == "red" else "#000000"
    if kind == "red":
        cv.rect(x - 6, y - 2.2, 12, 4.4, Stroke(RED, 0.3), fill="#ffffff", radius=1.2)
        cv.text(x, y + 1.1, text, 5.5, "middle", bold=True, colour=colour)
    else:
        cv.circle(x, y, 2.1, Stroke(PASSAGE_INK, 0.3), fill="#ffffff")
        cv.text(x, y + 1.1, text, 7, "middle", bold=True, colour=colour)


def _organ(cv: Canvas, layout: MapLayout, organ: Organ, ink_saver: bool, board: Bolotomus) -> None:
    x, y, w, h = layout.box(organ.name)
    cv.rect(x, y, w, h, Stroke(width=0.7), fill=None if ink_saver else FLESH, radius=3)
    big = 1.25 if layout.spots[0] > 2 else 1.0  # the big map's names a size larger
    cv.text(x + w / 2, y + 3.6, organ.name, (6.5 if len(organ.name) < 15 else 5.8) * big, "middle", bold=True)
    cv.line(x + 1.5, y + 4.6, x + w - 1.5, y + 4.6, HAIRLINE)
    cols, rows = layout.spots
    spots = [(x + SIDE + c * COUNTER, y + BAND + r * COUNTER) for r in range(rows) for c in range(cols)]
    for sx, sy in spots:
        cv.rect(sx, sy, COUNTER, COUNTER, SPOT)
    if not organ.snorg:
        _printed_snorg(cv, *spots[0], organ.name)
    if organ.compositor:
        _badge(cv, x + w - 1, y + 1, "M")
    if organ.smasher:
        cv.circle(x + w - 1, y + 1, 2.6, Stroke(RED, 0.4), fill="#ffffff")
        symbols.star(cv, x + w - 1, y + 1, 2.1, RED)
    if organ.orifice:
        _entry(cv, organ, x + 5, y + h, smashers(board), w - 7.5)


def _badge(cv: Canvas, x: float, y: float, letter: str) -> None:
    cv.circle(x, y, 2.6, Stroke(width=0.4), fill="#ffffff")
    cv.text(x, y + 1.1, letter, 7, "middle", bold=True)


def _printed_snorg(cv: Canvas, x: float, y: float, organ: str) -> None:
    """The Lapotum's Snorg is printed on the map: it has no counter and can never be killed."""
    cv.rect(x + 0.5, y + 0.5, COUNTER - 1, COUNTER - 1, Stroke(width=0.5), fill="#ffffff", radius=1)
    cv.text(x + COUNTER / 2, y + 5, organ, 5.5, "middle", bold=True)
    cv.text(x + COUNTER / 2, y + 9, "Snorg", 6, "middle")
    cv.text(x + COUNTER / 2, y + 12.5, _("(printed)"), 4.5, "middle", colour="#555555")
    cv.text(x + COUNTER + 1.5, y + 5, "Makums", 5, colour="#555555")
    cv.text(x + COUNTER + 1.5, y + 8, _("become"), 5, colour="#555555")
    cv.text(x + COUNTER + 1.5, y + 11, "Runnungitms", 4.6, colour="#555555")


def smashers(board: Bolotomus) -> list[str]:
    """The map's own smashers' names (the Eye and the Prolobosinator on the edition's maps), for its words."""
    return [o.name for o in board.organs if o.smasher]


def _entry(cv: Canvas, organ: Organ, x: float, bottom: float, smashing: list[str], room: float) -> None:
    """An arrow from outside (under the Bolotomus) into an orifice, with how many Snits may enter a turn, and for
    a smash orifice the map's own smashers; each line in `room` mm (a long name's line set smaller)."""
    _arrow(cv, x, bottom + 13, bottom + 0.5)
    lines = [_("entry from outside:"),
             ngettext("{n} Snit a turn", "{n} Snits a turn", organ.orifice).format(n=organ.orifice)]
    if organ.smash:
        lines += [_("+ smash roll while the {organ}").format(organ=smashing[0]),
                  _("or {organ} works").format(organ=smashing[1])]
    for i, text in enumerate(lines):
        _fitted(cv, x + 2.5, bottom + 4.5 + i * 2.4, text, 5.2, room, bold=i < 2)


def _fitted(cv: Canvas, x: float, y: float, text: str, size: float, room: float, bold: bool = False) -> None:
    """A line at `size` points, smaller where that is wider than `room` mm (a player's map's long names)."""
    cv.text(x, y, text, min(size, size * room / width(text, size, bold)), bold=bold)


def _arrow(cv: Canvas, x: float, y_from: float, y_to: float) -> None:
    pen = Stroke(width=0.7)
    cv.line(x, y_from, x, y_to + 2.2, pen)
    cv.polyline([(x - 1.6, y_to + 2.6), (x, y_to), (x + 1.6, y_to + 2.6)], None, fill="#000000", closed=True)


def _key(cv: Canvas, layout: MapLayout, board: Bolotomus, ink_saver: bool) -> None:
    """The turn sequence, the passage kinds and the organ marks (the map's own smashers and smash orifice), in the
    space the layout leaves for them."""
    x, y, w, h = layout.key
    cv.rect(x, y, w, h, Stroke(width=0.4), fill=None if ink_saver else "#ffffff", radius=2)
    line = 2.55
    cv.text(x + 2, y + 3.6, _("Game turn"), 6.5, bold=True)
    rows = [(_("Snit turn"), True)] + [(_(s), False) for s in SNIT_TURN] + [(_("Bolotomus turn"), True)] + \
        [(_(s), False) for s in BOLOTOMUS_TURN]
    for i, (text, head) in enumerate(rows):
        cv.text(x + (2 if head else 4), y + 6.4 + i * line, text, 5.5, bold=head)
    kx = x + w / 2 + 4
    cv.text(kx, y + 3.6, _("Passages (per movement phase) and marks"), 6.5, bold=True)
    rules = table()
    samples = [("channel", ngettext("channel: {n} piece", "channel: {n} pieces", rules['channel']).format(
                   n=rules['channel'])),
               ("canal", ngettext("canal: {n} piece", "canal: {n} pieces", rules['canal']).format(n=rules['canal'])),
               ("red", _("red canal: no Snits"))]
    for i, (kind, text) in enumerate(samples):
        ly = y + 7 + i * 3.2
        draw_passage(cv, kind, (kx, ly), (kx + 10, ly))
        cv.text(kx + 12, ly + 1, text, 5.5)
    marks = y + 7 + 3 * 3.2
    _badge(cv, kx + 2.6, marks + 0.4, "M")
    cv.text(kx + 6.5, marks + 1.4, _("Compositor: makes a Makum"), 5.5)
    smashing = smashers(board)
    if not smashing:
        return
    cv.circle(kx + 2.6, marks + 6.2, 2.6, Stroke(RED, 0.4), fill="#ffffff")
    symbols.star(cv, kx + 2.6, marks + 6.2, 2.1, RED)
    room = x + w - 2 - (kx + 6.5)
    _fitted(cv, kx + 6.5, marks + 6.6, _("{organs}: smash Snits").format(organs=", ".join(smashing)), 5.5, room)
    smashed = [o.name for o in board.organs if o.smash]
    _fitted(cv, kx + 6.5, marks + 9.0, _("running into the {organs}").format(organs=_(" or the ").join(smashed))
            if smashed else _("(no orifice of this map is smashed at)"), 5.5, room)
