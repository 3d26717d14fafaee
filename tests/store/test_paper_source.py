"""Store format 5 (issue 32): a paper score remembers whether it was typed or read from a photo, and the pad sheet
the photo's code named, so one sheet photographed twice is kept once; the histories and BG Stats say so."""
import json
import sqlite3

import pytest

from companion.shared.session import Refused
from companion.shared.sssnake.paper import record_paper
from companion.shared.sssnake.setup import known_landscape
from companion.store.db import Store
from companion.store.schema import VERSION
from tests.store.test_play_ids import copied


def rows() -> list[dict]:
    store = Store()
    try:
        return store.solo_scores()
    finally:
        store.close()


def test_a_format_4_store_s_paper_scores_read_as_typed(home):
    path = copied(home, "store-v4.sqlite")
    (before,) = sqlite3.connect(path).execute("SELECT id, score, play_id FROM solo_scores").fetchall()
    (row,) = rows()
    assert (row["id"], row["score"], row["play_id"], row["source"], row["sheet"]) == (*before, "typed", "")
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == VERSION == 5


def test_the_format_5_store_opens_with_its_photo_row_untouched(home):
    """store-v5 (made by tests/data/make_store.py) is today's: opened without a write, its rows as written."""
    path = copied(home, "store-v5.sqlite")
    before = path.read_bytes()
    assert [(r["source"], r["sheet"], r["score"]) for r in rows()] == [("typed", "", 30), ("photo", "C3SUWG/2", 25)]
    assert path.read_bytes() == before


def test_record_paper_keeps_the_photo_s_sheet_once_unless_again():
    """The served page's call: record_paper(..., sheet="C3SUWG/2", photo=True)."""
    fjord = known_landscape("fjord")
    kept = record_paper(fjord, 23, 2, 0, sheet="C3SUWG/2", photo=True)
    assert kept["sheet"] == "C3SUWG/2" and kept["score"] == 25
    with pytest.raises(Refused, match=r"^pad C3SUWG sheet 2 is recorded already \(on \d{4}-\d\d-\d\d\); give "
                                      r"--again to record it anew$"):
        record_paper(fjord, 23, 2, 0, sheet="C3SUWG/2", photo=True)
    record_paper(fjord, 20, 0, 0, sheet="C3SUWG/2", photo=True, again=True)
    record_paper(fjord, 20, 0, 0, photo=True)  # no code read: nothing to compare
    record_paper(fjord, 20, 0, 0)
    assert [(r["source"], r["sheet"]) for r in rows()] == [
        ("photo", "C3SUWG/2"), ("photo", "C3SUWG/2"), ("photo", ""), ("typed", "")]


def test_the_histories_say_which_score_came_from_a_photo(cli):
    fjord = known_landscape("fjord")
    record_paper(fjord, 23, 2, 0, sheet="C3SUWG/2", photo=True)
    record_paper(fjord, 20, 0, 0)
    text = cli("sssnake", "history").output.splitlines()
    assert text[1].endswith("25  Well played.  photo C3SUWG/2") and text[2].endswith("Room for improvement.")
    assert [(r["source"], r["sheet"]) for r in json.loads(cli("sssnake", "history", "--json").output)] == [
        ("photo", "C3SUWG/2"), ("typed", "")]
    plays = json.loads(cli("history", "--json").output)
    assert plays[0]["comments"].splitlines()[1] == ("1. 25: length 23, golden 2, rotten 0 (on paper, read from a "
                                                    "photo of pad C3SUWG sheet 2)")
    assert plays[1]["comments"].splitlines()[1].endswith("(on paper)")
