"""New games from the table page (POST G/new): the form's JSON read into the options `companion sssnake new` and
`companion snits new` take, checked and saved by the same functions as those commands; and a game's own options,
so a rematch starts with the same players, landscape or map, digital sheets, computer and variants."""
from __future__ import annotations

from companion.core.language import _
from companion.serve.refusals import Bad
from companion.shared.session import Refused, computer_sides

SSSNAKE_KEYS = {"kind", "players", "landscape", "digital", "bots", "friendship", "teach", "sheets", "first"}
SNITS_KEYS = {"kind", "players", "map", "vs", "level", "dice", "spark", "splops", "teach", "variants"}


def names(options: dict, key: str) -> list[str]:
    value = options.get(key, [])
    if not isinstance(value, list) or not all(isinstance(n, str) for n in value):
        raise Bad(_("{field}: a list of names").format(field=key))
    return value


def flag(options: dict, key: str) -> bool:
    value = options.get(key, False)
    if not isinstance(value, bool):
        raise Bad(_("{field}: true or false").format(field=key))
    return value


def word(options: dict, key: str, default: str | None, allowed: tuple[str, ...] = ()) -> str | None:
    value = options.get(key, default)
    if value is not None and (not isinstance(value, str) or (allowed and value not in allowed)):
        raise Bad(_("{field}: {choices}").format(field=key, choices=_(" or ").join(allowed)) if allowed else
                  _("{field}: a word").format(field=key))
    return value


def number(options: dict, key: str, least: int, most: int, default: int | None) -> int | None:
    value = options.get(key, default)
    if value is not None and (type(value) is not int or not least <= value <= most):
        raise Bad(_("{field}: a whole number {least} to {most}").format(field=key, least=least, most=most))
    return value


def variant_pairs(options: dict) -> tuple[str, ...]:
    """The game's variants ({"organs_to_win": 2}) as `snits new --variant NAME=NUMBER` takes them."""
    value = options.get("variants", {})
    if not isinstance(value, dict) or not all(isinstance(k, str) and type(v) is int for k, v in value.items()):
        raise Bad(_("variants: {shape}, as --variant NAME=NUMBER takes them").format(shape="{NAME: NUMBER}"))
    return tuple(f"{name}={number}" for name, number in value.items())


def new_game(options: dict, turns) -> dict:
    """Start the game the form describes; {"game", "messages"}: what the terminal prints on `new`, then the
    computer's go when it plays first."""
    from companion.serve.writes import replies

    kind = options.get("kind")
    if kind not in ("sssnake", "snits"):
        raise Bad(_("{field}: {choices}").format(field="kind", choices=_(" or ").join(('"sssnake"', '"snits"'))))
    unknown = sorted(set(options) - (SSSNAKE_KEYS if kind == "sssnake" else SNITS_KEYS))
    if unknown:
        raise Bad(_("unknown field(s) {fields} of a {kind} game").format(fields=", ".join(unknown), kind=kind))
    try:
        game_id, setup, lines = (new_sssnake if kind == "sssnake" else new_snits)(options)
    except Refused as exc:
        raise Bad(str(exc)) from None
    due = bool(computer_sides(setup))
    return {"game": game_id, "messages": lines + replies(kind, game_id, due, turns)}


def new_sssnake(options: dict) -> tuple[str, dict, list[str]]:
    from companion.shared.sssnake.setup import start_game
    from companion.shared.sssnake.text import setup_text
    from companion.sssnake.game import ENGINE

    game_id, land, state, setup = start_game(
        names(options, "players"), word(options, "landscape", "am-fluss") or "am-fluss",
        sheets=word(options, "sheets", "edition", ("edition", "boxed")), friendship=flag(options, "friendship"),
        first=word(options, "first", None) or None, teach=flag(options, "teach"),
        digital=names(options, "digital"), bots=names(options, "bots"))
    return game_id, setup, [setup_text(game_id, land, setup, ENGINE.view(state))]


def new_snits(options: dict) -> tuple[str, dict, list[str]]:
    """A Snits' Revenge game: one of the edition's maps (never a file of this machine), and the Spark and Splops,
    when asked for, drawn in secret (nobody can be asked at a hidden prompt here)."""
    from companion.shared.snits.options import against, computer_hides, start_game
    from companion.shared.snits.text import started
    from companion.snits.bolotomus import EDITIONS

    players = number(options, "players", 1, 4, 1) or 1
    vs, level = word(options, "vs", None) or None, number(options, "level", 1, 2, None)
    dice = word(options, "dice", "auto", ("auto", "manual"))
    spark, splops = flag(options, "spark"), number(options, "splops", 0, 4, 0) or 0
    hides = computer_hides(against(vs, level, None, players, dice))
    game_id, state, setup = start_game(
        None, dice, "random" if spark else None, splops, word(options, "map", EDITIONS[0], EDITIONS),
        flag(options, "teach"), players, hide_splops="random" if splops and not spark and not hides else None,
        variant=variant_pairs(options), vs=vs, level=level)
    lines = [started(game_id, state, setup)]
    if (spark or splops) and not hides:
        lines.append(_("The Bolotomus' link of {game}: type {game} and Enter in the terminal serving the pages (the "
                       "Snit players look away).").format(game=game_id))
    return game_id, setup, lines


def options_of(game_id: str) -> dict:
    """{"options": the game's own setup as the form's JSON (for a rematch), "choices": what the form offers}."""
    from companion.serve.refusals import NotFound
    from companion.shared import session
    from companion.snits.bolotomus import EDITIONS
    from companion.sssnake.edition import edition
    from companion.sssnake.state import MAX_PLAYERS
    from companion.store.db import UnknownGame

    store = session.open_store()
    try:
        try:
            record = store.load(game_id)
        except UnknownGame:
            raise NotFound() from None
        setup = session.seated(record)
    finally:
        store.close()
    sides = session.computer_sides(setup)
    if record.kind == "sssnake":
        from companion.shared.sssnake.setup import same_again

        again = same_again(setup)
        options = {"kind": "sssnake", "players": again.pop("names"), **again}
    else:
        computer = setup.get("computer") or {}
        options = {"kind": "snits", "players": setup.get("players", 1), "map": setup.get("edition", EDITIONS[0]),
                   "vs": ",".join(s.lower() for s in sides) or None, "level": computer.get("level"),
                   "dice": setup.get("dice", "auto"), "spark": bool(setup.get("spark")),
                   "splops": setup.get("splops", 0), "teach": bool(setup.get("teach")),
                   "variants": setup.get("variants", {})}
    return {"options": options, "choices": {
        "landscapes": [[slug, land.name] for slug, land in sorted(edition().landscapes.items())],
        "maps": [[name, name] for name in EDITIONS], "players": {"sssnake": MAX_PLAYERS, "snits": 4}}}


def rematch_page(key: bytes, then: str, game: str) -> dict | None:
    """The Bolotomus page of `then`, a rematch of `game` (its setup the same: the same person plays its Bolotomus)
    that a person plays; else None, and the serving terminal alone gives that link."""
    from companion.serve.keys import bolotomus_secret, identity
    from companion.serve.reads import bolotomus_game

    found = identity(then)
    if found is None or bolotomus_game(then) is None or options_of(then)["options"] != options_of(game)["options"]:
        return None
    return {"game": then, "bolotomus": f"/b/{then}/{bolotomus_secret(key, then, found[1])}/"}
