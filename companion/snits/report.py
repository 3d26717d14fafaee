"""What a player reads at the table: the map, the status and the line that says whose go it is and what next."""
from __future__ import annotations

from companion.snits import bolotomus, counters, phases
from companion.snits.counters import MAKUM_BASE, RUN_BASE
from companion.snits.movement import capacity, working_smashers
from companion.snits.pieces import alive, clan_name, name, place_name, snit, thingies_at
from companion.snits.state import DEAD, FIGHT, GONE, OUT

BADGE = {"lightning": "L", "hammer": "H", "": ""}


def tag(cid: int) -> str:
    """Grubnik4H: name, speed, badge letter (L lightning, H hammer)."""
    s = snit(cid)
    return f"{s.name}{s.speed}{BADGE[s.badge]}"


def headline(state) -> str:
    return f"Turn {state.turn} · {phases.TITLES[state.phase]} · {phases.side(state)} to act"


def next_steps(state) -> str:
    """What the acting side may do now, in commands."""
    board = bolotomus.load()
    if state.phase == "over":
        return f"The game is over: {phases.verdict(state.winner)}."
    if state.sealed:
        return f"Sealed: {phases.SEALED}."
    legal = list(phases.legal(state))
    if state.pending:
        r, cands = state.pending
        return (f"The Bolotomus picks which Snit {name(r)} chomps: "
                + ", ".join(f"`chomp {name(r)} {name(c)}`" for c in cands))
    if len(legal) == 1:
        return f"Nothing more for {phases.side(state)} to do in {phases.TITLES[state.phase]}: `done` goes on"
    if state.phase in FIGHT:
        carrier = (f"{name(state.holder)} carries the Spark" if state.holder is not None
                   else f"the Spark lies in the {place_name(state.lies)}")
        if state.phase == "fkick":
            return (f"Spark fight ({carrier}): `kick NAME ENEMY` at a Snit of another clan in the same organ; "
                    "`done` ends this clan's go")
        return (f"Spark fight ({carrier}): `move NAME ORGAN`, `move NAME out` to leave through an orifice "
                "(out with the Spark wins); `done` ends the move")
    if state.phase in ("move", "fast"):
        gates = ", ".join(f"{board.organs[o].name} {board.organs[o].orifice - state.gates.get(o, 0)} left"
                          for o in board.orifices)
        who = "lightning Snits (no entering from outside)" if state.phase == "fast" else "each Snit"
        extra = f"; from outside: {gates}" if state.phase == "move" else ""
        enter = "; `enter NAME ORGAN` from outside" if state.phase == "move" else ""
        return (f"Move {who} one organ: `move NAME ORGAN`{enter} "
                f"({count(legal, 'move') + count(legal, 'enter')} moves possible{extra}); `done` ends the phase")
    if state.phase == "thingies":
        return (f"Move Runnungitms and Makums one organ: `move R1 ORGAN`, `move M2 ORGAN` "
                f"({count(legal, 'move')} moves possible); `done` ends the phase")
    if state.phase == "kick":
        kicks = [f"{a['who']}→{a['target']}" for a in legal if a["type"] == "kick"]
        return ("Kick: `kick NAME TARGET` (TARGET: Snorg, M#, R#) or `pack NAME,NAME R#`; possible: "
                + ", ".join(kicks) + "; `done` ends kicking")
    if state.phase == "compose":
        working = [a for a in legal if a["type"] == "compose"]
        return (f"Compose: `compose` makes a Makum in every working Compositor "
                f"({', '.join(working[0]['at']) if working else 'none'}), `compose ORGAN...` in some; "
                "`done` makes none")
    if state.phase == "chomp":
        return ("Chomp: `chomp R# NAME` (several Runnungitms at several Snits of one organ: name them all at once, "
                "`chomp R2,R3 NAME,NAME`); possible: "
                + ", ".join(f"{a['runnungitm']}→{a['snit']}" for a in legal if a["type"] == "chomp")
                + "; `done` ends chomping")
    return ("Transform (optional): `transform M#`; possible: " + ", ".join(
        f"{a['makum']} in the {place_name(state.makums[int(a['makum'][1:]) - 1])}"
        for a in legal if a["type"] == "transform") + "; `done` ends the turn and checks for a winner")


def count(legal, kind) -> int:
    return sum(1 for a in legal if a["type"] == kind)


def map_text(state, bolotomus_eyes: bool = False) -> str:
    """Each organ: its Snorg, the Snits and thingies in it, and its passages with what is used this phase."""
    board = bolotomus.load()
    hidden = hidden_marks(state) if bolotomus_eyes else {}
    rows = [headline(state), sketch(state), ""]
    for o in board.organs:
        snorg = "printed" if not o.snorg else ("Snorg" if state.snorgs[o.index] else "no Snorg")
        roles = [r for r, on in (("orifice", o.orifice), ("compositor", o.compositor), ("smasher", o.smasher)) if on]
        head = f"{o.name}{' (' + ', '.join(roles) + ')' if roles else ''}"
        who = [tag(c) + (f"({clan_name(snit(c).clan)[0]})" if state.players > 1 else "")
               for c, p in enumerate(state.snits) if p == o.index]
        things = [name(c) for c in thingies_at(state, o.index)]
        rows.append(f"{head:<36} {snorg:<9}{hidden.get(o.index, '')}")
        if who or things:
            rows.append("    " + "  ".join(x for x in (" ".join(who), " ".join(things)) if x))
        ways = []
        for there, p in board.neighbours(o.index):
            cap = capacity(state, p.kind)
            used = state.used.get(p.index, 0)
            mark = {"channel": "=", "canal": "-", "red": "~"}[p.kind]
            note = f" {used}/{cap}" + (" FULL" if used >= cap else "") if used else ""
            ways.append(f"{mark}{board.organs[there].name}{note}")
        rows.append("    to: " + ", ".join(ways))
    rows += ["", "Passages: = channel, - canal (. in the sketch), ~ red canal (never Snits), # used up this phase. "
             "Sketch: x the Snorg is dead, S Snits, R Runnungitms, M Makums. Snits: name, speed, L lightning, "
             "H hammer.",
             summary(state)]
    return "\n".join(rows)


def hidden_marks(state) -> dict[int, str]:
    p = state.placement
    if not p:
        return {}
    marks = {o: " [Splop" + (", gone off]" if o in state.popped else "]") for o in p.splops}
    if p.spark is not None:
        marks[p.spark] = " [Spark of Life]"
    return marks


def summary(state) -> str:
    board = bolotomus.load()
    outside = [tag(c) for c, p in enumerate(state.snits) if p == OUT]
    dead = [name(c) for c, p in enumerate(state.snits) if p == DEAD]
    down = [place_name(o) for o in board.snorg_organs if not state.snorgs[o]]
    lines = [f"Outside: {' '.join(outside) or 'nobody'}",
             f"Dead Snorgs ({len(down)}/{state.opts.organs_to_win} to win): {', '.join(down) or 'none'}",
             f"Dead Snits: {', '.join(dead) or 'none'}; {len(alive(state))} alive",
             f"Pool: {state.makums.count(OUT)} Makums, {state.runs.count(OUT)} Runnungitms; "
             f"Eye and Prolobosinator working: {working_smashers(state)} of 2"]
    if state.players > 1:
        lines.append(f"Senior Snit: {clan_name(state.senior)}; order: "
                     + ", ".join(clan_name((state.senior + i) % state.players) for i in range(state.players)))
    return "\n".join(lines)


def status_text(game_id: str, state, bolotomus_eyes: bool = False) -> str:
    """The headline, every Snit of the force with its place, the score, and what may be done next."""
    by_clan: dict[int, list[str]] = {}
    for c, p in enumerate(state.snits):
        if p != GONE:
            flags = "".join(f for f, on in (("*", c in state.moved), ("!", c in state.kicked)) if on)
            by_clan.setdefault(snit(c).clan, []).append(f"{tag(c)}@{place_name(p)}{flags}")
    lines = [f"{game_id}: {headline(state)} ({'manual' if state.manual else 'auto'} dice)"]
    for k, items in by_clan.items():
        lines.append(f"  {counters.load().clans[k]}: " + ", ".join(items))
    lines.append("  (* moved in the latest movement phase, ! kicked this turn)")
    things = [f"{name(RUN_BASE + i)}@{place_name(p)}" for i, p in enumerate(state.runs) if p >= 0] + \
        [f"{name(MAKUM_BASE + i)}@{place_name(p)}" for i, p in enumerate(state.makums) if p >= 0]
    lines.append("  Bolotomus: " + (", ".join(things) or "no thingies in the body"))
    lines.append(summary(state))
    lines += hidden_text(state, bolotomus_eyes)
    lines.append("Next: " + next_steps(state))
    return "\n".join(lines)


def hidden_text(state, bolotomus_eyes: bool) -> list[str]:
    if not state.hides:
        return []
    board = bolotomus.load()
    what = ("the Spark of Life and " if state.spark else "") + f"{state.splops} Splop(s)"
    lines = [f"Hidden under the Snorgs: {what}; commitment sha256 {state.commitment}"]
    if state.popped:
        lines.append("Splops gone off: " + ", ".join(place_name(o) for o in state.popped))
    if state.sealed:
        lines.append("(sealed: this copy does not know the placement)")
    elif state.placement and (bolotomus_eyes or state.winner):
        p = state.placement
        lines.append(("Revealed: " if state.winner else "Bolotomus' eyes only: ")
                     + (f"Spark under the {board.organs[p.spark].name}; " if p.spark is not None else "")
                     + "Splops under " + (", ".join(board.organs[o].name for o in p.splops) or "no Snorg")
                     + f"; salt {p.salt}")
        if state.winner:
            lines.append(f"Check: sha256 of {p.canonical([o.name for o in board.organs])!r} is the commitment")
    return lines


SKETCH_W, SKETCH_H = 96, 24
LINE = {"channel": "=", "canal": ".", "red": "~"}


def sketch(state) -> str:
    """The Bolotomus drawn in characters: organs where the map has them, passages as lines (= channel, . canal,
    ~ red canal, # used up this phase); each organ shows x (Snorg dead), S Snits, R Runnungitms, M Makums."""
    board = bolotomus.load()
    grid = [[" "] * SKETCH_W for _ in range(SKETCH_H)]

    def spot(o):
        return round(o.x / 100 * (SKETCH_W - 16)) + 4, round(o.y / 100 * (SKETCH_H - 2)) + 1

    for p in board.passages:
        (x0, y0), (x1, y1) = spot(board.organs[p.a]), spot(board.organs[p.b])
        full = state.used.get(p.index, 0) >= capacity(state, p.kind)
        steps = max(abs(x1 - x0), abs(y1 - y0))
        for i in range(steps + 1):
            grid[round(y0 + (y1 - y0) * i / steps)][round(x0 + (x1 - x0) * i / steps)] = "#" if full else LINE[p.kind]
    for o in board.organs:
        x, y = spot(o)
        counts = [(sum(1 for p in state.snits if p == o.index), "S"), (state.runs.count(o.index), "R"),
                  (state.makums.count(o.index), "M")]
        label = ("[" + ("x" if o.snorg and not state.snorgs[o.index] else "") + o.short
                 + "".join(f" {letter}{n}" for n, letter in counts if n) + "]")
        x = max(0, min(SKETCH_W - len(label), x - len(label) // 2))
        grid[y][x:x + len(label)] = label
    return "\n".join("".join(row).rstrip() for row in grid).strip("\n")
