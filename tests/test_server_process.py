"""The server as its command runs it (``python -m game.server``, a process of its own on
127.0.0.1): its options, and no accepted move lost when it is killed with SIGKILL while a
client keeps playing, restarted on the same data folder."""
from __future__ import annotations

import http.client as http_client
import json
import os
import random
import select
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

for _name in ("starlette", "uvicorn", "websockets"):
    pytest.importorskip(_name, reason=f"the server extra is not installed ({_name}): pip install '.[server]'")

from server_client import PATIENCE, http, pick  # noqa: E402

from game import catalogue  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
#: a game of the catalogue that ships (the process does not know the tests' sixth game)
GAME = catalogue.GAME_IDS[0]


class Process:
    """``python -m game.server --port 0 --data DATA``, its port read from its first line."""

    def __init__(self, data: Path, *args: str) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        command = [sys.executable, "-m", "game.server", "--port", "0", "--data", str(data), "--rate", "1000",
                   "--burst", "1000", *args]
        self.proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     cwd=ROOT, env=env)
        assert self.proc.stdout is not None
        ready, _, _ = select.select([self.proc.stdout], [], [], PATIENCE)
        assert ready, "the server printed nothing"
        line = self.proc.stdout.readline()
        assert "listening on http://127.0.0.1:" in line, (line, self.stop())
        self.url = line.split("listening on ")[1].split()[0]

    def stop(self, sig: int = signal.SIGTERM) -> tuple[int, str]:
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        try:
            _out, err = self.proc.communicate(timeout=PATIENCE)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            _out, err = self.proc.communicate(timeout=PATIENCE)
        return self.proc.returncode, err


def test_bad_options_and_an_unusable_data_folder_are_one_line_and_exit_2(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    for args in (["--port", "70000"], ["--rate", "0"], ["--data", str(blocker / "sub")],
                 ["--host", "nowhere.invalid"], ["--grace", "0"], ["--grace", "nan"],
                 ["--keep-days", "0.5"], ["--keep-days", "nan"], ["--keep-days", "-1"]):
        done = subprocess.run([sys.executable, "-m", "game.server", *args], capture_output=True, text=True,
                              cwd=ROOT, timeout=PATIENCE * 2, env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert done.returncode == 2, (args, done.stderr)
        assert "Traceback" not in done.stderr and done.stderr.startswith("gauss-arcade-server: "), done.stderr


def test_sigterm_stops_it_cleanly(tmp_path):
    server = Process(tmp_path / "data")
    status, answer = http("GET", server.url + "/")
    shipped = [g for g in catalogue.GAME_IDS if catalogue.get(g).root is None]  # not the tests' sixth game
    assert status == 200 and [g["id"] for g in answer["games"]] == shipped
    code, err = server.stop()
    assert code == 0 and "Traceback" not in err


def test_no_accepted_move_is_lost_when_the_server_is_killed(tmp_path):
    data = tmp_path / "data"
    server = Process(data)
    status, made = http("POST", server.url + "/games", {"game": GAME})
    status, joined = http("POST", server.url + "/join", {"invite": made["invite"]})
    assert status == 200
    secrets = {made["seat"]: made["secret"], joined["seat"]: joined["secret"]}
    rng = random.Random(3)
    accepted: list[dict] = []  # the moves the server answered "played"
    state = {"ply": 0, "state": http("GET", f"{server.url}/watch/{made['watch']}")[1]["state"]}
    stop = threading.Event()
    problems: list[str] = []  # what went wrong in the player's thread, for the assertion below

    def keep_playing(url):
        try:
            while not stop.is_set() and not state["state"]["over"]:
                move = pick(GAME, made["level"], state["state"], rng)
                body = {"secret": secrets[state["state"]["to_move"]], "ply": state["ply"], "move": move}
                try:
                    status, answer = http("POST", url + "/move", body)
                except (OSError, http_client.HTTPException, ValueError):  # the server went away mid-move
                    return
                if status != 200:
                    problems.append(f"refused: {answer}")
                    return
                accepted.append(answer["move"])
                state["ply"], state["state"] = answer["ply"], answer["state"]
        except Exception as exc:  # noqa: BLE001 - reported by the test itself
            problems.append(repr(exc))

    player = threading.Thread(target=keep_playing, args=(server.url,), daemon=True)
    player.start()
    deadline = time.monotonic() + PATIENCE
    enough = 10 + random.Random().randrange(20)
    while len(accepted) < enough and time.monotonic() < deadline and player.is_alive():
        time.sleep(0.005)
    code, _err = server.stop(signal.SIGKILL)  # mid-game, maybe mid-move
    assert code == -signal.SIGKILL
    player.join(PATIENCE)
    assert not player.is_alive() and problems == [] and len(accepted) >= 10, (problems, len(accepted))
    again = Process(data)
    try:
        status, look = http("GET", f"{again.url}/watch/{made['watch']}")
        assert status == 200
        # every move answered is there, in order; a move stored whose answer the kill cut off may follow
        assert look["ply"] in (len(accepted), len(accepted) + 1), (look["ply"], len(accepted))
        if look["ply"] == len(accepted):
            assert look["state"] == state["state"]
        db = sqlite3.connect(data / "games.sqlite3")
        try:
            stored = [json.loads(m) for (m,) in db.execute("SELECT move_json FROM moves ORDER BY ply")]
        finally:
            db.close()
        assert stored[:len(accepted)] == accepted
        # the game goes on from where the server says it is (a random game may have ended
        # before the kill came: then there is no move to make, as the server says)
        if not look["state"]["over"]:
            move = pick(GAME, made["level"], look["state"], rng)
            status, answer = http("POST", again.url + "/move", {"secret": secrets[look["state"]["to_move"]],
                                                                "ply": look["ply"], "move": move})
            assert status == 200 and answer["ply"] == look["ply"] + 1
        else:
            status, answer = http("POST", again.url + "/move", {"secret": secrets[made["seat"]],
                                                                "ply": look["ply"], "move": accepted[-1]})
            assert status != 200 and "over" in json.dumps(answer), (status, answer)
    finally:
        code, err = again.stop()
    assert code == 0 and "Traceback" not in err
    assert {p.name for p in data.iterdir()} <= {"games.sqlite3", "games.sqlite3-shm", "games.sqlite3-wal"}


def test_a_killed_server_gives_back_the_same_clocks(tmp_path):
    data = tmp_path / "data"
    server = Process(data)
    status, made = http("POST", server.url + "/games",
                        {"game": "sparks", "clock": {"initial": 600, "increment": 7}})
    status, joined = http("POST", server.url + "/join", {"invite": made["invite"]})
    assert status == 200
    secrets = {made["seat"]: made["secret"], joined["seat"]: joined["secret"]}
    rng = random.Random(8)
    look = http("GET", f"{server.url}/watch/{made['watch']}")[1]
    last = None
    for ply in range(5):
        time.sleep(0.05)
        move = pick("sparks", made["level"], look["state"], rng)
        status, last = http("POST", server.url + "/move", {"secret": secrets[look["state"]["to_move"]],
                                                           "ply": ply, "move": move})
        assert status == 200 and last["clocks"]["running"] == last["state"]["to_move"]
        look = last
    code, _err = server.stop(signal.SIGKILL)
    assert code == -signal.SIGKILL
    again = Process(data)
    try:
        status, back = http("GET", f"{again.url}/watch/{made['watch']}")
        assert status == 200 and back["ply"] == 5
        told, now = last["clocks"], back["clocks"]
        running = told["running"]
        assert now["running"] == running and now["clock"] == {"initial": 600, "increment": 7}
        waiting = next(p for p in told["left"] if p != running)
        assert now["left"][waiting] == told["left"][waiting]  # still: not its turn
        spent = (now["now"] - told["now"]) / 1000
        assert now["left"][running] == pytest.approx(told["left"][running] - spent, abs=0.01)
    finally:
        code, err = again.stop()
        assert code == 0 and "Traceback" not in err
