"""Every test gets its own empty data folder, so no test sees another's saved games; the suite's cache and data
folders are temporary, so running the tests never writes to the user's own."""
import pytest
from click.testing import CliRunner


@pytest.fixture(autouse=True, scope="session")
def user_folders(tmp_path_factory):
    """XDG folders for the whole run (one cache, so each data file is parsed once); subprocesses inherit them."""
    with pytest.MonkeyPatch.context() as patch:
        root = tmp_path_factory.mktemp("user")
        for name in ("XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):
            patch.setenv(name, str(root / name.lower()))
        yield root


@pytest.fixture(autouse=True)
def english(monkeypatch):
    """Tests read English unless they ask for German (the `german` fixture), whatever the machine's locale; the
    language a command chose does not outlive its test."""
    from companion.core import language

    monkeypatch.setenv("COMPANION_LANG", "en")
    token = language.use("en")
    yield
    language.restore(token)


@pytest.fixture
def german(monkeypatch):
    """The companion speaks German: COMPANION_LANG=de, for in-process commands and subprocesses alike."""
    from companion.core import language

    monkeypatch.setenv("COMPANION_LANG", "de")
    language.use("de")


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    folder = tmp_path / "home"
    monkeypatch.setenv("COMPANION_HOME", str(folder))
    return folder


@pytest.fixture
def cli():
    """Run `companion ARGS...` in-process; returns click's Result (exit_code, output)."""
    from companion.cli.main import main

    runner = CliRunner()

    def run(*args, input=None):
        return runner.invoke(main, [str(a) for a in args], input=input, catch_exceptions=False)

    return run
