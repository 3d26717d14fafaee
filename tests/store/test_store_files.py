"""The store's folder and file: private when the companion makes them, readable when they are read-only."""
import os
import pathlib
import shutil
import stat
import tempfile

import pytest

READS = [["games"], ["sssnake", "status"], ["snits", "status"], ["token"], ["sssnake", "history"]]
WRITES = [["sssnake", "flip"], ["sssnake", "undo"], ["snits", "done"], ["snits", "new", "--seed", "2"],
          ["sssnake", "record", "--landscape", "fjord", "--length", "20", "--golden", "0", "--rotten", "0"]]


def mode(path):
    return stat.S_IMODE(os.stat(path).st_mode)


def games(cli):
    assert cli("snits", "new", "--seed", "1").exit_code == 0
    assert cli("sssnake", "new", "--players", "Ann,Bob", "--seed", "1").exit_code == 0
    assert cli("sssnake", "flip").exit_code == 0


def test_a_new_data_folder_and_store_are_the_players_alone(cli, home):
    games(cli)
    assert mode(home) == 0o700 and mode(home / "games.sqlite") == 0o600


def test_an_existing_folder_keeps_its_mode_and_the_new_store_is_private(cli, home):
    home.mkdir()
    os.chmod(home, 0o755)
    games(cli)
    assert mode(home) == 0o755 and mode(home / "games.sqlite") == 0o600


def check_read_only(cli, home):
    """Every read works; every write is one line naming the file, and the file is left byte for byte."""
    path = home / "games.sqlite"
    before = path.read_bytes()
    for read in READS:
        result = cli(*read)
        assert result.exit_code == 0 and result.stderr == "", (read, result.output)
    for write in WRITES:
        result = cli(*write)
        assert result.exit_code == 1 and result.output == (
            f"error: the saved games in {path} are read-only; make the file and its folder writable to change them "
            "(reading works as it is)\n"), (write, result.output)
    assert path.read_bytes() == before


def test_a_store_the_player_may_not_write_still_serves_reads(cli, home, monkeypatch):
    """As os.access reports it (root may write any file, so the check is simulated here)."""
    games(cli)
    real = os.access
    monkeypatch.setattr(os, "access", lambda path, how, **kw: how != os.W_OK and real(path, how, **kw))
    check_read_only(cli, home)


def writes_read_only_files() -> bool:
    """Whether this process may write a read-only file anyway (root, with its capabilities)."""
    with tempfile.TemporaryDirectory() as folder:
        probe = os.path.join(folder, "probe")
        open(probe, "w").close()
        os.chmod(probe, 0o444)
        return os.access(probe, os.W_OK)


@pytest.mark.skipif(writes_read_only_files(), reason="this process writes read-only files (root)")
@pytest.mark.parametrize("what", ["file", "folder"])
def test_a_read_only_file_or_folder_still_serves_reads(cli, home, what):
    games(cli)
    target = home / "games.sqlite" if what == "file" else home
    os.chmod(target, 0o444 if what == "file" else 0o555)
    try:
        check_read_only(cli, home)
    finally:
        os.chmod(target, 0o600 if what == "file" else 0o700)


def test_an_old_read_only_store_asks_to_be_made_writable_once(cli, home, monkeypatch):
    """A schema-0 file cannot be upgraded in place while read-only: one line, nothing touched."""
    home.mkdir()
    shutil.copyfile(pathlib.Path(__file__).parents[1] / "data" / "store-v0.sqlite", home / "games.sqlite")
    before = (home / "games.sqlite").read_bytes()
    real = os.access
    monkeypatch.setattr(os, "access", lambda path, how, **kw: how != os.W_OK and real(path, how, **kw))
    result = cli("games")
    assert result.exit_code == 1 and result.output == (
        f"error: the saved games in {home / 'games.sqlite'} are read-only and from an older companion; make them "
        "writable once so this version can upgrade them\n")
    assert (home / "games.sqlite").read_bytes() == before
