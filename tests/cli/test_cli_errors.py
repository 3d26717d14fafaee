"""Every error is one line and a non-zero exit: the companion's refusals, click's own, and an unusable store."""
import sqlite3


def one_error_line(result):
    lines = [line for line in result.output.splitlines() if line.strip()]
    return len(lines) == 1 and lines[0].startswith("error: ")


def test_a_bad_option_value_is_one_line(cli):
    result = cli("sssnake", "report", "Ann", "--end", "lava")
    assert result.exit_code == 2 and one_error_line(result) and "'lava' is not one of" in result.output


def test_an_unknown_command_is_one_line(cli):
    result = cli("sssnake", "fly")
    assert result.exit_code == 2 and one_error_line(result) and "No such command 'fly'" in result.output


def test_a_bare_group_prints_its_help(cli):
    result = cli("sssnake")
    assert result.exit_code == 0 and "Commands:" in result.output


def test_a_file_where_the_data_folder_should_be(cli, home, monkeypatch, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("COMPANION_HOME", str(blocker))
    result = cli("games")
    assert result.exit_code == 1 and one_error_line(result) and "a file is in the way" in result.output


def test_a_damaged_store_file(cli, home):
    home.mkdir()
    (home / "games.sqlite").write_text("garbage " * 200)
    result = cli("sssnake", "status")
    assert result.exit_code == 1 and one_error_line(result) and "not a readable companion store" in result.output


def test_a_store_busy_in_another_command(cli, home, monkeypatch):
    """Another command holds the file: one line, and the game is left as it was."""
    cli("sssnake", "new", "--players", "Ann,Bob", "--landscape", "fjord", "--seed", "1")
    monkeypatch.setattr(sqlite3, "connect", lambda *a, **k: BusyConnection(*a))
    result = cli("sssnake", "flip")
    assert result.exit_code == 1 and one_error_line(result) and "busy in another companion command" in result.output


class BusyConnection:
    """A connection whose every write waits for a lock it never gets, as SQLite reports it."""

    def __init__(self, path):
        self.real = sqlite3.Connection(path, isolation_level=None)

    def execute(self, sql, *args):
        if sql.startswith("BEGIN"):
            raise sqlite3.OperationalError("database is locked")
        return self.real.execute(sql, *args)

    def executescript(self, sql):
        return self.real.executescript(sql)

    def close(self):
        self.real.close()


def test_version(cli):
    result = cli("--version")
    assert result.exit_code == 0 and result.output.startswith("companion, version ")
