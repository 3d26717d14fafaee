"""What a page may look up, in the terminal's words (the same functions as `companion sssnake hint|score|deck|card`
and `companion <game> rules`), and the summary of the round that closed last: all public, nothing face down."""
from __future__ import annotations

from companion.core.language import _
from companion.serve.reads import opened_game
from companion.serve.refusals import Bad, NotFound
from companion.shared.session import Refused


def sssnake_view(game_id: str) -> tuple[object, dict]:
    """(state, the table's view) of a Sssnake game; NotFound for a Snits game (it has no such look-up)."""
    from companion.sssnake.game import ENGINE

    _record, state, _seq = opened_game(game_id, need="sssnake")
    return state, ENGINE.view(state)


def hint_json(game_id: str, player: str) -> dict:
    """`sssnake hint NAME`: the suggested move, as the play loop words it ("Try: R R D"), and why."""
    from companion.shared.sssnake.hints import path_words, suggestion

    state, _view = sssnake_view(game_id)
    if not player:
        raise Bad(_("name the player: ?player=NAME"))
    try:
        action, why = suggestion(state, player)
    except Refused as exc:
        raise Bad(str(exc)) from None
    return {"move": action, "why": why, "text": "\n".join([_("Try: {path}").format(path=path_words(action)), *why])}


def score_json(game_id: str) -> dict:
    """`sssnake score`: its text, whether it is final, and the solo rank. Snits' Revenge has no score command: its
    text is what the terminal prints at the end, whose go it is (or who won) and the hidden placement's commitment,
    revealed once the game is won."""
    record, state, _seq = opened_game(game_id)
    if record.kind == "snits":
        from companion.shared.snits.text import headline, hidden_text, next_steps
        from companion.snits.state import Phase

        over = state.phase == Phase.OVER
        return {"text": "\n".join([next_steps(state) if over else headline(state), *hidden_text(state, False)]),
                "over": over, "solo_rank": None}
    from companion.shared.sssnake.text import score_text
    from companion.sssnake.game import ENGINE

    view = ENGINE.view(state)
    return {"text": score_text(view), "over": view["phase"] == "over", "solo_rank": view["solo_rank"]}


def deck_json(game_id: str) -> dict:
    """`sssnake deck`: the faces up and the cards left, never the order of those face down."""
    from companion.shared.sssnake.text import deck_text

    _state, view = sssnake_view(game_id)
    return {"text": deck_text(view), "deck": view["deck"]}


def kind_of(game_id: str) -> str:
    record, _state, _seq = opened_game(game_id)
    return record.kind


def topics_json(game_id: str) -> dict:
    """`<game> rules`: every topic's name, in the edition's order."""
    from companion.shared.topics import topics

    return {"topics": [t.name for t in topics(kind_of(game_id))]}


def topic_json(game_id: str, query: str) -> dict:
    """`<game> rules TOPIC`: the topic the name means, its words and where the rulebook says it."""
    from companion.shared import topics

    try:
        topic = topics.find(kind_of(game_id), query)
    except topics.UnknownTopic as exc:
        raise Bad(str(exc)) from None
    return {"name": topic.name, "text": topics.topic_text(topic)}


def card_json(game_id: str, number: str) -> dict:
    """`sssnake card N`: an ability card's text (1-16)."""
    from companion.shared import topics

    sssnake_view(game_id)
    if not number.isdecimal() or len(number) > 2:
        raise Bad(_("an ability card is numbered 1 to 16"))
    try:
        topic = topics.card(int(number))
    except topics.UnknownTopic as exc:
        raise Bad(str(exc)) from None
    return {"name": topic.name, "text": topics.topic_text(topic)}


def round_json(game_id: str) -> dict:
    """The latest round's close: {"summary": {"flip", "action", "lines"} or None}."""
    from companion.shared import session
    from companion.shared.sssnake.summary import last_close
    from companion.store.db import UnknownGame

    store = session.open_store()
    try:
        store.db.execute("BEGIN")  # one read transaction: the log and its snapshots agree
        try:
            try:
                record = store.load(game_id)
            except UnknownGame:
                raise NotFound() from None
            if record.kind != "sssnake":
                raise NotFound()
            return {"summary": last_close(record)}
        finally:
            store.db.execute("ROLLBACK")
    finally:
        store.close()
