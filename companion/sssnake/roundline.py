"""The round in one line, as the table says it: `Ann 2 Bob 0 Cid 1+g4,12 snow Dee out`, read into each named
player's report, and a round's reports written back the same way for the log."""
from __future__ import annotations

import re

from companion.core.engine import IllegalAction
from companion.core.language import N_, _, pgettext
from companion.core.numbers import whole
from companion.sssnake.actions import COUNT_MAX, ENDINGS, Report, shown, square, square_text
from companion.sssnake.state import MAX_NAME

WAIT = "..."  # at the end of a line: the players it does not name are still moving
COUNTS = {"": "fresh", "f": "fresh", "r": "rotten", "g": "golden_count"}  # the letter after a count
COUNT = re.compile(r"(\d*)([frg]?)")
SQUARE = re.compile(r"\d+,\d+")  # COL,ROW after a `g` or `x` typed apart from it
PAIR = re.compile(r"\d,\d")  # a word holding a square: its comma is not a pause between players (linear to find)
WORDS = N_("apples (2, 1r, g4,12 or 2g), snow, ice, shade, out, x7,3 (Thieving) or rejoin")
# The German words a table may type for the English ones, in either language (ae, oe, ue for umlauts too); the
# count letters (f, r, g) and x stay as they are: f is frisch, g golden, r rotten, x crosses out.
GERMAN = {"schnee": "snow", "eis": "ice", "schatten": "shade", "raus": "out", "zurück": "rejoin",
          "zurueck": "rejoin", "einsteigen": "rejoin"}
TWICE = {"fresh": N_("{name}: fresh apples given twice; give the round's total once"),
         "rotten": N_("{name}: rotten apples given twice; give the round's total once"),
         "golden_count": N_("{name}: golden apples given twice; give the round's total once")}


def parse(line: str, names: list[str]) -> tuple[list[dict], bool]:
    """(clauses, wait): per named player, in the order typed, the report's fields (plus `rejoin`); `wait` when the
    line ends with `...` (or `…`, spaced or against the last word: `snow...`; a single `.` ends it as a sentence).
    A word that is a player's name (any case, a colon after it allowed, `Ann:2` too) starts that player's clause; `+`
    joins parts like a space. Alone, the player's name may be left out (`1r snow`); `0` alone says nobody ate."""
    typed = line.rstrip().replace("\u2026", WAIT)
    wait = typed.endswith(WAIT)
    if not wait and typed.endswith("."):  # a line ended as a sentence is (`Ann 1, Bob 2.`)
        typed = typed[:-1]
    words = [w for part in tokens(typed[:-len(WAIT)] if wait else typed) for w in named(part, names)]
    if words == ["0"]:
        return [], wait
    known = {name.lower(): name for name in names}
    clauses: list[dict] = [{"player": names[0]}] if len(names) == 1 and words and words[0].lower() not in known else []
    for word in words:
        name = known.get(word.rstrip(":").lower())
        if name and any(c["player"] == name for c in clauses):
            raise IllegalAction(_("{name} is named twice; give each player one clause, like `{name} 2 snow`")
                                .format(name=name))
        if name:
            clauses.append({"player": name})
        elif not clauses:
            raise IllegalAction(_("{word} is not a player; a round line starts with a name ({names})").format(
                word=shown(word), names=", ".join(names)) + guess(word, names))
        else:
            read_word(clauses[-1], word, names)
    return clauses, wait


def tokens(line: str) -> list[str]:
    """The line's words as a table types them: `+`, `;` and a comma ending a word (`Dee 1 ice, Ann snow`) part
    clauses like a space; `g 9,11` (x too) is one word, `g9,11`."""
    words: list[str] = []
    for typed in line.replace("+", " ").replace(";", " ").split():
        for word in [typed.rstrip(",")] if PAIR.search(typed) else typed.split(","):
            if words and words[-1].lower() in ("g", "x") and SQUARE.fullmatch(word):
                words[-1] += word
            elif word:
                words.append(word)
    return words


def named(word: str, names: list[str]) -> list[str]:
    """`Ann:2` is `Ann: 2`: a name with its colon, then the clause's first word."""
    name, colon, rest = word.partition(":")
    if colon and rest and name.lower() in {n.lower() for n in names}:
        return [name, rest]
    return [word]


def grammar_word(name: str) -> bool:
    """A name the round line would read as one of its words (`Ice`, `out`, `Schnee`, `2`, `...`), in English or German,
    which no player may have."""
    low = name.lower()
    return low in ENDINGS or low in GERMAN or low in ("out", "rejoin", WAIT) or bool(COUNT.fullmatch(low))


def guess(word: str, among: list[str]) -> str:
    """`: did you mean Cid?` when a typed word is close to one of `among` ("" when none is)."""
    import difflib  # here, not at the top: only a typo pays for it

    if len(word) > 2 * MAX_NAME:  # a typo of a name or a word is short; a run of digits gets no search
        return ""
    close = difflib.get_close_matches(word.lower(), [w.lower() for w in among], n=1, cutoff=0.6)
    return _("; did you mean {word}?").format(word=next(w for w in among if w.lower() == close[0])) if close else ""


def read_word(clause: dict, word: str, names: list[str]) -> None:
    """Add one word of a player's clause to its fields; a word that is none of them is refused: one like a player's
    name as no such player, any other naming the player whose clause it is in."""
    name, low = clause["player"], word.lower()
    low = GERMAN.get(low, low)
    if low in ENDINGS:
        clause["end"] = clause.get("end", "") + ENDINGS[low]
    elif low in ("out", "rejoin"):
        clause[low] = True
    elif low[:1] in ("g", "x") and "," in low:
        try:
            sq = square(low[1:])
        except IllegalAction as exc:
            raise IllegalAction(f"{name}: {exc}") from None
        if low[0] == "g":
            clause["golden"] = clause.get("golden", ()) + (sq,)
        elif "stole" in clause:
            raise IllegalAction(_("{name}: a move ends on one square, so Thieving crosses out one (x COL,ROW once)")
                                .format(name=name))
        else:
            clause["stole"] = sq
    elif low and (match := COUNT.fullmatch(low)):
        key = COUNTS[match[2]]
        if key in clause:
            raise IllegalAction(_(TWICE[key]).format(name=name))
        count = whole(match[1] or "1", COUNT_MAX)
        if count is None:
            raise IllegalAction(_("{name}: a count of apples runs 0-{most}; give the round's apples, like 2 or 1r")
                                .format(name=name, most=COUNT_MAX))
        clause[key] = count
    elif player := guess(word, names):
        raise IllegalAction(_("no player {word}").format(word=shown(word)) + player)
    elif meant := guess(word, [*ENDINGS, "out", "rejoin", *GERMAN]):
        raise IllegalAction(_("{name}: {word} is not part of a report").format(name=name, word=shown(word)) + meant)
    elif word.isalpha() and word[0].isupper():  # a name, by its look
        raise IllegalAction(_("no player {word}; the players are {names}").format(word=shown(word),
                                                                                  names=", ".join(names)))
    else:
        raise IllegalAction(_("{name}: {word} is not part of a report; write {words}").format(
            name=name, word=shown(word), words=_(WORDS)))


def report(clause: dict) -> Report:
    """A clause's report (its `rejoin` aside), endings in their canonical order."""
    fields = {k: v for k, v in clause.items() if k != "rejoin"}
    if "end" in fields:
        fields["end"] = "".join(sorted(set(fields["end"]), key="sih".index))
    return Report(**fields)


def said(word: str) -> str:
    """A round line's word as a player reads it back, in the language spoken now (a word the line reads in both)."""
    return {"snow": pgettext("round line", "snow"), "ice": pgettext("round line", "ice"),
            "shade": pgettext("round line", "shade"), "out": pgettext("round line", "out")}[word]


def clause_text(r: Report, say=str) -> str:
    """A report as its clause: `Cid 1 g4,12 snow`; a snake that ate nothing says 0, one that went out says out (`say`
    words them: `said` for a player to read, English for the log)."""
    parts = [r.player]
    if r.fresh or not (r.rotten or r.golden or r.golden_count or r.out):
        parts.append(str(r.fresh))
    if r.rotten:
        parts.append(f"{r.rotten}r")
    parts += [f"g{square_text(g)}" for g in r.golden]
    if r.golden_count:
        parts.append(f"{r.golden_count}g")
    parts += [say(name) for name, letter in ENDINGS.items() if letter in r.end]
    if r.stole:
        parts.append(f"x{square_text(r.stole)}")
    if r.out:
        parts.append(say("out"))
    return " ".join(parts)


def line_text(rejoined: list[str], reports: list[Report], wait: bool) -> str:
    """The round's line as the log keeps it: every clause spelled out, `...` while players are still moving."""
    return " ".join([f"{name} rejoin" for name in rejoined] + [clause_text(r) for r in reports]
                    + ([WAIT] if wait else []))
