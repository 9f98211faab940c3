"""The ASGI application: the :class:`~game.server.service.Service` over HTTP and one
WebSocket, on Starlette (``gauss-arcade[server]``; imported only when a server is made).

HTTP (JSON in, JSON out):

- ``GET /``: the server, its protocol version and its games with their levels;
- ``POST /games``: create a game -> its invite and spectator codes, the creator's seat secret;
- ``POST /join``: ``{"invite": CODE}`` -> the other seat's secret;
- ``GET /watch/{code}``: a spectator's look at a game (the welcome envelope);
- ``POST /move``: ``{"secret", "ply", "move"}``, a move without a socket;
- ``POST /status``: ``{"secrets": [...]}`` -> where each of those seats' games stands;
- ``GET /stats``: how many moves and sockets, the server's own time per move.

WebSocket ``/ws``: the client says ``hello`` (a seat's secret or a spectator code, and the
last ply it saw), is welcomed with the game and what it missed, then sends ``move``s and
receives every ``played`` envelope of its game, its own moves' included. docs/server.md
gives the messages. Every message is capped in size and rated per connection (HTTP: per
address, in memory only: no address is stored or logged).
"""
from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from .. import catalogue
from . import questions, rematch, takeback
from . import service as S
from .postgres import BEAT
from .probe import LoopLag
from .service import PROTOCOL, Limits, Pending, Refused, Service, Table
from .status import answer as seats_status
from .store import Conflict, MoveRow, SharedSeats, SQLiteStore, Store
from .timing import Timekeeper
from .views import Views, dumps

#: the messages of a seat besides its moves (takeback.py, rematch.py)
SEAT_MESSAGES = ("takeback", "takeback_answer", "rematch")

log = logging.getLogger("gauss_arcade.server")

#: the HTTP status of each refusal
STATUS = {S.MALFORMED: 400, S.TOO_BIG: 413, S.RATE: 429, S.UNKNOWN: 404, S.SECRET: 403, S.SPECTATOR: 403,
          S.WAITING: 409, S.STALE: 409, S.DUPLICATE: 409, S.TURN: 409, S.ILLEGAL: 422, S.OVER: 409,
          S.TAKEN: 409, S.FULL: 503, S.HELLO: 400, S.INTERNAL: 500, S.GRACE: 409}
#: WebSocket close codes: a policy broken (too many refusals), the server too busy or the
#: client too far behind (reconnect with the last ply seen)
POLICY, TRY_LATER = 1008, 1013


class Bucket:
    """A token bucket: ``rate`` tokens a second, ``burst`` at most."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self.at = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(float(self.burst), self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


@dataclass(eq=False)
class Conn:
    """One WebSocket: the game it follows (after its hello), its seat (None: a spectator),
    what waits to be sent, its rate."""

    socket: WebSocket
    bucket: Bucket
    queue: asyncio.Queue[str | None]
    game: str | None = None
    side: str | None = None
    #: the seat's secret its hello carried (in memory only: a rematch's new secret derives from it)
    secret: str | None = None
    strikes: int = 0
    dropped: bool = False
    #: a seat's socket counted among the seats present (until it leaves)
    counted: bool = False
    #: the code the socket closes with once what waits for it is sent (None: as it comes)
    close_code: int | None = None
    writer: asyncio.Task[None] | None = field(default=None, repr=False)

    def push(self, text: str | None) -> bool:
        if self.dropped:
            return False
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:  # too far behind: it reconnects with its last ply
            self.dropped = True
            return False
        return True


def parse(data: str | bytes | None, limit: int) -> dict[str, Any]:
    """A request's JSON object, or Refused saying what is wrong with it."""
    if data is None:
        raise Refused(S.MALFORMED, "The message is empty.")
    if len(data) > limit:
        raise Refused(S.TOO_BIG, f"A message may be {limit} bytes at most.")
    try:
        obj = json.loads(data)
    except (ValueError, RecursionError, UnicodeDecodeError):
        raise Refused(S.MALFORMED, "The message is not valid JSON.") from None
    if not isinstance(obj, dict):
        raise Refused(S.MALFORMED, "A message must be a JSON object.")
    return obj


class GameServer:
    """The application's state: the service, the sockets following each game, the rates."""

    def __init__(self, store_factory: Callable[[], Store], limits: Limits) -> None:
        self.store_factory = store_factory
        self.limits = limits
        self.service: Service | None = None
        #: moves played in memory, waiting for the store's next transaction (group commit), each
        #: with what to do once it is stored, before its envelope goes out (the mover's ack)
        self.waiting: list[tuple[Pending, asyncio.Future[None], Callable[[], Any] | None]] = []
        self.wake: asyncio.Event | None = None
        self.closing = False
        self.rooms: dict[str, set[Conn]] = {}
        #: per game followed here, the last ply whose ``played`` envelope its sockets were sent
        self.told: dict[str, int] = {}
        #: games with moves of other processes to send once this process's own move is settled
        self.behind: set[str] = set()
        #: games other processes moved on, to be read together (``read_behind``), and its wake
        self.soon: set[str] = set()
        self.soon_wake: asyncio.Event | None = None
        #: whether other processes store moves in the same database (the store listens for them)
        self.listening = False
        #: the store, when it keeps which seats have a socket on which process (several processes)
        self.shared: SharedSeats | None = None
        #: seats whose first socket came here or last went, in order, to write down; the games
        #: whose seats on other processes are to be read again; what wakes the task doing both
        self.seat_changes: list[tuple[str, str, bool]] = []
        self.seats_dirty: set[str] = set()
        self.seats_wake: asyncio.Event | None = None
        self.sockets = 0
        self.addresses: dict[str, Bucket] = {}
        self.moves = 0
        #: (when, how long) of the last moves, for ``GET /stats``
        self.move_times: collections.deque[tuple[float, float]] = collections.deque(maxlen=100000)
        #: the flags of the clocks that run, the seats present (the grace and the claim)
        self.time = Timekeeper(limits.grace)
        #: games followed here whose sockets were sent the server's end (a flag, a claim)
        self.ends_told: set[str] = set()
        #: games another process ended while a move of this one waited for the store
        self.ends_due: set[str] = set()
        #: the event loop's lateness and the collector's pauses, for ``GET /stats``
        self.probe = LoopLag()

    # -- start and stop ----------------------------------------------------------------------
    @contextlib.asynccontextmanager
    async def lifespan(self, _app: Starlette) -> AsyncIterator[None]:
        self.service = Service(self.store_factory())
        self.wake = asyncio.Event()
        self.closing = False
        writer = asyncio.create_task(self.store_moves())
        # several processes on one database: the moves the others store reach the sockets here
        listen = getattr(self.service.store, "listen", None)
        listener = asyncio.create_task(listen(self.heard, self.reconnected)) if listen else None
        self.listening = listener is not None
        store = self.service.store
        self.shared = store if self.listening and isinstance(store, SharedSeats) else None
        self.seat_changes, self.seats_dirty, self.seats_wake = [], set(), asyncio.Event()
        sharer = asyncio.create_task(self.share_seats()) if self.shared is not None else None
        self.soon, self.soon_wake = set(), asyncio.Event()
        reader = asyncio.create_task(self.read_behind()) if self.listening else None
        self.time = Timekeeper(self.limits.grace)
        self.clocks_running()
        keeper = asyncio.create_task(self.keep_time())
        sweeper = asyncio.create_task(self.sweep()) if self.limits.keep_days > 0 else None
        probe = asyncio.create_task(self.probe.run())
        self.probe.watch_collector()
        try:
            yield
        finally:
            for task in (keeper, sweeper, sharer, reader):
                if task is not None:
                    task.cancel()
                    with contextlib.suppress(asyncio.CancelledError, Exception):
                        await task
            probe.cancel()
            self.probe.stop_watching()
            if listener is not None:
                listener.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await listener
            for conns in list(self.rooms.values()):
                for conn in list(conns):
                    conn.push(None)
            if self.shared is not None:  # the other processes tell our players' opponents at once
                try:
                    self.shared.gone()
                except Exception:  # they take this process for gone after its last heartbeat
                    log.exception("the seats present here could not be cleared")
                self.shared = None
            self.closing = True  # the writer stores what waits, then goes
            self.wake.set()
            try:
                await asyncio.wait_for(writer, 10.0)
            except (asyncio.TimeoutError, asyncio.CancelledError):
                log.error("moves were still being stored at the stop")
            self.service.store.close()
            self.service = None

    # -- time: the flags ------------------------------------------------------------------------
    def clocks_running(self) -> None:
        """At the start: every game under a clock that is being played (a flag may fall in a
        game nobody connects to, a correspondence game's above all)."""
        service = self.svc()
        try:
            games = service.store.clocked()
        except Exception:  # the server serves on; those games' flags fall when next looked at
            log.exception("the games with clocks could not be read")
            return
        for game in games:
            try:
                self.time.track(service.table(game))
            except Refused as refused:
                log.error("game %s: its clock cannot be followed: %s", game, refused.message)

    async def keep_time(self) -> None:
        """Forever: the games whose flag may have fallen, ended on time and told."""
        while True:
            await asyncio.sleep(self.limits.tick)
            service = self.service
            if service is None or self.closing:
                continue
            for game, side, grace in self.time.unseen_due():  # a seat never seen since: its opponent told
                self.broadcast(game, Timekeeper.envelope("left", game, side, grace))
            for game in self.time.due(service.now_ms()):
                try:
                    table = service.tables.get(game) or service.table(game)
                    self.flag(table)
                    self.time.track(service.tables.get(game) or service.table(game))
                except Refused as refused:
                    log.error("game %s: its clock could not be looked at: %s", game, refused.message)
                except Exception:  # one game's trouble never stops the clocks of the others
                    log.exception("game %s: its clock could not be looked at", game)

    # -- forgetting old games ------------------------------------------------------------------
    async def sweep(self, first: float = 60.0) -> None:
        """Forever: the games nothing touched for ``keep_days`` deleted, ``first`` seconds after
        the start and then every ``sweep`` seconds (in a thread: the loop serves on)."""
        await asyncio.sleep(first)
        while True:
            await self.expire()
            await asyncio.sleep(self.limits.sweep)

    async def expire(self) -> list[str]:
        """One sweep: the games deleted (those followed right now are kept, whatever their age)."""
        service = self.service
        if service is None or self.closing:
            return []
        before = int(service.clock() - self.limits.keep_days * 86400)
        try:
            gone = await asyncio.to_thread(service.store.expire, before, frozenset(self.rooms))
        except Exception:  # the games stay; the next sweep tries again
            log.exception("old games could not be deleted")
            return []
        for game in gone:
            if game not in self.rooms:
                service.tables.pop(game, None)
                self.time.ended(game)
        if gone:
            log.info("%d games nothing touched for %g days deleted", len(gone), self.limits.keep_days)
        return gone

    def flag(self, table: Table) -> None:
        """``table`` ended on time if its running side's flag has fallen; everyone told."""
        ended = self.svc().flag(table)
        if ended is not None:
            self.tell_end(ended)

    def tell_end(self, ended: dict[str, Any]) -> None:
        game = ended["match"]
        self.time.ended(game)
        if game in self.rooms:
            self.ends_told.add(game)
        self.broadcast(game, ended)

    # -- storing moves -------------------------------------------------------------------------
    async def store_moves(self) -> None:
        """Store the moves that wait, all of them in one transaction (one sync of the disk
        for every move that came while the last one synced), in a thread so the loop serves
        on; then each waiting move is told it is stored (or why not)."""
        assert self.wake is not None
        while True:
            await self.wake.wait()
            self.wake.clear()
            await self.flush()
            if self.closing and not self.waiting:
                return

    async def flush(self) -> None:
        service = self.service
        if not self.waiting or service is None:
            return
        batch = []
        for entry in self.waiting_now():
            pending, future, _hook = entry
            if service.tables.get(pending.table.id) is pending.table:
                batch.append(entry)
            else:  # played on a game since read anew (a move under it was not stored): it stands on nothing
                pending.table.pending -= 1
                self.refuse_stale(future, pending)
        if not batch:
            return
        rows = [pending.row() for pending, _future, _hook in batch]
        try:
            await asyncio.to_thread(service.store.append_many, rows)
        except Conflict:
            # another process stored a move at one of these plies first: each move alone, so
            # that only the games raced for lose theirs
            await self.store_one_by_one(batch)
            return
        except Exception:
            log.exception("%d moves could not be stored", len(rows))
            # what was played on top of them in memory goes too: every game concerned is read
            # anew from the store
            batch, self.waiting = batch + self.waiting, []
            service.settle([pending for pending, _f, _h in batch], stored=False)
            for pending, future, _hook in batch:
                if not future.done():
                    future.set_exception(Refused(S.INTERNAL, "The move could not be stored; it was not "
                                                 "played.", pending.ply - 1))
            for game in {pending.table.id for pending, _f, _h in batch} & self.behind:
                self.catch_up(game)
            return
        service.settle([pending for pending, _f, _h in batch], stored=True)
        for entry in batch:
            self.stored(entry)
        for game in {pending.table.id for pending, _f, _h in batch} & self.behind:
            self.catch_up_soon(game)  # (read with the others in a thread: the loop serves on)

    def waiting_now(self) -> list[tuple[Pending, asyncio.Future[None], Callable[[], Any] | None]]:
        taken, self.waiting = self.waiting, []
        return taken

    def stored(self, entry: tuple[Pending, asyncio.Future[None], Callable[[], Any] | None]) -> None:
        """A move on the disk: its mover's ack, its envelope to every socket of its game, its
        waiter woken (in this order, with no wait between: a ``played`` here is never overtaken
        by the moves of other processes that come after it)."""
        pending, future, hook = entry
        if hook is not None:
            hook()
        self.broadcast(pending.table.id, pending.envelope)
        gone = takeback.expired(pending.table)  # a move played: the question open on the game lapses
        if gone is not None:
            self.broadcast(pending.table.id, gone)
        if not future.done():
            future.set_result(None)

    async def store_one_by_one(self, batch: list[tuple[Pending, asyncio.Future[None],
                                                       Callable[[], Any] | None]]) -> None:
        service = self.svc()
        lost: set[str] = set()
        for entry in batch:
            pending, future, _hook = entry
            game = pending.table.id
            if game in lost:  # played on top of the move that lost the race
                pending.table.pending -= 1
                self.refuse_stale(future, pending)
                continue
            try:
                await asyncio.to_thread(service.store.append_many, [pending.row()])
            except Conflict:
                log.info("game %s: ply %d was stored by another process first", game, pending.ply)
                lost.add(game)
                service.settle([pending], stored=False)
                self.refuse_stale(future, pending)
            except Exception:
                log.exception("game %s: the move could not be stored", game)
                lost.add(game)
                service.settle([pending], stored=False)
                if not future.done():
                    future.set_exception(Refused(S.INTERNAL, "The move could not be stored; it was not "
                                                 "played.", pending.ply - 1))
            else:
                service.settle([pending], stored=True)
                self.stored(entry)
        for game in lost:
            self.behind.add(game)
            self.catch_up(game)

    def refuse_stale(self, future: asyncio.Future[None], pending: Pending) -> None:
        if not future.done():
            future.set_exception(Refused(S.STALE, "Another move was played at that ply first; it was "
                                         "not played: catch up first.", pending.ply - 1))

    # -- several processes on one database ---------------------------------------------------------
    def heard(self, found: dict[str, Any]) -> None:
        """A notification from the database: another process (or this one) stored a move of a
        game or seated its friend. Nothing is taken from it but where to look."""
        game, service = found["game"], self.service
        if service is None or questions.heard(self, found):
            return
        if found.get("undone") is not None:
            self.undone(game, found["undone"])
            return
        if "ended" in found:
            self.heard_end(game)
            return
        if "presence" in found:
            if game in self.rooms:
                self.look_elsewhere(game)
            return
        if game not in self.rooms:
            # nobody here follows it: a copy in memory is dropped (read anew when asked for)
            table = service.tables.get(game)
            if table is not None and not table.pending and (
                    found.get("ply", 0) > table.ply or found.get("seated") not in (None, *table.seated)):
                del service.tables[game]
            return
        table = service.tables.get(game)
        if table is not None and (found.get("seated") in table.seated or (
                found.get("ply") is not None and found["ply"] <= min(table.ply, self.told.get(game, 0)))):
            return  # known here already (this process's own move or seat, most often)
        self.behind.add(game)
        if found.get("ply") is not None and table is not None:
            self.catch_up_soon(game)  # a move: read with the others that came meanwhile, in a thread
        else:
            self.catch_up(game)

    def undone(self, game: str, keep: int) -> None:
        """A take-back agreed on another process (or this one): a copy in memory that still
        has the moves after ``keep`` is read anew, and the sockets here told."""
        service = self.svc()
        table = service.tables.get(game)
        if table is not None and table.ply <= keep and self.told.get(game, 0) <= keep:
            return  # this process's own take-back, told already
        service.tables.pop(game, None)
        takeback.OFFERS.pop(game, None)
        if game not in self.rooms:
            return
        try:
            table = service.table(game)
        except Refused as refused:
            log.error("game %s could not be read after a take-back: %s", game, refused.message)
            return
        was = self.told.get(game, 0)
        self.told[game] = table.ply
        self.broadcast(game, takeback.taken_back(service, table, None, was))

    def heard_end(self, game: str) -> None:
        """A process ended ``game`` (a flag, a claim): read anew, its sockets here told."""
        service = self.svc()
        if game in self.ends_told:
            return  # told here already (this process's own end, most often)
        table = service.tables.get(game)
        if table is not None and table.pending:
            self.ends_due.add(game)  # told once this process's move is settled (catch_up)
            self.behind.add(game)
            return
        service.tables.pop(game, None)
        if game in self.rooms:
            self.behind.add(game)
            self.catch_up(game)
            table = service.tables.get(game) or service.table(game)
            if table.ended is not None:
                self.tell_end(service.ended(table))

    def fresh(self, table: Table) -> Table:
        """The game with what other processes stored since it was read (on a shared database;
        its followers here are sent it too)."""
        service = self.svc()
        if self.listening and not table.pending:
            if table.id in self.rooms:
                self.behind.add(table.id)
                self.catch_up(table.id)
            else:
                service.catch_up(table)
        return service.tables.get(table.id) or service.table(table.id)

    def reconnected(self) -> None:
        """Listening (again): what was stored while nobody listened is read for every game
        followed here."""
        for game in list(self.rooms):
            self.behind.add(game)
            self.catch_up(game)
        for game in list(self.rooms):  # who came and went meanwhile, heard of by nobody here
            self.look_elsewhere(game)

    def catch_up_soon(self, game: str) -> None:
        """``game``'s moves stored by other processes to be read by :meth:`read_behind`."""
        self.soon.add(game)
        if self.soon_wake is not None:
            self.soon_wake.set()

    async def read_behind(self) -> None:
        """Forever: the moves other processes stored, for every game heard of since the last
        read, in one round trip in a thread (a read per move in the event loop was half of a
        process's time under load: every socket waited for it), then sent here in order."""
        assert self.soon_wake is not None
        while True:
            await self.soon_wake.wait()
            self.soon_wake.clear()
            service = self.service
            if service is None:
                continue
            after: dict[str, int] = {}
            tables: dict[str, Table] = {}
            for game in self.soon:
                table = service.tables.get(game)
                if game in self.behind and table is not None and not table.pending:
                    after[game], tables[game] = table.ply, table
            self.soon.clear()  # (the rest: caught up after their own move is settled, or read anew)
            try:
                found = await asyncio.to_thread(service.store.moves_after, after)
            except Exception:  # one at a time then, as before
                log.exception("the moves of other processes could not be read together")
                found = {}
            for game, ply in after.items():
                table = service.tables.get(game)
                read = found.get(game)
                fits = table is tables[game] and table.ply == ply and not table.pending and read is not None
                self.catch_up(game, read if fits else None)

    def catch_up(self, game: str, read: list[MoveRow] | None = None) -> None:
        """The moves and seats that other processes stored for ``game``, read from the store
        (``read``: those moves, read already) and sent to the sockets here that follow it,
        once no move of this process is on its way to the store (then this is done again when
        it is settled)."""
        service = self.service
        if service is None or game not in self.behind:
            return
        try:
            table = service.tables.get(game)
            if table is not None and table.pending:
                return  # after the store's answer (flush and store_one_by_one come back here)
            self.behind.discard(game)
            if table is None:
                table = service.table(game)
            else:
                service.catch_up(table, read)
            self.time.track(table)
            if game not in self.rooms:
                return
            # (a seat once taken stays taken: a full game's seats are not read again at every move)
            seated = service.store.seats(game) if len(table.seated) < len(table.match.rules.players) else ()
            for side in seated:
                if side not in table.seated:
                    table.seated.append(side)
                    self.broadcast(game, {"v": PROTOCOL, "type": "seated", "match": game, "side": side,
                                          "seated": list(table.seated)})
            told = self.told.get(game, 0)
            for envelope in service.missed(table, told) if told < table.ply else ():
                self.broadcast(game, envelope)
            questions.lapsed(self, table)
            if game in self.ends_due:
                self.ends_due.discard(game)
                self.heard_end(game)
        except Refused as refused:
            log.error("game %s could not be caught up: %s", game, refused.message)
        except Exception:  # the listener goes on, whatever one game does
            log.exception("game %s could not be caught up", game)

    async def play(self, table: Table, side: str | None, ply: Any, move: Any,
                   stored: Callable[[], Any] | None = None) -> dict[str, Any]:
        """A move checked, played, stored (with the others that wait), then its envelope,
        sent to every socket of its game once stored, right after ``stored()`` (the ack)."""
        if self.closing:
            raise Refused(S.INTERNAL, "The server is stopping; the move was not played.")
        self.flag(table)  # (a move after the flag fell, before the timer looked, ends the game)
        pending = self.svc().prepare(table, side, ply, move)
        self.time.track(table)
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting.append((pending, future, stored))
        assert self.wake is not None
        self.wake.set()
        await future
        return pending.envelope.to(side)

    def timed(self, started: float) -> None:
        """A move's time in the server, from its request read to its envelope queued for
        every socket (its store's transaction included)."""
        self.moves += 1
        now = time.perf_counter()
        self.move_times.append((now, now - started))

    async def stats(self, request: Request) -> JSONResponse:
        """``GET /stats``: counts and the server's own time per move (the last 100 000, or
        those of the last ``?seconds=N``), for the operator and the load test; nothing about
        who plays."""
        async def act() -> dict[str, Any]:
            try:
                window = float(request.query_params.get("seconds", "inf"))
            except ValueError:
                raise Refused(S.MALFORMED, "\"seconds\" must be a number.") from None
            since = time.perf_counter() - window
            times = sorted(took for when, took in self.move_times if when >= since)

            def ms(q: float) -> float:
                return round(1000 * times[min(len(times) - 1, int(q * len(times)))], 2) if times else 0.0
            return {"v": PROTOCOL, "type": "stats", "moves": self.moves, "timed": len(times),
                    "sockets": self.sockets, "cpu_s": round(time.process_time(), 2),
                    "games_in_memory": len(self.service.tables) if self.service else 0,
                    "move_ms": {"p50": ms(0.5), "p99": ms(0.99), "max": ms(1.0)},
                    **self.probe.figures(window)}
        return await self.http(request, act)

    def svc(self) -> Service:
        if self.service is None:
            raise Refused(S.INTERNAL, "The server is starting or stopping; try again.")
        return self.service

    # -- fan-out ---------------------------------------------------------------------------------
    def broadcast(self, game: str, message: dict[str, Any]) -> None:
        if message.get("type") == "played" and game in self.rooms:
            if message["ply"] <= self.told.get(game, 0):
                return  # sent already (a move read from the store and announced by its process too)
            self.told[game] = message["ply"]
        sides = message.sides if isinstance(message, Views) else None
        text = dumps(message)
        texts: dict[str, str] = {}
        for conn in list(self.rooms.get(game, ())):
            if sides and conn.side in sides:  # what the rules hide from the others (views.py)
                side = conn.side
                if side not in texts:
                    texts[side] = dumps(sides[side])
                if not conn.push(texts[side]):
                    self.leave(conn)
            elif not conn.push(text):
                self.leave(conn)

    def follow(self, conn: Conn, game: str) -> None:
        if game not in self.rooms:  # (its moves waiting for the store are announced when stored)
            table = self.service.tables.get(game) if self.service else None
            self.told[game] = table.ply - table.pending if table is not None else 0
        room = self.rooms.setdefault(game, set())
        if len(room) >= self.limits.max_followers:
            raise Refused(S.FULL, "Too many are following this game; try again later.")
        room.add(conn)
        conn.game = game

    def leave(self, conn: Conn) -> None:
        if conn.game is not None:
            room = self.rooms.get(conn.game)
            if room is not None:
                room.discard(conn)
                if not room:
                    del self.rooms[conn.game]
                    self.told.pop(conn.game, None)
                    self.ends_told.discard(conn.game)
            if conn.counted and conn.side is not None:
                conn.counted = False
                self.seat_went(conn.game, conn.side)
        if conn.dropped and conn.writer is not None:
            conn.writer.cancel()

    # -- the seats present: the grace and the claim -----------------------------------------------
    def seat_came(self, conn: Conn, table: Table, side: str) -> None:
        """A seat's socket said hello: if the seat had left, its opponent hears it is ``back``;
        if the opponent is away, the newcomer hears it ``left`` and the grace left. On a
        shared database the seat's first socket here is written down for the other processes,
        and where the opponent's sockets are is read again (an opponent on another process is
        taken for away until then: its notice is seconds, the read milliseconds)."""
        if self.shared is not None:
            if not self.time.here(table.id, side):
                self.share(table.id, side, True)
            self.look_elsewhere(table.id)
        conn.counted = True
        back, others = self.time.came(table, side)
        if back:
            self.broadcast(table.id, Timekeeper.envelope("back", table.id, side))
        for other, grace in others:
            conn.push(dumps(Timekeeper.envelope("left", table.id, other, grace)))

    def seat_went(self, game: str, side: str) -> None:
        service = self.service
        table = service.tables.get(game) if service is not None else None
        told = self.time.went(table, game, side, game not in self.rooms, shared=self.shared is not None)
        if self.shared is not None and not self.time.here(game, side):
            self.share(game, side, False)
            self.look_elsewhere(game)  # left or not: decided once the other processes are read
        if told:
            self.broadcast(game, Timekeeper.envelope("left", game, side, self.limits.grace))

    # -- the seats present on other processes (a shared database) ---------------------------------
    def share(self, game: str, side: str, here: bool) -> None:
        """``side`` of ``game`` has its first socket here, or its last one went: written down
        for the other processes by :meth:`share_seats`, in order."""
        self.seat_changes.append((game, side, here))
        if self.seats_wake is not None:
            self.seats_wake.set()

    def look_elsewhere(self, game: str) -> None:
        """Which seats of ``game`` the other processes hold: read again by :meth:`share_seats`."""
        if self.shared is not None:
            self.seats_dirty.add(game)
            if self.seats_wake is not None:
                self.seats_wake.set()

    async def share_seats(self) -> None:
        """Forever, on a shared database: the seats that came here or went written down, the
        seats elsewhere read again for the games asked, and every BEAT seconds the heartbeat
        with the seats elsewhere read for every game followed here (a process killed outright
        is noticed only so). The database's round trips run in a thread, those that wait
        together in one go: the event loop never waits for them."""
        assert self.shared is not None and self.seats_wake is not None
        shared, wake = self.shared, self.seats_wake
        beaten = -BEAT
        while True:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(wake.wait(), max(0.0, beaten + BEAT - time.monotonic()))
            wake.clear()
            beat = time.monotonic() - beaten >= BEAT
            if beat:
                beaten = time.monotonic()
                self.seats_dirty.update(game for game in self.rooms if game in self.time.present)
            changes, self.seat_changes = self.seat_changes, []
            games = [game for game in self.seats_dirty if game in self.rooms]
            self.seats_dirty.clear()
            seats = self.time.seats_here() if beat else None
            try:
                found = await asyncio.to_thread(self.seats_round_trip, shared, changes, seats, games)
            except Exception as exc:  # the database is away: the same again at the next wake
                if type(exc).__module__.startswith("psycopg"):  # (not a bug: a line, as the listener's)
                    log.warning("the seats present could not be shared: %s; again in %.0f s",
                                " ".join(str(exc).split()) or type(exc).__name__, BEAT)
                else:
                    log.exception("the seats present could not be shared")
                self.seat_changes[:0] = changes
                self.seats_dirty.update(games)
                await asyncio.sleep(BEAT)
                continue
            service = self.service
            if service is None:
                continue
            for game in games:
                table = service.tables.get(game)
                if table is not None and game in self.rooms:
                    for kind, side, grace in self.time.remote(table, found.get(game, {})):
                        self.broadcast(game, Timekeeper.envelope(kind, game, side, grace))

    def claim(self, conn: Conn) -> None:
        """The opponent left a live game and its grace ran out: the seat takes the game."""
        if conn.game is None:
            raise Refused(S.HELLO, "Say hello first: a seat's secret or a spectator code.")
        service = self.svc()
        table = service.table(conn.game)
        if conn.side is None:
            raise Refused(S.SPECTATOR, "Spectators watch; they cannot claim a game.", table.ply)
        self.flag(table)
        why = self.time.claimable(table, conn.side) if not table.over else None
        if why is not None:
            raise Refused(S.GRACE, why, table.ply)
        self.tell_end(service.claim(table, conn.side))

    @staticmethod
    def seats_round_trip(shared: SharedSeats, changes: list[tuple[str, str, bool]],
                         seats: list[tuple[str, str]] | None, games: list[str]) -> dict[str, dict[str, int]]:
        """(In a thread.) What :meth:`share_seats` asks of the database at one wake."""
        shared.seats_here(changes)
        if seats is not None:
            shared.beat(seats)
        return shared.elsewhere(games)

    # -- HTTP ------------------------------------------------------------------------------------
    def rated(self, request: Request) -> None:
        address = request.client.host if request.client else "?"
        bucket = self.addresses.get(address)
        if bucket is None:
            if len(self.addresses) >= self.limits.addresses:
                self.addresses.clear()  # forget them all (kept in memory only, never stored)
            bucket = self.addresses[address] = Bucket(self.limits.rate, self.limits.burst)
        if not bucket.take():
            raise Refused(S.RATE, "Too many requests; slow down.")

    async def body(self, request: Request) -> dict[str, Any]:
        limit = self.limits.max_message
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            raise Refused(S.TOO_BIG, f"A request may be {limit} bytes at most.")
        data = b""
        async for chunk in request.stream():
            data += chunk
            if len(data) > limit:
                raise Refused(S.TOO_BIG, f"A request may be {limit} bytes at most.")
        return parse(data, limit)

    async def http(self, request: Request, act: Callable[[], Any]) -> JSONResponse:
        try:
            self.rated(request)
            answer = await act()
            return JSONResponse(answer, status_code=201 if answer.get("type") == "created" else 200)
        except Refused as refused:
            return JSONResponse(refused.envelope(), status_code=STATUS.get(refused.reason, 400))
        except Exception:  # a bug answers a refusal, never a traceback
            log.exception("request %s %s failed", request.method, request.url.path)
            return JSONResponse(Refused(S.INTERNAL, "The server failed on that request; nothing changed.")
                                .envelope(), status_code=500)

    async def index(self, request: Request) -> JSONResponse:
        async def act() -> dict[str, Any]:
            games = [{"id": r.id, "title": r.title, "players": list(r.rules.players),
                      "levels": list(S.level_names(r.id))} for r in catalogue.RECORDS.values()]
            return {"v": PROTOCOL, "type": "server", "name": "gauss-arcade-server", "games": games}
        return await self.http(request, act)

    async def create(self, request: Request) -> JSONResponse:
        async def act() -> dict[str, Any]:
            return self.svc().create(await self.body(request))
        return await self.http(request, act)

    async def join(self, request: Request) -> JSONResponse:
        async def act() -> dict[str, Any]:
            answer = self.svc().join(await self.body(request))
            table = self.svc().tables.get(answer["match"])
            if table is not None:
                self.time.track(table)
                self.time.joined(table, answer["seat"])
            self.broadcast(answer["match"], {"v": PROTOCOL, "type": "seated", "match": answer["match"],
                                            "side": answer["seat"], "seated": answer["seated"]})
            return answer
        return await self.http(request, act)

    async def watch(self, request: Request) -> JSONResponse:
        async def act() -> dict[str, Any]:
            service = self.svc()
            table = self.fresh(service.watched(request.path_params["code"]))
            return service.welcome(table, None, None)[0]
        return await self.http(request, act)

    async def status(self, request: Request) -> JSONResponse:
        """``POST /status``: where each of several seats' games stands (``game.server.status``)."""
        async def act() -> dict[str, Any]:
            return seats_status(self.svc(), await self.body(request), self.fresh)
        return await self.http(request, act)

    async def move(self, request: Request) -> JSONResponse:
        async def act() -> dict[str, Any]:
            body = await self.body(request)
            service = self.svc()
            table, side = service.seat(body.get("secret"))
            if isinstance(body.get("ply"), int) and body["ply"] > table.ply:  # seen on another process
                table = self.fresh(table)
            started = time.perf_counter()
            played = await self.play(table, side, body.get("ply"), body.get("move"))
            self.timed(started)
            return played
        return await self.http(request, act)

    # -- the WebSocket -------------------------------------------------------------------------
    async def socket(self, websocket: WebSocket) -> None:
        limits = self.limits
        if self.sockets >= limits.max_sockets or self.service is None:
            await websocket.close(code=TRY_LATER)
            return
        self.sockets += 1
        conn = Conn(websocket, Bucket(limits.rate, limits.burst), asyncio.Queue(limits.queue))
        try:
            await websocket.accept()
            conn.writer = asyncio.create_task(self.write(conn))
            await self.converse(conn)
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass
        finally:
            self.sockets -= 1
            self.leave(conn)
            conn.dropped = True
            if conn.writer is not None:
                with contextlib.suppress(asyncio.QueueFull):
                    conn.queue.put_nowait(None)
                try:
                    await asyncio.wait_for(conn.writer, 2.0)
                except (asyncio.TimeoutError, asyncio.CancelledError, Exception):
                    conn.writer.cancel()

    async def write(self, conn: Conn) -> None:
        try:
            while True:
                text = await conn.queue.get()
                if text is None:
                    break
                await conn.socket.send_text(text)
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass
        finally:
            code = conn.close_code or (TRY_LATER if conn.dropped else None)
            if code is not None:
                with contextlib.suppress(Exception):
                    await conn.socket.close(code=code)

    async def converse(self, conn: Conn) -> None:
        limits = self.limits
        while not conn.dropped:
            try:
                timeout = limits.hello_seconds if conn.game is None else None
                message = await asyncio.wait_for(conn.socket.receive(), timeout)
            except asyncio.TimeoutError:
                conn.push(dumps(Refused(S.HELLO, "Say hello first: a seat's secret or a spectator code.")
                                .envelope()))
                conn.close_code = POLICY
                conn.push(None)
                return
            if message["type"] == "websocket.disconnect":
                return
            request_id = None
            try:
                if not conn.bucket.take():
                    conn.strikes += 1
                    if conn.strikes > limits.strikes:  # closed once the refusals before are sent
                        conn.close_code = POLICY
                        conn.push(None)
                        return
                    raise Refused(S.RATE, "Too many messages; slow down.")
                conn.strikes = 0
                obj = parse(message.get("text") if message.get("text") is not None else message.get("bytes"),
                            limits.max_message)
                request_id = obj.get("id")
                await self.handle(conn, obj)
            except Refused as refused:
                conn.push(dumps(refused.envelope(request_id)))
            except Exception:  # a bug answers a refusal and keeps the socket
                log.exception("a WebSocket message failed")
                conn.push(dumps(Refused(S.INTERNAL, "The server failed on that message; nothing changed.")
                                .envelope(request_id)))

    async def handle(self, conn: Conn, obj: dict[str, Any]) -> None:
        if obj.get("v") != PROTOCOL:
            raise Refused(S.MALFORMED, f"This server speaks version {PROTOCOL}: send \"v\": {PROTOCOL}.")
        kind = obj.get("type")
        service = self.svc()
        if kind == "hello":
            if conn.game is not None:
                raise Refused(S.HELLO, "This socket said hello already.")
            if "secret" in obj:
                table, side = service.seat(obj["secret"])
            elif "watch" in obj:
                table, side = service.watched(obj["watch"]), None
            else:
                raise Refused(S.HELLO, "A hello carries a seat's \"secret\" or a spectator code, \"watch\".")
            if isinstance(obj.get("ply"), int) and obj["ply"] > table.ply:  # seen on another process
                table = self.fresh(table)
            self.flag(table)
            self.follow(conn, table.id)
            conn.side = side
            conn.secret = obj["secret"] if side is not None else None
            for message in service.welcome(table, side, obj.get("ply"), obj.get("epoch")):
                conn.push(dumps(message))
            again = rematch.welcome(service, table, side, conn.secret)  # made while this seat was away
            if again is not None:
                conn.push(dumps(again))
            else:
                questions.hello(self, conn, table)
            if side is not None:
                self.seat_came(conn, table, side)
            else:  # a spectator here hears who leaves and comes back on the other processes too
                self.look_elsewhere(table.id)
        elif kind == "move":
            if conn.game is None:
                raise Refused(S.HELLO, "Say hello first: a seat's secret or a spectator code.")
            table = service.table(conn.game)
            if conn.side is not None and "secret" in obj:
                seat_table, seat_side = service.seat(obj["secret"])
                if seat_table.id != table.id or seat_side != conn.side:
                    raise Refused(S.SECRET, "That secret is not this seat's.", table.ply)
            started = time.perf_counter()
            ack: dict[str, Any] = {"v": PROTOCOL, "type": "ack", "ply": table.ply + 1}
            if S.plain_id(obj.get("id")):
                ack["id"] = obj["id"]
            await self.play(table, conn.side, obj.get("ply"), obj.get("move"),
                            stored=lambda: conn.push(dumps(ack)))
            self.timed(started)
        elif kind == "claim":
            self.claim(conn)
        elif kind == "ping":
            conn.push(dumps({"v": PROTOCOL, "type": "pong"}))
        elif kind in SEAT_MESSAGES:
            if conn.game is None:
                raise Refused(S.HELLO, "Say hello first: a seat's secret or a spectator code.")
            self.seat_message(conn, kind, obj)
        else:
            raise Refused(S.MALFORMED, "The message types are hello, move, claim, ping, "
                          + ", ".join(SEAT_MESSAGES) + ".")

    def seat_message(self, conn: Conn, kind: str, obj: dict[str, Any]) -> None:
        """A take-back asked or answered (takeback.py), a rematch offered (rematch.py)."""
        assert conn.game is not None
        service = self.svc()
        table = service.table(conn.game)
        if kind == "takeback":
            self.broadcast(table.id, takeback.ask(service, table, conn.side, obj.get("ply")))
        elif kind == "takeback_answer":
            told = takeback.answer(service, table, conn.side, obj.get("ply"), obj.get("accept"))
            if told["type"] == "takenback":
                self.told[table.id] = told["ply"]
            self.broadcast(table.id, told)
        elif kind == "rematch":
            questions.offer(self, conn, table)


async def refuse_http(_request: Request, exc: Exception) -> JSONResponse:
    """Starlette's own refusals (no such path, a method the path does not take) as the
    server's envelope."""
    status = exc.status_code if isinstance(exc, HTTPException) else 500
    reason = S.UNKNOWN if status == 404 else S.MALFORMED if status < 500 else S.INTERNAL
    words = {404: "No such path: the paths are /, /games, /join, /watch/CODE, /move, /status and /ws.",
             405: "That path does not take this method."}
    return JSONResponse(Refused(reason, words.get(status, "The request was refused.")).envelope(),
                        status_code=status)


def uvicorn_settings(limits: Limits) -> dict[str, Any]:
    """uvicorn's settings for this application, the same for the command, a hosted game and
    the tests. Without ``ws_per_message_deflate`` off, a client that offers compression (most
    WebSocket libraries do by default; this project's client does not) costs a compressor and a
    decompressor per socket (some 40 KB of memory as uvicorn sets them, and CPU for every
    envelope) for messages of a few hundred bytes to a few kilobytes."""
    return {"ws": "websockets-sansio", "ws_max_size": limits.frame, "ws_per_message_deflate": False,
            "lifespan": "on", "server_header": False, "access_log": False}


def create_app(data: Path | None = None, store: Callable[[], Store] | None = None,
               limits: Limits | None = None) -> Starlette:
    """The server as an ASGI application over the SQLite store in ``data`` (or the store
    ``store()`` makes)."""
    if store is None:
        if data is None:
            raise ValueError("create_app needs a data folder or a store")
        folder = Path(data)

        def store() -> Store:
            return SQLiteStore(folder)
    server = GameServer(store, limits or Limits())
    app = Starlette(routes=[
        Route("/", server.index, methods=["GET"]),
        Route("/stats", server.stats, methods=["GET"]),
        Route("/games", server.create, methods=["POST"]),
        Route("/join", server.join, methods=["POST"]),
        Route("/watch/{code}", server.watch, methods=["GET"]),
        Route("/move", server.move, methods=["POST"]),
        Route("/status", server.status, methods=["POST"]),
        WebSocketRoute("/ws", server.socket),
    ], lifespan=server.lifespan, exception_handlers={HTTPException: refuse_http})
    app.state.server = server
    return app
