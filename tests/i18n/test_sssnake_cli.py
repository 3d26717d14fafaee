"""`companion sssnake` in German: the table, the score, refusals, help and the play loop read in German, the play
loop takes German words beside the English, and every --json document is the same bytes in both languages."""
import pytest
from click.testing import CliRunner

from companion.cli.main import main
from companion.core import language

NEW = ("sssnake", "new", "--players", "Ann,Bob,Cid", "--seed", "11")
CAVES = [("sssnake", "flip")] * 3  # each snake's cave; the fourth flip opens the first round


def test_status_and_score_read_in_german(cli, german):
    cli(*NEW)
    for args in CAVES:
        cli(*args)
    cli("sssnake", "flip")
    status = cli("sssnake", "status").output
    assert "Länge" in status and "frisch" in status and "hat den Startspielermarker" in status
    assert "Auslage: " in status and "Stapel: " in status and "Weiter: Zug für Ann, Bob, Cid" in status
    assert "length" not in status and "Display" not in status
    assert cli("sssnake", "score").output.startswith("Punkte bisher (die Partie läuft noch):")
    assert "-mal aufdecken, dann werden alle 16 neu gemischt." in cli("sssnake", "deck").output


def test_refusals_and_help_read_in_german(cli, german):
    refused = cli("sssnake", "new", "--players", "bot")
    assert refused.exit_code != 0
    assert refused.output == "error: der Computer kann nicht alle Schlangen spielen: lass eine für einen Menschen übrig\n"
    assert "Die Zähler jeder Schlange, die Auslage" in cli("sssnake", "status", "--help").output
    assert "Eine Partie starten" in cli("sssnake", "new", "--help").output


@pytest.mark.parametrize("words", [("punkte", "ende"), ("score", "quit")], ids=["deutsch", "english"])
def test_the_play_loop_takes_german_words_beside_english(cli, german, words):
    """`punkte` and `score` show the score, `ende` and `quit` stop; German or English, whichever the table types."""
    cli(*NEW)
    played = cli("sssnake", "play", input="\n".join(words) + "\n")
    assert played.exit_code == 0, played.output
    assert "Tippe die Runde, etwa: Ann 2 Bob 0 Cid 1 schatten" in played.output
    assert "Punkte bisher (die Partie läuft noch):" in played.output
    assert played.output.rstrip().endswith("Angehalten; die Partie ist gespeichert: mit play geht es weiter.")


def test_the_play_loop_speaks_english_with_german_words_too(cli):
    cli(*NEW)
    played = cli("sssnake", "play", input="hilfe\nbeenden\n").output
    assert "The round, in one line" in played and played.rstrip().endswith("play again to carry on.")


COMMANDS = [
    "sssnake new --players Ann,Bob,Cid,bot --digital Cid --seed 11 --json",
    "sssnake flip --json", "sssnake flip --json", "sssnake flip --json", "sssnake flip --json",
    "sssnake status --json", "sssnake deck --json", "sssnake score --json",
    "sssnake hint Cid --json", "sssnake sheet Cid --json", "sssnake move Cid R --json",
    "sssnake round Ann 2 Bob schnee --json", "sssnake round Ann 2 Bob 1 --json",
    "sssnake take Ann 99 --json", "sssnake log --json", "sssnake history --json",
    "sssnake daily --name Ann --date 2026-11-30 --json", "sssnake verify nonsense --json",
]


def outputs(lang: str, home, monkeypatch) -> list[str]:
    monkeypatch.setenv("COMPANION_HOME", str(home))
    monkeypatch.setenv("COMPANION_LANG", lang)
    runner = CliRunner()
    said = [f"{typed} -> {(r := runner.invoke(main, typed.split(), catch_exceptions=False)).exit_code}\n{r.stdout}"
            for typed in COMMANDS]
    language.use("en")
    return said


def test_json_is_the_same_bytes_in_german_and_english(tmp_path, monkeypatch):
    """What an action said (its messages, the computer's replies, a hint's reasons) is English in the JSON."""
    english = outputs("en", tmp_path / "en", monkeypatch)
    german = outputs("de", tmp_path / "de", monkeypatch)
    for en, de in zip(english, german, strict=True):
        assert de == en
    assert sum(" -> 0\n" in out for out in english) >= 14
