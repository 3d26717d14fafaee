"""Where things are on the Sssnake game sheet, in mm from its box's top-left corner: the grid, the side column, the
track and the legend below; sheet_grid, sheet_panels and pencil draw from these names.

The box is 196 mm wide, the width A4 leaves 7 mm from each side (the squares are as large as that width allows
beside the side column), and as tall as the paper leaves 7 mm from top and bottom: 265 mm on Letter, 283 mm on A4,
whose extra height spreads the track and the legend (larger circles to write in) instead of leaving it blank.

Layout 2 (companion/tokens/pad_code.py) is drawn for the photo reader too (companion/scan): four corner marks, a
larger QR with a shorter code, and on a landscape with golden apples a box to tick for each one eaten.
"""
from __future__ import annotations

from companion.sheets.landscape import SIZE, LandscapeMap, Terrain, terrains
from companion.sheets.layout import Paper
from companion.sssnake.edition import edition

MARGIN = 7.0  # mm from every edge of the page: what home printers leave unprinted
BOX_W, BOX_H = 196.0, 265.0  # mm: the printed area, 7 mm inside A4's sides and Letter's top and bottom; the least
#                              height (box_height gives a paper's own)
CELL = 9.8  # mm per square: as large as the box allows beside a side column that still holds the QR
BAND = 5.5  # mm for the column and row numbers on every side
GRID_TOP = 27.0
GRID_X, GRID_Y = BAND, GRID_TOP + BAND
SIDE_X = 2 * BAND + SIZE * CELL + 3  # the right-hand column: abilities, points, QR
SIDE_W = BOX_W - SIDE_X
POINTS_Y = 88.0
QR_SIZE = 22.0  # layout 1's QR, with a quiet zone of 4 modules
QR_Y = 153.0
QR2_SIZE, QR2_QUIET = 25.0, 2  # layout 2's: a version-1 code of 21 modules, 1 mm each; the side column's white is
#                                the rest of its quiet zone
MARK = 5.0  # mm: the side of each corner mark, flush with the box's corners
TEXT_X = MARK + 3  # where the title and the challenge's line start, clear of the marks on the left
STAR = 1.3  # mm: the ability star's outer radius beside a track number
GOLD_X, GOLD_BOX, GOLD_PITCH = 105.0, 3.6, 5.2  # mm: the golden apples' tick boxes on the track's heading line
GRID_END = GRID_Y + SIZE * CELL  # the grid's lower edge: the track and the legend share the box below it
TRACK_Y = GRID_END + 9.5  # the snake-length track's heading, under the column numbers (in the least box)
TRACK_ROWS = 10.0  # mm between the track's two rows of circles
LEGEND_Y = TRACK_Y + 26
LEGEND_ROW = 6.6
FOOT = 2.5  # mm the last line of the legend ends above the box's foot


def box_height(paper: Paper) -> float:
    """The drawing's height on this paper: the page's less the margins, whole millimetres, at least BOX_H."""
    return max(BOX_H, float(int(paper.size()[1] - 2 * MARGIN)))


class Lower:
    """The part under the grid: the track, then a legend of `rows` rows of terrain, stretched by `stretch` so its
    last line ends FOOT above the foot of a box `box_h` tall (the least box and three rows: as drawn before, near
    enough); the track's circles as large as the stretch and their pitch allow."""

    def __init__(self, box_h: float = BOX_H, rows: int = 3):
        drawn = 9.5 + 26 + 2 + rows * LEGEND_ROW + 0.6 + 8.6 + 4.4  # mm from the grid's edge to the last baseline
        self.stretch = f = (box_h - FOOT - GRID_END) / drawn
        self.track_y = GRID_END + 9.5 * f
        self.track_rows = TRACK_ROWS * f
        self.first_row = 6.5 * f  # the first row of circles under the heading
        self.legend_y = self.track_y + 26 * f
        self.legend_row = LEGEND_ROW * f
        self.swatch = 6 * min(f, 1.2)
        self.feature_gap = 8.6 * f
        pitch = BOX_W / ((edition().track_max + 1) // 2)
        self.radius = min(pitch * 0.38 * f, pitch * 0.42)  # a golden double circle drawn on it clears the next


def lower(lmap: LandscapeMap, box_h: float = BOX_H) -> Lower:
    """This landscape's part under the grid in a box `box_h` tall (its legend has a row per two terrains)."""
    return Lower(box_h, -(-len(shown_terrains(lmap)) // 2))


def shown_terrains(lmap: LandscapeMap) -> list[Terrain]:
    """The terrains the legend explains: those on this landscape, in terrains.toml's order."""
    present = {name for row in lmap.terrain for name in row}
    return [k for k in terrains().values() if k.name in present]


def track_centre(n: int, low: Lower) -> tuple[float, float]:
    """The centre of number n's circle on the length track, in two rows of half the numbers each."""
    per_row = (edition().track_max + 1) // 2
    row, col = divmod(n - 1, per_row)
    return (col + 0.5) * BOX_W / per_row, low.track_y + low.first_row + row * low.track_rows


def star_offset(low: Lower) -> tuple[float, float]:
    """Where the star marking a length that brings a new ability lies from its track number's centre (up and to
    the right, on the circle's edge): the reader leaves it out of the cell it reads."""
    return low.radius, -low.radius * 0.3 / 0.38


def corner_marks(box_h: float) -> tuple[tuple[float, float], ...]:
    """The top-left corners of the four corner marks, clockwise from the top left, in a box `box_h` tall."""
    return (0.0, 0.0), (BOX_W - MARK, 0.0), (BOX_W - MARK, box_h - MARK), (0.0, box_h - MARK)


def qr_place(layout: int) -> tuple[float, float, float, int]:
    """x, y, side (quiet zone included) and quiet-zone modules of a sheet's QR in the layout given."""
    size, quiet = (QR2_SIZE, QR2_QUIET) if layout >= 2 else (QR_SIZE, 4)
    return SIDE_X + (SIDE_W - size) / 2, QR_Y, size, quiet


def golden_boxes(lmap: LandscapeMap, low: Lower) -> list[tuple[float, float]]:
    """The top-left corners of the tick boxes for golden apples eaten, one per golden apple the landscape has."""
    y = low.track_y - GOLD_BOX + 0.6
    return [(GOLD_X + i * GOLD_PITCH, y) for i in range(len(lmap.meta.golden_apples))]
