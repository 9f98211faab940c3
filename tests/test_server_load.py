"""What the load test measures and what it led to: a game in the server's memory keeps only
its last positions (the collector's passes over a thousand games' whole histories paused
the server for a quarter of a second) and still tells a client far behind every move it
missed, as the whole history would; ``GET /stats`` says how late the server's loop woke;
and the load test itself runs, bounded, with its clients in processes of their own."""
from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from game.match import Match
from game.server import service as S
from game.server.store import SQLiteStore


@pytest.fixture
def service(tmp_path):
    store = SQLiteStore(tmp_path / "data", sync="normal")
    yield S.Service(store)
    store.close()


def played_by_replay(service, table):
    """Every move's ``played`` envelope, from a match that keeps its whole history."""
    row = table.row
    match = Match(row.game, json.loads(row.level_json), row.seed, notes=False)
    for text in table.moves:
        match.play(match.rules.parse_move(json.loads(text)))
    out = []
    for ply in range(1, table.ply + 1):
        out.append(service.played(table, ply, history=(match, 0)))
    return out


@pytest.mark.parametrize("game_id", ["rush", "improbable"])  # a long game; one with dice
def test_a_client_far_behind_gets_every_move_though_only_the_last_positions_are_kept(service, game_id,
                                                                                     monkeypatch):
    monkeypatch.setattr(S, "KEEP_POSITIONS", 4)  # (a short game trims its positions too)
    monkeypatch.setattr(S.secrets, "randbits", lambda _bits: 20261126)  # the same dice every run
    made = service.create({"game": game_id})
    joined = service.join({"invite": made["invite"]})
    table, _side = service.seat(made["secret"])
    rng = random.Random(3)
    plies = 3 * S.KEEP_POSITIONS + 5
    while table.ply < plies and not table.match.over:
        state = table.match.state
        service.play(table, state.to_move, table.ply, table.match.rules.move_json(
            table.match.rules.random_move(state, rng)))
    assert table.ply > 2 * S.KEEP_POSITIONS, "the game ended before its positions were trimmed"
    assert len(table.match.history) < 2 * S.KEEP_POSITIONS  # the older positions are not kept
    whole = played_by_replay(service, table)
    for seen in (0, 1, table.ply - S.KEEP_POSITIONS - 1, table.ply - S.KEEP_POSITIONS, table.ply - 1):
        assert service.missed(table, seen) == whole[seen:], seen
    # a move resent from long ago is still known for what it is
    first = json.loads(table.moves[0])
    with pytest.raises(S.Refused) as refused:
        service.play(table, made["seat"] if table.by[0] == made["seat"] else joined["seat"], 0, first)
    assert refused.value.reason == S.DUPLICATE
    # and a game read anew from the store is the same game
    service.tables.clear()
    again = service.table(table.id)
    assert again.moves == table.moves and again.by == table.by
    assert again.match.rules.state_json(again.match.state) == table.match.rules.state_json(table.match.state)
    assert len(again.match.history) < 2 * S.KEEP_POSITIONS


def test_the_load_test_runs_bounded_with_its_clients_in_processes_of_their_own():
    pytest.importorskip("uvicorn", reason="the server extra is not installed: pip install '.[server]'")
    done = subprocess.run([sys.executable, "-m", "game.server.load", "--games", "3", "--clients", "2",
                           "--seconds", "5", "--warmup", "1", "--think", "0.05", "--game", "rush",
                           "--sync", "normal", "--json"],
                          capture_output=True, text=True, timeout=90)
    assert done.returncode == 0, done.stderr[-2000:] + done.stdout[-2000:]
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    assert figures["clients"] == 2 and figures["players"] == 6 and figures["errors"] == 0
    assert figures["moves"] > 10 and figures["moves_per_s"] > 0 and not figures["refused"]
    assert 0 < figures["p50_ms"] <= figures["p99_ms"] <= figures["max_ms"]
    assert figures["server_move_ms"]["p50"] > 0  # the server's own figures were read
    lag = figures["server_loop_lag_ms"]
    assert 0 <= lag["p50"] <= lag["p99"] <= lag["max"] and "full" in figures["server_gc_ms"]
    assert figures["client_loop_lag_ms"]["max"] >= 0


def test_the_load_test_sends_nothing_beyond_this_machine():
    done = subprocess.run([sys.executable, "-m", "game.server.load", "--url", "http://192.0.2.1:8740"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "this machine" in done.stderr



def test_a_client_that_offers_compression_gets_none(tmp_path):
    pytest.importorskip("uvicorn", reason="the server extra is not installed: pip install '.[server]'")
    from server_client import ServerThread
    from websockets.sync.client import connect

    server = ServerThread(tmp_path / "data").start()
    try:
        with connect(server.url.replace("http", "ws") + "/ws", compression="deflate", proxy=None,
                     open_timeout=15) as ws:
            assert ws.request.headers.get("Sec-WebSocket-Extensions")  # offered...
            assert ws.response.headers.get("Sec-WebSocket-Extensions") is None  # ...and declined
    finally:
        server.stop()


def test_a_take_back_after_the_positions_were_trimmed_is_the_game_replayed_to_its_ply(service, monkeypatch):
    from game.server import takeback

    monkeypatch.setattr(S, "KEEP_POSITIONS", 4)
    made = service.create({"game": "gauss"})
    service.join({"invite": made["invite"]})
    table, _side = service.seat(made["secret"])
    rng = random.Random(4)
    while table.ply < 3 * S.KEEP_POSITIONS and not table.match.over:
        state = table.match.state
        service.play(table, state.to_move, table.ply, table.match.rules.move_json(
            table.match.rules.random_move(state, rng)))
    assert len(table.match.history) < table.ply  # trimmed
    asker = table.by[-1]
    other = next(p for p in table.match.rules.players if p != asker)
    takeback.ask(service, table, asker, table.ply)
    told = takeback.answer(service, table, other, table.ply, True)
    assert told["type"] == "takenback" and told["ply"] == table.ply - 1
    again = service.table(table.id)
    replay = Match("gauss", json.loads(table.row.level_json), table.row.seed, notes=False)
    for text in again.moves:
        replay.play(replay.rules.parse_move(json.loads(text)))
    assert again.ply == table.ply - 1 == len(again.moves)
    assert replay.rules.state_json(replay.state) == again.match.rules.state_json(again.match.state)
    assert again.match.state.to_move == asker
