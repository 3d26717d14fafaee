"""The duplex calibration sheet: print it double-sided, hold it to the light, read the back's offset in mm.

Sign convention (what `--back-offset X,Y` means): back pages are moved X mm right and Y mm down as seen on the
back page. The scales are labelled so the number read is the value to pass, so a second print with it reads 0.
"""
from __future__ import annotations

import os
import tomllib
from pathlib import Path

from companion.core.files import write_atomically
from companion.core.folders import config_home
from companion.core.language import N_, _
from companion.sheets.canvas import HAIRLINE, THIN, Canvas, Stroke
from companion.sheets.documents import open_document
from companion.sheets.layout import LayoutError, Paper, parse_offset

SPAN = 10  # mm either side of the centre the scales cover
X_SCALE_Y = 120.0  # mm from the top: the horizontal scale (read X)
Y_SCALE_Y = 190.0  # centre of the vertical scale (read Y)
POINTER = Stroke("#c0392b", 0.3)
OFFSET_FILE = "printer.toml"  # in the user's settings folder: the measured back offset, kept between prints

STEPS = [  # marked N_: shown through _()
    N_("1. Print this file double-sided at 100% (actual size, no 'fit to page'), flipping on the LONG edge."),
    N_("2. Check the 100 mm ruler below with a ruler: if it is not 100 mm, your printer scaled the page."),
    N_("3. Hold the sheet against a window or a lamp with this side towards you."),
    N_("4. Read where the back's red vertical line crosses the X scale, and where the back's red horizontal line"),
    N_("    crosses the Y scale (mm; halves are fine). Those are X and Y."),
    N_("5. Print cards with: companion print cards --duplex --back-offset X,Y (kept: later prints use it too)"),
    N_("6. To check, print this page again with --back-offset X,Y: both red lines should now sit on 0"),
    N_("    (if not, add what you read to X and to Y)."),
]


def render_calibration(paper: Paper, offset: tuple[float, float], fmt: str, path) -> int:
    """A front page with scales and instructions, and a back page with pointers moved by `offset`."""
    w, h = paper.size()
    doc = open_document(fmt)
    doc.duplex = True  # the page exists to be printed double-sided
    with doc.page(w, h, "calibration-front") as cv:
        _front(cv, w, h, paper, offset)
    with doc.page(w, h, "calibration-back") as cv:
        _back(cv, w, h, offset)
    return doc.save(Path(path))


def _front(cv: Canvas, w: float, h: float, paper: Paper, offset: tuple[float, float]) -> None:
    cv.text(w / 2, 22, _("Duplex calibration (front)"), 18, "middle", bold=True)
    cv.text(w / 2, 29, _("{paper} - printed with back offset {x:g},{y:g} mm").format(
        paper=paper.label, x=offset[0], y=offset[1]), 9, "middle")
    for i, line in enumerate(STEPS):
        cv.text(20, 42 + i * 5.5, _(line), 9)
    ruler_y = 90.0
    x0 = (w - 100) / 2
    cv.line(x0, ruler_y, x0 + 100, ruler_y, Stroke(width=0.3))
    for k in range(0, 101, 10):
        cv.line(x0 + k, ruler_y, x0 + k, ruler_y - (4 if k % 50 == 0 else 2.5), THIN)
    cv.text(w / 2, ruler_y + 5, "100 mm", 8, "middle")
    cx = w / 2
    cv.text(cx, X_SCALE_Y - 12, _("X scale"), 10, "middle", bold=True)
    cv.text(cx + 4, Y_SCALE_Y - SPAN - 5, _("Y scale"), 10, "middle", bold=True)
    for half in range(-SPAN * 2, SPAN * 2 + 1):
        k = half / 2
        length = 7 if half % 10 == 0 else 4.5 if half % 2 == 0 else 2.5
        cv.line(cx + k, X_SCALE_Y - length, cx + k, X_SCALE_Y, HAIRLINE)
        cv.line(cx, Y_SCALE_Y + k, cx + length, Y_SCALE_Y + k, HAIRLINE)
        if half % 10 == 0:
            cv.text(cx + k, X_SCALE_Y + 4, f"{k:+g}" if k else "0", 7, "middle")
            cv.text(cx + 9, Y_SCALE_Y + k + 1, f"{-k:+g}" if k else "0", 7)
    cv.line(cx - SPAN, X_SCALE_Y, cx + SPAN, X_SCALE_Y, THIN)
    cv.line(cx, Y_SCALE_Y - SPAN, cx, Y_SCALE_Y + SPAN, THIN)


def _back(cv: Canvas, w: float, h: float, offset: tuple[float, float]) -> None:
    """Pointers at the mirror image of the scales' zero, moved by the offset like every back page."""
    dx, dy = offset
    cx = w / 2 + dx
    cv.text(w / 2, 22, _("Duplex calibration (back)"), 18, "middle", bold=True)
    cv.text(w / 2, 29, _("This side faces away from you while you read the scales."), 9, "middle")
    cv.line(cx, X_SCALE_Y - 14 + dy, cx, X_SCALE_Y + 8 + dy, POINTER)
    cv.line(cx - 10, Y_SCALE_Y + dy, cx + 14, Y_SCALE_Y + dy, POINTER)


def offset_file() -> Path:
    """Where the measured back offset is kept: printer.toml in the settings folder (core/folders.config_home)."""
    return Path(config_home()) / OFFSET_FILE


def kept_offset() -> tuple[float, float] | None:
    """The back offset kept by an earlier `--back-offset`, or None; a damaged file is refused, not guessed at."""
    path = offset_file()
    try:
        with open(path, "rb") as f:
            value = tomllib.load(f).get("back_offset")
        if value is None:
            return None
        if not (isinstance(value, list) and all(isinstance(v, int | float) for v in value)):
            raise ValueError
        return parse_offset(",".join(str(v) for v in value))
    except FileNotFoundError:
        return None
    except (ValueError, LayoutError, OSError):  # tomllib's TOMLDecodeError is a ValueError
        raise LayoutError(_("{path} holds no back offset the print can use; give --back-offset X,Y to replace it, "
                            "or delete the file").format(path=path)) from None


def keep_offset(offset: tuple[float, float]) -> Path:
    """Keep `offset` for later prints (written whole or not at all); returns the file."""
    path = offset_file()
    text = ("# the duplex back offset in mm (X right, Y down as seen on the back page), measured on\n"
            "# `companion print calibration` and kept by --back-offset X,Y; used by every later print with backs\n"
            f"back_offset = [{offset[0]!r}, {offset[1]!r}]\n")
    os.makedirs(path.parent, exist_ok=True)
    write_atomically(path, lambda tmp: tmp.write_text(text, encoding="utf-8"))
    return path
