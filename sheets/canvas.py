"""The millimetre canvas every printable draws on, so one drawing gives both the PDF and the SVG.

Coordinates are millimetres from the top-left corner, y pointing down (as on paper and in SVG).
Backends implement the primitives; the shapes built from them (lines, hatching, QR codes) live here once.
"""
from __future__ import annotations

import errno
import math
import tempfile
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from companion.core.files import write_atomically
from companion.core.language import _

PT = 25.4 / 72  # one typographic point in millimetres

Point = tuple[float, float]


@dataclass(frozen=True)
class Stroke:
    """How a line is drawn: colour, width in mm, dash pattern in mm (on, off, ...)."""

    colour: str = "#000000"
    width: float = 0.25
    dash: tuple[float, ...] = ()
    round_cap: bool = False


HAIRLINE = Stroke(width=0.15)
THIN = Stroke()
THICK = Stroke(width=0.9)


class Canvas(ABC):
    """One page (or one reusable drawing) to draw on."""

    document: Document

    @abstractmethod
    def rect(self, x: float, y: float, w: float, h: float, stroke: Stroke | None = THIN,
             fill: str | None = None, radius: float = 0.0) -> None: ...

    @abstractmethod
    def polyline(self, points: Sequence[Point], stroke: Stroke | None = THIN, fill: str | None = None,
                 closed: bool = False) -> None: ...

    @abstractmethod
    def circle(self, cx: float, cy: float, r: float, stroke: Stroke | None = THIN, fill: str | None = None) -> None: ...

    @abstractmethod
    def text(self, x: float, y: float, s: str, size: float = 9, anchor: str = "start", bold: bool = False,
             colour: str = "#000000") -> None:
        """Text with its baseline at y; size in points; anchor start, middle or end."""

    @abstractmethod
    def boxes(self, rects: Sequence[tuple[float, float, float, float]], fill: str) -> None:
        """Many filled rectangles as one shape (QR modules): small files, no hairline gaps."""

    @abstractmethod
    @contextmanager
    def translated(self, dx: float, dy: float) -> Iterator[Canvas]: ...

    @abstractmethod
    @contextmanager
    def clipped(self, x: float, y: float, w: float, h: float) -> Iterator[Canvas]:
        """Draw within the rectangle only (a tile of a big drawing): whatever falls outside it is cut off."""

    @abstractmethod
    @contextmanager
    def rotated(self, degrees: float) -> Iterator[Canvas]:
        """Draw turned clockwise about the current origin (y points down, so this is clockwise on paper)."""

    @abstractmethod
    def place(self, name: str, x: float = 0.0, y: float = 0.0) -> None:
        """Draw the reusable drawing defined under `name`, its top-left at (x, y)."""

    def stamp(self, name: str, w: float, h: float, draw: Draw, x: float = 0.0, y: float = 0.0) -> None:
        """Draw `draw` (w x h mm) at (x, y); the file holds it once however often it is stamped, on any page."""
        self.document.define(name, w, h, draw)
        self.place(name, x, y)

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: Stroke = THIN) -> None:
        self.polyline([(x1, y1), (x2, y2)], stroke)

    def hatch(self, x: float, y: float, w: float, h: float, angle: float, spacing: float, stroke: Stroke,
              phase: float = 0.0) -> None:
        """Parallel lines at `angle` degrees across a rectangle, cut exactly at its edges (no clipping needed)."""
        for a, b in hatch_segments(x, y, w, h, angle, spacing, phase):
            self.line(a[0], a[1], b[0], b[1], stroke)

    def qr(self, x: float, y: float, size: float, matrix: Sequence[Sequence[bool]], quiet: int = 4) -> None:
        """A QR code from its module matrix, `size` mm square including a white quiet zone of `quiet` modules."""
        n = len(matrix)
        cell = size / (n + 2 * quiet)
        self.rect(x, y, size, size, stroke=None, fill="#ffffff")
        runs = []
        for r, row in enumerate(matrix):
            c = 0
            while c < n:
                if row[c]:
                    start = c
                    while c < n and row[c]:
                        c += 1
                    runs.append((x + (quiet + start) * cell, y + (quiet + r) * cell, (c - start) * cell, cell))
                c += 1
        self.boxes(runs, "#000000")


def hatch_segments(x: float, y: float, w: float, h: float, angle: float, spacing: float,
                   phase: float = 0.0) -> list[tuple[Point, Point]]:
    """The pieces of parallel lines (normal at angle+90 degrees, `spacing` apart) inside a rectangle."""
    t = math.radians(angle)
    dx, dy = math.cos(t), math.sin(t)
    nx, ny = -dy, dx
    corners = [(x, y), (x + w, y), (x, y + h), (x + w, y + h)]
    offsets = [cx * nx + cy * ny for cx, cy in corners]
    lo, hi = min(offsets), max(offsets)
    k = math.floor((lo - phase) / spacing) + 1
    out = []
    while phase + k * spacing < hi:
        d = phase + k * spacing
        k += 1
        pts = []
        # intersect the line {p : p.n = d} with the four edges
        for (ax, ay), (bx, by) in (((x, y), (x + w, y)), ((x + w, y), (x + w, y + h)),
                                   ((x + w, y + h), (x, y + h)), ((x, y + h), (x, y))):
            da, db = ax * nx + ay * ny - d, bx * nx + by * ny - d
            if da == db or da * db > 0:
                continue
            s = da / (da - db)
            pts.append((ax + s * (bx - ax), ay + s * (by - ay)))
        if len(pts) >= 2:
            pts.sort(key=lambda p: p[0] * dx + p[1] * dy)
            if math.dist(pts[0], pts[-1]) > 1e-6:
                out.append((pts[0], pts[-1]))
    return out


Draw = Callable[[Canvas], None]


class Document(ABC):
    """A set of pages plus reusable drawings defined once and placed on any page."""

    def __init__(self) -> None:
        self.definitions: dict[str, tuple[float, float, Draw]] = {}
        self.pages = 0
        self.duplex = False  # printed double-sided, flipped on the long edge: a PDF asks the print dialog for that

    def trim(self, x: float, y: float, w: float, h: float, bleed: float) -> None:
        """Name the current page's cut area and the bleed printed round it (a PDF's TrimBox and BleedBox), so a
        print shop's tools find them; formats without page boxes ignore it."""
        return None

    def define(self, name: str, w: float, h: float, draw: Draw) -> None:
        """Register a reusable drawing; it is written into the file once, where it is first placed."""
        self.definitions.setdefault(name, (w, h, draw))

    @abstractmethod
    @contextmanager
    def page(self, w: float, h: float, name: str = "") -> Iterator[Canvas]: ...

    @abstractmethod
    def _write(self, tmp: Path) -> None:
        """Write the document to `tmp` (a file, or a folder for SVG pages)."""

    def save(self, path: Path) -> int:
        """Write atomically (see write_atomically); an existing folder is replaced only when it is a page_folder."""
        path = Path(path)
        if path.is_dir() and not page_folder(path):
            raise FileExistsError(errno.EEXIST, _("it is a folder with other files in it"))
        write_atomically(path, self._write)
        return self.pages


def page_folder(path) -> bool:
    """A folder of nothing but SVG pages (an earlier run's output): the only folder an SVG document replaces."""
    return all(p.suffix == ".svg" and not p.is_dir() for p in Path(path).iterdir())


def write_png(path, write_pdf: Callable[[Path], object], dpi: int) -> None:
    """The first page of the PDF `write_pdf` draws, rasterised by pdfium (the optional PNG extra) into `path`."""
    from companion.core.extras import install_line
    from companion.sheets.layout import LayoutError

    try:
        import pypdfium2 as pdfium
    except ImportError:
        raise LayoutError(_("PNG needs pypdfium2: {install} (or write .pdf or .svg)").format(
            install=install_line('png'))) from None
    with tempfile.TemporaryDirectory() as tmp:
        pdf_path = Path(tmp) / "page.pdf"
        write_pdf(pdf_path)
        pdf = pdfium.PdfDocument(str(pdf_path))
        try:
            image = pdf[0].render(scale=dpi / 72).to_pil()
        finally:
            pdf.close()
    write_atomically(path, lambda tmp_path: image.save(tmp_path, format="PNG", dpi=(dpi, dpi)))

