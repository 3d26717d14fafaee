"""`companion print`: files in output/ by default, path and page count printed, bad input refused cleanly."""
import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.sheets.readers import SVG


def test_pad_goes_to_output_and_reports_path_and_pages(run, tmp_path):
    result = run("pad", "--landscape", "sahara", "--copies", 3, "--serial", "ab12")
    assert result.exit_code == 0
    assert result.output.strip() == "wrote output/pad-sahara-a4.pdf (3 pages)"
    reader = PdfReader(tmp_path / "output" / "pad-sahara-a4.pdf")
    assert len(reader.pages) == 3 and "sheet 3 of 3" in reader.pages[2].extract_text()


def test_pad_all_json_lists_the_svg_files(run, tmp_path):
    result = run("pad", "--copies", 1, "--format", "svg", "--paper", "letter", "--ink-saver", "--json")
    data = json.loads(result.output)
    assert data["pages"] == 4 and data["path"] == "output/pad-all-letter-inksaver-svg"
    assert [f.rsplit("/", 1)[1] for f in data["files"]] == \
        ["001-am-fluss.svg", "002-fjord.svg", "003-foxtrail.svg", "004-sahara.svg"]


def test_cards_and_calibration_default_paths(run, tmp_path):
    """The path and page count, then the back offset used and where it came from (issue 35)."""
    assert run("cards", "--deck", "abilities", "--duplex", "--back-offset", "0.5,-1").output.splitlines() == \
        ["wrote output/cards-abilities-a4-duplex.pdf (4 pages)",
         f"back offset 0.5,-1 mm: given with --back-offset, kept in {tmp_path / 'home' / 'printer.toml'} for later "
         "prints"]
    assert run("calibration", "--paper", "letter").output.splitlines() == \
        ["wrote output/calibration-letter.pdf (2 pages)",
         f"back offset 0.5,-1 mm: kept in {tmp_path / 'home' / 'printer.toml'} (--back-offset X,Y changes it)"]
    text = PdfReader(tmp_path / "output" / "calibration-letter.pdf").pages[0].extract_text()
    assert "flipping on the LONG edge" in text and "X scale" in text and "100 mm" in text


def test_calibration_back_pointer_moves_with_the_offset(run, tmp_path):
    """Checking a measured offset: the back's pointers move by it, like every back page."""
    run("calibration", "--format", "svg", "-o", "plain")
    run("calibration", "--format", "svg", "--back-offset", "2,-1", "-o", "moved")
    xs = []
    for folder in ("plain", "moved"):
        root = ET.parse(tmp_path / folder / "calibration-back.svg").getroot()
        pointer = root.findall(f"{SVG}polyline")[0]
        xs.append([tuple(map(float, p.split(","))) for p in pointer.get("points").split()][0])
    assert xs[1][0] - xs[0][0] == pytest.approx(2) and xs[1][1] - xs[0][1] == pytest.approx(-1)


@pytest.mark.parametrize("args, message", [
    (("pad", "--landscape", "moon"), "unknown landscape 'moon'; choose one of: am-fluss, fjord, foxtrail, sahara, or all"),
    (("pad", "--copies", 0), "--copies must be 1 to 1000 (sheets of each landscape), not 0"),
    (("pad", "--copies", 100000000), "--copies must be 1 to 1000"),
    (("map", "-o", "map.svg"), "-o map.svg ends in .svg but the format is pdf; add --format svg"),
    (("pad", "-o", ""), "-o needs a file (pdf) or folder (svg) name"),
    (("pad", "--paper", "a3"), "unknown paper 'a3'; use one of: a4, letter"),
    (("pad", "--format", "png"), "unknown format 'png'; use pdf or svg"),
    (("pad", "--serial", "no-dash"), "--serial 'NO-DASH' must be 1-12 letters A-Z or digits"),
    (("cards", "--back-offset", "1"), "offset '1' is not two numbers; write X,Y in mm"),
    (("cards", "--back-offset", "a,b"), "offset 'a,b' is not two numbers"),
    (("cards", "--deck", "jokers"), "unknown deck 'jokers'; use one of: apples, abilities, all"),
    (("cards", "--bleed", 3, "--paper", "letter"), "with 3 mm bleed do not fit on Letter"),
    (("calibration", "--back-offset", "1;2"), "offset '1;2' is not two numbers"),
])
def test_bad_input_is_one_line_and_writes_nothing(run, tmp_path, args, message):
    result = run(*args)
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and message in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_unwritable_path_is_refused_without_a_partial_file(run, tmp_path):
    (tmp_path / "file.txt").write_text("not a folder")
    result = run("pad", "--copies", 1, "-o", tmp_path / "file.txt" / "pad.pdf")
    assert result.exit_code == 1 and result.stderr.startswith("error: cannot write")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.txt"]


def test_a_failure_while_writing_leaves_the_old_file_and_no_temporary(run, tmp_path, monkeypatch):
    """No partial file: the document is written beside the target and renamed only when complete."""
    import companion.sheets.pdf_backend

    target = tmp_path / "pad.pdf"
    target.write_bytes(b"old")

    def broken(self, tmp):
        tmp.write_bytes(b"half")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(companion.sheets.pdf_backend.PdfDocument, "_write", broken)
    result = run("pad", "--copies", 1, "-o", target, "--force")
    assert result.exit_code == 1 and "No space left on device" in result.stderr
    assert target.read_bytes() == b"old" and sorted(p.name for p in tmp_path.iterdir()) == ["pad.pdf"]


def test_printing_libraries_load_only_when_printing():
    """A table command stays fast: importing the print commands loads no reportlab, svgwrite or qrcode."""
    code = ("import sys, companion.cli.printing; "
            "print(sorted(m for m in ('reportlab', 'svgwrite', 'qrcode', 'companion.sheets.sheet') if m in sys.modules))")
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root).stdout
    assert out.strip() == "[]"
