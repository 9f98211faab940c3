"""What the server tests share: the server in a thread of the test process (uvicorn on
127.0.0.1, a free port), a plain HTTP client and a WebSocket client that never go through
a proxy, and a player that picks its moves from the state the server sent, the way the
pygame client will (the state loaded with the rules, a random legal move)."""
from __future__ import annotations

import json
import random
import socket
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import uvicorn
from websockets.sync.client import connect

from game import catalogue
from game.content import levels
from game.server.app import Limits, create_app, uvicorn_settings

#: how long any one wait of a test may take (seconds); every wait has one
PATIENCE = 15.0
#: a test's clients send as fast as they can: the rate limit is tested on its own
FAST = Limits(rate=10000.0, burst=10000)

NO_PROXY = urllib.request.build_opener(urllib.request.ProxyHandler({}))


class ServerThread:
    """uvicorn serving the app over ``data`` in a daemon thread, on a port of 127.0.0.1."""

    def __init__(self, data: Path, limits: Limits = FAST, store: Any = None) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # as the command does
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(128)
        self.port = self.sock.getsockname()[1]
        self.app = create_app(data, store=store, limits=limits)
        config = uvicorn.Config(self.app, log_level="warning", **uvicorn_settings(limits))
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def start(self) -> ServerThread:
        self.thread.start()
        deadline = time.monotonic() + PATIENCE
        while not self.server.started:
            assert self.thread.is_alive() and time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(PATIENCE)
        assert not self.thread.is_alive(), "the server did not stop"
        self.sock.close()


def http(method: str, url: str, body: Any = None, raw: bytes | None = None) -> tuple[int, dict[str, Any]]:
    """``(status, JSON answer)`` of one request (a refusal's status too, never an exception)."""
    data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
    request = urllib.request.Request(url, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
    try:
        with NO_PROXY.open(request, timeout=PATIENCE) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


class Client:
    """One WebSocket to the server: says hello, keeps every message it received, the last
    state and ply it saw."""

    def __init__(self, server: ServerThread, hello: dict[str, Any] | None = None) -> None:
        # entered as a context (websockets 17 warns about a connection used without one)
        self.ws = connect(server.ws_url, proxy=None, compression=None, open_timeout=PATIENCE,
                          close_timeout=2, max_size=2 ** 22).__enter__()
        self.received: list[dict[str, Any]] = []
        self.texts: list[str] = []
        self.state: dict[str, Any] | None = None
        self.ply = 0
        self.seat: str | None = None
        self.played: list[dict[str, Any]] = []
        if hello is not None:
            self.send({"v": 1, "type": "hello", **hello})
            welcome = self.expect("welcome")
            self.seat = welcome["seat"]

    def send(self, message: dict[str, Any] | str | bytes) -> None:
        self.ws.send(message if isinstance(message, (str, bytes)) else json.dumps(message))

    def recv(self) -> dict[str, Any]:
        text = self.ws.recv(timeout=PATIENCE)
        assert isinstance(text, str)
        self.texts.append(text)
        message = json.loads(text)
        self.received.append(message)
        if message.get("type") in ("welcome", "played", "takenback"):
            self.state, self.ply = message["state"], message["ply"]
        if message.get("type") == "played":
            self.played.append(message)
        elif message.get("type") == "takenback":  # the moves after its ply are gone
            self.played = [p for p in self.played if p["ply"] <= message["ply"]]
        return message

    def expect(self, kind: str) -> dict[str, Any]:
        """Read until a message of ``kind`` (refusing to skip a refusal unless one is expected)."""
        while True:
            message = self.recv()
            if message["type"] == kind:
                return message
            assert message["type"] != "refused", message

    def until_ply(self, ply: int) -> None:
        while self.ply < ply:
            self.recv()

    def move(self, move: dict[str, Any], ply: int | None = None, **extra: Any) -> None:
        self.send({"v": 1, "type": "move", "ply": self.ply if ply is None else ply, "move": move, **extra})

    def close(self) -> None:
        self.ws.close()


def moves_of(played: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The moves of ``played`` envelopes as they were played: a move a socket was shown as
    the rules' stand-in (``"hidden"``) is put right by the ``"revealed"`` of a later one."""
    moves = [p["move"] for p in played]
    for envelope in played:
        for shown in envelope.get("revealed", ()):
            moves[shown["ply"] - 1] = shown["move"]
    return moves


def loaded(game_id: str, level_name: str, state: dict[str, Any]) -> Any:
    """The rules' state of a STATE the server sent (a game with chance comes without its
    seed: any seed loads it, the client never rolls)."""
    rules = catalogue.get(game_id).rules
    return rules.load_state({**state, "seed": state.get("seed", 0)}, levels.load(game_id, level_name))


def pick(game_id: str, level_name: str, state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random legal move from the state the server sent."""
    rules = catalogue.get(game_id).rules
    return rules.move_json(rules.random_move(loaded(game_id, level_name, state), rng))


def new_game(server: ServerThread, game_id: str, **extra: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """A game created and joined over HTTP: ``(creator's answer, friend's answer)``."""
    status, made = http("POST", server.url + "/games", {"game": game_id, **extra})
    assert status == 201, made
    status, joined = http("POST", server.url + "/join", {"invite": made["invite"]})
    assert status == 200, joined
    return made, joined
