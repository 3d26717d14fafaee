"""Snits' Revenge in words for the table, shared by the commands and `play`: the status, the setup, the line that
says whose go it is and what next (the engine's next_step, worded), the reminder of a rule."""
from __future__ import annotations

from companion.shared.lines import WIDTH, wrap
from companion.snits import phases
from companion.snits.movement import capacity, working_smashers
from companion.snits.pieces import alive, clan_name, name, place_name, snit, thingies_at, where
from companion.snits.state import DEAD, GONE, OUT, Phase

BADGE = {"lightning": "L", "hammer": "H", "": ""}
THINGIES = "magenta"  # the colour of the Bolotomus' thingies on the map (a clan's colour is its name)


def plain(text: str, colour: str) -> str:
    """No colour: what a file, a pipe or NO_COLOR gets."""
    return text


def tag(cid: int, players: int = 1) -> str:
    """Grubnik4H: name, speed, badge letter (L lightning, H hammer); with several clans, the clan's initial too."""
    s = snit(cid)
    return f"{s.name}{s.speed}{BADGE[s.badge]}" + (f"({clan_name(s.clan)[0]})" if players > 1 else "")


def headline(state) -> str:
    return f"Turn {state.turn} · {phases.TITLES[state.phase]} · {phases.side(state)} to act"


def next_steps(state) -> str:
    """What the acting side may do now (the engine's next_step, worded), in the commands `play` and the command
    line share."""
    nxt = phases.next_step(state)
    step = nxt["step"]
    if step == "over":
        return f"The game is over: {phases.verdict(nxt['winner'])}."
    if step == "sealed":
        return (f"Sealed: {phases.SEALED} (`companion token --private` on the Bolotomus' own copy, then "
                "`companion resume TOKEN`).")
    if step == "free chomp":
        r = nxt["runnungitm"]
        return f"The Bolotomus picks which Snit {r} chomps: " + ", ".join(f"`chomp {r} {c}`" for c in nxt["snits"])
    done = f"`done` {phases.ENDS[nxt['done']]}"
    if not nxt["actions"]:
        return f"Nothing more for {phases.side(state)} to do in {phases.TITLES[nxt['phase']]}: {done}"
    return f"{OFFERS[nxt['phase']](nxt)}; {done}"


def spark_fight(nxt) -> str:
    spark = nxt["spark"]
    carrier = (f"{spark['carrier']} carries the Spark" if "carrier" in spark
               else f"the Spark lies in the {spark['lies']}")
    if nxt["phase"] == Phase.FIGHT_KICK:
        return f"Spark fight ({carrier}): `kick NAME ENEMY` at a Snit of another clan in the same organ"
    return (f"Spark fight ({carrier}): `move NAME ORGAN`, `move NAME out` to leave through an orifice "
            "(out with the Spark wins)")


OFFERS = {  # the wording of each phase's next step, from its next_step data
    Phase.MOVE: lambda nxt: ("Move each Snit one organ: `move NAME ORGAN`, `enter NAME ORGAN` from outside (room left: "
                             + ", ".join(f"{o} {n}" for o, n in nxt["room"].items()) + ")"),
    Phase.FAST: lambda nxt: "Move lightning Snits one organ (no entering from outside): `move NAME ORGAN`",
    Phase.THINGIES: lambda nxt: "Move Runnungitms and Makums one organ: `move R1 ORGAN`, `move M2 ORGAN`",
    Phase.KICK: lambda nxt: ("Kick: `kick NAME TARGET` (TARGET: Snorg, M#, R#) or `pack NAME,NAME R#`; possible: "
                             + ", ".join(f"{who}→{target}" for who, target in nxt["kicks"])),
    Phase.COMPOSE: lambda nxt: (f"Compose: `compose` makes a Makum in every working Compositor "
                                f"({', '.join(nxt['compositors']) or 'none'}), `compose ORGAN...` in some"),
    Phase.CHOMP: lambda nxt: ("Chomp: `chomp R# NAME` (several Runnungitms at several Snits of one organ: name them "
                              "all at once, `chomp R2,R3 NAME,NAME`, `-` for one not chomping); possible: "
                              + ", ".join(f"{r}→{snit}" for r, snit in nxt["chomps"])),
    Phase.TRANSFORM: lambda nxt: ("Transform (optional): `transform M#`; possible: "
                                  + ", ".join(f"{m} in the {where}" for m, where in nxt["transforms"])),
    Phase.FIGHT_MOVE: spark_fight,
    Phase.FIGHT_KICK: spark_fight,
}


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


def summary(state, width: int = WIDTH) -> str:
    board = state.board
    outside = [tag(c, state.players) for c, p in enumerate(state.snits) if p == OUT]
    dead = [name(c) for c, p in enumerate(state.snits) if p == DEAD]
    down = [place_name(state, o) for o in board.snorg_organs if not state.snorgs[o]]
    lines = [f"Outside: {' '.join(outside) or 'nobody'}",
             f"Dead Snorgs ({len(down)}, {state.opts.organs_to_win} to win): {', '.join(down) or 'none'}",
             f"Dead Snits: {', '.join(dead) or 'none'}; {len(alive(state))} alive",
             f"Pool: {state.makums.count(OUT)} Makums, {state.runs.count(OUT)} Runnungitms; "
             f"Eye and Prolobosinator working: {working_smashers(state)} of 2"]
    if state.players > 1:
        lines.append(f"Senior Snit: {clan_name(state.senior)}; order: "
                     + ", ".join(clan_name((state.senior + i) % state.players) for i in range(state.players)))
    return "\n".join(wrap(line, width=width) for line in lines)


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


def counter_view(state, cid: int) -> dict:
    """Where one counter stands, with whom and which ways lead on: `status NAME`'s answer (public: never the hidden
    placement, which no counter's place gives away)."""
    from companion.snits.counters import MAKUM_BASE, RUN_BASE

    board, pos = state.board, where(state, cid)
    kind = "Makum" if cid >= MAKUM_BASE else "Runnungitm" if cid >= RUN_BASE else "Snit"
    view = {"name": name(cid), "kind": kind, "place": place_name(state, pos) if pos >= 0 else
            {OUT: "outside" if kind == "Snit" else "pool", DEAD: "dead", GONE: "out of play"}[pos],
            "moved": cid in state.moved, "kicked": cid in state.kicked}
    if kind == "Snit":
        s = snit(cid)
        view.update({"clan": clan_name(s.clan), "speed": s.speed, "badge": s.badge,
                     "spark": state.holder == cid})
    if pos >= 0:
        ways = board.snit_ways[pos] if kind == "Snit" else board.neighbours(pos)
        view.update({"snorg": "printed" if not board.organs[pos].snorg else "alive" if state.snorgs[pos] else "dead",
                     "with": [name(c) for c, p in enumerate(state.snits) if p == pos and c != cid]
                     + [name(c) for c in thingies_at(state, pos) if c != cid],
                     "ways": [{"to": board.organs[there].name, "kind": p.kind, "used": state.used.get(p.index, 0),
                               "limit": capacity(state, p.kind)} for there, p in ways]})
    elif pos == OUT and kind == "Snit":
        view["enters"] = [board.organs[o].name for o in board.orifices]
    return view


def counter_text(game_id: str, state, cid: int) -> str:
    """`status NAME`: the one counter a player looks for, in words, then whose go it is."""
    v = counter_view(state, cid)
    who = (f"{tag(cid, state.players)} ({v['clan']} Snit, speed {v['speed']}"
           + (f", {v['badge']}" if v["badge"] else "") + ")" if v["kind"] == "Snit" else f"{v['kind']} {v['name']}")
    place = {"outside": "outside the Bolotomus", "pool": "in the pool (off the map)", "dead": "dead",
             "out of play": "not in play (left out of the force, a spare, or swapped out wounded)"}.get(
        v["place"], f"in the {v['place']}")
    notes = [n for n, on in (("moved in the latest movement phase (*)", v["moved"]), ("kicked this turn (!)",
                                                                                      v["kicked"]),
                             ("carries the Spark of Life", v.get("spark"))) if on]
    lines = [wrap(f"{game_id}: {who}: {place}" + "".join(f"; {n}" for n in notes))]
    if "with" in v:
        snorg = {"printed": "its Snorg printed", "alive": "its Snorg alive", "dead": "no Snorg"}[v["snorg"]]
        pos = where(state, cid)
        others = [tag(c, state.players) + marks(state, c) for c, p in enumerate(state.snits) if p == pos and c != cid]
        others += [name(c) + marks(state, c) for c in thingies_at(state, pos) if c != cid]
        lines.append(wrap(f"  here: {snorg}, " + (" ".join(others) or "nobody else")))
        mark = {"channel": "=", "canal": "-", "red": "~"}
        ways = [f"{mark[w['kind']]}{w['to']}" + (f" {w['used']}/{w['limit']}" + (" FULL" if w["used"] >= w["limit"]
                                                                                else "") if w["used"] else "")
                for w in v["ways"]]
        lines.append(wrap("  ways on: " + (", ".join(ways) or "none"), " " * 8))
    if "enters" in v:
        lines.append(wrap("  enters by: " + ", ".join(v["enters"])))
    lines.append(headline(state))
    return "\n".join(lines)


def hidden_text(state, bolotomus_eyes: bool) -> list[str]:
    if not state.hides:
        return []
    board = state.board
    left = state.splops - len(state.popped)  # a Splop that went off hides nothing any more
    what = (("the Spark of Life and " if state.spark else "") + f"{left} Splop{'' if left == 1 else 's'}"
            + (f" (of {state.splops})" if state.popped else ""))
    lines = [f"{'Were hidden' if state.winner else 'Hidden'} under the Snorgs: {what}; commitment:",
             f"  sha256 {state.commitment}"]  # after the game nothing is hidden: the reveal below says where
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


def teach(state, rules: str) -> str:
    """In a game started with --teach: the one-line reminder of the rule for the step the game is at, and the rules
    topic that says more, read the way this interface reads one (`rules`; templates/snits/topics.toml [[teach]])."""
    from companion.core.edition_data import read_template

    step = "pending" if state.pending else state.phase
    tip = next(t for t in read_template("snits", "topics.toml")["teach"] if t["step"] == step)
    return f"{' '.join(tip['text'].split())} (more: `{rules} {tip['topic']}`)"


def started(game_id: str, state, setup: dict) -> str:
    """What `new` prints (and `play` when it starts a game): the forces, the duty Runnungitm, the commitment."""
    where = f", map {state.board.name}" if state.board.name else ""
    versus = ""
    if setup.get("computer"):
        c = setup["computer"]
        versus = f"\nThe computer (level {c['level']}) plays {' and '.join(c['sides'])}; you play the other side."
    return f"{game_id}: Snits' Revenge, seed {setup['seed']}, {setup['dice']} dice{where}{versus}\n{setup_text(state)}"


def next_lines(state, rules: str) -> list[str]:
    """Whose go it is, what may be done, and (a game started with --teach) the rule for this step."""
    lines = [headline(state), wrap("Next: " + next_steps(state))]
    if state.teach:
        lines.append(wrap("Teach: " + teach(state, rules)))
    return lines


def setup_text(state) -> str:
    """The Snit force(s), what is set aside, the duty Runnungitm, the Senior Snit and the commitment."""
    from companion.snits import counters
    from companion.snits.state import GONE

    sheet = counters.load()
    lines = []
    for k in range(state.players):
        force = [c.id for c in sheet.clan(k) if state.snits[c.id] != GONE]
        badged = sum(1 for c in force if sheet.snits[c].badge)
        aside = [c.label for c in sheet.clan(k) if state.snits[c.id] == GONE]
        lines.append(wrap(f"{sheet.clans[k]} force ({len(force)} Snits, {badged} badged): "
                                 + " ".join(tag(c) for c in force)))
        lines.append(wrap(f"  set aside: {', '.join(aside)}"))
    duty = state.board.organs[state.runs[0]].name
    lines.append(f"The Bolotomus' duty Runnungitm R1 is in the {duty}.")
    if state.players > 1:
        lines.append(f"Senior Snit totem: {sheet.clans[state.senior]} (moves and kicks first; passes left each turn)")
    if state.hides:
        lines.append("Hidden under the Snorgs: " + ("the Spark of Life and " if state.spark else "")
                     + f"{state.splops} Splop(s). Commitment (Snit players, note it):")
        lines.append(f"  sha256 {state.commitment}")
    return "\n".join(lines)


def odds_text(rows: list[dict]) -> str:
    """`odds`: each roll's exact chance as a fraction and a percentage, and how each roll works."""
    lines = [f"{'Roll':<56}{'chance':>13}"]
    for r in rows:
        what = r["roll"] + (f", speed {r['speed']}" if r["speed"] else "")
        if r["working"] is not None:
            what += f", {r['working']} of Eye/Prolobosinator working"
        lines.append(f"{what:<56}{str(r['chance']):>6} = {float(r['chance']):6.1%}")
    lines.append("kick: 1 die, 1-2 kills (hammer 1-4); chomp: 2 dice over the Snit's speed catch it; last kick: "
                 "2 dice over its speed kill the Runnungitm; Fleotis run: speed or lower on 2 dice (both working), "
                 "1 die (one), free (none)")
    return "\n".join(lines)


def autoplay_text(rows: list[dict], wins: dict) -> str:
    """`autoplay`: each game's actions as typed with what they did (when logged), its winner and length; the wins."""
    from companion.snits import actions

    lines = []
    for i, row in enumerate(rows):
        lines += [f"  {actions.to_text(actions.from_dict(step['action']))}"
                  + "".join(f"\n      {line}" for m in step["messages"] for line in m.splitlines())
                  for step in row.get("log", ())]
        lines.append(f"game {i + 1} (seed {row['seed']}): {row['winner']} after {row['turns']} turns, "
                     f"{row['actions']} actions")
    if len(rows) > 1:
        lines.append("wins: " + ", ".join(f"{k} {v}" for k, v in sorted(wins.items())))
    return "\n".join(lines)
