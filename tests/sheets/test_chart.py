"""The history's chart (sheets/chart.py): round ticks, one page, every line in the legend or counted."""
import xml.etree.ElementTree as ET

import pytest

from companion.sheets.chart import render, ticks
from tests.sheets.readers import svg_texts


@pytest.mark.parametrize("lo, hi, expected", [
    (0, 36, [0, 5, 10, 15, 20, 25, 30, 35, 40]), (1, 3, [1, 2, 3]), (-5, 42, [-10, 0, 10, 20, 30, 40, 50]),
    (0, 0, [0, 1]), (1, 100, [0, 20, 40, 60, 80, 100]),
])
def test_ticks_are_round_whole_numbers_around_the_values(lo, hi, expected):
    assert ticks(lo, hi) == expected


def test_one_landscape_page_with_the_title_axes_and_legend(tmp_path):
    path = tmp_path / "chart.svg"
    assert render("Scores", [("Ann, fjord", [9, 4, 12]), ("solo, sahara", [30])], "svg", path) == 1
    root = ET.parse(path).getroot()
    assert root.get("width") == "297mm" and root.get("height") == "210mm"
    texts = svg_texts(path)
    assert texts[0] == "Scores" and {"Ann, fjord", "solo, sahara", "games, oldest first", "0", "15"} <= set(texts)


def test_more_lines_than_the_legend_holds_are_counted(tmp_path):
    path = tmp_path / "many.svg"
    render("Many", [(f"P{i}, fjord", [i, i + 1]) for i in range(40)], "svg", path)
    texts = svg_texts(path)
    assert "P25, fjord" in texts and "P26, fjord" not in texts and "and 14 more lines" in texts


def test_no_two_lines_share_a_style():
    """Line i and line i + 4 had the same dash and marker (only the colour told them apart) and line i + 8 was line
    i again: every line drawn now has its own colour, dash and marker together, and neighbours differ in all."""
    from companion.sheets.chart import STYLES, style

    styles = [style(i) for i in range(STYLES)]
    assert len(set(styles)) == STYLES
    assert all(len({a, b}) == 2 for i in range(STYLES - 1) for a, b in zip(styles[i], styles[i + 1], strict=True))
