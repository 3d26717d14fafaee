"""What the pages read from the store, each in one read transaction in the thread pool (the event loop never waits
on SQLite): a game's public view, a player's choices, a digital sheet, the board, the Bolotomus' private page."""
from __future__ import annotations

from companion.core.language import _
from companion.serve.refusals import Bad, NotFound


def log_length(store, game_id: str) -> int:
    (n,) = store.db.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,)).fetchone()
    return n


def opened_game(game_id: str, need=None):
    """(record, state, seq) of a saved game, read in one read transaction (the log length matches the state); the
    store is closed before returning (the record's lazy log is not used afterwards). NotFound if no such game."""
    from companion.shared import session
    from companion.store.db import UnknownGame

    store = session.open_store()
    try:
        store.db.execute("BEGIN")  # deferred: a read lock only, never a write lock
        try:
            try:
                record = store.load(game_id)
            except UnknownGame:
                raise NotFound() from None
            if need and record.kind != need:
                raise NotFound()
            state = session.replay(record)
            return record, state, log_length(store, game_id)
        finally:
            store.db.execute("ROLLBACK")
    finally:
        store.close()


def state_json(game_id: str) -> dict:
    return state_of(*opened_game(game_id))


def state_of(record, state, seq: int) -> dict:
    """G/state's JSON of a game as read."""
    from companion.core.games import engine
    from companion.shared.session import computer_sides

    eng = engine(record.kind)
    return {"game": record.id, "kind": record.kind, "seq": seq, "view": eng.view(state),
            "next": eng.next_step(state), "next_text": next_text(record.kind, state, eng),
            "status": status_text(record, state, eng), "last": last_action(record.id, eng),
            "computer": computer_sides(record.setup)}


def last_action(game_id: str, eng) -> dict | None:
    """The log's last action as `log --json` shows it (with any dice rolled) and its text: the table's last dice."""
    from companion.shared import session

    store = session.open_store()
    try:
        row = store.db.execute("SELECT seq FROM actions WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
                               (game_id,)).fetchone()
        found = store.log(game_id, since=row[0]) if row else []
    finally:
        store.close()
    if not found or found[-1] is None:
        return None
    return {**offered(eng, found[-1]), "dice": found[-1].get("dice", [])}


def status_text(record, state, eng, eyes: bool = False) -> str:
    """`companion <game> status` as plain text (no colour); `eyes`: with the Bolotomus' hidden placement."""
    if record.kind == "snits":
        from companion.shared.snits.text import status_text as snits_text

        return snits_text(record.id, state, eyes)
    from companion.shared.sssnake.text import status_text as sssnake_text

    return sssnake_text(record.id, eng.view(state))


def next_text(kind: str, state, eng) -> str:
    """What the game waits for, in the CLI's words (without its teaching reminder)."""
    if kind == "snits":
        from companion.shared.snits.text import next_steps

        return next_steps(state)
    from companion.shared.sssnake.text import next_text as words

    return words(eng.next_step(state))


def legal_json(game_id: str, player: str) -> dict:
    from companion.core.engine import IllegalAction
    from companion.core.games import engine

    record, state, _seq = opened_game(game_id)
    eng = engine(record.kind)
    if not player:
        raise Bad(_("name the player: ?player=NAME"))
    try:
        if record.kind == "snits":
            from companion.shared.snits.chances import action_odds

            return {"actions": [{**offered(eng, a), "odds": action_odds(state, a)}
                                for a in eng.legal_actions(state, player)]}
        return sssnake_legal(eng, state, player)
    except IllegalAction as exc:
        raise Bad(str(exc)) from None


def offered(eng, action: dict) -> dict:
    try:
        text = eng.action_text(action)
    except (ValueError, KeyError, TypeError):  # an action the page completes (a place without its corner)
        text = action["type"]
    return {"action": action, "text": text}


def sssnake_legal(eng, state, player: str) -> dict:
    """A Sssnake player's choices now: flip, take (one per card offered), place, rejoin as whole actions; a report
    (paper) or a move (digital sheet) as flags, since their values are the player's to fill in."""
    from companion.sssnake.space import Flip, Moves, Place, Rejoin, Reports, Take

    who = state.index(player)
    name = state.snakes[who].name
    actions: list[dict]
    actions, report, move = [], False, False
    for part in eng.legal_actions(state, name).parts:
        if isinstance(part, Flip):
            actions.append({"type": "flip"})
        elif isinstance(part, Take):
            actions += [{"type": "take", "player": name, "card": card} for card in part.cards]
        elif isinstance(part, Place):
            actions.append({"type": "place", "player": name})
        elif isinstance(part, Rejoin):
            actions.append({"type": "rejoin", "player": name})
        elif isinstance(part, Reports) and part.kind == "report":
            report = True
        elif isinstance(part, Moves):
            move = True
    return {"actions": [offered(eng, a) for a in actions], "report": report, "move": move,
            "digital": who in state.sheets}


def digital(game_id: str, player: str) -> tuple:
    """(state, index) of a Sssnake player with a digital sheet; Bad for an unknown player or one on paper."""
    from companion.core.engine import IllegalAction

    if not player:
        raise Bad(_("name the player: ?player=NAME"))
    _record, state, _seq = opened_game(game_id, need="sssnake")
    try:
        who = state.index(player)
    except IllegalAction as exc:
        raise Bad(str(exc)) from None
    if who not in state.sheets:
        raise Bad(_("{name} plays on paper: no digital sheet").format(name=state.snakes[who].name))
    return state, who


def sheet_json(game_id: str, player: str) -> dict:
    return sheet_of(*digital(game_id, player))


def sheet_of(state, who: int) -> dict:
    """G/sheet/{name}'s JSON: player `who`'s digital sheet, the ground under it and the pad's legend."""
    from companion.serve.sheet_svg import legend
    from companion.sssnake.ground import ground
    from companion.sssnake.reports import golden_left
    from companion.sssnake.sheet import to_dict

    gr = ground(state.land)
    lo, hi = state.snakes[who].move_range()
    return {"sheet": to_dict(state.sheets[who]), "terrain": list(gr.terrain), "overlay": list(gr.overlay),
            "move": [lo, hi], "golden_left": [list(g) for g in golden_left(state)], "legend": legend(state.land)}


def sheet_picture(game_id: str, player: str) -> str:
    """A digital player's sheet drawn as the pad prints it, with their pencil marks (serve/sheet_svg.py)."""
    from companion.serve.sheet_svg import sheet_svg

    return sheet_svg(*digital(game_id, player))


def first_sheet(game_id: str, player: str) -> dict | None:
    """What a digital player's page opens on when their move (or the marks they place) is due, from one read, for
    the page's first answer to carry: the phone paints the sheet before any script runs, which then fetches none
    of it. {name, seq, drawing (G/sheet.svg's), sheet (G/sheet/{name}'s), state (G/state's)}; None for anyone else."""
    from companion.serve.sheet_svg import sheet_svg
    from companion.sssnake.rounds import next_step

    record, state, seq = opened_game(game_id, need="sssnake")
    who = next((i for i, s in enumerate(state.snakes) if s.name.lower() == player.lower()), None)
    if who is None or who not in state.sheets:
        return None
    name, nxt = state.snakes[who].name, next_step(state)
    shown = name in nxt["digital"] if nxt["step"] == "report" else nxt["step"] == "place" and nxt["player"] == name
    if not shown:  # as sssnake-player.js draws it: the sheet at once for a move or marks, the cards before it
        return None
    return {"name": name, "seq": seq, "drawing": sheet_svg(state, who), "sheet": sheet_of(state, who),
            "state": state_of(record, state, seq)}


def board(game_id: str, eyes: bool = False) -> str:
    """The board.svg of a Snits game; `eyes`: with the hidden placement marked (the Bolotomus' page alone)."""
    _record, state, _seq = opened_game(game_id, need="snits")
    from companion.serve.board import board_svg

    return board_svg(state, eyes)


def private_json(game_id: str) -> dict:
    """The Bolotomus' page: the public view and the hidden placement (none while the computer is the Bolotomus)."""
    from companion.core.games import engine
    from companion.snits.game import reveal

    record, state, seq = opened_game(game_id, need="snits")
    eng = engine("snits")
    return {"game": record.id, "kind": "snits", "seq": seq, "view": eng.view(state),
            "private": reveal(state) if state.placement else {"spark": None, "splops": []},
            "next": eng.next_step(state), "next_text": next_text("snits", state, eng),
            "status": status_text(record, state, eng, eyes=True)}


def person_bolotomus(setup: dict) -> bool:
    """Whether a person plays the Bolotomus of this Snits game (then it has a private page)."""
    from companion.shared.snits.options import computer_hides

    return not computer_hides(setup)


def bolotomus_game(game_id: str) -> str | None:
    """"snits" for a Snits game a person plays the Bolotomus of, else None (no private page)."""
    from companion.shared import session
    from companion.store.db import UnknownGame, Unreadable

    store = session.open_store()
    try:
        try:
            record = store.load(game_id)
        except (UnknownGame, Unreadable):
            return None
        return "snits" if record.kind == "snits" and person_bolotomus(record.setup) else None
    finally:
        store.close()


def bgstats_json(game_id: str) -> dict:
    """A finished game as a BG Stats play (`companion history --bgstats`): its link, the link's QR code (SVG) for the
    phone with BG Stats to scan off the table's screen, and the words under it; refused while the game goes on."""
    from companion.shared import session
    from companion.store.bgstats import NotAPlay, game_play, link
    from companion.store.db import UnknownGame
    from companion.tokens.qr import TooLong, svg

    store = session.open_store()
    try:
        store.db.execute("BEGIN")  # deferred: a read lock only, never a write lock
        try:
            url = link(game_play(store.load(game_id)))
        except UnknownGame:
            raise NotFound() from None
        except NotAPlay as exc:
            raise Bad(str(exc)) from None
        finally:
            store.db.execute("ROLLBACK")
    finally:
        store.close()
    try:
        code = svg(url, _("QR code of the BG Stats link of this play"))
    except TooLong:
        code = None
    return {"link": url, "length": len(url), "qr": code,
            "text": _("Scan it with the phone that has BG Stats, or open the link there: BG Stats asks once which "
                      "of its games and players these are, then keeps the play.") if code else
                    _("The link is too long for a QR code: open it on the phone that has BG Stats.")}
