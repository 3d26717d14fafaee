"""The Bolotomus map: organs, passages (channel, canal, red canal) and the orifices to the outside; one of our
edition's maps (templates/snits/map-EDITION.toml) or a player's transcription of the boxed game's map (checked by
mapfile.py)."""
from __future__ import annotations

from collections import deque
from functools import cache

from companion.core.edition_data import read_template
from companion.core.language import N_, _
from companion.core.record import Value
from companion.snits.names import find

SECOND_EDITION = "second-edition"
FIRST_EDITION = "first-edition"
EDITIONS = (SECOND_EDITION, FIRST_EDITION)  # the edition's maps, the default first
DEFAULT_EDITION = SECOND_EDITION  # what a new game is played on unless it names another
UNNAMED_EDITION = FIRST_EDITION  # what a setup or state written before there were two editions was played on


class Organ(Value):
    index: int
    name: str
    orifice: int = 0      # Snits that may enter from outside per turn (0: not an orifice)
    smash: bool = False   # entering it means running past the Eye and the Prolobosinator
    snorg: bool = True    # False: the Lapotum, whose printed Snorg can never be killed
    smasher: bool = False  # the Eye and the Prolobosinator
    compositor: bool = False
    short: str = ""       # the name on the terminal sketch; "" means the name itself
    x: float = 0
    y: float = 0


class Passage(Value):
    index: int
    a: int
    b: int
    kind: str  # "channel", "canal" or "red"
    note: str = ""

    def other(self, organ: int) -> int:
        return self.b if organ == self.a else self.a


class Bolotomus(Value):
    organs: tuple[Organ, ...]
    passages: tuple[Passage, ...]
    links: dict  # (a, b) and (b, a) -> Passage
    name: str = ""  # "": one of the edition's maps; else the name of the player's map file
    edition: str = ""  # the edition's map this is (EDITIONS); "" for a player's map
    around: dict = {}  # organ -> ((neighbour, Passage), ...) in the passages' order (assemble fills it)
    orifices: tuple[int, ...] = ()  # organs Snits enter and leave by
    snorg_organs: tuple[int, ...] = ()  # organs whose Snorg can die (all but the Lapotum)
    named: dict = {}  # organ name -> Organ
    snit_ways: dict = {}  # organ -> the (neighbour, Passage) pairs of `around` a Snit may take (no red canals)

    def organ(self, typed: str) -> Organ:
        """An organ by (a prefix of) its name; IllegalAction with suggestions otherwise."""
        if typed in self.named:  # the exact name, as offered actions spell it
            return self.named[typed]
        name = find(typed, [o.name for o in self.organs], N_("organ"))
        return next(o for o in self.organs if o.name == name)

    def passage(self, a: int, b: int) -> Passage | None:
        return self.links.get((a, b))

    def neighbours(self, organ: int) -> list[tuple[int, Passage]]:
        return list(self.around[organ])

    @property
    def lapotum(self) -> int:
        return next(o.index for o in self.organs if not o.snorg)

    def reachable_by_snits(self) -> set[int]:
        """Organs a Snit can reach from outside, through orifices and passages other than the red canals."""
        return self.reach(self.orifices, self.snit_ways)

    def reach(self, start, ways=None) -> set[int]:
        """Organs reached from the organs `start` along `ways` (organ -> (neighbour, Passage) pairs; default: every
        passage, as a thingie moves)."""
        ways = self.around if ways is None else ways
        seen = set(start)
        todo = deque(seen)
        while todo:
            for there, _way in ways[todo.popleft()]:
                if there not in seen:
                    seen.add(there)
                    todo.append(there)
        return seen


def load(edition: str = DEFAULT_EDITION) -> Bolotomus:
    """One of the edition's maps (tests/snits check each as a player's map is checked); ValueError for a name that
    is not one (edition_name says it in words). One object per edition, however it is asked for."""
    return loaded(edition)


@cache
def loaded(edition: str) -> Bolotomus:
    if edition not in EDITIONS:
        raise ValueError(f"no edition map {edition!r}; editions: {', '.join(EDITIONS)}")
    return assemble(read_template("snits", f"map-{edition}.toml"), edition=edition)


def edition_name(typed) -> str:
    """An edition's map by its name as typed (any case; `first`, `second` too), or IllegalAction naming them."""
    from companion.core.engine import IllegalAction

    if isinstance(typed, str):
        word = typed.strip().lower()
        for edition in EDITIONS:
            if word in (edition, edition.split("-")[0]):
                return edition
    raise IllegalAction(_("no edition map {typed}; the edition's maps: {maps}").format(
        typed=repr(str(typed)[:40]), maps=", ".join(EDITIONS)))


def assemble(data: dict, name: str = "", edition: str = "") -> Bolotomus:
    """Organs and passages from map data already checked: the edition's, or a player's after mapfile.check; who
    borders whom, the orifices, the Snorgs' organs and the names are worked out here once, as the rules ask for them
    often."""
    organs = tuple(Organ(index=i, **{"short": o["name"], **o}) for i, o in enumerate(data["organ"]))
    index = {o.name: o.index for o in organs}
    passages = tuple(Passage(i, index[p["between"][0]], index[p["between"][1]], p["kind"], p.get("note", ""))
                     for i, p in enumerate(data.get("passage", [])))
    links = {}
    for p in passages:
        links[(p.a, p.b)] = links[(p.b, p.a)] = p
    around = {o.index: tuple((p.other(o.index), p) for p in passages if o.index in (p.a, p.b)) for o in organs}
    return Bolotomus(organs, passages, links, name, edition, around, tuple(o.index for o in organs if o.orifice),
                     tuple(o.index for o in organs if o.snorg), {o.name: o for o in organs},
                     {o: tuple(w for w in ways if w[1].kind != "red") for o, ways in around.items()})
