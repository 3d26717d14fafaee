"""`companion token`, `resume` and `qr` as a player uses them: exit codes, one-line refusals, nothing half saved."""
import json
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image, ImageEnhance, ImageFilter

from companion.tokens import game_token as token
from companion.tokens import qr
from tests.sheets.readers import decode_pdf, decode_svg

ROOT = Path(__file__).resolve().parents[2]


def stored(home: Path):
    """The store file's bytes: a refused command must leave them exactly as they were."""
    path = home / "games.sqlite"
    return path.read_bytes() if path.exists() else None


@pytest.fixture
def sssnake_game(cli):
    """A four-snake game after its cave round and one reported round, made through the CLI."""
    assert cli("sssnake", "new", "--players", "Ann,Bob,Cid,Dee", "--seed", "7").exit_code == 0
    for _ in range(5):
        assert cli("sssnake", "flip").exit_code == 0
    for name in ("Ann", "Bob", "Cid", "Dee"):
        assert cli("sssnake", "report", name, "--fresh", "1").exit_code == 0
    return cli("token").output.strip()


@pytest.fixture
def spark_game(cli):
    """A Snits' Revenge game with the Spark of Life and three Splops hidden, a few phases in."""
    assert cli("snits", "new", "--spark", "random", "--splops", "3", "--seed", "4").exit_code == 0
    for _ in range(3):
        assert cli("snits", "done").exit_code == 0


def elsewhere(monkeypatch, tmp_path, name="other"):
    """Another machine: an empty data folder."""
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / name))
    return tmp_path / name


def test_token_resumes_on_another_machine(cli, sssnake_game, monkeypatch, tmp_path):
    """Issue 5: `resume TOKEN` creates the game in the local store, keeps its id, and prints its status."""
    status = json.loads(cli("games", "--json").output)[0]["summary"]
    elsewhere(monkeypatch, tmp_path)
    result = cli("resume", sssnake_game)
    assert result.exit_code == 0
    assert result.output.strip() == f"resumed as sssnake-1: {status}"
    assert json.loads(cli("games", "--json").output)[0]["summary"] == status
    assert cli("token").output.strip() == sssnake_game


def test_resumed_game_plays_on(cli, sssnake_game, monkeypatch, tmp_path):
    """The resumed game takes the next action as the original does (same deck, same step counter)."""
    here = cli("sssnake", "flip").output
    elsewhere(monkeypatch, tmp_path)
    cli("resume", sssnake_game)
    assert cli("sssnake", "flip").output == here


def test_taken_id_gives_a_new_one(cli, sssnake_game):
    """Issue 5: a new id if one with that id exists, and resume says so."""
    result = cli("resume", sssnake_game)
    assert result.exit_code == 0
    assert result.output.startswith("resumed as sssnake-2 (sssnake-1 is taken here): ")


def test_token_from_stdin_and_unquoted_pieces(cli, sssnake_game, monkeypatch, tmp_path):
    """A token piped in, or typed without quotes (the shell splits it at its spaces), resumes too."""
    elsewhere(monkeypatch, tmp_path)
    assert cli("resume", input=sssnake_game + "\n").exit_code == 0
    assert cli("resume", *sssnake_game.split(" ")).output.startswith("resumed as sssnake-2")


@pytest.mark.parametrize("args, input, message", [
    (("CT1S:QED8WEX0",), None, "error: token is damaged: its checksum does not match"),
    (("hello",), None, "error: not a companion token: a token starts with CT2S:"),
    ((), "", "error: give a token (in single quotes), --image PHOTO, or pipe one in"),
    (("--image", "missing.png"), None, "error: no image file at missing.png"),
])
def test_refusals_are_one_line_and_write_nothing(cli, sssnake_game, home, args, input, message):
    """Bad input: exit code 1, one line on stderr naming the problem, the store untouched."""
    before = stored(home)
    result = cli("resume", *args, input=input)
    assert result.exit_code == 1
    assert result.stderr.startswith(message) and result.stderr.count("\n") == 1
    assert stored(home) == before


@pytest.mark.parametrize("mangle", [lambda t: t[:-4], lambda t: t[:30] + ("0" if t[30] != "0" else "1") + t[31:],
                                    lambda t: t + "A"])
def test_damaged_token_writes_nothing(cli, sssnake_game, home, mangle):
    """Checked: a mistyped or cut token is refused, never half loaded."""
    before = stored(home)
    result = cli("resume", mangle(sssnake_game))
    assert result.exit_code == 1 and "damaged" in result.stderr
    assert stored(home) == before


def test_state_the_rules_refuse_writes_nothing(cli, sssnake_game, home):
    """A well-formed token whose state is impossible (a deck that is not a permutation) is refused by the rules."""
    decoded = token.unpack(sssnake_game)
    forged = token.pack("sssnake", "sssnake-9", decoded.data | {"d": "0000000000000000"})
    before = stored(home)
    result = cli("resume", forged)
    assert result.exit_code == 1
    assert "rules refuse" in result.stderr and "permutation" in result.stderr
    assert stored(home) == before


def test_token_json(cli, sssnake_game):
    data = json.loads(cli("token", "--json").output)
    assert data == {"game": "sssnake-1", "kind": "sssnake", "private": False, "token": sssnake_game,
                    "length": len(sssnake_game)}


def test_no_game_to_tokenise(cli, sssnake_game):
    result = cli("token", "--game", "sssnake-7")
    assert result.exit_code == 1 and result.stderr.startswith("error: no game 'sssnake-7'; saved games: sssnake-1")


def test_public_token_hides_the_spark_and_resumes_sealed(cli, spark_game, monkeypatch, tmp_path):
    """Public tokens leave out the Spark of Life and Splop placement; the game they give cannot be played on,
    and resume says why and points to --private."""
    public, private = cli("token").output.strip(), cli("token", "--private")
    assert "keep it away from the Snits player" in private.stderr
    assert "salt" not in token.unpack(public).data["h"] and "salt" in token.unpack(private.stdout).data["h"]
    elsewhere(monkeypatch, tmp_path)
    sealed = cli("resume", public)
    assert sealed.exit_code == 0 and "sealed" in sealed.output and "companion token --private" in sealed.output
    assert cli("snits", "done").exit_code == 1
    playable = cli("resume", private.stdout.strip())
    assert playable.exit_code == 0 and "sealed" not in playable.output
    assert cli("snits", "done", "--game", "snits-2").exit_code == 0


def test_sssnake_public_token_is_the_private_one(cli, sssnake_game):
    """Sssnake hides nothing from the companion: --private gives the same token and no warning."""
    result = cli("token", "--private")
    assert result.stdout.strip() == sssnake_game and result.stderr == ""


def test_terminal_code(cli, sssnake_game):
    """`qr` draws the token's code on screen and names its size."""
    lines = cli("qr").output.splitlines()
    assert lines[:-1] == qr.terminal(sssnake_game).splitlines()
    assert lines[-1].startswith(f"sssnake-1: {len(sssnake_game)} characters, QR version {qr.version(sssnake_game)}")


def test_terminal_code_has_no_file(cli, sssnake_game, home):
    result = cli("qr", "-o", "code.txt")
    assert result.exit_code == 1 and result.stderr.startswith("error: -o is for --format png, svg or pdf")


def test_png_round_trip(cli, sssnake_game, monkeypatch, tmp_path):
    """state -> QR PNG -> decoder -> token -> state."""
    monkeypatch.chdir(tmp_path)
    result = cli("qr", "--format", "png")
    assert result.output.strip() == str(Path("output") / "sssnake-1-qr.png")
    elsewhere(monkeypatch, tmp_path)
    assert cli("resume", "--image", "output/sssnake-1-qr.png").output.startswith("resumed as sssnake-1: ")
    assert cli("token").output.strip() == sssnake_game


@pytest.mark.parametrize("fmt, decode", [("pdf", decode_pdf), ("svg", decode_svg)])
def test_state_card_round_trip(cli, sssnake_game, spark_game, monkeypatch, tmp_path, fmt, decode):
    """state -> state card (PDF/SVG) -> decoder -> token -> state, for both games."""
    for game in ("sssnake-1", "snits-1"):
        path = tmp_path / f"{game}.{fmt}"
        assert cli("qr", "--game", game, "--format", fmt, "--private", "-o", path).output.strip().endswith(str(path))
        assert decode(path) == [cli("token", "--game", game, "--private").stdout.strip()]


def test_card_photo_resumes(cli, spark_game, monkeypatch, tmp_path):
    """A photo of the printed card (skewed, blurred, dim, a small JPEG) resumes the game, as the card says."""
    pdfium = pytest.importorskip("pypdfium2")
    cli("qr", "--private", "--format", "pdf", "-o", tmp_path / "card.pdf")
    page = pdfium.PdfDocument(str(tmp_path / "card.pdf"))[0].render(scale=1.5).to_pil().convert("RGB")
    photo = page.rotate(8, expand=True, fillcolor=(90, 80, 70), resample=Image.BICUBIC)
    photo = ImageEnhance.Contrast(photo.filter(ImageFilter.GaussianBlur(1.2))).enhance(0.6)
    photo.resize((photo.width * 2 // 3, photo.height * 2 // 3)).save(tmp_path / "photo.jpg", quality=60)
    private = cli("token", "--private").stdout.strip()
    elsewhere(monkeypatch, tmp_path)
    assert cli("resume", "--photo", tmp_path / "photo.jpg").exit_code == 0
    assert cli("token", "--private").stdout.strip() == private


def test_image_without_a_game(cli, home, tmp_path):
    """A photo with no QR code, or a QR code that is no token: one line, nothing saved."""
    Image.new("L", (120, 120), 255).save(tmp_path / "blank.png")
    qr.png("HELLO WORLD", tmp_path / "other.png")
    for name, message in (("blank.png", "no QR code found"), ("other.png", "not a companion token")):
        result = cli("resume", "--image", tmp_path / name)
        assert result.exit_code == 1 and message in result.stderr
    assert stored(home) is None


@pytest.mark.parametrize("fmt", ["png", "pdf"])
def test_unwritable_output_is_refused(cli, sssnake_game, tmp_path, fmt):
    """A place that cannot be written (here: under a file) is one line naming it, not a traceback."""
    (tmp_path / "notes").write_text("a file, not a folder")
    result = cli("qr", "--format", fmt, "-o", tmp_path / "notes" / f"card.{fmt}")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"error: cannot write {tmp_path / 'notes' / f'card.{fmt}'}")


def test_token_command_imports_no_printing_library(sssnake_game, home):
    """`companion token` stays a table command: qrcode, PIL, zxing-cpp, reportlab and the sheets stay unloaded."""
    probe = ("import sys; from companion.cli.main import main\n"
             "try:\n    main(['token'])\nexcept SystemExit:\n    pass\n"
             "print(sorted(m for m in ('qrcode', 'PIL', 'zxingcpp', 'reportlab', 'svgwrite', 'companion.sheets') "
             "if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True,
                            env={"COMPANION_HOME": str(home), "PATH": ""}, check=True)
    assert result.stdout.splitlines() == [sssnake_game, "[]"]
