"""A bounded load test on loopback: ``python -m game.server.load``.

Starts ``gauss-arcade-server`` in a process of its own on 127.0.0.1 (a free port, a fresh data
folder in a temporary directory, removed after) unless ``--url`` names one already running on
this machine, then keeps ``--games`` games going at once from this one process: two WebSocket
players each, random legal moves picked from the state the server sent (as a client would),
a player waiting ``--think`` seconds before each move. A game that ends is replaced by a new
one. After ``--seconds`` it stops and prints the move round trip (a move sent to its ``played``
envelope back at the mover: p50, p99, max) and how many moves were accepted a second.

    python -m game.server.load --games 500 --think 2 --seconds 60

Only loopback addresses are accepted: the test never sends traffic anywhere else.
"""
from __future__ import annotations

import argparse
import asyncio
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
        self.games = 0
        self.refused: dict[str, int] = {}
        self.errors: list[str] = []


async def play_games(url: str, ws_url: str, game_ids: list[str], stop_at: float, think: float,
                     rng: random.Random, stats: Stats) -> None:
    from websockets.asyncio.client import connect

    while time.monotonic() < stop_at:
        game_id = rng.choice(game_ids)
        made = await asyncio.to_thread(http, url + "/games", {"game": game_id})
        joined = await asyncio.to_thread(http, url + "/join", {"invite": made["invite"]})
        level = made["level"]
        async with connect(ws_url, proxy=None, compression=None, open_timeout=PATIENCE) as one, \
                connect(ws_url, proxy=None, compression=None, open_timeout=PATIENCE) as two:
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
                    if sock is mover and time.monotonic() >= stats.counting_from:
                        stats.rtt.append(time.perf_counter() - sent)
                state, ply = message["state"], ply + 1
            stats.games += 1


def cpu_seconds(process: subprocess.Popen[str] | None) -> float | None:
    """The CPU time (user + system) the server process used so far, where /proc tells it."""
    if process is None:
        return None
    try:
        with open(f"/proc/{process.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return None


def start_server(rate: float, sync: str
                 ) -> tuple[subprocess.Popen[str], str, tempfile.TemporaryDirectory[str]]:
    folder = tempfile.TemporaryDirectory(prefix="gauss-arcade-load-")
    command = [sys.executable, "-m", __package__ or "game.server", "--port", "0", "--data", folder.name,
               "--rate", str(rate), "--burst", str(int(rate * 2)), "--sync", sync]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert process.stdout is not None
    line = process.stdout.readline()  # "...: listening on http://127.0.0.1:PORT (data: ...)"
    if "listening on " not in line:
        process.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    return process, line.split("listening on ")[1].split()[0], folder


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.server.load", description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=50, help="games going at once (two players each)")
    p.add_argument("--seconds", type=float, default=30.0, help="how long to play (at most 600)")
    p.add_argument("--think", type=float, default=0.0, help="a player's mean wait before a move, seconds")
    p.add_argument("--game", action="append", choices=list(catalogue.GAME_IDS),
                   help="the games played (repeatable; default all)")
    p.add_argument("--url", help="a server already running on this machine (default: one started here)")
    p.add_argument("--warmup", type=float, default=5.0,
                   help="seconds at the start not counted (the games being made), default 5")
    p.add_argument("--sync", choices=["full", "normal"], default="full",
                   help="the started server's --sync (default full)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = p.parse_args(argv)
    if not 1 <= args.games <= 5000 or not 0 < args.seconds <= 600 or args.think < 0:
        p.error("--games 1 to 5000, --seconds up to 600, --think 0 or more")
    process = folder = None
    if args.url:
        host = urllib.parse.urlsplit(args.url).hostname or ""
        try:
            loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
        except ValueError:
            loopback = False
        if not loopback:
            p.error("--url must be a server on this machine (127.0.0.1, ::1 or localhost)")
        url = args.url.rstrip("/")
    else:
        process, url, folder = start_server(rate=1000.0, sync=args.sync)
    ws_url = "ws" + url[len("http"):] + "/ws"
    started = time.monotonic()
    stats = Stats(started + min(args.warmup, args.seconds / 2))
    stop_at = started + args.seconds
    cpu_before = cpu_seconds(process)
    mine_before = os.times()

    async def run() -> None:
        rng = random.Random(args.seed)
        tasks = [play_games(url, ws_url, args.game or list(catalogue.GAME_IDS), stop_at, args.think,
                            random.Random(rng.random()), stats) for _ in range(args.games)]
        for done in await asyncio.gather(*tasks, return_exceptions=True):
            if isinstance(done, BaseException):
                stats.errors.append(f"{type(done).__name__}: {done}")

    try:
        asyncio.run(run())
        cpu = cpu_seconds(process)
        mine = os.times()
        try:  # the server's own time per move, over the counted seconds
            counted_s = time.monotonic() - stats.counting_from
            with NO_PROXY.open(f"{url}/stats?seconds={counted_s:.1f}", timeout=PATIENCE) as answer:
                server_ms = json.loads(answer.read()).get("move_ms")
        except (OSError, ValueError):
            server_ms = None
    finally:
        if process is not None:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
        if folder is not None:
            folder.cleanup()
    elapsed = time.monotonic() - started
    counted = time.monotonic() - stats.counting_from
    rtt = sorted(stats.rtt)

    def ms(q: float) -> float:
        return round(1000 * rtt[min(len(rtt) - 1, int(q * len(rtt)))], 2) if rtt else 0.0

    figures = {"sync": args.sync if process is not None else "?", "games_at_once": args.games,
               "players": 2 * args.games, "think_s": args.think,
               "seconds": round(elapsed, 1), "counted_s": round(counted, 1), "moves": len(rtt),
               "moves_per_s": round(len(rtt) / counted, 1),
               "server_cpu_share": None if cpu is None or cpu_before is None
               else round((cpu - cpu_before) / elapsed, 2),
               "client_cpu_share": round((mine.user + mine.system - mine_before.user - mine_before.system)
                                         / elapsed, 2),
               "games_finished": stats.games, "p50_ms": ms(0.5), "p99_ms": ms(0.99),
               "max_ms": round(1000 * rtt[-1], 2) if rtt else 0.0,
               "mean_ms": round(1000 * statistics.fmean(rtt), 2) if rtt else 0.0,
               "server_move_ms": server_ms, "refused": stats.refused, "errors": len(stats.errors)}
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key:>15}: {value}")
        for error in stats.errors[:5]:
            print("error:", error[:200])
    return 1 if stats.errors else 0


if __name__ == "__main__":
    sys.exit(main())
