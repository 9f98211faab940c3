"""``python main.py``: options, clean exits and clear errors."""
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parent.parent


def main(*args, timeout=60):
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout)


@pytest.mark.parametrize("args, words", [
    (["--bogus"], "unrecognized arguments"),
    (["--game", "chess"], "Unknown game 'chess'"),
    (["--game", "gauss", "--level", "huge"], "has no level 'huge'"),
    (["--seconds", "soon"], "invalid float value"),
    (["--size", "big"], "--size must look like"),
    (["--level", "small"], "--level needs --game"),
])
def test_bad_options_give_a_message_and_exit_2(args, words):
    done = main(*args)
    assert done.returncode == 2
    assert words in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


def test_headless_game_with_screenshot_quits_cleanly(tmp_path):
    shot = tmp_path / "shot.png"
    done = main("--headless", "--game", "gauss", "--level", "small", "--seed", "3", "--autoplay", "6",
                "--seconds", "0.5", "--screenshot", str(shot))
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 720)


def test_headless_title_screen_runs_and_quits():
    done = main("--headless", "--seconds", "0.3")
    assert done.returncode == 0, done.stderr


def test_bench_json_is_one_object_on_stdout():
    import json

    done = subprocess.run([sys.executable, "-m", "game.bench", "--json", "--quick", "--games", "gauss"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["engine"]["gauss"]["playouts_per_s"] > 0
    assert set(data["frames"]["gauss"]) >= {"median_ms", "p99_ms"}


def test_the_autosave_bench_writes_in_a_folder_of_its_own(monkeypatch, tmp_path):
    import os

    from game.tools import bench

    monkeypatch.setenv("GAUSS_ARCADE_HOME", str(tmp_path))
    figures = bench.autosave_ms("rush", moves=3)
    assert figures["moves"] == 3 and 0 < figures["median_ms"] <= figures["max_ms"]
    assert os.environ["GAUSS_ARCADE_HOME"] == str(tmp_path) and not any(tmp_path.iterdir())


def test_the_two_phone_bench_plays_with_thumbs_in_processes_of_their_own(monkeypatch, tmp_path):
    """The bench's phones are clients in processes of their own (as phones are machines of
    their own): they join through the hub on 127.0.0.1, tap, and stop with the bench."""
    from game.tools import bench

    monkeypatch.setenv("GAUSS_ARCADE_HOME", str(tmp_path))
    figures = bench.two_phone_frames("gauss", seconds=2.0)
    assert figures["taps_sent"] > 5 and figures["frames"] > 0
    assert figures["taps_in_the_next_frame"] is not None
    import multiprocessing

    assert not [p for p in multiprocessing.active_children() if p.name == "bench-thumb"]
