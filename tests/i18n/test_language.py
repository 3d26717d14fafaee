"""Which language the companion speaks, as gettext's variables and the companion's own settings ask."""
import pytest

from companion.core import language
from companion.core.language import UnknownLanguage, detect


@pytest.mark.parametrize(("environ", "spoken"), [
    ({}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANG": "de_CH.UTF-8"}, "de"),
    ({"LC_MESSAGES": "de_AT", "LANG": "en_GB.UTF-8"}, "de"),
    ({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, "en"),  # the first variable set decides
    ({"LANGUAGE": "fr:de", "LANG": "C.UTF-8"}, "de"),  # a list of preferences: the first one spoken
    ({"LANGUAGE": "fr:it", "LANG": "de_DE.UTF-8"}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),
    ({"COMPANION_LANG": "en", "LANG": "de_DE.UTF-8"}, "en"),
    ({"COMPANION_LANG": "de"}, "de"),
])
def test_the_language_comes_from_the_environment(environ, spoken):
    assert detect(environ) == spoken


def test_asked_for_wins_and_an_unknown_name_is_refused():
    assert detect({"COMPANION_LANG": "en"}, asked="de") == "de"
    with pytest.raises(UnknownLanguage):
        detect({"COMPANION_LANG": "fr"})
    with pytest.raises(UnknownLanguage):
        detect({}, asked="klingon")


def test_german_is_spoken_in_one_context_only(german):
    import contextvars

    assert language.language() == "de"
    assert contextvars.Context().run(language.language) == "en"  # a request's own context starts in English


def test_plural_and_context_fall_back_to_english():
    assert language.ngettext("{n} apple", "{n} apples", 1) == "{n} apple"
    assert language.ngettext("{n} apple", "{n} apples", 2) == "{n} apples"
    assert language.pgettext("terrain", "snow") == "snow"
    assert language.N_("marked") == "marked"


def test_the_command_line_speaks_german_when_asked(cli, german):
    result = cli("--help")
    assert "Optionen:" in result.output and "Options:" not in result.output


def test_english_stays_the_default(cli):
    result = cli("--help")
    assert "Options:" in result.output


def test_a_german_table_answers_ja_and_english_y_still_works(cli, german):
    cli("sssnake", "new", "--players", "Ann,Bob", "--seed", "7")
    cli("sssnake", "new", "--players", "Cid,Dee", "--seed", "8")
    asked = cli("games", "delete", "sssnake-1", input="ja\n")
    assert "[j/N]:" in asked.output and asked.exit_code == 0
    assert cli("games", "delete", "sssnake-2", input="y\n").exit_code == 0
    refused = cli("games", "delete", "nothing-9", input="nein\n")
    assert refused.exit_code != 0
    assert "sssnake-1" not in cli("games").output


def test_lang_is_understood_anywhere_on_the_line(cli):
    assert "Neue Partie" in cli("sssnake", "new", "--players", "Ann,Bob", "--seed", "7", "--lang", "de").output
    assert "Neue Partie" in cli("--lang=de", "sssnake", "new", "--players", "Ann,Bob", "--seed", "7").output
    english = cli("sssnake", "round", "--lang=en", "--", "--lang")
    assert "error:" in english.output and "Fehler" not in english.output
    refused = cli("sssnake", "status", "--lang", "fr")
    assert refused.exit_code == 2 and refused.output.startswith("error: the companion speaks en or de")
