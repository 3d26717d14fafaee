"""Where things go on paper: paper sizes, margins, N-up card grids, crop marks, bleed and duplex backs.

Every size is in millimetres and says whether it includes bleed; nothing here draws.
"""
from __future__ import annotations

from dataclasses import dataclass

from companion.core.language import N_, _

MIN_MARGIN = 3.0  # mm most home printers leave unprinted at each edge
CROP_GAP = 1.0  # mm between a crop mark and the printed area (trim plus bleed)
CROP_LENGTH = 3.0  # mm
SHORTEST_CROP = 2.0  # mm: where 3 mm marks do not fit (poker cards on Letter), they shrink to no less than this


class LayoutError(ValueError):
    """A layout that does not fit the paper; the message says what would fit."""


@dataclass(frozen=True)
class Paper:
    key: str
    label: str
    width: float  # portrait width, mm
    height: float

    def size(self, landscape: bool = False) -> tuple[float, float]:
        return (self.height, self.width) if landscape else (self.width, self.height)


PAPERS = {
    "a4": Paper("a4", "A4 210 x 297 mm", 210.0, 297.0),
    "letter": Paper("letter", "Letter 215.9 x 279.4 mm (8.5 x 11 in)", 215.9, 279.4),
}
A3 = Paper("a3", "A3 297 x 420 mm", 297.0, 420.0)  # only the Bolotomus map prints on it (`print map --paper a3`)


@dataclass(frozen=True)
class CardSize:
    label: str  # marked N_: shown through _()
    width: float  # trim size, without bleed
    height: float


POKER = CardSize(N_("poker card 63 x 88 mm (trim size, without bleed)"), 63.0, 88.0)
POKER_INCH = CardSize(N_("poker card 2.5 x 3.5 in = 63.5 x 88.9 mm (trim size, without bleed)"), 63.5, 88.9)
CARD_SIZES = {"63x88": POKER, "poker": POKER_INCH}  # `print cards --card-size`; 63x88 is the edition's own
A6 = CardSize(N_("A6 card 105 x 148 mm (trim size, no bleed)"), 105.0, 148.0)


@dataclass(frozen=True)
class Slot:
    """One card on a page: its trim box, and the bleed printed around it."""

    x: float
    y: float
    w: float
    h: float
    bleed: float = 0.0


@dataclass(frozen=True)
class CardGrid:
    """Cards in rows and columns, centred on the page; with bleed, cards sit 2 x bleed apart."""

    page_w: float
    page_h: float
    card: CardSize
    cols: int
    rows: int
    bleed: float = 0.0
    crop: float = CROP_LENGTH  # the crop marks' length

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    def _origin(self) -> tuple[float, float]:
        pitch_x, pitch_y = self.card.width + 2 * self.bleed, self.card.height + 2 * self.bleed
        return ((self.page_w - self.cols * pitch_x) / 2 + self.bleed,
                (self.page_h - self.rows * pitch_y) / 2 + self.bleed)

    def slots(self) -> list[Slot]:
        """Front slots, row by row from the top left."""
        x0, y0 = self._origin()
        px, py = self.card.width + 2 * self.bleed, self.card.height + 2 * self.bleed
        return [Slot(x0 + c * px, y0 + r * py, self.card.width, self.card.height, self.bleed)
                for r in range(self.rows) for c in range(self.cols)]

    def back_slots(self, offset: tuple[float, float] = (0.0, 0.0)) -> list[Slot]:
        """Where each front slot's back lands for a long-edge flip: columns mirrored, then moved by the offset."""
        dx, dy = offset
        return [Slot(self.page_w - s.x - s.w + dx, s.y + dy, s.w, s.h, s.bleed) for s in self.slots()]

    def trim_area(self, offset: tuple[float, float] = (0.0, 0.0)) -> tuple[float, float, float, float]:
        """x, y, w, h of the cards' outer cuts (the page's trim box), moved by the offset like a back page."""
        first, last = self.slots()[0], self.slots()[-1]
        return first.x + offset[0], first.y + offset[1], last.x + last.w - first.x, last.y + last.h - first.y

    def crop_marks(self, offset: tuple[float, float] = (0.0, 0.0)) -> list[tuple[float, float, float, float]]:
        """Short lines in the margin on the extension of every cut, clear of the printed bleed."""
        slots = self.slots()
        dx, dy = offset
        xs = sorted({round(v, 3) for s in slots for v in (s.x, s.x + s.w)})
        ys = sorted({round(v, 3) for s in slots for v in (s.y, s.y + s.h)})
        top, bottom = ys[0] - self.bleed, ys[-1] + self.bleed
        left, right = xs[0] - self.bleed, xs[-1] + self.bleed
        marks = []
        for x in xs:
            marks.append((x + dx, top - CROP_GAP - self.crop + dy, x + dx, top - CROP_GAP + dy))
            marks.append((x + dx, bottom + CROP_GAP + dy, x + dx, bottom + CROP_GAP + self.crop + dy))
        for y in ys:
            marks.append((left - CROP_GAP - self.crop + dx, y + dy, left - CROP_GAP + dx, y + dy))
            marks.append((right + CROP_GAP + dx, y + dy, right + CROP_GAP + self.crop + dx, y + dy))
        return marks


def card_grid(paper: Paper, card: CardSize, cols: int, rows: int, bleed: float = 0.0,
              landscape: bool = False) -> CardGrid:
    """A grid that leaves room for crop marks inside the printer's margin, or a LayoutError naming the most bleed.

    The marks are 3 mm long where that fits and shrink to no less than 2 mm where it does not; bleed never shortens
    them."""
    if not bleed >= 0:  # also catches nan
        raise LayoutError(_("bleed must be 0 mm or more, not {bleed:g}").format(bleed=bleed))
    w, h = paper.size(landscape)
    rooms = [((w - cols * card.width) / 2 - MIN_MARGIN - CROP_GAP, cols),
             ((h - rows * card.height) / 2 - MIN_MARGIN - CROP_GAP, rows)]  # for a mark, without bleed; cards
    crop = min(CROP_LENGTH, *(room for room, _count in rooms))
    if crop < SHORTEST_CROP:
        message = (_("{cols} x {rows} cards of {card} do not fit on {paper} (landscape), even without bleed")
                   if landscape else _("{cols} x {rows} cards of {card} do not fit on {paper}, even without bleed"))
        raise LayoutError(message.format(cols=cols, rows=rows, card=_(card.label), paper=paper.label))
    most = min((room - crop) / n for room, n in rooms)  # each card's bleed takes room twice, once each side
    if bleed > most:
        message = (_("{count} cards of {card} with {bleed:g} mm bleed do not fit on {paper}; use --bleed {most:.1f} "
                     "or less") if most >= 0.05 else
                   _("{count} cards of {card} fit on {paper} only without bleed; leave out --bleed"))
        raise LayoutError(message.format(count=cols * rows, card=_(card.label), bleed=bleed, paper=paper.label,
                                         most=most))
    return CardGrid(w, h, card, cols, rows, bleed, crop)


def parse_offset(text: str) -> tuple[float, float]:
    """'X,Y' in millimetres (e.g. '0.8,-1.2'), the measured shift of back pages."""
    parts = text.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        x, y = (float(p) for p in parts)
    except ValueError:
        raise LayoutError(_("offset {text!r} is not two numbers; write X,Y in mm, e.g. 0.8,-1.2").format(
            text=text)) from None
    if not (abs(x) <= 20 and abs(y) <= 20):  # also catches nan and inf
        raise LayoutError(_("offset {text!r} is more than 20 mm; measure it again on `companion print "
                            "calibration`").format(text=text))
    return x, y
