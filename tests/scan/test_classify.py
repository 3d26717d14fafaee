"""How the reader tells the marks apart, on cells drawn to measure: a faint hand's circles against the sheet's own
print, a sparse scribble from a golden double, the ability star printed beside a number, a shadow across an empty
tick box (rulebook, Growing: a fresh apple a single circle, a rotten one a filled circle, a golden one a double)."""
import numpy as np
import pytest
from PIL import Image, ImageDraw

from companion.scan.cells import Cell, read_cell, read_tick
from companion.scan.classify import TICKED, classify, scribbled
from companion.scan.geometry import TICK_SIDE, page
from companion.sheets import symbols
from companion.sheets.sheet_layout import STAR
from companion.sssnake.edition import edition

PX = 10  # px a mm in the drawn test images
H = np.diag([PX, PX, 1.0])  # page mm to image px


def track(masses: list[float]) -> list[Cell]:
    """Cells of a track whose printed circles carry `masses` (mm of ink) beyond the starting snake's numbers."""
    return [Cell(0.0, 0.12) for _ in range(edition().start_length)] + [Cell(0.0, m) for m in masses]


def test_a_faint_hand_s_circles_are_read_against_the_sheet_s_own_blank_numbers():
    """A pencil adding half the print's ink again is still a circle, where the blank numbers show less."""
    blank, faint = 0.118, 0.18
    play = 40 - edition().start_length
    masses = [faint] * 27 + [blank] * (play - 27)
    marks, _, _ = classify(track(masses), None, golden=False)
    start = edition().start_length
    assert marks[start:start + 27] == ["single"] * 27 and set(marks[start + 27:]) == {"blank"}


def test_the_last_circle_of_a_run_is_read_with_the_run():
    """The last apple's circle, fainter than the rest, still counts where it stands above the blank numbers."""
    play = 40 - edition().start_length
    masses = [0.19] * 20 + [0.14] + [0.08] * (play - 21)
    marks, _, unsure = classify(track(masses), None, golden=False)
    start = edition().start_length
    assert marks[start + 20] == "single" and marks[start + 21] == "blank"


def test_a_sparse_scribble_is_rotten_and_a_golden_double_is_not():
    """A scribble with gaps inks less of the disc than a solid one, but its ink lies inside the printed circle as
    much as about it; a double's outer ring carries at least twice its inner ring's ink."""
    assert scribbled(Cell(fill=0.30, mass=0.30, inner=0.21))
    assert not scribbled(Cell(fill=0.28, mass=0.50, inner=0.22))
    assert scribbled(Cell(fill=0.60, mass=0.50, inner=0.22))  # inked over: rotten whatever lies about it
    assert not scribbled(Cell(fill=0.20, mass=0.25, inner=0.20))


def sheet_page():
    return page("fjord", "a4", 2, 21)


class Recorder:
    """A canvas that keeps the outline it is asked to draw."""

    def polyline(self, points, stroke=None, fill=None, closed=False) -> None:
        self.points = list(points)


def draw_cell(star: bool) -> np.ndarray:
    """A printed circle at (20, 20) mm, and the ability star beside it when `star`."""
    geo = sheet_page()
    image = Image.new("L", (40 * PX, 40 * PX), 245)
    draw = ImageDraw.Draw(image)
    r = geo.radius * PX
    draw.ellipse([20 * PX - r, 20 * PX - r, 20 * PX + r, 20 * PX + r], outline=90, width=2)
    if star:  # the sheet's own star (sheets/symbols.py), at the sheet's own place and size
        drawn = Recorder()
        symbols.star(drawn, (20 + geo.star[0]) * PX, (20 + geo.star[1]) * PX, STAR * PX)
        draw.polygon(drawn.points, fill=0)
    return np.asarray(image, dtype=np.uint8)


def test_the_ability_star_beside_a_number_is_no_pencil():
    geo = sheet_page()
    plain = read_cell(draw_cell(False), H, geo, (20.0, 20.0))
    starred = draw_cell(True)
    left_out = read_cell(starred, H, geo, (20.0, 20.0), star=True)
    seen = read_cell(starred, H, geo, (20.0, 20.0), star=False)
    assert left_out.mass == pytest.approx(plain.mass, abs=0.01)
    assert seen.mass > plain.mass + 0.02 or np.nanmax(seen.profile) > np.nanmax(left_out.profile)


def test_a_shadow_across_an_empty_tick_box_is_no_tick():
    """A shadow's soft edge across the box darkens its inside no more than the paper round it: it reads empty."""
    ramp = np.clip(240 - (np.arange(20 * PX) - 7 * PX) * 90 / (6 * PX), 150, 240)  # 240 to 150 over 6 mm
    image = np.tile(ramp, (20 * PX, 1)).astype(np.uint8)
    x = y = 10 - TICK_SIDE / 2
    box = Image.fromarray(image)
    ImageDraw.Draw(box).rectangle([x * PX, y * PX, (x + TICK_SIDE) * PX, (y + TICK_SIDE) * PX], outline=40, width=2)
    shaded = np.asarray(box, dtype=np.uint8)
    assert read_tick(shaded, H, x, y, TICK_SIDE) < TICKED
    ticked = box.copy()
    ImageDraw.Draw(ticked).line([((x + 0.8) * PX, (y + 2) * PX), ((x + 1.5) * PX, (y + 2.8) * PX),
                                 ((x + 3) * PX, (y + 0.6) * PX)], fill=60, width=4)
    assert read_tick(np.asarray(ticked, dtype=np.uint8), H, x, y, TICK_SIDE) >= TICKED
