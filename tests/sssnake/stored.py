"""What a CLI test checks a refusal against: the saved game's log and redo stack, unchanged by a refused command."""
from companion.store.db import Store


def saved(game="sssnake-1"):
    store = Store()
    try:
        record = store.load(game)
        return record.actions, record.redo
    finally:
        store.close()


def refused(cli, *args, match):
    """The command exits 1 with one line starting `error:` that says `match`, and the saved game is as it was."""
    before = saved()
    result = cli(*args)
    assert result.exit_code == 1
    assert match in result.output and result.output.startswith("error: ") and result.output.count("\n") == 1
    assert saved() == before, "a refused command changed the saved game"
