"""Layout in millimetres: card grids, crop marks, bleed and duplex backs land where the numbers say."""
import pytest

from companion.sheets.layout import CROP_GAP, CROP_LENGTH, PAPERS, POKER, LayoutError, card_grid, parse_offset


def test_nine_poker_cards_centred_on_a4():
    """Cards: poker 63 x 88 mm, nine to a page, centred (A4 leaves 10.5 mm at the sides, 16.5 mm top and bottom)."""
    grid = card_grid(PAPERS["a4"], POKER, 3, 3)
    slots = grid.slots()
    assert len(slots) == 9
    assert (slots[0].x, slots[0].y) == pytest.approx((10.5, 16.5))
    assert (slots[8].x + slots[8].w, slots[8].y + slots[8].h) == pytest.approx((199.5, 280.5))
    assert {(s.w, s.h) for s in slots} == {(63.0, 88.0)}


def test_nine_poker_cards_fit_letter():
    grid = card_grid(PAPERS["letter"], POKER, 3, 3)
    assert grid.slots()[0].y == pytest.approx((279.4 - 264) / 2)


def test_bleed_separates_cards_by_twice_the_bleed():
    """Bleed is printed past the trim, so with bleed b neighbouring trims are 2b apart."""
    grid = card_grid(PAPERS["a4"], POKER, 3, 3, bleed=1.0)
    a, b = grid.slots()[0], grid.slots()[1]
    assert b.x - (a.x + a.w) == pytest.approx(2.0)
    assert a.bleed == 1.0


def test_too_much_bleed_is_refused_with_what_fits():
    with pytest.raises(LayoutError, match=r"use --bleed 1\.2 or less"):
        card_grid(PAPERS["a4"], POKER, 3, 3, bleed=3)
    for bad in (-1, float("nan")):
        with pytest.raises(LayoutError, match="0 mm or more"):
            card_grid(PAPERS["a4"], POKER, 3, 3, bleed=bad)


def test_crop_marks_extend_every_cut_outside_the_cards():
    """Crop marks sit on the extension of each cut line, in the margin, clear of the cards and their bleed."""
    grid = card_grid(PAPERS["a4"], POKER, 3, 3)
    marks = grid.crop_marks()
    cuts_x = {10.5, 73.5, 136.5, 199.5}
    vertical = [m for m in marks if m[0] == m[2]]
    assert {round(m[0], 3) for m in vertical} == cuts_x
    top = [m for m in vertical if m[3] <= 16.5]
    assert all(m[3] == pytest.approx(16.5 - CROP_GAP) and m[1] == pytest.approx(16.5 - CROP_GAP - CROP_LENGTH)
               for m in top)
    assert len(marks) == 2 * 4 + 2 * 4
    assert all(0 <= v <= 297 for m in marks for v in m)


def test_back_slots_mirror_the_columns_for_a_long_edge_flip():
    """Duplex: the back of the top-left card is at the top right, moved by the measured offset."""
    grid = card_grid(PAPERS["a4"], POKER, 3, 3)
    front, back = grid.slots(), grid.back_slots((1.5, -0.5))
    assert back[0].x == pytest.approx(front[2].x + 1.5) and back[0].y == pytest.approx(front[0].y - 0.5)
    assert back[4].x == pytest.approx(front[4].x + 1.5)
    plain = grid.back_slots()
    assert [s.x for s in plain[:3]] == pytest.approx([s.x for s in front[2::-1]])


@pytest.mark.parametrize("text, expected", [("0.8,-1.2", (0.8, -1.2)), ("0,0", (0.0, 0.0)), (" 2 , 3 ", (2.0, 3.0))])
def test_offset_is_two_numbers_in_mm(text, expected):
    assert parse_offset(text) == expected


@pytest.mark.parametrize("text", ["1", "a,b", "1,2,3", "", "30,0", "nan,0", "0,inf"])
def test_offset_that_is_not_two_small_numbers_is_refused(text):
    with pytest.raises(LayoutError, match="offset"):
        parse_offset(text)


def test_paper_sizes_are_named_with_their_millimetres():
    assert PAPERS["a4"].size() == (210.0, 297.0) and "210 x 297 mm" in PAPERS["a4"].label
    assert PAPERS["letter"].size(landscape=True) == (279.4, 215.9)
    assert "without bleed" in POKER.label


def test_landscape_paper_turns_the_page():
    """Portrait or landscape: eight poker cards fit a landscape A4 in 4 x 2; nine in 3 x 3 do not."""
    grid = card_grid(PAPERS["a4"], POKER, 4, 2, landscape=True)
    assert (grid.page_w, grid.page_h) == (297.0, 210.0)
    assert grid.slots()[0].x == pytest.approx((297 - 4 * 63) / 2)
    with pytest.raises(LayoutError, match=r"3 x 3 cards .* do not fit on A4 210 x 297 mm \(landscape\), even"):
        card_grid(PAPERS["a4"], POKER, 3, 3, landscape=True)
