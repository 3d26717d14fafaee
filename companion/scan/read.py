"""The photo reader's entry: a photo of a finished sheet in, a Reading out (or Unreadable, saying why)."""
from __future__ import annotations

import warnings

from companion.core.language import _
from companion.scan.align import aligned, boxes_aligned
from companion.scan.cells import read_cell, read_tick
from companion.scan.classify import classify
from companion.scan.geometry import TICK_SIDE
from companion.scan.photo import open_photo
from companion.scan.reading import Reading, Unreadable
from companion.scan.register import blur_mm, find_code, register
from companion.sssnake.edition import edition

MISFIT = 5.0  # mm the QR code's corners may lie from where the corner marks put them, else the page is bent
PAPERS = ("a4", "letter")
FOCUS = 0.28  # mm: a blur (sigma at the page) past which a pencil line and a filled disc run together


def read_photo(data: bytes) -> Reading:
    """Read the sheet in a photo: which it is, and every track cell. Points off the photo sample as NaN on
    purpose, so numpy's warnings about all-NaN means are silenced here rather than printed to the player."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return _read(data)


def _read(data: bytes) -> Reading:
    gray = open_photo(data)
    sheet, corners, modules = find_code(gray)
    fits = []
    for paper in (sheet.paper,) if sheet.paper else PAPERS:
        try:
            fits.append((paper, *register(gray, sheet, corners, modules, paper)))
        except Unreadable as exc:
            failed = exc
    if not fits:
        raise failed
    paper, geo, h, miss = min(fits, key=lambda fit: fit[3])
    if miss > MISFIT:
        raise Unreadable(_("the sheet is bent or folded in the photo: lay it flat and photograph it from above"))
    if geo.marks and blur_mm(gray, h, geo) > FOCUS:
        raise Unreadable(_("the photo is out of focus: hold the phone steady, tap the sheet on the screen to focus, "
                           "and photograph it again"))
    centres = aligned(gray, h, geo)
    stars = edition().ability_thresholds
    cells = [read_cell(gray, h, geo, centre, n in stars) for n, centre in enumerate(centres, 1)]
    ticks = [read_tick(gray, h, x, y, TICK_SIDE) for x, y in boxes_aligned(gray, h, geo, centres)] if geo.ticks else None
    golden = bool(edition().landscapes[sheet.landscape].golden_apples)
    marks, counted, unsure = classify(cells, ticks, golden)
    return Reading(sheet.landscape, paper, sheet.layout, sheet.serial, sheet.page, tuple(marks), counted,
                   tuple(unsure))
