"""What `companion snits` commands are given, read into what the rules take: variants, forces, comma lists, typed
dice, a player's map file, and a new game's setup with its hidden Spark/Splop placement (typed at the hidden prompt
the caller hands in, named in options, or drawn with `secrets`), saved through the session."""
from __future__ import annotations

import os
import re
import sys

from companion.core.language import N_, _
from companion.shared import session
from companion.shared.session import Refused
from companion.shared.snits.computer import KIND


def variants(pairs: tuple[str, ...]) -> dict:
    """--variant organs_to_win=8 --variant channel=3 ... as a dict of numbers."""
    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not re.fullmatch(r"-?[0-9]{1,9}", value.strip()):  # ASCII digits: '²'.isdigit() is true
            raise Refused(_("--variant takes NAME=NUMBER (organs_to_win, channel, canal, force), not {typed}").format(
                typed=repr(pair)))
        out[key.strip().replace("-", "_")] = int(value)
    return out


def chosen(forces: tuple[str, ...]) -> dict:
    """--force Red=Zipwick,Bonk,... --force Blue=... as {clan: [names]}."""
    out = {}
    for pair in forces:
        clan, sep, names = pair.partition("=")
        if not sep or not clan.strip():
            raise Refused(_("--force takes CLAN=NAME,NAME,... (e.g. Red=Zipwick,Bonk,Wiggen), not {typed}").format(
                typed=repr(pair)))
        out[clan.strip()] = split(names, f"--force {clan.strip()}")
    return out


def split(text: str | None, option: str) -> list[str]:
    """An option's comma list (none given: empty); an empty item in it is refused."""
    from companion.core.engine import IllegalAction
    from companion.snits.actions import items

    try:
        return [] if text is None else list(items(text, option))
    except IllegalAction as exc:
        raise Refused(str(exc)) from None


def dice(text: str | None) -> list[int]:
    """Dice as typed: `3 2`, `32` or `3,2` (none given: none)."""
    from companion.core.engine import IllegalAction
    from companion.snits.dice import typed

    try:
        return [] if text is None else list(typed(text))
    except IllegalAction as exc:
        raise Refused(str(exc)) from None


def terminal() -> bool:
    """Someone at a keyboard to answer a prompt (not a script, a pipe or CI)."""
    return sys.stdin.isatty()


NO_TERMINAL = N_("the Bolotomus places the Spark and the Splops at a hidden prompt and there is no terminal here to ask "
                  "on: name the organs (`--hide-spark ORGAN`, `--hide-splops A,B,C`) or have them drawn in secret "
                  "(`--spark random`; `--hide-splops random` for Splops alone)")


def placement(board, spark: str | None, splops: int, hide_spark: str | None, hide_splops: str | None,
              ask=None) -> dict | None:
    """The Bolotomus' secret and a salt: the organs named (--hide-spark, --hide-splops), typed at the hidden prompt
    `ask(board, spark, splops, taken) -> (spark, splops)` while the Snit players look away, or drawn with `secrets`
    when asked (`--spark random`); never the public seed."""
    import secrets

    from companion.snits import hidden

    if not spark and not splops:
        if hide_spark or hide_splops:
            raise Refused(_("--hide-spark/--hide-splops need --spark or --splops N"))
        return None
    if hide_spark and not spark:
        raise Refused(_("--hide-spark needs --spark"))
    drawn = spark == "random"
    spark_at = hide_spark if spark else None
    splops_at = [] if hide_splops == "random" else split(hide_splops, "--hide-splops")
    if splops_at and len(splops_at) != splops:
        raise Refused(_("--hide-splops names {count} organ(s) but --splops is {splops}").format(
            count=len(splops_at), splops=splops))
    ask_spark = bool(spark) and not spark_at and not drawn
    ask_splops = splops if not (splops_at or drawn or hide_splops == "random") else 0
    if ask_spark or ask_splops:
        if ask is None or not terminal():
            raise Refused(_(NO_TERMINAL))
        asked_spark, asked_splops = ask(board, ask_spark, ask_splops, [n for n in [spark_at, *splops_at] if n])
        spark_at, splops_at = spark_at or asked_spark, splops_at or asked_splops
    spark_at, splops_at = hidden.draw(board, bool(spark), splops, secrets.SystemRandom(), spark_at, splops_at)
    return {"spark": spark_at, "splops": splops_at, "salt": secrets.token_hex(8)}


def read_map(path: str):
    """A player's map file (`--map`), read and checked; a fault is one line naming the file and its line, and what a
    game will not use is a warning on stderr."""
    import stat

    from companion.snits import mapfile

    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # a FIFO must not hang the command
        with os.fdopen(fd, "rb") as fh:
            if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
                raise Refused(_("the map {path} is not a regular file (a folder, device or pipe); give a .toml "
                                "file").format(path=path))
            raw = fh.read(MAP_BYTES + 1)
    except OSError as exc:
        raise Refused(_("cannot read the map {path}: {why}").format(path=path, why=exc.strerror or exc)) from None
    if len(raw) > MAP_BYTES:
        raise Refused(_("{path} is larger than a map ({size} KB at most)").format(path=path, size=MAP_BYTES // 1024))
    try:
        board = mapfile.parse(raw, os.path.basename(path))
    except mapfile.MapError as exc:
        raise Refused(str(exc)) from None
    for line in mapfile.warnings(board):
        print(f"warning: {os.path.basename(path)}: {line}", file=sys.stderr, flush=True)
    return board


MAP_BYTES = 16 * 1024  # a transcribed map is 2-4 KB; a saved game and its token carry the map whole


def choose_map(typed: str | None):
    """`--map`: one of the edition's maps by name (second-edition, the default, or first-edition; `first` and
    `second` too), else a player's map file. Returns (board, the setup's entries for it)."""
    from companion.snits import bolotomus, mapfile

    if typed is None:
        return bolotomus.load(), {"edition": bolotomus.DEFAULT_EDITION}
    if typed.strip().lower() in {w for e in bolotomus.EDITIONS for w in (e, e.split("-")[0])}:
        edition = bolotomus.edition_name(typed)
        return bolotomus.load(edition), {"edition": edition}
    if not os.path.exists(typed) and not typed.lower().endswith(".toml"):
        raise Refused(_("--map takes one of the edition's maps ({maps}) or a map file (FILE.toml); no file "
                        "{typed}").format(maps=", ".join(bolotomus.EDITIONS), typed=repr(typed[:60])))
    board = read_map(typed)
    return board, {"map": mapfile.to_data(board)}

def start_game(seed, dice_mode, spark, splops, map_file, teach, players=1, remove=None, forces=(), duty=None,
               senior=None, hide_spark=None, hide_splops=None, variant=(), vs=None, level=None,
               think=None, ask=None) -> tuple[str, object, dict]:
    """Check and save a new game (`new`, and `play` with none saved): everything else is checked before the
    Bolotomus is asked where the Spark and Splops hide, at the prompt `ask` (a computer Bolotomus hides them
    itself). Returns (game id, state, setup)."""
    from companion.core.engine import IllegalAction
    from companion.snits.game import ENGINE

    board, on = choose_map(map_file)
    setup = {"seed": seed_or_random(seed), "dice": dice_mode or "auto", "players": players, **on}
    extras = {"variants": variants(variant), "remove": split(remove, "--remove"), "forces": chosen(forces),
              "duty": duty, "teach": teach}
    setup.update({k: v for k, v in extras.items() if v not in (None, {}, [], False)})
    if senior is not None:
        setup["senior"] = senior - 1  # player 1 is 0: kept, not dropped as an empty value
    setup.update(against(vs, level, think, players, dice_mode))
    if spark or splops:
        try:
            ENGINE.new(setup)
        except IllegalAction as exc:
            raise Refused(str(exc)) from None
    hidden: dict | None
    if computer_hides(setup) and (spark or splops):
        if hide_spark or hide_splops:
            raise Refused(_("the computer plays the Bolotomus and hides the Spark and Splops itself: leave out "
                            "--hide-spark and --hide-splops"))
        from companion.shared.snits.computer import place

        hidden = place(setup, board, bool(spark), splops)
    else:
        hidden = placement(board, spark, splops, hide_spark, hide_splops, ask)
    if hidden:
        setup.update({"spark": bool(spark), "splops": splops, "hidden": hidden})
    game_id, state = session.create(KIND, setup)
    return game_id, state, setup


def check_answer(map_file: str | None, **answers) -> None:
    """The check `new` makes of a setup, for the answers given so far (`play`'s questions: the badged Snits left
    home before the duty organ is asked), saving nothing."""
    from companion.core.engine import IllegalAction
    from companion.snits.game import ENGINE

    _, on = choose_map(map_file)
    setup = {"seed": 0, "dice": "auto", "players": 1, **on}
    if answers.get("remove"):
        setup["remove"] = split(answers["remove"], "--remove")
    if answers.get("duty"):
        setup["duty"] = answers["duty"]
    try:
        ENGINE.new(setup)
    except IllegalAction as exc:
        raise Refused(str(exc)) from None


def against(vs: str | None, level: int | None, think: float | None, players: int, dice_mode: str | None) -> dict:
    """`--vs`, `--level`, `--think` as the setup's "computer" entry (none without --vs)."""
    if vs is None:
        if level is not None or think is not None:
            raise Refused(_("--level and --think set up the computer opponent: add --vs bolotomus or --vs snits"))
        return {}
    if dice_mode == "manual":
        raise Refused(_("the computer rolls its own dice: a game against it plays with --dice auto"))
    from companion.shared.snits.computer import THINK, config

    return {"computer": config(vs, 2 if level is None else level, THINK if think is None else think, players)}


def computer_hides(setup: dict) -> bool:
    """The computer plays the Bolotomus, so nobody at the table may see its placement."""
    from companion.shared.snits.computer import plays_bolotomus

    return plays_bolotomus(setup)


KEPT = N_("the computer plays the Bolotomus: where it hid the Spark and Splops stays secret until the game ends")


def keep_secret(record, state) -> None:
    """Refused (KEPT) while the computer, as the game is seated now, holds a placement nobody at the table may see:
    every way of showing it (status and map --bolotomus, the private token and its QR code) asks here."""
    from companion.snits.state import Phase

    if state.phase != Phase.OVER and computer_hides(session.seated(record)):
        raise Refused(_(KEPT))


def seed_or_random(seed: int | None) -> int:
    """The seed given, else a random one (`secrets` is imported here: the table commands never need it)."""
    if seed is not None:
        return seed
    import secrets

    return secrets.randbelow(10**6)


def public_setup(setup: dict) -> dict:
    """The setup the whole table may see: no placement, and a resumed game's snapshot in its public form (the
    Bolotomus' private token put the placement in it)."""
    public = {k: v for k, v in setup.items() if k != "hidden"}
    if "snapshot" in setup:
        from companion.snits.game import ENGINE

        public["snapshot"] = ENGINE.to_dict(ENGINE.from_dict(setup["snapshot"]), private=False)
    return public


def autoplay_setup(seed: int, players: int, spark: bool, splops: int, variant: tuple[str, ...],
                   map_name: str | None = None) -> dict:
    """`autoplay`: a game's setup, the Spark and Splops placed from the seed (nobody to hide them from)."""
    import random

    from companion.snits import hidden

    board, on = choose_map(map_name)
    setup = {"seed": seed, "players": players, "variants": variants(variant), **on}
    if spark or splops:
        spark_at, splops_at = hidden.draw(board, spark, splops, random.Random(f"hide:{seed}"))
        setup.update({"spark": spark, "splops": splops, "hidden": {
            "spark": spark_at, "splops": splops_at, "salt": f"autoplay{seed}"}})
    return setup
