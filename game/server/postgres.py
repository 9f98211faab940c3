"""PostgreSQL behind the server's :class:`~game.server.store.Store`, for several server
processes on one database (``gauss-arcade-server --database postgresql://...``; psycopg 3,
``gauss-arcade[postgres]``).

The tables are SQLite's (:mod:`game.server.store`): ``games``, ``seats`` with the SHA-256 of
each secret (never the secret), and ``moves`` with ``(game_id, ply)`` as primary key, so
that of two processes storing a move at the same ply of a game exactly one succeeds,
whatever raced; the other's transaction stores nothing and raises
:class:`~game.server.store.Conflict`. The schema carries its version in ``schema_version``;
a process migrates a database step by step under an advisory lock, so that processes
started together never migrate twice.

Between the processes: every transaction that stores moves also sends, on commit, a
``NOTIFY gauss_arcade`` per move, ``{"game": ID, "ply": N}``, and a seat taken sends
``{"game": ID, "seated": SIDE}``; a take-back agreed ``{"game": ID, "undone": PLY}``, a game the
server ended ``{"game": ID, "ended": PLY}``; the seats' questions (schema 4) a take-back asked
``{"game": ID, "asked": PLY, "by": SIDE, "to": PLY}``, refused or withdrawn ``{"game": ID,
"answered": PLY, "by": SIDE, "status": "refused"|"withdrawn"}``, a rematch offered ``{"game":
ID, "offered": SIDE}`` and made ``{"game": ID, "rematched": NEW_ID}``. Each process LISTENs
(:meth:`PostgresStore.listen`) and
reads what it was told of from the tables: a notification only says where to look.

Which seats have a socket on which process (the reconnect grace and the claim, whatever
process each player's socket reached) is kept in two unlogged tables (schema 3): a row of
``presence`` per seat and process holding one of its sockets, and a row of ``processes``
per process, its heartbeat. A process beats every :data:`BEAT` seconds; one not heard of for
:data:`STALE` seconds (killed, frozen, cut off) is taken for gone, and its seats for away. A
seat's first socket on a process, or its last one going, sends ``{"game": ID, "presence":
SIDE}``. Their rows are lost when the database server crashes (unlogged): each process's next
beat finds its own row gone and writes its seats again.
"""
from __future__ import annotations

import asyncio
import json
import logging
import re
import secrets
import time
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from .store import (
    EXPIRE_BATCH,
    GAME_COLUMNS,
    MOVE_COLUMNS,
    NEW_COLUMNS,
    QUESTIONS,
    Conflict,
    GameRow,
    MoveRow,
    Question,
    StoreError,
    move_times,
)

log = logging.getLogger("gauss_arcade.server")

#: the schema this module writes and reads (SQLite's tables of schema 4, and those of the
#: seats present, PostgreSQL's own)
SCHEMA_VERSION = 4
#: the channel of LISTEN/NOTIFY
CHANNEL = "gauss_arcade"
#: the advisory lock held while a database is migrated ("GAUSSARC" in ASCII, as a bigint)
MIGRATION_LOCK = 0x4741555353415243
#: how to install what it needs
INSTALL = "pip install 'gauss-arcade[postgres]'"

#: each step from the version before it: MIGRATIONS[n] takes a database from n - 1 to n
MIGRATIONS: dict[int, tuple[str, ...]] = {1: (
    """CREATE TABLE schema_version (
        version INTEGER NOT NULL,
        applied BIGINT NOT NULL
    )""",
    """CREATE TABLE games (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        level TEXT NOT NULL,
        level_json TEXT NOT NULL,
        options_json TEXT,
        seed BIGINT NOT NULL,
        salt TEXT NOT NULL,
        commit_hash TEXT NOT NULL,
        invite TEXT NOT NULL UNIQUE,
        watch TEXT NOT NULL UNIQUE,
        rules_version TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('open', 'playing', 'over')),
        result TEXT,
        created BIGINT NOT NULL,
        updated BIGINT NOT NULL
    )""",
    """CREATE TABLE seats (
        game_id TEXT NOT NULL REFERENCES games(id),
        side TEXT NOT NULL,
        secret_hash TEXT NOT NULL UNIQUE,
        joined BIGINT NOT NULL,
        PRIMARY KEY (game_id, side)
    )""",
    """CREATE TABLE moves (
        game_id TEXT NOT NULL REFERENCES games(id),
        ply INTEGER NOT NULL CHECK (ply >= 1),
        side TEXT NOT NULL,
        move_json TEXT NOT NULL,
        at BIGINT NOT NULL,
        PRIMARY KEY (game_id, ply)
    )""",
), 2: (  # SQLite's step 2: the game a rematch made of this one, and the clocks (game.server.clock)
    "ALTER TABLE games ADD COLUMN rematch TEXT",
    "ALTER TABLE games ADD COLUMN time_control TEXT",
    "ALTER TABLE games ADD COLUMN started_ms BIGINT",
    "ALTER TABLE games ADD COLUMN reason TEXT",
    "ALTER TABLE games ADD COLUMN ended_ms BIGINT",
    "ALTER TABLE moves ADD COLUMN at_ms BIGINT",
), 3: (  # the seats present on each process (several processes only: SQLite's step 3 adds nothing)
    # unlogged: a crash of the database empties them, and the processes write them again
    """CREATE UNLOGGED TABLE processes (
        id TEXT PRIMARY KEY,
        seen TIMESTAMPTZ NOT NULL
    )""",
    """CREATE UNLOGGED TABLE presence (
        game_id TEXT NOT NULL,
        side TEXT NOT NULL,
        process TEXT NOT NULL,
        PRIMARY KEY (game_id, side, process)
    )""",
), 4: QUESTIONS}  # SQLite's step 4: the seats' questions shared, the take-backs' epoch

#: seconds between two heartbeats of a process (its row of ``processes`` written again)
BEAT = 2.0
#: seconds after its last heartbeat a process is taken for gone, and its seats for away
STALE = 3 * BEAT
#: seconds after which a gone process's rows are deleted (kept a while: one that was only
#: frozen finds its own row still there and its seats present again at its next beat)
FORGOTTEN = 3600

#: how a commit reaches the disk: ``full`` waits for PostgreSQL's WAL to be flushed (its
#: default, ``synchronous_commit = on``); ``normal`` does not (``off``: a crash of the database
#: server may lose the last moves, a crash of a game server loses none)
SYNC = {"full": "on", "normal": "off"}

#: a game id as the server makes them (anything else in a notification is ignored)
GAME_ID = re.compile(r"^[0-9A-Z]{1,32}$")


def is_url(value: str) -> bool:
    """Whether ``value`` names a PostgreSQL database (``postgresql://`` or ``postgres://``)."""
    return value.startswith(("postgresql://", "postgres://"))


def shown(url: str) -> str:
    """The database's URL without its password, to print and to log."""
    try:
        parts = urlsplit(url)
        if parts.password is None:
            return url
        host = parts.hostname or ""
        netloc = f"{parts.username}:***@{host}" + (f":{parts.port}" if parts.port else "")
        return urlunsplit(parts._replace(netloc=netloc))
    except ValueError:
        return "postgresql://…"


def missing() -> str | None:
    """Why psycopg cannot be used here (one sentence), or None when it can."""
    try:
        import psycopg  # noqa: F401
    except ImportError as exc:
        if "libpq" in str(exc) or "pq wrapper" in str(exc):
            return (f"psycopg cannot find the PostgreSQL client library libpq ({exc}); install it "
                    "(Debian: apt install libpq5) or psycopg's own: pip install 'psycopg[binary]'")
        return f"psycopg is not installed; install the postgres extra: {INSTALL}"
    return None


def note(payload: str) -> dict[str, Any] | None:
    """A notification's payload read, or None when it is not one the server sends."""
    try:
        found = json.loads(payload)
    except ValueError:
        return None
    if not isinstance(found, dict) or not isinstance(found.get("game"), str) \
            or not GAME_ID.match(found["game"]):
        return None
    ply = found.get("ply")
    if ply is not None and (isinstance(ply, bool) or not isinstance(ply, int) or ply < 1):
        return None
    ended = found.get("ended")
    if ended is not None:  # a game ended by the server (a flag fell, it was claimed) at that ply
        return found if ply is None and isinstance(ended, int) and not isinstance(ended, bool) \
            and ended >= 0 and "seated" not in found else None
    asked = question(found)
    if asked is not None:  # one of the seats' questions (takeback.py, rematch.py), or nonsense
        return found if asked and ply is None and ended is None and "seated" not in found \
            and not {"undone", "presence"} & found.keys() else None
    presence = found.get("presence")
    if presence is not None:  # a seat's first socket on a process came, or its last one went
        return found if isinstance(presence, str) and len(presence) <= 16 and ply is None \
            and not {"seated", "undone"} & found.keys() else None
    seated = found.get("seated")
    undone = found.get("undone")
    if undone is not None:  # a take-back: the game's moves after that ply are gone
        if ply is not None or seated is not None or isinstance(undone, bool) or not isinstance(undone, int) \
                or undone < 0:
            return None
        return found
    if (ply is None) == (seated is None) or (seated is not None and not isinstance(seated, str)):
        return None
    return found


#: the keys that make a notification one of the seats' questions
QUESTION_KEYS = ("asked", "answered", "offered", "rematched")


def _count(value: Any, least: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= least


def _side(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= 20 and value.isidentifier()


def question(found: dict[str, Any]) -> bool | None:
    """None when ``found`` is no question's notification; else whether it is a well-made one."""
    keys = [k for k in QUESTION_KEYS if k in found]
    if not keys:
        return None
    if len(keys) > 1:
        return False
    key = keys[0]
    if key == "asked":
        return _count(found[key], 1) and _side(found.get("by")) and _count(found.get("to"), 0) \
            and found["to"] < found[key]
    if key == "answered":
        return _count(found[key], 1) and _side(found.get("by")) \
            and found.get("status") in ("refused", "withdrawn")
    if key == "offered":
        return _side(found[key])
    return isinstance(found[key], str) and bool(GAME_ID.match(found[key]))


class PostgresStore:
    """The store on a PostgreSQL database, shared by any number of server processes.

    Connections: one for the event loop's reads and the seats, one for :meth:`append_many`
    (called from a thread of its own, so the loop never waits for a commit), one for the
    moves read for other processes' games and one for the seats present (each from a thread
    of its own too); :meth:`listen` opens an asynchronous one. A connection found broken is
    opened again at the next call."""

    def __init__(self, url: str, clock: Any = time.time, sync: str = "full") -> None:
        if sync not in SYNC:
            raise StoreError(f"sync must be {' or '.join(SYNC)}, not {sync!r}")
        why = missing()
        if why:
            raise StoreError(why)
        self.url = url
        self.clock = clock
        self.sync = sync
        self.writer: Any = None
        self.db: Any = None
        #: this process's name in ``processes`` and ``presence`` (new at every start)
        self.process = secrets.token_hex(8)
        #: the connection of the seats present, and that of the moves read for other processes'
        #: games, each used from a thread of its own (opened at their first use)
        self.presence: Any = None
        self.reader: Any = None
        import psycopg

        try:
            self.db = self.connect()
            self.migrate()
        except psycopg.Error as exc:
            self.close()
            raise StoreError(f"cannot use the database {shown(url)}: {one_line(exc)}") from exc
        except StoreError:
            self.close()
            raise

    def connect(self) -> Any:
        import psycopg

        db = psycopg.connect(self.url, autocommit=True, connect_timeout=10,
                             application_name="gauss-arcade-server")
        db.execute(f"SET synchronous_commit = {SYNC[self.sync]}")
        return db

    def _db(self) -> Any:
        return self._open("db")

    def _open(self, name: str) -> Any:
        """The connection kept as attribute ``name``, opened (again) if it is not usable."""
        db = getattr(self, name)
        if db is None or db.closed or db.broken:
            if db is not None:
                db.close()
            db = self.connect()
            setattr(self, name, db)
        return db

    def read(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        """The rows of one query; a connection lost since the last call (the database
        restarted, an idle connection cut) is opened again and the query asked once more."""
        import psycopg

        try:
            return list(self._db().execute(sql, params).fetchall())
        except psycopg.OperationalError:
            if self.db is not None and not (self.db.closed or self.db.broken):
                raise
            return list(self._db().execute(sql, params).fetchall())

    def version(self) -> int:
        """The database's schema version (0: a database the server never used)."""
        db = self._db()
        if db.execute("SELECT to_regclass('schema_version')").fetchone()[0] is None:
            return 0
        return int(db.execute("SELECT coalesce(max(version), 0) FROM schema_version").fetchone()[0])

    def migrate(self) -> None:
        db = self._db()
        with db.transaction():
            db.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
            version = self.version()
            if version > SCHEMA_VERSION:
                raise StoreError(f"the database {shown(self.url)} has schema {version}; this server reads "
                                 f"schema {SCHEMA_VERSION} and older: run a newer server")
            for step in range(version + 1, SCHEMA_VERSION + 1):
                for statement in MIGRATIONS[step]:
                    db.execute(statement)
                db.execute("INSERT INTO schema_version (version, applied) VALUES (%s, %s)",
                           (step, int(self.clock())))

    # -- games ----------------------------------------------------------------------------
    def create(self, game: GameRow, side: str, secret_hash: str) -> bool:
        import psycopg

        now = int(self.clock())
        db = self._db()
        try:
            with db.transaction():
                db.execute(f"INSERT INTO games ({NEW_COLUMNS}) VALUES ({', '.join(['%s'] * 16)})",
                           (game.id, game.game, game.level, game.level_json, game.options_json,
                            game.seed, game.salt, game.commit_hash, game.invite, game.watch,
                            game.rules_version, game.status, game.result, now, now, game.time_control))
                db.execute("INSERT INTO seats (game_id, side, secret_hash, joined) VALUES (%s, %s, %s, %s)",
                           (game.id, side, secret_hash, now))
        except psycopg.errors.UniqueViolation:
            return False
        return True

    def _one(self, where: str, value: str) -> GameRow | None:
        rows = self.read(f"SELECT {GAME_COLUMNS} FROM games WHERE {where} = %s", (value,))
        return GameRow(*rows[0]) if rows else None

    def game(self, game_id: str) -> GameRow | None:
        return self._one("id", game_id)

    def by_invite(self, code: str) -> GameRow | None:
        return self._one("invite", code)

    def by_watch(self, code: str) -> GameRow | None:
        return self._one("watch", code)

    # -- seats ----------------------------------------------------------------------------
    def seat_of(self, secret_hash: str) -> tuple[str, str] | None:
        rows = self.read("SELECT game_id, side FROM seats WHERE secret_hash = %s", (secret_hash,))
        return (rows[0][0], rows[0][1]) if rows else None

    def seats(self, game_id: str) -> list[str]:
        return [r[0] for r in self.read("SELECT side FROM seats WHERE game_id = %s ORDER BY joined, side",
                                        (game_id,))]

    def add_seat(self, game_id: str, side: str, secret_hash: str, started_ms: int | None = None) -> bool:
        import psycopg

        now = int(self.clock())
        started = int(now * 1000) if started_ms is None else started_ms
        db = self._db()
        try:
            with db.transaction():
                db.execute("INSERT INTO seats (game_id, side, secret_hash, joined) VALUES (%s, %s, %s, %s)",
                           (game_id, side, secret_hash, now))
                db.execute("UPDATE games SET status = 'playing', updated = %s, started_ms = %s "
                           "WHERE id = %s AND status = 'open'", (now, started, game_id))
                db.execute("SELECT pg_notify(%s, %s)",
                           (CHANNEL, json.dumps({"game": game_id, "seated": side})))
        except psycopg.IntegrityError:
            return False
        return True

    # -- moves ----------------------------------------------------------------------------
    def moves(self, game_id: str, after: int = 0) -> list[MoveRow]:
        """The game's stored moves in order (those after ply ``after``)."""
        return [MoveRow(*r) for r in self.read(
            f"SELECT {MOVE_COLUMNS} FROM moves WHERE game_id = %s AND ply > %s ORDER BY ply",
            (game_id, after))]

    def moves_after(self, after: dict[str, int]) -> dict[str, list[MoveRow]]:
        """Per game of ``after``, its stored moves after that ply, in order: one round trip for
        every game that other processes moved on, on a connection of its own (called from a
        thread, so the event loop never waits for it)."""
        if not after:
            return {}
        import psycopg

        games, plies = list(after), [after[game] for game in after]
        sql = (f"SELECT m.game_id, {MOVE_COLUMNS.replace('ply', 'm.ply', 1)} FROM moves m "
               "JOIN unnest(%s::text[], %s::int[]) AS w(game_id, ply) "
               "ON m.game_id = w.game_id AND m.ply > w.ply ORDER BY m.game_id, m.ply")
        try:
            rows = self._reader().execute(sql, (games, plies)).fetchall()
        except psycopg.OperationalError:
            if not (self.reader.closed or self.reader.broken):
                raise
            rows = self._reader().execute(sql, (games, plies)).fetchall()  # a connection cut: once more
        out: dict[str, list[MoveRow]] = {game: [] for game in games}
        for game, *move in rows:
            out[game].append(MoveRow(*move))
        return out

    def append(self, game_id: str, move: MoveRow, status: str, result: str | None) -> bool:
        try:
            self.append_many([(game_id, move, status, result)])
        except Conflict:
            return False
        return True

    def append_many(self, moves: list[tuple[str, MoveRow, str, str | None]]) -> None:
        """Moves of any games, ``(game, move, status, result)`` each, in one transaction with
        their notifications: all stored and announced to every listening process, or none
        (:class:`Conflict` when a move's ply was taken, another error when the database failed)."""
        import psycopg

        now = int(self.clock())
        if self.writer is None or self.writer.closed or self.writer.broken:
            self.writer = self.connect()
        try:
            try:
                self._append(self.writer, moves, now)
            except psycopg.OperationalError:
                if not (self.writer.closed or self.writer.broken):
                    raise
                # the connection was lost: before the commit (nothing stored: once more, on a
                # new one) or after it (all stored: done)
                self.writer = self.connect()
                if not self._stored(moves):
                    self._append(self.writer, moves, now)
        except psycopg.errors.UniqueViolation as exc:
            raise Conflict(f"a move is stored already at its ply: {one_line(exc)}") from exc

    def take_back(self, game_id: str, keep: int, last: int, asked_by: str | None = None) -> bool:
        """A take-back agreed: the moves after ply ``keep`` deleted in one transaction, if ply
        ``last`` is still the game's last (False otherwise), and every process told
        ``{"game": ID, "undone": keep}``. The game's row is locked first, as a transaction of
        moves locks it first (:meth:`_append`): a move racing the take-back on another
        process either lands before it (then ``last`` is no longer the last: False) or finds
        its ply's predecessor gone (:class:`Conflict`)."""
        now = int(self.clock())
        db = self._db()
        try:
            return self._take_back(db, game_id, keep, last, now, asked_by)
        except _Undone:
            return False

    def _take_back(self, db: Any, game_id: str, keep: int, last: int, now: int, asked_by: str | None) -> bool:
        with db.transaction():
            # (the row locked first; with ``asked_by``, the question answered here and nowhere else:
            # a withdrawal racing on another process either comes first, and this finds no question,
            # or finds none itself)
            db.execute("UPDATE games SET status = 'playing', result = NULL, updated = %s, "
                       "takebacks = takebacks + 1, taken_to = %s WHERE id = %s", (now, keep, game_id))
            if asked_by is not None and db.execute(
                    "UPDATE games SET asked_by = NULL, asked_ply = NULL, asked_to = NULL WHERE id = %s "
                    "AND asked_by = %s AND asked_ply = %s AND asked_to = %s",
                    (game_id, asked_by, last, keep)).rowcount != 1:
                raise _Undone()
            found = db.execute("SELECT coalesce(max(ply), 0) FROM moves WHERE game_id = %s",
                               (game_id,)).fetchone()[0]
            if found != last:
                raise _Undone()
            db.execute("DELETE FROM moves WHERE game_id = %s AND ply > %s", (game_id, keep))
            self._notify(db, {"game": game_id, "undone": keep})
        return True

    # -- the seats' questions, shared by every process (schema 4) --------------------------------
    def ask(self, game_id: str, question: Question) -> bool:
        """As SQLite's, and told to every process: ``{"game", "asked", "by", "to"}``."""
        db = self._db()
        with db.transaction():
            done = db.execute("UPDATE games SET asked_by = %s, asked_ply = %s, asked_to = %s "
                              "WHERE id = %s AND (asked_ply IS NULL OR asked_ply <> %s)",
                              (question.by, question.ply, question.to, game_id, question.ply)).rowcount == 1
            if done:
                self._notify(db, {"game": game_id, "asked": question.ply, "by": question.by,
                                  "to": question.to})
        return done

    def question(self, game_id: str) -> Question | None:
        rows = self.read("SELECT asked_by, asked_ply, asked_to FROM games WHERE id = %s", (game_id,))
        return Question(*rows[0]) if rows and rows[0][0] is not None else None

    def drop_question(self, game_id: str, question: Question, status: str) -> bool:
        """As SQLite's, and told to every process: ``{"game", "answered", "by", "status"}``."""
        db = self._db()
        with db.transaction():
            done = db.execute("UPDATE games SET asked_by = NULL, asked_ply = NULL, asked_to = NULL "
                              "WHERE id = %s AND asked_by = %s AND asked_ply = %s",
                              (game_id, question.by, question.ply)).rowcount == 1
            if done:
                self._notify(db, {"game": game_id, "answered": question.ply, "by": question.by,
                                  "status": status})
        return done

    def reserve_rematch(self, old_id: str, new_id: str) -> str:
        """As SQLite's: the first offer's id stands, whichever process asks."""
        rows = self.read("UPDATE games SET rematch_next = coalesce(rematch_next, %s) WHERE id = %s "
                         "RETURNING rematch_next", (new_id, old_id))
        return str(rows[0][0]) if rows else new_id

    def offer_rematch(self, old_id: str, side: str, secret_hash: str) -> dict[str, str]:
        """As SQLite's, and told to every process (``{"game", "offered": SIDE}``). The old
        game's row is locked first: of two offers racing on two processes, the second reads
        the first's."""
        db = self._db()
        with db.transaction():
            db.execute("SELECT 1 FROM games WHERE id = %s FOR UPDATE", (old_id,))
            db.execute("INSERT INTO rematch_offers (game_id, side, secret_hash) VALUES (%s, %s, %s) "
                       "ON CONFLICT (game_id, side) DO UPDATE SET secret_hash = EXCLUDED.secret_hash",
                       (old_id, side, secret_hash))
            found = dict(db.execute("SELECT side, secret_hash FROM rematch_offers WHERE game_id = %s",
                                    (old_id,)).fetchall())
            self._notify(db, {"game": old_id, "offered": side})
        return found

    def rematch_offers(self, old_id: str) -> dict[str, str]:
        return {r[0]: r[1] for r in self.read(
            "SELECT side, secret_hash FROM rematch_offers WHERE game_id = %s", (old_id,))}

    @staticmethod
    def _notify(db: Any, payload: dict[str, Any]) -> None:
        db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, json.dumps(payload)))

    def create_rematch(self, old_id: str, game: GameRow, seats: dict[str, str]) -> bool:
        """As SQLite's: the new game, both its seats and the old game's link in one
        transaction; False when the old game has its rematch already (another process made
        it first) or a code is taken. Every process is told (``{"game": OLD, "rematched": NEW}``)."""
        import psycopg

        now = int(self.clock())
        db = self._db()
        try:
            with db.transaction():
                linked = db.execute("UPDATE games SET rematch = %s, updated = %s "
                                    "WHERE id = %s AND rematch IS NULL", (game.id, now, old_id)).rowcount
                if linked != 1:
                    raise _Undone()
                db.execute(f"INSERT INTO games ({NEW_COLUMNS}, started_ms) VALUES ({', '.join(['%s'] * 17)})",
                           (game.id, game.game, game.level, game.level_json, game.options_json,
                            game.seed, game.salt, game.commit_hash, game.invite, game.watch,
                            game.rules_version, "playing", None, now, now, game.time_control,
                            game.started_ms))
                for side, hashed in seats.items():
                    db.execute("INSERT INTO seats (game_id, side, secret_hash, joined) "
                               "VALUES (%s, %s, %s, %s)", (game.id, side, hashed, now))
                db.execute("DELETE FROM rematch_offers WHERE game_id = %s", (old_id,))
                self._notify(db, {"game": old_id, "rematched": game.id})
        except (psycopg.IntegrityError, _Undone):
            return False
        return True

    def _stored(self, moves: list[tuple[str, MoveRow, str, str | None]]) -> bool:
        for game, move, _s, _r in moves:
            found = self.writer.execute("SELECT side, move_json FROM moves WHERE game_id = %s AND ply = %s",
                                        (game, move.ply)).fetchone()
            if found is None or tuple(found) != (move.side, move.move_json):
                return False
        return True

    def _append(self, db: Any, moves: list[tuple[str, MoveRow, str, str | None]], now: int) -> None:
        with db.transaction(), db.cursor() as cur:
            # the games' rows locked first (in one order: no deadlock): a process ending one of
            # them on time waits for this commit and counts its moves after it; a game it ended
            # first takes no more moves; a take-back (take_back) locks them first too
            games = sorted({game for game, _m, _s, _r in moves})
            ended = [row[0] for row in cur.execute(
                "SELECT id, reason FROM games WHERE id = ANY(%s) ORDER BY id FOR UPDATE", (games,)).fetchall()
                if row[1] is not None]
            if ended:
                raise Conflict(f"ended by the server meanwhile: {', '.join(ended)}")
            cur.executemany("UPDATE games SET status = %s, result = %s, updated = %s WHERE id = %s",
                            [(status, result, now, game) for game, _m, status, result in moves])
            cur.executemany("INSERT INTO moves (game_id, ply, side, move_json, at, at_ms) "
                            "VALUES (%s, %s, %s, %s, %s, %s)",
                            [(game, move.ply, move.side, move.move_json, *move_times(move, now))
                             for game, move, _s, _r in moves])
            first: dict[str, int] = {}
            for game, move, _s, _r in moves:
                first[game] = min(first.get(game, move.ply), move.ply)
            for game, ply in first.items():
                if ply > 1 and cur.execute("SELECT 1 FROM moves WHERE game_id = %s AND ply = %s",
                                           (game, ply - 1)).fetchone() is None:
                    # the move before it was taken back on another process meanwhile
                    raise Conflict(f"game {game}: ply {ply - 1} was taken back")
            cur.executemany("SELECT pg_notify(%s, %s)",
                            [(CHANNEL, json.dumps({"game": game, "ply": move.ply}))
                             for game, move, _s, _r in moves])

    def end(self, game_id: str, ply: int, result: str | None, reason: str, at_ms: int) -> bool:
        """As SQLite's: the game ended at ply ``ply`` by the server (a flag, a claim), unless it
        is over already or a move after that ply was stored first; told to every process."""
        now = int(self.clock())
        db = self._db()
        with db.transaction():
            # the row locked, then the moves counted (a new snapshot: a move committed while
            # this waited for the lock is seen, and stands)
            row = db.execute("SELECT status FROM games WHERE id = %s FOR UPDATE", (game_id,)).fetchone()
            if row is None or row[0] != "playing":
                return False
            if db.execute("SELECT count(*) FROM moves WHERE game_id = %s", (game_id,)).fetchone()[0] != ply:
                return False
            db.execute("UPDATE games SET status = 'over', result = %s, reason = %s, ended_ms = %s, "
                       "updated = %s WHERE id = %s", (result, reason, at_ms, now, game_id))
            self._notify(db, {"game": game_id, "ended": ply})
        return True

    def clocked(self) -> list[str]:
        """The games being played under a time control (their flags may fall)."""
        return [r[0] for r in self.read(
            "SELECT id FROM games WHERE status = 'playing' AND time_control IS NOT NULL", ())]

    def expire(self, before: int, keep: frozenset[str] = frozenset(), batch: int = EXPIRE_BATCH) -> list[str]:
        """Delete the games nothing touched since ``before`` (seconds since the epoch), but
        those of ``keep``; the ids deleted. From a thread of its own, on a connection of its
        own; processes sweeping at once delete each game once (the rows are locked, the
        second finds them gone)."""
        db = self.connect()
        gone: list[str] = []
        try:
            while True:
                with db.transaction():
                    ids = [r[0] for r in db.execute(
                        "SELECT id FROM games WHERE updated < %s AND NOT (id = ANY(%s)) ORDER BY updated "
                        "LIMIT %s FOR UPDATE SKIP LOCKED", (before, list(keep), batch)).fetchall()]
                    if ids:
                        for table in ("moves", "seats", "presence", "rematch_offers"):
                            db.execute(f"DELETE FROM {table} WHERE game_id = ANY(%s)", (ids,))
                        db.execute("DELETE FROM games WHERE id = ANY(%s)", (ids,))
                gone += ids
                if len(ids) < batch:
                    return gone
        finally:
            db.close()

    # -- the seats present on each process --------------------------------------------------
    def seat_here(self, game_id: str, side: str, here: bool) -> None:
        """``side`` of ``game_id`` has its first socket on this process (``here``) or its last
        one went; the other processes are told where to look."""
        self.seats_here([(game_id, side, here)])

    def seats_here(self, changes: list[tuple[str, str, bool]]) -> None:
        """Several :meth:`seat_here` in order, in one transaction. The seats present are read and
        written on a connection of their own (from the server's thread for them: the event
        loop never waits for these round trips)."""
        if not changes:
            return
        db = self._presence_db()
        with db.transaction():
            self._beat(db)
            for game_id, side, here in changes:
                if here:
                    db.execute("INSERT INTO presence (game_id, side, process) VALUES (%s, %s, %s) "
                               "ON CONFLICT DO NOTHING", (game_id, side, self.process))
                else:
                    db.execute("DELETE FROM presence WHERE game_id = %s AND side = %s AND process = %s",
                               (game_id, side, self.process))
            for game_id, side in dict.fromkeys((game_id, side) for game_id, side, _here in changes):
                told(db, game_id, side)

    def _reader(self) -> Any:
        return self._open("reader")

    def _presence_db(self) -> Any:
        return self._open("presence")

    def _beat(self, db: Any) -> bool:
        """This process's heartbeat written; False when its row was not there (new, or lost)."""
        found = db.execute("UPDATE processes SET seen = now() WHERE id = %s", (self.process,)).rowcount
        if not found:
            db.execute("INSERT INTO processes (id, seen) VALUES (%s, now()) ON CONFLICT (id) DO UPDATE "
                       "SET seen = now()", (self.process,))
        return bool(found)

    def beat(self, seats: Iterable[tuple[str, str]]) -> None:
        """The heartbeat (every :data:`BEAT` seconds), with the seats that have a socket here:
        written again if this process's row was gone (the database restarted, or this process
        froze for longer than :data:`FORGOTTEN`), and their games told. The rows of processes
        gone for long are deleted."""
        db = self._presence_db()
        seats = list(seats)
        with db.transaction():
            if not self._beat(db) and seats:
                rows = [(game, side, self.process) for game, side in seats]
                db.cursor().executemany("INSERT INTO presence (game_id, side, process) VALUES (%s, %s, %s) "
                                        "ON CONFLICT DO NOTHING", rows)
                for game, side in seats:
                    told(db, game, side)
            db.execute("DELETE FROM presence WHERE process IN (SELECT id FROM processes WHERE "
                       "seen < now() - make_interval(secs => %s))", (FORGOTTEN,))
            db.execute("DELETE FROM processes WHERE seen < now() - make_interval(secs => %s)", (FORGOTTEN,))

    def elsewhere(self, games: list[str]) -> dict[str, dict[str, int]]:
        """Per game of ``games``, per side: how many other processes living (heard of within
        :data:`STALE` seconds, by the database's clock) hold a socket of that seat."""
        if not games:
            return {}
        out: dict[str, dict[str, int]] = {}
        for game, side, count in self._presence_db().execute(
                "SELECT p.game_id, p.side, count(*) FROM presence p JOIN processes q ON q.id = p.process "
                "WHERE p.game_id = ANY(%s) AND p.process <> %s "
                "AND q.seen >= now() - make_interval(secs => %s) GROUP BY p.game_id, p.side",
                (games, self.process, STALE)).fetchall():
            out.setdefault(game, {})[side] = int(count)
        return out

    def gone(self) -> None:
        """This process stops: its seats are away at once (no need to wait for :data:`STALE`)."""
        db = self._presence_db()
        with db.transaction():
            rows = db.execute("DELETE FROM presence WHERE process = %s RETURNING game_id, side",
                              (self.process,)).fetchall()
            db.execute("DELETE FROM processes WHERE id = %s", (self.process,))
            for game, side in rows:
                told(db, game, side)

    # -- between processes ------------------------------------------------------------------
    async def listen(self, heard: Callable[[dict[str, Any]], None], connected: Callable[[], None]) -> None:
        """Forever (until cancelled): LISTEN on the channel and call ``heard`` with each
        notification read (:func:`note`). After a lost connection it connects again (waiting
        up to 10 s between tries) and calls ``connected`` once it listens again, as after the
        first LISTEN: what was stored meanwhile was told to nobody here."""
        import psycopg

        delay = 0.2
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True, connect_timeout=10,
                                                             application_name="gauss-arcade-server listen")
                async with conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    delay = 0.2
                    connected()
                    async for notification in conn.notifies():
                        found = note(notification.payload)
                        if found is not None:
                            try:
                                heard(found)
                            except Exception:  # one game's trouble never stops the listening
                                log.exception("a notification could not be handled: %.200s",
                                              notification.payload)
            except psycopg.Error as exc:
                log.warning("listening to the database: %s; again in %.1f s", one_line(exc), delay)
            await asyncio.sleep(delay)
            delay = min(10.0, delay * 2)

    def close(self) -> None:
        for db in (self.db, self.writer, self.presence, self.reader):
            try:
                if db is not None:
                    db.close()
            except Exception:  # noqa: BLE001 - closing what may be broken already
                pass


class _Undone(Exception):
    """A take-back whose last ply is no longer the game's: its transaction rolled back."""


def told(db: Any, game: str, side: str) -> None:
    """The other processes told, on commit, to read again who holds ``side`` of ``game``."""
    PostgresStore._notify(db, {"game": game, "presence": side})


def one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__
