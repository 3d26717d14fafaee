"""Saved games and solo history in one SQLite file: the rows (games, log, undo and redo, snapshots, set-aside
actions, solo scores), each method one short query, inside the transaction the opened file gives (connection.py);
the schema is in store/schema.py and opening a game under the rules in saved.py."""
import json
import os
from datetime import UTC, datetime
from typing import cast

from companion.core.folders import data_home
from companion.core.games import GAMES, new_play_id
from companion.core.language import N_, _
from companion.core.record import Value
from companion.store.connection import Connection, Unreadable, damaged, parsed


class UnknownGame(ValueError):
    """A game id that is not in the store."""


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


class GameRecord(Value):
    """A saved game as a command opens it: its row and the open store its snapshots and log are read from."""

    id: str
    kind: str
    setup: dict
    rules_version: int
    created: str
    updated: str
    archived: bool
    play_id: str  # the play's permanent id (core/games.py new_play_id): a rename keeps it, a token carries it
    store: "Store"

    @property
    def actions(self) -> list[dict]:
        """The whole log, read when asked for: a table command reads only what follows the latest snapshot."""
        return self.store.whole(self.id, "actions")

    @property
    def redo(self) -> list[dict]:
        """What undo set aside, the next to redo last."""
        return self.store.whole(self.id, "redo")


class Store(Connection):
    """One SQLite file's games and scores; open it, then do all work of a command inside `transaction()`."""

    def __init__(self, path: str | None = None):
        super().__init__(str(path) if path else os.path.join(data_home(), "games.sqlite"))

    # games -------------------------------------------------------------
    def ids(self, kind: str | None = None, archived: bool | None = None) -> list[str]:
        """Game ids (of a kind; archived or not, None: both), most recently changed first."""
        sql = ("SELECT id FROM games WHERE (?1 IS NULL OR kind = ?1) AND (?2 IS NULL OR archived = ?2) "
               "ORDER BY updated DESC, rowid DESC")
        try:
            return [r[0] for r in self.db.execute(sql, (kind, archived))]
        except ValueError:
            raise self.unreadable(N_("a game id")) from None

    def create_game(self, kind: str, setup: dict, rules_version: int, wanted_id: str | None = None,
                    play_id: str | None = None) -> str:
        """A new game: with the wanted id if it is free (a resumed token keeps its id), else the next kind-N; with
        the token's play id (the same play), else a fresh one."""
        taken = set(self.ids())
        if wanted_id and wanted_id not in taken:
            game_id = wanted_id
        else:
            n = 1
            while f"{kind}-{n}" in taken:
                n += 1
            game_id = f"{kind}-{n}"
        stamp = now()
        self.db.execute(
            "INSERT INTO games (id, kind, setup, created, updated, rules_version, play_id) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game_id, kind, json.dumps(setup, sort_keys=True), stamp, stamp, rules_version,
             play_id or new_play_id()),
        )
        return game_id

    def latest(self, kind: str | None = None) -> str:
        """The most recently touched game (of a kind) out of the archive, the default for every command."""
        ids = self.ids(kind, archived=False)
        if not ids:
            if self.ids(kind):
                raise UnknownGame((_("every saved {kind} game is archived; `companion games unarchive ID` brings one "
                                     "back (`companion games --all` lists them), or `--game ID` names one") if kind else
                                   _("every saved game is archived; `companion games unarchive ID` brings one back "
                                     "(`companion games --all` lists them), or `--game ID` names one")).format(kind=kind))
            raise UnknownGame((_("no saved {kind} game yet; start one with `companion {kind} new`") if kind else
                               _("no saved game yet; start one with `companion sssnake new`")).format(kind=kind))
        return ids[0]

    def load(self, game_id: str) -> GameRecord:
        """The game's row; a damaged one raises Unreadable, which names the trouble and never the content."""
        try:
            row = self.db.execute("SELECT id, kind, CAST(setup AS BLOB), rules_version, created, updated, archived, "
                                  "play_id FROM games WHERE id = ?", (game_id,)).fetchone()
        except ValueError:
            raise damaged(game_id, N_("its row is not valid text")) from None
        if row is None:
            raise UnknownGame(_("no game {game}; saved games: {ids}").format(
                game=repr(game_id), ids=", ".join(sorted(self.ids())) or _("none")))
        if row[1] not in GAMES:
            raise damaged(game_id, N_("its kind is not a game this companion knows"))
        setup = parsed(row[2])
        if setup is None:
            raise damaged(game_id, N_("its setup is not valid JSON"))
        return GameRecord(row[0], row[1], setup, row[3], row[4], row[5], bool(row[6]), row[7], self)

    def games(self, kind: str | None = None) -> list[GameRecord]:
        """Every saved game (of a kind, archived ones too) this companion can read, most recent first
        (`companion games` names the others)."""
        records = []
        with self.reading():
            for game_id in self.ids(kind):
                try:
                    records.append(self.load(game_id))
                except Unreadable:
                    continue
        return records

    def delete(self, game_id: str) -> None:
        """The game and all it owns (its log, redo stack, snapshots and set-aside actions) are gone for good."""
        self.db.execute("DELETE FROM games WHERE id = ?", (game_id,))

    def rename(self, game_id: str, new_id: str) -> None:
        """The game and all it owns under a new id (a free one: the caller checks); its place in the list stays."""
        self.db.execute("PRAGMA defer_foreign_keys = ON")  # the rows follow their game before the commit checks
        for table in ("actions", "redo", "snapshots", "set_aside"):
            self.db.execute(f"UPDATE {table} SET game_id = ? WHERE game_id = ?", (new_id, game_id))
        self.db.execute("UPDATE games SET id = ? WHERE id = ?", (new_id, game_id))

    def archive(self, game_id: str, archived: bool) -> None:
        """Put the game into the archive (out of the list and never the default) or take it out; nothing else."""
        self.db.execute("UPDATE games SET archived = ? WHERE id = ?", (int(archived), game_id))

    def log(self, game_id: str, table: str = "actions", since: int = 0) -> list[dict | None]:
        """The log (or the redo stack) from its `since`-th action on; None stands for a damaged action."""
        return [parsed(a) for (a,) in self.db.execute(
            f"SELECT CAST(action AS BLOB) FROM {table} WHERE game_id = ? AND seq >= ? ORDER BY seq", (game_id, since))]

    def whole(self, game_id: str, table: str) -> list[dict]:
        """The whole log (or redo stack), every action readable, or Unreadable saying which is not."""
        actions = self.log(game_id, table)
        if None in actions:
            what = (N_("action {n} of its log is not valid JSON") if table == "actions" else
                    N_("action {n} of its redo stack is not valid JSON"))
            raise damaged(game_id, what, n=actions.index(None) + 1)
        return cast(list[dict], actions)  # None is not in it

    def snapshot(self, game_id: str, before: int | None = None) -> tuple[int, dict | None] | None:
        """The latest snapshot (taken before the `before`-th action): (actions it follows, its state, None if
        damaged); None when there is none."""
        row = self.db.execute("SELECT seq, CAST(state AS BLOB) FROM snapshots WHERE game_id = ?1 AND (?2 IS NULL OR "
                              "seq < ?2) ORDER BY seq DESC LIMIT 1", (game_id, before)).fetchone()
        return row and (row[0], parsed(row[1]))

    def keep_snapshot(self, game_id: str, seq: int, state: dict) -> None:
        """The state after the log's first `seq` actions, replacing one this version could not read."""
        self.db.execute("INSERT OR REPLACE INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)",
                        (game_id, seq, json.dumps(state, sort_keys=True, separators=(",", ":"))))

    def played(self, game_id: str, rules_version: int) -> None:
        """The game changed under these rules: it becomes the latest, and its rules version is theirs."""
        self.db.execute("UPDATE games SET updated = ?, rules_version = ? WHERE id = ?", (now(), rules_version, game_id))

    def append(self, game_id: str, action: dict) -> int:
        """Log a new action; a new action makes the undone ones unreachable, as in any editor. Returns the log's
        length."""
        (n,) = self.db.execute("SELECT COALESCE(MAX(seq), -1) + 1 FROM actions WHERE game_id = ?", (game_id,)).fetchone()
        self.db.execute("INSERT INTO actions (game_id, seq, action) VALUES (?, ?, ?)",
                        (game_id, n, json.dumps(action, sort_keys=True)))
        self.db.execute("DELETE FROM redo WHERE game_id = ?", (game_id,))
        return n + 1

    def undo(self, game_id: str) -> dict | None:
        """Move the last action onto the redo stack and drop the snapshot after it; None when there is nothing to
        undo ({} for a damaged action)."""
        moved = self._move(game_id, "actions", "redo")
        if moved is None:
            return None
        self.db.execute("DELETE FROM snapshots WHERE game_id = ? AND seq > ?", (game_id, moved[0]))
        return moved[1]

    def redo(self, game_id: str) -> dict | None:
        """Put the most recently undone action back on the log; None when nothing was undone ({} for a damaged
        action)."""
        moved = self._move(game_id, "redo", "actions")
        return moved and moved[1]

    def _move(self, game_id: str, source: str, target: str) -> tuple[int, dict] | None:
        """Pop the top of one stack (the action log or the redo stack) and push it onto the other, as stored:
        (its place in the source, the action)."""
        row = self.db.execute(f"SELECT seq, CAST(action AS BLOB) FROM {source} WHERE game_id = ? ORDER BY seq DESC "
                              "LIMIT 1", (game_id,)).fetchone()
        if row is None:
            return None
        (top,) = self.db.execute(f"SELECT COALESCE(MAX(seq), -1) + 1 FROM {target} WHERE game_id = ?",
                                 (game_id,)).fetchone()
        self.db.execute(f"INSERT INTO {target} (game_id, seq, action) SELECT game_id, ?, action FROM {source} "
                        "WHERE game_id = ? AND seq = ?", (top, game_id, row[0]))
        self.db.execute(f"DELETE FROM {source} WHERE game_id = ? AND seq = ?", (game_id, row[0]))
        return row[0], parsed(row[1]) or {}

    def set_aside(self, game_id: str, since: int, rules_version: int) -> None:
        """Take the log's actions from the `since`-th on, and the redo stack beyond them, out of the game into the
        set_aside table (kept, not deleted), with the snapshots after that point: these rules cannot replay them."""
        (end,) = self.db.execute("SELECT COALESCE(MAX(seq), -1) + 1 FROM actions WHERE game_id = ?",
                                 (game_id,)).fetchone()
        undone = [seq for (seq,) in self.db.execute("SELECT seq FROM redo WHERE game_id = ? ORDER BY seq DESC",
                                                     (game_id,))]
        stamp = now()
        places = [("actions", seq, seq) for seq in range(since, end)]
        places += [("redo", seq, end + k) for k, seq in enumerate(undone)]  # the top of the redo stack comes first
        for table, seq, place in places:
            self.db.execute(f"INSERT INTO set_aside (game_id, seq, action, rules_version, moved) SELECT game_id, ?, "
                            f"action, ?, ? FROM {table} WHERE game_id = ? AND seq = ?",
                            (place, rules_version, stamp, game_id, seq))
        self.db.execute("DELETE FROM actions WHERE game_id = ? AND seq >= ?", (game_id, since))
        self.db.execute("DELETE FROM snapshots WHERE game_id = ? AND seq > ?", (game_id, since))
        self.db.execute("DELETE FROM redo WHERE game_id = ?", (game_id,))

    # solo history --------------------------------------------------------
    def record_solo(self, landscape: str, length: int, golden: int, rotten: int, score: int, rank: str,
                    day: str | None = None, source: str = "typed", sheet: str = "") -> int:
        """A solo game played on paper (a daily game's with its day; `source` "photo" when read from a photo of the
        pad sheet `sheet`, "SERIAL/PAGE"); games played with the companion are read from their logs instead."""
        cur = self.db.execute(
            "INSERT INTO solo_scores (landscape, length, golden, rotten, score, rank, played, play_id, source, sheet)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (landscape, length, golden, rotten, score, rank, now(), new_play_id(), source, sheet))
        if day:
            self.db.execute("INSERT INTO solo_days (solo_id, day) VALUES (?, ?)", (cur.lastrowid, day))
        return cur.lastrowid

    def sheet_played(self, sheet: str) -> str | None:
        """When the pad sheet "SERIAL/PAGE" was last recorded (None: never), so a second photo of it is not counted
        twice."""
        found = self.db.execute("SELECT max(played) FROM solo_scores WHERE sheet = ?", (sheet,)).fetchone()[0]
        return found if isinstance(found, str) else None

    def solo_scores(self, landscape: str | None = None) -> list[dict]:
        cols = ("id", "landscape", "length", "golden", "rotten", "score", "rank", "played", "day", "play_id", "source",
                "sheet")
        sql = f"SELECT {', '.join(cols)} FROM solo_scores LEFT JOIN solo_days ON solo_id = id"
        args: tuple = ()
        if landscape:
            sql += " WHERE landscape = ?"
            args = (landscape,)
        try:
            return [dict(zip(cols, r, strict=True)) for r in self.db.execute(sql + " ORDER BY id", args)]
        except ValueError:
            raise self.unreadable(N_("a solo score")) from None
