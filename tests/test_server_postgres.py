"""The game server on PostgreSQL (``-m postgres``; skipped, saying why, where no PostgreSQL
can be started): the store keeps what SQLite keeps, two server processes on one database
carry a whole game of every game between a player on each, and a race for one ply stores
exactly one move, the loser refusing it as stale."""
from __future__ import annotations

import json
import os
import random
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

for _name in ("starlette", "uvicorn", "websockets", "psycopg"):
    pytest.importorskip(_name, reason=f"the postgres extra is not installed ({_name}): "
                                      "pip install '.[postgres]'")

import postgres_cluster  # noqa: E402
from server_client import PATIENCE, Client, http, moves_of, pick  # noqa: E402

from game import catalogue  # noqa: E402
from game.server import service as S  # noqa: E402
from game.server.postgres import SCHEMA_VERSION, PostgresStore  # noqa: E402
from game.server.store import Conflict, GameRow, MoveRow, StoreError  # noqa: E402

pytestmark = pytest.mark.postgres

ROOT = Path(__file__).resolve().parent.parent
#: the games the server processes know (not the tests' sixth game, which lives in this process only)
SHIPPED = [g for g in catalogue.GAME_IDS if catalogue.get(g).root is None]
MAX_PLIES = 4000
GAME_SECONDS = 120.0


@pytest.fixture(scope="module")
def cluster():
    started = postgres_cluster.start()
    if isinstance(started, str):
        if os.environ.get("GAUSS_ARCADE_POSTGRES_REQUIRED"):  # CI installed it: a skip would hide a failure
            pytest.fail(f"no PostgreSQL for the postgres tier: {started}")
        pytest.skip(f"no PostgreSQL for the postgres tier: {started}")
    yield started
    started.stop()


_databases = iter(range(10**6))


@pytest.fixture
def database(cluster):
    return cluster.database(f"test_{os.getpid()}_{next(_databases)}")


class Process:
    """``python -m game.server --database URL --port 0``: its URL read from its first line."""

    def __init__(self, database: str, *more: str) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        env.pop("GAUSS_ARCADE_DATABASE", None)
        command = [sys.executable, "-m", "game.server", "--port", "0", "--database", database,
                   "--rate", "10000", "--burst", "10000", *more]
        self.proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     cwd=ROOT, env=env)
        assert self.proc.stdout is not None
        ready, _, _ = select.select([self.proc.stdout], [], [], PATIENCE)
        assert ready, ("the server printed nothing", self.stop())
        line = self.proc.stdout.readline()
        assert "listening on http://127.0.0.1:" in line and "(database: postgresql://" in line, (
            line, self.stop())
        self.url = line.split("listening on ")[1].split()[0]
        self.ws_url = self.url.replace("http://", "ws://") + "/ws"

    def stop(self) -> tuple[int, str]:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            _out, err = self.proc.communicate(timeout=PATIENCE)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            _out, err = self.proc.communicate(timeout=PATIENCE)
        return self.proc.returncode, err


@pytest.fixture(scope="module")
def shared(cluster):
    """Two server processes on one database, for the module's games (each its own)."""
    database = cluster.database(f"test_{os.getpid()}_shared")
    one = Process(database)
    try:
        other = Process(database)
    except BaseException:
        one.stop()
        raise
    yield database, (one, other)
    for process in (one, other):
        code, err = process.stop()
        assert code == 0 and "Traceback" not in err, err


@pytest.fixture
def two(shared):
    return shared[1]


# -- the store ------------------------------------------------------------------------------
def row(game_id: str, invite: str, watch: str) -> GameRow:
    return GameRow(id=game_id, game="rush", level="9x9", level_json="{}", options_json=None,
                   seed=(1 << 63) - 1, salt="ab", commit_hash="cd",
                   invite=invite, watch=watch, rules_version="test")


def test_the_store_keeps_games_seats_and_moves_as_sqlite_does(database):
    store = PostgresStore(database, clock=lambda: 1000)
    try:
        assert store.create(row("GAME0001", "INV001", "WAT001"), "black", "hash-black")
        assert not store.create(row("GAME0002", "INV001", "WAT002"), "black", "hash-other")  # invite taken
        assert store.game("GAME0002") is None
        found = store.by_invite("INV001")
        assert found is not None and found.seed == (1 << 63) - 1 and found.status == "open"
        assert store.by_watch("WAT001") == found and store.game("GAME0001") == found
        assert store.seat_of("hash-black") == ("GAME0001", "black")
        assert store.add_seat("GAME0001", "white", "hash-white")
        assert not store.add_seat("GAME0001", "white", "hash-again")  # the side is taken
        assert store.seats("GAME0001") == ["black", "white"] and store.game("GAME0001").status == "playing"
        store.append_many([("GAME0001", MoveRow(1, "black", '{"cell":"e5"}'), "playing", None)])
        assert store.create(row("GAME0003", "INV003", "WAT003"), "black", "hash-3")
        # one move per (game, ply): a batch with a taken ply stores none of its moves
        with pytest.raises(Conflict):
            store.append_many([("GAME0003", MoveRow(1, "black", "{}"), "playing", None),
                               ("GAME0001", MoveRow(1, "white", "{}"), "playing", None)])
        assert store.moves("GAME0003") == []
        assert store.moves("GAME0001") == [MoveRow(1, "black", '{"cell":"e5"}', 1000 * 1000)]  # (its ms)
        assert not store.append("GAME0001", MoveRow(1, "white", "{}"), "playing", None)
        assert store.append("GAME0001", MoveRow(2, "white", "{}"), "over", "white")
        assert [m.ply for m in store.moves("GAME0001", after=1)] == [2]
        assert store.game("GAME0001").result == "white" and store.game("GAME0001").status == "over"
    finally:
        store.close()


def test_a_schema_1_database_migrates_and_keeps_the_clocks_times_and_ends(database):
    import psycopg

    from game.server.postgres import MIGRATIONS

    with psycopg.connect(database, autocommit=True) as db:  # as a schema-1 server left it
        for statement in MIGRATIONS[1]:
            db.execute(statement)
        db.execute("INSERT INTO schema_version VALUES (1, 0)")
        db.execute("INSERT INTO games (id, game, level, level_json, seed, salt, commit_hash, invite, watch, "
                   "rules_version, status, created, updated) "
                   "VALUES ('OLD00001', 'rush', '9x9', '{}', 1, 's', 'c', 'INV009', 'WAT009', 'old', "
                   "'playing', 5, 5)")
        db.execute("INSERT INTO moves VALUES ('OLD00001', 1, 'black', '{}', 7)")
    store = PostgresStore(database, clock=lambda: 1000)
    try:
        assert store.version() == SCHEMA_VERSION
        assert store.moves("OLD00001")[0].at_ms == 7000  # its second kept
        assert store.game("OLD00001").time_control is None and store.clocked() == []
        clocked = GameRow(**{**row("GAME0009", "INV010", "WAT010").__dict__, "time_control": '{"clock":{}}'})
        assert store.create(clocked, "black", "h9") and store.add_seat("GAME0009", "white", "h10", 123456)
        assert store.game("GAME0009").started_ms == 123456 and store.clocked() == ["GAME0009"]
        store.append_many([("GAME0009", MoveRow(1, "black", "{}", 130000), "playing", None)])
        assert not store.end("GAME0009", 0, "white", "time", 140000)  # a move after that ply stands
        assert store.end("GAME0009", 1, "white", "time", 140000)
        assert not store.end("GAME0009", 1, "black", "abandoned", 150000)  # over already
        with pytest.raises(Conflict):  # a move another process accepted meanwhile is not stored after the end
            store.append_many([("GAME0009", MoveRow(2, "white", "{}", 141000), "playing", None)])
        assert [m.ply for m in store.moves("GAME0009")] == [1]
        ended = store.game("GAME0009")
        assert (ended.status, ended.result, ended.reason, ended.ended_ms) == ("over", "white", "time", 140000)
        assert store.clocked() == []
    finally:
        store.close()


def test_secrets_are_kept_as_hashes_and_the_schema_carries_its_version(shared):
    import psycopg

    database, (one, _other) = shared
    status, made = http("POST", one.url + "/games", {"game": "rush"})
    assert status == 201
    with psycopg.connect(database) as db:
        everything = " ".join(str(r) for t in ("games", "seats", "moves")
                              for r in db.execute(f"SELECT * FROM {t}").fetchall())  # noqa: S608
        assert made["secret"] not in everything and S.secret_hash(made["secret"]) in everything
        assert "127.0.0.1" not in everything
        assert db.execute("SELECT version FROM schema_version ORDER BY version").fetchall() == [
            (v,) for v in range(1, SCHEMA_VERSION + 1)]


def test_a_database_of_a_newer_schema_is_refused_in_a_line(database):
    import psycopg

    PostgresStore(database).close()
    with psycopg.connect(database, autocommit=True) as db:
        db.execute("INSERT INTO schema_version VALUES (%s, 0)", (SCHEMA_VERSION + 1,))
    with pytest.raises(StoreError, match=f"schema {SCHEMA_VERSION + 1}.*newer server"):
        PostgresStore(database)
    done = subprocess.run([sys.executable, "-m", "game.server", "--port", "0", "--database", database],
                          capture_output=True, text=True, cwd=ROOT, timeout=PATIENCE,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 2 and done.stderr.startswith("gauss-arcade-server: ")
    assert "Traceback" not in done.stderr


def test_a_database_of_schema_1_is_migrated_keeping_its_games(database):
    """Schema 2 adds ``games.rematch``: a database the first server made keeps its games."""
    import psycopg

    from game.server import postgres

    with psycopg.connect(database, autocommit=True) as db:
        for statement in postgres.MIGRATIONS[1]:
            db.execute(statement)
        db.execute("INSERT INTO schema_version VALUES (1, 0)")
        db.execute("INSERT INTO games VALUES ('G1', 'rush', '9x9', '{}', NULL, 1, 's', 'c', "
                   "'AAAAAA', 'BBBBBB', 'v', 'open', NULL, 0, 0)")
    store = PostgresStore(database)
    try:
        assert store.game("G1").rematch is None and store.game("G1").watch == "BBBBBB"
        assert store.version() == SCHEMA_VERSION == 4
        assert store.game("G1").takebacks == 0 and store.question("G1") is None
    finally:
        store.close()


def test_processes_started_together_migrate_the_database_once(database):
    opened, problems = [], []

    def open_one():
        try:
            opened.append(PostgresStore(database))
        except Exception as exc:  # noqa: BLE001 - reported below
            problems.append(repr(exc))

    threads = [threading.Thread(target=open_one) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(PATIENCE)
    for store in opened:
        store.close()
    assert problems == [] and len(opened) == 4
    import psycopg

    with psycopg.connect(database) as db:
        assert db.execute("SELECT version FROM schema_version ORDER BY version").fetchall() == [
            (v,) for v in range(1, SCHEMA_VERSION + 1)]


def test_an_unreachable_database_is_one_line_and_exit_2(cluster):
    for url in (cluster.url("no_such_database"), "postgresql://gauss@127.0.0.1:1/x", "mysql://x"):
        done = subprocess.run([sys.executable, "-m", "game.server", "--port", "0", "--database", url],
                              capture_output=True, text=True, cwd=ROOT, timeout=PATIENCE,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert done.returncode == 2, (url, done.stderr)
        assert done.stderr.startswith("gauss-arcade-server: ") and done.stderr.count("\n") == 1, done.stderr


# -- two processes ------------------------------------------------------------------------------
def test_a_friend_who_joins_on_one_process_is_seen_on_the_other(two):
    one, other = two
    status, made = http("POST", one.url + "/games", {"game": "rush"})
    creator = Client(other, {"secret": made["secret"], "ply": 0})  # follows the game on the other process
    status, joined = http("POST", one.url + "/join", {"invite": made["invite"]})
    assert status == 200
    seat = creator.expect("seated")
    assert seat["side"] == joined["seat"] and len(seat["seated"]) == 2
    # the creator's process lets the game start at once
    if creator.state["to_move"] == creator.seat:
        creator.move(pick("rush", made["level"], creator.state, random.Random(1)), id=1)
        assert creator.expect("ack")["ply"] == 1
    creator.close()


def test_a_flag_falls_once_and_every_process_tells_its_sockets(two):
    one, other = two
    status, made = http("POST", one.url + "/games",
                        {"game": "sparks", "clock": {"initial": 1.5, "increment": 0}})
    assert status == 201
    status, joined = http("POST", other.url + "/join", {"invite": made["invite"]})
    assert status == 200
    here = Client(one, {"secret": made["secret"], "ply": 0})
    there = Client(other, {"secret": joined["secret"], "ply": 0})
    watcher = Client(other, {"watch": made["watch"], "ply": 0})
    ends = {}
    for name, client in (("here", here), ("there", there), ("watcher", watcher)):
        ends[name] = client.expect("ended")  # both processes time the flag: one end, told everywhere
    assert {e["reason"] for e in ends.values()} == {"time"} and len({e["winner"] for e in ends.values()}) == 1
    for client in (here, there, watcher):  # told once: nothing more comes
        client.send({"v": 1, "type": "ping"})
        client.expect("pong")
        assert [m["type"] for m in client.received].count("ended") == 1
        client.close()
    status, look = http("GET", one.url + f"/watch/{made['watch']}")
    assert look["status"] == "over" and look["reason"] == "time" and look["winner"] == ends["here"]["winner"]
    claim = Client(one, {"secret": made["secret"], "ply": 0})  # and a game over cannot be claimed
    claim.send({"v": 1, "type": "claim"})
    assert claim.expect("refused")["reason"] == "over"
    claim.close()


@pytest.mark.parametrize("game_id", SHIPPED)
def test_a_whole_game_between_a_player_on_each_process(two, game_id):
    one, other = two
    status, made = http("POST", one.url + "/games", {"game": game_id})
    assert status == 201
    status, joined = http("POST", other.url + "/join", {"invite": made["invite"]})
    assert status == 200
    first = Client(one, {"secret": made["secret"], "ply": 0})
    second = Client(other, {"secret": joined["secret"], "ply": 0})
    watchers = [Client(process, {"watch": made["watch"], "ply": 0}) for process in (one, other)]
    clients = {first.seat: first, second.seat: second}
    rng = random.Random(game_id)
    deadline = time.monotonic() + GAME_SECONDS
    for _ in range(MAX_PLIES):
        state = first.state
        if state["over"]:
            break
        assert time.monotonic() < deadline, f"{game_id}: the game took too long"
        mover = clients[state["to_move"]]
        ply = mover.ply
        mover.move(pick(game_id, made["level"], mover.state, rng), id=ply)
        assert mover.expect("ack") == {"v": 1, "type": "ack", "ply": ply + 1, "id": ply}
        mover.until_ply(ply + 1)
        for client in [*clients.values(), *watchers]:
            client.until_ply(ply + 1)
            if "hidden" not in client.state and "hidden" not in mover.state:  # (views.py)
                assert client.state == mover.state
            else:  # what the rules hide from the others reached its own seat only, on either process
                assert client is not mover and client.played[-1]["hidden"] == ["move"]
                assert json.dumps(mover.played[-1]["move"], separators=(",", ":")) not in client.texts[-1]
    assert first.state["over"]
    for client in [*clients.values(), *watchers]:
        # every move once, in order, on either process
        assert [p["ply"] for p in client.played] == list(range(1, first.ply + 1))
        assert moves_of(client.played) == moves_of(first.played)
    reveal = watchers[1].played[-1]["reveal"]
    assert reveal == watchers[0].played[-1]["reveal"]
    for process in two:
        status, look = http("GET", f"{process.url}/watch/{made['watch']}")
        assert status == 200 and look["state"] == first.state and look["status"] == "over"
    for client in [*clients.values(), *watchers]:
        client.close()


def stored(database: str, game: str) -> list[tuple[int, str]]:
    import psycopg

    with psycopg.connect(database) as db:
        found = db.execute("SELECT ply, move_json FROM moves WHERE game_id = %s ORDER BY ply", (game,))
        return found.fetchall()


def test_a_race_for_one_ply_from_both_processes_stores_exactly_one(shared):
    database, (one, other) = shared
    status, made = http("POST", one.url + "/games", {"game": "rush"})
    status, joined = http("POST", other.url + "/join", {"invite": made["invite"]})
    secrets = {made["seat"]: made["secret"], joined["seat"]: joined["secret"]}
    # each seat on both processes at once: two sockets each, one per process
    here = {side: Client(one, {"secret": s, "ply": 0}) for side, s in secrets.items()}
    there = {side: Client(other, {"secret": s, "ply": 0}) for side, s in secrets.items()}
    rng = random.Random(5)
    won = {"here": 0, "there": 0}
    for race in range(12):
        state = here[made["seat"]].state
        side, ply = state["to_move"], here[made["seat"]].ply
        a = pick("rush", made["level"], state, rng)
        b = a
        while b == a:
            b = pick("rush", made["level"], state, rng)
        here[side].move(a, id=f"a{race}")
        there[side].move(b, id=f"b{race}")
        answers = [here[side].recv(), there[side].recv()]
        while any(m["type"] not in ("ack", "refused") for m in answers):  # a played may come first
            answers = [m if m["type"] in ("ack", "refused") else c.recv()
                       for m, c in zip(answers, (here[side], there[side]), strict=True)]
        kinds = sorted(m["type"] for m in answers)
        assert kinds == ["ack", "refused"], answers
        loser = next(m for m in answers if m["type"] == "refused")
        assert loser["reason"] == S.STALE, loser
        winner = a if answers[0]["type"] == "ack" else b
        won["here" if winner is a else "there"] += 1
        rows = stored(database, made["match"])
        assert len(rows) == ply + 1 and json.loads(rows[-1][1]) == winner
        for client in [*here.values(), *there.values()]:
            client.until_ply(ply + 1)
            assert client.played[-1]["move"] == winner and client.played[-1]["ply"] == ply + 1
    for client in [*here.values(), *there.values()]:
        assert [p["ply"] for p in client.played] == list(range(1, 13))
        client.close()


def test_the_loser_of_a_race_in_the_database_refuses_stale_and_shows_the_winner(database):
    """The other process's move stored, its notification not yet here: this process plays
    on what it has in memory, and the database's key refuses its move (the race the
    notifications cannot settle)."""
    import psycopg

    server = Process(database)
    try:
        status, made = http("POST", server.url + "/games", {"game": "rush"})
        status, joined = http("POST", server.url + "/join", {"invite": made["invite"]})
        secrets = {made["seat"]: made["secret"], joined["seat"]: joined["secret"]}
        watcher = Client(server, {"watch": made["watch"], "ply": 0})
        side = watcher.state["to_move"]
        mover = Client(server, {"secret": secrets[side], "ply": 0})
        rng = random.Random(8)
        theirs = pick("rush", made["level"], mover.state, rng)
        ours = theirs
        while ours == theirs:
            ours = pick("rush", made["level"], mover.state, rng)
        with psycopg.connect(database) as db:  # as another process would, less its NOTIFY
            db.execute("INSERT INTO moves (game_id, ply, side, move_json, at) VALUES (%s, 1, %s, %s, 0)",
                       (made["match"], side, json.dumps(theirs, separators=(",", ":"))))
        mover.move(ours, id="ours")
        refusal = mover.expect("refused")
        assert refusal["reason"] == S.STALE and refusal["id"] == "ours", refusal
        for client in (mover, watcher):  # the move that won reaches the sockets of the process that lost
            client.until_ply(1)
            assert [p["move"] for p in client.played] == [theirs]
        assert [json.loads(m) for _p, m in stored(database, made["match"])] == [theirs]
        # and the game goes on from the winner's move
        nxt = Client(server, {"secret": secrets[mover.state["to_move"]], "ply": 1})
        nxt.move(pick("rush", made["level"], nxt.state, rng), id="next")
        assert nxt.expect("ack")["ply"] == 2
        for client in (mover, watcher, nxt):
            client.close()
    finally:
        code, err = server.stop()
    assert code == 0 and "Traceback" not in err, err


def test_a_client_that_saw_more_on_another_process_is_welcomed_with_it(database):
    """A player who comes back on another process, whose notification has not arrived: its
    hello names a ply this process has not read yet, and the store is read first."""
    import psycopg

    server = Process(database)
    try:
        status, made = http("POST", server.url + "/games", {"game": "rush"})
        status, joined = http("POST", server.url + "/join", {"invite": made["invite"]})
        secrets = {made["seat"]: made["secret"], joined["seat"]: joined["secret"]}
        watcher = Client(server, {"watch": made["watch"], "ply": 0})
        side = watcher.state["to_move"]
        theirs = pick("rush", made["level"], watcher.state, random.Random(2))
        with psycopg.connect(database) as db:  # as another process would, less its NOTIFY
            db.execute("INSERT INTO moves (game_id, ply, side, move_json, at) VALUES (%s, 1, %s, %s, 0)",
                       (made["match"], side, json.dumps(theirs, separators=(",", ":"))))
        back = Client(server, {"secret": secrets[side], "ply": 1})
        assert back.ply == 1 and back.received[0].get("resync") is None
        watcher.until_ply(1)  # and who followed the game here is sent the move too
        assert watcher.played[-1]["move"] == theirs and watcher.state == back.state
        back.close()
        watcher.close()
    finally:
        code, err = server.stop()
    assert code == 0 and "Traceback" not in err, err


def test_a_game_goes_on_when_the_database_cuts_every_connection(two, database):
    """The database restarted, an idle connection cut by a firewall: every process opens its
    connections again, the listening one included, and reads what it missed."""
    import psycopg

    one, other = two
    status, made = http("POST", one.url + "/games", {"game": "rush"})
    status, joined = http("POST", other.url + "/join", {"invite": made["invite"]})
    clients = {made["seat"]: Client(one, {"secret": made["secret"], "ply": 0}),
               joined["seat"]: Client(other, {"secret": joined["secret"], "ply": 0})}
    rng = random.Random(11)

    def play(n):
        for _ in range(n):
            mover = next(iter(clients.values()))
            mover = clients[mover.state["to_move"]]
            ply = mover.ply
            mover.move(pick("rush", made["level"], mover.state, rng), id=ply)
            assert mover.expect("ack")["ply"] == ply + 1
            for client in clients.values():
                client.until_ply(ply + 1)

    play(3)
    with psycopg.connect(database, autocommit=True) as db:
        cut = db.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                         "WHERE application_name LIKE 'gauss-arcade-server%%'").fetchall()
    assert len(cut) >= 6  # reads, writes and listening, in both processes
    play(6)
    for client in clients.values():
        assert [p["ply"] for p in client.played] == list(range(1, 10))
        client.close()


def test_status_on_one_process_sees_what_the_other_stored(two):
    one, other = two
    _code, made = http("POST", other.url + "/games", {"game": "rush"})  # in memory on the other
    _code, joined = http("POST", one.url + "/join", {"invite": made["invite"]})
    _code, look = http("GET", one.url + f"/watch/{made['watch']}")
    seats = {made["seat"]: made, joined["seat"]: joined}
    first = seats[look["state"]["to_move"]]
    code, played = http("POST", one.url + "/move", {"secret": first["secret"], "ply": 0,
                                                     "move": pick("rush", made["level"], look["state"],
                                                                  random.Random(2))})
    assert code == 200, played
    code, told = http("POST", other.url + "/status", {"secrets": [made["secret"], joined["secret"]]})
    assert code == 200 and [g["status"] for g in told["games"]] == ["playing", "playing"]
    assert [g["ply"] for g in told["games"]] == [1, 1]
    to_move = played["state"]["to_move"]
    assert [g["your_move"] for g in told["games"]] == [made["seat"] == to_move, joined["seat"] == to_move]


def test_old_games_expire_once_whichever_process_sweeps(database):
    """``expire`` on PostgreSQL: the games untouched since the cut go with their seats and
    moves, those kept stay; two processes sweeping at once delete each game once."""
    old = PostgresStore(database, clock=lambda: 1000)
    new = PostgresStore(database, clock=lambda: 5000)
    try:
        for n in range(1, 6):
            assert old.create(row(f"OLD{n:05}", f"INV{n:03}", f"WAT{n:03}"), "black", f"h-{n}")
        old.append_many([("OLD00001", MoveRow(1, "black", "{}"), "playing", None)])
        assert new.create(row("NEW00001", "INV100", "WAT100"), "black", "h-new")
        swept: list[list[str]] = []
        kept = frozenset({"OLD00005"})
        threads = [threading.Thread(target=lambda s=s: swept.append(s.expire(2000, kept, 2)))
                   for s in (old, new)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(PATIENCE)
        deleted = [g for part in swept for g in part]
        assert sorted(deleted) == [f"OLD{n:05}" for n in range(1, 5)]  # each once
        assert old.game("OLD00001") is None and old.moves("OLD00001") == [] and old.seat_of("h-1") is None
        assert old.game("OLD00005") is not None and old.game("NEW00001") is not None
    finally:
        old.close()
        new.close()


def test_the_load_test_runs_on_two_processes_with_every_move_fanned_out(database):
    """``game.server.load --database --processes 2``: each game's players on two processes,
    so every move reaches its opponent through the database; bounded, on loopback."""
    done = subprocess.run([sys.executable, "-m", "game.server.load", "--database", database,
                           "--processes", "2", "--games", "4", "--clients", "2", "--seconds", "6",
                           "--warmup", "1", "--think", "0.05", "--game", "rush", "--json"],
                          capture_output=True, text=True, timeout=120, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr[-2000:] + done.stdout[-2000:]
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    assert figures["store"] == "postgresql" and figures["server_processes"] == 2 and figures["errors"] == 0
    assert figures["moves"] > 10 and not figures["refused"]
    assert 0 < figures["fanout_p50_ms"] <= figures["fanout_p99_ms"]
    assert figures["p50_ms"] <= figures["fanout_p50_ms"]  # the opponent hears after the mover's own answer
    assert len(figures["server_move_ms"]) == 2 and all(one["p50"] > 0 for one in figures["server_move_ms"])
    refused = subprocess.run([sys.executable, "-m", "game.server.load", "--database",
                              "postgresql://gauss@192.0.2.1:5432/x", "--processes", "2"],
                             capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert refused.returncode == 2 and "this machine" in refused.stderr
