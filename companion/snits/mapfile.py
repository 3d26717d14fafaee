"""A player's own map (the boxed game's, transcribed in the format of templates/snits/bolotomus.toml): read, checked
against what the rules need with one-line errors naming the line, and kept whole in a saved game and its token.
Imported only for such a game: the edition's map needs none of it."""
from __future__ import annotations

import re

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
        raise MapError(f"{label}: not UTF-8 text; save the map as UTF-8") from None
    except tomllib.TOMLDecodeError as exc:
        raise MapError(f"{label}: not valid TOML ({exc})") from None
    except (ValueError, RecursionError):  # a number of thousands of digits, or arrays nested thousands deep
        raise MapError(f"{label}: not a map: a number or a nesting too large for any map's data") from None
    return build(data, label, Where(label, text))


def from_data(data) -> Bolotomus:
    """A player's map as a saved game or a token keeps it (see to_data); MapError names the entry at fault."""
    if not isinstance(data, dict) or not isinstance(data.get("name"), str) or not data["name"]:
        raise MapError("the game's map must be a mapping with the name of its file")
    body = {k: v for k, v in data.items() if k != "name"}
    return build(body, data["name"], Where(f"the game's map {data['name']!r}"))


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
        return f"{self.label} line {number}" if number else f"{self.label} {table} {index + 1}"


def build(data: dict, name: str, where: Where) -> Bolotomus:
    """Organs and passages checked against the rules: unique names, one Lapotum reached only by red canals, an
    orifice to enter by, two smashers for a smash run, passages between two known organs."""
    if not isinstance(data, dict):
        raise MapError(f"{where()}: a map is [[organ]] and [[passage]] tables")
    extra = sorted(set(data) - {"organ", "passage"})
    if extra:
        raise MapError(f"{where()}: unknown table {extra[0]!r}; a map has [[organ]] and [[passage]] tables")
    rows, ways = data.get("organ"), data.get("passage", [])
    if not isinstance(rows, list) or not 2 <= len(rows) <= MAX_ORGANS:
        raise MapError(f"{where()}: a map has 2 to {MAX_ORGANS} [[organ]] tables, not "
                       f"{len(rows) if isinstance(rows, list) else 'none'}")
    if not isinstance(ways, list):
        raise MapError(f"{where()}: passages are [[passage]] tables")
    for i, row in enumerate(rows):
        organ(i, row, where)
    seen: set[str] = set()
    for i, row in enumerate(rows):
        if row["name"].casefold() in seen:
            raise MapError(f"{where('organ', i, 'name')}: two organs are called {row['name']!r}")
        seen.add(row["name"].casefold())
    joined: set[frozenset] = set()
    for i, row in enumerate(ways):
        passage(i, row, [row["name"] for row in rows], where)
        if frozenset(row["between"]) in joined:
            raise MapError(f"{where('passage', i, 'between')}: a second passage between the {row['between'][0]} "
                           f"and the {row['between'][1]}")
        joined.add(frozenset(row["between"]))
    board = assemble(data, name)
    whole(board, where)
    return board


def known(table: str, i: int, row, keys: tuple[str, ...], where: Where) -> None:
    """An [[organ]] or [[passage]] entry is a table of keys the format knows (a typo is named, not ignored)."""
    if not isinstance(row, dict):
        raise MapError(f"{where(table, i)}: each {table} is a [[{table}]] table")
    unknown = sorted(row.keys() - set(keys))
    if unknown:
        raise MapError(f"{where(table, i, unknown[0])}: unknown key {unknown[0]!r} in [[{table}]]; its keys: "
                       f"{', '.join(keys)}")


def organ(i: int, row, where: Where) -> None:
    """One [[organ]] table, every key checked."""
    known("organ", i, row, ORGAN_KEYS, where)
    name = row.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME or name.strip().lower() in RESERVED:
        raise MapError(f"{where('organ', i, 'name')}: an organ's name is 1 to {MAX_NAME} characters (not "
                       f"{', '.join(RESERVED)})")
    short = row.get("short", name)
    if not isinstance(short, str) or not short.strip() or len(short) > MAX_SHORT:
        raise MapError(f"{where('organ', i, 'short')}: short, the name on the terminal sketch, is 1 to {MAX_SHORT} "
                       f"characters")
    for key, text in (("name", name), ("short", short)):
        if not printable(text):
            raise MapError(f"{where('organ', i, key)}: an organ's {key} holds a control, direction or invisible "
                           "character; type it with visible characters only")
    orifice = row.get("orifice", 0)
    if not isinstance(orifice, int) or isinstance(orifice, bool) or not 0 <= orifice <= MAX_ORIFICE:
        raise MapError(f"{where('organ', i, 'orifice')}: orifice is the number of Snits that may enter a turn, "
                       f"0 to {MAX_ORIFICE}")
    for flag in FLAGS:
        if not isinstance(row.get(flag, False), bool):
            raise MapError(f"{where('organ', i, flag)}: {flag} is true or false")
    for axis in ("x", "y"):
        value = row.get(axis)
        if not isinstance(value, (int, float)) or isinstance(value, bool) or not 0 <= value <= 100:
            raise MapError(f"{where('organ', i, axis)}: {name} needs {axis}, its place on the map in percent "
                           f"(0 to 100) of the {'width from the left' if axis == 'x' else 'height from the top'}")


def printable(text: str) -> bool:
    """No control, format (bidi, zero-width) or line-separator character: a name a terminal shows as typed."""
    import unicodedata

    return all(unicodedata.category(ch) not in ("Cc", "Cf", "Co", "Cs", "Zl", "Zp") for ch in text)


def passage(i: int, row, names: list[str], where: Where) -> None:
    """One [[passage]] table: two known organs and a kind."""
    known("passage", i, row, PASSAGE_KEYS, where)
    ends = row.get("between")
    if not isinstance(ends, list) or len(ends) != 2 or not all(isinstance(e, str) for e in ends):
        raise MapError(f"{where('passage', i, 'between')}: between names the two organs it joins, e.g. "
                       f"[\"Glut\", \"Fleotis\"]")
    unknown = [e for e in ends if e not in names]
    if unknown:
        raise MapError(f"{where('passage', i, 'between')}: no organ called {unknown[0]!r} (names are written as in "
                       f"their [[organ]] table)")
    if ends[0] == ends[1]:
        raise MapError(f"{where('passage', i, 'between')}: a passage joins two different organs")
    kind = row.get("kind")
    if kind not in KINDS:
        raise MapError(f"{where('passage', i, 'kind')}: kind is channel, canal or red")
    if not isinstance(row.get("note", ""), str):
        raise MapError(f"{where('passage', i, 'note')}: a note is text")


def whole(board: Bolotomus, where: Where) -> None:
    """What the rules need of the map as a whole."""
    organs = board.organs
    printed = [o for o in organs if not o.snorg]
    if not printed:
        raise MapError(f"{where()}: exactly one organ, the Lapotum, has snorg = false (its Snorg is printed on the "
                       "map), not 0; add snorg = false to the Lapotum's [[organ]] table")
    if len(printed) > 1:
        raise MapError(f"{where('organ', printed[1].index, 'snorg')}: exactly one organ, the Lapotum, has snorg = "
                       f"false (its Snorg is printed on the map), not {len(printed)} ({listed(printed)})")
    lapotum = printed[0]
    if lapotum.orifice:
        raise MapError(f"{where('organ', lapotum.index, 'orifice')}: no Snit can ever reach the {lapotum.name}: it "
                       "cannot be an orifice")
    for there, p in board.neighbours(lapotum.index):
        if p.kind != "red":
            raise MapError(f"{where('passage', p.index, 'kind')}: the {lapotum.name} is reached only by red canals, "
                           f"which Snits may never use; make the passage from the {organs[there].name} red")
    if not board.orifices:
        raise MapError(f"{where()}: no [[organ]] table is an orifice (orifice = 2, as for the Antephellum and the "
                       "Glut): the Snits could never get in")
    for o in organs:
        if o.smash and not o.orifice:
            raise MapError(f"{where('organ', o.index, 'smash')}: smash is for an orifice (the Fleotis)")
    smashers = [o for o in organs if o.smasher]
    smash = next((o for o in organs if o.smash), None)
    if smash and len(smashers) != 2:
        raise MapError(f"{where('organ', smash.index, 'smash')}: a smash orifice (the {smash.name}) needs two "
                       f"smashers (the Eye and the Prolobosinator: smasher = true), not {len(smashers)}"
                       f"{' (' + listed(smashers) + ')' if smashers else ''}")


def listed(organs) -> str:
    """`the Eye and the Glut`: organs named in a message."""
    names = [f"the {o.name}" for o in organs]
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


def warnings(board: Bolotomus) -> list[str]:
    """What a map may have but a game will not use: an organ with no passage, and one neither the Snits (from an
    orifice) nor the thingies (made in the Compositors and the Lapotum) can reach; a slip in transcribing, likely."""
    lonely = {o.index for o in board.organs if not board.around[o.index]}
    out = [f"the {board.organs[i].name} has no [[passage]]: nothing can move in or out" for i in sorted(lonely)]
    reached = board.reachable_by_snits() | board.reach([o.index for o in board.organs if o.compositor or not o.snorg])
    out += [f"neither side can reach the {o.name}: no passage leads there from an orifice (the Snits) or from a "
            "Compositor or the Lapotum (the thingies)" for o in board.organs if o.index not in reached | lonely]
    return out
