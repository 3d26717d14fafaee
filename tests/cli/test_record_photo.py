"""`sssnake record --photo` (issue 32): a finished paper sheet read from a photo is shown, asked about once and kept as
a solo paper game that remembers it came from a photo of one pad sheet; several photos are a table, ranked, not kept.
The photos are the printed pad pages with pencil marks drawn on (benchmarks/photos.py): flat scans."""
import datetime
import json
import sys

import pytest

from benchmarks.photos import Truth, marked_sheet
from companion.sssnake.daily import landscape as daily_landscape

ASK = "Record this? [Y/n/c = correct]"


def cells(length: int, golden: tuple[int, ...] = (), rotten: tuple[int, ...] = ()) -> tuple[str, ...]:
    """A track circled up to `length`: double circles at `golden`, filled at `rotten`, single elsewhere."""
    return tuple("blank" if n <= 4 or n > length else "double" if n in golden else "filled" if n in rotten
                 else "single" for n in range(1, 41))


FJORD = Truth("fjord", "a4", "C3SUWG", 2, cells(23, golden=(9, 14)), 2)  # 23 + 2 golden = 25 points
FOXTRAIL = Truth("foxtrail", "a4", "K7RMPQ", 1, cells(18, rotten=(11,)), None)  # 18 - 1 rotten = 17 points


@pytest.fixture
def photo(tmp_path):
    """The sheet drawn and saved as a PNG (or JPEG) file; returns its path."""
    def draw(truth: Truth = FJORD, name: str = "sheet.png") -> str:
        path = tmp_path / name
        marked_sheet(truth).save(path, quality=92) if name.endswith(".jpg") else marked_sheet(truth).save(path)
        return str(path)

    return draw


def history(cli) -> list[dict]:
    return json.loads(cli("sssnake", "history", "--json").output)


def test_the_reading_is_shown_asked_once_and_kept(cli, photo):
    """One question, answered y: the reading's line, the track as the sheet shows it, and the row says it came from
    a photo of pad C3SUWG's sheet 2."""
    result = cli("sssnake", "record", "--photo", photo(), input="y\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Fjord, pad C3SUWG sheet 2: length 23, golden 2, rotten 0 = 25 points" in out
    assert " 1  2  3  4  5  6  7  8  9 10" in out and "21 22 23" in out
    assert "\n .  .  .  .  o  o  o  o  @  o  o  o  o  @  o" in out and "golden apples ticked: 2" in out
    assert out.count(ASK) == 1, "a solo photo is one question (one line of input, and no other question met)"
    assert "Solo game on fjord: 23 + 2 golden - 0 rotten = 25 points. Well played." in out
    (row,) = history(cli)
    assert (row["length"], row["golden"], row["rotten"], row["score"]) == (23, 2, 0, 25)
    assert (row["source"], row["sheet"]) == ("photo", "C3SUWG/2")


def test_c_corrects_each_count_with_the_reading_as_default(cli, photo):
    result = cli("sssnake", "record", "--photo", photo(), input="c\n\n1\n\n")
    assert result.exit_code == 0 and "Length [23]: " in result.output and "Golden [2]: " in result.output
    (row,) = history(cli)
    assert (row["length"], row["golden"], row["rotten"], row["score"]) == (23, 1, 0, 24)


def test_n_keeps_nothing(cli, photo):
    result = cli("sssnake", "record", "--photo", photo(), input="n\n")
    assert result.exit_code == 0 and result.output.endswith("Not recorded.\n") and history(cli) == []


def test_yes_keeps_without_asking_and_options_correct_the_reading(cli, photo):
    result = cli("sssnake", "record", "--photo", photo(name="sheet.jpg"), "--yes", "--length", "24")
    assert result.exit_code == 0 and ASK not in result.output and "As given: length 24." in result.output
    (row,) = history(cli)
    assert (row["length"], row["golden"], row["score"], row["source"]) == (24, 2, 26, "photo")


def test_json_needs_yes_and_gives_the_reading_and_what_was_kept(cli, photo):
    path = photo()
    result = cli("sssnake", "record", "--photo", path, "--json")
    assert result.exit_code == 1 and result.output == "error: --json needs --yes with --photo: it records without asking\n"
    data = json.loads(cli("sssnake", "record", "--photo", path, "--json", "--yes").output)
    assert data["reading"]["cells"] == list(FJORD.cells) and data["reading"]["pad"] == "C3SUWG"
    assert data["kept"] | {"id": 0} == {"id": 0, "landscape": "fjord", "score": 25, "rank": "Well played.",
                                        "sheet": "C3SUWG/2", "length": 23, "golden": 2, "rotten": 0,
                                        "source": "photo"}


def test_a_landscape_or_daily_game_the_photo_is_not_of_is_refused(cli, photo):
    path = photo()
    result = cli("sssnake", "record", "--photo", path, "--landscape", "sahara", "--yes")
    assert result.exit_code == 1 and result.output.startswith("error: the photo is of a Fjord sheet, not Sahara")
    day = next(d for d in (datetime.date(2026, 12, 1) + datetime.timedelta(n) for n in range(4))
               if daily_landscape(d) != "fjord")
    result = cli("sssnake", "record", "--photo", path, "--daily", day.isoformat(), "--yes")
    assert result.exit_code == 1 and "the photo is of a Fjord sheet" in result.output
    assert history(cli) == []
    fjord_day = next(d for d in (day + datetime.timedelta(n) for n in range(4)) if daily_landscape(d) == "fjord")
    assert cli("sssnake", "record", "--photo", path, "--daily", fjord_day.isoformat(), "--yes").exit_code == 0
    assert history(cli)[0]["day"] == fjord_day.isoformat()


def test_a_reading_no_solo_sheet_can_show_is_refused(cli, photo):
    """A rotten apple on Fjord (misread, or a table's sheet): refused, saying how to correct it; corrected, kept."""
    path = photo(Truth("fjord", "a4", "C3SUWG", 3, cells(20, rotten=(12,)), 0))
    result = cli("sssnake", "record", "--photo", path, "--yes")
    shown, error = result.output.split("error: ")
    assert result.exit_code == 1 and "rotten 1 = 19 points" in shown and error.count("\n") == 1
    assert error.startswith("Fjord has no rotten apples in a solo game") and error.endswith("--rotten\n")
    assert history(cli) == []
    assert cli("sssnake", "record", "--photo", path, "--yes", "--rotten", "0").exit_code == 0


def test_one_sheet_photographed_twice_counts_once(cli, photo):
    path = photo()
    assert cli("sssnake", "record", "--photo", path, "--yes").exit_code == 0
    today = history(cli)[0]["played"][:10]
    again = cli("sssnake", "record", "--photo", photo(name="again.jpg"), input="y\n")
    assert again.exit_code == 1 and again.output == (f"error: pad C3SUWG sheet 2 is recorded already (on {today}); "
                                                     "give --again to record it anew\n")
    assert len(history(cli)) == 1
    assert cli("sssnake", "record", "--photo", path, "--yes", "--again").exit_code == 0 and len(history(cli)) == 2


def no_sheet(path) -> str:
    from PIL import Image

    Image.new("RGB", (1200, 1600), (235, 232, 225)).save(path)
    return str(path)


def too_large(path) -> str:
    from companion.tokens.qr import MAX_BYTES

    with open(path, "wb") as big:
        big.truncate(MAX_BYTES + 1)  # sparse: nothing written
    return str(path)


@pytest.mark.parametrize("make", [
    lambda p: (p.write_text("length 23, golden 2\n"), str(p))[1],
    lambda p: (p.write_bytes(b""), str(p))[1],
    no_sheet,
    lambda p: str(p / "missing.jpg"),
    too_large,
], ids=["text", "empty", "no sheet", "missing", "too large"])
def test_what_is_no_photo_of_a_sheet_is_refused_in_one_line(cli, tmp_path, make):
    result = cli("sssnake", "record", "--photo", make(tmp_path / "file.jpg"), "--yes")
    assert result.exit_code == 1 and result.output.startswith("error: ") and result.output.count("\n") == 1
    assert history(cli) == []


def test_without_numpy_the_install_line_is_named(cli, photo, monkeypatch):
    path = photo()
    for name in [m for m in sys.modules if m.startswith(("companion.scan.", "numpy")) and m != "companion.scan.reading"]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "numpy", None)
    result = cli("sssnake", "record", "--photo", path, "--yes")
    assert result.exit_code == 1 and result.output.startswith("error: reading a photo needs the scan extra: pip install")
    assert "[scan]'" in result.output


def test_a_table_s_sheets_are_ranked_with_who_was_out_before_and_not_kept(cli, photo):
    """Scoring points: B is the players out before you x2 (the dark multiplier for two); asked per sheet."""
    paths = [photo(FJORD, "ann.png"), photo(Truth("fjord", "a4", "C3SUWG", 5, cells(24, golden=(7,)), 1), "bob.png")]
    result = cli("sssnake", "record", "--photo", paths[0], "--photo", paths[1], input="Ann\n0\n\n1\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Sheet 1: the player's name [sheet 1]: " in out and "How many players were out before sheet 2 [0]: " in out
    bob, ann = out.split("Final table:\n")[1].splitlines()[:2]
    assert bob.startswith(" 1. sheet 2: ") and ann.startswith(" 2. Ann: 25 points")
    assert "Not kept: the store keeps solo paper games only" in out and history(cli) == []


def test_a_table_with_yes_takes_out_before_in_photo_order(cli, photo):
    path = photo()
    data = json.loads(cli("sssnake", "record", "--photo", path, "--photo", path, "--photo", path, "--yes", "--json",
                          "--out-before", "0,2,2").output)
    assert [(r["name"], r["place"], r["shared"]) for r in data["table"]] == [
        ("sheet 2", 1, True), ("sheet 3", 1, True), ("sheet 1", 3, False)]
    assert data["kept"] is False and len(data["readings"]) == 3
    result = cli("sssnake", "record", "--photo", path, "--photo", path, "--yes", "--out-before", "0,2")
    assert result.exit_code == 1 and result.output.startswith("error: --out-before takes one count per photo, each 0 to 1")
