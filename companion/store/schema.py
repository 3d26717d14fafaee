"""The store's SQLite schema and its migrations, kept apart from the code so a schema change reads as one diff."""

# Version 0, the first schema (a file without user_version): games as setup + action log, undo's redo stack, and
# the paper solo scores. A new file starts here too, so every store reaches today's schema by the same migrations.
SCHEMA = (
    """CREATE TABLE IF NOT EXISTS games (
        id      TEXT PRIMARY KEY,
        kind    TEXT NOT NULL,
        setup   TEXT NOT NULL,
        created TEXT NOT NULL,
        updated TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS actions (
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq     INTEGER NOT NULL,
        action  TEXT NOT NULL,
        PRIMARY KEY (game_id, seq))""",
    """CREATE TABLE IF NOT EXISTS redo (
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq     INTEGER NOT NULL,
        action  TEXT NOT NULL,
        PRIMARY KEY (game_id, seq))""",
    """CREATE TABLE IF NOT EXISTS solo_scores (
        id        INTEGER PRIMARY KEY AUTOINCREMENT,
        landscape TEXT NOT NULL,
        length    INTEGER NOT NULL,
        golden    INTEGER NOT NULL,
        rotten    INTEGER NOT NULL,
        score     INTEGER NOT NULL,
        rank      TEXT NOT NULL,
        played    TEXT NOT NULL)""",
)

# MIGRATIONS[v] takes a store from version v to v + 1 (PRAGMA user_version says where a file stands).
MIGRATIONS = (
    (  # 1: the rules version each game is played under (games saved before it were played under version 1), the
       # state after every action, and the actions a later version could no longer replay, kept aside.
        "ALTER TABLE games ADD COLUMN rules_version INTEGER NOT NULL DEFAULT 1",
        """CREATE TABLE snapshots (
            game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seq     INTEGER NOT NULL,  -- the state after the log's first `seq` actions
            state   TEXT NOT NULL,     -- the engine's private dict form
            PRIMARY KEY (game_id, seq))""",
        """CREATE TABLE set_aside (
            game_id       TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seq           INTEGER NOT NULL,  -- its place in the log (the redo stack's come after the log)
            action        TEXT NOT NULL,
            rules_version INTEGER NOT NULL,  -- the version that could not replay it
            moved         TEXT NOT NULL)""",
    ),
    (  # 2: a game can be archived: kept whole, but out of `companion games` and never the default game.
        "ALTER TABLE games ADD COLUMN archived INTEGER NOT NULL DEFAULT 0",
    ),
    (  # 3: the day of a paper solo score recorded against a daily game (`sssnake record --daily`).
        """CREATE TABLE solo_days (
            solo_id INTEGER PRIMARY KEY REFERENCES solo_scores(id) ON DELETE CASCADE,
            day     TEXT NOT NULL)""",
    ),
    (  # 4: a play's permanent id (core/games.py PLAY_BYTES: BG Stats' sourcePlayId, carried by a token): a rename keeps
       # it and a game resumed elsewhere brings it; every game and paper score saved before gets a fresh one here.
        "ALTER TABLE games ADD COLUMN play_id TEXT NOT NULL DEFAULT ''",
        "UPDATE games SET play_id = lower(hex(randomblob(6)))",
        "ALTER TABLE solo_scores ADD COLUMN play_id TEXT NOT NULL DEFAULT ''",
        "UPDATE solo_scores SET play_id = lower(hex(randomblob(6)))",
    ),
    (  # 5: where a paper score came from, typed or read from a photo of the sheet (`sssnake record --photo`), and
       # the pad sheet the photo's code named ("SERIAL/PAGE"; '' when typed or none was read), so that one sheet
       # photographed twice is not counted twice.
        "ALTER TABLE solo_scores ADD COLUMN source TEXT NOT NULL DEFAULT 'typed'",
        "ALTER TABLE solo_scores ADD COLUMN sheet TEXT NOT NULL DEFAULT ''",
    ),
)
VERSION = len(MIGRATIONS)
