"""Draw offers as the rules define them, through the real server: Sparks & Surges' offer is
a move its rules accept and do not list (always possible on one's turn), and the server
took ``legal_moves`` for the whole truth and refused it as illegal. No other game defines
a draw by agreement."""
from __future__ import annotations

import random

import pytest

for _name in ("starlette", "uvicorn", "websockets"):
    pytest.importorskip(_name, reason=f"the server extra is not installed ({_name}): pip install '.[server]'")

from server_client import Client, ServerThread, new_game, pick  # noqa: E402

from game.server import service as S  # noqa: E402


@pytest.fixture
def server(tmp_path):
    running = ServerThread(tmp_path / "data").start()
    yield running
    running.stop()


def test_a_sparks_draw_offered_declined_offered_again_and_agreed(server):
    made, joined = new_game(server, "sparks")
    seats = {made["seat"]: Client(server, {"secret": made["secret"], "ply": 0}),
             joined["seat"]: Client(server, {"secret": joined["secret"], "ply": 0})}
    watcher = Client(server, {"watch": made["watch"], "ply": 0})

    def play(move, ply):
        mover = seats[watcher.state["to_move"]]
        mover.move(move)
        for client in (*seats.values(), watcher):
            client.until_ply(ply)
        return mover

    offerer = play({"draw": "offer"}, 1)
    assert watcher.state["to_move"] != offerer.seat and watcher.played[-1]["effects"][0]["type"] == "offer"
    play({"draw": "decline"}, 2)
    # the offerer moves on the board before it may offer again
    assert watcher.state["to_move"] == offerer.seat
    offerer.move({"draw": "offer"})
    assert offerer.expect("refused")["reason"] == S.ILLEGAL
    play(pick("sparks", made["level"], offerer.state, random.Random(1)), 3)
    play({"draw": "offer"}, 4)
    play({"draw": "accept"}, 5)
    assert watcher.state["over"] and watcher.state["winner"] == "draw"
    assert "reveal" in watcher.played[-1]
    for client in (*seats.values(), watcher):
        client.close()


def test_a_forced_die_is_still_refused(server):
    made, joined = new_game(server, "improbable")
    seats = {made["seat"]: Client(server, {"secret": made["secret"], "ply": 0}),
             joined["seat"]: Client(server, {"secret": joined["secret"], "ply": 0})}
    mover = seats[seats[made["seat"]].state["to_move"]]
    mover.move({"action": "roll", "value": 6})
    assert "rolls the dice" in mover.expect("refused")["message"]
