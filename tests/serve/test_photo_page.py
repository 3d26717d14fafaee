"""A finished paper sheet recorded from a phone photo (issue 32): G/photo/read answers what the reader reads, in the
terminal's summary line, or refuses in the reader's own line (not a photo, over 20 MB, not an image); G/photo/record
keeps the confirmed counts as `companion sssnake record` does and refuses what it refuses, keeping nothing; on a
390 px phone the page takes the photo from the file input, shows the reading and records it; axe-core stays clean on
it in light and dark. With SERVE_SCREENSHOTS=DIR, the docs' screenshots (serve-photo-*.png) are taken."""
import dataclasses
import io
import json
import random
from functools import cache

import pytest

pytest.importorskip("starlette", reason="the serve extra is not installed: pip install 'sssnake-snits-companion[serve]'")
pytest.importorskip("numpy", reason="the scan extra is not installed: pip install 'sssnake-snits-companion[scan]'")

from tests.serve.served import g, moving  # noqa: E402

JSON = {"content-type": "application/json"}
JPEG = {"content-type": "image/jpeg"}


@cache
def photo() -> bytes:
    """A finished Fjord sheet (golden apples, no rotten: a solo Fjord game has none), flat, as a phone's JPEG."""
    from benchmarks.photos import marked_sheet, random_truth

    truth = random_truth(random.Random(16), "fjord", "a4", 2)
    truth = dataclasses.replace(truth, cells=tuple("single" if m == "filled" else m for m in truth.cells))
    out = io.BytesIO()
    marked_sheet(truth, 8.0, 1).save(out, "JPEG", quality=90)
    return out.getvalue()


@cache
def reading():
    """What the reader reads on it (the page must show just that, whatever the reader's accuracy)."""
    from companion.scan.read import read_photo

    return read_photo(photo())


def solo_rows(cli) -> list[dict]:
    """The paper games kept, as `companion sssnake history --json` lists them."""
    out = cli("sssnake", "history", "--json")
    return [row for row in json.loads(out.output or "[]") if row["game_id"] is None] if out.exit_code == 0 else []


def confirmed(**changed) -> dict:
    found = reading().to_dict()
    return {"landscape": found["landscape"], "length": found["length"], "golden": found["golden"],
            "rotten": found["rotten"], "sheet": f"{found['pad']}/{found['sheet']}" if found["pad"] else None,
            **changed}


def test_a_photo_is_read_as_the_terminal_reads_it(cli, client):
    game = moving(cli, "Ann")
    got = client.post(g(game) + "/photo/read", content=photo(), headers=JPEG)
    assert got.status_code == 200, got.text
    body = got.json()
    assert body["landscape"] == "fjord" and body["name"] == "Fjord"
    assert {k: body[k] for k in reading().to_dict()} == reading().to_dict()
    assert body["summary"] == reading().summary("Fjord") and len(body["cells"]) == 40
    assert set(body["legend"]) >= {"blank", "single", "filled", "double", "unsure"}
    assert body["recorded_before"] is None
    assert solo_rows(cli) == []  # a reading keeps nothing


def test_what_is_no_photo_or_too_big_is_refused_in_one_line(cli, client, monkeypatch):
    from companion.scan.read import read_photo
    from companion.scan.reading import Unreadable
    from companion.serve import photos

    game = moving(cli, "Ann")
    with pytest.raises(Unreadable) as said:
        read_photo(b"this is no photo")
    got = client.post(g(game) + "/photo/read", content=b"this is no photo", headers=JPEG)
    assert got.status_code == 400 and got.json() == {"error": str(said.value)} and "\n" not in str(said.value)
    monkeypatch.setattr(photos, "reading", lambda data: pytest.fail("a photo over the limit was read"))
    got = client.post(g(game) + "/photo/read", content=b"\xff" * (20 * 2**20 + 1), headers=JPEG)
    assert got.status_code == 400 and got.json()["error"].startswith("the photo is over 20 MB")
    assert client.post(g(game) + "/photo/read", content=photo(), headers=JSON).status_code == 415
    assert client.post(g(game) + "/photo/read", content=photo(),
                       headers={**JPEG, "origin": "http://evil.example"}).status_code == 403
    assert client.post(f"/g/{game}/aaaaaaaaaaaaaaaa/photo/read", content=photo(), headers=JPEG).status_code == 404


def test_a_confirmed_reading_is_kept_with_its_score_and_rank(cli, client):
    from companion.sssnake.scoring import solo_rank, total

    game = moving(cli, "Ann")
    asked = confirmed()
    got = client.post(g(game) + "/photo/record", content=json.dumps(asked), headers=JSON)
    assert got.status_code == 200, got.text
    body = got.json()
    points = total(asked["length"], asked["golden"], asked["rotten"])
    assert body["score"] == points and body["rank"] == solo_rank(points) and body["landscape"] == "fjord"
    assert body["messages"] == [f"Solo game on fjord: {asked['length']} + {asked['golden']} golden - 0 rotten = "
                                f"{points} points. {solo_rank(points)}"]
    rows = solo_rows(cli)
    assert [(r["landscape"], r["length"], r["golden"], r["rotten"], r["score"]) for r in rows] == [
        ("fjord", asked["length"], asked["golden"], asked["rotten"], points)]


def test_a_sheet_recorded_before_is_said_and_kept_again_only_when_played_anew(cli, client):
    """As the terminal: a pad sheet is kept once, unless the player says it was played anew (`--again`)."""
    game = moving(cli, "Ann")
    record = g(game) + "/photo/record"
    assert client.post(record, content=json.dumps(confirmed()), headers=JSON).status_code == 200
    line = client.post(g(game) + "/photo/read", content=photo(), headers=JPEG).json()["recorded_before"]
    assert line.startswith(f"pad {reading().serial} sheet {reading().page} is recorded already")
    got = client.post(record, content=json.dumps(confirmed()), headers=JSON)
    assert got.status_code == 400 and got.json()["error"] == line and len(solo_rows(cli)) == 1
    assert client.post(record, content=json.dumps(confirmed(again=True)), headers=JSON).status_code == 200
    assert len(solo_rows(cli)) == 2


@pytest.mark.parametrize("changed, cli_args", [
    ({"golden": 9}, ["--golden", "9"]),
    ({"rotten": 1}, ["--rotten", "1"]),
    ({"length": 125}, ["--length", "125"]),
])
def test_an_impossible_correction_is_refused_as_the_terminal_refuses_it(cli, client, changed, cli_args):
    game = moving(cli, "Ann")
    asked = confirmed(**changed)
    got = client.post(g(game) + "/photo/record", content=json.dumps(asked), headers=JSON)
    said = cli("sssnake", "record", "--landscape", "fjord", "--length", asked["length"], "--golden", asked["golden"],
               *cli_args)
    assert said.exit_code != 0 and got.status_code == 400
    assert f"error: {got.json()['error']}" in said.output
    assert solo_rows(cli) == []


@pytest.mark.parametrize("changed", [{"length": "x"}, {"golden": -1}, {"landscape": "moon"}, {"sheet": "../x"},
                                     {"player": "Ann"}, {"length": True}, {"again": "yes"}])
def test_a_malformed_record_is_refused_and_keeps_nothing(cli, client, changed):
    game = moving(cli, "Ann")
    got = client.post(g(game) + "/photo/record", content=json.dumps(confirmed(**changed)), headers=JSON)
    assert got.status_code == 400 and "\n" not in got.json()["error"]
    assert solo_rows(cli) == []


def taken(page) -> None:
    """The photo handed to the page's file input, as a phone's camera hands it; the page shows the reading."""
    from playwright.sync_api import expect

    page.set_input_files("#photo-file", files=[{"name": "sheet.jpg", "mimeType": "image/jpeg", "buffer": photo()}])
    expect(page.locator("body")).to_have_attribute("data-step", "read")


def test_the_phone_takes_the_photo_and_records_it(cli, server, open_page):
    from playwright.sync_api import expect

    game = moving(cli, "Ann")
    found = reading().to_dict()
    phone = open_page(server.player(game, "Ann"), phone=True, csp=True)  # under the served CSP: no inline script
    phone.click("#photo-link")
    phone.wait_for_url("**/photo")
    expect(phone.get_by_label("Take a photo of the finished sheet")).to_have_attribute("capture", "environment")
    taken(phone)
    expect(phone.locator("#photo-summary")).to_have_text(reading().summary("Fjord"))
    expect(phone.locator("#photo-track li.cell")).to_have_count(40)
    expect(phone.locator("#photo-track li.cell.unsure")).to_have_count(len([n for n in found["unsure"] if n]))
    assert phone.locator("#photo-track li.cell").evaluate_all("(cs) => cs.map((c) => c.dataset.mark)") == found["cells"]
    assert phone.input_value("#photo-length") == str(found["length"])
    phone.fill("#photo-golden", "9")
    phone.click("#photo-record")
    expect(phone.locator("#photo-refused")).to_contain_text("golden apples, not 9")
    assert solo_rows(cli) == []
    phone.fill("#photo-golden", str(found["golden"]))
    phone.click("#photo-record")
    expect(phone.locator("body")).to_have_attribute("data-step", "recorded")
    rows = solo_rows(cli)
    assert len(rows) == 1 and phone.text_content("#photo-score") == str(rows[0]["score"])
    assert phone.text_content("#photo-rank") == rows[0]["rank"]


def test_the_photo_page_passes_axe_in_light_and_dark(cli, server, open_page, shot):
    """At 390 px (the reading, then recorded) and 1280 px (from the table page's New game), light and dark."""
    from tests.serve.test_a11y import axe, said, target_sizes

    game = moving(cli, "Ann")
    table = open_page(server.table(game))
    table.click("#new-game summary")
    table.click("#photo-link")
    table.wait_for_url("**/photo?from=table")
    assert table.get_attribute("#photo-back", "href") == "./"
    phone = open_page(server.url(game, "photo"), phone=True)
    found = []
    for page, width in ((phone, 390), (table, 1280)):
        taken(page)
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            if (width, scheme) in ((390, "light"), (1280, "dark")):  # the docs' two
                shot(page, f"serve-photo-{width}-{scheme}", scale="css")
            bad = axe(page)
            if bad:
                found.append(f"{width} px, {scheme}:\n{said(bad)}")
    assert not target_sizes(phone), target_sizes(phone)
    phone.click("#photo-record")
    phone.wait_for_selector("#photo-recorded:not([hidden])")
    shot(phone, "serve-photo-recorded-390-dark", scale="css")
    bad = axe(phone)
    assert not found and not bad, "axe-core:\n" + "\n".join(found) + said(bad)
