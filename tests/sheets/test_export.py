"""Print-shop export: one PNG per card side at the exact pixel size, paired names, the manifest, refusals."""
import csv
import json
import re
import sys

import pytest

from companion.core.extras import install_line
from companion.sheets.export import card_sides, counter_sides, export, image_size, pixels
from companion.sheets.layout import POKER, LayoutError

pytest.importorskip("pypdfium2", reason="pypdfium2 renders the PNGs (the png extra)")
from PIL import Image  # noqa: E402  (pillow comes with the companion; pypdfium2 is checked first)


def _manifest(folder):
    with open(folder / "manifest.csv", newline="", encoding="utf-8") as f:
        return list(csv.reader(f))


def _rgb(hex_colour):
    return tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))


@pytest.mark.parametrize("mm, dpi, px", [
    (69, 300, 815), (94, 300, 1110),  # poker card plus 3 mm bleed: 814.96 and 1110.24
    (63, 300, 744), (88, 300, 1039),  # no bleed
    (69.85, 300, 825),  # 2.75 in: exactly 825
    (21, 300, 248), (15, 300, 177),  # a counter with and without 3 mm bleed
    (1.05, 254, 11),  # exactly 10.5 px: half a pixel rounds up
    (66, 150, 390), (91, 150, 537), (69, 600, 1630), (94, 600, 2220),
])
def test_pixels_are_mm_over_25_4_times_dpi_half_up(mm, dpi, px):
    assert pixels(mm, dpi) == px


@pytest.mark.parametrize("bleed, dpi, size", [
    (3, 300, (815, 1110)), (0, 300, (744, 1039)), (1.5, 150, (390, 537)), (3, 600, (1630, 2220)), (3, 72, (196, 266)),
])
def test_every_image_has_the_exact_size(tmp_path, bleed, dpi, size):
    """A card's front and back at several dpi and bleeds: the pixel size the docs' table gives, nothing else."""
    card, cards = card_sides("abilities")
    assert image_size(card, bleed, dpi) == size
    assert export(card, cards[:1], bleed, dpi, tmp_path / "x", False) == 2
    for side in ("front", "back"):
        with Image.open(tmp_path / "x" / f"001-{side}.png") as image:
            assert image.size == size and round(image.info["dpi"][0]) == dpi


def test_cards_pair_front_and_back_with_a_manifest(tmp_path):
    """Every card of the deck: NNN-front.png and NNN-back.png, and a manifest row for each, one copy each."""
    card, cards = card_sides("all")
    assert export(card, cards, 3, 72, tmp_path, False) == 64
    rows = _manifest(tmp_path)
    assert rows[0] == ["file", "card", "side", "copies"]
    assert rows[1:5] == [["001-front.png", "apple card #1", "front", "1"],
                         ["001-back.png", "apple card #1", "back", "1"],
                         ["002-front.png", "apple card #2", "front", "1"],
                         ["002-back.png", "apple card #2", "back", "1"]]
    assert rows[-1] == ["032-back.png", "ability card 16", "back", "1"]
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == sorted([f"{n:03d}-{s}.png" for n in range(1, 33) for s in ("front", "back")] + ["manifest.csv"])
    assert [r[0] for r in rows[1:]] == [f"{n:03d}-{s}.png" for n in range(1, 33) for s in ("front", "back")]


def test_a_rendered_face_has_its_drawing_and_its_bleed(tmp_path):
    """The apple card's tint reaches the image's edge (bleed) and its big number is dark ink in the middle;
    the ability back is the dark green one."""
    card, cards = card_sides("all")
    export(card, [cards[0], cards[16]], 3, 150, tmp_path, False)
    with Image.open(tmp_path / "001-front.png") as front:
        rgb = front.convert("RGB")
        assert rgb.getpixel((0, 0)) == rgb.getpixel((front.width - 1, front.height - 1)) == _rgb("#eaf4df")
        middle = rgb.crop((front.width // 3, front.height // 3, 2 * front.width // 3, 2 * front.height // 3))
        assert middle.convert("L").getextrema()[0] < 60  # the column number, printed black
    with Image.open(tmp_path / "002-back.png") as back:
        assert back.convert("RGB").getpixel((1, 1)) == _rgb("#3f6b3a")


def test_counters_have_backs_and_identical_counters_one_image_with_copies(tmp_path):
    """15 mm counters with 3 mm bleed: 248 px square at 300 dpi; the four Splops are one image, 4 copies; every
    counter has a back; a Snit's clan band runs into the bleed."""
    card, counters = counter_sides("red")
    images = export(card, counters, 3, 300, tmp_path, False)
    rows = _manifest(tmp_path)[1:]
    assert images == len(rows) == 2 * (len(counters) - 3)
    assert [r for r in rows if r[1] == "Splop"] == [[f"{(len(counters) - 4):03d}-front.png", "Splop", "front", "4"],
                                                   [f"{(len(counters) - 4):03d}-back.png", "Splop", "back", "4"]]
    assert sum(r[2] == "back" for r in rows) == images // 2
    with Image.open(tmp_path / "001-front.png") as snit, Image.open(tmp_path / "001-back.png") as back:
        assert snit.size == back.size == (248, 248)
        assert snit.convert("RGB").getpixel((0, 0)) == _rgb("#c0392b")
        assert back.convert("RGB").getpixel((0, 0)) == _rgb("#4a3a5c")


def test_cli_export_writes_the_folder_and_refuses_to_overwrite(run, tmp_path):
    result = run("cards", "--deck", "abilities", "--export", "png", "--dpi", 300, "--bleed", 3, "-o", "shop/")
    assert result.exit_code == 0 and result.output.strip() == "wrote shop (32 pages, 33 files)"
    with Image.open(tmp_path / "shop" / "016-back.png") as image:
        assert image.size == (815, 1110)
    (tmp_path / "shop" / "017-front.png").write_bytes(b"left from a bigger export")
    again = run("cards", "--deck", "abilities", "--export", "png", "-o", "shop")
    assert again.exit_code == 1 and "shop exists; --force would replace its images" in again.stderr
    data = json.loads(run("cards", "--deck", "abilities", "--export", "png", "--dpi", 72, "-o", "shop", "--force",
                          "--json").output)
    assert len(data["files"]) == 33 and not (tmp_path / "shop" / "017-front.png").exists()
    assert run("counters", "--clan", "blue", "--export", "png", "--bleed", 3).output.strip() == \
        "wrote output/counters-blue-300dpi (132 pages, 133 files)"


@pytest.mark.parametrize("args, message", [
    (("cards", "--export", "png", "--duplex"), "--duplex is for printed sheets; --export png writes each card side "
                                                "as its own image: leave --duplex out"),
    (("cards", "--export", "png", "--paper", "letter"), "--paper is for printed sheets"),
    (("counters", "--export", "png", "--back-offset", "1,1"), "--back-offset is for printed sheets"),
    (("cards", "--export", "png", "--format", "svg"), "--format is for printed sheets"),
    (("cards", "--export", "jpg"), "unknown export 'jpg'; use png"),
    (("cards", "--dpi", "300"), "--dpi is for --export png; add --export png or leave --dpi out"),
    (("counters", "--bleed", "3"), "--bleed is for --export png"),
    (("cards", "--export", "png", "--dpi", "2400"), "--dpi must be 72 to 1200 (print shops ask for 300), not 2400"),
    (("counters", "--export", "png", "--bleed", "-1"), "--bleed must be 0 to 10 mm (print shops ask for 3), not -1"),
    (("cards", "--export", "png", "--bleed", "nan"), "--bleed must be 0 to 10 mm"),
    (("cards", "--export", "png", "-o", " "), "-o needs a folder name for --export png"),
])
def test_bad_export_options_are_one_line_and_write_nothing(run, tmp_path, args, message):
    result = run(*args)
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and message in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_folder_that_is_not_an_earlier_export_is_refused_even_with_force(run, tmp_path):
    (tmp_path / "photos").mkdir()
    (tmp_path / "photos" / "holiday.png").write_bytes(b"keep me")
    (tmp_path / "notes.txt").write_text("keep me")
    for target in ("photos", "notes.txt"):
        result = run("cards", "--export", "png", "-o", target, "--force")
        assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert "photos holds more than an earlier export" in run("cards", "--export", "png", "-o", "photos").stderr
    assert "notes.txt is a file; --export png writes a folder" in run("cards", "--export", "png", "-o",
                                                                      "notes.txt").stderr
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["holiday.png", "notes.txt", "photos"]


def test_missing_pypdfium2_names_the_extra(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "pypdfium2", None)  # import fails as if it were not installed
    with pytest.raises(LayoutError, match="^" + re.escape(f"--export png needs pypdfium2: {install_line('png')}") + "$"):
        export(POKER, card_sides("apples")[1], 3, 300, tmp_path / "x", False)
    assert list(tmp_path.iterdir()) == []


def test_an_export_stopped_half_way_leaves_the_earlier_export_whole(tmp_path, monkeypatch):
    """The images go into a folder beside the target, swapped in whole at the end: a kill (here, an interrupt
    after ten images) leaves the earlier export as it was, no part of the new one in it."""
    card, cards = card_sides("abilities")
    export(card, cards, 0, 72, tmp_path / "shop", force=False)
    before = {p.name: p.read_bytes() for p in (tmp_path / "shop").iterdir()}
    saved = []
    real_save = Image.Image.save

    def save(self, *args, **kwargs):
        if len(saved) == 10:
            raise KeyboardInterrupt
        saved.append(args[0])
        return real_save(self, *args, **kwargs)

    monkeypatch.setattr(Image.Image, "save", save)
    with pytest.raises(KeyboardInterrupt):
        export(card, cards, 3, 150, tmp_path / "shop", force=True)
    assert {p.name: p.read_bytes() for p in (tmp_path / "shop").iterdir()} == before
    assert [p.name for p in tmp_path.iterdir()] == ["shop"]  # and nothing left beside it
