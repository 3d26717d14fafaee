"""The canvas on svgwrite: one SVG per page, reusable drawings in <defs> placed with <use>."""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import svgwrite

from companion.sheets.canvas import PT, THIN, Canvas, Document, Point, Stroke
from companion.sheets.text import width

# Helvetica's metrics lay the text out; Liberation Sans shares them, and DejaVu Sans Condensed comes close
# where neither is installed (plain DejaVu Sans, the usual fallback, is wider and would overflow boxes).
FONT = "Helvetica, Arial, 'Liberation Sans', 'DejaVu Sans Condensed', sans-serif"


def _n(v: float) -> str:
    """A length in mm to 0.01 mm (a tenth of a printer dot at 300 dpi is 0.008 mm), without trailing zeros."""
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _at(x: float, y: float) -> dict:
    """x and y attributes, left out where 0 (the SVG default)."""
    return {k: _n(v) for k, v in (("x", x), ("y", y)) if _n(v) != "0"}


class SvgCanvas(Canvas):
    """Adds elements to one SVG container (the page, a group or a definition); units are millimetres."""

    def __init__(self, page: SvgPage, parent) -> None:
        self.page, self.parent = page, parent
        self.document = page.doc
        self.run: tuple[dict, object] | None = None  # the last element added, or the <g> its run shares, by paint

    def _paint(self, stroke: Stroke | None, fill: str | None) -> dict:
        attrs = {"fill": fill or "none"}
        if stroke is not None:
            attrs.update(stroke=stroke.colour, stroke_width=_n(stroke.width))
            if stroke.dash:
                attrs["stroke_dasharray"] = ",".join(_n(d) for d in stroke.dash)
            if stroke.round_cap:
                attrs["stroke_linecap"] = "round"
        return attrs

    def _add(self, element, paint: dict | None = None):
        """Add `element` with its `paint` (inherited attributes); in a definition, consecutive elements painted
        alike share one <g> that holds the paint once, which keeps the static drawing small."""
        kids, run = self.parent.elements, self.run
        if paint and self.page.building and run and run[0] == paint and kids and kids[-1] is run[1]:
            holder = run[1]
            if holder.elementname != "g":
                group = self.page.dwg.g(**paint)
                for key in holder.attribs.keys() & group.attribs.keys():
                    del holder.attribs[key]
                group.add(holder)
                kids[-1] = holder = group
                self.run = (paint, group)
            holder.add(element)
            return
        element.update(paint or {})
        self.parent.add(element)
        self.run = (paint, element) if paint else None

    def rect(self, x, y, w, h, stroke=THIN, fill=None, radius=0.0):
        element = self.page.dwg.rect(size=(_n(w), _n(h)), **({"rx": _n(radius)} if radius else {}))
        del element.attribs["x"], element.attribs["y"]  # svgwrite writes x="0" y="0" unasked
        element.update(_at(x, y))
        self._add(element, self._paint(stroke, fill))

    def polyline(self, points: Sequence[Point], stroke=THIN, fill=None, closed=False):
        pts = [(_n(px), _n(py)) for px, py in points]
        make = self.page.dwg.polygon if closed else self.page.dwg.polyline
        self._add(make(pts), self._paint(stroke, fill))

    def circle(self, cx, cy, r, stroke=THIN, fill=None):
        self._add(self.page.dwg.circle((_n(cx), _n(cy)), _n(r)), self._paint(stroke, fill))

    def text(self, x, y, s, size=9, anchor="start", bold=False, colour="#000000"):
        # textLength holds the width the layout measured with Helvetica, so a viewer that substitutes a wider
        # font (DejaVu Sans where Helvetica and Arial are missing) squeezes the glyphs instead of overlapping.
        # A text of one or two characters (a number, a letter) cannot overflow its box, so it goes without: a pad
        # sheet prints a hundred. Black, start-anchored and the page's font (set once on the <svg>) are defaults.
        paint = {"font_size": _n(size * PT)}
        if bold:
            paint["font_weight"] = "bold"
        if anchor != "start":
            paint["text_anchor"] = anchor
        if colour != "#000000":
            paint["fill"] = colour
        fit = {"textLength": _n(width(s, size, bold)), "lengthAdjust": "spacingAndGlyphs"} if len(s) > 2 else {}
        self._add(self.page.dwg.text(s, insert=(_n(x), _n(y)), **fit), paint)

    def boxes(self, rects, fill):
        d = " ".join(f"M{_n(x)} {_n(y)}h{_n(w)}v{_n(h)}h{_n(-w)}z" for x, y, w, h in rects)
        self._add(self.page.dwg.path(d=d), {"fill": fill})

    @contextmanager
    def translated(self, dx, dy) -> Iterator[Canvas]:
        group = self.page.dwg.g(transform=f"translate({_n(dx)},{_n(dy)})")
        self._add(group)
        yield SvgCanvas(self.page, group)

    @contextmanager
    def clipped(self, x, y, w, h) -> Iterator[Canvas]:
        # The clipPath sits beside its group (not in the page's <defs>), so a clip inside a shared definition
        # travels with it; the document-wide number keeps its id unique in every file.
        self.document.clips += 1
        clip = self.page.dwg.clipPath(id=f"clip{self.document.clips}")
        clip.add(self.page.dwg.rect((_n(x), _n(y)), (_n(w), _n(h))))
        self._add(clip)
        group = self.page.dwg.g(clip_path=f"url(#clip{self.document.clips})")
        self._add(group)
        yield SvgCanvas(self.page, group)

    @contextmanager
    def rotated(self, degrees) -> Iterator[Canvas]:
        group = self.page.dwg.g(transform=f"rotate({_n(degrees)})")
        self._add(group)
        yield SvgCanvas(self.page, group)

    def place(self, name, x=0.0, y=0.0):
        if self.page.building:
            self.document.needs.setdefault(self.page.building[-1], set()).add(name)
        self.page.define(name)
        self._add(self.page.dwg.use(f"#{name}", **_at(x, y)))


class SvgPage:
    """One SVG file: its drawing and the definitions it has written into its <defs>."""

    def __init__(self, doc: SvgDocument, w: float, h: float, name: str) -> None:
        self.doc, self.name = doc, name
        self.dwg = svgwrite.Drawing(size=(f"{_n(w)}mm", f"{_n(h)}mm"), viewBox=f"0 0 {_n(w)} {_n(h)}", debug=False,
                                    font_family=FONT)
        self.defined: set[str] = set()
        self.building: list[str] = []  # definitions being drawn, innermost last

    def define(self, name: str) -> None:
        """Put a reusable drawing into this file's <defs>, built and serialised once per document."""
        if name in self.defined:
            return
        self.defined.add(name)
        if name not in self.doc.built:
            group = self.dwg.g(id=name)
            self.building.append(name)
            self.doc.definitions[name][2](SvgCanvas(self, group))
            self.building.pop()
            self.doc.built[name] = Prebuilt(group.get_xml())
        for inner in sorted(self.doc.needs.get(name, ())):
            self.define(inner)
        self.dwg.defs.add(self.doc.built[name])


class Prebuilt:
    """An element tree made once and shared by every page that uses it (svgwrite only asks for get_xml)."""

    elementname = "g"

    def __init__(self, xml) -> None:
        self.xml = xml

    def get_xml(self):
        return self.xml


class SvgDocument(Document):
    """Pages as separate SVG files in a folder, or one file when the document is a single page."""

    def __init__(self, single_file: bool = False) -> None:
        super().__init__()
        self.single_file = single_file
        self.done: list[SvgPage] = []
        self.built: dict[str, Prebuilt] = {}
        self.needs: dict[str, set[str]] = {}  # definition -> the definitions it places
        self.clips = 0  # clip paths made so far, numbering their ids

    @contextmanager
    def page(self, w, h, name="") -> Iterator[Canvas]:
        page = SvgPage(self, w, h, name or f"page-{self.pages + 1:03d}")
        yield SvgCanvas(page, page.dwg)
        self.done.append(page)
        self.pages += 1

    def _write(self, tmp: Path) -> None:
        if self.single_file:
            if len(self.done) != 1:
                raise ValueError(f"a single SVG file holds one page, this document has {len(self.done)}")
            self.done[0].dwg.saveas(tmp)
            return
        tmp.mkdir()
        for page in self.done:
            page.dwg.saveas(tmp / f"{page.name}.svg")
