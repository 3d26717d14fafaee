"""A path is echoed escaped (issue 34, item 10): a newline typed into --image, --map or -o never splits a refusal
over two lines, and an escape sequence never reaches the terminal, in a refusal or in the `wrote` line."""
import pytest

from companion.core.printable import printable

ODD = "a\nb\x1b[2J\u202ec"  # a newline, the clear-screen sequence, a right-to-left override
SHOWN = "a\\nb\\x1b[2J\\u202ec"


@pytest.mark.parametrize("args", [
    ("resume", "--image", f"/nowhere/{ODD}.png"),
    ("sssnake", "verify", "--image", f"/nowhere/{ODD}.png"),
    ("print", "map", "--map", f"/nowhere/{ODD}.toml"),
    ("sssnake", "status", "--game", ODD),
])
def test_a_refusal_naming_an_odd_path_is_one_escaped_line(cli, args):
    result = cli(*args)
    assert result.exit_code != 0 and result.output.startswith("error: ")
    assert result.output.count("\n") == 1 and "\x1b" not in result.output and "\u202e" not in result.output
    assert SHOWN in result.output


def test_the_wrote_line_shows_an_odd_output_path_escaped(cli, tmp_path):
    target = tmp_path / ODD / "map.pdf"
    target.parent.mkdir()
    result = cli("print", "map", "-o", target)
    assert result.exit_code == 0 and target.exists()
    assert result.output == f"wrote {str(tmp_path)}/{SHOWN}/map.pdf (2 pages)\n"


def test_printable_keeps_names_and_letters_of_every_script():
    assert printable("Ann Bøb Çid 蛇 🐍 ok") == "Ann Bøb Çid 蛇 🐍 ok"
    assert printable("tab\there") == "tab\\there"
