"""The command line in German: click's words, the commands' help, refusals, rules topics and state cards speak it;
--json, tokens and the `error:` prefix stay the same bytes in every language."""
import sqlite3

import pytest

from companion.core import language


def one_error_line(result) -> str:
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    return lines[0]


@pytest.fixture
def locale_only(monkeypatch):
    """No COMPANION_LANG and no locale variable: each test sets the ones it means."""
    for name in ("COMPANION_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_help_speaks_german(cli):
    shown = cli("--lang", "de", "--help").output
    assert shown.startswith("Aufruf: ") and "Optionen:" in shown and "Befehle:" in shown
    assert "Diese Nachricht anzeigen und beenden." in shown
    assert "Gespeicherte Partien auflisten" in shown  # `games`' help, a subcommand's


def test_a_subcommand_s_commands_and_options_speak_german(cli, german):
    shown = cli("games", "--help").output
    assert "Eine Partie endgültig löschen" in shown  # `delete`, listed by `games`
    assert "maschinenlesbare Ausgabe" in shown and "Options:" not in shown
    assert "Blöcke, Karten" in cli("--help").output


def test_the_english_help_is_back_after_german(cli, german, monkeypatch):
    cli("games", "--help")
    monkeypatch.setenv("COMPANION_LANG", "en")
    assert "Delete a game for good" in cli("games", "--help").output


def test_the_locale_chooses_german(cli, locale_only):
    locale_only.setenv("LANG", "de_DE.UTF-8")
    assert "Optionen:" in cli("--help").output


@pytest.mark.parametrize("environ", [{"LANG": "C"}, {"LC_ALL": "C", "LANG": "de_DE.UTF-8"},
                                     {"LANGUAGE": "C:de", "LANG": "de_DE.UTF-8"}])
def test_the_c_locale_speaks_english(cli, locale_only, environ):
    for name, value in environ.items():
        locale_only.setenv(name, value)
    assert "Options:" in cli("--help").output


@pytest.mark.parametrize("how", [("--lang", "fr"), ()])
def test_an_unknown_language_is_one_error_line(cli, monkeypatch, how):
    if not how:
        monkeypatch.setenv("COMPANION_LANG", "fr")
    result = cli(*how, "games")
    assert result.exit_code == 2
    one_error_line(result)


def test_click_s_errors_are_german_and_one_line(cli, german):
    bogus = cli("games", "--bogus")
    assert bogus.exit_code == 2
    assert one_error_line(bogus).startswith("error: Keine Option") and "--bogus" in one_error_line(bogus)  # click
    # 8.2 and 8.5 word it differently; both in the catalog
    assert one_error_line(bogus).endswith(" games --help`)")
    missing = cli("games", "delete")
    assert missing.exit_code == 2 and "Fehlendes Argument" in one_error_line(missing)


def test_refusals_are_german_after_error(cli, german):
    cli("sssnake", "new", "--players", "Ann,Bob")
    undo = cli("sssnake", "undo")
    assert undo.exit_code == 1
    assert one_error_line(undo) == "error: nichts rückgängig zu machen: die Partie steht am Anfang"
    assert "keine Partie-ID" in one_error_line(cli("games", "rename", "sssnake-1", "Bad", "--yes"))
    assert "ist beschädigt" in one_error_line(cli("resume", "CT2S:XYZ"))


def test_a_refusal_from_the_session_follows_the_language_spoken():
    from companion.shared.session import Refused, pick

    class Store:
        def load(self, game_id):
            raise AssertionError("not reached")

    language.use("de")
    with pytest.raises(Refused, match="braucht eine Partie-ID"):
        pick(Store(), None, "")


def test_json_and_tokens_are_the_same_bytes_in_german(cli, home, monkeypatch):
    cli("sssnake", "new", "--players", "Ann,Bob")
    cli("snits", "new")
    db = sqlite3.connect(home / "games.sqlite")
    db.execute("UPDATE games SET setup = 'not json' WHERE id = 'snits-1'")  # its problem is words in the JSON
    db.commit()
    db.close()
    commands = [("games", "--json"), ("token", "--game", "sssnake-1"), ("token", "--game", "sssnake-1", "--json"),
                ("sssnake", "rules", "water", "--json"), ("sssnake", "card", "9", "--json"), ("sssnake", "rules",
                                                                                             "--json")]
    english = [cli(*command).stdout for command in commands]
    monkeypatch.setenv("COMPANION_LANG", "de")
    assert [cli(*command).stdout for command in commands] == english
    assert '"problem": "is damaged: its setup is not valid JSON"' in english[0]
    assert "ist beschädigt: ihr Aufbau ist kein gültiges JSON" in cli("games").stdout


def test_topics_and_the_state_card_are_shown_in_german(german):
    from companion.shared import card_words, topics

    card = topics.card(9)
    assert card.text.startswith("Card 9 ")  # the topic itself stays English: --json, finding it by name
    assert topics.topic_text(card).startswith("Karte 9 ") and "(Regelheft: " in topics.topic_text(card)
    with pytest.raises(topics.UnknownTopic, match="kein Regelthema"):
        topics.find("snits", "zzz")
    view = {"friendship": False, "landscape": "Sahara", "flips": 3, "phase": "move", "first_player": "Ann",
            "players": [{"name": "Ann", "out": False, "length": 4, "eggs": 2, "abilities": ["climbing"],
                         "circles": {"rotten": 1, "golden": 0}}]}
    assert card_words.card("sssnake", view, False, "2026-12-05") == [
        "Sahara: Karte 3, Schlangen ziehen, Ann ist Startspieler.", "Ann: Länge 4, 1 faul, 2 Eier, 1 Fähigkeit.",
        "Gedruckt am 2026-12-05."]


def test_undo_redo_lines_are_german(german):
    from companion.shared import steps

    assert steps.step_line("sssnake", [{}], False).startswith("rückgängig: ")
    assert steps.step_line("sssnake", [{}], True).startswith("wiederholt: ")
