"""Every test gets its own empty data folder, so no test sees another's saved games."""
import pytest
from click.testing import CliRunner


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    folder = tmp_path / "home"
    monkeypatch.setenv("COMPANION_HOME", str(folder))
    return folder


@pytest.fixture
def cli():
    """Run `companion ARGS...` in-process; returns click's Result (exit_code, output)."""
    from companion.cli import main

    runner = CliRunner()

    def run(*args, input=None):
        return runner.invoke(main, [str(a) for a in args], input=input, catch_exceptions=False)

    return run
