"""Reference cards, poker size 63 x 88 mm nine to a page: the Snits' Revenge turns, dice and movement rules, and
the Sssnake round and terrain overview. One-sided; the chances are companion.snits.odds' exact fractions."""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from companion.games import GAMES, load
from companion.snits import odds
from companion.snits.options import table
from companion.sheets.canvas import HAIRLINE, Canvas, Document, Stroke, open_document
from companion.sheets.cards import Card, card_page
from companion.sheets.landscape import terrains
from companion.sheets.layout import POKER, LayoutError, Paper, card_grid
from companion.sheets.terrain_art import draw_square
from companion.sheets.text import wrap

W, H = POKER.width, POKER.height
PAD = 4.0
SIZE = 6.8  # points, body text
LINE = 3.0  # mm between body lines
SNITS_TINT, SSSNAKE_TINT = "#6b3a4a", "#3f6b3a"
Block = tuple[str, list[str]]  # a heading ("" for none) and its paragraphs


def snit_turn() -> list[Block]:
    r = table()
    return [
        ("1 Move Snits", [
            "Each Snit may move to an adjacent organ, or from outside into an orifice: Antephellum 2, Glut 2, "
            "Fleotis 1 a turn (smash roll while the Eye or Prolobosinator works)."]),
        ("2 Snit kicking", [
            f"A Snit in an organ with a thingie may kick it: one die, it dies on 1-{r['kick_hits']} "
            f"(hammer Snit 1-{r['hammer_hits']}). One kick per Snit per turn.",
            "Snorg killed: in front of the Snit player. Makum killed: back to the pool.",
            "Miss a Runnungitm and it gets a free CHOMP at the kicker at once.",
            "Pack attack on a Runnungitm: all roll at once; if all miss, it chomps one of them."]),
        ("3 Second move for fast Snits", [
            "Lightning Snits may move to an adjacent organ again: a new phase for passages, even back the way "
            "they came. They may not enter from outside."]),
    ]


def bolotomus_turn() -> list[Block]:
    win = table()["organs_to_win"]
    return [
        ("1 Compositors compose", ["Each Compositor with its Snorg makes one Makum there."]),
        ("2 Move thingies", ["Runnungitms and Makums move to an adjacent organ; Snorgs stay; nothing of the "
                             "Bolotomus leaves its body."]),
        ("3 Chomping", [
            "Name every target first. Two dice over the Snit's speed: chomped and dead (a hammer Snit is "
            "wounded instead: swap in a plain speed-4 spare).",
            "A chomped Snit's last kick: two dice over its speed kills the Runnungitm too."]),
        ("4 Makums transform (optional)", ["In the Lapotum: into a Runnungitm. In an organ without its Snorg: "
                                           "into that Snorg."]),
        ("5 Has anybody won yet?", [f"{win} organs out: the Snits win. All Snits dead: the Bolotomus wins. "
                                    "Both at once: a tie."]),
    ]


def movement() -> list[Block]:
    r = table()
    return [("", [
        "1 A piece moves one organ per phase, through a channel or canal to a connected organ. A canal runs "
        "from the Lapotum to the Antephellum, behind the Glut.",
        "2 A Snorg never leaves its organ.",
        f"3 A channel lets {r['channel']} pieces through per movement phase.",
        f"4 A canal lets {r['canal']} piece through per movement phase.",
        "5 Any number of pieces may share an organ.",
        "6 Snits never use the red canals to the Lapotum.",
        "7 Only Snits may be outside the Bolotomus.",
        "Each Snit phase and the Bolotomus turn count separately; the fast Snits' move is a new phase."])]


def percent(chance: Fraction) -> str:
    """An exact chance as a percentage to one decimal, without a trailing .0."""
    return f"{float(chance) * 100:.1f}".removesuffix(".0") + "%"


def dice_rows() -> list[tuple[str, list[str]]]:
    """The chance table by Snit speed: chomp, last kick and the three kinds of Fleotis run."""
    s = odds.SPEEDS
    return [("Chomp: 2 dice over speed", [percent(odds.chomp(v)) for v in s]),
            ("Last kick: 2 dice over speed", [percent(odds.last_kick(v)) for v in s]),
            ("Fleotis run, Eye and Prolobosinator work: speed or less on 2 dice",
             [percent(odds.fleotis(v, 2)) for v in s]),
            ("One of them works: speed or less on 1 die", [percent(odds.fleotis(v, 1)) for v in s]),
            ("Both out: free", [percent(odds.fleotis(v, 0)) for v in s])]


def text_card(cv: Canvas, title: str, tint: str, blocks: list[Block], y: float = 15.0) -> float:
    """A title band and wrapped paragraphs; returns where the text ended, refusing text that overflows."""
    cv.rect(0, 0, W, H, Stroke(width=0.3), radius=2.5)
    cv.rect(0, 0, W, 10, stroke=None, fill=tint, radius=2.5)
    cv.rect(0, 5, W, 5, stroke=None, fill=tint)
    cv.text(W / 2, 7, title, 10, "middle", bold=True, colour="#ffffff")
    for heading, paragraphs in blocks:
        if heading:
            cv.text(PAD, y, heading, SIZE + 0.6, bold=True)
            y += LINE + 0.2
        for para in paragraphs:
            for line in wrap(para, W - 2 * PAD - (1.5 if heading else 0), SIZE):
                cv.text(PAD + (1.5 if heading else 0), y, line, SIZE)
                y += LINE
            y += 0.6
        y += 0.6
    return _fits(title, y)


def _fits(title: str, y: float) -> float:
    """`y` if the card's content ends above its bottom margin; a LayoutError naming the card otherwise."""
    if y > H - 2.5:
        raise LayoutError(f"reference card {title!r} runs {y - H + 2.5:.1f} mm past its bottom margin")
    return y


def dice_card(cv: Canvas) -> None:
    r = table()
    kicks = [("", [f"Kick: one die, 1-{r['kick_hits']} kills: {percent(odds.kick())}. "
                   f"Hammer Snit: 1-{r['hammer_hits']}: {percent(odds.kick(True))}."])]
    y = text_card(cv, "Snits' Revenge: dice", SNITS_TINT, kicks)
    cols = [W - PAD - (len(odds.SPEEDS) - 1 - k) * 7.5 for k in range(len(odds.SPEEDS))]  # right edges
    cv.text(PAD, y + 1, "Snit speed", SIZE, bold=True)
    for x, v in zip(cols, odds.SPEEDS):
        cv.text(x, y + 1, str(v), SIZE + 1, "end", bold=True)
    y += 2.4
    for label, cells in dice_rows():
        cv.line(PAD, y, W - PAD, y, HAIRLINE)
        lines = wrap(label, cols[0] - 7 - PAD, SIZE - 0.4)
        for i, line in enumerate(lines):
            cv.text(PAD, y + 3 + i * 2.7, line, SIZE - 0.4)
        for x, cell in zip(cols, cells):
            cv.text(x, y + 3, cell, SIZE - 0.4, "end")
        y += 1.6 + 2.7 * len(lines)
    _fits("Snits' Revenge: dice", y)
    cv.text(PAD, H - 4, "Exact chances (companion snits odds).", SIZE - 1, colour="#555555")


def sssnake_card(cv: Canvas) -> None:
    """Round Overview and Terrain Types Overview, with each terrain's square as the sheets print it."""
    rounds = [("First round", ["Turn an apple card: the first player draws a cave, all others an apple. Pass "
                               "the first player token; repeat until everyone has a cave."]),
              ("Later rounds", ["1 Turn an apple card, all draw an apple. 2 All move their snakes by their "
                                "length. 3 Snakes grow. 4 Snakes develop. 5 Pass the first player token."])]
    y = text_card(cv, "Sssnake: rounds", SSSNAKE_TINT, rounds)
    cv.text(PAD, y, "Terrain", SIZE + 0.6, bold=True)
    columns = ((W - PAD - 11, "move"), (W - PAD - 3, "end"))
    for x, word in columns:
        cv.text(x, y, word, SIZE - 0.6, "middle", bold=True)
    y += 1.2
    for t in terrains().values():
        draw_square(cv, PAD, y, 4, t, False)
        cv.rect(PAD, y, 4, 4, HAIRLINE)
        cv.text(PAD + 5.5, y + 2.2, t.name, SIZE - 0.8, bold=True)
        cv.text(PAD + 5.5, y + 4.3, t.note, 4.8, colour="#444444")
        for (x, _), rule in zip(columns, (t.move, t.end)):
            cv.text(x, y + 2.2, rule, SIZE - 0.8, "middle")
        y += 4.9
    _fits("Sssnake: rounds", y)


def snits_cards() -> list[Card]:
    """Snits' Revenge's reference cards (its registry entry names this)."""
    return [Card("Snit turn", lambda cv, b: text_card(cv, "Snit turn", SNITS_TINT, snit_turn())),
            Card("Bolotomus turn", lambda cv, b: text_card(cv, "Bolotomus turn", SNITS_TINT, bolotomus_turn())),
            Card("dice", lambda cv, b: dice_card(cv)),
            Card("movement", lambda cv, b: text_card(cv, "Movement restrictions", SNITS_TINT, movement()))]


def sssnake_cards() -> list[Card]:
    """Sssnake's reference card (its registry entry names this)."""
    return [Card("Sssnake rounds and terrain", lambda cv, b: sssnake_card(cv))]


def reference_cards(game: str) -> list[Card]:
    """The cards of one game, or of every game that has some ("all", by kind: Snits' Revenge first)."""
    kinds = sorted(k for k, g in GAMES.items() if g.reference) if game == "all" else [game]
    return [card for kind in kinds for card in load(GAMES[kind].reference)()]


def render_reference(game: str, paper: Paper, fmt: str, path) -> int:
    """Reference cards nine to a page with crop marks; returns the page count."""
    doc = open_document(fmt)
    draw_reference(doc, game, paper)
    return doc.save(Path(path))


def draw_reference(doc: Document, game: str, paper: Paper) -> None:
    """The reference card pages onto `doc`: a file of their own, or a part of a booklet."""
    grid = card_grid(paper, POKER, 3, 3)
    cards = reference_cards(game)
    chunks = [cards[i:i + grid.per_page] for i in range(0, len(cards), grid.per_page)]
    for n, chunk in enumerate(chunks, 1):
        with doc.page(grid.page_w, grid.page_h, f"reference-{n}") as cv:
            card_page(cv, grid, chunk, False, (0.0, 0.0),
                      f"reference cards ({game}), poker 63 x 88 mm, no bleed - page {n}/{len(chunks)} - print at 100%")
