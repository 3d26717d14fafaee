"""Shared readers for printed output: QR codes back from PDF pages (pdfium) and SVG files (drawn module rects)."""
import re
import xml.etree.ElementTree as ET

import pytest

SVG = "{http://www.w3.org/2000/svg}"


def decode_pdf(path, page=0, scale=4):
    """Texts of every QR code on a PDF page, rendered to pixels by pdfium and read by zxing-cpp."""
    pdfium = pytest.importorskip("pypdfium2", reason="pypdfium2 renders PDF pages for the QR decoder")
    import zxingcpp

    pdf = pdfium.PdfDocument(str(path))
    try:
        image = pdf[page].render(scale=scale).to_pil()
    finally:
        pdf.close()
    return sorted(r.text for r in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode))


def decode_svg(path, px_per_mm=8):
    """Texts of the QR codes in an SVG, rebuilt as an image from its filled module paths."""
    import zxingcpp
    from PIL import Image, ImageDraw

    root = ET.parse(path).getroot()
    w, h = (float(v) for v in root.get("viewBox").split()[2:])
    image = Image.new("L", (int(w * px_per_mm), int(h * px_per_mm)), 255)
    draw = ImageDraw.Draw(image)
    for el in root.iter(f"{SVG}path"):
        for x, y, bw, bh in re.findall(r"M([\d.]+) ([\d.]+)h([\d.]+)v([\d.]+)h", el.get("d", "")):
            x0, y0 = float(x) * px_per_mm, float(y) * px_per_mm
            draw.rectangle([x0, y0, x0 + float(bw) * px_per_mm - 1, y0 + float(bh) * px_per_mm - 1], fill=0)
    return sorted(r.text for r in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode))


def svg_texts(path):
    return [el.text for el in ET.parse(path).getroot().iter(f"{SVG}text")]


def _page_drawing(path, page):
    """(segments, forms) of a PDF page's own content: every straight line (moveto, lineto) as (x1, y1, x2, y2), and
    every placed form (a drawing written once, as a card's face) as the rectangle it covers (x0, y0, x1, y1), in mm
    from the page's top-left corner, y down; read from the content stream with its transformations, not the code."""
    from pypdf import PdfReader
    from pypdf.generic import ContentStream

    reader = PdfReader(path)
    pdf_page = reader.pages[page]
    height = float(pdf_page.mediabox.height)
    xobjects = pdf_page["/Resources"].get("/XObject", {})
    ctm, stack, segments, forms, start = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), [], [], [], None

    def to_mm(x, y):
        a, b, c, d, e, f = ctm
        px, py = a * x + c * y + e, b * x + d * y + f
        return round(px * 25.4 / 72, 3), round((height - py) * 25.4 / 72, 3)

    for args, op in ContentStream(pdf_page.get_contents(), reader).operations:
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            a, b, c, d, e, f = map(float, args)
            A, B, C, D, E, F = ctm
            ctm = (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)
        elif op == b"m":
            start = to_mm(*map(float, args))
        elif op == b"l" and start is not None:
            end = to_mm(*map(float, args))
            segments.append((*start, *end))
            start = end
        elif op == b"Do":
            x0, y0, x1, y1 = map(float, xobjects[args[0]].get_object()["/BBox"])
            corners = [to_mm(x, y) for x in (x0, x1) for y in (y0, y1)]
            xs, ys = [p[0] for p in corners], [p[1] for p in corners]
            forms.append((min(xs), min(ys), max(xs), max(ys)))
    return segments, forms


def pdf_segments(path, page=0):
    """Every straight line drawn in a PDF page's own content (not inside placed forms), in mm (see _page_drawing)."""
    return _page_drawing(path, page)[0]


def pdf_forms(path, page=0):
    """The rectangles, in mm, that a PDF page's placed forms cover (see _page_drawing)."""
    return _page_drawing(path, page)[1]
