"""Sssnake in words for the terminal: the table, the deck, the score, setup prose, and what comes next as the CLI's
commands; `companion sssnake` and its play loop print these (the rules give data, never wording)."""
from __future__ import annotations

from itertools import pairwise


def ability_name(number: int) -> str:
    from companion.sssnake.display import ability

    return f"{number} {ability(number).name}"


def counted(n: int, word: str) -> str:
    from companion.sssnake.fall import plural

    return f"{n} {plural(n, word)}"


def display_text(view: dict) -> str:
    rows = [" ".join(f"[{ability_name(n)}]" if n else "[face down]" for n in row) for row in view["display"]]
    return "Display: " + "\n         ".join(rows)


def deck_text(view: dict) -> str:
    """The faces up and the cards left; the next square is unknown (the A card's row and the column beneath it are
    face down), so nothing here reads like a forecast."""
    d = view["deck"]
    a_side = f"column {d['a_top']}" + (" with a half apple" if d["a_top_half"] else "")
    if "b_top" in d:
        shown = (f"the last flip showed {a_side} (A stack) and row {d['b_top']}"
                 + (" with a half apple" if d["b_top_half"] else "") + " (B stack)")
    else:
        shown = f"{a_side} faces up on the A stack, but the first flip pairs that card's row with the column under it"
    left = (f"{counted(d['flips_left'], 'flip')} before all 16 are shuffled again" if d["flips_left"]
            else "the next flip shuffles all 16 first")
    return (f"Deck: {shown}; the next square is face down. {counted(d['a_left'], 'card')} on the A stack, "
            f"{counted(d['b_stack'], 'card')} on the B stack; {left}.")


def player_line(p: dict, over: bool = False) -> str:
    """One snake's counters; once the game is over, its place instead of a move it will not make."""
    c = p["circles"]
    state = "out" if p["out"] else "no cave yet" if not p["cave"] else f"place {p['place']}" if over else \
        f"moves {p['move'][0]}" + (f"-{p['move'][1]}" if p["move"][1] != p["move"][0] else "")
    extras = [", ".join(p["abilities"] + [f"{m} (moulted)" for m in p["moulted"]]) or "no abilities"]
    if p["eggs"]:
        extras.append(counted(p["eggs"], "egg"))
    if p["ended_on"] and not p["out"]:  # where an eliminated snake ended no longer matters
        extras.append("ended on " + "/".join(p["ended_on"]))
    if p["may_rejoin"]:
        extras.append("may rejoin")
    if p.get("digital"):
        extras.append("digital sheet")
    return (f"  {p['name']:<10} length {p['length']:>2}  fresh {c['fresh']} rotten {c['rotten'] + p['rejoin_circles']}"
            f" golden {c['golden']}  {state}; " + "; ".join(extras))


def table_text(game_id: str, view: dict) -> str:
    """Every snake's counters, the display, the deck: the status without what comes next (each interface words
    that its own way)."""
    head = (f"{game_id}: {view['landscape']}{' (boxed sheets)' if view['sheets'] == 'boxed' else ''}, "
            f"flip {view['flips']}, {view['first_player']} holds the first-player token")
    lines = [head + (" (Friendship mode)" if view["friendship"] else "")]
    lines += [player_line(p, view["phase"] == "over") for p in view["players"]]
    lines += [display_text(view), deck_text(view)]
    if view["golden_left"]:
        lines.append("Golden apples left: " + " ".join(f"{c},{r}" for c, r in view["golden_left"]))
    return "\n".join(lines)


def status_text(game_id: str, view: dict) -> str:
    return "\n".join([table_text(game_id, view), *next_lines(view["next"], view["teach"])])


def next_text(nxt: dict) -> str:
    """The game's next step as the command that takes it."""
    step, who = nxt["step"], nxt.get("player")
    if step == "flip":
        card = "for a cave" if nxt["cave"] else "the round's apple card"
        return f"{who} flips {card}: `companion sssnake flip`"
    if step == "report":
        rejoin = "".join(f"; {name} may rejoin (`companion sssnake rejoin {name}`)" for name in nxt["rejoin"])
        paper = [n for n in nxt["players"] if n not in nxt["digital"]]
        said = [f"{', '.join(paper)} move, then the round in one line: `companion sssnake round \"{paper[0]} 2 ...\"` "
                "(anyone left out ate nothing), or `report NAME ...` each"] if paper else []
        said += [f"{name} moves on the digital sheet: `companion sssnake move {name} PATH` (like R R D or RRD; "
                 f"`companion sssnake sheet {name}` shows it, `hint {name}` suggests one)" for name in nxt["digital"]]
        return "; ".join(said) + rejoin
    if step == "choose":
        then = f"; then {', '.join(nxt['after'])}" if nxt["after"] else ""
        marks = " (Two-headed: --marks X; Offspring: --marks with three eggs)" if nxt["digital"] else ""
        return (f"{who} chooses an ability: `companion sssnake take {who} CARD`{marks}; face up: "
                f"{', '.join(ability_name(n) for n in nxt['cards'])}{then}")
    if step == "place":
        if nxt["marks"]:
            what = "the X on the snake (COL,ROW)" if nxt["marks"] == 13 else "three eggs (COL,ROW;COL,ROW;COL,ROW)"
            return f"{who} draws what Moulting gave: {what}: `companion sssnake place {who} --marks ...`"
        return f"{who} places the Intuition square: `companion sssnake place {who} COL,ROW`"
    return "the game is over: `companion sssnake score` shows the final score"


def next_lines(nxt: dict, teach: bool) -> list[str]:
    """`Next:` and, in a game started with --teach, the step's rule reminder."""
    return [f"Next: {next_text(nxt)}"] + ([f"Teach: {teach_line(nxt, 'companion sssnake rules')}"] if teach else [])


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
            return f"{' '.join(tip['text'].split())} (more: `{rules} {tip['topic']}`)"
    raise LookupError(f"topics.toml has no [[teach]] for step {step!r}")


def score_text(view: dict) -> str:
    from companion.sssnake.state import Phase

    over = view["phase"] == Phase.OVER.word
    lines = ["Final score:" if over else "Score so far (the game is not over):"]
    rows = sorted(view["players"], key=lambda p: (p["place"] or 0, -p["score"]["E_total"]))
    for p in rows:
        s = p["score"]
        lines.append(f"  {str(p['place']) + '.' if over else '-':<3} {p['name']:<10} A {s['A_length']:>2} "
                     f"+ B {s['B_points']:>2} + C {s['C_golden']} - D {s['D_rotten']} = E {s['E_total']}")
    if over:
        lines += [f"  {line}" for line in tie_lines(rows)]
    if view["solo_rank"]:
        lines.append(f"  {view['solo_rank']}")
    return "\n".join(lines)


def tie_lines(rows: list[dict]) -> list[str]:
    """How each tie on points was settled (End of play): the longer snake, else the one eliminated most recently,
    else a shared place; rows are the view's players, best place first."""
    out = []
    for a, b in pairwise(rows):
        sa, sb = a["score"], b["score"]
        if sa["E_total"] != sb["E_total"]:
            continue
        tied = f"tied at {sa['E_total']} points"
        if a["place"] == b["place"]:
            out.append(f"{a['name']} and {b['name']} share place {a['place']}: {tied}, the same length "
                       f"({sa['A_length']}) and eliminated together")
        elif sa["A_length"] != sb["A_length"]:
            out.append(f"{a['name']} ahead of {b['name']}, {tied}: the longer snake ({sa['A_length']} to "
                       f"{sb['A_length']})")
        else:
            later = "was never eliminated" if not a["out"] else "was eliminated more recently"
            out.append(f"{a['name']} ahead of {b['name']}, {tied} and length {sa['A_length']}: {a['name']} {later}")
    return out


def sheets_text(land, sheets: str) -> str:
    """Which sheets the game assumes, and what follows from it."""
    if sheets == "boxed":
        counted = (["golden apples (g, 2g)"] if land.golden_apples else []) + \
            (["the apples printed on them"] if "fresh_apples" in land.extra else [])
        return (f"Sheets: the boxed game's own {land.name} pads. Their terrain is yours to read: the companion gives no "
                "cave moves, takes any ending (snow, ice, shade)"
                + "".join(f", counts {what} as you report them" for what in counted)
                + f"; the display is set up with cards {', '.join(map(str, land.green))} in and "
                f"{', '.join(map(str, land.red))} out, as this edition's {land.name} sheet prints them.")
    return (f"Sheets: this edition's {land.name} pad (`companion print pad --landscape {land.slug}`); cave moves, "
            "endings and golden apples are checked against its map.")


def log_text(lines: list[str], flips: dict[int, dict]) -> str:
    """The log: one numbered line per action (`lines`, its text form), each flip with its square and flipper."""
    return "\n".join(f"{i + 1:>3}. {line}" + (flip_text(flips[i]) if i in flips else "")
                     for i, line in enumerate(lines)) or "no actions yet"


def flip_text(f: dict) -> str:
    return f" {f['column']},{f['row']}: " + (f"{f['player']}'s cave" if f["cave"] else f"{f['player']} flipped")


def setup_text(game_id: str, land, setup: dict, view: dict) -> str:
    """A new game: where and for whom, the sheets it assumes, the display, and the first step."""
    friendship = " in Friendship mode" if setup["friendship"] else ""
    return (f"New game {game_id} on {land.name} (seed {setup['seed']}) for {', '.join(setup['players'])}{friendship}."
            f"\n{sheets_text(land, setup.get('sheets', 'edition'))}\n{display_text(view)}\n"
            + "\n".join(next_lines(view["next"], view["teach"])))


HISTORY_HEAD = f"{'played':<16}  {'landscape':<9} {'pts':>3}  rank, then the daily game's day, the saved game or photo"


def solo_history_text(rows: list[dict]) -> str:
    """Recorded solo games, one a line under a line naming the columns, oldest first."""
    text = "\n".join(f"{r['played'][:16].replace('T', ' ')}  {r['landscape']:<9} {r['score']:>3}  {r['rank']}"
                     + (f"  daily {r['day']}" if r.get("day") else "")
                     + (f"  ({r['game_id']})" if r["game_id"] else "")
                     + (f"  photo {r['sheet']}".rstrip() if r.get("source") == "photo" else "") for r in rows)
    if not text:
        return "no solo games yet; play one (`new --players You`) or `record` a paper game"
    return f"{HISTORY_HEAD}\n{text}"


def opening_text(game_id: str, state, view: dict, fall: list[str]) -> str:
    """The play loop on starting or resuming: the game, and the open round (`fall`: the flip, each snake's move)
    before any question, or the table while abilities are chosen."""
    from companion.sssnake.state import Phase

    names = ", ".join(s.name for s in state.snakes)
    head = (f"{game_id}: {state.land}{' (boxed sheets)' if state.boxed else ''}, {names}; "
            f"flip {state.flips}. Type ? for help at any prompt.")
    if fall:
        return "\n".join([head, *fall])
    return head if state.phase in (Phase.CAVES, Phase.FLIP) else "\n".join([head, table_text(game_id, view)])


def computer_line(side: str, action: dict, messages) -> str:
    """One action of the computer's go, as the table reads it: who, the action, what it did."""
    from companion.sssnake.game import ENGINE

    return "\n".join([f"{side} (computer): {ENGINE.action_text(action)}", *messages])


def paper_text(kept: dict, length: int, golden: int, rotten: int) -> str:
    """A solo game played on paper, as recorded (`kept`: the record's landscape, score, rank and day): its sum and
    rank."""
    day = kept.get("day")
    return (f"{f'Daily game of {day}' if day else 'Solo game'} on {kept['landscape']}: {length} + {golden} golden - "
            f"{rotten} rotten = {kept['score']} points. {kept['rank']}")
