"""Take-backs and rematches on PostgreSQL (``-m postgres``, the tier of
tests/test_server_postgres.py, whose throwaway cluster and two server processes it uses):
the store deletes a take-back's rows only where the last ply is still the one asked at, a
move whose predecessor was taken back is a conflict, one old game has one rematch; a
take-back made on one process reaches a spectator on the other, and a rematch made on one
is told by the other's welcome."""
from __future__ import annotations

import random

import pytest

for _name in ("starlette", "uvicorn", "websockets", "psycopg"):
    pytest.importorskip(_name, reason=f"the postgres extra is not installed ({_name}): "
                                      "pip install '.[postgres]'")

from server_client import Client, http, pick  # noqa: E402
from test_server_postgres import cluster, database, row, shared, two  # noqa: E402, F401

from game.server.postgres import PostgresStore  # noqa: E402
from game.server.store import Conflict, MoveRow  # noqa: E402

pytestmark = pytest.mark.postgres


def test_the_store_takes_back_and_links_a_rematch_once(database):  # noqa: F811
    store = PostgresStore(database, clock=lambda: 1000)
    try:
        assert store.create(row("GAME0001", "INV001", "WAT001"), "black", "h-black")
        assert store.add_seat("GAME0001", "white", "h-white")
        store.append_many([("GAME0001", MoveRow(n, "black" if n % 2 else "white", "{}"), "playing", None)
                           for n in (1, 2, 3)])
        assert not store.take_back("GAME0001", 1, 2)  # ply 3 is the last: a move came meanwhile
        assert [m.ply for m in store.moves("GAME0001")] == [1, 2, 3]
        assert store.take_back("GAME0001", 1, 3)
        assert [m.ply for m in store.moves("GAME0001")] == [1]
        with pytest.raises(Conflict):  # played on the taken-back ply 2 by a process that did not hear
            store.append_many([("GAME0001", MoveRow(3, "black", "{}"), "playing", None)])
        store.append_many([("GAME0001", MoveRow(2, "white", "{}"), "playing", None)])
        new = row("GAME0002", "INV002", "WAT002")
        assert store.create_rematch("GAME0001", new, {"white": "h2-white", "black": "h2-black"})
        assert store.game("GAME0001").rematch == "GAME0002" and store.game("GAME0002").status == "playing"
        assert sorted(store.seats("GAME0002")) == ["black", "white"]
        assert not store.create_rematch("GAME0001", row("GAME0003", "INV003", "WAT003"), {"white": "x"})
        assert store.game("GAME0003") is None
    finally:
        store.close()


def test_a_take_back_on_one_process_reaches_a_spectator_on_the_other(two):  # noqa: F811
    one, other = two
    status, made = http("POST", one.url + "/games", {"game": "rush"})
    assert status == 201
    status, joined = http("POST", one.url + "/join", {"invite": made["invite"]})
    seats = {made["seat"]: Client(one, {"secret": made["secret"], "ply": 0}),
             joined["seat"]: Client(one, {"secret": joined["secret"], "ply": 0})}
    far = Client(other, {"watch": made["watch"], "ply": 0})
    rng = random.Random(2)
    for ply in range(1, 5):
        mover = seats[far.state["to_move"]]
        mover.move(pick("rush", made["level"], mover.state, rng))
        for client in (*seats.values(), far):
            client.until_ply(ply)
    last = far.played[-1]["by"]
    asker, answerer = seats[last], next(c for s, c in seats.items() if s != last)
    asker.send({"v": 1, "type": "takeback", "ply": 4})
    answerer.expect("takeback")
    answerer.send({"v": 1, "type": "takeback_answer", "ply": 4, "accept": True})
    back = asker.expect("takenback")
    told = far.expect("takenback")  # through the database's notification, on the other process
    assert told["ply"] == back["ply"] < 4 and told["state"] == back["state"]
    # and the game goes on there from the position it went back to
    asker.move(pick("rush", made["level"], asker.state, rng))
    for client in (asker, far):
        client.until_ply(back["ply"] + 1)
    assert far.state == asker.state
    for client in (*seats.values(), far):
        client.close()


def test_a_rematch_made_on_one_process_is_told_by_the_other(two):  # noqa: F811
    one, other = two
    status, made = http("POST", one.url + "/games", {"game": "order", "options": {"arrangement": "random"}})
    status, joined = http("POST", one.url + "/join", {"invite": made["invite"]})
    seats = {made["seat"]: Client(one, {"secret": made["secret"], "ply": 0}),
             joined["seat"]: Client(one, {"secret": joined["secret"], "ply": 0})}
    watcher = next(iter(seats.values()))
    rng = random.Random(3)
    while not watcher.state["over"]:
        mover = seats[watcher.state["to_move"]]
        ply = mover.ply
        mover.move(pick("order", made["level"], mover.state, rng))
        for client in seats.values():
            client.until_ply(ply + 1)
    for side in seats:
        seats[side].send({"v": 1, "type": "rematch"})
    news = seats[made["seat"]].expect("rematch")
    while news["status"] != "made":
        news = seats[made["seat"]].expect("rematch")
    away = Client(other, {"secret": made["secret"], "ply": 0})
    told = away.expect("rematch")
    assert told["status"] == "made" and told["new"]["secret"] == news["new"]["secret"]
    again = Client(other, {"secret": told["new"]["secret"], "ply": 0})
    assert again.seat == told["new"]["seat"] != made["seat"]
    for client in (*seats.values(), away, again):
        client.close()
