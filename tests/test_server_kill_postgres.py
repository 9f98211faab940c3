"""The kill tier on PostgreSQL (``-m postgres``): two server processes on one database, a
player on each; the maker's process is killed with SIGKILL at random moments of the game
(often just after a move was sent) and started again on its port. The maker's client
reconnects by itself, the friend's process keeps serving, and both clients see every move
once and in order, the moves stored being exactly theirs."""
from __future__ import annotations

import json
import os
import random
import select
import signal
import subprocess
import sys
import time

import pytest

for _name in ("starlette", "uvicorn", "websockets", "psycopg"):
    pytest.importorskip(_name, reason=f"the postgres extra is not installed ({_name}): "
                                      "pip install '.[postgres]'")

import test_server_postgres as pg  # noqa: E402
import test_server_process  # noqa: E402
from server_client import PATIENCE  # noqa: E402
from test_online import Table, public  # noqa: E402
from test_server_kill import KILLS, free_port, send_if_mine  # noqa: E402

from game import catalogue  # noqa: E402
from game.online import client  # noqa: E402
from game.online.client import Moved  # noqa: E402

pytestmark = pytest.mark.postgres
#: the throwaway PostgreSQL of the postgres tier, and a database of its own per test
cluster, database = pg.cluster, pg.database


class Process(test_server_process.Process):
    """``python -m game.server --database URL --port PORT`` (stopped as the SQLite tier's is)."""

    def __init__(self, url: str, port: int) -> None:  # no data folder: the database holds the games
        env = {**os.environ, "PYTHONPATH": str(pg.ROOT)}
        env.pop("GAUSS_ARCADE_DATABASE", None)
        command = [sys.executable, "-m", "game.server", "--port", str(port), "--database", url,
                   "--rate", "10000", "--burst", "10000"]
        self.proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     cwd=pg.ROOT, env=env)
        assert self.proc.stdout is not None
        ready, _, _ = select.select([self.proc.stdout], [], [], PATIENCE)
        assert ready, ("the server printed nothing", self.stop())
        line = self.proc.stdout.readline()
        assert f"listening on http://127.0.0.1:{port}" in line, (line, self.stop())
        self.url = f"http://127.0.0.1:{port}"


def test_a_process_killed_at_random_moments_loses_no_move_and_both_clients_resync(database):
    game_id = "gauss"
    port = free_port()
    killed, other = Process(database, port), Process(database, free_port())
    table = Table()
    try:
        maker, made = client.new_game(killed.url, game_id)
        friend, _joined = client.join_game(other.url, made["invite"])
        table.add(maker.start())
        table.add(friend.start())
        table.until(lambda: maker.ready and friend.ready and maker.friend_here and friend.friend_here,
                    what="both seated")
        rng, chance = random.Random(5), random.Random()
        kills, next_kill = 0, chance.randrange(2, 10)
        deadline = time.monotonic() + 150
        while not (maker.ended and friend.ended):
            assert time.monotonic() < deadline, f"the game did not end (ply {maker.ply}, {kills} kills)"
            table.poll()
            sent = send_if_mine(table, rng)
            if kills < KILLS and maker.ply >= next_kill and (sent or chance.random() < 0.3):
                time.sleep(chance.random() * 0.02)
                code, _err = killed.stop(signal.SIGKILL)
                assert code == -signal.SIGKILL
                time.sleep(chance.random() * 0.5)
                killed = Process(database, port)
                kills += 1
                next_kill = maker.ply + chance.randrange(2, 10)
            time.sleep(0.002)
        moves = [move for _ply, move in pg.stored(database, made["match"])]
        rules = catalogue.get(game_id).rules
        for game in table.games:
            seen = [e for e in table.of(game) if isinstance(e, Moved)]
            assert [rules.move_json(e.move) for e in seen] == [json.loads(m) for m in moves]
            assert [e.before for e in seen[1:]] == [e.after for e in seen[:-1]]
        assert public(maker) == public(friend) and public(maker)["over"]
    finally:
        table.close()
        for process in (killed, other):
            code, err = process.stop()
            assert code == 0 and "Traceback" not in err, err
