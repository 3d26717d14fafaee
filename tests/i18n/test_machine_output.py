"""Machine output never changes with the language: a game played in German and the same game in English give the
same --json documents, tokens and CSV, byte for byte (scripts parse them; HGPLAIN's lesson)."""
import json
import re

import pytest
from click.testing import CliRunner

from companion.cli.main import main
from companion.core import language
from companion.tokens import game_token

SSSNAKE = [
    "sssnake new --players Ann,Bob,Cid --landscape am-fluss --seed 7 --json",
    "sssnake flip --json", "sssnake flip --json", "sssnake flip --json", "sssnake flip --json",
    "sssnake round --json", "sssnake flip --json",
    "sssnake report Ann --fresh 1 --json",
    "sssnake status --json", "sssnake deck --json", "sssnake score --json", "sssnake log --json",
    "sssnake card 12 --json", "sssnake rules scoring --json", "sssnake rules --json", "sssnake undo --json",
    "sssnake redo --json", "token", "games --json", "sssnake stats --json", "history --json",
]
SNITS = [
    "snits new --seed 3 --json", "snits move Zipwick Glut --json", "snits done --json", "snits status --json",
    "snits log --json", "snits rules --json", "snits rules move --json", "snits undo --json", "token --game snits-1",
    "snits new --vs bolotomus --level 1 --spark random --splops 3 --seed 5 --json", "snits done --json",
]


def played(commands, lang, home, monkeypatch) -> list[str]:
    monkeypatch.setenv("COMPANION_HOME", str(home))
    monkeypatch.setenv("COMPANION_LANG", lang)
    runner = CliRunner()
    outputs = []
    for typed in commands:
        result = runner.invoke(main, typed.split(), catch_exceptions=False)
        out = result.stdout
        if typed.startswith("token"):  # a token names its play by a random id: its game's data is compared
            token = game_token.unpack(out.strip())
            out = json.dumps([token.kind, token.data], sort_keys=True)
        out = re.sub(r'"commitment": "[0-9a-f]+"', '"commitment": "(salted)"', out)  # the hidden Spark's, salted anew
        outputs.append(f"{typed} -> {result.exit_code}\n{out}")
    language.use("en")
    return outputs


@pytest.mark.parametrize("commands", [SSSNAKE, SNITS], ids=["sssnake", "snits"])
def test_json_and_tokens_are_the_same_bytes_in_german_and_english(commands, tmp_path, monkeypatch):
    english = played(commands, "en", tmp_path / "en", monkeypatch)
    german = played(commands, "de", tmp_path / "de", monkeypatch)
    for en, de in zip(english, german, strict=True):
        assert de == en
    assert all(" -> 0\n" in out for out in english), [out[:200] for out in english if " -> 0\n" not in out]


def test_the_csv_of_the_history_is_the_same_bytes(tmp_path, monkeypatch):
    def csv(lang):
        played(["sssnake record --landscape fjord --length 32 --golden 3 --yes"], lang, tmp_path / lang, monkeypatch)
        return played(["sssnake stats --csv -"], lang, tmp_path / lang, monkeypatch)[0]

    assert csv("de") == csv("en")
