"""The photo reader reads a finished sheet back: identity from the QR code, every track cell's mark, the counts the
rulebook scores (Growing: a fresh apple a single circle, a rotten one a filled circle, a golden one a double)."""
import io
import random

import pytest

from benchmarks.photos import Truth, marked_sheet, random_truth
from companion.scan.read import read_photo
from companion.scan.reading import Reading, Unreadable

pytest.importorskip("pypdfium2", reason="the sheets are rasterised by pdfium")


def jpeg(image, quality: int = 85) -> bytes:
    out = io.BytesIO()
    image.save(out, "JPEG", quality=quality)
    return out.getvalue()


def cells(text: str) -> tuple[str, ...]:
    """A track as 40 characters: . blank, s single, f filled, d double."""
    names = {".": "blank", "s": "single", "f": "filled", "d": "double"}
    return tuple(names[c] for c in text.ljust(40, "."))


@pytest.mark.parametrize(("landscape", "paper"), [("fjord", "a4"), ("sahara", "letter"), ("am-fluss", "a4"),
                                                  ("foxtrail", "letter")])
def test_a_flat_photo_of_each_landscape_reads_exactly(landscape, paper):
    truth = random_truth(random.Random(landscape), landscape, paper, page=3)
    reading = read_photo(jpeg(marked_sheet(truth, px_mm=6)))
    assert (reading.landscape, reading.paper, reading.serial, reading.page) == (landscape, paper, truth.serial, 3)
    assert reading.cells == truth.cells and reading.ticks == truth.ticks
    assert len(reading.unsure) <= 2  # a sloppy hand may leave a cell for a person to look at; none is misread


def test_the_counts_follow_the_rulebook():
    """Length: the highest number circled; golden: the ticks (double circles); rotten: the filled circles."""
    track = cells("....ssfsdsfs.")
    truth = Truth("fjord", "a4", "K7Q2", 1, track, 1)
    reading = read_photo(jpeg(marked_sheet(truth, px_mm=6)))
    assert reading.cells == track
    assert (reading.length, reading.golden, reading.rotten, reading.points) == (12, 1, 2, 11)
    assert reading.summary("Fjord") == "Fjord, pad K7Q2 sheet 1: length 12, golden 1, rotten 2 = 11 points"


def test_a_golden_circle_without_its_tick_is_flagged_not_taken_silently():
    truth = Truth("fjord", "letter", "K7Q2", 1, cells("....ssdss"), 0)  # doubled, but no box ticked
    reading = read_photo(jpeg(marked_sheet(truth, px_mm=6)))
    assert reading.golden == 0 and 7 in reading.unsure


def test_a_number_left_blank_below_the_length_is_flagged():
    reading = Reading("sahara", "a4", 2, "K7Q2", 1, cells("....ss.ss"))
    assert reading.gaps == (7,) and reading.length == 9
    assert reading.summary("Sahara").endswith("; cell 7 unsure")


def test_a_second_lap_counts_past_the_last_number():
    """Rulebook: past the last number, start again at 1 and circle the numbers an extra time."""
    reading = Reading("sahara", "a4", 2, None, None, cells("sss" + "." * 1 + "s" * 36))
    assert reading.laps == 2 and reading.length == 43


@pytest.mark.parametrize(("data", "cause"), [
    (b"", "the photo is empty"),
    (b"not a photo at all", "this is not a photo the companion can read"),
])
def test_what_is_no_photo_is_refused_in_one_line(data, cause):
    with pytest.raises(Unreadable) as refused:
        read_photo(data)
    assert str(refused.value).startswith(cause) and "\n" not in str(refused.value)


def test_a_photo_without_a_sheet_says_what_would_help():
    from PIL import Image

    with pytest.raises(Unreadable, match="no sheet's code found: photograph the whole sheet, closer, in focus"):
        read_photo(jpeg(Image.new("RGB", (1200, 900), (120, 90, 60))))


def test_a_sheet_cut_off_at_a_corner_is_refused():
    truth = random_truth(random.Random(1), "sahara", "a4")
    image = marked_sheet(truth, px_mm=6)
    cut = image.crop((0, 0, image.width, image.height - 120))  # the two lower corner marks are gone
    with pytest.raises(Unreadable, match="its four black corner marks inside the frame"):
        read_photo(jpeg(cut))
