"""The reconnect grace and the claim on several server processes sharing one PostgreSQL
(``-m postgres``; the throwaway cluster of tests/test_server_postgres.py): a seat's sockets
are counted wherever they landed, so its opponent on another process hears it ``left``
when its last socket anywhere goes, ``back`` when one comes on any process, and may claim
the game after the grace; a process killed outright is noticed by its heartbeat stopping."""
from __future__ import annotations

import json
import time

import pytest

for _name in ("starlette", "uvicorn", "websockets", "psycopg"):
    pytest.importorskip(_name, reason=f"the postgres extra is not installed ({_name}): "
                                      "pip install '.[postgres]'")

from server_client import PATIENCE, Client, http  # noqa: E402
from test_server_postgres import Process, cluster, database  # noqa: E402, F401

from game.server import postgres  # noqa: E402
from game.server.postgres import PostgresStore  # noqa: E402

pytestmark = pytest.mark.postgres

GRACE = "1"


@pytest.fixture
def graced(database):  # noqa: F811
    """Two server processes on one database, with a grace of a second."""
    one = Process(database, "--grace", GRACE)
    try:
        other = Process(database, "--grace", GRACE)
    except BaseException:
        one.stop()
        raise
    yield database, one, other
    for process in (one, other):
        if process.proc.poll() is None:
            code, err = process.stop()
            assert code == 0 and "Traceback" not in err, err


def live_game(one: Process, other: Process) -> tuple[dict, dict]:
    status, made = http("POST", one.url + "/games", {"game": "rush"})
    assert status == 201
    status, joined = http("POST", other.url + "/join", {"invite": made["invite"]})
    assert status == 200
    return made, joined


def quiet(client: Client, seconds: float) -> list[str]:
    """The types of what ``client`` receives within ``seconds`` (pings answered)."""
    kinds = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            text = client.ws.recv(timeout=max(0.01, deadline - time.monotonic()))
        except TimeoutError:
            break
        kinds.append(json.loads(text)["type"])
    return kinds


def test_a_seat_leaving_one_process_is_told_on_the_other_and_claimed_after_the_grace(graced):
    _db, one, other = graced
    made, joined = live_game(one, other)
    stays = Client(one, {"secret": made["secret"], "ply": 0})
    goes = Client(other, {"secret": joined["secret"], "ply": 0})
    watcher = Client(other, {"watch": made["watch"], "ply": 0})
    # both present, each on its own process: nobody is told anyone left
    assert "left" not in quiet(stays, 4.0)  # longer than the notice a seat never seen gets
    goes.close()
    left = stays.expect("left")  # on the other process, through the database
    assert left["side"] == joined["seat"] and left["grace"] == 1.0
    assert watcher.expect("left")["side"] == joined["seat"]
    stays.send({"v": 1, "type": "claim"})  # within the grace: refused
    assert stays.expect("refused")["reason"] == "grace"
    back = Client(one, {"secret": joined["secret"], "ply": 0})  # it comes back, on the first process
    assert stays.expect("back")["side"] == joined["seat"]
    assert watcher.expect("back")["side"] == joined["seat"]
    time.sleep(1.3)  # longer than the grace: it is here, nothing to claim
    stays.send({"v": 1, "type": "claim"})
    assert stays.expect("refused")["reason"] == "grace"
    back.close()
    stays.expect("left")
    time.sleep(1.3)
    stays.send({"v": 1, "type": "claim"})
    ended = stays.expect("ended")
    assert ended["reason"] == "abandoned" and ended["winner"] == made["seat"]
    told = watcher.expect("ended")  # the other process tells its sockets
    assert told["winner"] == made["seat"] and told["reason"] == "abandoned"
    for client in (stays, watcher):
        client.close()


def test_a_seat_with_a_socket_on_each_process_is_away_only_when_both_went(graced):
    _db, one, other = graced
    made, joined = live_game(one, other)
    stays = Client(one, {"secret": made["secret"], "ply": 0})
    first = Client(one, {"secret": joined["secret"], "ply": 0})
    second = Client(other, {"secret": joined["secret"], "ply": 0})
    time.sleep(0.5)  # (the first process learns of the second socket within milliseconds)
    first.close()
    assert "left" not in quiet(stays, 1.5)  # its socket on the other process holds the seat
    stays.send({"v": 1, "type": "claim"})
    assert stays.expect("refused")["reason"] == "grace"
    second.close()
    assert stays.expect("left")["side"] == joined["seat"]
    stays.close()


def test_a_process_killed_outright_leaves_its_seats_away_after_its_heartbeat_stops(graced):
    _db, one, other = graced
    made, joined = live_game(one, other)
    stays = Client(one, {"secret": made["secret"], "ply": 0})
    doomed = Client(other, {"secret": joined["secret"], "ply": 0})
    assert "left" not in quiet(stays, 3.5)
    killed = time.monotonic()
    other.proc.kill()  # no goodbye: only its heartbeat stops
    other.proc.wait(PATIENCE)
    left = stays.expect("left")
    waited = time.monotonic() - killed
    assert left["side"] == joined["seat"]
    assert waited <= postgres.STALE + 2 * postgres.BEAT + 1.0, waited
    time.sleep(1.3)
    stays.send({"v": 1, "type": "claim"})
    assert stays.expect("ended")["winner"] == made["seat"]
    stays.close()
    del doomed


def test_a_process_stopping_tells_the_others_at_once(graced):
    _db, one, other = graced
    made, joined = live_game(one, other)
    stays = Client(one, {"secret": made["secret"], "ply": 0})
    Client(other, {"secret": joined["secret"], "ply": 0})
    assert "left" not in quiet(stays, 3.5)
    stopped = time.monotonic()
    code, err = other.stop()  # SIGTERM: its seats are cleared as it stops
    assert code == 0 and "Traceback" not in err, err
    assert stays.expect("left")["side"] == joined["seat"]
    assert time.monotonic() - stopped < postgres.STALE, "told by the stop, not by the heartbeat"
    stays.close()


def test_the_store_counts_the_seats_of_living_processes_only(database):  # noqa: F811
    first, second = PostgresStore(database), PostgresStore(database)
    try:
        first.seat_here("GAME0001", "black", True)
        second.seat_here("GAME0001", "white", True)
        second.seat_here("GAME0002", "white", True)
        assert first.elsewhere(["GAME0001", "GAME0002", "NONE"]) == {"GAME0001": {"white": 1},
                                                                   "GAME0002": {"white": 1}}
        assert second.elsewhere(["GAME0001"]) == {"GAME0001": {"black": 1}}
        assert first.elsewhere([]) == {}
        second.seat_here("GAME0002", "white", False)
        assert first.elsewhere(["GAME0002"]) == {}
        with second._db().transaction():  # the second process falls silent
            second._db().execute("UPDATE processes SET seen = now() - make_interval(secs => %s) "
                                 "WHERE id = %s", (postgres.STALE + 1, second.process))
        assert first.elsewhere(["GAME0001"]) == {}
        second.beat([("GAME0001", "white")])  # it was only frozen: its next beat counts again
        assert first.elsewhere(["GAME0001"]) == {"GAME0001": {"white": 1}}
        with second._db().transaction():  # the database lost the unlogged rows (a crash)
            second._db().execute("DELETE FROM presence")
            second._db().execute("DELETE FROM processes")
        second.beat([("GAME0001", "white")])  # written again from what the process knows
        assert first.elsewhere(["GAME0001"]) == {"GAME0001": {"white": 1}}
        second.gone()
        assert first.elsewhere(["GAME0001"]) == {}
    finally:
        first.close()
        second.close()


def test_a_presence_notification_is_read_only_when_well_formed():
    assert postgres.note('{"game": "AB12", "presence": "black"}') == {"game": "AB12", "presence": "black"}
    for bad in ('{"game": "AB12", "presence": 3}', '{"game": "AB12", "presence": "black", "ply": 2}',
                '{"game": "AB12", "presence": "' + "x" * 40 + '"}',
                '{"game": "AB12", "presence": "black", "undone": 1}',
                '{"game": "../x", "presence": "black"}'):
        assert postgres.note(bad) is None, bad
