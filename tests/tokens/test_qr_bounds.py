"""Every token fits a QR code: player names are bounded, and a token too long for one is refused in one line."""
import random

import pytest

from benchmarks import random_play
from companion.core.games import engine
from companion.sssnake.snake import CIRCLES
from companion.sssnake.state import MAX_NAME, MAX_PLAYERS
from companion.tokens import game_token as token
from companion.tokens import qr
from tests.tokens.test_token_cli import stored


def test_a_name_longer_than_the_limit_is_refused_and_nothing_saved(cli, home):
    """A 2,700-character name used to make a game whose `qr` tracebacked; now `new` refuses it, quoting nothing."""
    long = "".join(random.Random(1).choice("abcdefghijklmnopqrstuvwxyz") for _ in range(2700))
    result = cli("sssnake", "new", "--players", f"Ann,{long}")
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == f"error: player 2's name is 2700 characters long; a name has at most {MAX_NAME} " \
                            "(every token and QR code carries it)\n"
    assert stored(home) is None
    assert cli("sssnake", "new", "--players", f"Ann,{long[:MAX_NAME]}").exit_code == 0


@pytest.mark.parametrize("name", ["Ann\x1b[31m", "Bob\u200b", "Cid\x7f"])
def test_a_name_with_a_control_or_invisible_character_is_refused(cli, home, name):
    """The token decoder refuses control characters, so such a game could not travel (and a terminal obeys them)."""
    result = cli("sssnake", "new", "--players", f"{name},Dee")
    assert result.exit_code == 1 and result.stderr == \
        "error: player 1's name holds a control or invisible character; use letters and digits\n"
    assert stored(home) is None


def test_a_token_with_a_long_name_is_refused_by_the_rules(cli, home):
    data = engine("sssnake").to_dict(engine("sssnake").new({"players": ["Ann", "Bob"], "seed": 1}))
    data["P"][1]["n"] = "B" * (MAX_NAME + 1)
    result = cli("resume", token.pack("sssnake", "sssnake-1", data))
    assert result.exit_code == 1 and "player 2's name is 17 characters long" in result.stderr
    assert "BBBB" not in result.stderr and stored(home) is None


def test_the_largest_game_at_its_longest_fits_a_qr_code():
    """Six players, every name at the limit in 4-byte characters, every snake filling all 256 squares of its sheet."""
    rng = random.Random(5)
    table = random_play.sssnake(MAX_PLAYERS, 40, 2, "fjord")
    data = engine("sssnake").to_dict(table.state)
    for snake in data["P"]:
        snake["n"] = "".join(chr(rng.randrange(0x1F600, 0x1F650)) for _ in range(MAX_NAME))
        snake["t"] = "".join(rng.choice(list(CIRCLES)) for _ in range(256 - 4))
    engine("sssnake").from_dict(data)
    text = token.pack("sssnake", "sssnake-" + "9" * 32, data)  # the longest game id
    assert len(text) < qr.CAPACITY / 2 and qr.version(text) <= 25


def test_qr_matrix_refuses_what_no_qr_code_holds():
    assert len(qr.qr_matrix("A" * qr.CAPACITY)) == 177  # version 40
    with pytest.raises(qr.TooLong, match=f"{qr.CAPACITY + 1} characters do not fit a QR code"):
        qr.qr_matrix("A" * (qr.CAPACITY + 1))


@pytest.mark.parametrize("fmt", ["terminal", "png", "svg", "pdf"])
def test_qr_of_a_token_too_long_is_one_line_and_writes_nothing(cli, home, tmp_path, monkeypatch, fmt):
    """A game whose token outgrew every QR code (here faked) gets a refusal, not qrcode's 'Invalid version'."""
    import companion.cli.tokens

    monkeypatch.chdir(tmp_path)
    assert cli("sssnake", "new", "--players", "Ann,Bob").exit_code == 0
    monkeypatch.setattr(companion.cli.tokens, "token_of", lambda *args: "CT1S:" + "A" * qr.CAPACITY)
    result = cli("qr", "--format", fmt)
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == f"error: game sssnake-1's token is {qr.CAPACITY + 5} characters, more than a QR code " \
                            f"holds ({qr.CAPACITY} at error correction M); `companion token` gives it as text\n"
    assert not (tmp_path / "output").exists()


def test_a_game_saved_before_the_name_limit_still_opens(cli, home):
    """The limit is checked when a game is created or resumed, never on replay: an older long-named game plays on."""
    from companion.store.db import Store

    store = Store()
    with store.transaction():
        store.create_game("sssnake", {"players": ["Ann", "B" * 40], "seed": 1, "landscape": "am-fluss"}, 1)
    store.close()
    assert cli("sssnake", "flip").exit_code == 0
    assert "B" * 40 in cli("sssnake", "status").output
