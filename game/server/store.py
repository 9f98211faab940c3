"""Where the server keeps its games: a small interface (:class:`Store`) and its embedded
default, SQLite in WAL mode (:class:`SQLiteStore`); PostgreSQL, for several server
processes, is behind the same methods in :mod:`game.server.postgres`.

A game is kept as what rebuilds it and nothing more:

- ``games``: the public id, the rules id, the level (its name and its JSON as played, so a
  later change of the level files cannot change a stored game), the options, the seed,
  its salt and the commitment ``sha256("<seed>:<salt>")``, the invite and spectator codes,
  the status (``open`` until the friend joins, ``playing``, ``over``) and the result;
- ``seats``: per side the hash (sha256) of its secret, never the secret itself;
- ``moves``: one row per accepted move, ``(game, ply)`` its primary key, so a second move
  at the same ply cannot be stored whatever raced it. The position is rebuilt by replaying
  the moves through the rules engine.

Schema 2 adds what the clocks are worked out from (:mod:`game.server.clock`): a game's
time control, when its second seat was taken (``started_ms``), why and when it ended when
the rules did not end it (``reason``: ``time``, ``abandoned``; ``ended_ms``), and when each
move was accepted to the millisecond (``moves.at_ms``; ``at`` keeps the second).

Schema 3 is PostgreSQL's alone (the seats present on each process: nothing here). Schema
4 shares the seats' questions between server processes (:mod:`game.server.takeback`,
:mod:`game.server.rematch`): the take-back asked and not yet answered (``asked_by``,
``asked_ply``, ``asked_to``), how many take-backs the game had (``takebacks``, the epoch a
client's hello names, and ``taken_to``, the ply the last one went back to), the id a
rematch will have once both seats want it (``rematch_next``, fixed by the first offer) and
``rematch_offers``: per seat that offered, the hash of its secret in that rematch.

No address, no name, no e-mail is stored. The schema carries its version (``PRAGMA
user_version`` and the ``schema_version`` table): a later version migrates step by step.
"""
from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

#: the schema this module writes and reads (2: ``games.rematch``, the game that followed it,
#: and the time control, the clock's start, a server's reason to end and the moves' ms; 3:
#: PostgreSQL's own; 4: the questions shared between processes and the take-backs' epoch)
SCHEMA_VERSION = 4
#: the database file inside the data folder
DB_NAME = "games.sqlite3"

SCHEMA = """
CREATE TABLE IF NOT EXISTS schema_version (
    version INTEGER NOT NULL,
    applied INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    level TEXT NOT NULL,
    level_json TEXT NOT NULL,
    options_json TEXT,
    seed INTEGER NOT NULL,
    salt TEXT NOT NULL,
    commit_hash TEXT NOT NULL,
    invite TEXT NOT NULL UNIQUE,
    watch TEXT NOT NULL UNIQUE,
    rules_version TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('open', 'playing', 'over')),
    result TEXT,
    created INTEGER NOT NULL,
    updated INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    game_id TEXT NOT NULL REFERENCES games(id),
    side TEXT NOT NULL,
    secret_hash TEXT NOT NULL UNIQUE,
    joined INTEGER NOT NULL,
    PRIMARY KEY (game_id, side)
);
CREATE TABLE IF NOT EXISTS moves (
    game_id TEXT NOT NULL REFERENCES games(id),
    ply INTEGER NOT NULL CHECK (ply >= 1),
    side TEXT NOT NULL,
    move_json TEXT NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;
"""

#: step 4, the same in both stores (only the types' names differ, and SQLite's are PostgreSQL's
#: too): the questions a seat asks, kept where every process reads them (see the module's text)
QUESTIONS = (
    "ALTER TABLE games ADD COLUMN takebacks INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE games ADD COLUMN taken_to INTEGER",
    "ALTER TABLE games ADD COLUMN asked_by TEXT",
    "ALTER TABLE games ADD COLUMN asked_ply INTEGER",
    "ALTER TABLE games ADD COLUMN asked_to INTEGER",
    "ALTER TABLE games ADD COLUMN rematch_next TEXT",
    """CREATE TABLE rematch_offers (
        game_id TEXT NOT NULL REFERENCES games(id),
        side TEXT NOT NULL,
        secret_hash TEXT NOT NULL,
        PRIMARY KEY (game_id, side)
    )""",
)

#: each step after schema 1, from the version before it: MIGRATIONS[n] takes a database from
#: n - 1 to n (the same steps as PostgreSQL's, :mod:`game.server.postgres`)
MIGRATIONS: dict[int, tuple[str, ...]] = {2: (
    "ALTER TABLE games ADD COLUMN rematch TEXT",
    "ALTER TABLE games ADD COLUMN time_control TEXT",
    "ALTER TABLE games ADD COLUMN started_ms INTEGER",
    "ALTER TABLE games ADD COLUMN reason TEXT",
    "ALTER TABLE games ADD COLUMN ended_ms INTEGER",
    "ALTER TABLE moves ADD COLUMN at_ms INTEGER",
), 3: (), 4: QUESTIONS}  # (3: PostgreSQL's seats present; the numbers stay the same in both)


#: how a transaction reaches the disk: ``full`` syncs the WAL at every commit (a stored move
#: survives a power cut); ``normal`` only at checkpoints (a stored move survives the server's
#: process being killed, and the last moves may be lost to a power cut or a kernel crash)
SYNC = {"full": "FULL", "normal": "NORMAL"}


class StoreError(RuntimeError):
    """The store cannot be used: a database of a newer schema, a folder that cannot be
    written. The message says which, in a line."""


class Conflict(StoreError):
    """``append_many`` met a move already stored at its ``(game, ply)``: another server
    process (on a shared database) stored its own move there first. Nothing of the
    transaction was stored."""


@dataclass(frozen=True)
class GameRow:
    id: str
    game: str
    level: str
    level_json: str
    options_json: str | None
    seed: int
    salt: str
    commit_hash: str
    invite: str
    watch: str
    rules_version: str
    status: str = "open"
    result: str | None = None
    created: int = 0
    updated: int = 0
    #: the game a rematch made of this one (its id), once both seats asked for it
    rematch: str | None = None
    #: the time control's JSON (None: no clock), :func:`game.server.clock.stored`
    time_control: str | None = None
    #: when the second seat was taken (ms since the epoch): the first turn's clock starts
    started_ms: int | None = None
    #: why the game ended when the rules did not end it (``time``, ``abandoned``), and when
    reason: str | None = None
    ended_ms: int | None = None
    #: how many take-backs were agreed (schema 4): the game's epoch, and the ply the last went back to
    takebacks: int = 0
    taken_to: int | None = None
    #: the id its rematch will have, fixed by the first offer (schema 4)
    rematch_next: str | None = None


@dataclass(frozen=True)
class Question:
    """A take-back asked by ``by`` at ply ``ply``, going back to ply ``to``, not answered yet."""

    by: str
    ply: int
    to: int


@dataclass(frozen=True)
class MoveRow:
    ply: int
    side: str
    move_json: str
    #: when the server accepted it (ms since the epoch; a move stored before schema 2: its second)
    at_ms: int | None = None


class Store(Protocol):
    """What the server needs of a store. Every method is one transaction; a method that
    adds a row answers False (never raises) when a unique key refuses it, except
    ``append_many``, which raises :class:`Conflict` (and stores nothing) when a move's
    ``(game, ply)`` is taken. Two stores: :class:`SQLiteStore` (one process) and
    :class:`game.server.postgres.PostgresStore` (several processes on one database)."""

    def create(self, game: GameRow, side: str, secret_hash: str) -> bool: ...
    def game(self, game_id: str) -> GameRow | None: ...
    def by_invite(self, code: str) -> GameRow | None: ...
    def by_watch(self, code: str) -> GameRow | None: ...
    def seat_of(self, secret_hash: str) -> tuple[str, str] | None: ...
    def seats(self, game_id: str) -> list[str]: ...
    def add_seat(self, game_id: str, side: str, secret_hash: str, started_ms: int | None = None) -> bool: ...
    def moves(self, game_id: str, after: int = 0) -> list[MoveRow]: ...
    def moves_after(self, after: dict[str, int]) -> dict[str, list[MoveRow]]: ...
    def append(self, game_id: str, move: MoveRow, status: str, result: str | None) -> bool: ...
    def append_many(self, moves: list[tuple[str, MoveRow, str, str | None]]) -> None: ...
    def take_back(self, game_id: str, keep: int, last: int, asked_by: str | None = None) -> bool: ...
    def ask(self, game_id: str, question: Question) -> bool: ...
    def question(self, game_id: str) -> Question | None: ...
    def drop_question(self, game_id: str, question: Question, status: str) -> bool: ...
    def reserve_rematch(self, old_id: str, new_id: str) -> str: ...
    def offer_rematch(self, old_id: str, side: str, secret_hash: str) -> dict[str, str]: ...
    def rematch_offers(self, old_id: str) -> dict[str, str]: ...
    def create_rematch(self, old_id: str, game: GameRow, seats: dict[str, str]) -> bool: ...
    def end(self, game_id: str, ply: int, result: str | None, reason: str, at_ms: int) -> bool: ...
    def clocked(self) -> list[str]: ...
    def expire(self, before: int, keep: frozenset[str] = ..., batch: int = ...) -> list[str]: ...
    def close(self) -> None: ...


@runtime_checkable
class SharedSeats(Protocol):
    """A store shared by several server processes also keeps which seats have a socket on
    which process (:class:`game.server.postgres.PostgresStore`): the reconnect grace and the
    claim work wherever each player's socket landed."""

    def seat_here(self, game_id: str, side: str, here: bool) -> None: ...
    def seats_here(self, changes: list[tuple[str, str, bool]]) -> None: ...
    def beat(self, seats: Iterable[tuple[str, str]]) -> None: ...
    def elsewhere(self, games: list[str]) -> dict[str, dict[str, int]]: ...
    def gone(self) -> None: ...


#: the columns a new game is written with (its end is not known yet)
NEW_COLUMNS = ("id, game, level, level_json, options_json, seed, salt, commit_hash, invite, watch, "
               "rules_version, status, result, created, updated, time_control")
#: the columns a game is read with (a GameRow's fields, in order)
GAME_COLUMNS = ("id, game, level, level_json, options_json, seed, salt, commit_hash, invite, watch, "
                "rules_version, status, result, created, updated, rematch, time_control, started_ms, reason, "
                "ended_ms, takebacks, taken_to, rematch_next")
#: a move's time to the millisecond, that of a move stored before schema 2 from its second
MOVE_COLUMNS = "ply, side, move_json, coalesce(at_ms, at * 1000)"


#: games deleted in one transaction of an expiry (a sweep after a long time off deletes in
#: several, each short, so that the moves being stored meanwhile never wait long)
EXPIRE_BATCH = 200


class SQLiteStore:
    """The embedded store: one SQLite file in WAL mode in the data folder.

    By default (``sync="full"``, SQLite's ``synchronous=FULL``) a move the server answered
    "accepted" is on the disk, whatever happens to the process or the machine after (WAL
    makes that one append and one sync per transaction; the server stores the moves that
    arrive together in one transaction)."""

    def __init__(self, folder: Path, clock: Any = time.time, sync: str = "full") -> None:
        if sync not in SYNC:
            raise StoreError(f"sync must be {' or '.join(SYNC)}, not {sync!r}")
        self.folder = Path(folder)
        self.clock = clock
        self.sync = sync
        self.writer: sqlite3.Connection | None = None
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            self.db = self.connect()
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(f"cannot open the database in {self.folder}: {exc}") from exc
        try:
            self.db.execute("PRAGMA journal_mode=WAL")
            self.migrate()
        except sqlite3.Error as exc:
            self.db.close()
            raise StoreError(f"cannot use the database {self.folder / DB_NAME}: {exc}") from exc

    def connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.folder / DB_NAME, isolation_level=None, check_same_thread=False,
                             timeout=5.0)
        db.execute(f"PRAGMA synchronous={SYNC[self.sync]}")
        db.execute("PRAGMA foreign_keys=ON")
        return db

    def migrate(self) -> None:
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(f"the database {self.folder / DB_NAME} has schema {version}; this server reads "
                             f"schema {SCHEMA_VERSION} and older: run a newer server")
        if version == SCHEMA_VERSION:
            return
        with self.transaction():
            if version == 0:
                for statement in SCHEMA.split(";"):
                    if statement.strip():
                        self.db.execute(statement)
                self.db.execute("INSERT INTO schema_version (version, applied) VALUES (?, ?)",
                                (1, int(self.clock())))
            for step in range(max(version, 1) + 1, SCHEMA_VERSION + 1):
                for statement in MIGRATIONS[step]:
                    self.db.execute(statement)
                self.db.execute("INSERT INTO schema_version (version, applied) VALUES (?, ?)",
                                (step, int(self.clock())))
            self.db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

    def transaction(self) -> Any:
        return _Transaction(self.db)

    # -- games ----------------------------------------------------------------------------
    def create(self, game: GameRow, side: str, secret_hash: str) -> bool:
        now = int(self.clock())
        try:
            with self.transaction():
                self.db.execute(f"INSERT INTO games ({NEW_COLUMNS}) VALUES ({', '.join('?' * 16)})",
                                (game.id, game.game, game.level, game.level_json, game.options_json,
                                 game.seed, game.salt, game.commit_hash, game.invite, game.watch,
                                 game.rules_version, game.status, game.result, now, now, game.time_control))
                self.db.execute("INSERT INTO seats (game_id, side, secret_hash, joined) VALUES (?, ?, ?, ?)",
                                (game.id, side, secret_hash, now))
        except sqlite3.IntegrityError:
            return False
        return True

    def _one(self, where: str, value: str) -> GameRow | None:
        row = self.db.execute(f"SELECT {GAME_COLUMNS} FROM games WHERE {where} = ?", (value,)).fetchone()
        return GameRow(*row) if row else None

    def game(self, game_id: str) -> GameRow | None:
        return self._one("id", game_id)

    def by_invite(self, code: str) -> GameRow | None:
        return self._one("invite", code)

    def by_watch(self, code: str) -> GameRow | None:
        return self._one("watch", code)

    # -- seats ----------------------------------------------------------------------------
    def seat_of(self, secret_hash: str) -> tuple[str, str] | None:
        row = self.db.execute("SELECT game_id, side FROM seats WHERE secret_hash = ?",
                              (secret_hash,)).fetchone()
        return (row[0], row[1]) if row else None

    def seats(self, game_id: str) -> list[str]:
        found = self.db.execute("SELECT side FROM seats WHERE game_id = ? ORDER BY joined, side", (game_id,))
        return [r[0] for r in found]

    def add_seat(self, game_id: str, side: str, secret_hash: str, started_ms: int | None = None) -> bool:
        """The other seat taken; the game is ``playing`` from ``started_ms`` (its first
        turn's clock starts then; by default now)."""
        now = int(self.clock())
        started = int(now * 1000) if started_ms is None else started_ms
        try:
            with self.transaction():
                self.db.execute("INSERT INTO seats (game_id, side, secret_hash, joined) VALUES (?, ?, ?, ?)",
                                (game_id, side, secret_hash, now))
                self.db.execute("UPDATE games SET status = 'playing', updated = ?, started_ms = ? "
                                "WHERE id = ? AND status = 'open'", (now, started, game_id))
        except sqlite3.IntegrityError:
            return False
        return True

    # -- moves ----------------------------------------------------------------------------
    def moves(self, game_id: str, after: int = 0) -> list[MoveRow]:
        """The game's stored moves in order (those after ply ``after``)."""
        return [MoveRow(*r) for r in self.db.execute(
            f"SELECT {MOVE_COLUMNS} FROM moves WHERE game_id = ? AND ply > ? ORDER BY ply",
            (game_id, after))]

    def moves_after(self, after: dict[str, int]) -> dict[str, list[MoveRow]]:
        """Per game of ``after``, its stored moves after that ply (one process: never needed in
        a thread, read here as :meth:`moves`)."""
        return {game: self.moves(game, ply) for game, ply in after.items()}

    def append(self, game_id: str, move: MoveRow, status: str, result: str | None) -> bool:
        now = int(self.clock())
        try:
            with self.transaction():
                self.db.execute("INSERT INTO moves (game_id, ply, side, move_json, at, at_ms) "
                                "VALUES (?, ?, ?, ?, ?, ?)", (game_id, move.ply, move.side, move.move_json,
                                                              *move_times(move, now)))
                self.db.execute("UPDATE games SET status = ?, result = ?, updated = ? WHERE id = ?",
                                (status, result, now, game_id))
        except sqlite3.IntegrityError:
            return False
        return True

    def append_many(self, moves: list[tuple[str, MoveRow, str, str | None]]) -> None:
        """Moves of any games, ``(game, move, status, result)`` each, in one transaction: all
        stored, or none (an error raised: a unique key refused one, the disk failed). It may be
        called from another thread than the other methods: it writes through a connection of
        its own, so that the other methods never wait for its sync of the disk."""
        now = int(self.clock())
        if self.writer is None:
            self.writer = self.connect()
        db = self.writer
        try:
            with _Transaction(db):
                db.executemany("INSERT INTO moves (game_id, ply, side, move_json, at, at_ms) "
                               "VALUES (?, ?, ?, ?, ?, ?)",
                               [(game, move.ply, move.side, move.move_json, *move_times(move, now))
                                for game, move, _s, _r in moves])
                db.executemany("UPDATE games SET status = ?, result = ?, updated = ? WHERE id = ?",
                               [(status, result, now, game) for game, _m, status, result in moves])
        except sqlite3.IntegrityError as exc:
            raise Conflict(f"a move is stored already at its ply: {exc}") from exc

    def take_back(self, game_id: str, keep: int, last: int, asked_by: str | None = None) -> bool:
        """A take-back agreed: the moves after ply ``keep`` deleted, in one transaction, if
        ply ``last`` is still the game's last (False, and nothing changed, when it is not)
        and, with ``asked_by``, that seat's question at ``last`` is still open (it is then
        answered). What stays is the game, rebuilt by replay; its epoch (``takebacks``) goes
        up by one."""
        now = int(self.clock())
        with self.transaction():
            found = self.db.execute("SELECT coalesce(max(ply), 0) FROM moves WHERE game_id = ?",
                                    (game_id,)).fetchone()[0]
            if found != last:
                return False
            if asked_by is not None and not self.db.execute(
                    "UPDATE games SET asked_by = NULL, asked_ply = NULL, asked_to = NULL "
                    "WHERE id = ? AND asked_by = ? AND asked_ply = ? AND asked_to = ?",
                    (game_id, asked_by, last, keep)).rowcount:
                return False
            self.db.execute("DELETE FROM moves WHERE game_id = ? AND ply > ?", (game_id, keep))
            self.db.execute("UPDATE games SET status = 'playing', result = NULL, updated = ?, "
                            "takebacks = takebacks + 1, taken_to = ? WHERE id = ?", (now, keep, game_id))
        return True

    # -- the seats' questions (schema 4) ----------------------------------------------------
    def ask(self, game_id: str, question: Question) -> bool:
        """``question`` open on the game, unless one is open at its ply already (False)."""
        with self.transaction():
            return bool(self.db.execute(
                "UPDATE games SET asked_by = ?, asked_ply = ?, asked_to = ? "
                "WHERE id = ? AND (asked_ply IS NULL OR asked_ply <> ?)",
                (question.by, question.ply, question.to, game_id, question.ply)).rowcount)

    def question(self, game_id: str) -> Question | None:
        """The take-back asked and not answered (it may have lapsed: its ply is no longer the game's)."""
        row = self.db.execute("SELECT asked_by, asked_ply, asked_to FROM games WHERE id = ?",
                              (game_id,)).fetchone()
        return None if row is None or row[0] is None else Question(row[0], row[1], row[2])

    def drop_question(self, game_id: str, question: Question, status: str) -> bool:
        """``question`` refused or withdrawn (``status``): False when it is not open any more
        (answered meanwhile)."""
        with self.transaction():
            return bool(self.db.execute(
                "UPDATE games SET asked_by = NULL, asked_ply = NULL, asked_to = NULL "
                "WHERE id = ? AND asked_by = ? AND asked_ply = ?",
                (game_id, question.by, question.ply)).rowcount)

    def reserve_rematch(self, old_id: str, new_id: str) -> str:
        """The id the rematch of ``old_id`` will have: ``new_id`` if none was fixed before."""
        with self.transaction():
            self.db.execute("UPDATE games SET rematch_next = ? WHERE id = ? AND rematch_next IS NULL",
                            (new_id, old_id))
            row = self.db.execute("SELECT rematch_next FROM games WHERE id = ?", (old_id,)).fetchone()
        return str(row[0]) if row and row[0] is not None else new_id

    def offer_rematch(self, old_id: str, side: str, secret_hash: str) -> dict[str, str]:
        """``side`` offers a rematch, the hash of its secret in it kept; every offer so far
        (side -> hash)."""
        with self.transaction():
            self.db.execute("INSERT OR REPLACE INTO rematch_offers (game_id, side, secret_hash) "
                            "VALUES (?, ?, ?)", (old_id, side, secret_hash))
            return self.rematch_offers(old_id)

    def rematch_offers(self, old_id: str) -> dict[str, str]:
        return dict(self.db.execute("SELECT side, secret_hash FROM rematch_offers WHERE game_id = ?",
                                    (old_id,)).fetchall())

    def create_rematch(self, old_id: str, game: GameRow, seats: dict[str, str]) -> bool:
        """The rematch of ``old_id``: ``game`` with both its seats (side -> the hash of its
        secret), and the old game's ``rematch`` pointing at it, in one transaction; False
        (nothing stored) when the old game has its rematch already or a code is taken."""
        now = int(self.clock())
        try:
            with self.transaction():
                linked = self.db.execute("UPDATE games SET rematch = ?, updated = ? "
                                         "WHERE id = ? AND rematch IS NULL", (game.id, now, old_id)).rowcount
                if linked != 1:
                    raise _NotLinked()
                self.db.execute(f"INSERT INTO games ({NEW_COLUMNS}, started_ms) "
                                f"VALUES ({', '.join('?' * 17)})",
                                (game.id, game.game, game.level, game.level_json, game.options_json,
                                 game.seed, game.salt, game.commit_hash, game.invite, game.watch,
                                 game.rules_version, "playing", None, now, now, game.time_control,
                                 game.started_ms))
                self.db.executemany("INSERT INTO seats (game_id, side, secret_hash, joined) "
                                    "VALUES (?, ?, ?, ?)",
                                    [(game.id, side, hashed, now) for side, hashed in seats.items()])
                self.db.execute("DELETE FROM rematch_offers WHERE game_id = ?", (old_id,))
        except (sqlite3.IntegrityError, _NotLinked):
            return False
        return True

    def end(self, game_id: str, ply: int, result: str | None, reason: str, at_ms: int) -> bool:
        """The game ended at ply ``ply`` for a reason of the server's (a flag fell, the game
        was claimed): False when it is over already or has moves after that ply (a move
        stored first stands; the end is worked out again)."""
        now = int(self.clock())
        with self.transaction():
            done = self.db.execute(
                "UPDATE games SET status = 'over', result = ?, reason = ?, ended_ms = ?, updated = ? "
                "WHERE id = ? AND status = 'playing' "
                "AND (SELECT count(*) FROM moves WHERE game_id = ?) = ?",
                (result, reason, at_ms, now, game_id, game_id, ply)).rowcount
        return bool(done)

    def clocked(self) -> list[str]:
        """The games being played under a time control (their flags may fall)."""
        return [r[0] for r in self.db.execute(
            "SELECT id FROM games WHERE status = 'playing' AND time_control IS NOT NULL")]

    def expire(self, before: int, keep: frozenset[str] = frozenset(), batch: int = EXPIRE_BATCH) -> list[str]:
        """Delete the games nothing touched (no move, no seat taken, no end) since ``before``
        (seconds since the epoch), their seats and moves with them, but those of ``keep``
        (followed right now); the ids deleted. Called from a thread of its own: it opens its
        own connection."""
        db = self.connect()
        gone: list[str] = []
        try:
            while True:
                with _Transaction(db):
                    found = db.execute("SELECT id FROM games WHERE updated < ? ORDER BY updated LIMIT ?",
                                       (before, batch + len(keep)))
                    ids = [r[0] for r in found if r[0] not in keep][:batch]
                    if ids:
                        marks = ",".join("?" * len(ids))
                        for table in ("moves", "seats", "rematch_offers"):
                            db.execute(f"DELETE FROM {table} WHERE game_id IN ({marks})", ids)
                        db.execute(f"DELETE FROM games WHERE id IN ({marks}) AND updated < ?", (*ids, before))
                gone += ids
                if len(ids) < batch:
                    return gone
        finally:
            db.close()

    def close(self) -> None:
        for db in (self.db, self.writer):
            try:
                if db is not None:
                    db.close()
            except sqlite3.Error:
                pass


class _NotLinked(Exception):
    """A rematch whose old game has one already: its transaction rolled back."""


def move_times(move: MoveRow, now: int) -> tuple[int, int]:
    """``(at, at_ms)`` of a move stored now: the time the server accepted it, else now."""
    at_ms = int(now * 1000) if move.at_ms is None else move.at_ms
    return at_ms // 1000, at_ms


class _Transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` (``ROLLBACK`` on any error)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> sqlite3.Connection:
        self.db.execute("BEGIN IMMEDIATE")
        return self.db

    def __exit__(self, kind: Any, exc: Any, tb: Any) -> None:
        if kind is None:
            self.db.execute("COMMIT")
        else:
            self.db.execute("ROLLBACK")
