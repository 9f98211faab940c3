"""The kill tier: the server (``python -m game.server``, a process of its own on a port of
127.0.0.1) killed with SIGKILL at random moments of a live game, often just after a move
was sent, and started again on the same data folder and port; the two players' clients
(game/online/client.py, as a play screen holds them) reconnect by themselves with the last
ply they saw and the game goes on to its end. No move a client was told was played is lost,
each client sees every move once and in order, and both end on the server's stored game.
Then a client killed mid-move (a process of its own, SIGKILL) is taken up again from the
player's "my online games" and finds its move played or not, never twice."""
from __future__ import annotations

import json
import os
import queue
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time

import pytest

for _name in ("starlette", "uvicorn", "websockets"):
    pytest.importorskip(_name, reason=f"the server extra is not installed ({_name}): pip install '.[server]'")

from server_client import PATIENCE  # noqa: E402
from test_online import Table, public  # noqa: E402
from test_server_process import ROOT, Process  # noqa: E402

from game import catalogue  # noqa: E402
from game.online import book, client  # noqa: E402
from game.online.client import OPEN, Moved, OnlineGame  # noqa: E402

#: kills of the server in one game
KILLS = 3
#: the longest a game of this test may take (seconds)
GAME_SECONDS = 150.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stored_moves(data) -> list[dict]:
    db = sqlite3.connect(data / "games.sqlite3")
    try:
        return [json.loads(m) for (m,) in db.execute("SELECT move_json FROM moves ORDER BY ply")]
    finally:
        db.close()


def read_lines(stream, into: queue.Queue) -> None:
    for line in stream:
        into.put(line)


def send_if_mine(table: Table, rng: random.Random) -> bool:
    for game in table.games:
        if game.my_turn and game.pending is None and game.link == OPEN and not game.match.over:
            assert game.send(game.match.rules.random_move(game.match.state, rng)) is None
            return True
    return False


@pytest.mark.parametrize("game_id", ["gauss", "improbable"])  # a game of chance: its dice survive too
def test_the_server_killed_at_random_moments_loses_no_move_and_both_clients_resync(tmp_path, game_id):
    data, port = tmp_path / "data", free_port()
    server = Process(data, "--port", str(port))
    maker, made = client.new_game(server.url, game_id)
    friend, _joined = client.join_game(server.url, made["invite"])
    table = Table(maker.start(), friend.start())
    try:
        table.until(lambda: maker.ready and friend.ready and maker.friend_here and friend.friend_here,
                    what="both seated")
        rng, chance = random.Random(game_id), random.Random()
        # (three kills within the first 13 plies: a random game of The Improbable may end at 18)
        kills, next_kill = 0, chance.randrange(2, 6)
        deadline = time.monotonic() + GAME_SECONDS
        while not (maker.ended and friend.ended):
            assert time.monotonic() < deadline, f"the game did not end (ply {maker.ply}, {kills} kills)"
            table.poll()
            sent = send_if_mine(table, rng)
            if kills < KILLS and maker.ply >= next_kill and (sent or chance.random() < 0.3):
                time.sleep(chance.random() * 0.02)  # a move on its way, stored, or answered
                code, _err = server.stop(signal.SIGKILL)
                assert code == -signal.SIGKILL
                time.sleep(chance.random() * 0.5)
                server = Process(data, "--port", str(port))
                kills += 1
                next_kill = maker.ply + chance.randrange(1, 5)
            time.sleep(0.002)
        assert kills == KILLS
        stored = stored_moves(data)
        rules = catalogue.get(game_id).rules
        for game in table.games:
            moved = [e for e in table.of(game) if isinstance(e, Moved)]
            # every move once, in order, each following the one before: what the animations need
            assert [rules.move_json(e.move) for e in moved] == stored
            assert [e.before for e in moved[1:]] == [e.after for e in moved[:-1]]
            assert game.ended.check == ""  # the dice as committed to, the game replayed to its end
        assert public(maker) == public(friend) and public(maker)["over"]
    finally:
        table.close()
        code, err = server.stop()
    assert code == 0 and "Traceback" not in err


PLAYER = textwrap.dedent("""
    import json, random, sys, time
    from game.online import book, client
    entry = book.load()[0][0]
    game = client.OnlineGame.of(entry).start()
    rng = random.Random(int(sys.argv[1]))
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        game.poll()
        if game.my_turn and game.pending is None and not game.match.over:
            game.send(game.match.rules.random_move(game.match.state, rng))
            print("sent", game.ply, flush=True)
        time.sleep(0.001)
""")


def test_a_client_killed_mid_move_is_taken_up_again_from_my_online_games(tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("GAUSS_ARCADE_HOME", str(home))
    data = tmp_path / "data"
    server = Process(data)
    game_id = "gauss"
    try:
        friend_game, made = client.new_game(server.url, game_id)  # this seat plays here
        _mine, _joined = client.join_game(server.url, made["invite"])  # the other process's
        book.forget(friend_game.entry)  # the player's book holds only its own seat
        entries, problem = book.load()
        assert problem == "" and len(entries) == 1 and entries[0].secret != made["secret"]
        table = Table(friend_game.start())
        table.until(lambda: friend_game.ready and friend_game.friend_here, what="the friend seated")
        env = {**os.environ, "PYTHONPATH": str(ROOT), "GAUSS_ARCADE_HOME": str(home)}
        rng, chance = random.Random(7), random.Random()
        for round_ in range(3):
            player = subprocess.Popen([sys.executable, "-c", PLAYER, str(round_)], stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
            said: queue.Queue[str] = queue.Queue()
            threading.Thread(target=read_lines, args=(player.stdout, said), daemon=True).start()
            sends = chance.randrange(1, 4)
            try:
                deadline = time.monotonic() + PATIENCE * 2
                while sends and time.monotonic() < deadline:
                    table.poll()
                    send_if_mine(table, rng)
                    while not said.empty():
                        sends -= said.get().startswith("sent")
                    time.sleep(0.002)
                assert sends <= 0, "the player's process did not play"
                time.sleep(chance.random() * 0.02)  # its last move on the wire, stored, or answered
            finally:
                player.send_signal(signal.SIGKILL)
                _out, err = player.communicate(timeout=PATIENCE)
            assert "Traceback" not in err, err
        # the player comes back: the same seat from its book, on the game as the server has it
        back = OnlineGame.of(book.load()[0][0]).start()
        table.add(back)
        table.until(lambda: back.ready and back.ply == friend_game.ply, what="the player back")
        assert public(back) == public(friend_game)
        stored = stored_moves(data)
        assert len(stored) == friend_game.ply  # nothing lost, nothing played twice
        while not friend_game.match.over:
            send_if_mine(table, rng)
            table.poll()
            time.sleep(0.002)
        table.until(lambda: back.match.over and back.ply == friend_game.ply, what="the end")
        assert public(back) == public(friend_game)
    finally:
        if "table" in locals():
            table.close()
        code, err = server.stop()
    assert code == 0 and "Traceback" not in err
