"""The canvas on reportlab: one PDF, reusable drawings as form XObjects written once and placed on every page."""
from __future__ import annotations

import io
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas as RLCanvas

from companion.sheets.canvas import PT, THIN, Canvas, Document, Point, Stroke


class PdfCanvas(Canvas):
    """Draws on a reportlab canvas whose user space is millimetres, y down."""

    def __init__(self, doc: PdfDocument, c: RLCanvas) -> None:
        self.document, self.c = doc, c

    def _paint(self, stroke: Stroke | None, fill: str | None) -> tuple[int, int]:
        c = self.c
        if stroke is not None:
            c.setStrokeColor(stroke.colour)
            c.setLineWidth(stroke.width)
            c.setDash(list(stroke.dash))
            c.setLineCap(1 if stroke.round_cap else 0)
        if fill is not None:
            c.setFillColor(fill)
        return int(stroke is not None), int(fill is not None)

    def rect(self, x, y, w, h, stroke=THIN, fill=None, radius=0.0):
        s, f = self._paint(stroke, fill)
        if radius:
            self.c.roundRect(x, y, w, h, radius, stroke=s, fill=f)
        else:
            self.c.rect(x, y, w, h, stroke=s, fill=f)

    def polyline(self, points: Sequence[Point], stroke=THIN, fill=None, closed=False):
        s, f = self._paint(stroke, fill)
        p = self.c.beginPath()
        p.moveTo(*points[0])
        for pt in points[1:]:
            p.lineTo(*pt)
        if closed:
            p.close()
        self.c.drawPath(p, stroke=s, fill=f)

    def circle(self, cx, cy, r, stroke=THIN, fill=None):
        s, f = self._paint(stroke, fill)
        self.c.circle(cx, cy, r, stroke=s, fill=f)

    def text(self, x, y, s, size=9, anchor="start", bold=False, colour="#000000"):
        c = self.c
        c.saveState()
        c.translate(x, y)
        c.scale(1, -1)
        c.setFillColor(colour)
        c.setFont("Helvetica-Bold" if bold else "Helvetica", size * PT)
        {"start": c.drawString, "middle": c.drawCentredString, "end": c.drawRightString}[anchor](0, 0, s)
        c.restoreState()

    def boxes(self, rects, fill):
        self._paint(None, fill)
        p = self.c.beginPath()
        for x, y, w, h in rects:
            p.rect(x, y, w, h)
        self.c.drawPath(p, stroke=0, fill=1)

    @contextmanager
    def translated(self, dx, dy) -> Iterator[Canvas]:
        self.c.saveState()
        self.c.translate(dx, dy)
        try:
            yield self
        finally:
            self.c.restoreState()

    @contextmanager
    def clipped(self, x, y, w, h) -> Iterator[Canvas]:
        self.c.saveState()
        p = self.c.beginPath()
        p.rect(x, y, w, h)
        self.c.clipPath(p, stroke=0, fill=0)
        try:
            yield self
        finally:
            self.c.restoreState()

    @contextmanager
    def rotated(self, degrees) -> Iterator[Canvas]:
        self.c.saveState()
        self.c.rotate(degrees)
        try:
            yield self
        finally:
            self.c.restoreState()

    def place(self, name, x=0.0, y=0.0):
        w, h, draw = self.document.definitions[name]
        c = self.c
        if name not in self.document.formed:
            self.document.formed.add(name)
            c.beginForm(name, 0, 0, w * mm, h * mm)
            c.transform(mm, 0, 0, -mm, 0, h * mm)
            draw(PdfCanvas(self.document, c))
            c.endForm()
        c.saveState()
        c.translate(x, y + h)
        c.scale(1 / mm, -1 / mm)
        c.doForm(name)
        c.restoreState()


class PdfDocument(Document):
    """All pages in one compressed PDF that tells the print dialog: actual size (and long-edge duplex)."""

    def __init__(self) -> None:
        super().__init__()
        self.buffer = io.BytesIO()
        self.c = RLCanvas(self.buffer, pageCompression=1, invariant=1)
        self.c.setViewerPreference("PrintScaling", "None")  # viewers otherwise "fit to page": 9.8 mm becomes ~9.5
        self.formed: set[str] = set()
        self.page_h = 0.0

    @contextmanager
    def page(self, w, h, name="") -> Iterator[Canvas]:
        c = self.c
        c.setPageSize((w * mm, h * mm))
        self.page_h = h
        c.saveState()
        c.transform(mm, 0, 0, -mm, 0, h * mm)
        yield PdfCanvas(self, c)
        c.restoreState()
        c.showPage()
        c.setTrimBox(None)  # reportlab keeps a box for the pages after; only a page with bleed has one
        c.setBleedBox(None)
        self.pages += 1

    def trim(self, x, y, w, h, bleed):
        def box(grow: float) -> tuple[float, ...]:  # PDF points from the bottom-left corner
            return ((x - grow) * mm, (self.page_h - y - h - grow) * mm, (x + w + grow) * mm, (self.page_h - y + grow) * mm)
        self.c.setTrimBox(box(0))
        self.c.setBleedBox(box(bleed))

    def _write(self, tmp: Path) -> None:
        if self.duplex:
            self.c.setViewerPreference("Duplex", "DuplexFlipLongEdge")
        self.c.save()
        tmp.write_bytes(self.buffer.getvalue())
