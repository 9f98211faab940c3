"""A client away while moves were taken back (issue 32), through the real server (uvicorn on
127.0.0.1 in a thread, SQLite): the game's take-backs are its epoch, carried by the welcome,
``played`` and ``takenback``; a hello naming an older epoch is sent a ``takenback`` to the last
ply it shares with the game, then the moves after it, even when as many moves were played
again and its ply is the game's; a hello of the current epoch, or without one (an older
client), gets nothing more than before. And the headless client, away meanwhile, comes back
to the game's very moves."""
from __future__ import annotations

import json
import random
import time

import pytest

for _name in ("starlette", "uvicorn", "websockets"):
    pytest.importorskip(_name, reason=f"the server extra is not installed ({_name}): pip install '.[server]'")

from server_client import PATIENCE, Client, ServerThread, moves_of, new_game  # noqa: E402
from test_server_takeback import one_move, sit  # noqa: E402

from game.online import client as C  # noqa: E402
from game.online import dice  # noqa: E402


@pytest.fixture
def server(tmp_path):
    running = ServerThread(tmp_path / "data").start()
    yield running
    running.stop()


def taken_back(made, seats, watcher):
    """The seat that moved last takes its move back, the other allows it; everyone told.
    Returns the ``takenback`` envelope."""
    asker_side = watcher.played[-1]["by"]
    asker = seats[asker_side]
    other = next(c for s, c in seats.items() if s != asker_side)
    asker.send({"v": 1, "type": "takeback", "ply": asker.ply})
    other.expect("takeback")
    other.send({"v": 1, "type": "takeback_answer", "ply": other.ply, "accept": True})
    back = None
    for client in (*seats.values(), watcher):
        back = client.expect("takenback")
    return back


def replayed_to(ply, made, seats, watcher, rng):
    while watcher.ply < ply:
        one_move(made, seats, watcher, rng)


def hello(server, made, ply, **extra):
    """A spectator's hello naming ``ply`` (and ``extra``): every envelope it is sent at once."""
    client = Client(server)
    client.send({"v": 1, "type": "hello", "watch": made["watch"], "ply": ply, **extra})
    told = [client.expect("welcome")]
    try:
        while True:  # what comes with the welcome comes at once; nothing else is said in this game
            told.append(json.loads(client.ws.recv(timeout=0.5)))
    except TimeoutError:
        pass
    client.close()
    return told


def test_a_hello_of_an_older_epoch_is_taken_back_then_given_the_moves_played_again(server):
    made, seats, watcher = sit(server, "rush")
    rng = random.Random(11)
    for _ in range(5):
        one_move(made, seats, watcher, rng)
    seen, old_moves = watcher.ply, moves_of(watcher.played)
    assert all(p["epoch"] == 0 for p in watcher.played)
    back = taken_back(made, seats, watcher)
    assert back["epoch"] == 1 and back["ply"] < seen
    replayed_to(seen, made, seats, watcher, rng)  # as many moves played again: the same ply
    assert watcher.ply == seen and watcher.played[-1]["epoch"] == 1
    told = hello(server, made, seen, epoch=0)
    assert [m["type"] for m in told] == ["welcome", "takenback"] + ["played"] * (seen - back["ply"])
    welcome, rewound, *missed = told
    assert welcome["epoch"] == 1 and welcome["ply"] == seen
    assert rewound["ply"] == back["ply"] and rewound["from"] == seen and rewound["epoch"] == 1
    assert rewound["by"] is None
    # the position it goes back to is the one both saw: the old moves up to there replay to it
    assert old_moves[:back["ply"]] == moves_of(watcher.played)[:back["ply"]]
    assert [m["ply"] for m in missed] == list(range(back["ply"] + 1, seen + 1))
    assert [m["move"] for m in missed] == moves_of(watcher.played)[back["ply"]:]
    assert missed[-1]["state"] == watcher.state == welcome["state"]
    # the epoch it knows now: nothing more; no epoch at all (an older client): as before
    assert [m["type"] for m in hello(server, made, seen, epoch=1)] == ["welcome"]
    assert [m["type"] for m in hello(server, made, seen)] == ["welcome"]
    assert [m["type"] for m in hello(server, made, seen - 2)] == ["welcome", "played", "played"]
    assert [m["type"] for m in hello(server, made, seen - 2, epoch=1)] == ["welcome", "played", "played"]
    # a hello at the start has nothing to take back, whatever its epoch
    assert [m["type"] for m in hello(server, made, 0, epoch=0)] == ["welcome"] + ["played"] * seen
    for bad in (True, "0", None, -1, 1.0):  # an epoch that is not one: as if none was given
        assert [m["type"] for m in hello(server, made, seen, epoch=bad)] == ["welcome"]
    for client in (*seats.values(), watcher):
        client.close()


def test_a_client_that_missed_two_take_backs_is_given_the_whole_game(server):
    made, seats, watcher = sit(server, "rush")
    rng = random.Random(12)
    for _ in range(5):
        one_move(made, seats, watcher, rng)
    seen = watcher.ply
    for epoch in (1, 2):
        assert taken_back(made, seats, watcher)["epoch"] == epoch
        replayed_to(seen, made, seats, watcher, rng)
    told = hello(server, made, seen, epoch=0)
    assert [m["type"] for m in told] == ["welcome", "takenback"] + ["played"] * seen
    assert told[1]["ply"] == 0 and told[1]["epoch"] == 2
    assert [m["move"] for m in told[2:]] == moves_of(watcher.played)
    # one behind: back to where the last take-back went
    last = hello(server, made, seen, epoch=1)
    assert last[1]["type"] == "takenback" and 0 < last[1]["ply"] < seen
    for client in (*seats.values(), watcher):
        client.close()


def test_a_hello_at_the_last_ply_of_a_long_game_is_welcomed(server):
    """The game keeps its last positions only: a hello with nothing missed must not read past them."""
    made, seats, watcher = sit(server, "rush")
    rng = random.Random(13)
    while watcher.ply < 40 and not watcher.state["over"]:
        one_move(made, seats, watcher, rng)
    assert watcher.ply >= 33
    assert [m["type"] for m in hello(server, made, watcher.ply)] == ["welcome"]
    assert [m["type"] for m in hello(server, made, watcher.ply, epoch=0)] == ["welcome"]
    for client in (*seats.values(), watcher):
        client.close()


def test_the_client_away_while_moves_were_taken_back_and_played_again_follows(server, monkeypatch):
    monkeypatch.setattr(C, "RETRY_FIRST", 3.0)  # down long enough for the take-back and the moves
    made, _joined = new_game(server, "rush")
    seats = {made["seat"]: Client(server, {"secret": made["secret"], "ply": 0}),
             _joined["seat"]: Client(server, {"secret": _joined["secret"], "ply": 0})}
    watcher = Client(server, {"watch": made["watch"], "ply": 0})
    away = C.OnlineGame(server.url, watch=made["watch"]).start()
    events: list = []

    def until(done, what):
        deadline = time.monotonic() + PATIENCE
        while not done():
            events.extend(away.poll())
            assert time.monotonic() < deadline, what
            time.sleep(0.002)

    until(lambda: away.ready, "welcomed")
    rng = random.Random(14)
    for _ in range(5):
        one_move(made, seats, watcher, rng)
    until(lambda: away.ply == watcher.ply, "the moves")
    seen, before = away.ply, [p.move for p in away.match.history]
    away.drop()
    until(lambda: away.link == C.LOST, "away")
    back = taken_back(made, seats, watcher)
    while True:  # played again to the same ply, and not the same moves (else nothing is wrong)
        replayed_to(seen, made, seats, watcher, rng)
        if moves_of(watcher.played) != [away.match.rules.move_json(m) for m in before]:
            break
        back = taken_back(made, seats, watcher)
    events.clear()
    until(lambda: away.link == C.OPEN, "back")
    until(lambda: away.ply == seen and any(isinstance(e, C.TakenBack) for e in events), "told")
    rules = away.match.rules
    assert [rules.move_json(p.move) for p in away.match.history] == moves_of(watcher.played)
    assert dice.public(rules, away.match.state) == dice.public(rules, rules.load_state(
        {**watcher.state, "seed": 0}, away.match.level))
    gone = next(e for e in events if isinstance(e, C.TakenBack))
    assert gone.by is None and gone.gone == seen - back["ply"]
    assert [e.late for e in events if isinstance(e, C.Moved)] == [True] * (seen - back["ply"])
    away.close()
    for client in (*seats.values(), watcher):
        client.close()


def test_the_client_says_the_epoch_it_saw_in_its_hello(server):
    made, seats, watcher = sit(server, "rush")
    game = C.OnlineGame(server.url, watch=made["watch"])
    assert "epoch" not in game._hello()  # nothing told yet: an older server's welcome has none
    rng = random.Random(15)
    for _ in range(3):
        one_move(made, seats, watcher, rng)
    taken_back(made, seats, watcher)
    game.start()
    deadline = time.monotonic() + PATIENCE
    while not game.ready:
        game.poll()
        assert time.monotonic() < deadline
        time.sleep(0.002)
    assert game._hello()["epoch"] == 1 and game._hello()["ply"] == watcher.ply
    game.close()
    for client in (*seats.values(), watcher):
        client.close()
