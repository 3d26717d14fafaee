"""Prepare for Play: Snorgs at their posts, the pools, the duty Runnungitm, the Snit forces, the Senior Snit,
and the Bolotomus' hidden Spark and Splops."""
from __future__ import annotations

from typing import TYPE_CHECKING

from companion.core.engine import IllegalAction, draw
from companion.core.language import N_, _
from companion.snits import bolotomus, counters, hidden
from companion.snits.counters import CLAN_SIZE
from companion.snits.names import find
from companion.snits.options import force_rule, from_variants, table
from companion.snits.state import GONE, OUT, SEED_MAX, State

if TYPE_CHECKING:
    from companion.snits.counters import Snit

KEYS = {"seed", "dice", "players", "variants", "remove", "forces", "duty", "senior", "spark", "splops", "hidden",
        "map", "edition", "teach",
        "computer"}  # the sides the companion plays (companion/shared/snits/computer.py): no rule reads it


def new(setup: dict) -> State:
    """A fresh game from the setup dict; a setup the rules forbid raises IllegalAction saying what is wrong."""
    unknown = set(setup) - KEYS
    if unknown:
        raise IllegalAction(_("unknown setup field(s) {unknown}; known: {known}").format(
            unknown=", ".join(sorted(unknown)), known=", ".join(sorted(KEYS))))
    board = map_of(setup)
    sheet = counters.load()
    seed = setup.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= SEED_MAX:
        raise IllegalAction(_("the seed is a whole number from 0 to {most}, not {seed}").format(
            most=SEED_MAX, seed=repr(seed)))
    dice = setup.get("dice", "auto")
    if dice not in ("auto", "manual"):
        raise IllegalAction(_("dice are 'auto' or 'manual', not {dice}").format(dice=repr(dice)))
    players = setup.get("players", 1)
    if players not in (1, 2, 3, 4):
        raise IllegalAction(_("1 to 4 Snit players (one clan each), not {players}").format(players=repr(players)))
    opts = from_variants(setup.get("variants", {}))
    targets = len(board.reachable_by_snits() & set(board.snorg_organs))
    if opts.organs_to_win > targets:
        raise IllegalAction(_("the Snits can reach {targets} organs with a Snorg on this map, fewer than the {win} "
                              "they must put out of action; play the variant organs_to_win={targets}").format(
            targets=targets, win=opts.organs_to_win))
    state = State(seed, dice == "manual", opts, players, [GONE] * (players * CLAN_SIZE),
                  [OUT] * sheet.runnungitms, [OUT] * sheet.makums, [True] * len(board.organs), board=board)
    forces = chosen_forces(state, setup.get("forces") or {})
    for k in range(players):
        for cid in forces.get(k) or choose_force(state, k, setup.get("remove")):
            state.snits[cid] = OUT
    duty = setup.get("duty")
    organ = board.organ(duty).index if duty else draw(state).randrange(len(board.organs))
    state.runs[0] = organ
    state.senior = senior(state, setup.get("senior"))
    state.teach = setup.get("teach", False)
    if not isinstance(state.teach, bool):
        raise IllegalAction(_("teach is true or false, not {teach}").format(teach=repr(state.teach)))
    hide(state, setup)
    return state


def map_of(setup: dict) -> bolotomus.Bolotomus:
    """The map a setup plays on: a player's own (`map`), or the edition's map it names (`edition`); a setup that
    names neither was written before the second edition and plays on the first."""
    if setup.get("map") is not None:
        if setup.get("edition") is not None:
            raise IllegalAction(_("a game plays on a player's own map or on one of the edition's maps, not both"))
        return own_map(setup["map"])
    return bolotomus.load(bolotomus.edition_name(setup.get("edition", bolotomus.UNNAMED_EDITION)))


def own_map(data: object) -> bolotomus.Bolotomus:
    """A player's map, as `new --map` read it into the setup (mapfile.py: loaded for such a game only)."""
    from companion.snits import mapfile

    try:
        return mapfile.from_data(data)
    except mapfile.MapError as exc:
        raise IllegalAction(str(exc)) from None


def choose_force(state: State, clan: int, remove: list[str] | None) -> list[int]:
    """Prepare for Play 4 (one player: remove two badged Snits and the four spares, 15 left, six badged) and the
    Multiplayer forces (8/3, 5/2, 3/2): the Snits the player removes, or a random choice from the seed."""
    size, badged = force_size(state)
    snits = counters.load().clan(clan)
    badges = [s.id for s in snits if s.badge]
    plain = [s.id for s in snits if not s.badge and not s.spare]
    keep_badged = min(badged, size)
    keep_plain = min(size - keep_badged, len(plain))
    extra = [s.id for s in snits if s.spare][:size - keep_badged - keep_plain]  # a force of 16-17: the spares
    if remove:
        if state.players > 1:
            raise IllegalAction(_("removing badged Snits is for one Snit player; with several, each clan's player "
                                  "names the Snits it keeps (its force)"))
        gone = set(removed(snits, remove, len(badges) - keep_badged, len(plain) - keep_plain))
        kept = [i for i in badges + plain if i not in gone]
    else:
        rng = draw(state)
        kept = rng.sample(badges, keep_badged) + rng.sample(plain, keep_plain)
    return sorted(kept + extra)


def chosen_forces(state: State, forces: dict) -> dict[int, list[int]]:
    """Multiplayer: the Snits each clan's player picks, by clan name: the force's size, at most its badged number,
    none of the spares. Clans not named get a random force."""
    if not isinstance(forces, dict):
        raise IllegalAction(_("forces map a clan's name to the Snits it keeps"))
    if forces and state.players == 1:
        raise IllegalAction(_("one Snit player chooses the force by removing two badged Snits, not by naming a "
                              "clan's force"))
    sheet = counters.load()
    size, badged = force_size(state)
    out = {}
    for typed, names in forces.items():
        clan = sheet.clans.index(find(typed, sheet.clans[:state.players], N_("clan")))
        snits = [s for s in sheet.clan(clan) if not s.spare]
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise IllegalAction(_("the {clan} force is a list of Snit names").format(clan=sheet.clans[clan]))
        kind = _("{clan} Snit").format(clan=sheet.clans[clan])
        ids = [next(s.id for s in snits if s.name == find(n, [s.name for s in snits], kind)) for n in names]
        kept_badged = sum(1 for i in ids if sheet.snits[i].badge)
        if len(set(ids)) != len(ids) or len(ids) != size or kept_badged > badged:
            raise IllegalAction(_("the {clan} force is {size} different Snits, at most {badged} of them badged, not "
                                  "{given} with {kept} badged").format(clan=sheet.clans[clan], size=size,
                                                                       badged=badged, given=len(ids), kept=kept_badged))
        out[clan] = sorted(ids)
    return out


def force_size(state: State) -> tuple[int, int]:
    """(Snits, badged Snits) per player: the rulebook's, or the force variant's (one or two more or fewer)."""
    size, badged = force_rule(state.players)
    if state.opts.force:
        change = table()["force_change"]
        if abs(state.opts.force - size) > change:
            raise IllegalAction(_("the force may change by one or two Snits: {low} to {high} for {players} Snit "
                                  "player(s), not {force}").format(low=size - change, high=size + change,
                                                                   players=state.players, force=state.opts.force))
        size = state.opts.force
    return size, badged


def removed(snits: tuple[Snit, ...], remove: list[str], badged: int, plain: int) -> list[int]:
    """The Snits the player names to leave out: exactly `badged` badged ones and `plain` plain ones."""
    ids = [next(s.id for s in snits if s.name == find(n, [s.name for s in snits], N_("Snit of the force")))
           for n in remove]
    sheet = counters.load()
    got = (sum(1 for i in ids if sheet.snits[i].badge), sum(1 for i in ids if not sheet.snits[i].badge
                                                             and not sheet.snits[i].spare))
    if got != (badged, plain) or len(set(ids)) != len(ids) or len(ids) != badged + plain:
        plain_ones = _(" and {plain} plain ones").format(plain=plain) if plain else ""
        raise IllegalAction(_("remove exactly {badged} badged Snits{plain_ones} (the spares are set aside anyway), "
                              "not {removed}").format(badged=badged, plain_ones=plain_ones, removed=", ".join(remove)))
    return ids


def senior(state: State, given: int | None) -> int:
    """Multiplayer 1: everyone rolls; the high roll takes the Senior Snit totem (ties roll again)."""
    if state.players == 1:
        if given is not None:
            raise IllegalAction(_("the Senior Snit totem is for 2 to 4 Snit players; one player takes none"))
        return 0
    if given is not None:
        if given not in range(state.players):
            raise IllegalAction(_("the Senior Snit is a player number 1 to {players}").format(players=state.players))
        return given
    rolling = list(range(state.players))
    while len(rolling) > 1:
        rng = draw(state)
        rolls = {p: rng.randint(1, 6) for p in rolling}
        top = max(rolls.values())
        rolling = [p for p in rolling if rolls[p] == top]
    return rolling[0]


def hide(state: State, setup: dict) -> None:
    """The Spark and Splops under different Snorgs, known to the Bolotomus alone; the commitment is public."""
    board = state.board
    spark = bool(setup.get("spark", False))
    count = setup.get("splops", 0)
    if not isinstance(count, int) or not 0 <= count <= counters.load().splops:
        raise IllegalAction(_("0 to {most} Splops, not {count}").format(most=counters.load().splops,
                                                                        count=repr(count)))
    if not spark and not count:
        if setup.get("hidden"):
            raise IllegalAction(_("a hidden placement was given but the game has no Spark and no Splops"))
        return
    h = setup.get("hidden")
    if not isinstance(h, dict) or "salt" not in h:
        raise IllegalAction(_("the Spark/Splop placement and a secret salt come from the Bolotomus (the CLI draws them "
                              "with `secrets`); none given"))
    where = board.organ(h["spark"]).index if h.get("spark") else None
    splops = [board.organ(n).index for n in h.get("splops", [])]
    if (where is not None) != spark or len(splops) != count:
        raise IllegalAction((_("the placement must hide the Spark and {count} Splop(s)") if spark else
                             _("the placement must hide {count} Splop(s)")).format(count=count))
    state.placement = hidden.check(board, where, splops, h["salt"], counters.load().splops)
    state.spark, state.splops = spark, count
    state.commitment = state.placement.commitment([o.name for o in board.organs])
