"""A bounded load test on loopback: ``python -m game.server.load``.

Starts ``gauss-arcade-server`` in a process of its own on 127.0.0.1 (a free port, a fresh data
folder in a temporary directory, removed after) unless ``--url`` names one already running on
this machine, then keeps ``--games`` games going at once from ``--clients`` processes of their
own (the games shared out between them): two WebSocket players each, random legal moves picked
from the state the server sent (as a client would), a player waiting ``--think`` seconds before
each move. A game that ends is replaced by a new one. After ``--seconds`` it stops and prints
the move round trip measured at the mover (a move sent to its ``played`` envelope back: p50,
p99, max, the clients' figures merged), how many moves were accepted a second, the server's
own time per move, how late the server's event loop and the clients' were (a late client
inflates the round trip it measures), and the share of a core each side used.

    python -m game.server.load --games 500 --think 2 --seconds 60 --clients 2 --pin

``--pin`` puts the server on one core and the clients on the others (``os.sched_setaffinity``,
Linux): on a 2-core machine the load generator then cannot take the server's core.
Only loopback addresses are accepted: the test never sends traffic anywhere else.

Several processes on PostgreSQL: ``--database URL --processes N`` starts N servers on that
database (on this machine), and each game's two players connect to two different processes,
so that every move reaches the opponent through the database's notification; the figures
add the fan-out, from a move sent to its ``played`` envelope at the opponent.

    python -m game.server.load --database postgresql://gauss@127.0.0.1:5432/load --processes 2 \
        --games 500 --think 2 --seconds 60 --warmup 20
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import ipaddress
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from typing import Any

from .. import catalogue
from ..content import levels
from .probe import LoopLag, quantiles

NO_PROXY = urllib.request.build_opener(urllib.request.ProxyHandler({}))
PATIENCE = 20.0


def http(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with NO_PROXY.open(request, timeout=PATIENCE) as answer:
        out: dict[str, Any] = json.loads(answer.read())
        return out


@functools.lru_cache(maxsize=64)
def level_of(game_id: str, name: str) -> dict[str, Any]:
    return levels.load(game_id, name)


def pick(game_id: str, level: str, state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    rules = catalogue.get(game_id).rules
    loaded = rules.load_state({**state, "seed": state.get("seed", 0)}, level_of(game_id, level))
    out: dict[str, Any] = rules.move_json(rules.random_move(loaded, rng))
    return out


class Stats:
    def __init__(self, counting_from: float = 0.0) -> None:
        #: moves sent before this moment (the warm-up: the first games being made) are not counted
        self.counting_from = counting_from
        self.rtt: list[float] = []
        #: from a move sent to its ``played`` at the opponent's socket
        self.fanout: list[float] = []
        self.games = 0
        self.refused: dict[str, int] = {}
        self.errors: list[str] = []
        #: when the last move was counted (moves a second are counted up to it)
        self.last = counting_from


def ws_of(url: str) -> str:
    return "ws" + url[len("http"):] + "/ws"


async def play_games(urls: tuple[str, str], game_ids: list[str], stop_at: float, think: float,
                     rng: random.Random, stats: Stats) -> None:
    """Games one after the other until ``stop_at``: the first player on ``urls[0]``, the
    second on ``urls[1]`` (the same server, or another process on the same database)."""
    from websockets.asyncio.client import connect

    while time.monotonic() < stop_at:
        game_id = rng.choice(game_ids)
        made = await asyncio.to_thread(http, urls[0] + "/games", {"game": game_id})
        joined = await asyncio.to_thread(http, urls[1] + "/join", {"invite": made["invite"]})
        level = made["level"]
        async with connect(ws_of(urls[0]), proxy=None, compression=None, open_timeout=PATIENCE) as one, \
                connect(ws_of(urls[1]), proxy=None, compression=None, open_timeout=PATIENCE) as two:
            sockets = {made["seat"]: one, joined["seat"]: two}
            seen: dict[Any, dict[str, Any]] = {}
            for side, sock in sockets.items():
                secret = made["secret"] if side == made["seat"] else joined["secret"]
                await sock.send(json.dumps({"v": 1, "type": "hello", "secret": secret, "ply": 0}))
                seen[sock] = json.loads(await asyncio.wait_for(sock.recv(), PATIENCE))
            state, ply = seen[one]["state"], 0
            while not state["over"] and time.monotonic() < stop_at:
                if think:
                    await asyncio.sleep(think * (0.5 + rng.random()))
                mover = sockets[state["to_move"]]
                move = pick(game_id, level, state, rng)
                sent = time.perf_counter()
                await mover.send(json.dumps({"v": 1, "type": "move", "ply": ply, "move": move}))
                for sock in (mover, *[s for s in sockets.values() if s is not mover]):
                    while True:
                        message = json.loads(await asyncio.wait_for(sock.recv(), PATIENCE))
                        if message["type"] == "refused":
                            stats.refused[message["reason"]] = stats.refused.get(message["reason"], 0) + 1
                            if sock is mover:
                                raise RuntimeError(f"move refused: {message}")
                        if message["type"] == "played" and message["ply"] == ply + 1:
                            break
                    if time.monotonic() >= stats.counting_from:
                        if sock is mover:
                            stats.rtt.append(time.perf_counter() - sent)
                            stats.last = time.monotonic()
                        else:
                            stats.fanout.append(time.perf_counter() - sent)
                state, ply = message["state"], ply + 1
            stats.games += 1


def cpu_seconds(processes: list[subprocess.Popen[str]]) -> float | None:
    """The CPU time (user + system) the server processes used so far, where /proc tells it."""
    if not processes:
        return None
    total = 0.0
    for process in processes:
        try:
            with open(f"/proc/{process.pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError, AttributeError):
            return None
    return total


def loopback(host: str) -> bool:
    try:
        return host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def cores() -> list[int]:
    """The cores this process may run on (all of them where the system does not say)."""
    try:
        return sorted(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return list(range(os.cpu_count() or 1))


def pinned_to(cpus: set[int] | None) -> Any:
    """What a started process runs first: keep to ``cpus`` (None: anywhere)."""
    if not cpus:
        return None
    return functools.partial(os.sched_setaffinity, 0, cpus)


def start_server(rate: float, sync: str, cpus: set[int] | None = None, database: str | None = None
                 ) -> tuple[subprocess.Popen[str], str, tempfile.TemporaryDirectory[str] | None]:
    """A server on a free port of 127.0.0.1: on a fresh data folder (removed after), or on
    ``database``."""
    folder = None if database else tempfile.TemporaryDirectory(prefix="gauss-arcade-load-")
    where = ["--database", database] if database else ["--data", folder.name if folder else ""]
    command = [sys.executable, "-m", __package__ or "game.server", "--port", "0", *where,
               "--rate", str(rate), "--burst", str(int(rate * 2)), "--sync", sync]
    env = {k: v for k, v in os.environ.items() if k != "GAUSS_ARCADE_DATABASE"}
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                               preexec_fn=pinned_to(cpus), env=env)
    assert process.stdout is not None
    line = process.stdout.readline()  # "...: listening on http://127.0.0.1:PORT (data: ...)"
    if "listening on " not in line:
        process.kill()
        if folder is not None:
            folder.cleanup()
        raise SystemExit(f"the server did not start: {line!r}")
    return process, line.split("listening on ")[1].split()[0], folder


def server_stats(url: str, seconds: float) -> dict[str, Any]:
    """The server's ``GET /stats`` over the last ``seconds`` (empty when it does not answer)."""
    try:
        with NO_PROXY.open(f"{url}/stats?seconds={seconds:.1f}", timeout=PATIENCE) as answer:
            out: dict[str, Any] = json.loads(answer.read())
            return out
    except (OSError, ValueError):
        return {}


def run_games(urls: list[str], games: int, game_ids: list[str], stop_at: float, counting_from: float,
              think: float, seed: int) -> dict[str, Any]:
    """``games`` games at once in this process until ``stop_at`` (``time.monotonic``): the
    round trips counted from ``counting_from`` (seconds), this loop's lateness, the games
    finished, the refusals and errors. With several ``urls`` (processes on one database)
    the game ``n`` has its players on ``urls[n]`` and the next."""
    stats = Stats(counting_from)
    probe = LoopLag()

    async def run() -> None:
        rng = random.Random(seed)
        watch = asyncio.create_task(probe.run())
        tasks = [play_games((urls[n % len(urls)], urls[(n + 1) % len(urls)]), game_ids, stop_at, think,
                            random.Random(rng.random()), stats)
                 for n in range(games)]
        for done in await asyncio.gather(*tasks, return_exceptions=True):
            if isinstance(done, BaseException):
                stats.errors.append(f"{type(done).__name__}: {done}")
        watch.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await watch

    asyncio.run(run())
    mine = os.times()
    counting_perf = time.perf_counter() - (time.monotonic() - counting_from)  # (the probe's clock)
    return {"rtt": [round(r, 6) for r in stats.rtt], "fanout": [round(r, 6) for r in stats.fanout],
            "last": stats.last - counting_from,
            "lag": [round(late, 6) for when, late in probe.late if when >= counting_perf],
            "games": stats.games, "refused": stats.refused, "errors": stats.errors,
            "cpu_s": mine.user + mine.system}


def worker(args: argparse.Namespace) -> int:
    """One client process (``--worker``, started by :func:`main`): plays its share of the
    games against ``--url`` within the wall-clock window it was given, and prints what
    :func:`run_games` found as one line of JSON."""
    now_wall, now = time.time(), time.monotonic()
    found = run_games(args.url, args.games, args.game or list(catalogue.GAME_IDS),
                      now + args.stop_at - now_wall, now + args.count_from - now_wall, args.think, args.seed)
    print(json.dumps(found))
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.server.load", description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=50, help="games going at once (two players each)")
    p.add_argument("--seconds", type=float, default=30.0, help="how long to play (at most 600)")
    p.add_argument("--think", type=float, default=0.0, help="a player's mean wait before a move, seconds")
    p.add_argument("--game", action="append", choices=list(catalogue.GAME_IDS),
                   help="the games played (repeatable; default all)")
    p.add_argument("--url", action="append",
                   help="a server already running on this machine (default: one started here); repeated: "
                        "processes on one database, each game's players on two of them")
    p.add_argument("--database", metavar="URL",
                   help="start the servers on this PostgreSQL database (on this machine) instead of SQLite")
    p.add_argument("--processes", type=int, default=1,
                   help="server processes started on --database (default 1; 1 to 8)")
    p.add_argument("--warmup", type=float, default=5.0,
                   help="seconds at the start not counted (the games being made), default 5")
    p.add_argument("--sync", choices=["full", "normal"], default="full",
                   help="the started server's --sync (default full)")
    p.add_argument("--clients", type=int, default=2,
                   help="client processes sharing out the games (default 2; 1 to 16)")
    p.add_argument("--pin", action="store_true",
                   help="the started server on one core, the client processes on the others (Linux)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    # a client process started by this one: its window in wall-clock seconds (time.time())
    p.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--stop-at", type=float, help=argparse.SUPPRESS)
    p.add_argument("--count-from", type=float, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if not 1 <= args.games <= 5000 or not 0 < args.seconds <= 600 or args.think < 0:
        p.error("--games 1 to 5000, --seconds up to 600, --think 0 or more")
    if not 1 <= args.clients <= min(16, args.games):
        p.error("--clients 1 to 16, and no more than --games")
    if not 1 <= args.processes <= 8 or (args.processes > 1 and not args.database):
        p.error("--processes 1 to 8, more than one only with --database")
    if args.database and (args.url or not args.database.startswith(("postgresql://", "postgres://"))
                          or not loopback(urllib.parse.urlsplit(args.database).hostname or "localhost")):
        p.error("--database must be a PostgreSQL URL on this machine, and without --url")
    processes: list[subprocess.Popen[str]] = []
    folder = None
    urls: list[str] = []
    if args.url:
        for given in args.url:
            if not loopback(urllib.parse.urlsplit(given).hostname or ""):
                p.error("--url must be a server on this machine (127.0.0.1, ::1 or localhost)")
        urls = [given.rstrip("/") for given in args.url]
    elif args.worker:
        p.error("--worker needs --url")
    if args.worker:
        if args.stop_at is None or args.count_from is None:
            p.error("--worker needs --stop-at and --count-from")
        return worker(args)
    server_cpus = client_cpus = None
    if args.pin:
        if args.url or args.processes > 1:
            p.error("--pin pins the one server it starts: leave out --url and --processes")
        allowed = cores()
        if len(allowed) < 2 or not hasattr(os, "sched_setaffinity"):
            p.error("--pin needs two cores or more, and Linux")
        server_cpus, client_cpus = {allowed[0]}, set(allowed[1:])
    load_before = os.getloadavg() if hasattr(os, "getloadavg") else None
    if not args.url:
        try:
            for _n in range(args.processes):
                process, url, folder = start_server(rate=1000.0, sync=args.sync, cpus=server_cpus,
                                                    database=args.database)
                processes.append(process)
                urls.append(url)
        except BaseException:
            for process in processes:
                process.kill()
            raise
    started_wall = time.time()
    count_from = started_wall + min(args.warmup, args.seconds / 2)
    stop_at = started_wall + args.seconds
    cpu_before = cpu_seconds(processes)
    stats_before = [server_stats(url, 1.0) for url in urls]
    shares = [args.games // args.clients + (i < args.games % args.clients) for i in range(args.clients)]
    found: list[dict[str, Any]] = []
    errors: list[str] = []
    try:
        workers = []
        for i, games in enumerate(shares):
            command = [sys.executable, "-m", "game.server.load", "--worker",
                       *[f"--url={url}" for url in urls], "--clients", "1",
                       "--games", str(games), "--think", str(args.think), "--seed", str(args.seed * 1000 + i),
                       "--stop-at", repr(stop_at), "--count-from", repr(count_from),
                       *[f"--game={g}" for g in args.game or ()]]
            workers.append(subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                            text=True, preexec_fn=pinned_to(client_cpus)))
        for i, child in enumerate(workers):
            try:
                out, err = child.communicate(timeout=args.seconds + 4 * PATIENCE)
            except subprocess.TimeoutExpired:
                child.kill()
                out, err = child.communicate()
            try:
                found.append(json.loads(out.strip().splitlines()[-1]))
            except (ValueError, IndexError):
                errors.append(f"client {i} failed (exit {child.returncode}): {err.strip()[-300:]}")
        elapsed = time.time() - started_wall
        counted = max(1e-9, time.time() - count_from)
        cpu = cpu_seconds(processes)
        stats_after = [server_stats(url, counted) for url in urls]
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
        if folder is not None:
            folder.cleanup()
    load_after = os.getloadavg() if hasattr(os, "getloadavg") else None
    rtt = sorted(r for one in found for r in one["rtt"])
    refused: dict[str, int] = {}
    for one in found:
        errors.extend(one["errors"])
        for reason, n in one["refused"].items():
            refused[reason] = refused.get(reason, 0) + n
    if cpu is None and all("cpu_s" in one for one in stats_after + stats_before):  # servers of --url
        cpu = sum(one["cpu_s"] for one in stats_after)
        cpu_before = sum(one["cpu_s"] for one in stats_before)
    # moves a second over the window the clients counted in (up to their last counted move)
    round_trip = quantiles(rtt)
    fanout = quantiles(sorted(r for one in found for r in one.get("fanout", ())))
    # the moves the servers played over the whole run (warm-up included, as their CPU time is)
    served = sum(after.get("moves", 0) - before.get("moves", 0)
                 for after, before in zip(stats_after, stats_before, strict=True))
    window = max([one["last"] for one in found if one["rtt"]] or [counted])
    figures = {"sync": args.sync if processes else "?", "games_at_once": args.games,
               "store": "postgresql" if args.database else "sqlite" if processes else "?",
               "server_processes": len(urls),
               "players": 2 * args.games, "think_s": args.think, "clients": args.clients,
               "pinned": None if server_cpus is None else {"server": sorted(server_cpus),
                                                          "clients": sorted(client_cpus or ())},
               "seconds": round(elapsed, 1), "counted_s": round(counted, 1), "moves": len(rtt),
               "moves_per_s": round(len(rtt) / max(window, 1e-9), 1),
               "server_cpu_share": None if cpu is None or cpu_before is None
               else round((cpu - cpu_before) / elapsed, 2),
               "server_cpu_ms_per_move": None if cpu is None or cpu_before is None or not served
               else round(1000 * (cpu - cpu_before) / served, 2),
               "client_cpu_share": round(sum(one["cpu_s"] for one in found) / elapsed, 2),
               "games_finished": sum(one["games"] for one in found),
               "p50_ms": round_trip["p50"], "p99_ms": round_trip["p99"], "max_ms": round_trip["max"],
               "fanout_p50_ms": fanout["p50"], "fanout_p99_ms": fanout["p99"],
               "mean_ms": round(1000 * statistics.fmean(rtt), 2) if rtt else 0.0,
               # (one server: its figures; several: a list, one per process)
               **{f"server_{key}": stats_after[0].get(key) if len(stats_after) == 1
                  else [one.get(key) for one in stats_after] for key in ("move_ms", "loop_lag_ms", "gc_ms")},
               "client_loop_lag_ms": quantiles([late for one in found for late in one["lag"]]),
               "load_average": None if load_before is None or load_after is None
               else [round(load_before[0], 2), round(load_after[0], 2)],
               "refused": refused, "errors": len(errors), "first_errors": [e[:300] for e in errors[:5]]}
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            if key != "first_errors":
                print(f"{key:>18}: {value}")
        for error in errors[:5]:
            print("error:", error[:300])
    return 1 if errors or not rtt else 0


if __name__ == "__main__":
    sys.exit(main())
