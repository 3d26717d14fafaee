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
    return sorted(r.text for r in zxingcpp.read_barcodes(image))


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
    return sorted(r.text for r in zxingcpp.read_barcodes(image))


def svg_texts(path):
    return [el.text for el in ET.parse(path).getroot().iter(f"{SVG}text")]
