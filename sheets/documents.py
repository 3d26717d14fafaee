"""Opening a document in a format: the one module that knows both backends, so the canvas they draw on imports
neither."""
from __future__ import annotations

from companion.sheets.canvas import Document


def open_document(fmt: str, single_file: bool = False) -> Document:
    """A PDF or SVG document; the printing libraries load only here, when something is printed."""
    if fmt == "pdf":
        from companion.sheets.pdf_backend import PdfDocument
        return PdfDocument()
    if fmt == "svg":
        from companion.sheets.svg_backend import SvgDocument
        return SvgDocument(single_file=single_file)
    raise ValueError(f"unknown format {fmt!r}; use pdf or svg")
