"""How a reference card is laid out: a 63 x 88 mm frame, a title band, wrapped paragraphs that refuse to run past
the bottom margin. Ink-saver: the title band becomes a rule, so nothing large is filled."""
from __future__ import annotations

from companion.core.language import _
from companion.sheets.canvas import Canvas, Stroke
from companion.sheets.layout import POKER, LayoutError
from companion.sheets.text import wrap

W, H = POKER.width, POKER.height
PAD = 4.0
SIZE = 6.8  # points, body text
LINE = 3.0  # mm between body lines
TOP = 15.0  # mm, where the body starts under the title band
Block = tuple[str, list[str]]  # a heading ("" for none) and its paragraphs


def frame(cv: Canvas, title: str, tint: str, ink_saver: bool) -> None:
    """The card's outline and its title: white on the game's colour, or black over a rule in ink-saver."""
    cv.rect(0, 0, W, H, Stroke(width=0.3), radius=2.5)
    if ink_saver:
        cv.line(PAD, 10, W - PAD, 10, Stroke(width=0.5))
        cv.text(W / 2, 7, title, 10, "middle", bold=True)
        return
    cv.rect(0, 0, W, 10, stroke=None, fill=tint, radius=2.5)
    cv.rect(0, 5, W, 5, stroke=None, fill=tint)
    cv.text(W / 2, 7, title, 10, "middle", bold=True, colour="#ffffff")


def paragraphs(cv: Canvas, blocks: list[Block], y: float, x: float = PAD, width: float = W - 2 * PAD,
               size: float = SIZE, line: float = LINE) -> float:
    """Headed, wrapped paragraphs from `y` down; returns where they ended."""
    for heading, paras in blocks:
        indent = 1.5 if heading else 0.0
        if heading:
            cv.text(x, y, heading, size + 0.6, bold=True)
            y += line + 0.2
        for para in paras:
            for text in wrap(para, width - indent, size):
                cv.text(x + indent, y, text, size)
                y += line
            y += 0.6 * line / LINE
        y += 0.6 * line / LINE
    return y


def text_card(cv: Canvas, title: str, tint: str, blocks: list[Block], ink_saver: bool = False) -> float:
    """A title and wrapped paragraphs; returns where the text ended, refusing text that overflows."""
    frame(cv, title, tint, ink_saver)
    return fits(title, paragraphs(cv, blocks, TOP))


def fits(title: str, y: float) -> float:
    """`y` if the card's content ends above its bottom margin; a LayoutError naming the card otherwise."""
    if y > H - 2.5:
        raise LayoutError(_("reference card {title!r} runs {mm:.1f} mm past its bottom margin").format(
            title=title, mm=y - H + 2.5))
    return y
