"""Edition files are parsed once and cached; an edited file is read afresh, an unwritable cache is no error, the
cache stays one entry per file, and a missing or damaged file is one line naming it."""
import os
import shutil

import pytest

from companion.core import edition_data


def use(tmp_path, monkeypatch, text):
    folder = tmp_path / "templates"
    folder.mkdir(exist_ok=True)
    (folder / "deck.toml").write_text(text)
    monkeypatch.setattr(edition_data, "TEMPLATE_DIR", str(folder))
    return folder / "deck.toml"


def test_a_cached_read_gives_what_the_file_says(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    use(tmp_path, monkeypatch, "cards = [1, 2]\n")
    assert edition_data.read_template("deck.toml") == {"cards": [1, 2]}
    assert len(os.listdir(tmp_path / "cache" / "companion")) == 1
    assert edition_data.read_template("deck.toml") == {"cards": [1, 2]}


def test_an_edited_file_is_read_afresh(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    path = use(tmp_path, monkeypatch, "cards = [1, 2]\n")
    edition_data.read_template("deck.toml")
    path.write_text("cards = [1, 2, 3, 4]\n")
    assert edition_data.read_template("deck.toml") == {"cards": [1, 2, 3, 4]}


def test_an_unwritable_cache_folder_only_costs_time(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    use(tmp_path, monkeypatch, "cards = [3]\n")
    assert edition_data.read_template("deck.toml") == {"cards": [3]}


def test_the_cache_keeps_one_file_per_data_file_and_drops_the_old_scheme(tmp_path, monkeypatch):
    """Keyed inside by version and the file's bytes: edits overwrite the entry; name.SIZE.MTIME entries are removed."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    folder = tmp_path / "templates"
    folder.mkdir()
    monkeypatch.setattr(edition_data, "TEMPLATE_DIR", str(folder))
    (tmp_path / "cache" / "companion").mkdir(parents=True)
    (tmp_path / "cache" / "companion" / "deck.toml.120.1700000000.marshal").write_bytes(b"old")
    for n in range(5):
        (folder / "deck.toml").write_text(f"cards = {list(range(n))}\n")
        assert edition_data.read_template("deck.toml") == {"cards": list(range(n))}
    assert os.listdir(tmp_path / "cache" / "companion") == ["deck.toml.marshal"]


def test_an_upgrade_reads_the_data_afresh(tmp_path, monkeypatch):
    """The same bytes under another version are parsed again, not served from an older companion's entry."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    folder = tmp_path / "templates"
    folder.mkdir()
    monkeypatch.setattr(edition_data, "TEMPLATE_DIR", str(folder))
    (folder / "deck.toml").write_text("cards = [1]\n")
    edition_data.read_template("deck.toml")
    parsed = []
    real = edition_data.parse
    monkeypatch.setattr(edition_data, "parse", lambda *a: parsed.append(a) or real(*a))
    edition_data.read_template("deck.toml")
    assert parsed == []
    monkeypatch.setattr(edition_data, "__version__", "9.9.9")
    assert edition_data.read_template("deck.toml") == {"cards": [1]} and len(parsed) == 1


@pytest.fixture
def broken_data(tmp_path, monkeypatch):
    """A copy of the edition data with one file missing or damaged (the loaded maps and layouts forgotten before and
    after)."""
    from companion.sheets.map_layout import edition_layout
    from companion.snits import bolotomus

    folder = tmp_path / "templates"
    shutil.copytree(edition_data.TEMPLATE_DIR, folder)
    monkeypatch.setattr(edition_data, "TEMPLATE_DIR", str(folder))
    for loaded in (bolotomus.loaded, edition_layout):
        loaded.cache_clear()
    yield folder
    for loaded in (bolotomus.loaded, edition_layout):
        loaded.cache_clear()


@pytest.mark.parametrize("command, file", [
    (("snits", "new", "--seed", "1"), "map-second-edition.toml"),
    (("snits", "new", "--seed", "1", "--map", "first-edition"), "map-first-edition.toml"),
    (("print", "map"), "layout-second-edition.toml"),
    (("print", "map", "--map", "first-edition"), "layout-first-edition.toml"),
])
@pytest.mark.parametrize("content, why", [(None, "cannot be read"), ("cards = [1,\n", "is damaged")])
def test_a_missing_or_damaged_data_file_is_one_line_naming_it(cli, broken_data, tmp_path, monkeypatch, command,
                                                              file, content, why):
    """Not a traceback, and not 'cannot write output/...' as `print map` used to say."""
    monkeypatch.chdir(tmp_path)
    target = broken_data / "snits" / file
    target.unlink()
    if content is not None:
        target.write_text(content)
    result = cli(*command)
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: the edition data file ")
    assert os.path.join("snits", file) in lines[0] and why in lines[0]
    assert not (tmp_path / "output").exists()
