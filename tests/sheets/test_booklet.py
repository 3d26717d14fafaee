"""`companion print booklet`: the page list per game, blank pages where duplex needs them, page sizes on A4 and
Letter, the renderers' own pages inside, the front matter's page numbers, the build time, and the CLI."""
import json
import os
import time
from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

import pytest
from pypdf import PdfReader

from companion.sheets import booklet as bk
from companion.sheets.layout import PAPERS
from companion.tokens.pad_code import pad_code
from tests.sheets.readers import decode_pdf

MM = 25.4 / 72


class Built(NamedTuple):
    titles: list[str]
    reader: PdfReader
    path: Path
    seconds: float

FRONT = ["cover", "what to print on which paper", "cut, glue and assemble"]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """Every game's booklet on every paper, built once."""
    out = {}
    for kind in ("sssnake", "snits"):
        for key, paper in PAPERS.items():
            path = tmp_path_factory.mktemp("booklet") / f"{kind}-{key}.pdf"
            start = time.perf_counter()
            pages = bk.render_booklet(kind, paper, "TEST1", path)
            seconds = time.perf_counter() - start
            titles = bk.booklet(kind, paper, "TEST1").page_titles()
            assert pages == len(titles)
            out[kind, key] = Built(titles, PdfReader(path), path, seconds)
    return out


def _text(reader, page):
    return " ".join(reader.pages[page - 1].extract_text().split())


def test_sssnake_page_list(built):
    titles = built["sssnake", "a4"].titles
    assert titles[:8] == FRONT + ["Pad sheet: Am Fluss", "Pad sheet: Fjord", "Pad sheet: FoxTrail",
                                  "Pad sheet: Sahara", bk.BLANK]
    cards = titles[8:titles.index("Reference cards")]
    assert cards == ["Apple cards: front 1", "Apple cards: back 1", "Apple cards: front 2", "Apple cards: back 2",
                     "Ability cards: front 1", "Ability cards: back 1", "Ability cards: front 2",
                     "Ability cards: back 2"]
    assert titles[-1] == "Reference cards" and len(titles) == 17


def test_snits_page_list(built):
    titles = built["snits", "a4"].titles
    assert titles == FRONT + ["The Bolotomus map", "Counters: front 1", "Counters: back 1", "Reference cards"]


@pytest.mark.parametrize("kind", ["sssnake", "snits"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_fronts_on_odd_pages_and_blanks_only_where_needed(built, kind, paper):
    titles = built[kind, paper].titles
    for n, title in enumerate(titles, 1):
        if ": front " in title:
            assert n % 2 == 1 and titles[n] == title.replace(": front ", ": back "), (n, title)
        if title == bk.BLANK:  # only to push a double-sided part from an even page to the next odd one
            assert n % 2 == 0 and ": front 1" in titles[n]


@pytest.mark.parametrize("kind", ["sssnake", "snits"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_page_sizes_in_mm(built, kind, paper):
    titles, reader = built[kind, paper][:2]
    portrait = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}[paper]
    assert len(reader.pages) == len(titles)
    for title, page in zip(titles, reader.pages, strict=True):
        size = (round(float(page.mediabox.width) * MM, 1), round(float(page.mediabox.height) * MM, 1))
        assert size == (portrait[::-1] if title == "The Bolotomus map" else portrait), title


def test_front_matter_names_the_page_ranges(built):
    reader = built["sssnake", "a4"].reader
    cover, guide = _text(reader, 1), _text(reader, 2)
    assert "Sssnake: Flip&Write" in cover and "edition companion-1" in cover
    for pages, part in (("4-7", "Pad sheets, one of each landscape"), ("9-16", "Apple and ability cards"),
                        ("17", "Reference cards")):
        assert f"{pages} {part}" in cover and f"{pages} {part}" in guide
    assert "double-sided, flip on the long edge" in guide and "Scale 100%" in guide
    assert "companion print pad" in guide
    assert "crop marks" in _text(reader, 3)
    # issue 33: the guide sent one-sided printers to "glue them (next page)", where only the counters were told how
    assert "glue each back to its front (next page" in guide and "No two-sided printer: before cutting" in _text(reader, 3)
    assert "blank on purpose" in _text(reader, 8)


def test_the_renderers_pages_are_inside(built):
    reader = built["sssnake", "letter"].reader
    assert "Am Fluss" in _text(reader, 4) and "sheet 1 of 4" in _text(reader, 4)
    assert "Sahara" in _text(reader, 7) and "sheet 4 of 4" in _text(reader, 7)
    assert "back of front 1 - page 2/8" in _text(reader, 10)  # the cards' own numbering, within their part
    assert decode_pdf(built["sssnake", "letter"].path, page=3) == [pad_code("am-fluss", "letter", "TEST1", 1)]
    snits = built["snits", "a4"].reader
    assert "The Bolotomus" in _text(snits, 4) and "back 1 - page 2/2" in _text(snits, 6)
    assert "Bolotomus turn" in _text(snits, 7)


def test_builds_in_time(built):
    assert all(b.seconds < 6 for b in built.values())  # benchmarks/booklet.py: under 2 s a game


def test_a_renderer_that_draws_other_pages_than_planned_is_caught(monkeypatch, tmp_path):
    real = bk.map_part
    monkeypatch.setitem(bk.PARTS, "map", lambda paper, serial: replace(real(paper, serial), titles=("one", "two")))
    with pytest.raises(RuntimeError, match="expected 2 pages of map, drew 1"):
        bk.render_booklet("snits", PAPERS["a4"], "X", tmp_path / "b.pdf")
    assert not (tmp_path / "b.pdf").exists()


def test_cli_default_path_and_json(run, tmp_path):
    assert run("booklet", "--game", "snits").output.strip() == "wrote output/booklet-snits-a4.pdf (7 pages)"
    data = json.loads(run("booklet", "--game", "Sssnake", "--paper", "letter", "--serial", "ab1", "--json").output)
    assert data == {"path": "output/booklet-sssnake-letter.pdf", "pages": 17,
                    "files": ["output/booklet-sssnake-letter.pdf"]}


@pytest.mark.parametrize("args, message", [
    (("booklet", "--game", "chess"), "unknown game 'chess'; use one of: sssnake, snits"),
    (("booklet", "--game", "snits", "--format", "svg"), "a booklet is one PDF; leave out --format svg"),
    (("booklet", "--game", "sssnake", "--serial", "no!"), "--serial 'NO!' must be 1-12 letters A-Z or digits"),
])
def test_bad_input_is_one_line_and_writes_nothing(run, tmp_path, args, message):
    result = run(*args)
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and message in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_an_existing_booklet_is_kept_without_force(run, tmp_path):
    run("booklet", "--game", "snits")
    result = run("booklet", "--game", "snits")
    assert result.exit_code == 1 and "--force would replace it" in result.stderr
    assert run("booklet", "--game", "snits", "--force").exit_code == 0


def test_a_later_run_removes_the_temporary_folders_a_killed_run_left(run, tmp_path):
    """A run killed while saving leaves write_atomically's `.NAME.XXXXXXXX/` beside the target; the next run
    removes those older than itself, and nothing else: another name, another file's, a newer one, a plain file."""
    out = tmp_path / "output"
    out.mkdir()
    left = [out / ".booklet-snits-a4.pdf.k3_x9q0z", out / ".booklet-snits-a4.pdf.a1b2c3d4"]
    kept = [out / ".booklet-snits-a4.pdf.mine", out / ".pad-sahara-a4.pdf.a1b2c3d4",
            out / ".booklet-snits-a4.pdf.zzzz9999"]
    for folder in left + kept[:2]:
        folder.mkdir()
        (folder / "out").write_bytes(b"%PDF-1.7 cut short")
        os.utime(folder, (time.time() - 60, time.time() - 60))
    kept[2].write_text("a file of the user's own, not a folder")
    assert run("booklet", "--game", "snits").exit_code == 0
    assert [p for p in left if p.exists()] == [] and all(p.exists() for p in kept)
    newer = out / ".booklet-snits-a4.pdf.n3w3r000"
    newer.mkdir()
    os.utime(newer, (time.time() + 60, time.time() + 60))  # made after this run started: another run's, writing now
    assert run("booklet", "--game", "snits", "--force").exit_code == 0 and newer.exists()
    names = [newer.name, "booklet-snits-a4.pdf"] + [p.name for p in kept]
    assert sorted(p.name for p in out.iterdir()) == sorted(names)

