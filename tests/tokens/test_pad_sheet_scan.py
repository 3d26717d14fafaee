"""A printed pad sheet's QR code scanned with `resume --image` says which sheet it is and how to play on it."""
import pytest

from companion.sheets.layout import PAPERS
from companion.sheets.sheet import render_pad


@pytest.fixture(scope="module")
def second_sheet(tmp_path_factory):
    """Page 2 of a printed four-landscape pad (Fjord), rendered to a PNG as a scan of the paper would be."""
    pdfium = pytest.importorskip("pypdfium2", reason="pypdfium2 renders the PDF page the scan is taken from")
    folder = tmp_path_factory.mktemp("pad")
    render_pad(["am-fluss", "fjord", "sahara", "foxtrail"], 1, PAPERS["a4"], "pdf", False, "C3SUWG",
               folder / "pad.pdf")
    pdf = pdfium.PdfDocument(str(folder / "pad.pdf"))
    try:
        pdf[1].render(scale=3).to_pil().save(folder / "sheet-2.png")
    finally:
        pdf.close()
    return folder / "sheet-2.png"


def test_a_scanned_pad_sheet_names_itself_and_offers_new(cli, home, second_sheet):
    result = cli("resume", "--image", second_sheet)
    assert result.exit_code == 1 and result.stderr == (
        "error: this is a Sssnake sheet: Fjord, pad C3SUWG, sheet 2, not a saved game; play on it with "
        "`companion sssnake new --players NAMES --landscape fjord`, or record it when finished with "
        "`companion sssnake record --photo PHOTO`\n")
    assert not (home / "games.sqlite").exists()


@pytest.mark.parametrize("text", ["SSSNAKE:COMPANION-1:MOON:C3SUWG:2", "SSSNAKE:OTHER-9:FJORD:C3SUWG:2",
                                  "SSSNAKE:COMPANION-1:FJORD:C3SUWG:02", "sssnake:companion-1:fjord:c3suwg:2"])
def test_text_a_sheet_would_not_print_is_no_sheet(cli, text):
    """An unknown landscape or edition, or a code sheets/sheet.py would write otherwise, is just not a token."""
    assert cli("resume", text).stderr.startswith("error: not a companion token")


@pytest.mark.parametrize("text", ["SSSNAKE:COMPANION-1:FJORD:C3SUWG:2", "S2:A:FJ:C3SUWG:2", "S2:L:FJ:C3SUWG:2"])
def test_a_layout_1_or_layout_2_code_names_the_same_sheet(cli, text):
    """Pads printed before layout 2 keep naming their sheet; layout 2's shorter code says the paper too."""
    assert "this is a Sssnake sheet: Fjord, pad C3SUWG, sheet 2" in cli("resume", text).stderr


@pytest.mark.parametrize("text", ["S2:A:XX:C3SUWG:2", "S2:B:FJ:C3SUWG:2", "S2:A:FJ:C3SUWG:02", "S3:A:FJ:C3SUWG:2",
                                  "S2:A:FJ:C3SUWG:0"])
def test_a_layout_2_code_no_pad_prints_is_no_sheet(cli, text):
    assert cli("resume", text).stderr.startswith("error: not a companion token")
