"""Snits' Revenge in words for the table, shared by the commands and `play`: the status, the setup, the line that
says whose go it is and what next (the engine's next_step, worded), the reminder of a rule."""
from __future__ import annotations

from companion.core.language import N_, _, ngettext
from companion.shared.lines import WIDTH, wrap
from companion.snits import phases
from companion.snits.movement import capacity, working_smashers
from companion.snits.pieces import alive, clan_name, name, place_name, snit, thingies_at, where
from companion.snits.state import DEAD, GONE, OUT, Phase

BADGE = {"lightning": "L", "hammer": "H", "": ""}
THINGIES = "magenta"  # the colour of the Bolotomus' thingies on the map (a clan's colour is its name)
DICE = {"auto": N_("auto dice"), "manual": N_("manual dice")}  # the setup's dice, in words
BADGES = {"lightning": N_("lightning"), "hammer": N_("hammer")}  # a Snit's badge (--json: the English key)


def plain(text: str, colour: str) -> str:
    """No colour: what a file, a pipe or NO_COLOR gets."""
    return text


def tag(cid: int, players: int = 1) -> str:
    """Grubnik4H: name, speed, badge letter (L lightning, H hammer); with several clans, the clan's initial too."""
    s = snit(cid)
    return f"{s.name}{s.speed}{BADGE[s.badge]}" + (f"({clan_name(s.clan)[0]})" if players > 1 else "")


def joined(items) -> str:
    """`A and B`: names listed in a sentence."""
    return _(" and ").join(items)


def headline(state) -> str:
    return _("Turn {turn} · {phase} · {side} to act").format(turn=state.turn, phase=phases.title(state.phase),
                                                             side=phases.side(state))


def next_steps(state) -> str:
    """What the acting side may do now (the engine's next_step, worded), in the commands `play` and the command
    line share."""
    nxt = phases.next_step(state)
    step = nxt["step"]
    if step == "over":
        return _("The game is over: {verdict}.").format(verdict=phases.verdict(nxt["winner"]))
    if step == "sealed":
        return _("Sealed: {why} (`companion token --private` on the Bolotomus' own copy, then "
                 "`companion resume TOKEN`).").format(why=_(phases.SEALED))
    if step == "free chomp":
        r = nxt["runnungitm"]
        return _("The Bolotomus picks which Snit {runnungitm} chomps: {chomps}").format(
            runnungitm=r, chomps=", ".join(f"`chomp {r} {c}`" for c in nxt["snits"]))
    done = f"`done` {_(phases.ENDS[nxt['done']])}"
    if not nxt["actions"]:
        return _("Nothing more for {side} to do in {phase}: {done}").format(
            side=phases.side(state), phase=phases.title(nxt["phase"]), done=done)
    return f"{OFFERS[nxt['phase']](nxt)}; {done}"


def spark_fight(nxt) -> str:
    spark = nxt["spark"]
    carrier = (_("{snit} carries the Spark").format(snit=spark["carrier"]) if "carrier" in spark
               else _("the Spark lies in the {organ}").format(organ=spark["lies"]))
    if nxt["phase"] == Phase.FIGHT_KICK:
        return _("Spark fight ({carrier}): `kick NAME ENEMY` at a Snit of another clan in the same organ").format(
            carrier=carrier)
    return _("Spark fight ({carrier}): `move NAME ORGAN`, `move NAME out` to leave through an orifice "
             "(out with the Spark wins)").format(carrier=carrier)


OFFERS = {  # the wording of each phase's next step, from its next_step data
    Phase.MOVE: lambda nxt: _("Move each Snit one organ: `move NAME ORGAN`, `enter NAME ORGAN` from outside (room "
                              "left: {room})").format(room=", ".join(f"{o} {n}" for o, n in nxt["room"].items())),
    Phase.FAST: lambda nxt: _("Move lightning Snits one organ (no entering from outside): `move NAME ORGAN`"),
    Phase.THINGIES: lambda nxt: _("Move Runnungitms and Makums one organ: `move R1 ORGAN`, `move M2 ORGAN`"),
    Phase.KICK: lambda nxt: _("Kick: `kick NAME TARGET` (TARGET: Snorg, M#, R#) or `pack NAME,NAME R#`; possible: "
                              "{kicks}").format(kicks=", ".join(f"{who}→{target}" for who, target in nxt["kicks"])),
    Phase.COMPOSE: lambda nxt: _("Compose: `compose` makes a Makum in every working Compositor ({compositors}), "
                                 "`compose ORGAN...` in some").format(
        compositors=", ".join(nxt["compositors"]) or _("none")),
    Phase.CHOMP: lambda nxt: _("Chomp: `chomp R# NAME` (several Runnungitms at several Snits of one organ: name them "
                               "all at once, `chomp R2,R3 NAME,NAME`, `-` for one not chomping); possible: "
                               "{chomps}").format(chomps=", ".join(f"{r}→{snit}" for r, snit in nxt["chomps"])),
    Phase.TRANSFORM: lambda nxt: _("Transform (optional): `transform M#`; possible: {makums}").format(
        makums=", ".join(_("{makum} in the {organ}").format(makum=m, organ=where) for m, where in nxt["transforms"])),
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
    marks = {o: " [" + (_("Splop, gone off") if o in state.popped else "Splop") + "]" for o in p.splops}
    if p.spark is not None:
        marks[p.spark] = " [" + _("Spark of Life") + "]"
    return marks


def summary(state, width: int = WIDTH) -> str:
    board = state.board
    outside = [tag(c, state.players) for c, p in enumerate(state.snits) if p == OUT]
    dead = [name(c) for c, p in enumerate(state.snits) if p == DEAD]
    down = [place_name(state, o) for o in board.snorg_organs if not state.snorgs[o]]
    lines = [_("Outside: {snits}").format(snits=" ".join(outside) or _("nobody")),
             _("Dead Snorgs ({dead}, {goal} to win): {organs}").format(
                 dead=len(down), goal=state.opts.organs_to_win, organs=", ".join(down) or _("none")),
             _("Dead Snits: {snits}; {alive} alive").format(snits=", ".join(dead) or _("none"), alive=len(alive(state))),
             _("Pool: {makums} Makums, {runnungitms} Runnungitms; Eye and Prolobosinator working: {working} of 2").format(
                 makums=state.makums.count(OUT), runnungitms=state.runs.count(OUT), working=working_smashers(state))]
    if state.players > 1:
        lines.append(_("Senior Snit: {clan}; order: {order}").format(clan=clan_name(state.senior), order=", ".join(
            clan_name((state.senior + i) % state.players) for i in range(state.players))))
    return "\n".join(wrap(line, width=width) for line in lines)


def status_text(game_id: str, state, bolotomus_eyes: bool = False) -> str:
    """The headline, every counter in the body organ by organ, the Snits outside, the score, and what next."""
    board = state.board
    where = _(", map {map}").format(map=board.name) if board.name else ""
    lines = [f"{game_id}: {headline(state)} ({_(DICE['manual' if state.manual else 'auto'])}{where})"]
    hidden = hidden_marks(state) if bolotomus_eyes else {}
    width = max(len(o.name) for o in board.organs) + 2
    for o in board.organs:
        here = counters_at(state, o.index)
        dead = o.snorg and not state.snorgs[o.index]
        if here or dead or o.index in hidden:
            note = (_("no Snorg") + "  " if dead else "") + here + hidden.get(o.index, "")
            lines.append(wrap(f"  {o.name:<{width}}{note.strip()}", " " * (width + 2)))
    lines.append("  " + _("(* moved in the latest movement phase, ! kicked this turn)"))
    lines.append(summary(state))
    lines += hidden_text(state, bolotomus_eyes)
    lines.append(wrap(_("Next: {steps}").format(steps=next_steps(state))))
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
    if v["kind"] == "Snit":
        badge = ", " + _(BADGES[v["badge"]]) if v["badge"] else ""
        who = _("{tag} ({clan} Snit, speed {speed}{badge})").format(tag=tag(cid, state.players), clan=v["clan"],
                                                                   speed=v["speed"], badge=badge)
    else:
        who = f"{v['kind']} {v['name']}"
    place = {"outside": N_("outside the Bolotomus"), "pool": N_("in the pool (off the map)"), "dead": N_("dead"),
             "out of play": N_("not in play (left out of the force, a spare, or swapped out wounded)")}.get(v["place"])
    notes = [n for n, on in ((_("moved in the latest movement phase (*)"), v["moved"]),
                             (_("kicked this turn (!)"), v["kicked"]),
                             (_("carries the Spark of Life"), v.get("spark"))) if on]
    place = _(place) if place else _("in the {organ}").format(organ=v["place"])
    lines = [wrap(f"{game_id}: {who}: {place}" + "".join(f"; {n}" for n in notes))]
    if "with" in v:
        snorg = {"printed": N_("its Snorg printed"), "alive": N_("its Snorg alive"), "dead": N_("no Snorg")}[v["snorg"]]
        pos = where(state, cid)
        others = [tag(c, state.players) + marks(state, c) for c, p in enumerate(state.snits) if p == pos and c != cid]
        others += [name(c) + marks(state, c) for c in thingies_at(state, pos) if c != cid]
        lines.append(wrap("  " + _("here: {snorg}, {others}").format(snorg=_(snorg),
                                                                    others=" ".join(others) or _("nobody else"))))
        ways = [f"{WAYS[w['kind']]}{w['to']}{load(w['used'], w['limit'])}" for w in v["ways"]]
        lines.append(wrap("  " + _("ways on: {ways}").format(ways=", ".join(ways) or _("none")), " " * 8))
    if "enters" in v:
        lines.append(wrap("  " + _("enters by: {organs}").format(organs=", ".join(v["enters"]))))
    lines.append(headline(state))
    return "\n".join(lines)


WAYS = {"channel": "=", "canal": "-", "red": "~"}  # a passage's mark where ways are listed


def load(used: int, limit: int) -> str:
    """` 1/2`, ` 2/2 FULL`: how much of a passage this phase has used; nothing while it is unused."""
    return f" {used}/{limit}" + (" " + _("FULL") if used >= limit else "") if used else ""


def hidden_what(state, splops: str) -> str:
    """`the Spark of Life and 2 Splops`: what a game hides under the Snorgs (`splops`: the Splops counted)."""
    return _("the Spark of Life and {splops}").format(splops=splops) if state.spark else splops


def hidden_text(state, bolotomus_eyes: bool) -> list[str]:
    if not state.hides:
        return []
    board = state.board
    left = state.splops - len(state.popped)  # a Splop that went off hides nothing any more
    what = hidden_what(state, ngettext("{count} Splop", "{count} Splops", left).format(count=left))
    what += _(" (of {splops})").format(splops=state.splops) if state.popped else ""
    lines = [(_("Were hidden under the Snorgs: {what}; commitment:") if state.winner else
              _("Hidden under the Snorgs: {what}; commitment:")).format(what=what),
             f"  sha256 {state.commitment}"]  # after the game nothing is hidden: the reveal below says where
    if state.popped:
        lines.append(_("Splops gone off: {organs}").format(organs=", ".join(place_name(state, o) for o in state.popped)))
    if state.sealed:
        lines.append(_("(sealed: this copy does not know the placement)"))
    elif state.placement and (bolotomus_eyes or state.winner):
        p = state.placement
        where = [_("Spark under the {organ}").format(organ=board.organs[p.spark].name)] if p.spark is not None else []
        where += [_("Splops under {organs}").format(organs=", ".join(board.organs[o].name for o in p.splops))
                  if p.splops else _("Splops under no Snorg"), _("salt {salt}").format(salt=p.salt)]
        lines.append(wrap((_("Revealed: {where}") if state.winner else _("Bolotomus' eyes only: {where}")).format(
            where="; ".join(where))))
        if state.winner:
            lines.append(_("Check: the commitment is the sha256 of\n  {canonical}").format(
                canonical=repr(p.canonical([o.name for o in board.organs]))))
    return lines


def teach(state, rules: str) -> str:
    """In a game started with --teach: the one-line reminder of the rule for the step the game is at, and the rules
    topic that says more, read the way this interface reads one (`rules`; templates/snits/topics.toml [[teach]])."""
    from companion.core.edition_data import read_template

    step = "pending" if state.pending else state.phase
    tip = next(t for t in read_template("snits", "topics.toml")["teach"] if t["step"] == step)
    return _("{tip} (more: `{rules} {topic}`)").format(tip=" ".join(_(tip["text"]).split()), rules=rules,
                                                       topic=tip["topic"])


def started(game_id: str, state, setup: dict) -> str:
    """What `new` prints (and `play` when it starts a game): the forces, the duty Runnungitm, the commitment."""
    where = _(", map {map}").format(map=state.board.name) if state.board.name else ""
    versus = ""
    if setup.get("computer"):
        c = setup["computer"]
        versus = "\n" + _("The computer (level {level}) plays {sides}; you play the other side.").format(
            level=c["level"], sides=joined(c["sides"]))
    return _("{game}: Snits' Revenge, seed {seed}, {dice}{map}{versus}").format(
        game=game_id, seed=setup["seed"], dice=_(DICE[setup["dice"]]), map=where, versus=versus) + "\n" + setup_text(state)


def next_lines(state, rules: str) -> list[str]:
    """Whose go it is, what may be done, and (a game started with --teach) the rule for this step."""
    lines = [headline(state), wrap(_("Next: {steps}").format(steps=next_steps(state)))]
    if state.teach:
        lines.append(wrap(_("Teach: {tip}").format(tip=teach(state, rules))))
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
        lines.append(wrap(_("{clan} force ({snits} Snits, {badged} badged): {tags}").format(
            clan=sheet.clans[k], snits=len(force), badged=badged, tags=" ".join(tag(c) for c in force))))
        lines.append(wrap("  " + _("set aside: {snits}").format(snits=", ".join(aside))))
    duty = state.board.organs[state.runs[0]].name
    lines.append(_("The Bolotomus' duty Runnungitm R1 is in the {organ}.").format(organ=duty))
    if state.players > 1:
        lines.append(_("Senior Snit totem: {clan} (moves and kicks first; passes left each turn)").format(
            clan=sheet.clans[state.senior]))
    if state.hides:
        lines.append(_("Hidden under the Snorgs: {what}. Commitment (Snit players, note it):").format(
            what=hidden_what(state, ngettext("{count} Splop(s)", "{count} Splop(s)", state.splops).format(
                count=state.splops))))
        lines.append(f"  sha256 {state.commitment}")
    return "\n".join(lines)
