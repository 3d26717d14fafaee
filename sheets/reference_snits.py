"""Snits' Revenge's reference cards: the two turns, the dice with companion.snits.odds' exact chances, the
movement restrictions, and the optional rules: variations, the Spark of Life and Splops, and multiplayer."""
from __future__ import annotations

from fractions import Fraction

from companion.core.language import N_, _, ngettext
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
        (_("1 Move Snits"), [
            _("Each Snit may move to an adjacent organ, or from outside into an orifice: Antephellum 2, Glut 2, "
              "Fleotis 1 a turn (smash roll while the Eye or Prolobosinator works).")]),
        (_("2 Snit kicking"), [
            _("A Snit in an organ with a thingie may kick it: one die, it dies on 1-{kick} (hammer Snit "
              "1-{hammer}). One kick per Snit per turn.").format(kick=r['kick_hits'], hammer=r['hammer_hits']),
            _("Snorg killed: in front of the Snit player. Makum killed: back to the pool."),
            _("Miss a Runnungitm and it gets a free CHOMP at the kicker at once."),
            _("Pack attack on a Runnungitm: all roll at once; if all miss, it chomps one of them.")]),
        (_("3 Second move for fast Snits"), [
            _("Lightning Snits may move to an adjacent organ again: a new phase for passages, even back the way "
              "they came. They may not enter from outside.")]),
    ]


def bolotomus_turn() -> list[Block]:
    win = table()["organs_to_win"]
    return [
        (_("1 Compositors compose"), [_("Each Compositor with its Snorg makes one Makum there.")]),
        (_("2 Move thingies"), [_("Runnungitms and Makums move to an adjacent organ; Snorgs stay; nothing of the "
                                  "Bolotomus leaves its body.")]),
        (_("3 Chomping"), [
            _("Name every target first. Two dice over the Snit's speed: chomped and dead (a hammer Snit is "
              "wounded instead: swap in a plain speed-4 spare)."),
            _("A chomped Snit's last kick: two dice over its speed kills the Runnungitm too.")]),
        (_("4 Makums transform (optional)"), [_("In the Lapotum: into a Runnungitm. In an organ without its Snorg: "
                                                "into that Snorg.")]),
        (_("5 Has anybody won yet?"), [_("{organs} organs out: the Snits win. All Snits dead: the Bolotomus wins. "
                                         "Both at once: a tie.").format(organs=win)]),
    ]


def movement() -> list[Block]:
    r = table()
    return [("", [
        _("1 A piece moves one organ per phase, through a channel or canal to a connected organ. A canal runs "
          "from the Lapotum to the Antephellum, behind the Glut."),
        _("2 A Snorg never leaves its organ."),
        ngettext("3 A channel lets {n} piece through per movement phase.",
                 "3 A channel lets {n} pieces through per movement phase.", r['channel']).format(n=r['channel']),
        ngettext("4 A canal lets {n} piece through per movement phase.",
                 "4 A canal lets {n} pieces through per movement phase.", r['canal']).format(n=r['canal']),
        _("5 Any number of pieces may share an organ."),
        _("6 Snits never use the red canals to the Lapotum."),
        _("7 Only Snits may be outside the Bolotomus."),
        _("Each Snit phase and the Bolotomus turn count separately; the fast Snits' move is a new phase.")])]


def variations() -> list[Block]:
    """Variations and Game Balancing, each with the companion's `snits new --variant` that plays it."""
    r = table()
    size = force_rule(1)[0]
    return [
        (_("Invading force"), [_("{size} Snits; one or two more or fewer tunes the balance, e.g. for a new player "
                                 "({fewest}-{most}).").format(size=size, fewest=size - r['force_change'],
                                                             most=size + r['force_change']),
                               f"companion snits new --variant force={size + 1}"]),
        (_("Organs to win"), [_("{organs}; {easier} is a lot easier, {harder} sometimes a lot harder.").format(
                                  organs=r['organs_to_win'], easier=r['organs_to_win'] - 1,
                                  harder=r['organs_to_win'] + 1),
                              f"companion snits new --variant organs_to_win={r['organs_to_win'] - 1}"]),
        (_("Channels and canals"), [_("A channel lets {more} pieces through instead of {channel}, or every canal "
                                      "{canal}: the game plays very differently.").format(
                                        more=r['channel'] + 1, channel=r['channel'], canal=r['canal'] + 1),
                                    f"companion snits new --variant channel={r['channel'] + 1} "
                                    f"--variant canal={r['canal'] + 1}"]),
        (_("Spark and Splops"), [_("The Spark of Life helps the Snits; Splops help the Bolotomus (other card)."),
                                 f"companion snits new --spark --splops {r['splops']}"]),
        (_("After Snit Smashing"), [_("The winner of a two-player Snit Smashing game leads the Snits.")]),
    ]


def spark() -> list[Block]:
    r = table()
    return [
        (_("Setup"), [_("The Bolotomus secretly puts the Spark and {splops} Splops face down under four "
                        "different Snorgs (never the Lapotum); they never move.").format(splops=r['splops'])]),
        (_("Splop!"), [_("Kill a Snorg with a Splop under it: it explodes and takes its killer with it; nothing "
                         "else in the organ is hurt. A replaced Snorg gets no new Splop.")]),
        (_("The Spark of Life"), [_("Kill the Snorg with the Spark: the Bolotomus dies at once. The Snits can still "
                                    "win by {organs} organs.").format(organs=r['organs_to_win'])]),
        (_("Hiding it"), [_("The Forebosinator is safe but obvious; the Fleotis or a Compositor are good too."),
                          _("Harder to find: dummy counters under every other Snorg.")]),
    ]


def multiplayer_setup() -> list[Block]:
    forces = [_("{n} Snit players: {size} Snits each, {badged} of them badged.").format(n=n, size=size, badged=badged)
              for n, (size, badged) in ((n, force_rule(n)) for n in (2, 3, 4))]
    return [
        (_("Players"), [_("3-5: one plays the Bolotomus, each other player a clan of Snits."), *forces]),
        (_("Turn order"), [_("1 High roll: the Senior Snit clan (the totem). It moves first, then clockwise; after "
                             "each turn the totem passes left."),
                           _("2 Each clan moves some, all or none of its Snits; no kicking until all have moved."),
                           _("3 Passages count for all Snits together: a canal one clan used is closed to the rest "
                             "until the next turn; two clans may share a channel."),
                           _("4 Kicks in the same order as the moves."),
                           _("5 All Snits dead: the Bolotomus wins.")]),
    ]


def multiplayer_end() -> list[Block]:
    return [(_("When the Bolotomus dies"), [
        _("6 The last Snorg killed is replaced by the Spark of Life, held by the Snit that killed it (several "
          "killed that turn: roll which). Every other Bolotomus piece leaves the game."),
        _("The clans now fight for the Spark: Snits kick Snits as they kicked Snorgs."),
        _("7 Killing the Snit with the Spark takes the Spark."),
        _("8 Each clan now has its own turn: move, then kick."),
        _("9 The Snit that leaves the Bolotomus with the Spark wins.")])]


def percent(chance: Fraction) -> str:
    """An exact chance as a percentage to one decimal, without a trailing .0."""
    return f"{float(chance) * 100:.1f}".removesuffix(".0") + "%"


def dice_rows() -> list[tuple[str, list[str]]]:
    """The chance table by Snit speed: chomp, last kick and the three kinds of Fleotis run."""
    s = odds.SPEEDS
    return [(_("Chomp: 2 dice over speed"), [percent(odds.chomp(v)) for v in s]),
            (_("Last kick: 2 dice over speed"), [percent(odds.last_kick(v)) for v in s]),
            (_("Fleotis run, Eye and Prolobosinator work: speed or less on 2 dice"),
             [percent(odds.fleotis(v, 2)) for v in s]),
            (_("One of them works: speed or less on 1 die"), [percent(odds.fleotis(v, 1)) for v in s]),
            (_("Both out: free"), [percent(odds.fleotis(v, 0)) for v in s])]


def dice_card(cv: Canvas, ink_saver: bool) -> None:
    r, title = table(), _("Snits' Revenge: dice")
    kicks = [("", [_("Kick: one die, 1-{kick} kills: {chance}. Hammer Snit: 1-{hammer}: {hammer_chance}.").format(
        kick=r['kick_hits'], chance=percent(odds.kick()), hammer=r['hammer_hits'],
        hammer_chance=percent(odds.kick(True)))])]
    y = text_card(cv, title, TINT, kicks, ink_saver)
    cols = [W - PAD - (len(odds.SPEEDS) - 1 - k) * 7.5 for k in range(len(odds.SPEEDS))]  # right edges
    cv.text(PAD, y + 1, _("Snit speed"), SIZE, bold=True)
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
    cv.text(PAD, 84, _("Exact chances (companion snits odds)."), SIZE - 1, colour="#555555")


def cards(ink_saver: bool = False) -> list[Card]:
    """Turns, dice and movement, then the optional rules, in the rulebook's order."""
    def text(label: str, title: str, blocks) -> Card:
        """A card of wrapped text; `title` is marked N_ and shown in the language spoken when it is drawn."""
        return Card(label, lambda cv, b: text_card(cv, _(title), TINT, blocks(), ink_saver))

    return [text("Snit turn", N_("Snit turn"), snit_turn),
            text("Bolotomus turn", N_("Bolotomus turn"), bolotomus_turn),
            Card("dice", lambda cv, b: dice_card(cv, ink_saver)),
            text("movement", N_("Movement restrictions"), movement),
            text("variations", N_("Variations and balance"), variations),
            text("spark", N_("Spark of Life and Splops"), spark),
            text("multiplayer", N_("Multiplayer"), multiplayer_setup),
            text("multiplayer end", N_("Multiplayer: the Spark"), multiplayer_end)]
