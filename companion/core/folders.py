"""Where the companion keeps its files on each platform (platformdirs' conventions, without its pathlib import)."""
from __future__ import annotations

import os
import sys


def data_home() -> str:
    """$COMPANION_HOME, else the per-user data folder: XDG_DATA_HOME, ~/Library/Application Support, %APPDATA%."""
    return own_folder("XDG_DATA_HOME", (".local", "share"))


def cache_home() -> str:
    """The per-user cache folder: XDG_CACHE_HOME, ~/Library/Caches, %LOCALAPPDATA%\\companion\\Cache."""
    home = os.path.expanduser("~")
    if sys.platform == "win32":
        local = os.environ.get("LOCALAPPDATA") or os.path.join(home, "AppData", "Local")
        return os.path.join(local, "companion", "Cache")
    if sys.platform == "darwin":
        return os.path.join(home, "Library", "Caches", "companion")
    return os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.join(home, ".cache"), "companion")


def config_home() -> str:
    """$COMPANION_HOME, else the per-user settings folder: XDG_CONFIG_HOME, ~/Library/Application Support, %APPDATA%."""
    return own_folder("XDG_CONFIG_HOME", (".config",))


def own_folder(xdg: str, fallback: tuple[str, ...]) -> str:
    """$COMPANION_HOME, else the companion's folder in the roaming (Windows) or Application Support (macOS) folder,
    or elsewhere under $`xdg` (its default: ~/`fallback`): data and settings differ only there."""
    if os.environ.get("COMPANION_HOME"):
        return os.environ["COMPANION_HOME"]
    home = os.path.expanduser("~")
    if sys.platform == "win32":
        return os.path.join(os.environ.get("APPDATA") or os.path.join(home, "AppData", "Roaming"), "companion")
    if sys.platform == "darwin":
        return os.path.join(home, "Library", "Application Support", "companion")
    return os.path.join(os.environ.get(xdg) or os.path.join(home, *fallback), "companion")
