"""Fitting words into boxes: line wrapping measured with the Helvetica metrics both backends print with."""
from __future__ import annotations

from companion.sheets.canvas import PT


def width(s: str, size: float, bold: bool = False) -> float:
    """Width in mm of `s` at `size` points."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return stringWidth(s, "Helvetica-Bold" if bold else "Helvetica", size) * PT


def wrap(s: str, max_width: float, size: float, bold: bool = False) -> list[str]:
    """Greedy word wrap to `max_width` mm; a word longer than the line stays whole on its own line."""
    lines: list[str] = []
    for word in s.split():
        if lines and width(f"{lines[-1]} {word}", size, bold) <= max_width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def fit(s: str, max_width: float, size: float, bold: bool = False, smallest: float = 3.5) -> float:
    """The largest size up to `size` (points) at which `s` fits `max_width` mm, but not below `smallest`."""
    return max(smallest, min(size, size * max_width / max(width(s, size, bold), 1e-9)))
