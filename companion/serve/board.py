"""The Snits' Revenge board for the served pages: the printable Bolotomus map (sheets/map_drawing.py, on the layout
of the board's own edition, drawn with the SVG backend once per process and map) with every counter in its organ
as the public view shows it.

Each organ is a group `<g class="organ" data-organ="NAME">` over its box (a transparent hit area, its Snorg, Snits
by clan, Runnungitms and Makums), so a page can tap organs. Only the public view (engine.view) is read: the
hidden Spark and Splops are never drawn; a Splop that has gone off and the Spark in the multiplayer fight for it
are public and shown.
"""
from __future__ import annotations

import threading

from companion.core.language import _, language, ngettext
from companion.sheets.bolotomus_map import map_title
from companion.sheets.canvas import PT, Stroke
from companion.sheets.counter_sheet import CLAN_COLOURS, MAKUM_TINT, OTHER_CLAN, RUN_TINT, SNORG_TINT
from companion.sheets.map_drawing import draw_map
from companion.sheets.map_layout import page_layout, passage_ends, tag_points
from companion.sheets.svg_backend import SvgCanvas, SvgDocument, SvgPage
from companion.sheets.text import fit
from companion.snits.game import ENGINE

MARGIN = 2.0          # mm around the map area
AREA = (1.0, 5.0, 30.0, 30.0)  # the organ's counter area (its 2 x 2 spots) from the box's top-left: x, y, w, h
INK = Stroke("#000000", 0.3)
DASHED = Stroke("#000000", 0.3, dash=(0.8, 0.6))
BADGE = {"lightning": "L", "hammer": "H"}
ENTRY = 13.5  # mm below an orifice's box that its entry arrow takes

_lock = threading.Lock()
_static: dict[object, Static] = {}


class Static:
    """The map drawn once: the SVG text up to its closing tag, the layout, and where each passage's tag is."""

    def __init__(self, board) -> None:
        self.layout = page_layout(board)  # its edition's print layout; a player's map on the grid
        w, h = self.layout.width, self.layout.height
        # an orifice's entry arrow hangs 13 mm below its box: a player's map may put that below the map area
        h = max([h] + [self.layout.box(o.name)[1] + self.layout.organ_h + ENTRY for o in board.organs if o.orifice])
        self.orifices = {o.name: o.orifice for o in board.organs if o.orifice}
        page = SvgPage(SvgDocument(single_file=True), w, h, "board")
        dwg = page.dwg
        for size in ("width", "height"):
            dwg.attribs.pop(size, None)
        dwg.attribs.update({"viewBox": f"{-MARGIN:g} {-MARGIN:g} {w + 2 * MARGIN:g} {h + 2 * MARGIN:g}",
                            "class": "board", "role": "img",
                            "aria-label": map_title(board)})
        draw_map(SvgCanvas(page, dwg), self.layout, board, ink_saver=False)
        text = dwg.tostring()
        self.head = text[:text.rindex("</svg>")]
        self.tags: dict[str, tuple[float, float]] = {}
        ends = passage_ends(self.layout, board)
        for p, tag in zip(board.passages, tag_points(board, ends), strict=True):
            self.tags["-".join((board.organs[p.a].name, board.organs[p.b].name))] = (tag[0], tag[1])


def static(board) -> Static:
    """Each edition's map once per process and language; a player's own map once per map (states rebuild their
    board object)."""
    key = (language(), board.edition if board.edition else (board.name, board.organs, board.passages))
    with _lock:
        if key not in _static:
            if len(_static) > 16:
                _static.clear()
            _static[key] = Static(board)
        return _static[key]


def board_svg(state, eyes: bool = False) -> str:
    """The board as one SVG document (no XML declaration: it can be inlined in a page or served as image/svg+xml);
    `eyes`: with the hidden Spark and Splops marked where they lie (the Bolotomus' own page, never a public one)."""
    return board_from_view(state.board, ENGINE.view(state), hidden_marks(state) if eyes else {})


def hidden_marks(state) -> dict[str, list[str]]:
    """Organ -> what the Bolotomus hid under its Snorg ("spark", "splop"), a Splop gone off left out (it is public)."""
    placed = state.placement
    marks: dict[str, list[str]] = {}
    if placed is None:
        return marks
    organs = state.board.organs
    if placed.spark is not None:
        marks.setdefault(organs[placed.spark].name, []).append("spark")
    for o in placed.splops:
        if o not in state.popped:
            marks.setdefault(organs[o].name, []).append("splop")
    return marks


def board_from_view(board, view: dict, marks: dict[str, list[str]] | None = None) -> str:
    """The map with the public view's counters on it: everything drawn here comes from `view`, and the hidden
    placement only from `marks` (board_svg's, for the Bolotomus' eyes)."""
    st = static(board)
    page = SvgPage(SvgDocument(single_file=True), st.layout.width, st.layout.height, "counters")
    dwg = page.dwg
    snits = {s["name"]: s for s in view["snits"]}
    hidden = view.get("hidden") or {}
    popped = set(hidden.get("splops_gone_off", ()))
    parts = [st.head]
    for organ in view["organs"]:
        group = dwg.g(class_="organ")
        group.attribs["data-organ"] = organ["name"]
        cv = SvgCanvas(page, group)
        x, y, w, h = st.layout.box(organ["name"])
        hit = dwg.rect((_n(x), _n(y)), (_n(w), _n(h)), rx="3", fill="#ffffff", fill_opacity="0",
                       stroke="none", class_="hit")
        hit.attribs["pointer-events"] = "all"
        group.add(hit)
        items = [(f"hidden-{m}",) for m in (marks or {}).get(organ["name"], ())] + chips(organ, snits, view, popped)
        ax, ay, aw, ah = AREA
        if organ["snorg"] == "printed":  # the Lapotum: its printed Snorg and note fill the top half
            ay, ah = ay + 15.5, ah - 15.5
        place(page, cv, items, x + ax, y + ay, aw, ah)
        parts.append(group.tostring())
    used = dwg.g(class_="passages-used")
    cv = SvgCanvas(page, used)
    for key, p in view.get("passages_used", {}).items():
        if key in st.tags and p["used"]:
            _used_tag(cv, *st.tags[key], p["used"], p["capacity"])
    parts.append(used.tostring())
    gates = dwg.g(class_="gates-used")
    cv = SvgCanvas(page, gates)
    for name, n in view.get("gates_used", {}).items():
        if name in st.orifices and n:
            x, y, w, h = st.layout.box(name)
            _used_tag(cv, x + 5, y + h + 8.5, n, st.orifices[name], _(" in"))
    parts.append(gates.tostring())
    parts.append("</svg>")
    return "".join(parts)


def chips(organ: dict, snits: dict, view: dict, popped: set) -> list[tuple]:
    """What lies in an organ, in the order drawn: its Snorg, the Snits, the thingies, public markers."""
    out: list[tuple] = []
    if organ["snorg"] is not True and organ["snorg"] != "printed":
        out.append(("snorg-dead",))
    elif organ["snorg"] is True:
        out.append(("snorg",))
    for name in organ["snits"]:
        out.append(("snit", snits.get(name, {"name": name, "clan": "", "speed": "", "badge": ""}),
                    view.get("spark_carrier") == name))
    for name in organ["thingies"]:
        out.append(("run" if name.startswith("R") else "makum", name))
    if organ["name"] in popped:
        out.append(("popped",))
    if view.get("spark_lies") == organ["name"]:
        out.append(("spark-lies",))
    return out


LAYOUTS = ((1, 8.0), (1, 6.6), (1, 5.6), (2, 5.6), (3, 4.4), (4, 3.6))  # columns, chip height (mm): largest first


def place(page, cv, items, x, y, w, h) -> None:
    """Chips as large as the organ allows: one column of whole names while they fit, then two, three or four;
    what is left over is counted in a last chip ("+3 more")."""
    gap = 0.4
    for cols, ch in LAYOUTS:
        rows = max(1, int((h + gap) // (ch + gap)))
        if cols * rows >= len(items):
            break
    else:
        items = items[:cols * rows - 1] + [("more", len(items) - cols * rows + 1)]
    cw = (w - gap * (cols - 1)) / cols
    for i, item in enumerate(items):
        chip(page, cv, item, x + (i % cols) * (cw + gap), y + (i // cols) * (ch + gap), cw, ch)


def chip(page, cv, item, x, y, w, h) -> None:
    """One counter as a small tile: a Snit with its clan's band and initial (it reads without colour), name, speed and
    badge letter (L lightning, H hammer), * moved, ! kicked; thingies by name on their counter tint."""
    kind = item[0]
    group = page.dwg.g(class_=f"counter {kind}")
    cv.parent.add(group)
    c = SvgCanvas(page, group)
    size = min(h * 0.62, 4.2) / PT  # points
    base = y + h * 0.74
    if kind == "snit":
        s, carrier = item[1], item[2]
        group.attribs["data-counter"] = s["name"]
        group.attribs["data-clan"] = s["clan"]
        band, ink = CLAN_COLOURS.get(s["clan"], OTHER_CLAN)
        c.rect(x, y, w, h, INK, fill="#ffffff", radius=0.6)
        bw = min(3.2, w * 0.22)
        c.rect(x, y, bw, h, None, fill=band)
        c.text(x + bw / 2, base, (s["clan"] or "?")[0], size * 0.9, "middle", bold=True, colour=ink)
        tail = f"{s['speed']}{BADGE.get(s['badge'], '')}{'*' if s.get('moved') else ''}{'!' if s.get('kicked') else ''}"
        tw = min(w * 0.28, 6.0)
        room = w - bw - tw - 0.6
        c.text(x + bw + 0.4, base, s["name"], fit(s["name"], room, size, bold=True, smallest=3), bold=True)
        c.text(x + w - 0.4, base, tail, fit(tail, tw, size * 0.85, smallest=3), "end")
        if carrier:
            c.circle(x + w - 0.2, y + 0.2, 1.5, INK, fill="#ffd700")
            c.text(x + w - 0.2, y + 0.9, "S", 4, "middle", bold=True)
            group.attribs["data-spark"] = "carried"
    elif kind in ("run", "makum"):
        name = item[1]
        group.attribs["data-counter"] = name
        c.rect(x, y, w, h, INK, fill=RUN_TINT if kind == "run" else MAKUM_TINT, radius=0.6 if kind == "makum" else 0)
        word = f"{'Runnungitm' if kind == 'run' else 'Makum'} {name}"  # invented names: the same in every language
        label = word if fit(word, w - 0.8, size, bold=True, smallest=3) >= size * 0.8 else name
        c.text(x + w / 2, base, label, fit(label, w - 0.8, size, bold=True, smallest=3), "middle", bold=True)
    elif kind in ("snorg", "snorg-dead"):
        dead = kind == "snorg-dead"
        group.attribs["data-counter"] = "Snorg"
        c.rect(x, y, w, h, DASHED if dead else INK, fill="#ffffff" if dead else SNORG_TINT, radius=0.6)
        label = _("Snorg dead") if dead else "Snorg"
        c.text(x + w / 2, base, label, fit(label, w - 0.8, size, bold=not dead, smallest=3), "middle",
               bold=not dead)
        if dead:
            c.line(x + 0.6, y + h / 2, x + w - 0.6, y + h / 2, Stroke("#000000", 0.35))
    elif kind == "popped":  # public: a Splop that went off, seen by everyone
        c.rect(x, y, w, h, DASHED, fill="#ffffff")
        label = _("Splop went off")
        c.text(x + w / 2, base, label, fit(label, w - 0.8, size, smallest=3), "middle")
    elif kind == "spark-lies":  # public: the multiplayer fight's Spark, dropped where its carrier died
        c.rect(x, y, w, h, INK, fill="#ffd700")
        label = _("Spark lies here")
        c.text(x + w / 2, base, label, fit(label, w - 0.8, size, True, 3), "middle", True)
    elif kind in ("hidden-spark", "hidden-splop"):  # the Bolotomus' eyes only: what its Snorg hides
        label = _("Spark hidden") if kind == "hidden-spark" else _("Splop hidden")
        c.rect(x, y, w, h, DASHED, fill="#ffd700" if kind == "hidden-spark" else "#ffb3b3", radius=0.6)
        c.text(x + w / 2, base, label, fit(label, w - 0.8, size, True, 3), "middle", True)
    elif kind == "more":
        c.rect(x, y, w, h, INK, fill="#ffffff")
        label = ngettext("+{n} more", "+{n} more", item[1]).format(n=item[1])
        c.text(x + w / 2, base, label, fit(label, w - 0.8, size, True, 3), "middle", True)


def _used_tag(cv, x: float, y: float, used: int, capacity: int, what: str = "") -> None:
    """Over a passage's limit tag (or an orifice's entry arrow): how much of it this phase used (full: white on
    black, so it reads without colour)."""
    full = used >= capacity
    half = 3.2 if not what else 4.4
    cv.rect(x - half, y - 2.3, 2 * half, 4.6, INK, fill="#000000" if full else "#ffe14d", radius=1)
    cv.text(x, y + 1.1, f"{used}/{capacity}{what}", 7, "middle", bold=True, colour="#ffffff" if full else "#000000")


def _n(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")

