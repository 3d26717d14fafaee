"""Print-and-play conventions (issue 35): every PDF asks for actual size (and long-edge duplex where it is one),
pages with bleed carry TrimBox and BleedBox, cards come in poker size too, and the measured back offset is kept."""
import json
import re
import xml.etree.ElementTree as ET
from itertools import pairwise

import pytest
from pypdf import PdfReader

from companion.cli.printing import print_group
from tests.sheets.readers import SVG, pdf_forms, pdf_segments

MM = 72 / 25.4  # PDF points in a millimetre

# Every print command, as printed in a test: (arguments, a double-sided file, pages with bleed).
PRINTABLES = {
    "pad": (["pad", "--landscape", "fjord", "--copies", 1], False, False),
    "cards": (["cards", "--deck", "abilities"], False, False),
    "cards --duplex --bleed": (["cards", "--deck", "apples", "--duplex", "--bleed", 1], True, True),
    "cards --card-size poker": (["cards", "--deck", "abilities", "--card-size", "poker", "--paper", "letter"], False,
                                False),
    "cards --fold --bleed": (["cards", "--deck", "abilities", "--fold", "--bleed", 1], False, True),
    "calibration": (["calibration"], True, False),
    "map": (["map", "--tiles", "1x1"], False, False),
    "counters": (["counters", "--clan", "red"], False, False),
    "counters --duplex": (["counters", "--clan", "red", "--duplex"], True, False),
    "reference": (["reference", "--game", "snits"], False, False),
    "booklet": (["booklet", "--game", "snits"], False, False),
}


def test_the_cases_cover_every_print_command():
    assert {case.split()[0] for case in PRINTABLES} == set(print_group.commands)


@pytest.mark.parametrize("case", PRINTABLES)
def test_every_printable_says_actual_size_in_itself(run, tmp_path, case):
    """/ViewerPreferences: /PrintScaling /None always, /Duplex /DuplexFlipLongEdge on a double-sided file, and the
    trim and bleed boxes on every page that has bleed (and on no other)."""
    args, duplex, bleed = PRINTABLES[case]
    assert run(*args, "-o", "out.pdf").exit_code == 0
    reader = PdfReader(tmp_path / "out.pdf")
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"
    assert prefs.get("/Duplex") == ("/DuplexFlipLongEdge" if duplex else None)
    for page in reader.pages:
        assert ("/TrimBox" in page, "/BleedBox" in page) == (bleed, bleed)


def _cuts(segments):
    """The cut lines as the crop marks draw them: x of the marks along the top edge, y of those down the left."""
    top = min(min(s[1], s[3]) for s in segments)
    left = min(min(s[0], s[2]) for s in segments)
    xs = sorted({s[0] for s in segments if s[0] == s[2] and min(s[1], s[3]) == top})
    ys = sorted({s[1] for s in segments if s[1] == s[3] and min(s[0], s[2]) == left})
    return xs, ys


def test_trim_and_bleed_boxes_are_the_crop_marks_outer_cuts(run, tmp_path):
    """TrimBox: the outer cuts the crop marks show; BleedBox: that plus the bleed; on back pages moved by the
    offset like the marks."""
    run("cards", "--deck", "apples", "--duplex", "--bleed", 1, "--back-offset", "1.5,-0.5", "-o", "b.pdf")
    reader = PdfReader(tmp_path / "b.pdf")
    for n, page in enumerate(reader.pages):
        xs, ys = _cuts(pdf_segments(tmp_path / "b.pdf", n))
        height = float(page.mediabox.height) / MM
        trim = [float(v) / MM for v in page["/TrimBox"]]
        bleed = [float(v) / MM for v in page["/BleedBox"]]
        assert trim == pytest.approx([xs[0], height - ys[-1], xs[-1], height - ys[0]], abs=0.01)
        assert bleed == pytest.approx([trim[0] - 1, trim[1] - 1, trim[2] + 1, trim[3] + 1], abs=0.01)
    front, back = ([float(v) / MM for v in reader.pages[n]["/TrimBox"]] for n in (0, 1))
    assert back[0] - front[0] == pytest.approx(1.5, abs=0.01) and back[1] - front[1] == pytest.approx(0.5, abs=0.01)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size, width, height", [("poker", 63.5, 88.9), ("63x88", 63.0, 88.0)])
def test_cards_measure_their_size_on_the_page(run, tmp_path, paper, size, width, height):
    """--card-size poker: 2.5 x 3.5 in = 63.5 x 88.9 mm between the crop marks' cut lines, on A4 and Letter (where
    the marks shrink to fit); the default stays the edition's 63 x 88 mm."""
    result = run("cards", "--deck", "abilities", "--card-size", size, "--paper", paper, "--json")
    path = tmp_path / json.loads(result.output)["path"]
    assert ("poker" in path.name) == (size == "poker")
    xs, ys = _cuts(pdf_segments(path, 0))
    assert len(xs) == len(ys) == 4
    assert [b - a for a, b in pairwise(xs)] == pytest.approx([width] * 3, abs=0.005)
    assert [b - a for a, b in pairwise(ys)] == pytest.approx([height] * 3, abs=0.005)
    segments = pdf_segments(path, 0)
    marks = [s for s in segments if s[0] == s[2] and s[1] == min(t[1] for t in segments)]
    assert all(2 <= s[3] - s[1] <= 3 for s in marks)
    assert min(s[1] for s in marks) >= 3  # the printer's unprinted margin


def test_poker_cards_with_bleed_on_letter_are_refused_in_one_line(run):
    result = run("cards", "--card-size", "poker", "--paper", "letter", "--bleed", 1)
    assert result.exit_code == 1 and "only without bleed; leave out --bleed" in result.stderr
    assert "unknown card size 'tarot'" in run("cards", "--card-size", "tarot").stderr


def _back_cuts(tmp_path, name):
    return _cuts(pdf_segments(tmp_path / name, 1))


def test_a_given_back_offset_is_kept_and_moves_later_backs(run, tmp_path, home):
    """`--back-offset X,Y` once: kept in the settings folder, used by later duplex prints that do not give it,
    and each print says which offset it used and where it came from."""
    first = run("cards", "--deck", "apples", "--duplex", "-o", "none.pdf")
    assert "back offset 0,0 mm: none kept yet" in first.output
    given = run("cards", "--deck", "apples", "--duplex", "--back-offset", "1.5,-0.5", "-o", "given.pdf")
    assert f"back offset 1.5,-0.5 mm: given with --back-offset, kept in {home / 'printer.toml'}" in given.output
    later = run("cards", "--deck", "apples", "--duplex", "-o", "later.pdf", "--json")
    data = json.loads(later.output)
    assert (data["back_offset"], data["back_offset_from"]) == ([1.5, -0.5], "kept")
    (x0, y0), (x1, y1) = (_back_cuts(tmp_path, n) for n in ("none.pdf", "later.pdf"))
    assert [b - a for a, b in zip(x0, x1, strict=True)] == pytest.approx([1.5] * 4, abs=0.005)
    assert [b - a for a, b in zip(y0, y1, strict=True)] == pytest.approx([-0.5] * 4, abs=0.005)
    assert _back_cuts(tmp_path, "given.pdf") == _back_cuts(tmp_path, "later.pdf")
    assert _cuts(pdf_segments(tmp_path / "later.pdf", 0)) == _cuts(pdf_segments(tmp_path / "none.pdf", 0))
    counters = run("counters", "--clan", "red", "--duplex", "-o", "c.pdf")
    assert "back offset 1.5,-0.5 mm: kept in" in counters.output


def test_the_calibration_prints_with_the_kept_offset_and_a_refused_print_keeps_nothing(run, tmp_path, home):
    run("calibration", "--back-offset", "2,1", "-o", "cal.pdf")
    assert "printed with back offset 2,1 mm" in PdfReader(tmp_path / "cal.pdf").pages[0].extract_text()
    refused = run("cards", "--back-offset", "-3,0", "-o", "cal.pdf")  # exists: nothing printed, nothing kept
    assert refused.exit_code == 1
    assert "back_offset = [2.0, 1.0]" in (home / "printer.toml").read_text()


def test_a_damaged_kept_offset_is_refused_not_guessed(run, home):
    home.mkdir(parents=True, exist_ok=True)
    (home / "printer.toml").write_text("back_offset = [1, 'x']\n")
    result = run("cards", "--duplex")
    assert result.exit_code == 1 and "holds no back offset the print can use" in result.stderr
    assert run("cards", "--duplex", "--back-offset", "0.5,0").exit_code == 0
    assert run("cards", "--duplex", "-o", "again.pdf").output.count("back offset 0.5,0 mm: kept") == 1


def _fold_y(segments):
    """The fold, read from the page: of the three lines in the left margin (top cut, fold, bottom cut), the middle."""
    first_cut = min(s[0] for s in segments if s[0] == s[2])
    ys = sorted({s[1] for s in segments if s[1] == s[3] and max(s[0], s[2]) < first_cut})
    assert len(ys) == 3
    return ys


@pytest.mark.parametrize("paper, size, height", [("a4", "63x88", 88.0), ("letter", "63x88", 88.0),
                                                 ("letter", "poker", 88.9)])
def test_fold_layout_puts_each_back_under_its_front_mirrored_at_the_fold(run, tmp_path, paper, size, height):
    """--fold: the A side (front) above the fold and the B side (back) below it, upside down; read from the page,
    each back is its front's mirror image about the fold line within 0.2 mm, and the outer cuts sit a card's height
    from it, so folded and glued the two sides coincide."""
    result = run("cards", "--deck", "apples", "--fold", "--paper", paper, "--card-size", size, "--json")
    data = json.loads(result.output)
    path = tmp_path / data["path"]
    assert data["pages"] == 4 and path.name.endswith("-fold.pdf")
    reader = PdfReader(path)
    assert float(reader.pages[0].mediabox.width) > float(reader.pages[0].mediabox.height)  # landscape
    assert "/Duplex" not in reader.trailer["/Root"]["/ViewerPreferences"]
    top, fold, bottom = _fold_y(pdf_segments(path, 0))
    assert fold - top == pytest.approx(height, abs=0.01) and bottom - fold == pytest.approx(height, abs=0.01)
    forms = pdf_forms(path, 0)
    fronts = sorted(f for f in forms if f[3] <= fold + 0.2)
    backs = sorted(f for f in forms if f[1] >= fold - 0.2)
    assert len(fronts) == len(backs) == 4
    for front, back in zip(fronts, backs, strict=True):
        assert (back[0], back[2]) == pytest.approx((front[0], front[2]), abs=0.2)
        assert (back[1], back[3]) == pytest.approx((2 * fold - front[3], 2 * fold - front[1]), abs=0.2)
        if size == "63x88":
            assert front[3] == pytest.approx(fold, abs=0.2) and back[1] == pytest.approx(fold, abs=0.2)
    assert "fold" in reader.pages[0].extract_text()


def test_fold_refuses_duplex_and_an_offset(run):
    assert "leave out --duplex" in run("cards", "--fold", "--duplex").stderr
    assert "leave out --back-offset" in run("cards", "--fold", "--back-offset", "1,1").stderr


def test_the_booklet_points_card_printers_without_duplex_at_the_fold_layout(run, tmp_path):
    """The booklet's paper guide offers --fold where the game has double-sided cards (Sssnake), not elsewhere."""
    run("booklet", "--game", "sssnake", "-o", "s.pdf")
    run("booklet", "--game", "snits", "-o", "r.pdf")
    guide = [" ".join(PdfReader(tmp_path / name).pages[1].extract_text().split()) for name in ("s.pdf", "r.pdf")]
    assert "`companion print cards --fold`: each back under its front" in guide[0]
    assert "--fold" not in guide[1]


@pytest.mark.parametrize("paper, size", [("a4", "63x88"), ("letter", "poker")])
def test_silhouette_marks_sit_at_the_inset_and_the_cut_file_follows_the_crop_lines(run, tmp_path, paper, size):
    """--cutter silhouette: the square and the two L marks 10 mm in from the paper's edges (5 mm square, 20 mm arms),
    measured on the page; no card on a mark (a row is left off); the SVG cut file's trim paths are the cuts the
    PDF's crop marks show."""
    from companion.sheets.cutter import SILHOUETTE

    result = run("cards", "--deck", "apples", "--cutter", "silhouette", "--paper", paper, "--card-size", size,
                 "-o", "c.pdf", "--json")
    assert json.loads(result.output)["files"] == ["c.pdf", "c-cut.svg"]
    pdf = tmp_path / "c.pdf"
    page = PdfReader(pdf).pages[0]
    w, h = (float(v) / MM for v in (page.mediabox.width, page.mediabox.height))
    segments = pdf_segments(pdf, 0)
    inset, arm = SILHOUETTE.inset, SILHOUETTE.arm
    assert (inset, arm) == (10.0, 20.0)
    for corner in [(w - inset - arm, inset, w - inset, inset), (w - inset, inset, w - inset, inset + arm),
                   (inset, h - inset - arm, inset, h - inset), (inset, h - inset, inset + arm, h - inset)]:
        assert any(s == pytest.approx(corner, abs=0.01) for s in segments), corner
    image = _render(pdf, px_per_mm=10)
    dark = [image.getpixel((round(x * 10), round(y * 10))) < 60 for x, y in
            [(12.5, 12.5), (10.3, 10.3), (14.7, 14.7), (9.5, 12.5), (15.5, 12.5), (12.5, 9.5), (12.5, 15.5)]]
    assert dark == [True, True, True, False, False, False, False]  # the 5 mm square, its corner at 10, 10
    crop = [s for s in segments if max(abs(s[2] - s[0]), abs(s[3] - s[1])) <= 3.01]
    crop_x = {s[0] for s in crop if s[0] == s[2]}
    crop_y = {s[1] for s in crop if s[1] == s[3]}
    cut = [tuple(map(float, re.fullmatch(r"M([\d.]+) ([\d.]+)H([\d.]+)V([\d.]+)H[\d.]+Z", p.get("d")).groups()))
           for p in ET.parse(tmp_path / "c-cut.svg").getroot().iter(f"{SVG}path")]
    assert len(cut) == 6
    assert {round(v, 3) for x0, _, x1, _ in cut for v in (x0, x1)} == crop_x
    assert {round(v, 3) for _, y0, _, y1 in cut for v in (y0, y1)} == crop_y
    zones = SILHOUETTE.zones(w, h)
    faces = pdf_forms(pdf, 0)
    assert len(faces) == 6 and not any(f[0] < z[2] and z[0] < f[2] and f[1] < z[3] and z[1] < f[3]
                                       for f in faces + crop for z in zones)


def _render(path, px_per_mm):
    pdfium = pytest.importorskip("pypdfium2")
    pdf = pdfium.PdfDocument(str(path))
    try:
        return pdf[0].render(scale=px_per_mm * 25.4 / 72).to_pil().convert("L")
    finally:
        pdf.close()


def test_a_cutter_refuses_svg_and_fold_and_an_existing_cut_file(run, tmp_path):
    assert "leave out --format svg" in run("cards", "--cutter", "silhouette", "--format", "svg").stderr
    assert "leave out --cutter" in run("cards", "--cutter", "silhouette", "--fold").stderr
    assert "unknown cutter 'brother'" in run("cards", "--cutter", "brother").stderr
    cricut = run("cards", "--cutter", "Cricut")
    assert cricut.exit_code == 1 and cricut.stderr.startswith("error: Cricut Design Space prints its own marks")
    assert "`companion print cards --export png`" in cricut.stderr and cricut.stderr.count("\n") == 1
    (tmp_path / "x-cut.svg").write_text("mine")
    assert "x-cut.svg exists" in run("cards", "--cutter", "silhouette", "-o", "x.pdf").stderr
    assert not (tmp_path / "x.pdf").exists() and (tmp_path / "x-cut.svg").read_text() == "mine"
