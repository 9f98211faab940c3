"""A game server hosted by the game itself, for the local network: the same server as
``gauss-arcade-server`` (:mod:`game.server`), on this machine's address on its network, in a
daemon thread of the game, its games kept in the player's folder (``server/``).

    host = running() or start()       # HostError saying why not, in the player's words
    host.url                          # http://192.168.1.5:8740: what the friend types

It needs the server extra (Starlette and uvicorn), imported only when a host starts.
The thread is a daemon: the server goes when the game quits (every move it accepted was
stored before anyone was told of it, docs/server.md).
"""
from __future__ import annotations

import logging
import socket
import threading
import time
from pathlib import Path
from typing import Any

from ..i18n import N_, _
from ..persistence import storage
from . import api

log = logging.getLogger("gauss_arcade.online")

#: seconds the start waits for the server to listen
START_SECONDS = 10.0
NEEDS = ("starlette", "uvicorn", "websockets")

NOT_INSTALLED = N_("Hosting needs the server's packages: pip install 'gauss-arcade[server]'")

_running: Host | None = None
_lock = threading.Lock()


class HostError(RuntimeError):
    """The server could not start; the message is the player's words."""


class Host:
    def __init__(self, address: str, port: int, data: Path) -> None:
        self.address = address
        self.port = port
        self.data = data
        self.server: Any = None
        self.thread: threading.Thread | None = None
        self.sock: socket.socket | None = None

    @property
    def url(self) -> str:
        host = f"[{self.address}]" if ":" in self.address else self.address
        return f"http://{host}:{self.port}"

    @property
    def alive(self) -> bool:
        return self.thread is not None and self.thread.is_alive()

    def start(self) -> Host:
        from ..server import missing

        if missing():
            raise HostError(_(NOT_INSTALLED))
        import uvicorn

        from ..server.app import create_app, uvicorn_settings
        from ..server.service import Limits
        from ..server.store import StoreError

        sock = None
        for port in dict.fromkeys([self.port, 0]):  # the usual port, else any free one
            try:
                family = socket.AF_INET6 if ":" in self.address else socket.AF_INET
                sock = socket.socket(family, socket.SOCK_STREAM)
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                sock.bind((self.address, port))
                sock.listen(128)
                break
            except OSError as exc:
                log.info("online: port %s on %s cannot be used (%s)", port, self.address, exc)
                if sock is not None:
                    sock.close()
                sock = None
        if sock is None:
            raise HostError(_("No port on {address} can be used.").format(address=self.address))
        self.sock = sock
        self.port = sock.getsockname()[1]
        limits = Limits()
        try:
            app = create_app(self.data, limits=limits)
        except StoreError as exc:
            sock.close()
            raise HostError(str(exc)) from None
        config = uvicorn.Config(app, log_level="warning", **uvicorn_settings(limits))
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self._serve, name="online-host", daemon=True)
        self.thread.start()
        deadline = time.monotonic() + START_SECONDS
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                self.stop()
                raise HostError(_("The server could not start; the log says why."))
            time.sleep(0.02)
        log.info("online: hosting on %s (data: %s)", self.url, self.data)
        return self

    def _serve(self) -> None:
        try:
            self.server.run(sockets=[self.sock])
        except BaseException as exc:  # noqa: BLE001 - a line in the log, never a traceback on screen
            log.warning("online: the hosted server stopped (%s)", exc)

    def stop(self) -> None:
        if self.server is not None:
            self.server.should_exit = True
        if self.thread is not None and self.thread is not threading.current_thread():
            self.thread.join(5.0)
        if self.sock is not None:
            self.sock.close()


def running() -> Host | None:
    """The server this game hosts, if it runs."""
    host = _running
    return host if host is not None and host.alive else None


def start(address: str | None = None, port: int | None = None) -> Host:
    """The hosted server, started on ``address`` (by default this machine's address on its
    network: :func:`game.phones.net.lan_address`) if it does not run yet."""
    global _running
    with _lock:
        host = running()
        if host is not None:
            return host
        if address is None:
            from ..phones.net import lan_address

            address = lan_address()
        port = api.DEFAULT_PORT if port is None else port
        _running = Host(address, port, storage.home() / "server").start()
        return _running


def stop() -> None:
    global _running
    with _lock:
        host, _running = _running, None
    if host is not None:
        host.stop()
