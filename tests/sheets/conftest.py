"""Fixtures the printables' tests share: `run`, the `companion print` command in an empty folder."""
import pytest
from click.testing import CliRunner

from companion.cli.main import main


@pytest.fixture
def run(tmp_path, monkeypatch):
    """Run `companion print ...` in an empty current folder; returns click's Result."""
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    return lambda *args: runner.invoke(main, ["print", *map(str, args)], catch_exceptions=False)
