"""Snits' Revenge's reference cards: the two turns, the dice with companion.snits.odds' exact chances, the
movement restrictions, and the optional rules: variations, the Spark of Life and Splops, and multiplayer."""
from __future__ import annotations

from fractions import Fraction

from companion.sheets.canvas import HAIRLINE, Canvas
from companion.sheets.cards import Card
from companion.sheets.reference_card import PAD, SIZE, Block, W, fits, text_card
from companion.sheets.text import wrap
from companion.snits import odds
from companion.snits.options import force_rule, table

TINT = "#6b3a4a"


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


def variations() -> list[Block]:
    """Variations and Game Balancing, each with the companion's `snits new --variant` that plays it."""
    r = table()
    size = force_rule(1)[0]
    return [
        ("Invading force", [f"{size} Snits; one or two more or fewer tunes the balance, e.g. for a new player "
                            f"({size - r['force_change']}-{size + r['force_change']}).",
                            f"companion snits new --variant force={size + 1}"]),
        ("Organs to win", [f"{r['organs_to_win']}; {r['organs_to_win'] - 1} is a lot easier, "
                           f"{r['organs_to_win'] + 1} sometimes a lot harder.",
                           f"companion snits new --variant organs_to_win={r['organs_to_win'] - 1}"]),
        ("Channels and canals", [f"A channel lets {r['channel'] + 1} pieces through instead of {r['channel']}, or "
                                 f"every canal {r['canal'] + 1}: the game plays very differently.",
                                 f"companion snits new --variant channel={r['channel'] + 1} "
                                 f"--variant canal={r['canal'] + 1}"]),
        ("Spark and Splops", ["The Spark of Life helps the Snits; Splops help the Bolotomus (other card).",
                              f"companion snits new --spark --splops {r['splops']}"]),
        ("After Snit Smashing", ["The winner of a two-player Snit Smashing game leads the Snits."]),
    ]


def spark() -> list[Block]:
    r = table()
    return [
        ("Setup", [f"The Bolotomus secretly puts the Spark and {r['splops']} Splops face down under four "
                   "different Snorgs (never the Lapotum); they never move."]),
        ("Splop!", ["Kill a Snorg with a Splop under it: it explodes and takes its killer with it; nothing else "
                    "in the organ is hurt. A replaced Snorg gets no new Splop."]),
        ("The Spark of Life", ["Kill the Snorg with the Spark: the Bolotomus dies at once. The Snits can still "
                               f"win by {r['organs_to_win']} organs."]),
        ("Hiding it", ["The Forebosinator is safe but obvious; the Fleotis or a Compositor are good too.",
                       "Harder to find: dummy counters under every other Snorg."]),
    ]


def multiplayer_setup() -> list[Block]:
    forces = [f"{n} Snit players: {size} Snits each, {badged} of them badged."
              for n, (size, badged) in ((n, force_rule(n)) for n in (2, 3, 4))]
    return [
        ("Players", ["3-5: one plays the Bolotomus, each other player a clan of Snits.", *forces]),
        ("Turn order", ["1 High roll: the Senior Snit clan (the totem). It moves first, then clockwise; after "
                        "each turn the totem passes left.",
                        "2 Each clan moves some, all or none of its Snits; no kicking until all have moved.",
                        "3 Passages count for all Snits together: a canal one clan used is closed to the rest "
                        "until the next turn; two clans may share a channel.",
                        "4 Kicks in the same order as the moves.",
                        "5 All Snits dead: the Bolotomus wins."]),
    ]


def multiplayer_end() -> list[Block]:
    return [("When the Bolotomus dies", [
        "6 The last Snorg killed is replaced by the Spark of Life, held by the Snit that killed it (several "
        "killed that turn: roll which). Every other Bolotomus piece leaves the game.",
        "The clans now fight for the Spark: Snits kick Snits as they kicked Snorgs.",
        "7 Killing the Snit with the Spark takes the Spark.",
        "8 Each clan now has its own turn: move, then kick.",
        "9 The Snit that leaves the Bolotomus with the Spark wins."])]


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


def dice_card(cv: Canvas, ink_saver: bool) -> None:
    r, title = table(), "Snits' Revenge: dice"
    kicks = [("", [f"Kick: one die, 1-{r['kick_hits']} kills: {percent(odds.kick())}. "
                   f"Hammer Snit: 1-{r['hammer_hits']}: {percent(odds.kick(True))}."])]
    y = text_card(cv, title, TINT, kicks, ink_saver)
    cols = [W - PAD - (len(odds.SPEEDS) - 1 - k) * 7.5 for k in range(len(odds.SPEEDS))]  # right edges
    cv.text(PAD, y + 1, "Snit speed", SIZE, bold=True)
    for x, v in zip(cols, odds.SPEEDS, strict=True):
        cv.text(x, y + 1, str(v), SIZE + 1, "end", bold=True)
    y += 2.4
    for label, cells in dice_rows():
        cv.line(PAD, y, W - PAD, y, HAIRLINE)
        lines = wrap(label, cols[0] - 7 - PAD, SIZE - 0.4)
        for i, line in enumerate(lines):
            cv.text(PAD, y + 3 + i * 2.7, line, SIZE - 0.4)
        for x, cell in zip(cols, cells, strict=True):
            cv.text(x, y + 3, cell, SIZE - 0.4, "end")
        y += 1.6 + 2.7 * len(lines)
    fits(title, y)
    cv.text(PAD, 84, "Exact chances (companion snits odds).", SIZE - 1, colour="#555555")


def cards(ink_saver: bool = False) -> list[Card]:
    """Turns, dice and movement, then the optional rules, in the rulebook's order."""
    def text(label: str, title: str, blocks) -> Card:
        return Card(label, lambda cv, b: text_card(cv, title, TINT, blocks(), ink_saver))

    return [text("Snit turn", "Snit turn", snit_turn), text("Bolotomus turn", "Bolotomus turn", bolotomus_turn),
            Card("dice", lambda cv, b: dice_card(cv, ink_saver)),
            text("movement", "Movement restrictions", movement),
            text("variations", "Variations and balance", variations),
            text("spark", "Spark of Life and Splops", spark),
            text("multiplayer", "Multiplayer", multiplayer_setup),
            text("multiplayer end", "Multiplayer: the Spark", multiplayer_end)]
