"""A finished paper Sssnake sheet recorded from a phone photo (G/photo, docs/serve.md): the photo read by the same
reader as `companion sssnake record --photo`, shown to confirm, then kept by the same record_paper, so the page and
the terminal read, check and refuse alike."""
from __future__ import annotations

import re

from starlette.responses import JSONResponse, Response

from companion.core.language import N_, _
from companion.serve.guard import NO_STORE, bounded_body, cross_site, error, sent_type
from companion.serve.newgames import flag, number, word
from companion.serve.refusals import Bad

PHOTO_MAX = 20 * 1024 * 1024  # bytes of a photo: a phone camera's JPEG is 2-8 MB; the page resizes nothing
PHOTO_SECONDS = 60.0  # for a whole photo to arrive over a slow network (an action has 10 s)
TOO_BIG = N_("the photo is over {size} MB; send the camera's own photo of the sheet (a few MB)")
SHEET = re.compile(r"[A-Z0-9]{1,12}/[1-9][0-9]{0,3}")  # a pad's serial and page, as its code names them
RECORD_KEYS = {"landscape", "length", "golden", "rotten", "sheet", "again"}
LEGEND = {  # a track cell's mark (companion.scan.reading.MARKS) in the rulebook's words (Growing), and a doubt
    "blank": N_("not circled"),
    "single": N_("circled: a fresh apple"),
    "filled": N_("filled in: a rotten apple"),
    "double": N_("circled twice: a golden apple"),
    "unsure": N_("unsure: look at it on the sheet"),
}


def reading(data: bytes) -> dict:
    """The photo's reading (Reading.to_dict()) with the landscape's name, the terminal's one-line summary and the
    marks' words; an unreadable photo is refused in the reader's own line."""
    from companion.scan.door import read_sheet
    from companion.scan.reading import Unreadable
    from companion.shared.session import Refused
    from companion.shared.sssnake.paper import check_sheet
    from companion.sssnake.edition import edition

    try:
        found = read_sheet(data)
    except Unreadable as exc:
        raise Bad(str(exc)) from None
    name = edition().landscapes[found.landscape].name
    answer = {**found.to_dict(), "name": name, "summary": found.summary(name),
              "legend": {mark: _(words) for mark, words in LEGEND.items()},
              "recorded_before": None}
    if found.serial and found.page:
        try:
            check_sheet(f"{found.serial}/{found.page}")
        except Refused as exc:  # recorded before: kept again only if the player says it was played anew
            answer["recorded_before"] = str(exc)
    return answer


def recorded(asked: dict) -> dict:
    """The confirmed (or corrected) counts kept as `companion sssnake record --photo` keeps them: record_paper's
    answer (score, rank) and the terminal's line; the same refusals, and nothing kept on one."""
    from companion.shared.session import Refused
    from companion.shared.sssnake.paper import record_paper
    from companion.shared.sssnake.setup import known_landscape
    from companion.shared.sssnake.text import paper_text
    from companion.sssnake.actions import COUNT_MAX

    unknown = sorted(set(asked) - RECORD_KEYS)
    if unknown:
        raise Bad(_("unknown field(s) {fields}: send {wanted}").format(fields=", ".join(unknown),
                                                                      wanted=", ".join(sorted(RECORD_KEYS))))
    slug = word(asked, "landscape", None)
    length = number(asked, "length", 1, COUNT_MAX, None)
    if slug is None or length is None:
        raise Bad(_("send the landscape read and the length confirmed"))
    golden, rotten = number(asked, "golden", 0, COUNT_MAX, 0) or 0, number(asked, "rotten", 0, COUNT_MAX, 0) or 0
    sheet = word(asked, "sheet", None)
    if sheet is not None and not SHEET.fullmatch(sheet):
        raise Bad(_("sheet: the pad's serial and page as read, SERIAL/PAGE (or null: no pad code read)"))
    again = flag(asked, "again")
    try:
        kept = record_paper(known_landscape(slug), length, golden, rotten, sheet=sheet, photo=True, again=again)
    except Refused as exc:
        raise Bad(str(exc)) from None
    return {**kept, "messages": [paper_text(kept, length, golden, rotten)]}


def reader(call):
    """POST G/photo/read: the photo's bytes (Content-Type image/*), read in the thread pool by `call` (up to a second
    of one core: the event loop serves the other phones meanwhile), which answers a refusal as for every route."""
    async def endpoint(request, game, kind):
        kind_sent = sent_type(request)
        if not (kind_sent.startswith("image/") or kind_sent == "application/octet-stream"):
            return error(_("send the photo's own bytes (Content-Type: image/jpeg, or the camera's image type)"), 415)
        refused = cross_site(request)
        if refused:
            return error(refused[1], refused[0])
        data = await bounded_body(request, PHOTO_MAX, PHOTO_SECONDS, _(TOO_BIG).format(size=PHOTO_MAX // 2**20))
        if isinstance(data, Response):
            return data
        found = await call(reading, data)
        return found if isinstance(found, Response) else JSONResponse(found, headers=NO_STORE)
    return endpoint


def recorder(call, posted):
    """POST G/photo/record: {landscape, length, golden, rotten, sheet} after the player confirmed the reading."""
    async def endpoint(request, game, kind):
        asked = await posted(request, _("send the confirmed reading as a JSON object: {example}").format(
            example='{"landscape": "fjord", "length": 23, "golden": 2, "rotten": 1, "sheet": "C3SUWG/2"}'))
        if isinstance(asked, Response):
            return asked
        found = await call(recorded, asked)
        return found if isinstance(found, Response) else JSONResponse(found, headers=NO_STORE)
    return endpoint
