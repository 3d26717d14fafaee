"""Sssnake in words for the terminal: the table, the deck, the score, setup prose, and what comes next as the CLI's
commands; `companion sssnake` and its play loop print these (the rules give data, never wording)."""
from __future__ import annotations

from itertools import pairwise

from companion.core.language import _, ngettext, pgettext


def ability_name(number: int) -> str:
    from companion.sssnake.display import ability

    return f"{number} {_(ability(number).name)}"


def display_text(view: dict) -> str:
    rows = [" ".join(f"[{ability_name(n)}]" if n else _("[face down]") for n in row) for row in view["display"]]
    head = _("Display: ")
    return head + ("\n" + " " * len(head)).join(rows)


def deck_text(view: dict) -> str:
    """The faces up and the cards left; the next square is unknown (the A card's row and the column beneath it are
    face down), so nothing here reads like a forecast."""
    d = view["deck"]
    a_side = (_("column {column} with a half apple") if d["a_top_half"] else _("column {column}")).format(
        column=d["a_top"])
    if "b_top" in d:
        b_side = (_("row {row} with a half apple") if d["b_top_half"] else _("row {row}")).format(row=d["b_top"])
        shown = _("the last flip showed {column} (A stack) and {row} (B stack)").format(column=a_side, row=b_side)
    else:
        shown = _("{column} faces up on the A stack, but the first flip pairs that card's row with the column under "
                  "it").format(column=a_side)
    n = d["flips_left"]
    left = (ngettext("{n} flip before all 16 are shuffled again", "{n} flips before all 16 are shuffled again",
                     n).format(n=n) if n else _("the next flip shuffles all 16 first"))
    return _("Deck: {shown}; the next square is face down. {a_cards} on the A stack, {b_cards} on the B stack; "
             "{left}.").format(shown=shown, a_cards=cards(d["a_left"]), b_cards=cards(d["b_stack"]), left=left)


def cards(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def player_line(p: dict, over: bool = False) -> str:
    """One snake's counters; once the game is over, its place instead of a move it will not make."""
    from companion.sssnake.actions import ending_word

    c = p["circles"]
    lo, hi = p["move"]
    state = (pgettext("snake", "out") if p["out"] else _("no cave yet") if not p["cave"]
             else _("place {place}").format(place=p["place"]) if over
             else _("moves {low}").format(low=lo) if hi == lo else _("moves {low}-{high}").format(low=lo, high=hi))
    held = [_(a) for a in p["abilities"]] + [_("{ability} (moulted)").format(ability=_(m)) for m in p["moulted"]]
    extras = [", ".join(held) or _("no abilities")]
    if p["eggs"]:
        extras.append(ngettext("{n} egg", "{n} eggs", p["eggs"]).format(n=p["eggs"]))
    if p["ended_on"] and not p["out"]:  # where an eliminated snake ended no longer matters
        extras.append(_("ended on {where}").format(where="/".join(map(ending_word, p["ended_on"]))))
    if p["may_rejoin"]:
        extras.append(_("may rejoin"))
    if p.get("digital"):
        extras.append(_("digital sheet"))
    return _("  {name} length {length}  fresh {fresh} rotten {rotten} golden {golden}  {state}; {extras}").format(
        name=f"{p['name']:<10}", length=f"{p['length']:>2}", fresh=c["fresh"],
        rotten=c["rotten"] + p["rejoin_circles"], golden=c["golden"], state=state, extras="; ".join(extras))


def boxed(is_boxed: bool) -> str:
    return _(" (boxed sheets)") if is_boxed else ""


def table_text(game_id: str, view: dict) -> str:
    """Every snake's counters, the display, the deck: the status without what comes next (each interface words
    that its own way)."""
    head = _("{game}: {landscape}{boxed}, flip {flips}, {player} holds the first-player token").format(
        game=game_id, landscape=view["landscape"], boxed=boxed(view["sheets"] == "boxed"), flips=view["flips"],
        player=view["first_player"])
    lines = [head + (_(" (Friendship mode)") if view["friendship"] else "")]
    lines += [player_line(p, view["phase"] == "over") for p in view["players"]]
    lines += [display_text(view), deck_text(view)]
    if view["golden_left"]:
        lines.append(_("Golden apples left: {squares}").format(
            squares=" ".join(f"{c},{r}" for c, r in view["golden_left"])))
    return "\n".join(lines)


def status_text(game_id: str, view: dict) -> str:
    return "\n".join([table_text(game_id, view), *next_lines(view["next"], view["teach"])])


def report_text(nxt: dict) -> str:
    """The round to report: the paper players' round line, each digital player's move, who may rejoin."""
    rejoin = "".join(_("; {name} may rejoin (`companion sssnake rejoin {name}`)").format(name=name)
                     for name in nxt["rejoin"])
    paper = [n for n in nxt["players"] if n not in nxt["digital"]]
    said = [_("{players} move, then the round in one line: `companion sssnake round \"{first} 2 ...\"` (anyone left "
              "out ate nothing), or `report NAME ...` each").format(players=", ".join(paper), first=paper[0])
            ] if paper else []
    said += [_("{name} moves on the digital sheet: `companion sssnake move {name} PATH` (like R R D or RRD; "
               "`companion sssnake sheet {name}` shows it, `hint {name}` suggests one)").format(name=name)
             for name in nxt["digital"]]
    return "; ".join(said) + rejoin


def next_text(nxt: dict) -> str:
    """The game's next step as the command that takes it."""
    step, who = nxt["step"], nxt.get("player")
    if step == "flip":
        if nxt["cave"]:
            return _("{player} flips for a cave: `companion sssnake flip`").format(player=who)
        return _("{player} flips the round's apple card: `companion sssnake flip`").format(player=who)
    if step == "report":
        return report_text(nxt)
    if step == "choose":
        then = _("; then {players}").format(players=", ".join(nxt["after"])) if nxt["after"] else ""
        marks = _(" (Two-headed: --marks X; Offspring: --marks with three eggs)") if nxt["digital"] else ""
        return _("{player} chooses an ability: `companion sssnake take {player} CARD`{marks}; face up: "
                 "{cards}{then}").format(player=who, marks=marks, then=then,
                                         cards=", ".join(ability_name(n) for n in nxt["cards"]))
    if step == "place":
        if nxt["marks"]:
            what = (_("the X on the snake (COL,ROW)") if nxt["marks"] == 13
                    else _("three eggs (COL,ROW;COL,ROW;COL,ROW)"))
            return _("{player} draws what Moulting gave: {what}: `companion sssnake place {player} --marks ...`"
                     ).format(player=who, what=what)
        return _("{player} places the Intuition square: `companion sssnake place {player} COL,ROW`").format(player=who)
    return _("the game is over: `companion sssnake score` shows the final score")


def next_lines(nxt: dict, teach: bool) -> list[str]:
    """`Next:` and, in a game started with --teach, the step's rule reminder."""
    return [_("Next: {step}").format(step=next_text(nxt))] + (
        [teach_prefix(teach_line(nxt, "companion sssnake rules"))] if teach else [])


def teach_prefix(line: str) -> str:
    return _("Teach: {reminder}").format(reminder=line)


def teach_step(nxt: dict) -> str:
    """The [[teach]] step for what a game waits for: a flip places a cave, opens the first round, or follows one."""
    if nxt["step"] != "flip":
        return nxt["step"]
    return "cave" if nxt["cave"] else "flip" if nxt["first"] else "grow"


def teach_line(nxt: dict, rules: str) -> str:
    """The one-line reminder for the step a game waits for (topics.toml [[teach]]), pointing at its rule topic
    through `rules` (how this interface reads a topic)."""
    from companion.core.edition_data import read_template

    step = teach_step(nxt)
    for tip in read_template("sssnake", "topics.toml")["teach"]:
        if tip["step"] == step:
            return _("{reminder} (more: `{command}`)").format(reminder=" ".join(_(tip["text"]).split()),
                                                              command=f"{rules} {tip['topic']}")
    raise LookupError(f"topics.toml has no [[teach]] for step {step!r}")


def score_text(view: dict) -> str:
    from companion.sssnake.state import Phase

    over = view["phase"] == Phase.OVER.word
    lines = [_("Final score:") if over else _("Score so far (the game is not over):")]
    rows = sorted(view["players"], key=lambda p: (p["place"] or 0, -p["score"]["E_total"]))
    for p in rows:
        s = p["score"]
        lines.append(f"  {str(p['place']) + '.' if over else '-':<3} {p['name']:<10} A {s['A_length']:>2} "
                     f"+ B {s['B_points']:>2} + C {s['C_golden']} - D {s['D_rotten']} = E {s['E_total']}")
    if over:
        lines += [f"  {line}" for line in tie_lines(rows)]
    if view["solo_rank"]:
        lines.append(f"  {_(view['solo_rank'])}")
    return "\n".join(lines)


def tie_lines(rows: list[dict]) -> list[str]:
    """How each tie on points was settled (End of play): the longer snake, else the one eliminated most recently,
    else a shared place; rows are the view's players, best place first."""
    out = []
    for a, b in pairwise(rows):
        sa, sb = a["score"], b["score"]
        if sa["E_total"] != sb["E_total"]:
            continue
        names = {"first": a["name"], "second": b["name"], "points": sa["E_total"], "length": sa["A_length"]}
        if a["place"] == b["place"]:
            out.append(_("{first} and {second} share place {place}: tied at {points} points, the same length "
                         "({length}) and eliminated together").format(place=a["place"], **names))
        elif sa["A_length"] != sb["A_length"]:
            out.append(_("{first} ahead of {second}, tied at {points} points: the longer snake ({length} to "
                         "{other})").format(other=sb["A_length"], **names))
        elif not a["out"]:
            out.append(_("{first} ahead of {second}, tied at {points} points and length {length}: {first} was never "
                         "eliminated").format(**names))
        else:
            out.append(_("{first} ahead of {second}, tied at {points} points and length {length}: {first} was "
                         "eliminated more recently").format(**names))
    return out


def sheets_text(land, sheets: str) -> str:
    """Which sheets the game assumes, and what follows from it."""
    if sheets == "boxed":
        counted = ([_(", counts golden apples (g, 2g) as you report them")] if land.golden_apples else []) + \
            ([_(", counts the apples printed on them as you report them")] if "fresh_apples" in land.extra else [])
        return _("Sheets: the boxed game's own {landscape} pads. Their terrain is yours to read: the companion gives no "
                 "cave moves, takes any ending (snow, ice, shade){counts}; the display is set up with cards {inside} "
                 "in and {outside} out, as this edition's {landscape} sheet prints them.").format(
            landscape=land.name, counts="".join(counted), inside=", ".join(map(str, land.green)),
            outside=", ".join(map(str, land.red)))
    return _("Sheets: this edition's {landscape} pad (`companion print pad --landscape {slug}`); cave moves, "
             "endings and golden apples are checked against its map.").format(landscape=land.name, slug=land.slug)


def log_text(lines: list[str], flips: dict[int, dict]) -> str:
    """The log: one numbered line per action (`lines`, its text form), each flip with its square and flipper."""
    return "\n".join(f"{i + 1:>3}. {line}" + (flip_text(flips[i]) if i in flips else "")
                     for i, line in enumerate(lines)) or _("no actions yet")


def flip_text(f: dict) -> str:
    said = _("{player}'s cave") if f["cave"] else _("{player} flipped")
    return f" {f['column']},{f['row']}: " + said.format(player=f["player"])


def setup_text(game_id: str, land, setup: dict, view: dict) -> str:
    """A new game: where and for whom, the sheets it assumes, the display, and the first step."""
    new = (_("New game {game} on {landscape} (seed {seed}) for {players} in Friendship mode.") if setup["friendship"]
           else _("New game {game} on {landscape} (seed {seed}) for {players}."))
    return (new.format(game=game_id, landscape=land.name, seed=setup["seed"], players=", ".join(setup["players"]))
            + f"\n{sheets_text(land, setup.get('sheets', 'edition'))}\n{display_text(view)}\n"
            + "\n".join(next_lines(view["next"], view["teach"])))


def solo_history_text(rows: list[dict]) -> str:
    """Recorded solo games, one a line under a line naming the columns, oldest first."""
    if not rows:
        return _("no solo games yet; play one (`new --players You`) or `record` a paper game")
    played, landscape, points = _("played"), _("landscape"), _("pts")
    wide = max(9, len(landscape))
    head = (f"{played:<16}  {landscape:<{wide}} {points:>3}  "
            + _("rank, then the daily game's day, the saved game or photo"))
    return "\n".join([head, *(f"{r['played'][:16].replace('T', ' ')}  {r['landscape']:<{wide}} {r['score']:>3}  "
                              f"{_(r['rank'])}" + (_("  daily {day}").format(day=r["day"]) if r.get("day") else "")
                              + (f"  ({r['game_id']})" if r["game_id"] else "")
                              + (_("  photo {sheet}").format(sheet=r["sheet"]).rstrip()
                                 if r.get("source") == "photo" else "") for r in rows)])


def opening_text(game_id: str, state, view: dict, fall: list[str]) -> str:
    """The play loop on starting or resuming: the game, and the open round (`fall`: the flip, each snake's move)
    before any question, or the table while abilities are chosen."""
    from companion.sssnake.state import Phase

    head = _("{game}: {landscape}{boxed}, {players}; flip {flips}. Type ? for help at any prompt.").format(
        game=game_id, landscape=state.land, boxed=boxed(state.boxed), players=", ".join(s.name for s in state.snakes),
        flips=state.flips)
    if fall:
        return "\n".join([head, *fall])
    return head if state.phase in (Phase.CAVES, Phase.FLIP) else "\n".join([head, table_text(game_id, view)])


def computer_line(side: str, action: dict, messages) -> str:
    """One action of the computer's go, as the table reads it: who, the action, what it did."""
    from companion.sssnake.game import ENGINE

    return "\n".join([_("{player} (computer): {action}").format(player=side, action=ENGINE.action_text(action)),
                      *messages])


def paper_text(kept: dict, length: int, golden: int, rotten: int) -> str:
    """A solo game played on paper, as recorded (`kept`: the record's landscape, score, rank and day): its sum and
    rank."""
    day = kept.get("day")
    said = (_("Daily game of {day} on {landscape}: {length} + {golden} golden - {rotten} rotten = {score} points. "
              "{rank}") if day else
            _("Solo game on {landscape}: {length} + {golden} golden - {rotten} rotten = {score} points. {rank}"))
    return said.format(day=day, landscape=kept["landscape"], length=length, golden=golden, rotten=rotten,
                       score=kept["score"], rank=_(kept["rank"]))
