"""The game server for real: uvicorn on 127.0.0.1 (a free port) in a thread, two WebSocket
clients and a spectator playing a whole game of every game through it, every refusal the
server owes, a restart on the same data folder, and The Improbable's dice kept secret."""
from __future__ import annotations

import contextlib
import hashlib
import json
import random
import sqlite3
import time

import pytest

for _name in ("starlette", "uvicorn", "websockets"):
    pytest.importorskip(_name, reason=f"the server extra is not installed ({_name}): pip install '.[server]'")

from server_client import FAST, PATIENCE, Client, ServerThread, http, moves_of, new_game, pick  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402

from game import catalogue  # noqa: E402
from game.content import levels  # noqa: E402
from game.match import Match  # noqa: E402
from game.server import service as S  # noqa: E402
from game.server.app import Limits  # noqa: E402
from game.server.store import DB_NAME, SQLiteStore  # noqa: E402

#: a random game is cut short of this many plies (none of the games comes near it)
MAX_PLIES = 4000
#: a whole game of one game, at most (seconds)
GAME_SECONDS = 120.0
CHANCE_GAMES = [g for g in catalogue.GAME_IDS if S.has_chance(catalogue.get(g).rules)]


@pytest.fixture
def server(tmp_path):
    running = ServerThread(tmp_path / "data").start()
    yield running
    running.stop()


def seated(server, game_id, **extra):
    """Both seats and a spectator connected to a new game: ``(made, joined, {side: client}, watcher)``."""
    made, joined = new_game(server, game_id, **extra)
    one = Client(server, {"secret": made["secret"], "ply": 0})
    two = Client(server, {"secret": joined["secret"], "ply": 0})
    watcher = Client(server, {"watch": made["watch"], "ply": 0})
    return made, joined, {one.seat: one, two.seat: two}, watcher


def play_out(game_id, level, clients, watcher, rng, plies=MAX_PLIES):
    """Random legal moves, each by the seat whose turn the server's state says, until the
    game ends (or ``plies`` more moves); every client sees every move."""
    deadline = time.monotonic() + GAME_SECONDS
    anyone = next(iter(clients.values()))
    for _ in range(plies):
        state = anyone.state
        if state["over"]:
            break
        assert time.monotonic() < deadline, f"{game_id}: the game took too long"
        mover = clients[state["to_move"]]
        ply = mover.ply
        mover.move(pick(game_id, level, mover.state, rng), id=ply)
        ack = mover.expect("ack")
        assert ack == {"v": 1, "type": "ack", "ply": ply + 1, "id": ply}
        mover.until_ply(ply + 1)
        for client in [*clients.values(), watcher]:
            client.until_ply(ply + 1)
            if "hidden" not in client.state and "hidden" not in mover.state:  # (views.py)
                assert client.state == mover.state


def replayed(game_id, level, seed, moves):
    """The final state of a local replay of ``moves`` from ``seed``, as the server sends it."""
    match = Match(game_id, levels.load(game_id, level), seed, notes=False)
    for move in moves:
        match.play(match.rules.parse_move(move))
    out = match.rules.state_json(match.state)
    if S.has_chance(match.rules):
        out.pop("seed")
    return out


@pytest.mark.parametrize("game_id", catalogue.GAME_IDS)
def test_two_clients_play_a_whole_game_through_the_server(server, game_id):
    made, joined, clients, watcher = seated(server, game_id)
    assert made["seat"] != joined["seat"] and set(clients) == set(made["players"])
    assert made["level"] == catalogue.get(game_id).rules.default_level
    play_out(game_id, made["level"], clients, watcher, random.Random(game_id))
    finals = [c.state for c in [*clients.values(), watcher]]
    assert finals[0]["over"] and finals[0] == finals[1] == finals[2]
    reveal = watcher.played[-1]["reveal"]  # the seed and salt, published at the end
    assert hashlib.sha256(f"{reveal['seed']}:{reveal['salt']}".encode()).hexdigest() == made["commit"]
    moves = moves_of(watcher.played)
    assert [p["ply"] for p in watcher.played] == list(range(1, len(moves) + 1))
    assert replayed(game_id, made["level"], reveal["seed"], moves) == finals[0]
    # the game as the server tells a latecomer: the same end, its winner, the reveal
    status, look = http("GET", f"{server.url}/watch/{made['watch'].lower()}")
    assert status == 200 and look["state"] == finals[0] and look["status"] == "over"
    assert look["reveal"] == reveal and look["ply"] == len(moves)
    # and a move after the end is refused
    mover = next(iter(clients.values()))
    mover.move(moves[0])
    assert mover.expect("refused")["reason"] in (S.OVER, S.ILLEGAL)
    for client in [*clients.values(), watcher]:
        client.close()


def refused(client, reason):
    answer = client.expect("refused")
    assert answer["reason"] == reason, answer
    return answer


def rows(server_data, game):
    db = sqlite3.connect(server_data / DB_NAME)
    try:
        found = db.execute("SELECT ply, move_json FROM moves WHERE game_id = ? ORDER BY ply", (game,))
        return found.fetchall()
    finally:
        db.close()


def test_every_bad_move_is_refused_with_a_reason_and_changes_nothing(server, tmp_path):
    game_id = catalogue.GAME_IDS[0]
    status, made = http("POST", server.url + "/games", {"game": game_id})
    assert status == 201
    first = Client(server, {"secret": made["secret"]})
    level = made["level"]
    # the friend has not joined: nobody moves yet
    first.move(pick(game_id, level, first.state, random.Random(1)))
    refused(first, S.WAITING)
    status, joined = http("POST", server.url + "/join", {"invite": " " + made["invite"].lower() + " "})
    assert status == 200
    seat = first.expect("seated")  # the creator hears the friend sit down
    assert seat["side"] == joined["seat"] and len(seat["seated"]) == 2
    second = Client(server, {"secret": joined["secret"]})
    watcher = Client(server, {"watch": made["watch"]})
    clients = {first.seat: first, second.seat: second}
    mover = clients[first.state["to_move"]]
    other = second if mover is first else first
    rng = random.Random(2)
    move = pick(game_id, level, mover.state, rng)
    # out of turn
    other.move(move)
    refused(other, S.TURN)
    # a spectator tries to move; and tries with a seat's secret it does not hold a socket for
    watcher.move(move)
    refused(watcher, S.SPECTATOR)
    # illegal: not a move of this game at all, and a move the rules refuse
    mover.move({"nonsense": True})
    assert refused(mover, S.ILLEGAL)["message"]
    mover.move(move, ply=3)
    refused(mover, S.STALE)
    mover.move(move, ply="zero")
    refused(mover, S.MALFORMED)
    # the move, accepted; then the same again (a client that did not see its ack): duplicate
    mover.move(move, id="m1")
    assert mover.expect("ack") == {"v": 1, "type": "ack", "ply": 1, "id": "m1"}
    mover.until_ply(1)
    mover.move(move, ply=0)
    assert "ply 1" in refused(mover, S.DUPLICATE)["message"]
    other.until_ply(1)
    # the other seat with a stale ply, and a wrong secret on a move
    nxt = pick(game_id, level, other.state, rng)
    other.move(nxt, ply=0)
    refused(other, S.STALE)
    other.move(nxt, secret=made["secret"] if other is second else joined["secret"])
    refused(other, S.SECRET)
    status, answer = http("POST", server.url + "/move", {"secret": "x" * 32, "ply": 1, "move": nxt})
    assert status == 403 and answer["reason"] == S.SECRET
    # a hello with a wrong secret or code
    stranger = Client(server)
    stranger.send({"v": 1, "type": "hello", "secret": "not-a-secret-at-all"})
    refused(stranger, S.SECRET)
    stranger.send({"v": 1, "type": "hello", "watch": "ZZZZZZ"})
    refused(stranger, S.UNKNOWN)
    stranger.send({"v": 1, "type": "move", "ply": 1, "move": nxt})
    refused(stranger, S.HELLO)
    stranger.close()
    # hostile and malformed messages: a refusal each, the socket stays
    for bad in ["", "not json", "[1, 2]", "null", '{"v": 2, "type": "ping"}', '{"v": 1, "type": "dance"}',
                '{"v": 1, "type": "move", "ply": 1}', '{"v": 1, "type": "move", "ply": 1, "move": '
                + "[" * 40 + "]" * 40 + "}", '{"v": 1, "type": "move", "ply": 1, "move": 1e999}',
                b"\xff\xfe\x00garbage", '{"v": 1, "type": "hello", "secret": "again"}',
                '{"v": 1, "type": "move", "ply": 1, "move": {"cell": "' + "z" * 2000 + '"}}']:
        other.send(bad)
        answer = other.expect("refused")
        assert answer["reason"] in (S.MALFORMED, S.ILLEGAL, S.HELLO), (bad, answer)
    # too big for an answer, and too big for the socket
    other.send(json.dumps({"v": 1, "type": "ping", "pad": "x" * 5000}))
    refused(other, S.TOO_BIG)
    other.send({"v": 1, "type": "ping"})
    assert other.expect("pong") == {"v": 1, "type": "pong"}
    status, answer = http("POST", server.url + "/games", raw=b"{" + b" " * 10000 + b"}")
    assert status == 413 and answer["reason"] == S.TOO_BIG
    for body in [{"game": "chess"}, {"game": game_id, "level": "../../etc"}, [1],
                 {"game": game_id, "side": "green"}, {"game": game_id, "admin": True},
                 {"game": game_id, "options": [1]}]:
        status, answer = http("POST", server.url + "/games", body)
        assert status == 400 and answer["reason"] == S.MALFORMED, (body, answer)
    status, answer = http("POST", server.url + "/join", {"invite": made["invite"]})
    assert status == 409 and answer["reason"] == S.TAKEN
    status, answer = http("POST", server.url + "/join", {"invite": "0O1I"})
    assert status == 404 and answer["reason"] == S.UNKNOWN
    status, answer = http("GET", server.url + "/admin")
    assert status == 404 and answer["reason"] == S.UNKNOWN
    status, answer = http("GET", server.url + "/games")
    assert status == 405 and answer["reason"] == S.MALFORMED
    closer = Client(server)
    closer.send("x" * 20000)
    with pytest.raises(ConnectionClosed):
        closer.recv()
    # after all that: one move stored, every client at ply 1, and the game goes on
    assert len(rows(tmp_path / "data", made["match"])) == 1
    watcher.until_ply(1)
    status, look = http("GET", f"{server.url}/watch/{made['watch']}")
    assert look["ply"] == 1 and look["state"] == other.state == watcher.state
    other.move(nxt)
    other.expect("ack")
    for client in (first, second, watcher):
        client.until_ply(2)
        client.close()
    status, stats = http("GET", server.url + "/stats")  # two moves played, refusals not counted
    assert status == 200 and stats["moves"] == 2 and 0 < stats["move_ms"]["p50"] <= stats["move_ms"]["max"]
    assert http("GET", server.url + "/stats?seconds=0.000001")[1]["timed"] == 0
    assert http("GET", server.url + "/stats?seconds=lots")[0] == 400


class FailingStore(SQLiteStore):
    """The store, but its next ``fail`` transactions of moves fail as a full disk would."""

    fail = 0

    def append_many(self, moves):
        if self.fail:
            self.fail -= 1
            raise sqlite3.OperationalError("database or disk is full (a test)")
        super().append_many(moves)


def test_a_move_the_store_cannot_keep_is_refused_and_never_announced(tmp_path):
    stores = []

    def opened():
        stores.append(FailingStore(tmp_path / "data"))
        return stores[-1]

    running = ServerThread(tmp_path / "data", store=opened).start()
    try:
        made, _joined, clients, watcher = seated(running, catalogue.GAME_IDS[0])
        mover = clients[watcher.state["to_move"]]
        rng = random.Random(4)
        move = pick(made["game"], made["level"], mover.state, rng)
        stores[0].fail = 1
        mover.move(move)
        assert refused(mover, S.INTERNAL)["ply"] == 0
        status, look = http("GET", f"{running.url}/watch/{made['watch']}")
        assert look["ply"] == 0 and look["state"] == watcher.state
        mover.move(move)  # the disk has room again: the same move goes through, as ply 1
        assert mover.expect("ack")["ply"] == 1
        for client in [*clients.values(), watcher]:
            client.until_ply(1)
            assert [p["ply"] for p in client.played] == [1]
            client.close()
        assert len(rows(tmp_path / "data", made["match"])) == 1
    finally:
        running.stop()


def test_a_flood_is_refused_for_its_rate_and_then_closed(tmp_path):
    running = ServerThread(tmp_path / "data", Limits(rate=2.0, burst=5, strikes=20)).start()
    try:
        client = Client(running)
        with contextlib.suppress(ConnectionClosed):  # (closed by the server before all are sent)
            for _ in range(200):  # (a slow machine refills a token now and then: many more than 20)
                client.send({"v": 1, "type": "ping"})
        kinds = []
        with pytest.raises(ConnectionClosed):
            for _ in range(200):
                kinds.append(client.recv().get("reason", "pong"))
        assert kinds.count("pong") < 20 and kinds.count(S.RATE) >= 20
        for _ in range(10):
            status, answer = http("GET", running.url + "/")
        assert status == 429 and answer["reason"] == S.RATE
    finally:
        running.stop()


def test_a_restarted_server_resumes_the_game_and_the_clients_catch_up(tmp_path):
    game_id = catalogue.GAME_IDS[0]
    running = ServerThread(tmp_path / "data").start()
    made, joined, clients, watcher = seated(running, game_id)
    rng = random.Random(5)
    play_out(game_id, made["level"], clients, watcher, rng, plies=6)
    before = dict(next(iter(clients.values())).state)
    running.stop()  # the sockets go with it
    running = ServerThread(tmp_path / "data").start()
    try:
        # each comes back with the last ply it saw: one saw it all, one missed four, one all six
        seen = {made["seat"]: 6, joined["seat"]: 2}
        back = {side: Client(running, {"secret": made["secret"] if side == made["seat"] else joined["secret"],
                                       "ply": seen[side]}) for side in clients}
        for side, client in back.items():
            assert client.received[0]["ply"] == 6 and client.received[0]["state"] == before
            for _missed in range(6 - seen[side]):  # after the welcome: the moves missed, in order
                client.recv()
            assert [p["ply"] for p in client.played] == list(range(seen[side] + 1, 7))
        again = Client(running, {"watch": made["watch"], "ply": 0})
        for _missed in range(6):
            again.recv()
        missed = moves_of(again.played)
        assert missed == moves_of(watcher.played) and again.state == before
        for client in back.values():  # "played" read so far: the welcome set the state and ply
            client.ply = 6
        play_out(game_id, made["level"], back, again, rng)
        final = again.state
        assert final["over"] and all(c.state == final for c in back.values())
        moves = moves_of(again.played)
        assert replayed(game_id, made["level"], again.played[-1]["reveal"]["seed"], moves) == final
        for client in [*back.values(), again]:
            client.close()
    finally:
        running.stop()


def find_key(value, key):
    if isinstance(value, dict):
        return key in value or any(find_key(v, key) for v in value.values())
    if isinstance(value, list):
        return any(find_key(v, key) for v in value)
    return False


@pytest.mark.parametrize("game_id", CHANCE_GAMES)
def test_the_dice_stay_secret_until_the_end(server, game_id):
    made, joined, clients, watcher = seated(server, game_id)
    assert not find_key(made, "seed") and not find_key(joined, "seed") and len(made["commit"]) == 64
    mover = clients[watcher.state["to_move"]]
    rules = catalogue.get(game_id).rules
    # a client may not choose what chance decides (a forced die)
    state = rules.load_state({**mover.state, "seed": 0}, levels.load(game_id, made["level"]))
    forced = [m for legal in rules.legal_moves(state) for m, _p in rules.chance_outcomes(state, legal) or ()]
    assert forced
    mover.move(rules.move_json(forced[0]))
    assert "dice" in refused(mover, S.ILLEGAL)["message"]
    play_out(game_id, made["level"], clients, watcher, random.Random(9))
    for client in [*clients.values(), watcher]:
        messages = client.received
        assert messages[-1]["state"]["over"]
        assert not any(find_key(m, "seed") for m in messages[:-1])  # the reveal comes with the last move
        assert not find_key(messages[-1]["state"], "seed") and "seed" in messages[-1]["reveal"]


def test_the_server_stores_hashes_of_the_secrets_and_no_address(server, tmp_path):
    made, joined = new_game(server, catalogue.GAME_IDS[0])
    raw = (tmp_path / "data" / DB_NAME).read_bytes() + b"".join(
        p.read_bytes() for p in (tmp_path / "data").glob("*-wal"))
    assert made["secret"].encode() not in raw and joined["secret"].encode() not in raw
    assert hashlib.sha256(made["secret"].encode()).hexdigest().encode() in raw
    assert b"127.0.0.1" not in raw
    db = sqlite3.connect(tmp_path / "data" / DB_NAME)
    try:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 4
        assert db.execute("SELECT version FROM schema_version").fetchall() == [(1,), (2,), (3,), (4,)]
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        with pytest.raises(sqlite3.IntegrityError):  # one move per (game, ply), whatever races
            db.execute("INSERT INTO moves (game_id, ply, side, move_json, at) VALUES (?, 1, 'x', '{}', 0)",
                       (made["match"],))
            db.execute("INSERT INTO moves (game_id, ply, side, move_json, at) VALUES (?, 1, 'y', '{}', 0)",
                       (made["match"],))
    finally:
        db.close()
    assert sorted(p.name for p in (tmp_path / "data").iterdir()) <= sorted(
        [DB_NAME, DB_NAME + "-wal", DB_NAME + "-shm"])


def test_a_silent_socket_is_asked_for_its_hello_and_closed(tmp_path):
    limits = Limits(rate=FAST.rate, burst=FAST.burst, hello_seconds=0.3)
    running = ServerThread(tmp_path / "data", limits).start()
    try:
        client = Client(running)
        assert client.recv()["reason"] == S.HELLO
        with pytest.raises(ConnectionClosed):
            client.recv()
    finally:
        running.stop()


def test_patience_bounds_every_wait():
    assert 0 < PATIENCE <= 30
