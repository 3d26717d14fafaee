"""`companion print map|counters`: output/ by default, path and pages reported, bad input refused, nothing written."""
import json

import pytest
from pypdf import PdfReader


def test_map_goes_to_output_as_the_big_map_over_two_sheets(run, tmp_path):
    """Issue 21: the playing size is the default, the big map (nine counters an organ) over two A4 sheets; the
    one-page map, an overview too small to play on, is asked for with --tiles 1x1; A3 holds the big map alone."""
    assert run("map").output.strip() == "wrote output/bolotomus-map-a4-tiles-2x1.pdf (2 pages)"
    assert "organs hold 9 counters" in PdfReader(tmp_path / "output" / "bolotomus-map-a4-tiles-2x1.pdf").pages[0] \
        .extract_text()
    assert run("map", "--tiles", "1x1").output.strip() == "wrote output/bolotomus-map-a4.pdf (1 page)"
    page = PdfReader(tmp_path / "output" / "bolotomus-map-a4.pdf").pages[0]
    assert page.mediabox.width > page.mediabox.height and "Too small to play on" in page.extract_text()
    assert run("map", "--paper", "a3").output.strip() == "wrote output/bolotomus-map-a3.pdf (1 page)"
    assert run("map", "--paper", "a3", "--tiles", "1X1", "--force").output.strip() == \
        "wrote output/bolotomus-map-a3.pdf (1 page)"


def test_map_help_says_the_big_map_is_the_playing_size(run):
    out = " ".join(run("map", "--help").output.split())
    assert "The playing size is the big map, organs holding nine 15 mm counters (a busy organ has 5-7)" in out
    assert "by default over two A4 or Letter sheets glued together (--tiles 2x1)" in out
    assert "an overview, too small to play on" in out


@pytest.mark.parametrize("typed, file, title", [
    ("first-edition", "bolotomus-map-first-edition-a4.pdf", "The Bolotomus - first edition"),
    ("first", "bolotomus-map-first-edition-a4.pdf", "The Bolotomus - first edition"),
    ("Second-Edition", "bolotomus-map-a4.pdf", "The Bolotomus - second edition"),  # the default's name, as before
])
def test_map_prints_either_edition_named_in_its_file(run, tmp_path, typed, file, title):
    assert run("map", "--map", typed, "--tiles", "1x1").output.strip() == f"wrote output/{file} (1 page)"
    assert title in PdfReader(tmp_path / "output" / file).pages[0].extract_text()


def test_map_without_map_prints_the_second_edition(run, tmp_path):
    run("map", "--tiles", "1x1")
    assert "The Bolotomus - second edition" in PdfReader(tmp_path / "output" / "bolotomus-map-a4.pdf").pages[0] \
        .extract_text()


def test_map_help_names_the_editions(run):
    out = run("map", "--help").output
    assert "EDITION|FILE.toml" in out and "second-edition (the default)" in out and "first-edition" in out


def test_map_svg_json_lists_its_file(run):
    data = json.loads(run("map", "--paper", "letter", "--tiles", "1x1", "--format", "svg", "--ink-saver",
                          "--json").output)
    assert data == {"path": "output/bolotomus-map-letter-inksaver-svg", "pages": 1,
                    "files": ["output/bolotomus-map-letter-inksaver-svg/bolotomus-map.svg"]}


def test_counters_default_path_and_duplex_page_count(run):
    assert run("counters").output.strip() == "wrote output/counters-all-a4.pdf (1 page)"
    assert run("counters", "--clan", "Red", "--duplex", "--back-offset", "0.5,-1", "--paper", "letter").output \
        .splitlines()[0] == "wrote output/counters-red-letter-duplex.pdf (2 pages)"  # then the back offset used


@pytest.mark.parametrize("args, message", [
    (("counters", "--clan", "purple"), "unknown clan 'purple'; use one of: red, blue, green, yellow, all"),
    (("counters", "--back-offset", "3"), "offset '3' is not two numbers"),
    (("map", "--paper", "a5"), "unknown paper 'a5'; use one of: a4, letter"),
    (("map", "--format", "png"), "unknown format 'png'; use pdf or svg"),
    (("map", "--map", "third-edition"), "--map takes one of the edition's maps (second-edition, first-edition) or a "
                                        "map file (FILE.toml)"),
])
def test_bad_input_is_one_line_and_writes_nothing(run, tmp_path, args, message):
    result = run(*args)
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and message in result.stderr
    assert list(tmp_path.iterdir()) == []
