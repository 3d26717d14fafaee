"""A player's own map (the boxed game's, transcribed in the format of templates/snits/bolotomus.toml): read, checked
against what the rules need with one-line errors naming the line, and kept whole in a saved game and its token.
Imported only for such a game: the edition's map needs none of it."""
from __future__ import annotations

import re

from companion.core.language import N_, _
from companion.snits.bolotomus import Bolotomus, Organ, assemble

KINDS = ("channel", "canal", "red")
FLAGS = ("smash", "snorg", "smasher", "compositor")
ORGAN_KEYS = ("name", "short", "orifice", *FLAGS, "x", "y")
PASSAGE_KEYS = ("between", "kind", "note")
MAX_ORGANS = 26   # a saved game writes each counter's place as one letter, a to z
MAX_SHORT = 8     # letters of an organ's name on the terminal sketch
MAX_NAME = 30
MAX_ORIFICE = 9   # Snits a turn through one orifice
RESERVED = ("out", "outside", "snorg")  # words `move` and `kick` read as something else
AXES = {"x": N_("{where}: {organ} needs x, its place on the map in percent (0 to 100) of the width from the left"),
        "y": N_("{where}: {organ} needs y, its place on the map in percent (0 to 100) of the height from the top")}


class MapError(ValueError):
    """A map the rules cannot play on; the message is one line naming the file and the line (or entry) at fault."""


def parse(raw: bytes, label: str) -> Bolotomus:
    """A player's map file (the format of templates/snits/bolotomus.toml), named `label`; MapError names the line
    at fault."""
    import tomllib

    try:
        text = raw.decode("utf-8")
        data = tomllib.loads(text)
    except UnicodeDecodeError:
        raise MapError(_("{where}: not UTF-8 text; save the map as UTF-8").format(where=label)) from None
    except tomllib.TOMLDecodeError as exc:
        raise MapError(_("{where}: not valid TOML ({why})").format(where=label, why=exc)) from None
    except (ValueError, RecursionError):  # a number of thousands of digits, or arrays nested thousands deep
        raise MapError(_("{where}: not a map: a number or a nesting too large for any map's data").format(
            where=label)) from None
    return build(data, label, Where(label, text))


def from_data(data) -> Bolotomus:
    """A player's map as a saved game or a token keeps it (see to_data); MapError names the entry at fault."""
    if not isinstance(data, dict) or not isinstance(data.get("name"), str) or not data["name"]:
        raise MapError(_("the game's map must be a mapping with the name of its file"))
    body = {k: v for k, v in data.items() if k != "name"}
    return build(body, data["name"], Where(_("the game's map {name}").format(name=repr(data["name"]))))


def to_data(board: Bolotomus) -> dict:
    """The map's whole content, as short as the TOML it came from: what a saved game and a token keep, so the game
    resumes where the file is not."""
    organs = []
    for o in board.organs:
        d = {"name": o.name, "x": o.x, "y": o.y}
        d.update({k: getattr(o, k) for k in ("orifice", *FLAGS) if getattr(o, k) != Organ._field_defaults[k]})
        if o.short != o.name:
            d["short"] = o.short
        organs.append(d)
    passages = [{"between": [board.organs[p.a].name, board.organs[p.b].name], "kind": p.kind,
                 **({"note": p.note} if p.note else {})} for p in board.passages]
    return {"name": board.name, "organ": organs, "passage": passages}


class Where:
    """Says where an entry of a map sits: its line in the file when the text is known, else its place in the list."""

    def __init__(self, label: str, text: str = ""):
        self.label = label
        self.lines: dict[tuple, int] = {}
        seen: dict[str, int] = {}
        table = None
        for number, line in enumerate(text.splitlines(), 1):
            line = line.strip()
            head = re.match(r"\[\[\s*([A-Za-z_]+)\s*\]\]", line)
            if head:
                table = head[1]
                seen[table] = seen.get(table, -1) + 1
                self.lines[(table, seen[table], None)] = number
            elif line.startswith("["):
                table = None
            elif table and (key := re.match(r'"?([A-Za-z0-9_-]+)"?\s*=', line)):
                self.lines.setdefault((table, seen[table], key[1]), number)

    def __call__(self, table: str | None = None, index: int = 0, key: str | None = None) -> str:
        if table is None:
            return self.label
        number = self.lines.get((table, index, key)) or self.lines.get((table, index, None))
        if number:
            return _("{where} line {number}").format(where=self.label, number=number)
        return _("{where} {table} {number}").format(where=self.label, table=table, number=index + 1)


def build(data: dict, name: str, where: Where) -> Bolotomus:
    """Organs and passages checked against the rules: unique names, one Lapotum reached only by red canals, an
    orifice to enter by, two smashers for a smash run, passages between two known organs."""
    if not isinstance(data, dict):
        raise MapError(_("{where}: a map is [[organ]] and [[passage]] tables").format(where=where()))
    extra = sorted(set(data) - {"organ", "passage"})
    if extra:
        raise MapError(_("{where}: unknown table {table}; a map has [[organ]] and [[passage]] tables").format(
            where=where(), table=repr(extra[0])))
    rows, ways = data.get("organ"), data.get("passage", [])
    if not isinstance(rows, list) or not 2 <= len(rows) <= MAX_ORGANS:
        if not isinstance(rows, list):
            raise MapError(_("{where}: a map has 2 to {most} [[organ]] tables, not none").format(
                where=where(), most=MAX_ORGANS))
        raise MapError(_("{where}: a map has 2 to {most} [[organ]] tables, not {count}").format(
            where=where(), most=MAX_ORGANS, count=len(rows)))
    if not isinstance(ways, list):
        raise MapError(_("{where}: passages are [[passage]] tables").format(where=where()))
    for i, row in enumerate(rows):
        organ(i, row, where)
    seen: set[str] = set()
    for i, row in enumerate(rows):
        if row["name"].casefold() in seen:
            raise MapError(_("{where}: two organs are called {name}").format(
                where=where("organ", i, "name"), name=repr(row["name"])))
        seen.add(row["name"].casefold())
    joined: set[frozenset] = set()
    for i, row in enumerate(ways):
        passage(i, row, [row["name"] for row in rows], where)
        if frozenset(row["between"]) in joined:
            raise MapError(_("{where}: a second passage between the {organ} and the {other}").format(
                where=where("passage", i, "between"), organ=row["between"][0], other=row["between"][1]))
        joined.add(frozenset(row["between"]))
    board = assemble(data, name)
    whole(board, where)
    return board


def known(table: str, i: int, row, keys: tuple[str, ...], where: Where) -> None:
    """An [[organ]] or [[passage]] entry is a table of keys the format knows (a typo is named, not ignored)."""
    if not isinstance(row, dict):
        raise MapError(_("{where}: each {table} is a [[{table}]] table").format(where=where(table, i), table=table))
    unknown = sorted(row.keys() - set(keys))
    if unknown:
        raise MapError(_("{where}: unknown key {key} in [[{table}]]; its keys: {keys}").format(
            where=where(table, i, unknown[0]), key=repr(unknown[0]), table=table, keys=", ".join(keys)))


def organ(i: int, row, where: Where) -> None:
    """One [[organ]] table, every key checked."""
    known("organ", i, row, ORGAN_KEYS, where)
    name = row.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME or name.strip().lower() in RESERVED:
        raise MapError(_("{where}: an organ's name is 1 to {most} characters (not {reserved})").format(
            where=where("organ", i, "name"), most=MAX_NAME, reserved=", ".join(RESERVED)))
    short = row.get("short", name)
    if not isinstance(short, str) or not short.strip() or len(short) > MAX_SHORT:
        raise MapError(_("{where}: short, the name on the terminal sketch, is 1 to {most} characters").format(
            where=where("organ", i, "short"), most=MAX_SHORT))
    for key, text in (("name", name), ("short", short)):
        if not printable(text):
            raise MapError(_("{where}: an organ's {key} holds a control, direction or invisible character; type it "
                             "with visible characters only").format(where=where("organ", i, key), key=key))
    orifice = row.get("orifice", 0)
    if not isinstance(orifice, int) or isinstance(orifice, bool) or not 0 <= orifice <= MAX_ORIFICE:
        raise MapError(_("{where}: orifice is the number of Snits that may enter a turn, 0 to {most}").format(
            where=where("organ", i, "orifice"), most=MAX_ORIFICE))
    for flag in FLAGS:
        if not isinstance(row.get(flag, False), bool):
            raise MapError(_("{where}: {flag} is true or false").format(where=where("organ", i, flag), flag=flag))
    for axis in ("x", "y"):
        value = row.get(axis)
        if not isinstance(value, (int, float)) or isinstance(value, bool) or not 0 <= value <= 100:
            raise MapError(_(AXES[axis]).format(where=where("organ", i, axis), organ=name))


def printable(text: str) -> bool:
    """No control, format (bidi, zero-width) or line-separator character: a name a terminal shows as typed."""
    import unicodedata

    return all(unicodedata.category(ch) not in ("Cc", "Cf", "Co", "Cs", "Zl", "Zp") for ch in text)


def passage(i: int, row, names: list[str], where: Where) -> None:
    """One [[passage]] table: two known organs and a kind."""
    known("passage", i, row, PASSAGE_KEYS, where)
    ends = row.get("between")
    if not isinstance(ends, list) or len(ends) != 2 or not all(isinstance(e, str) for e in ends):
        raise MapError(_("{where}: between names the two organs it joins, e.g. [\"Glut\", \"Fleotis\"]").format(
            where=where("passage", i, "between")))
    unknown = [e for e in ends if e not in names]
    if unknown:
        raise MapError(_("{where}: no organ called {name} (names are written as in their [[organ]] table)").format(
            where=where("passage", i, "between"), name=repr(unknown[0])))
    if ends[0] == ends[1]:
        raise MapError(_("{where}: a passage joins two different organs").format(where=where("passage", i, "between")))
    kind = row.get("kind")
    if kind not in KINDS:
        raise MapError(_("{where}: kind is channel, canal or red").format(where=where("passage", i, "kind")))
    if not isinstance(row.get("note", ""), str):
        raise MapError(_("{where}: a note is text").format(where=where("passage", i, "note")))


def whole(board: Bolotomus, where: Where) -> None:
    """What the rules need of the map as a whole."""
    organs = board.organs
    printed = [o for o in organs if not o.snorg]
    if not printed:
        raise MapError(_("{where}: exactly one organ, the Lapotum, has snorg = false (its Snorg is printed on the "
                         "map), not 0; add snorg = false to the Lapotum's [[organ]] table").format(where=where()))
    if len(printed) > 1:
        raise MapError(_("{where}: exactly one organ, the Lapotum, has snorg = false (its Snorg is printed on the "
                         "map), not {count} ({organs})").format(
            where=where("organ", printed[1].index, "snorg"), count=len(printed), organs=listed(printed)))
    lapotum = printed[0]
    if lapotum.orifice:
        raise MapError(_("{where}: no Snit can ever reach the {organ}: it cannot be an orifice").format(
            where=where("organ", lapotum.index, "orifice"), organ=lapotum.name))
    for there, p in board.neighbours(lapotum.index):
        if p.kind != "red":
            raise MapError(_("{where}: the {organ} is reached only by red canals, which Snits may never use; make "
                             "the passage from the {other} red").format(
                where=where("passage", p.index, "kind"), organ=lapotum.name, other=organs[there].name))
    if not board.orifices:
        raise MapError(_("{where}: no [[organ]] table is an orifice (orifice = 2, as for the Antephellum and the "
                         "Glut): the Snits could never get in").format(where=where()))
    for o in organs:
        if o.smash and not o.orifice:
            raise MapError(_("{where}: smash is for an orifice (the Fleotis)").format(where=where("organ", o.index, "smash")))
    smashers = [o for o in organs if o.smasher]
    smash = next((o for o in organs if o.smash), None)
    if smash and len(smashers) != 2:
        raise MapError(_("{where}: a smash orifice (the {organ}) needs two smashers (the Eye and the Prolobosinator: "
                         "smasher = true), not {count}{organs}").format(
            where=where("organ", smash.index, "smash"), organ=smash.name, count=len(smashers),
            organs=f" ({listed(smashers)})" if smashers else ""))


def listed(organs) -> str:
    """`the Eye and the Glut`: organs named in a message."""
    names = [_("the {organ}").format(organ=o.name) for o in organs]
    if len(names) < 2:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def warnings(board: Bolotomus) -> list[str]:
    """What a map may have but a game will not use: an organ with no passage, and one neither the Snits (from an
    orifice) nor the thingies (made in the Compositors and the Lapotum) can reach; a slip in transcribing, likely."""
    lonely = {o.index for o in board.organs if not board.around[o.index]}
    out = [_("the {organ} has no [[passage]]: nothing can move in or out").format(organ=board.organs[i].name)
           for i in sorted(lonely)]
    reached = board.reachable_by_snits() | board.reach([o.index for o in board.organs if o.compositor or not o.snorg])
    out += [_("neither side can reach the {organ}: no passage leads there from an orifice (the Snits) or from a "
              "Compositor or the Lapotum (the thingies)").format(organ=o.name)
            for o in board.organs if o.index not in reached | lonely]
    return out
