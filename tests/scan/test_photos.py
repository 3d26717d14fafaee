"""The photo benchmark's own checks (benchmarks/photos.py, phone.py, scan.py): seeded photos, truths the rulebook
allows, and figures that count a wrong score kept without a flag, and only that, against the goal."""
import io
import random

import pytest
import zxingcpp
from PIL import Image

from benchmarks import scan
from benchmarks.photos import LANDSCAPES, Truth, marked_sheet, photo, random_truth
from companion.scan.reading import MARKS, Reading
from companion.sssnake.edition import edition
from companion.tokens.pad_code import old_code, pad_code


def test_truths_follow_the_rulebook():
    ed = edition()
    for seed in range(60):
        for land in LANDSCAPES:
            truth = random_truth(random.Random(seed), land, "a4", 3)
            reading = truth.reading()
            circled = [n for n, mark in enumerate(truth.cells, 1) if mark != "blank"]
            assert set(truth.cells) <= set(MARKS) and len(truth.cells) == ed.track_max
            assert reading.length == max(circled, default=ed.start_length) and reading.gaps == ()
            assert all(n > ed.start_length for n in circled)  # the starting snake's numbers are printed, not circled
            golden = len(ed.landscapes[land].golden_apples)
            if golden:
                assert truth.ticks == truth.cells.count("double") <= golden
            else:
                assert truth.ticks is None and "double" not in truth.cells


def test_the_marked_sheet_is_seeded_and_names_its_pad_and_page():
    truth = random_truth(random.Random(1), "fjord", "letter", 2)
    first, again, other = (marked_sheet(truth, 4.0, s) for s in (5, 5, 6))
    assert first.tobytes() == again.tobytes() != other.tobytes()
    assert [r.text for r in zxingcpp.read_barcodes(first, formats=zxingcpp.BarcodeFormat.QRCode)] == [pad_code("fjord", "letter", truth.serial, 2)]
    old = random_truth(random.Random(1), "fjord", "letter", 2, layout=1)
    assert old.ticks is None and old.reading().layout == 1
    assert [r.text for r in zxingcpp.read_barcodes(marked_sheet(old, 4.0), formats=zxingcpp.BarcodeFormat.QRCode)] == [old_code("fjord", old.serial, 2)]


def test_a_photo_is_seeded_12_mp_and_says_its_conditions():
    truth = random_truth(random.Random(2), "sahara", "a4", 7)
    data, conditions = photo(truth, 11)
    assert photo(truth, 11) == (data, conditions)
    assert photo(truth, 12)[0] != data
    image = Image.open(io.BytesIO(data))
    assert image.format == "JPEG" and image.size in ((4032, 3024), (3024, 4032))
    assert list(image.size) == conditions["size"]
    assert {"px_per_mm", "blur", "shadow", "quality", "rotation", "tilt", "fill", "good"} <= set(conditions)
    assert 50 <= conditions["quality"] <= 95 and 0 <= conditions["tilt"] <= 25 and 0.5 <= conditions["fill"] <= 0.95
    assert conditions["good"] == (conditions["px_per_mm"] >= 5 and conditions["blur"] <= 1.5
                                  and conditions["shadow"] <= 0.45)


def _truth() -> Truth:
    cells = ("blank",) * 4 + ("single", "filled", "double", "single") + ("blank",) * 32
    return Truth("fjord", "a4", "C3SUWG", 2, cells, 1)


def _read(truth: Truth, cells=None, unsure=(), serial=None) -> Reading:
    return Reading(truth.landscape, truth.paper, 2, serial or truth.serial, truth.page, cells or truth.cells,
                   truth.ticks, unsure)


def _figure(rows, name):
    return next(figure for label, figure, _, _ in rows if label == name)


def test_the_figures_count_a_wrong_score_kept_without_a_flag_and_not_a_flagged_one():
    truth = _truth()
    misread = truth.cells[:5] + ("single",) + truth.cells[6:]  # the rotten apple read fresh: 2 points too many
    outcomes = [scan.judge(truth, _read(truth), None, True, 0.5),
                scan.judge(truth, _read(truth, misread), None, True, 0.7),
                scan.judge(truth, _read(truth, misread, (6,)), None, True, 0.9),
                scan.judge(truth, None, "no sheet found: photograph it whole", True, 0.2),
                scan.judge(truth, _read(truth, serial="ZZZZZZ"), None, False, 3.0)]
    assert [o.wrong_unflagged for o in outcomes] == [False, True, False, False, False]
    assert [o.flagged for o in outcomes] == [False, False, True, False, False]
    assert [o.exact for o in outcomes] == [True, False, False, False, False]
    rows = scan.figures(outcomes)
    assert _figure(rows, "wrong score without a flag") == pytest.approx(1 / 5)
    assert _figure(rows, "wrong identity (photos)") == 1
    assert _figure(rows, "good photos: pages read") == pytest.approx(3 / 4)
    assert _figure(rows, "good photos: whole reading exact, fjord") == pytest.approx(1 / 3)
    assert _figure(rows, "good photos: whole reading exact, sahara") is None
    assert _figure(rows, "good photos: cells right") == pytest.approx((40 + 39 + 39) / 120)
    assert _figure(rows, "good photos: flagged for review") == pytest.approx(1 / 3)
    assert _figure(rows, "all photos: whole reading exact") == pytest.approx(1 / 4)
    assert _figure(rows, "time a photo, median (s)") == pytest.approx(0.7)
    text = scan.report("made up", outcomes)
    assert "1  no sheet found: photograph it whole" in text and "FAIL" in text


def test_a_real_photos_truth_reads_from_its_toml(tmp_path):
    path = tmp_path / "kitchen.toml"
    path.write_text('landscape = "fjord"\npaper = "letter"\npad = "C3SUWG"\nsheet = 2\nticks = 1\n'
                    'cells = "....ssfd' + "." * 32 + '"\n')
    truth = scan.real_truth(path)
    assert truth == Truth("fjord", "letter", "C3SUWG", 2, ("blank",) * 4 + ("single", "single", "filled", "double")
                          + ("blank",) * 32, 1)
    path.write_text('landscape = "fjord"\npaper = "a4"\ncells = "..x"\n')
    with pytest.raises(ValueError, match="40 characters"):
        scan.real_truth(path)
