"""Token format 1 is frozen: the example token printed in docs/token.md must always resume.

Changing the presets, the key names or the checksum without a new format version breaks every token and state
card people have printed; this test fails first.
"""
import re
from pathlib import Path

from companion.tokens import game_token as token

DOCS = Path(__file__).resolve().parents[2] / "docs" / "token.md"


def test_the_documented_token_still_resumes():
    example = re.search(r"^(CT1S:\S+)$", DOCS.read_text(), re.MULTILINE)[1]
    decoded, state = token.decode(example)
    assert decoded.kind == "sssnake" and decoded.game_id == "sssnake-1"
    assert [s.name for s in state.snakes] == ["Ann", "Bob", "Cid"] and state.flips == 4
