"""Edition files are parsed once and cached; an edited file is read afresh, an unwritable cache is no error."""
import os

from companion import edition_data


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
