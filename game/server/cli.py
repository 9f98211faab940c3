"""``gauss-arcade-server`` (and ``python -m game.server``): the game server on uvicorn.

    gauss-arcade-server --host 127.0.0.1 --port 8740 --data ~/.local/share/gauss-arcade/server

It writes only inside its data folder (the SQLite database and its WAL files), or, with
``--database postgresql://...`` (or ``$GAUSS_ARCADE_DATABASE``), only in that PostgreSQL
database, which several server processes may share; it logs to standard error, without
addresses. A bad option, a port in use or a data folder that
cannot be used is one line and exit code 2; SIGINT and SIGTERM stop it cleanly (exit 0).
"""
from __future__ import annotations

import argparse
import gc
import logging
import os
import signal
import socket
import sys
from dataclasses import replace
from pathlib import Path

from . import missing
from .service import Limits

DEFAULT_PORT = 8740


def default_data() -> Path:
    """``$GAUSS_ARCADE_HOME/server``, else the platform's folder for a user's data:
    ``%LOCALAPPDATA%\\gauss-arcade\\server``, ``~/Library/Application Support/gauss-arcade/server``,
    ``$XDG_DATA_HOME/gauss-arcade/server`` (``~/.local/share`` by default)."""
    home = os.environ.get("GAUSS_ARCADE_HOME")
    if home:
        return Path(home).expanduser() / "server"
    if sys.platform == "win32" and os.environ.get("LOCALAPPDATA"):
        return Path(os.environ["LOCALAPPDATA"]) / "gauss-arcade" / "server"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "gauss-arcade" / "server"
    xdg = os.environ.get("XDG_DATA_HOME", "")
    base = Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".local" / "share"
    return base / "gauss-arcade" / "server"


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="gauss-arcade-server",
                                description="The Gauss Arcade game server: play online by invite code "
                                            "(docs/server.md).")
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: every "
                        "interface, behind a reverse proxy for TLS)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT,
                   help=f"the TCP port (default {DEFAULT_PORT}; 0: any free port, printed at start)")
    p.add_argument("--data", type=Path, default=None,
                   help=f"the folder of the database (default {default_data()})")
    p.add_argument("--database", default=None, metavar="URL",
                   help="a PostgreSQL database instead of the data folder's SQLite, shared by any number of "
                        "server processes: postgresql://USER@HOST:PORT/NAME (default $GAUSS_ARCADE_DATABASE; "
                        "needs gauss-arcade[postgres])")
    p.add_argument("--sync", choices=["full", "normal"], default="full",
                   help="full (default): every stored move synced to the disk before it is announced; "
                        "normal: synced at checkpoints (faster; the last moves may be lost to a power cut, "
                        "never to the server being killed)")
    limits = Limits()
    p.add_argument("--rate", type=float, default=limits.rate,
                   help=f"messages a second per connection, and requests a second per address "
                        f"(default {limits.rate:g})")
    p.add_argument("--burst", type=int, default=limits.burst,
                   help=f"messages at once above the rate (default {limits.burst})")
    p.add_argument("--grace", type=float, default=limits.grace, metavar="SECONDS",
                   help=f"a live game: how long a player whose connection went may be away before the "
                        f"opponent may claim the game (default {limits.grace:g})")
    p.add_argument("--keep-days", type=float, default=limits.keep_days, metavar="DAYS",
                   help=f"a game no move, seat or end touched for this many days is deleted, finished or "
                        f"not (default {limits.keep_days:g}; 0: games are kept for ever)")
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    lacking = missing()
    if lacking:
        print(f"gauss-arcade-server: {', '.join(lacking)} not installed; install the server extra: "
              "pip install 'gauss-arcade[server]'", file=sys.stderr)
        return 2
    if not 0 <= args.port <= 65535:
        print(f"gauss-arcade-server: --port must be 0 to 65535, not {args.port}", file=sys.stderr)
        return 2
    if not (0 < args.rate <= 100000 and 1 <= args.burst <= 100000):
        print("gauss-arcade-server: --rate must be above 0 and --burst 1 or more (up to 100000)",
              file=sys.stderr)
        return 2
    if not 1 <= args.grace <= 3600:
        print("gauss-arcade-server: --grace must be 1 to 3600 seconds", file=sys.stderr)
        return 2
    if not (args.keep_days == 0 or 1 <= args.keep_days <= 36500):
        print("gauss-arcade-server: --keep-days must be 0 (for ever) or 1 to 36500 days", file=sys.stderr)
        return 2
    database = args.database if args.database is not None else os.environ.get("GAUSS_ARCADE_DATABASE") or None
    if database is not None and args.data is not None and args.database is not None:
        print("gauss-arcade-server: --data and --database name two places for the games: give one",
              file=sys.stderr)
        return 2
    if args.data is not None:
        database = None  # the folder given on the command line wins over the environment's database
    if database is not None:
        from . import postgres

        if not postgres.is_url(database):
            print("gauss-arcade-server: --database must be a PostgreSQL URL, postgresql://USER@HOST:PORT/NAME",
                  file=sys.stderr)
            return 2
        why = postgres.missing()
        if why:
            print(f"gauss-arcade-server: {why}", file=sys.stderr)
            return 2
    import uvicorn

    from ..content import levels
    from .app import create_app, uvicorn_settings
    from .store import SQLiteStore, Store, StoreError

    levels.set_aside_bad_files = False  # the server writes in its data folder only
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s",
                        stream=sys.stderr)
    store: Store
    try:
        if database is not None:
            from .postgres import PostgresStore, shown

            store = PostgresStore(database, sync=args.sync)
            where = f"database: {shown(database)}"
        else:
            data = (args.data or default_data()).expanduser().resolve()
            store = SQLiteStore(data, sync=args.sync)
            where = f"data: {data}"
    except StoreError as exc:
        print(f"gauss-arcade-server: {exc}", file=sys.stderr)
        return 2
    try:
        family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        # no Nagle: a move's ack and its envelope leave at once, not 40 ms apart (Linux passes
        # the option on to every accepted connection)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.bind((args.host, args.port))
        sock.listen(511)
    except (OSError, OverflowError) as exc:
        store.close()
        print(f"gauss-arcade-server: cannot listen on {args.host} port {args.port}: "
              f"{getattr(exc, 'strerror', None) or exc}", file=sys.stderr)
        return 2
    port = sock.getsockname()[1]
    limits = replace(Limits(), rate=args.rate, burst=args.burst, grace=args.grace,
                     keep_days=args.keep_days)
    app = create_app(store=lambda: store, limits=limits)
    config = uvicorn.Config(app, log_level="info", **uvicorn_settings(limits))
    print(f"gauss-arcade-server: listening on http://{args.host}:{port} ({where})", flush=True)
    # the collector (measured with 1 000 players, docs/server.md): what was loaded so far is
    # never garbage; a young generation of 2 000 objects (Python 3.12's own) keeps each pass
    # short (2 ms of CPU, where 50 000 took 70 to 120 ms), and full passes over every game and
    # socket in memory stay rare (the oldest generation's threshold of 100, not 10)
    gc.freeze()
    gc.set_threshold(2_000, 10, 100)
    # the thread that syncs the moves to the disk takes the interpreter back from the event
    # loop several times a transaction, each time waiting up to the switch interval (5 ms by
    # default) while the loop is busy: at 1 000 players on a busy machine the server's own
    # p99 per move was 450 ms with 5 ms, 60 to 90 ms with 1 ms (measured, docs/server.md)
    sys.setswitchinterval(0.001)
    # uvicorn stops on SIGINT and SIGTERM, then raises the signal again for the handler that was
    # there before it: this one, so a stop asked for is exit 0, not death by the signal
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda _sig, _frame: None)
    uvicorn.Server(config).run(sockets=[sock])
    return 0
