"""What a player reads at the table: the map, the status and the line that says whose go it is and what next."""
from __future__ import annotations

import re

from companion.snits import phases
from companion.snits.movement import capacity, working_smashers
from companion.snits.pieces import alive, clan_name, name, place_name, snit, thingies_at
from companion.snits.state import DEAD, FIGHT, OUT, Phase

BADGE = {"lightning": "L", "hammer": "H", "": ""}
WIDTH = 100  # no line the table reads is longer
THINGIES = "magenta"  # the colour of the Bolotomus' thingies on the map (a clan's colour is its name)
ANSI = r"\x1b\[[0-9;]*m"  # a colour code, which takes no room on the screen


def plain(text: str, colour: str) -> str:
    """No colour: what a file, a pipe or NO_COLOR gets."""
    return text


def tag(cid: int, players: int = 1) -> str:
    """Grubnik4H: name, speed, badge letter (L lightning, H hammer); with several clans, the clan's initial too."""
    s = snit(cid)
    return f"{s.name}{s.speed}{BADGE[s.badge]}" + (f"({clan_name(s.clan)[0]})" if players > 1 else "")


def wrap(text: str, indent: str = "    ", width: int = WIDTH) -> str:
    """Break a line at spaces so that none is wider than `width` (colour codes take no room); later lines indented."""
    body = text.lstrip(" ")
    lines, line = [], text[:len(text) - len(body)]
    for word in body.split(" "):
        if line.strip() and shown(line) + 1 + shown(word) > width:
            lines.append(line)
            line = indent + word
        else:
            line = f"{line} {word}" if line.strip() else line + word
    return "\n".join([*lines, line])


def shown(text: str) -> int:
    """How many columns the text takes on the screen (its colour codes none)."""
    return len(re.sub(ANSI, "", text)) if "\x1b" in text else len(text)


def headline(state) -> str:
    return f"Turn {state.turn} · {phases.TITLES[state.phase]} · {phases.side(state)} to act"


def next_steps(state) -> str:
    """What the acting side may do now, in the commands `play` and the command line share."""
    board = state.board
    if state.phase == Phase.OVER:
        return f"The game is over: {phases.verdict(state.winner)}."
    if state.sealed:
        return f"Sealed: {phases.SEALED}."
    if state.pending:
        r, cands = state.pending
        return (f"The Bolotomus picks which Snit {name(r)} chomps: "
                + ", ".join(f"`chomp {name(r)} {name(c)}`" for c in cands))
    if not phases.can_act(state):
        return f"Nothing more for {phases.side(state)} to do in {phases.TITLES[state.phase]}: `done` goes on"
    if state.phase in FIGHT:
        carrier = (f"{name(state.holder)} carries the Spark" if state.holder is not None
                   else f"the Spark lies in the {place_name(state, state.lies)}")
        if state.phase == Phase.FIGHT_KICK:
            return (f"Spark fight ({carrier}): `kick NAME ENEMY` at a Snit of another clan in the same organ; "
                    "`done` ends this clan's go")
        return (f"Spark fight ({carrier}): `move NAME ORGAN`, `move NAME out` to leave through an orifice "
                "(out with the Spark wins); `done` ends the move")
    if state.phase in (Phase.MOVE, Phase.FAST):
        gates = ", ".join(f"{board.organs[o].name} {board.organs[o].orifice - state.gates.get(o, 0)}"
                          for o in board.orifices)
        if state.phase == Phase.FAST:
            return "Move lightning Snits one organ (no entering from outside): `move NAME ORGAN`; `done` ends the phase"
        return (f"Move each Snit one organ: `move NAME ORGAN`, `enter NAME ORGAN` from outside (room left: {gates}); "
                "`done` ends the phase")
    if state.phase == Phase.THINGIES:
        return "Move Runnungitms and Makums one organ: `move R1 ORGAN`, `move M2 ORGAN`; `done` ends the phase"
    legal = list(phases.legal(state))  # the kicks, compositors, chomps or transforms open now, to name them
    if state.phase == Phase.KICK:
        kicks = [f"{a['who']}→{a['target']}" for a in legal if a["type"] == "kick"]
        return ("Kick: `kick NAME TARGET` (TARGET: Snorg, M#, R#) or `pack NAME,NAME R#`; possible: "
                + ", ".join(kicks) + "; `done` ends kicking")
    if state.phase == Phase.COMPOSE:
        working = [a for a in legal if a["type"] == "compose"]
        return (f"Compose: `compose` makes a Makum in every working Compositor "
                f"({', '.join(working[0]['at']) if working else 'none'}), `compose ORGAN...` in some; "
                "`done` ends the phase")
    if state.phase == Phase.CHOMP:
        return ("Chomp: `chomp R# NAME` (several Runnungitms at several Snits of one organ: name them all at once, "
                "`chomp R2,R3 NAME,NAME`); possible: "
                + ", ".join(f"{a['runnungitm']}→{a['snit']}" for a in legal if a["type"] == "chomp")
                + "; `done` ends chomping")
    return ("Transform (optional): `transform M#`; possible: " + ", ".join(
        f"{a['makum']} in the {place_name(state, state.makums[int(a['makum'][1:]) - 1])}"
        for a in legal if a["type"] == "transform") + "; `done` ends the turn and checks for a winner")


def map_text(state, bolotomus_eyes: bool = False, paint=plain) -> str:
    """Each organ: its Snorg, the Snits and thingies in it, and its passages with what is used this phase."""
    board = state.board
    hidden = hidden_marks(state) if bolotomus_eyes else {}
    rows = [headline(state), sketch(state, paint), ""]
    for o in board.organs:
        snorg = "printed" if not o.snorg else ("Snorg" if state.snorgs[o.index] else paint("no Snorg", "red"))
        roles = [r for r, on in (("orifice", o.orifice), ("compositor", o.compositor), ("smasher", o.smasher)) if on]
        head = f"{o.name}{' (' + ', '.join(roles) + ')' if roles else ''}"
        secret = hidden.get(o.index)
        rows.append(f"{head:<36} {snorg}{paint(secret, 'cyan') if secret else ''}")
        who = counters_at(state, o.index, paint)
        if who:
            rows.append(wrap("    " + who, " " * 8))
        ways = []
        for there, p in board.neighbours(o.index):
            cap = capacity(state, p.kind)
            used = state.used.get(p.index, 0)
            mark = {"channel": "=", "canal": "-", "red": "~"}[p.kind]
            note = f" {used}/{cap}" + (" FULL" if used >= cap else "") if used else ""
            ways.append(f"{mark}{board.organs[there].name}{note}")
        rows.append(wrap("    to: " + ", ".join(ways), " " * 8))
    rows += ["", wrap("Sketch: [xGlut 2s 1r 3m]: the Glut's Snorg is dead (x), 2 Snits, 1 Runnungitm and 3 Makums are "
                      "in it. Passages: = channel, - canal (. in the sketch), ~ red canal (never Snits), # used up "
                      "this phase. Snits: name, speed, L lightning, H hammer.", ""),
             summary(state)]
    return "\n".join(rows)


def counters_at(state, organ: int, paint=plain) -> str:
    """The Snits (in their clan's colour) and the thingies in an organ, by name; moved * and kicked ! marked."""
    snits = [paint(tag(c, state.players) + marks(state, c), clan_name(snit(c).clan).lower())
             for c, p in enumerate(state.snits) if p == organ]
    things = [paint(name(c) + marks(state, c), THINGIES) for c in thingies_at(state, organ)]
    return "  ".join(x for x in (" ".join(snits), " ".join(things)) if x)


def marks(state, cid: int) -> str:
    return "".join(f for f, on in (("*", cid in state.moved), ("!", cid in state.kicked)) if on)


def hidden_marks(state) -> dict[int, str]:
    p = state.placement
    if not p:
        return {}
    marks = {o: " [Splop" + (", gone off]" if o in state.popped else "]") for o in p.splops}
    if p.spark is not None:
        marks[p.spark] = " [Spark of Life]"
    return marks


def summary(state) -> str:
    board = state.board
    outside = [tag(c, state.players) for c, p in enumerate(state.snits) if p == OUT]
    dead = [name(c) for c, p in enumerate(state.snits) if p == DEAD]
    down = [place_name(state, o) for o in board.snorg_organs if not state.snorgs[o]]
    lines = [f"Outside: {' '.join(outside) or 'nobody'}",
             f"Dead Snorgs ({len(down)}/{state.opts.organs_to_win} to win): {', '.join(down) or 'none'}",
             f"Dead Snits: {', '.join(dead) or 'none'}; {len(alive(state))} alive",
             f"Pool: {state.makums.count(OUT)} Makums, {state.runs.count(OUT)} Runnungitms; "
             f"Eye and Prolobosinator working: {working_smashers(state)} of 2"]
    if state.players > 1:
        lines.append(f"Senior Snit: {clan_name(state.senior)}; order: "
                     + ", ".join(clan_name((state.senior + i) % state.players) for i in range(state.players)))
    return "\n".join(wrap(line) for line in lines)


def status_text(game_id: str, state, bolotomus_eyes: bool = False) -> str:
    """The headline, every counter in the body organ by organ, the Snits outside, the score, and what next."""
    board = state.board
    where = f", map {board.name}" if board.name else ""
    lines = [f"{game_id}: {headline(state)} ({'manual' if state.manual else 'auto'} dice{where})"]
    hidden = hidden_marks(state) if bolotomus_eyes else {}
    width = max(len(o.name) for o in board.organs) + 2
    for o in board.organs:
        here = counters_at(state, o.index)
        dead = o.snorg and not state.snorgs[o.index]
        if here or dead or o.index in hidden:
            note = ("no Snorg  " if dead else "") + here + hidden.get(o.index, "")
            lines.append(wrap(f"  {o.name:<{width}}{note.strip()}", " " * (width + 2)))
    lines.append("  (* moved in the latest movement phase, ! kicked this turn)")
    lines.append(summary(state))
    lines += hidden_text(state, bolotomus_eyes)
    lines.append(wrap("Next: " + next_steps(state)))
    return "\n".join(lines)


def hidden_text(state, bolotomus_eyes: bool) -> list[str]:
    if not state.hides:
        return []
    board = state.board
    what = ("the Spark of Life and " if state.spark else "") + f"{state.splops} Splop(s)"
    lines = [f"Hidden under the Snorgs: {what}; commitment:", f"  sha256 {state.commitment}"]
    if state.popped:
        lines.append("Splops gone off: " + ", ".join(place_name(state, o) for o in state.popped))
    if state.sealed:
        lines.append("(sealed: this copy does not know the placement)")
    elif state.placement and (bolotomus_eyes or state.winner):
        p = state.placement
        lines.append(wrap(("Revealed: " if state.winner else "Bolotomus' eyes only: ")
                          + (f"Spark under the {board.organs[p.spark].name}; " if p.spark is not None else "")
                          + "Splops under " + (", ".join(board.organs[o].name for o in p.splops) or "no Snorg")
                          + f"; salt {p.salt}"))
        if state.winner:
            lines.append(f"Check: the commitment is the sha256 of\n  {p.canonical([o.name for o in board.organs])!r}")
    return lines


SKETCH_W, SKETCH_H = 96, 24
LINE = {"channel": "=", "canal": ".", "red": "~"}


def sketch(state, paint=plain) -> str:
    """The Bolotomus drawn in characters: organs where the map has them, passages as lines (= channel, . canal,
    ~ red canal, # used up this phase); each organ shows x (Snorg dead) and how many Snits (2s), Runnungitms (1r)
    and Makums (3m) are in it: a count, never a counter's name."""
    board = state.board
    grid = [[" "] * SKETCH_W for _ in range(SKETCH_H)]

    def spot(o):
        return round(o.x / 100 * (SKETCH_W - 16)) + 4, round(o.y / 100 * (SKETCH_H - 2)) + 1

    for p in board.passages:
        (x0, y0), (x1, y1) = spot(board.organs[p.a]), spot(board.organs[p.b])
        full = state.used.get(p.index, 0) >= capacity(state, p.kind)
        steps = max(abs(x1 - x0), abs(y1 - y0), 1)
        for i in range(steps + 1):
            cell = paint("#", "yellow") if full else LINE[p.kind]
            grid[round(y0 + (y1 - y0) * i / steps)][round(x0 + (x1 - x0) * i / steps)] = cell
    for o in board.organs:
        x, y = spot(o)
        counts = [(sum(1 for p in state.snits if p == o.index), "s"), (state.runs.count(o.index), "r"),
                  (state.makums.count(o.index), "m")]
        dead = "x" if o.snorg and not state.snorgs[o.index] else ""
        label = "[" + dead + o.short + "".join(f" {n}{letter}" for n, letter in counts if n) + "]"
        x = max(0, min(SKETCH_W - len(label), x - len(label) // 2))
        cells = list(label)
        if dead:
            cells[1] = paint("x", "red")
        grid[y][x:x + len(label)] = cells
    return "\n".join("".join(row).rstrip() for row in grid).strip("\n")


def teach(state, rules: str) -> str:
    """In a game started with --teach: the one-line reminder of the rule for the step the game is at, and the rules
    topic that says more, read the way this interface reads one (`rules`; templates/snits/topics.toml [[teach]])."""
    from companion.edition_data import read_template

    step = "pending" if state.pending else state.phase
    tip = next(t for t in read_template("snits", "topics.toml")["teach"] if t["step"] == step)
    return f"{' '.join(tip['text'].split())} (more: `{rules} {tip['topic']}`)"
