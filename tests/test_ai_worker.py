"""The computer thinks in a worker process: same moves as in the game's own process,
cancelled when asked, started again when it dies, never left behind."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import catalogue
from game.ai import Thinker
from game.ai.worker import ThinkerService
from game.content import levels

ROOT = Path(__file__).resolve().parent.parent


def position(game_id: str = "rush", seed: int = 3):
    record = catalogue.get(game_id)
    return record, record.rules.new(levels.load(game_id), seed=seed)


def wait_for(job, seconds: float = 30.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if job.step() is not None or job.failed:
            return job.move
        time.sleep(0.005)
    raise AssertionError("no answer from the worker")


def gone(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/status") as f:
            return "State:\tZ" in f.read()  # a zombie has exited
    except FileNotFoundError:
        return True


@pytest.fixture(scope="module")
def service():
    s = ThinkerService()
    s.start()
    yield s
    s.close()


def test_the_worker_plays_the_move_the_game_would_have_played(service):
    record, state = position("gauss")
    job = service.think(record.rules, state, "hard", seed=11, policy=record.policy, iterations=200)
    here = Thinker(record.rules, state, "hard", rng=11, iterations=200, policy=record.policy).result()
    assert wait_for(job) == here
    assert job.info["iterations"] == 200


def test_a_new_search_ends_the_one_under_way(service):
    record, state = position("sparks")
    slow = service.think(record.rules, state, "hard", seed=1, policy=record.policy, iterations=10 ** 7)
    time.sleep(0.2)
    record2, state2 = position("rush")
    quick = service.think(record2.rules, state2, "easy", seed=2, policy=record2.policy, iterations=50)
    t0 = time.monotonic()
    assert wait_for(quick) in record2.rules.legal_moves(state2)
    assert time.monotonic() - t0 < 5  # the worker left the long search at once
    assert slow.move is None and not slow.done


def test_a_cancelled_search_never_answers(service):
    record, state = position("rush")
    job = service.think(record.rules, state, "easy", seed=2, policy=record.policy, iterations=10 ** 7)
    job.cancel()
    time.sleep(0.2)
    assert job.step() is None and service.current is None


def test_a_worker_that_dies_is_started_again_and_asked_again():
    service = ThinkerService()
    try:
        record, state = position("rush")
        job = service.think(record.rules, state, "medium", seed=5, policy=record.policy, iterations=400)
        first = service.pid
        os.kill(first, signal.SIGKILL)
        move = wait_for(job)
        assert move in record.rules.legal_moves(state)
        assert service.pid != first and gone(first) and service.restarts == 0  # reset by the answer
    finally:
        service.close()


def test_close_leaves_no_process():
    service = ThinkerService()
    service.start()
    pid = service.pid
    service.close()
    assert gone(pid) and service.pid is None


def test_no_worker_outlives_a_killed_game(tmp_path):
    """The game's process killed (kill -9, a crash): its worker sees its pipe close."""
    script = tmp_path / "game.py"
    script.write_text(
        "import sys, time\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        "from game import catalogue\n"
        "from game.content import levels\n"
        "from game.ai.worker import ThinkerService\n"
        "if __name__ == '__main__':\n"
        "    r = catalogue.get('rush'); s = r.rules.new(levels.load('rush'), seed=1)\n"
        "    service = ThinkerService()\n"
        "    service.think(r.rules, s, 'hard', 1, r.policy, iterations=10 ** 8)\n"
        "    print(service.pid, flush=True)\n"
        "    time.sleep(60)\n")
    game = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    try:
        worker = int(game.stdout.readline())
        time.sleep(0.5)
        assert not gone(worker)
        game.kill()
        game.wait(5)
        end = time.monotonic() + 10
        while not gone(worker) and time.monotonic() < end:
            time.sleep(0.05)
        assert gone(worker)
    finally:
        game.kill()


def test_a_game_scene_plays_the_computer_from_the_worker():
    from game.app.app import Options
    from game.navigation import make_app
    from game.scenes.menus.seats import Seat

    app = make_app(Options(headless=True, ai_worker=True))
    try:
        app.start()
        assert app.ai is not None
        app.start_game("rush", seed=4, seats={"black": Seat("black", "easy"), "white": Seat("white", "easy")})
        game = app.stack.top
        game.autosave = False
        end = time.monotonic() + 30
        while len(game.history) < 3 and time.monotonic() < end:
            app.frame([], 1 / 60)
            time.sleep(0.002)
        assert len(game.history) >= 3
        assert all(type(t).__name__ == "RemoteThinker" for t in [game.thinker] if t is not None)
        pid = app.ai.pid
    finally:
        app.shutdown()
    assert gone(pid)
