"""The data and cache folders follow each platform's convention, and the tests never touch the user's own."""
import os

import pytest

from companion.core import folders


@pytest.mark.parametrize("platform, env, data, cache", [
    ("linux", {"XDG_DATA_HOME": "/x/data", "XDG_CACHE_HOME": "/x/cache"}, "/x/data/companion", "/x/cache/companion"),
    ("linux", {}, "~/.local/share/companion", "~/.cache/companion"),
    ("darwin", {}, "~/Library/Application Support/companion", "~/Library/Caches/companion"),
    ("win32", {"APPDATA": "/w/Roaming", "LOCALAPPDATA": "/w/Local"}, "/w/Roaming/companion", "/w/Local/companion/Cache"),
])
def test_each_platform_has_its_own_folders(monkeypatch, platform, env, data, cache):
    monkeypatch.delenv("COMPANION_HOME")
    for name in ("XDG_DATA_HOME", "XDG_CACHE_HOME", "APPDATA", "LOCALAPPDATA"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(folders.sys, "platform", platform)
    assert folders.data_home() == os.path.expanduser(data)
    assert folders.cache_home() == os.path.expanduser(cache)


def test_companion_home_wins_over_the_platform(monkeypatch, tmp_path):
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))
    assert folders.data_home() == str(tmp_path)


def test_the_tests_use_temporary_user_folders(user_folders):
    """Running the suite never writes to the user's own cache or data folders."""
    assert folders.cache_home().startswith(str(user_folders))
    assert os.environ["XDG_DATA_HOME"].startswith(str(user_folders))
