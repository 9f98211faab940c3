"""The phone hub: one port of one chosen interface, serving the phone page at ``/`` and
the WebSocket at ``/ws``, in an asyncio loop of its own thread (a daemon: it can never
keep the program alive), around a :class:`~game.phones.room.Room`.

The ``websockets`` package (``gauss-arcade[phones]``) is imported when a hub starts, never
before: the game runs without it. The hub knows no pygame: what the room says for the game
(a phone joined, pressed a button, dropped, came back, is gone) goes to ``on_event``, called
in the hub's thread; the app's side (:mod:`game.app.phones`) posts it into pygame's queue.

    hub = Hub("127.0.0.1", 0, on_event=print)
    hub.start()                     # bound, or HubError saying why not
    hub.url                         # http://127.0.0.1:40913/#KXPT.s3cr3t
    hub.show("phone1", {...})       # what phone1 is shown now (from any thread)
    hub.stop()                      # closes every socket, joins the thread
"""
from __future__ import annotations

import asyncio
import dataclasses
import ipaddress
import itertools
import json
import logging
import threading
import time
from collections.abc import Callable
from importlib import resources
from typing import Any

from .room import BURST, GRACE, MAX_FRAME, RATE, TOO_BIG, Out, Room

log = logging.getLogger("gauss_arcade")

#: how often the room's clock is looked at (the grace period, silent sockets)
TICK = 0.5
#: how long start() waits for the port, and stop() for the thread
START_SECONDS, STOP_SECONDS = 5.0, 3.0


class HubError(RuntimeError):
    """The hub could not start: the packages are missing, the address is not this
    machine's, the port is taken. The message says which, in a line."""


class OneLine(logging.Filter):
    """websockets' complaints about what reached the port, in one line each, never a traceback:
    a request that is not a WebSocket handshake (a port scanner, garbage) is not logged at all."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info:
            if str(record.msg).startswith("opening handshake failed"):
                return False
            exc = record.exc_info[1]
            record.msg, record.args = f"{record.getMessage()}: {type(exc).__name__}: {exc}", ()
            record.exc_info, record.exc_text = None, None
        return True


def page() -> bytes:
    """The phone page, as shipped beside this module."""
    return resources.files(__package__).joinpath("page.html").read_bytes()


class Hub:
    def __init__(self, host: str, port: int, on_event: Callable[..., None],
                 grace: float = GRACE, clock: Callable[[], float] = time.monotonic,
                 rate: float = RATE, burst: int = BURST) -> None:
        try:
            address = ipaddress.ip_address(host)
        except ValueError as exc:
            raise HubError(f"{host!r} is not an IP address") from exc
        if address.is_unspecified:  # the hub listens on the one address chosen, never on all
            raise HubError(f"{host} would listen on every network: choose one address of this machine")
        self.host = host
        self.port = port
        self.on_event = on_event
        self.room = Room(clock=clock, grace=grace, rate=rate, burst=burst)
        quiet = logging.getLogger("gauss_arcade.phones")  # websockets' own lines: one per socket
        if quiet.level == logging.NOTSET:
            quiet.setLevel(logging.WARNING)
        if not any(isinstance(f, OneLine) for f in quiet.filters):
            quiet.addFilter(OneLine())
        self.lock = threading.Lock()  # the room is changed from the hub's thread and the game's
        self.page = page()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread: threading.Thread | None = None
        self.sockets: dict[int, Any] = {}
        self.ids = itertools.count(1)
        self.ready = threading.Event()
        self.failure: str | None = None
        self.stopping: asyncio.Event | None = None
        #: refusals at the door (HTTP), counted for tests and the log: reason -> count
        self.refused: dict[str, int] = {}

    # -- from the game's thread ------------------------------------------------------------
    def start(self) -> None:
        try:
            import websockets.asyncio.server  # noqa: F401
        except ImportError as exc:
            raise HubError("the websockets package is not installed") from exc
        self.thread = threading.Thread(target=self.run, name="phone-hub", daemon=True)
        self.thread.start()
        if not self.ready.wait(START_SECONDS):
            self.failure = self.failure or "the hub did not start in time"
        if self.failure is not None:
            self.stop()
            raise HubError(self.failure)

    def stop(self) -> None:
        loop, thread = self.loop, self.thread
        if loop is not None and self.stopping is not None:
            try:
                loop.call_soon_threadsafe(self.stopping.set)
            except RuntimeError:  # the loop already closed
                pass
        if thread is not None and thread is not threading.current_thread():
            thread.join(STOP_SECONDS)
        self.thread = None

    @property
    def running(self) -> bool:
        return self.thread is not None and self.thread.is_alive() and self.failure is None

    @property
    def origin(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    @property
    def url(self) -> str:
        with self.lock:
            return f"{self.origin}/#{self.room.link_fragment()}"

    @property
    def code(self) -> str:
        with self.lock:
            return self.room.code

    def show(self, device: str, state: dict[str, Any]) -> None:
        with self.lock:
            out = self.room.show(device, state)
        self.carry_out(out)

    def set_seats(self, seated: set[str], locked: bool) -> None:
        with self.lock:
            self.room.set_seats(seated, locked)

    def rotate(self, keep: set[str] = frozenset()) -> None:  # type: ignore[assignment]
        with self.lock:
            out = self.room.rotate(set(keep))
        self.carry_out(out)

    # -- the hub's thread ----------------------------------------------------------------------
    def run(self) -> None:
        loop = asyncio.new_event_loop()
        self.loop = loop
        try:
            loop.run_until_complete(self.serve())
        except Exception as exc:  # never a traceback into the game: a line in the log
            self.failure = self.failure or f"{type(exc).__name__}: {exc}"
            log.warning("The phone hub stopped: %s", self.failure)
        finally:
            self.ready.set()
            try:
                loop.run_until_complete(loop.shutdown_asyncgens())
            finally:
                loop.close()

    async def serve(self) -> None:
        from websockets.asyncio.server import serve

        self.stopping = asyncio.Event()
        try:
            server = await serve(self.connection, self.host, self.port, process_request=self.door,
                                 max_size=MAX_FRAME, compression=None, max_queue=8,
                                 ping_interval=10, ping_timeout=10, open_timeout=5, close_timeout=2,
                                 server_header=None, logger=logging.getLogger("gauss_arcade.phones"))
        except OSError as exc:
            self.failure = f"port {self.port} on {self.host} cannot be used: {exc.strerror or exc}"
            return
        try:
            self.port = server.sockets[0].getsockname()[1]
            self.ready.set()
            log.info("The phone hub listens on %s.", self.origin)
            ticker = asyncio.get_running_loop().create_task(self.ticking())
            await self.stopping.wait()
            ticker.cancel()
        finally:
            server.close()
            await server.wait_closed()
            log.info("The phone hub stopped.")

    async def ticking(self) -> None:
        while True:
            await asyncio.sleep(TICK)
            with self.lock:
                out = self.room.tick()
            await self.deliver(out)

    def door(self, connection: Any, request: Any) -> Any:
        """Every HTTP request, before any WebSocket: the page at ``/``, the socket at ``/ws``
        from this hub's own page only (its Origin), nothing else."""
        path = request.path.split("?", 1)[0]
        if path in ("/", "/index.html"):
            return self.html(connection)
        if path != "/ws":
            return self.refuse(connection, 404, "not-found", "Not found.\n")
        origin = request.headers.get("Origin")
        if origin not in self.origins():
            return self.refuse(connection, 403, "wrong-origin",
                               "Refused: this socket is for the page this hub serves.\n")
        with self.lock:
            shut = self.room.shut_out(connection.remote_address[0])
        if shut:
            return self.refuse(connection, 429, "too-many-tries",
                               "Refused: too many wrong codes; wait a minute.\n")
        return None

    def origins(self) -> set[str]:
        found = {self.origin}
        if ipaddress.ip_address(self.host).is_loopback:
            found.add(f"http://localhost:{self.port}")
        return found

    def refuse(self, connection: Any, status: int, why: str, text: str) -> Any:
        self.refused[why] = self.refused.get(why, 0) + 1
        return connection.respond(status, text)

    def html(self, connection: Any) -> Any:
        response = connection.respond(200, "")
        headers = response.headers
        for name, value in (
                ("Content-Type", "text/html; charset=utf-8"), ("Content-Length", str(len(self.page))),
                ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff"),
                ("Referrer-Policy", "no-referrer"),
                ("Content-Security-Policy", "default-src 'none'; script-src 'unsafe-inline'; "
                 "style-src 'unsafe-inline'; img-src data:; connect-src 'self' "
                 f"ws://{self.origin.removeprefix('http://')}; base-uri 'none'; form-action 'none'")):
            if name in headers:
                del headers[name]
            headers[name] = value
        return dataclasses.replace(response, body=self.page)

    async def connection(self, ws: Any) -> None:
        from websockets.exceptions import ConnectionClosed

        conn = next(self.ids)
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
        self.sockets[conn] = ws
        with self.lock:
            out = self.room.opened(conn, address)
        try:
            if await self.deliver(out, conn):
                return
            async for frame in ws:
                with self.lock:
                    out = self.room.received(conn, frame)
                if await self.deliver(out, conn):
                    return
        except ConnectionClosed as exc:
            codes = {getattr(getattr(exc, side, None), "code", None) for side in ("sent", "rcvd")}
            if TOO_BIG in codes:
                self.refused["too-big"] = self.refused.get("too-big", 0) + 1
        finally:
            self.sockets.pop(conn, None)
            with self.lock:
                out = self.room.closed(conn)
            await self.deliver(out)

    def carry_out(self, out: Out) -> None:
        """What ``out`` says, from the game's thread: the events now, the frames in the hub's."""
        self.tell(out)
        loop = self.loop
        if (out.sends or out.closes) and loop is not None and not loop.is_closed():
            try:
                asyncio.run_coroutine_threadsafe(self.deliver(out, events=False), loop)
            except RuntimeError:  # the loop is closing
                pass

    def tell(self, out: Out) -> None:
        for event in out.events:
            try:
                self.on_event(*event)
            except Exception:  # the game's side failing must not stop the hub
                log.exception("A phone event could not be passed to the game")

    async def deliver(self, out: Out, current: int | None = None, events: bool = True) -> bool:
        """Send, close and tell the game what ``out`` says, in order; True when ``current``,
        the socket being read, was closed."""
        if events:
            self.tell(out)
        for conn, message in out.sends:
            ws = self.sockets.get(conn)
            if ws is not None:
                try:
                    await ws.send(json.dumps(message))
                except Exception:  # closing meanwhile: its phone is told nothing more
                    pass
        closed = False
        for conn, code, why in out.closes:
            ws = self.sockets.get(conn)
            closed = closed or conn == current
            if ws is not None:
                try:
                    await ws.close(code, why)
                except Exception:
                    pass
        return closed
