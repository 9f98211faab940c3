"""The kill tier (slow): the game is killed (SIGKILL, no goodbye) at random moments while
it plays and while it resumes; every move it reported as saved must be in the autosave,
which must always be a whole, loadable game."""
from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def start(mode: str, home: Path, game: str, seed: int) -> subprocess.Popen:
    env = {**os.environ, "GAUSS_ARCADE_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    return subprocess.Popen([sys.executable, str(HERE / "kill_driver.py"), mode, game, str(seed)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)


def kill_after(p: subprocess.Popen, seconds: float, in_resume: bool = False) -> tuple[int, bool]:
    """Kill ``p`` after ``seconds`` (counted from the moment it starts resuming, with
    ``in_resume``); the most moves it reported saved, and whether its game ended."""
    seen = []
    if in_resume:
        for line in p.stdout:
            seen.append(line)
            if line.strip() == "resuming":
                break
    time.sleep(seconds)
    p.send_signal(signal.SIGKILL)
    out, _ = p.communicate(timeout=30)
    words = "".join(seen).split() + out.split()
    assert "unsaved" not in words, "a move could not be autosaved"
    return max((int(x) for x in words if x.isdigit()), default=-1), "over" in words


def saved_moves(home: Path, game: str) -> int:
    path = home / "autosaves" / f"{game}.json"
    if not path.exists():
        return -1
    data = json.loads(path.read_text())  # a torn file would fail here
    from game.persistence.saves import parse

    return len(parse(data).moves)


@pytest.mark.slow
@pytest.mark.parametrize("game", ["gauss", "order"])
def test_no_move_is_ever_lost_to_a_kill_while_playing_or_resuming(tmp_path, game):
    rng = random.Random(7)
    home = tmp_path / game
    on_disk, kills, resumed = -1, 0, 0
    for round_ in range(16):
        mode = "resume" if on_disk >= 0 else "play"
        resumed += mode == "resume"
        p = start(mode, home, game, seed=round_ + 1)
        if mode == "resume" and round_ % 2:  # aimed at the resume itself: its first 50 ms
            reported, over = kill_after(p, rng.uniform(0.0, 0.05), in_resume=True)
        else:
            reported, over = kill_after(p, rng.uniform(0.3, 3.0))
        kills += 1
        before, on_disk = on_disk, saved_moves(home, game)
        if over:
            assert on_disk == -1  # a finished game leaves no autosave
            continue
        assert on_disk >= max(reported, before), (
            f"round {round_} ({mode}): {max(reported, before)} moves were saved, {on_disk} are on disk")
    assert kills == 16 and resumed >= 8


@pytest.mark.slow
def test_a_second_instance_killed_mid_write_costs_neither_instance_a_move(tmp_path):
    """Two instances on one home, each playing its own game (each start cleaning the
    temporaries it finds); the second is killed at random moments mid-write, and then
    the first: every move either reported saved is on disk, whole."""
    rng = random.Random(11)
    home = tmp_path / "two"
    on_disk = {"gauss": -1, "order": -1}
    for round_ in range(8):
        first, second = (start("resume" if on_disk[g] >= 0 else "play", home, g, seed=round_ + 1)
                         for g in ("gauss", "order"))
        reported, over = {}, {}
        reported["order"], over["order"] = kill_after(second, rng.uniform(0.3, 2.0))
        reported["gauss"], over["gauss"] = kill_after(first, rng.uniform(0.0, 0.5))
        for game in on_disk:
            before, on_disk[game] = on_disk[game], saved_moves(home, game)
            if over[game]:
                assert on_disk[game] == -1
                continue
            assert on_disk[game] >= max(reported[game], before), (round_, game, reported[game], on_disk[game])
    assert not list(home.rglob("*.bad-*"))
