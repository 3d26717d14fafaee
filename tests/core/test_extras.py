"""A missing extra's pip line works where it is typed: the index's name for a copy from the index, the checkout's
folder (or the wheel file) for a copy installed from one (issue 33: `pip install '.[png]'` users were told to fetch the
index package)."""
import json
from importlib import metadata

import pytest

from companion.core import extras


class Installed:
    def __init__(self, direct_url):
        self.direct_url = direct_url

    def read_text(self, name):
        assert name == "direct_url.json"
        return None if self.direct_url is None else json.dumps(self.direct_url)


@pytest.mark.parametrize("direct_url, line", [
    (None, "pip install 'sssnake-snits-companion[png]'"),
    ({"url": "file:///home/ann/companion", "dir_info": {}}, "pip install '/home/ann/companion[png]'"),
    ({"url": "file:///tmp/my%20copy/companion-0.1.0-py3-none-any.whl", "archive_info": {}},
     "pip install '/tmp/my copy/companion-0.1.0-py3-none-any.whl[png]'"),
    ({"url": "https://example.org/companion.tar.gz", "archive_info": {}}, "pip install 'sssnake-snits-companion[png]'"),
])
def test_the_install_line_names_where_this_copy_came_from(monkeypatch, direct_url, line):
    monkeypatch.setattr(metadata, "distribution", lambda name: Installed(direct_url))
    assert extras.install_line("png") == line


def test_a_copy_pip_does_not_know_gets_the_index_name(monkeypatch):
    def unknown(name):
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "distribution", unknown)
    assert extras.install_line("serve") == "pip install 'sssnake-snits-companion[serve]'"
