"""No file is destroyed by a typo: print and qr overwrite only with --force, and never the saved games or a device."""
import os
import stat
import subprocess

import pytest
from click.testing import CliRunner

from companion.cli.main import main

# every command that writes a file, with options that keep it quick
PRINTS = [("print", "pad", "--copies", "1", "--landscape", "fjord"), ("print", "cards", "--deck", "apples"),
          ("print", "calibration"), ("print", "map"), ("print", "counters", "--clan", "red"),
          ("print", "reference")]
QRS = [("qr", "--format", fmt) for fmt in ("png", "svg", "pdf")]
STORE_FILES = ["games.sqlite", "games.sqlite-wal", "games.sqlite-journal"]


@pytest.fixture
def run(tmp_path, monkeypatch):
    """`companion ...` in an empty current folder, with one saved game for `qr` to draw."""
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()

    def invoke(*args):
        return runner.invoke(main, [str(a) for a in args], catch_exceptions=False)

    assert invoke("sssnake", "new", "--players", "Ann,Bob", "--seed", "3").exit_code == 0
    return invoke


def snapshot(*roots) -> dict:
    """Every file under the given folders (and the files given) with its bytes: a refusal must change none."""
    found = {}
    for root in map(str, roots):
        if os.path.isfile(root):
            found[root] = open(root, "rb").read()
        for folder, _, names in os.walk(root):
            for name in names:
                path = os.path.join(folder, name)
                found[path] = ("link", os.readlink(path)) if os.path.islink(path) else open(path, "rb").read()
    return found


def refused(result, *words) -> None:
    """One line on stderr starting `error:` that holds every word, nothing on stdout, exit 1."""
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: ")
    for word in words:
        assert word in result.stderr


@pytest.mark.parametrize("command", PRINTS + QRS, ids=" ".join)
def test_an_existing_file_is_kept_without_force_and_replaced_with_it(run, tmp_path, command):
    target = tmp_path / "mine.out"
    target.write_bytes(b"a week of work")
    refused(run(*command, "-o", target), str(target), "exists", "--force would replace it")
    assert target.read_bytes() == b"a week of work"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["home", "mine.out"]


@pytest.mark.parametrize("command", [PRINTS[3], QRS[0]], ids=" ".join)
def test_force_replaces_an_ordinary_file(run, tmp_path, command):
    target = tmp_path / "mine.out"
    target.write_bytes(b"old")
    assert run(*command, "-o", target, "--force").exit_code == 0
    assert target.read_bytes()[:4] in (b"%PDF", b"\x89PNG")


@pytest.mark.parametrize("name", STORE_FILES)
@pytest.mark.parametrize("command", [PRINTS[3], PRINTS[5], QRS[0], QRS[2]], ids=" ".join)
def test_the_saved_games_are_never_written_over_not_even_with_force(run, home, tmp_path, command, name):
    before = snapshot(home)
    refused(run(*command, "-o", home / name, "--force"), "saved games", "not even with --force")
    assert snapshot(home) == before and (home / "games.sqlite").exists()


@pytest.mark.parametrize("link", ["symlink", "link"])
def test_a_link_to_the_saved_games_is_caught(run, home, tmp_path, link):
    """A symbolic link (realpath) or a hard link (samefile) to the store is the store."""
    getattr(os, link)(home / "games.sqlite", tmp_path / "game.pdf")
    before = snapshot(home, tmp_path / "game.pdf")
    for command in (PRINTS[3], QRS[2]):
        refused(run(*command, "-o", tmp_path / "game.pdf", "--force"), "saved games")
    assert snapshot(home, tmp_path / "game.pdf") == before


def test_a_fifo_or_device_is_never_replaced(run, tmp_path):
    """As root, `-o /dev/null --force` used to replace the device node with a PDF."""
    os.mkfifo(tmp_path / "pipe.pdf")
    for target in (tmp_path / "pipe.pdf", os.devnull):
        for command in (PRINTS[3], QRS[0]):
            refused(run(*command, "-o", target, "--force"), str(target), "not a regular file")
    assert stat.S_ISFIFO(os.stat(tmp_path / "pipe.pdf").st_mode) and stat.S_ISCHR(os.stat(os.devnull).st_mode)


@pytest.mark.parametrize("command", [PRINTS[3], QRS[0], QRS[2]], ids=" ".join)
def test_a_folder_where_a_file_is_expected_is_refused(run, tmp_path, command):
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "notes.txt").write_text("keep")
    refused(run(*command, "-o", tmp_path / "cards", "--force"), "is a folder")
    assert snapshot(tmp_path / "cards") == {str(tmp_path / "cards" / "notes.txt"): b"keep"}


def test_svg_pages_replace_an_earlier_folder_only_with_force_and_never_other_files(run, tmp_path):
    svg = ("print", "map", "--format", "svg", "-o")
    assert run(*svg, tmp_path / "pages").exit_code == 0
    before = snapshot(tmp_path / "pages")
    refused(run(*svg, tmp_path / "pages"), "exists", "--force would replace its pages")
    assert snapshot(tmp_path / "pages") == before
    assert run(*svg, tmp_path / "pages", "--force").exit_code == 0
    (tmp_path / "pages" / "notes.txt").write_text("mine")
    refused(run(*svg, tmp_path / "pages", "--force"), "holds more than SVG pages")
    (tmp_path / "file").write_text("a file")
    refused(run(*svg, tmp_path / "file", "--force"), "is a file, and svg writes a folder")
    (tmp_path / "empty").mkdir()
    assert run(*svg, tmp_path / "empty").exit_code == 0


@pytest.mark.parametrize("command", [PRINTS[2], QRS[0]], ids=" ".join)
def test_the_default_file_is_not_overwritten_either(run, tmp_path, command):
    """A second run into output/ says the file exists and how to replace it (--force) or keep it (-o)."""
    first = run(*command)
    assert first.exit_code == 0
    path = first.stdout.splitlines()[0].split()[-3 if command[0] == "print" else -1]  # a print adds its back offset
    before = snapshot(tmp_path / "output")
    refused(run(*command), f"{path} exists", "--force", "-o")
    assert snapshot(tmp_path / "output") == before
    assert run(*command, "--force").exit_code == 0


def test_a_failed_png_leaves_the_old_file_and_no_temporary(run, tmp_path, monkeypatch):
    """The QR image is written beside the target and renamed only when whole, like every printed document."""
    from PIL import Image

    def broken(self, fp, *args, **kwargs):
        open(fp, "wb").write(b"half")
        raise OSError(28, "No space left on device")

    target = tmp_path / "code.png"
    target.write_bytes(b"old")
    monkeypatch.setattr(Image.Image, "save", broken)
    refused(run("qr", "--format", "png", "-o", target, "--force"), "No space left on device")
    assert target.read_bytes() == b"old" and sorted(p.name for p in tmp_path.iterdir()) == ["code.png", "home"]


@pytest.mark.parametrize("command", [("print", "map"), ("qr", "--format", "png"), ("qr", "--format", "pdf")])
def test_a_trailing_slash_names_a_folder_and_writes_nothing(run, tmp_path, command):
    """`-o existing.txt/` never overwrites existing.txt, and `-o NEW/` never writes a file called NEW."""
    (tmp_path / "existing.txt").write_text("precious")
    before = snapshot(tmp_path)
    for target in ("existing.txt/", "NEW/"):
        refused(run(*command, "-o", target), target, "ends in a /")
    assert snapshot(tmp_path) == before and not (tmp_path / "NEW").exists()


@pytest.mark.parametrize("command", [("print", "map"), ("qr", "--format", "png")])
def test_a_symbolic_link_is_written_over_only_with_force_and_never_one_to_nothing(run, tmp_path, command):
    ext = ".png" if "qr" in command else ".pdf"
    (tmp_path / f"real{ext}").write_text("precious")
    os.symlink(tmp_path / f"real{ext}", tmp_path / f"link{ext}")
    os.symlink(tmp_path / f"gone{ext}", tmp_path / f"dangling{ext}")
    before = snapshot(tmp_path)
    refused(run(*command, "-o", f"link{ext}"), "symbolic link", "--force")
    for force in ((), ("--force",)):
        refused(run(*command, "-o", f"dangling{ext}", *force), "symbolic link to nothing")
    assert snapshot(tmp_path) == before and not (tmp_path / f"gone{ext}").exists()
    assert run(*command, "-o", f"link{ext}", "--force").exit_code == 0


@pytest.mark.parametrize("command", PRINTS[:2] + QRS[:1], ids=" ".join)
def test_a_name_too_long_for_the_file_system_is_refused_before_drawing(run, tmp_path, command):
    """Issue 34, item 8: an -o whose name passes the file system's limit is one line before anything is drawn."""
    refused(run(*command, "-o", tmp_path / ("n" * 300 + ".out")), "longer than the 255 bytes")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["home"]


@pytest.mark.parametrize("command", [("print", "map", "--format", "svg"), ("qr", "--format", "png")], ids=" ".join)
def test_any_write_removes_what_a_killed_write_of_the_same_file_left(run, tmp_path, command):
    """Issue 34, item 9: every output is written through write_atomically, whose folder names its process: a folder
    of a process that is gone is removed by the next write of that file; a living process's folder is kept."""
    out = tmp_path / "out"
    out.mkdir()
    gone = subprocess.Popen(["true"])
    gone.wait()
    target = out / "thing.out"
    dead = out / f".thing.out.{gone.pid}.k3_x9q0z"
    living = out / f".thing.out.{os.getppid()}.a1b2c3d4"
    for folder in (dead, living):
        folder.mkdir()
        (folder / "out").write_bytes(b"cut short")
    assert run(*command, "-o", target).exit_code == 0
    assert not dead.exists() and living.exists() and target.exists()
