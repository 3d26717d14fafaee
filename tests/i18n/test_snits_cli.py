"""`companion snits` in German: the status, the map, the odds, refusals and help read in German; the play loop takes
German words beside the English, none of them a name the table types; the Spark of Life stays hidden as in English;
and every --json document is the same bytes in both languages."""
import pytest

from companion.cli.snits.typed import words
from companion.core import language
from companion.snits import bolotomus, counters
from companion.snits.names import squash

NEW = ("snits", "new", "--seed", 4, "--remove", "Grubnik,Zoomer", "--duty", "Glut")
HIDDEN = ("--spark", "random", "--hide-spark", "Deep Compositor", "--splops", 2, "--hide-splops", "Bilgeum,Splenox")


def test_status_map_and_odds_read_in_german(cli, german):
    cli(*NEW, *HIDDEN)
    status = cli("snits", "status").output
    assert status.startswith("snits-1: Runde 1 · 1. ") and "· am Zug: die Snits (automatische Würfel)" in status
    assert "Draußen: Zipwick7L" in status and "Tote Snorgs (0, 9 zum Sieg): keine" in status
    assert "Unter den Snorgs versteckt: der Lebensfunke und 2 Splops; Prüfwert:" in status
    assert "Jetzt: Zieh jeden Snit ein Organ weit: `move NAME ORGAN`" in status
    assert "Outside" not in status and "Next:" not in status
    one = cli("snits", "status", "Zipwick").output
    assert one.startswith("snits-1: Zipwick7L (Snit von Red, Tempo 7, Blitz): außerhalb des Bolotomus")
    assert "kommt hinein über: Antephellum, Glut, Fleotis" in one
    full = cli("snits", "map", "--full").output
    assert "Glut (Öffnung)" in full and "nach: =Antephellum, =Gurgitator, -Fleotis" in full
    assert "Wege: = Gang, - Kanal (. in der Skizze), ~ roter Kanal" in " ".join(full.split())
    odds = cli("snits", "odds").output
    assert odds.startswith("Wurf") and "\nHammertritt " in odds and "Lauf in den Fleotis, Tempo 4" in odds


def test_the_spark_stays_hidden_in_german_as_in_english(cli, german):
    """Only the Bolotomus' eyes (--bolotomus) see where the Spark hides; with the computer as the Bolotomus, nobody."""
    cli(*NEW, *HIDDEN)
    for shown in (cli("snits", "status").output, cli("snits", "map", "--full").output):
        assert "Lebensfunke]" not in shown and "Deep Compositor;" not in shown and "Splop]" not in shown
    eyes = cli("snits", "status", "--bolotomus").output
    assert "Deep Compositor   [Lebensfunke]" in eyes and "Nur für die Augen des Bolotomus: Funke unter dem Deep" in eyes
    cli("snits", "new", "--seed", 5, "--vs", "bolotomus", "--spark", "random", "--splops", 3)
    kept = cli("snits", "status", "--bolotomus")
    assert kept.exit_code != 0 and kept.output == (
        "error: der Computer spielt den Bolotomus: wo er Funke und Splops versteckt hat, bleibt bis zum Ende der "
        "Partie geheim\n")


def test_refusals_hints_and_help_read_in_german(cli, german):
    refused = cli("snits", "new", "--seed", 1, "--vs", "bogus")
    assert refused.exit_code != 0 and refused.output == (
        "error: --vs nennt die Seiten, die der Computer spielt: bolotomus, snits oder einen Clan (Snits), nicht "
        "'bogus'\n")
    cli(*NEW)
    assert "; der Name eines Snits (`companion snits status` listet sie), R1-R18 oder M1-M9" in \
        cli("snits", "status", "Nope").output
    cli("snits", "enter", "Zipwick", "Glut")
    cli("snits", "done")
    assert cli("snits", "hint").output == ("Tipp: kick Zipwick Snorg (2 von 6, den Snorg zu töten): so würde der "
                                           "Computer (Stufe 2) für die Snits spielen.\n")
    assert "An der Tastatur spielen: jede Phase sagt, wer am Zug ist" in cli("snits", "play", "--help").output


@pytest.mark.parametrize("done, undo, stop", [("fertig", "rückgängig", "ende"), ("done", "undo", "quit")],
                         ids=["deutsch", "english"])
def test_the_play_loop_takes_german_words_beside_english(cli, german, done, undo, stop):
    cli(*NEW)
    played = cli("snits", "play", input=f"enter Zipwick Glut\n{done}\n{undo}\nplan kompakt\nmap compact\n{stop}\n")
    assert played.exit_code == 0, played.output
    out = played.output
    assert "Tippe eine Aktion, wie sie die Zeile Jetzt: zeigt" in out and "Zipwick: draußen → Glut" in out
    assert "Runde 1 · 2. " in out and "rückgängig: done" in out  # the phase ended, and came back
    assert out.count("z. B. [xGlut 2s 1r 3m]: Glut, Snorg tot") == 2  # `plan kompakt` and `map compact` alike
    assert "error:" not in out


def test_the_dice_prompt_and_the_questions_take_german_words(cli, german):
    """At a dice prompt `zurück` plays nothing, as `back` does; the loop's refusals read in German."""
    cli("snits", "new", "--seed", 4, "--dice", "manual", "--duty", "Glut", "--remove", "Grubnik,Zoomer")
    lines = ["enter Zipwick Glut", *["fertig"] * 7, "chomp R1 Zipwick", "zurück", "chomp R1 Zipwick", "back", "7",
             "ende"]
    out = cli("snits", "play", input="\n".join(lines) + "\n").output
    assert out.count("Biss von R1 nach Zipwick: wirf 2 Würfel und tippe sie ein, z. B. 3 2 (`zurück`: nichts "
                     "spielen)") == 2
    assert out.count("zurück: nichts gespielt") == 2
    assert "error: eine Zahl spielt aus der `?`-Liste nur in der Zeile direkt danach" in out


def test_the_play_loop_in_english_takes_the_english_words(cli):
    cli(*NEW)
    out = cli("snits", "play", input="enter Zipwick Glut\ndone\nfertig\nquit\n").output
    assert "Type an action as the Next: line shows it" in out and "ended: 1. Move Snits" in out
    assert "error: start with one of: move" in out  # a German word is no English one


def test_no_typed_word_is_a_name_the_table_types(german):
    """A word of the play loop (German or English) is never an organ's, a counter's, a clan's or a Snit's name, nor
    the start of one (names are found by a unique prefix of any of their words)."""
    sheet = counters.load()
    names = {"Snorg", *sheet.clans, *(s.name for s in sheet.snits), *(f"R{k}" for k in range(1, 19)),
             *(f"M{k}" for k in range(1, 10))}
    for edition in bolotomus.EDITIONS:
        for organ in bolotomus.load(edition).organs:
            names |= {organ.name, organ.short, *organ.name.split()}
    typed = {*words(), language.pgettext("typed", "back"), language.pgettext("typed", "random")}
    english = {"done", "undo", "redo", "quit", "exit", "help", "map", "compact", "log", "hint", "topics", "back",
               "random", "status"}
    assert {"fertig", "rückgängig", "zurück", "zufall", "plan"} <= typed
    for word in typed | english:
        clash = [n for n in names if n and squash(n).startswith(squash(word))]
        assert not clash, f"{word!r} would name {clash}"


COMMANDS = [("status",), ("status", "--bolotomus"), ("status", "Zipwick"), ("status", "R1"), ("map",),
            ("map", "--bolotomus"), ("hint",), ("log",), ("odds",)]
ACTIONS = [("enter", "Zipwick", "Glut"), ("done",), ("kick", "Zipwick", "Snorg")]


def test_json_is_the_same_bytes_in_german_and_english(cli, monkeypatch):
    def both(*args):
        out = {}
        for lang in ("en", "de"):
            monkeypatch.setenv("COMPANION_LANG", lang)
            out[lang] = cli(*args, "--json").output
        return out

    new = both(*NEW)
    assert new["en"] == new["de"].replace("snits-2", "snits-1")  # two games made, one a language
    for args in COMMANDS:
        out = both("snits", *args)
        assert out["de"] == out["en"], args
    for action in ACTIONS:  # each played in English, taken back, played again in German: the same document
        monkeypatch.setenv("COMPANION_LANG", "en")
        english = cli("snits", *action, "--json").output
        cli("snits", "undo")
        monkeypatch.setenv("COMPANION_LANG", "de")
        assert cli("snits", *action, "--json").output == english, action
        for args in COMMANDS:
            out = both("snits", *args)
            assert out["de"] == out["en"], args
        if action == ("done",):  # the kick's odds: English for scripts, German on the screen
            assert '"odds": "2 in 6 to kill the Snorg"' in both("snits", "hint")["de"]
            assert "(2 von 6, den Snorg zu töten)" in cli("snits", "hint").output
